"""Intervals for a win rate (k wins in n games), one at a time or a thousand at once, and how
often they cover the true rate (scipy.stats; liarsdice.stats re-exports every name).

- wilson_interval(wins, games, confidence=0.95): the Wilson score interval
  (scipy.stats.binomtest(...).proportion_ci(method="wilson")); (0, 1) for no games.
- wald_interval(wins, games, confidence=0.95): p +- z sqrt(p(1-p)/n), clipped to [0, 1].
- intervals(wins, games, method="wilson", confidence=0.95): the low and high arrays for many
  win counts at once (the Wilson formula written out, equal to binomtest's interval).
- coverage(games, shares, method="wilson", confidence=0.95): the exact chance that the interval
  from `games` games covers each true rate in `shares`.
- METHODS: the interval methods, "wilson" and "wald".
- MAX_COVERAGE_CELLS: coverage's limit on rates x (games + 1).
- z_score(confidence): the normal quantile of a two-sided confidence level (unchecked).
- standard_error(p, n): sqrt(p(1 - p)/n), the spread of a share over n trials (unchecked;
  floats or arrays), which sampling's band and standard errors use too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_choice, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.stats_inputs import (
    MAX_CELLS_COMPUTED,
    MAX_COUNT,
    Numbers,
    check_confidence,
    check_numbers,
    check_wins,
)

METHODS = ("wilson", "wald")
MAX_COVERAGE_CELLS = 250_000  # coverage's rates x (games + 1): scipy's pmf, ~1 s at the limit


def z_score(confidence: float) -> float:
    """Return z with P(-z < Z < z) = confidence for a standard normal Z (confidence unchecked)."""
    from scipy import stats

    return float(stats.norm.ppf(0.5 + confidence / 2))


@overload
def standard_error(p: float, n: float) -> float: ...
@overload
def standard_error(
    p: float | NDArray[np.float64], n: NDArray[np.float64]
) -> NDArray[np.float64]: ...
@overload
def standard_error(
    p: NDArray[np.float64], n: float | NDArray[np.float64]
) -> NDArray[np.float64]: ...
def standard_error(
    p: float | NDArray[np.float64], n: float | NDArray[np.float64]
) -> float | NDArray[np.float64]:
    """Return sqrt(p(1 - p)/n): the standard error of a share with chance p over n trials
    (p and n unchecked: floats or arrays)."""
    spread: float | NDArray[np.float64] = np.sqrt(p * (1 - p) / n)
    return spread


def _interval(wins: int, games: int, confidence: float, method: str) -> tuple[float, float]:
    """Return the (low, high) interval of one win rate by `method`; (0, 1) for no games."""
    wins, games = check_wins(wins, games)
    level = check_confidence(confidence)
    if games == 0:
        return (0.0, 1.0)
    if method == "wilson":
        from scipy import stats

        low, high = stats.binomtest(wins, games).proportion_ci(level, method="wilson")
        return (float(low), float(high))
    p = wins / games
    half = z_score(level) * float(standard_error(p, games))
    return (max(0.0, p - half), min(1.0, p + half))


def wilson_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) of a win rate; (0, 1) for no games.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); confidence
    MIN_CONFIDENCE..MAX_CONFIDENCE (0.5..0.999999).
    """
    return _interval(wins, games, confidence, "wilson")


def wald_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wald interval p +- z sqrt(p(1 - p)/n), clipped to [0, 1]; (0, 1) for no games.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); confidence
    MIN_CONFIDENCE..MAX_CONFIDENCE (0.5..0.999999).
    """
    return _interval(wins, games, confidence, "wald")


def intervals(
    wins: Sequence[int] | NDArray[np.integer[Any]],
    games: int,
    method: str = "wilson",
    confidence: float = 0.95,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return the (low, high) arrays of the 95% (or `confidence`) intervals of many win counts
    out of the same number of games, by the Wilson or the Wald formula.

    Limits: games 1..MAX_COUNT; wins a 1-D sequence of integers 0..games (at most
    MAX_CELLS_COMPUTED of them); method "wilson" or "wald"; confidence
    MIN_CONFIDENCE..MAX_CONFIDENCE (0.5..0.999999).
    """
    games = check_integer("games", games, 1, MAX_COUNT)
    level = check_confidence(confidence)
    method = check_choice("method", method, METHODS)
    expected = f"whole numbers of wins in 0..{games}"
    if isinstance(wins, str | bytes):
        raise ArgumentTypeError(f"wins={quote(wins)}: expected {expected}")
    try:
        k = np.asarray(wins)
    except (ValueError, TypeError):
        raise ArgumentTypeError(f"wins={quote(wins)}: expected {expected}") from None
    if k.ndim != 1 or not np.issubdtype(k.dtype, np.integer):
        raise ArgumentTypeError(f"wins={quote(wins)}: expected {expected}")
    if len(k) > MAX_CELLS_COMPUTED:
        raise ValueError(f"wins={quote(wins)}: more than {MAX_CELLS_COMPUTED:,} win counts")
    if (k < 0).any() or (k > games).any():
        raise ValueError(f"wins={quote(wins)}: expected {expected}")
    z = z_score(level)
    rate = k / games
    if method == "wald":
        half = z * standard_error(rate, games)
        return np.clip(rate - half, 0, 1), np.clip(rate + half, 0, 1)
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * np.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    # At 0 or all wins the Wilson interval ends exactly at 0 or 1; rounding must not move it.
    low = np.where(k == 0, 0.0, np.clip(centre - half, 0, 1))
    high = np.where(k == games, 1.0, np.clip(centre + half, 0, 1))
    return low, high


def coverage(
    games: int, shares: Numbers, method: str = "wilson", confidence: float = 0.95
) -> NDArray[np.float64]:
    """Return, for each true win rate in `shares`, the exact chance that the interval from
    `games` games covers it: the sum of P(k wins) over the k whose interval holds the rate.

    Limits: games 1..MAX_COUNT and len(shares) x (games + 1) at most MAX_COVERAGE_CELLS;
    shares finite win rates in [0, 1]; method and confidence as in intervals.
    """
    from scipy import stats

    games = check_integer("games", games, 1, MAX_COUNT)
    rates = check_numbers("shares", shares).astype(float)
    if not ((rates >= 0) & (rates <= 1)).all():
        raise ValueError(f"shares={quote(shares)}: expected win rates between 0 and 1")
    if len(rates) * (games + 1) > MAX_COVERAGE_CELLS:
        raise ValueError(
            f"games={quote(games)}, shares={quote(shares)}: {len(rates)} rates x "
            f"{games + 1:,} win counts, more than MAX_COVERAGE_CELLS = {MAX_COVERAGE_CELLS:,}"
        )
    low, high = intervals(np.arange(games + 1), games, method, confidence)
    if (np.diff(low) >= 0).all() and (np.diff(high) >= 0).all():
        # Both ends rise with k, so the k whose interval holds a rate run from the first whose
        # high end reaches it to the last whose low end does: a difference of two CDFs.
        last = np.searchsorted(low, rates, side="right") - 1
        first = np.searchsorted(high, rates, side="left")
        between = stats.binom.cdf(last, games, rates) - stats.binom.cdf(first - 1, games, rates)
        return np.where(last >= first, np.maximum(between, 0.0), 0.0)
    chances: NDArray[np.float64] = stats.binom.pmf(
        np.arange(games + 1)[None, :], games, rates[:, None]
    )
    covers = (low[None, :] <= rates[:, None]) & (rates[:, None] <= high[None, :])
    covered: NDArray[np.float64] = (chances * covers).sum(axis=1)
    return covered
