"""The pure part of CoverageLab (no widgets): its settings, its draws and the exact coverage.

Many samples of g games, each game won with the same chance p, independently of the others;
from each sample's wins k both intervals (liarsdice.stats.intervals); the share of samples
whose interval covers p, per method, beside the exact coverage (stats.coverage: the chance,
before the games are played, that the interval will cover p).

- Settings, check_settings(rate, games, samples, seed, confidence): the lab's settings, checked
  against RATE_MIN..RATE_MAX, GAMES_MIN..GAMES_MAX, SAMPLES_MIN..SAMPLES_MAX, 0..SEED_MAX and
  CONFIDENCE_LEVELS.
- CoverageDraw, draw_coverage(rng, rate, games, samples, confidence): win counts drawn from a
  numpy Generator, both intervals of every sample and which of them cover the rate (any rate
  0..1, GAMES_MIN..GAMES_MAX games, 1..SAMPLES_MAX samples, a level strictly between 0 and 1).
- exact_coverage(rate, games, confidence): each method's exact coverage at one rate;
  coverage_by_rate(games, confidence) over RATE_GRID and coverage_by_games(rate, confidence)
  over GAMES_GRID (cached: they depend only on their arguments).
- share_intervals(draw): each method's covering share with its Wilson interval.
- summary_html(draw, exact, seed, draws): the numbers in words, in the language in force
  (liarsdice.i18n: looked up at each call), its decimals with the language's decimal sign.
  Its numbers go through liarsdice.i18n's format_count, format_general and format_percent.
- METHODS (stats.METHODS), Ends: the methods, and the type of a method's interval ends.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from numpy.typing import NDArray

from liarsdice import stats
from liarsdice.checks import check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_count, format_general, format_number, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.plots.coverage import METHOD_LABELS

METHODS = stats.METHODS  # ("wilson", "wald")
RATE_MIN, RATE_MAX = 0.01, 0.99  # the true win rates the slider offers
GAMES_MIN, GAMES_MAX = 1, 1000  # games per sample
SAMPLES_MIN, SAMPLES_MAX = 10, 10_000  # samples per draw
SEED_MAX = 2**32 - 1
CONFIDENCE_LEVELS = (0.8, 0.9, 0.95, 0.99)
# The rates of the coverage-by-p curve: the slider's range every 0.0001, fine enough to show
# the sawtooth's teeth (at 20 games Wilson's lowest point here is 0.894, near p = 0.028; on a
# grid a hundred times coarser it was 0.905, and on 99 rates 0.925). Lesson 07 uses this grid.
RATE_GRID = np.arange(round(RATE_MIN * 10_000), round(RATE_MAX * 10_000) + 1) / 10_000
# The numbers of games of the coverage-by-g curve: every g up to 50, where the curve jumps
# most, then about 40 steps evenly spaced on the log axis up to GAMES_MAX.
GAMES_GRID = np.union1d(np.arange(1, 51), np.geomspace(50, GAMES_MAX, 40).round().astype(int))

Ends = tuple[NDArray[np.float64], NDArray[np.float64]]  # the low ends and the high ends


@dataclass(frozen=True)
class Settings:
    """The lab's settings: true win rate, games per sample, samples, seed, confidence level."""

    rate: float
    games: int
    samples: int
    seed: int
    confidence: float


def _check_number(name: str, value: object, low: float, high: float, ends: bool = True) -> float:
    """Return `value` as a float if it is a number within low..high (ends included, or not
    with ends=False); else raise ArgumentTypeError (not a number) or ValueError, quoting it."""
    bounds = f"between {low:g} and {high:g}" + ("" if ends else " (not the ends)")
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating | np.integer):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected a number {bounds}")
    inside = low <= value <= high if ends else low < value < high  # NaN is never inside
    if not inside:
        raise ValueError(f"{name}={quote(value)}: expected a number {bounds}")
    return float(value)


