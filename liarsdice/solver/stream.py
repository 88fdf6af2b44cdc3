"""CFR+ streamed level by level from disk: single rounds too large for memory (2 v 2 on six faces).

The game is SmallGame's single round (player 0 opens with any opening the rules allow, the
players alternate raising on the rules' ladder or challenging, the payoff at a challenge from a
table per bidder, bid and count), for any dice: two dice each on six faces has 24 bids, 2^24
bid histories and 352 million information states, too many for the in-memory solver. The
algorithm is CFRPlus's; only the storage differs.

The streamed solver's modules, each name importable from here as before:
- liarsdice.solver.stream_game: MAX_STREAM_STATES (10^9), MAX_STREAM_DICE (8),
  check_stream_size(dice, faces), and StreamGame(rules, dice=(2, 2), faces=6, payoff=None), the
  layout (a level's histories sorted by last bid, so every parent-child step is a contiguous
  slice); small_game() and rows_of(small) tie it to the in-memory SmallGame.
- liarsdice.solver.stream_solver: StreamSolver(game, folder, averaging=2.0, dtype="float32",
  restart=False): iterate(n), evaluate(), nash_conv(), checkpoint(), average_strategy() and
  current_strategy(); DTYPES, ALGORITHM.
- liarsdice.solver.stream_memory: MEMORY_BUDGET and memory_budget() (the arrays held in memory,
  16 GiB or half the machine's; the rest in np.memmap files in `folder`/live, so the page cache
  writes back at most the checkpoints), and the solver's LevelArrays and Workspace. The folder
  ('' and a file refused) must have room for the file-backed arrays and one checkpoint
  (checkpoint_bytes()), checked before anything is written.
- liarsdice.solver.stream_checkpoint: FORMAT, VERSION, the checkpoint folder (checkpoint.json
  and the ckpt-<iterations>/ folder it names), written atomically and refused when made for
  another game or settings, or corrupt; an option newer than the checkpoint reads as its
  default, so adding an option leaves a checkpoint resumable.
- liarsdice.solver.stream_results: Evaluation (a value with both best-response values:
  nash_conv, bounds), Report (one check of a run), StreamResult (a run's outcome, summary()),
  peak_rss().

This module: SECONDS_PER_STATE, and stream_solve(rules, dice, faces, folder=..., minutes=60,
...): run the solver for a time budget (refused up front when shorter than an iteration and a
check at SECONDS_PER_STATE, and checked before every iteration, the first included) with a
progress bar, a NashConv check every report_every iterations, a checkpoint every
checkpoint_minutes, and a final evaluation and checkpoint.

The bound. For a strategy profile sigma with best-response values br0 (player 0's, against
player 1's part) and br1, NashConv is e = br0 + br1, and the game's value v* lies in [-br1, br0]
(player 0 can get br0 against sigma's player 1, and sigma's player 0 guarantees -br1). That
interval has width e and also holds v(sigma), so |v(sigma) - v*| <= e.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence

from liarsdice.checks import check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_decimal_text, format_number
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules
from liarsdice.solver.checked import check_folder
from liarsdice.solver.stream_checkpoint import FORMAT, VERSION
from liarsdice.solver.stream_game import (
    MAX_STREAM_DICE,
    MAX_STREAM_STATES,
    Group,
    StreamGame,
    check_stream_size,
)
from liarsdice.solver.stream_memory import MEMORY_BUDGET, memory_budget
from liarsdice.solver.stream_results import Evaluation, Report, StreamResult, peak_rss
from liarsdice.solver.stream_solver import ALGORITHM, DTYPES, StreamSolver

__all__ = [
    "ALGORITHM",
    "DTYPES",
    "FORMAT",
    "MAX_STREAM_DICE",
    "MAX_STREAM_STATES",
    "MEMORY_BUDGET",
    "SECONDS_PER_STATE",
    "VERSION",
    "Evaluation",
    "Group",
    "Report",
    "StreamGame",
    "StreamResult",
    "StreamSolver",
    "check_stream_size",
    "memory_budget",
    "peak_rss",
    "stream_solve",
]

SECONDS_PER_STATE = 2e-9  # a fast machine's iteration time per information state (see _run)


def stream_solve(
    rules: Rules | str,
    dice: Sequence[int] = (2, 2),
    faces: int = 6,
    *,
    folder: str | os.PathLike[str],
    minutes: float = 60.0,
    max_iterations: int = MAX_ITERATIONS,
    report_every: int = 10,
    checkpoint_minutes: float = 10.0,
    tolerance: float = 0.0,
    averaging: float = 2.0,
    dtype: str = "float32",
    restart: bool = False,
    progress: bool = True,
    log: Callable[[str], object] | None = None,
) -> StreamResult:
    """Return the streamed solver's result after a time budget (resuming the folder's run).

    Args:
        rules, dice, faces: the game (StreamGame: at most MAX_STREAM_DICE dice in all and
            MAX_STREAM_STATES information states).
        folder: the checkpoint folder; its run is resumed unless restart=True.
        minutes: this run's budget, a number > 0: no iteration starts that would end past it
            (judged by the last iteration's time and the last check's).
        max_iterations: stop once the run has done this many in all, 1..MAX_ITERATIONS.
        report_every: iterations between NashConv checks, 1..MAX_ITERATIONS.
        checkpoint_minutes: minutes between checkpoints, a number > 0 (and one at the end).
        tolerance: stop once a check's NashConv is at most this, a number >= 0 (0: never).
        averaging, dtype, restart: as StreamSolver takes them.
        progress: True for a progress bar (tqdm, on stderr).
        log: where each check's line goes (None: above the progress bar, or print).
    """
    started = time.perf_counter()
    minutes = check_number("minutes", minutes, 0)
    if minutes <= 0:
        raise ValueError(f"minutes={quote(minutes)}: expected a number > 0")
    max_iterations = check_integer("max_iterations", max_iterations, 1, MAX_ITERATIONS)
    report_every = check_integer("report_every", report_every, 1, MAX_ITERATIONS)
    checkpoint_minutes = check_number("checkpoint_minutes", checkpoint_minutes, 0)
    if checkpoint_minutes <= 0:
        raise ValueError(f"checkpoint_minutes={quote(checkpoint_minutes)}: expected a number > 0")
    tolerance = check_number("tolerance", tolerance, 0)
    progress = check_flag("progress", progress)
    if log is not None and not callable(log):
        raise ArgumentTypeError(f"log={quote(log)}: expected None or a function of a str")
    folder = check_folder("folder", folder)
    game = StreamGame(rules, dice, faces)
    least = 2 * SECONDS_PER_STATE * game.n_information_states  # an iteration and the last check
    if 60.0 * minutes < least:
        raise ValueError(
            f"minutes={quote(minutes)}: too short for one iteration and the final check of "
            f"{game!r}, at least {least:.2g} s even on a fast machine; nothing was run"
        )
    solver = StreamSolver(game, folder, averaging=averaging, dtype=dtype, restart=restart)
    return _run(
        solver,
        started=started,
        budget=60.0 * minutes,
        max_iterations=max_iterations,
        report_every=report_every,
        checkpoint_seconds=60.0 * checkpoint_minutes,
        tolerance=tolerance,
        progress=progress,
        log=log,
    )


def _run(
    solver: StreamSolver,
    *,
    started: float,
    budget: float,
    max_iterations: int,
    report_every: int,
    checkpoint_seconds: float,
    tolerance: float,
    progress: bool,
    log: Callable[[str], object] | None,
) -> StreamResult:
    """Return the result of running a solver as stream_solve describes (checked arguments),
    its budget counted from `started` (a perf_counter time) and checked before every iteration
    (the first judged by SECONDS_PER_STATE); ValueError if it ran out before the first."""
    from tqdm.auto import tqdm

    last_checkpoint = time.perf_counter()
    first = solver.iterations
    step = check_seconds = SECONDS_PER_STATE * solver.game.n_information_states
    out_of_time = False
    evaluation: Evaluation | None = None
    bar = tqdm(
        total=max_iterations if max_iterations < MAX_ITERATIONS else None,  # else: time-bound
        initial=first,
        disable=not progress,
        desc="CFR+",
        unit="it",
        file=sys.stderr,
    )
    say = log if log is not None else (bar.write if progress else print)

    def check() -> Evaluation:
        nonlocal check_seconds
        t = time.perf_counter()
        result = solver.evaluate()
        check_seconds = time.perf_counter() - t
        solver.reports.append(
            Report(solver.iterations, solver.seconds, result.value, result.nash_conv)
        )
        say(
            _(
                "iteration {n}: NashConv {nash_conv}, value {value} ({solving} s solving in all, "
                "check {check} s, {run} s this run)"
            ).format(
                n=solver.iterations,
                nash_conv=format_decimal_text(f"{result.nash_conv:.3e}"),
                value=format_decimal_text(f"{result.value:+.6f}"),
                solving=format_number(solver.seconds, 0),
                check=format_number(check_seconds, 0),
                run=format_number(time.perf_counter() - started, 0),
            )
        )
        bar.set_postfix_str(f"NashConv {result.nash_conv:.2e}")
        return result

    with bar:
        while solver.iterations < max_iterations:
            elapsed = time.perf_counter() - started
            out_of_time = elapsed + step + check_seconds > budget
            if out_of_time:
                break
            t = time.perf_counter()
            solver.iterate(1)
            step = time.perf_counter() - t
            bar.update(1)
            evaluation = None
            if (solver.iterations - first) % report_every == 0:
                evaluation = check()
                if evaluation.nash_conv <= tolerance:
                    break
            if time.perf_counter() - last_checkpoint > checkpoint_seconds:
                solver.checkpoint()
                last_checkpoint = time.perf_counter()
        if out_of_time and solver.iterations == first:
            raise ValueError(
                f"minutes={budget / 60:.3g}: the budget ran out before the first iteration "
                f"(opening the solver took {time.perf_counter() - started:.2g} s); nothing was "
                "solved and no checkpoint written; give more minutes"
            )
        if evaluation is None:
            evaluation = check()
    path = solver.checkpoint()
    done = solver.iterations - first
    return StreamResult(
        game=solver.game,
        evaluation=evaluation,
        iterations=solver.iterations,
        seconds=solver.seconds,
        reports=tuple(solver.reports),
        seconds_per_iteration=(time.perf_counter() - started) / done if done else math.nan,
        peak_rss=peak_rss(),
        checkpoint=path,
    )
