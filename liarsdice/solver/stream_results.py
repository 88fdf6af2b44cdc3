"""What a streamed run reports: a strategy profile's values, its checks and its outcome.

- Evaluation(value, best_response): player 0's value and both best-response values; nash_conv
  (br0 + br1) and bounds ([-br1, br0], the interval that holds the game's value).
- Report(iterations, seconds, value, nash_conv): one NashConv check of a run.
- StreamResult: a run's outcome (game, evaluation, iterations, seconds, reports, the run's time
  per iteration, peak memory, checkpoint); value, nash_conv and summary().
- peak_rss(): this process's peak resident memory in bytes (0 where the OS does not say).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from liarsdice.i18n import format_decimal_text, format_number
from liarsdice.i18n import translate as _
from liarsdice.solver.stream_game import StreamGame


@dataclass(frozen=True)
class Evaluation:
    """A strategy profile evaluated: player 0's value and each player's best-response value."""

    value: float  # the first player's expected payoff
    best_response: tuple[float, float]  # each player's payoff best-responding to the other

    @property
    def nash_conv(self) -> float:
        """Return NashConv, br0 + br1: 0 at an equilibrium, and |value - game value| <= it."""
        return self.best_response[0] + self.best_response[1]

    @property
    def bounds(self) -> tuple[float, float]:
        """Return [-br1, br0], the interval that holds the game's value (width NashConv)."""
        return -self.best_response[1], self.best_response[0]


@dataclass(frozen=True)
class Report:
    """One NashConv check of a run: after `iterations`, `seconds` of solving in all."""

    iterations: int
    seconds: float
    value: float
    nash_conv: float


@dataclass(frozen=True)
class StreamResult:
    """A streamed run: the average strategy's value with its NashConv bound, and its checks."""

    game: StreamGame
    evaluation: Evaluation
    iterations: int
    seconds: float  # solving time in all, over every resumed run
    reports: tuple[Report, ...]
    seconds_per_iteration: float  # this run's wall time per iteration, checks included
    peak_rss: int  # this process's peak resident memory in bytes (0 where unknown)
    checkpoint: Path

    @property
    def value(self) -> float:
        """Return the first player's expected payoff under the average strategy."""
        return self.evaluation.value

    @property
    def nash_conv(self) -> float:
        """Return the average strategy's NashConv (|value - game value| <= NashConv)."""
        return self.evaluation.nash_conv

    def summary(self) -> str:
        """Return the result in a few lines: the value with its bound, and the run's figures
        (in the language in force: liarsdice.i18n)."""
        ev = self.evaluation
        low, high = ev.bounds
        lines = [
            f"{self.game!r}",
            _(
                "{n} iterations, {seconds} s of solving in all; {per} s per iteration in this "
                "run (checks included)"
            ).format(
                n=self.iterations,
                seconds=format_number(self.seconds, 0),
                per=format_number(self.seconds_per_iteration, 2),
            ),
            _("value    = {value} for the opener (the average strategy's)").format(
                value=format_decimal_text(f"{ev.value:+.6f}")
            ),
            _(
                "NashConv = {nash_conv}: the game's value is {value} +- {nash_conv}; it lies in "
                "[{low}, {high}]"
            ).format(
                nash_conv=format_decimal_text(f"{ev.nash_conv:.3e}"),
                value=format_decimal_text(f"{ev.value:+.6f}"),
                low=format_decimal_text(f"{low:+.6f}"),
                high=format_decimal_text(f"{high:+.6f}"),
            ),
            _("checkpoint {path}").format(path=self.checkpoint),
        ]
        if self.peak_rss:
            gib = format_number(self.peak_rss / 2**30, 2)
            lines.append(_("peak RSS {gib} GiB").format(gib=gib))
        return "\n".join(lines)


def peak_rss() -> int:
    """Return this process's peak resident memory in bytes (0 where the OS does not say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)