def check_settings(
    rate: object, games: object, samples: object, seed: object, confidence: object
) -> Settings:
    """Return the settings if every one is within its limits; else raise ValueError (or
    ArgumentTypeError, also a ValueError, for a value of the wrong kind) quoting it."""
    level = _check_number("confidence", confidence, 0, 1, ends=False)
    if level not in CONFIDENCE_LEVELS:
        raise ValueError(f"confidence={quote(confidence)}: expected one of {CONFIDENCE_LEVELS}")
    return Settings(
        _check_number("rate", rate, RATE_MIN, RATE_MAX),
        check_integer("games", games, GAMES_MIN, GAMES_MAX),
        check_integer("samples", samples, SAMPLES_MIN, SAMPLES_MAX),
        check_integer("seed", seed, 0, SEED_MAX),
        level,
    )


@dataclass(frozen=True, eq=False)
class CoverageDraw:
    """Samples of `games` games won with chance `rate`, with each method's intervals."""

    rate: float
    games: int
    confidence: float
    wins: NDArray[np.int64]  # the wins k of each sample
    bounds: Mapping[str, Ends]  # method -> (low ends, high ends)
    covers: Mapping[str, NDArray[np.bool_]]  # method -> whether each sample's interval covers rate

    @property
    def samples(self) -> int:
        """Return the number of samples."""
        return len(self.wins)

    def covered(self, method: str) -> int:
        """Return how many samples' intervals of `method` cover the rate."""
        return int(self.covers[method].sum())

    def share(self, method: str) -> float:
        """Return the share of samples whose interval of `method` covers the rate."""
        return self.covered(method) / self.samples


def draw_coverage(
    rng: np.random.Generator, rate: float, games: int, samples: int, confidence: float = 0.95
) -> CoverageDraw:
    """Return `samples` win counts ~ Binomial(games, rate) drawn from `rng`, each sample's
    Wilson and Wald intervals (stats.intervals) and whether each covers `rate`."""
    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(
            f"rng={quote(rng)}: expected a numpy Generator, np.random.default_rng(seed)"
        )
    # Check everything before drawing: refused input leaves the Generator where it was.
    rate = _check_number("rate", rate, 0, 1)
    games = check_integer("games", games, GAMES_MIN, GAMES_MAX)
    samples = check_integer("samples", samples, 1, SAMPLES_MAX)
    confidence = _check_number("confidence", confidence, 0, 1, ends=False)
    wins = rng.binomial(games, rate, size=samples)
    bounds: dict[str, Ends] = {}
    covers: dict[str, NDArray[np.bool_]] = {}
    for method in METHODS:
        low, high = stats.intervals(wins, games, method, confidence)
        bounds[method] = (low, high)
        covers[method] = (low <= rate) & (rate <= high)  # stats.coverage counts the ends in
    return CoverageDraw(rate, games, confidence, wins, bounds, covers)


def exact_coverage(rate: float, games: int, confidence: float = 0.95) -> dict[str, float]:
    """Return, per method, the exact chance that the interval from `games` games covers `rate`."""
    return {m: float(stats.coverage(games, [rate], m, confidence)[0]) for m in METHODS}


def _frozen(curves: dict[str, NDArray[np.float64]]) -> Mapping[str, NDArray[np.float64]]:
    """Return the curves read-only (they are cached and shared)."""
    for curve in curves.values():
        curve.setflags(write=False)
    return MappingProxyType(curves)


@functools.lru_cache(maxsize=64)
def coverage_by_rate(games: int, confidence: float = 0.95) -> Mapping[str, NDArray[np.float64]]:
    """Return, per method, the exact coverage at each rate of RATE_GRID for `games` games."""
    step = max(1, stats.MAX_COVERAGE_CELLS // (games + 1))  # rates per call, within its limit
    return _frozen(
        {
            m: np.concatenate(
                [
                    stats.coverage(games, RATE_GRID[i : i + step], m, confidence)
                    for i in range(0, len(RATE_GRID), step)
                ]
            )
            for m in METHODS
        }
    )


@functools.lru_cache(maxsize=64)
def coverage_by_games(rate: float, confidence: float = 0.95) -> Mapping[str, NDArray[np.float64]]:
    """Return, per method, the exact coverage of `rate` for each number of games of GAMES_GRID."""
    return _frozen(
        {
            m: np.array([stats.coverage(int(g), [rate], m, confidence)[0] for g in GAMES_GRID])
            for m in METHODS
        }
    )


def share_intervals(draw: CoverageDraw) -> dict[str, tuple[float, float, float]]:
    """Return, per method, the covering share of the draw with its Wilson interval at the
    draw's confidence: (share, low, high); how far the share could be from the exact one."""
    covered = np.array([draw.covered(m) for m in METHODS])
    low, high = stats.intervals(covered, draw.samples, "wilson", draw.confidence)
    return {m: (draw.share(m), float(lo), float(hi)) for m, lo, hi in zip(METHODS, low, high)}


def _samples_of_games(draw: CoverageDraw, seed: int, draws: int) -> str:
    """Return the summary's first line: the draw, its seed and its settings."""
    n, p = draw.samples, draw.rate
    said = n_(
        "Draw {draw} from seed {seed}: {n} sample of {g} games at p = {p}, {level} intervals.",
        "Draw {draw} from seed {seed}: {n} samples of {g} games at p = {p}, {level} intervals.",
        n,
    )
    return said.format(
        draw=draws,
        seed=seed,
        n=format_count(n),
        g=draw.games,
        p=format_general(p),
        level=format_percent(draw.confidence, 0),
    )


def _method_line(draw: CoverageDraw, method: str, chance: float) -> str:
    """Return the summary's line of one method: its covering share beside the exact coverage
    and how far the share may stray from it."""
    n, share = draw.samples, draw.share(method)
    line = n_(
        "<b>{method}</b>: covered p in {covered} of {n} sample ({share}); exact coverage {exact}.",
        "<b>{method}</b>: covered p in {covered} of {n} samples ({share}); exact coverage {exact}.",
        n,
    ).format(
        method=METHOD_LABELS[method],
        covered=format_count(draw.covered(method)),
        n=format_count(n),
        share=format_percent(share, 1),
        exact=format_percent(chance, 1),
    )
    error = math.sqrt(chance * (1 - chance) / n)  # the standard error of the share
    if error > 1e-12:  # else the chance is 0 or 1 (up to rounding)
        strays = n_(
            "With {n} sample the share strays from the exact coverage by about {error} (one "
            "standard error); this draw is {z} standard errors away.",
            "With {n} samples the share strays from the exact coverage by about {error} (one "
            "standard error); this draw is {z} standard errors away.",
            n,
        )
        z = format_number(abs(share - chance) / error, 1)
        return f"{line} " + strays.format(n=format_count(n), error=format_percent(error, 1), z=z)
    return f"{line} " + _("Every sample's interval covers p, or none does: no draw can stray.")


def summary_html(draw: CoverageDraw, exact: Mapping[str, float], seed: int, draws: int) -> str:
    """Return, per method, the covering share of the draw beside the exact coverage, and the
    draw's zero-width Wald intervals, as HTML, in the language in force."""
    n, g, p = draw.samples, draw.games, draw.rate
    lines = [_samples_of_games(draw, seed, draws)]
    lines += [_method_line(draw, method, exact[method]) for method in METHODS]
    edges = int(((draw.wins == 0) | (draw.wins == g)).sum())
    chance = (1 - p) ** g + p**g  # P(k = 0) + P(k = g)
    wald = n_(
        "Wald's interval has zero width when k = 0 or k = {g} (here {edges} of {n} sample); "
        "that happens with chance {chance} and such an interval never covers a p strictly "
        "between 0 and 1.",
        "Wald's interval has zero width when k = 0 or k = {g} (here {edges} of {n} samples); "
        "that happens with chance {chance} and such an interval never covers a p strictly "
        "between 0 and 1.",
        n,
    )
    lines.append(
        wald.format(
            g=g, edges=format_count(edges), n=format_count(n), chance=format_percent(chance, 1)
        )
    )
    return "<div class='ld-summary'>" + "<br>".join(lines) + "</div>"
