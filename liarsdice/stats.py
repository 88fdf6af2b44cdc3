"""Intervals and tests in the game's terms: win rates of bots, tallies of faces (scipy.stats).

Win rates (k wins in n games):
- wilson_interval(wins, games, confidence=0.95): the Wilson score interval
  (scipy.stats.binomtest(...).proportion_ci(method="wilson")); (0, 1) for no games.
- wald_interval(wins, games, confidence=0.95): p +- z sqrt(p(1-p)/n), clipped to [0, 1]; the
  textbook interval whose coverage fails near 0 and 1 (CoverageLab shows it).
- intervals(wins, games, method="wilson", confidence=0.95): the same for an array of win counts
  at once (low and high arrays; the Wilson formula written out, equal to binomtest's interval,
  so that CoverageLab builds a thousand of them in a millisecond).
- coverage(games, shares, method="wilson", confidence=0.95): the exact chance that the interval
  from `games` games covers the true win rate, for each rate in `shares` (a sum over every
  number of wins, not a simulation).
- binomial_test(wins, games, share=1/2, alternative="greater"): the exact p-value of k wins
  or more (or fewer, or either way) if each game is won with chance `share`.
- two_proportion_test(wins_a, games_a, wins_b, games_b, alternative="two-sided"): do two win
  rates differ? The pooled two-proportion z-test: z, its p-value and the difference.
- permutation_test(a, b, n_resamples, rng): the same question without the normal
  approximation: the difference in mean between two samples (0/1 outcomes, or any numbers)
  against its distribution when the labels are shuffled (scipy.stats.permutation_test: every
  relabelling when there are at most n_resamples, a seeded sample otherwise; two-sided is twice
  the smaller one-sided p-value).
- bonferroni(p_values, alpha=0.05): which of several comparisons stay significant when the
  chance of any false alarm is held to alpha.

The normal approximation of a count (n dice, each matching with chance p):
- normal_approximation(n, p): P(X >= k) for k = 0..n by the normal curve with the continuity
  correction, beside the exact binomial tails, and the largest error and where it falls.

Tallies of faces:
- pool_cells(observed, expected, min_expected=5): adjacent cells merged, from the tails
  inwards, until every expected count is at least min_expected (the chi-square test's rule).
- chi_square_fit(observed, probabilities, min_expected=5, simulate=None, rng=None, exact=False):
  the chi-square goodness-of-fit test of observed counts against exact probabilities, cells
  pooled; simulate=N adds a Monte Carlo p-value from N seeded samples and exact=True the exact
  one over every possible tally (for small expected counts, where the chi-square curve is poor).

Every p-value here is one number in [0, 1]; bad input raises ValueError quoting it (an
ArgumentTypeError, both a TypeError and a ValueError, for a wrong kind: text, a bool, None).

Limits (past them a call is refused at once): wins and games 0..MAX_COUNT (10**9); coverage
at most MAX_COVERAGE_CELLS (250,000) rates x (games + 1); normal_approximation n 1..10**6;
permutation_test n_resamples 1..10**6 and n_resamples x (len(a) + len(b)) at most
MAX_CELLS_COMPUTED; pool_cells and chi_square_fit at most MAX_CELLS (1,000) cells and
chi_square_fit at most MAX_COUNT observations, chances 0 or at least MIN_CHANCE (1e-200),
simulate 1..10**6 with simulate x cells at most MAX_CELLS_COMPUTED, exact=True at most
EXACT_TALLIES (200,000) tallies. Confidence levels, shares, rates and p-values must be finite
numbers (NaN refused). A confidence level lies in MIN_CONFIDENCE..MAX_CONFIDENCE (0.5 to
0.999999: a resolution of 1e-6 near 1, since past six nines the normal quantile z grows without
meaning and at 0.9999999999999999, 1 - 1.1e-16, it is infinite). The numbers of a sample or
tally have magnitude at most MAX_MAGNITUDE (1e300), so that their sums and differences stay
finite; bonferroni takes at most MAX_CELLS_COMPUTED p-values.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import (
    check_choice,
    check_flag,
    check_integer,
    check_number,
    check_probability,
    quote,
)
from liarsdice.errors import ArgumentTypeError

ALTERNATIVES = ("two-sided", "greater", "less")
MAX_COUNT = 10**9  # the most wins, games or observations in one call
MAX_CELLS = 1_000  # the most cells of a tally (pool_cells merges in about cells^2 steps)
MAX_CELLS_COMPUTED = 1_000_000  # the most numbers one call computes at once (8 MB of floats)
MAX_COVERAGE_CELLS = 250_000  # coverage's rates x (games + 1): scipy's pmf, ~1 s at the limit
MIN_CONFIDENCE = 0.5  # the lowest confidence level: z = 0.67
MAX_CONFIDENCE = 0.999_999  # the highest: z = 4.89; at 1 - 1e-16 z would be infinite
MAX_MAGNITUDE = 1e300  # the largest |number| in a sample: sums of 10**6 of them stay finite
MIN_CHANCE = 1e-200  # chi_square_fit's smallest nonzero chance: the statistic stays finite

# What the functions taking many numbers accept: a sequence, or a numpy array of them.
Numbers = Sequence[float] | NDArray[np.floating[Any]] | NDArray[np.integer[Any]]
Counts = Sequence[int] | NDArray[np.integer[Any]] | NDArray[np.floating[Any]]  # whole numbers


def _check_wins(wins: object, games: object) -> tuple[int, int]:
    """Return wins and games as ints with 0 <= wins <= games <= MAX_COUNT; else raise
    ValueError (ArgumentTypeError for a wrong kind) quoting them."""
    games = check_integer("games", games, 0, MAX_COUNT)
    wins = check_integer("wins", wins, 0, games)
    return wins, games


def _check_open(name: str, value: object) -> float:
    """Return a chance strictly between 0 and 1 as a float; else raise quoting it."""
    number = check_number(name, value, 0, 1)
    if not 0 < number < 1:
        raise ValueError(f"{name}={quote(value)}: expected a number strictly between 0 and 1")
    return number


def _check_level(confidence: object) -> float:
    """Return the confidence level as a float in MIN_CONFIDENCE..MAX_CONFIDENCE; else raise."""
    return check_number("confidence", confidence, MIN_CONFIDENCE, MAX_CONFIDENCE)


def _check_array(
    name: str, values: object, kinds: str = "iuf"
) -> NDArray[np.integer[Any] | np.floating[Any] | np.bool_]:
    """Return `values` as a 1-D array of at most MAX_CELLS_COMPUTED finite numbers of magnitude
    at most MAX_MAGNITUDE (numpy kinds `kinds`: integers, floats, bools with "b"); text, None,
    nested or ragged lists raise ArgumentTypeError quoting them."""
    expected = "a sequence of numbers"
    if isinstance(values, str | bytes):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    if hasattr(values, "__len__") and len(values) > MAX_CELLS_COMPUTED:  # before converting
        raise ValueError(f"{name}={quote(values)}: more than {MAX_CELLS_COMPUTED:,} numbers")
    try:
        array = np.asarray(values)
    except (ValueError, TypeError):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}") from None
    if (
        array.dtype == object
        and array.ndim == 1
        and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in array.tolist())
    ):
        try:  # Fractions, huge ints: as floats (an int past 1e308 is refused below)
            array = np.array([check_number(name, v) for v in array.tolist()], dtype=float)
        except ValueError:
            raise ValueError(f"{name}={quote(values)}: expected finite numbers") from None
    if array.ndim != 1 or array.dtype.kind not in kinds:
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        raise ValueError(f"{name}={quote(values)}: expected finite numbers (no NaN or infinity)")
    if array.dtype.kind in "iuf" and len(array) and np.abs(array).max() > MAX_MAGNITUDE:
        raise ValueError(
            f"{name}={quote(values)}: expected numbers of magnitude at most "
            f"MAX_MAGNITUDE = {MAX_MAGNITUDE:g} (their sums must stay finite)"
        )
    return array


def wilson_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) of a win rate; (0, 1) for no games.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); confidence
    MIN_CONFIDENCE..MAX_CONFIDENCE (0.5..0.999999).
    """
    from scipy import stats

    wins, games = _check_wins(wins, games)
    level = _check_level(confidence)
    if games == 0:
        return (0.0, 1.0)
    low, high = stats.binomtest(wins, games).proportion_ci(level, method="wilson")
    return (float(low), float(high))


def wald_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wald interval p +- z sqrt(p(1 - p)/n), clipped to [0, 1]; (0, 1) for no games.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); confidence
    MIN_CONFIDENCE..MAX_CONFIDENCE (0.5..0.999999).
    """
    from scipy import stats

    wins, games = _check_wins(wins, games)
    level = _check_level(confidence)
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    half = float(stats.norm.ppf(0.5 + level / 2)) * math.sqrt(p * (1 - p) / games)
    return (max(0.0, p - half), min(1.0, p + half))


METHODS = ("wilson", "wald")


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
    from scipy import stats

    games = check_integer("games", games, 1, MAX_COUNT)
    level = _check_level(confidence)
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
    z = float(stats.norm.ppf(0.5 + level / 2))
    rate = k / games
    if method == "wald":
        half = z * np.sqrt(rate * (1 - rate) / games)
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
    rates = _check_array("shares", shares).astype(float)
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


@dataclass(frozen=True)
class NormalApproximation:
    """P(X >= k), k = 0..n, exact and by the normal curve (continuity-corrected)."""

    n: int
    p: float
    exact: NDArray[np.float64]
    normal: NDArray[np.float64]
    largest_error: float  # max over k of |normal - exact|
    at: int  # the k where it falls


def normal_approximation(n: int, p: float) -> NormalApproximation:
    """Return the tails P(X >= k) of a Binomial(n, p) count beside the normal curve's, with
    the continuity correction: P(X >= k) ~ 1 - Phi((k - 1/2 - np) / sqrt(np(1 - p))).

    Limits: n 1..10**6 dice; p a finite number strictly between 0 and 1.
    """
    from scipy import stats

    n = check_integer("n", n, 1, 10**6)
    p = _check_open("p", p)
    k = np.arange(n + 1)
    exact = np.clip(stats.binom.sf(k - 1, n, p), 0.0, 1.0)
    normal = stats.norm.sf(k - 0.5, loc=n * p, scale=math.sqrt(n * p * (1 - p)))
    errors = np.abs(normal - exact)
    at = int(errors.argmax())
    return NormalApproximation(n, float(p), exact, normal, float(errors[at]), at)


def _check_alternative(alternative: object) -> str:
    """Return the alternative if it is one of ALTERNATIVES; else raise ValueError."""
    return check_choice("alternative", alternative, ALTERNATIVES)


def binomial_test(wins: int, games: int, share: float = 0.5, alternative: str = "greater") -> float:
    """Return the exact binomial p-value of `wins` in `games` if each is won with chance share.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); share a finite number strictly
    between 0 and 1; alternative one of ALTERNATIVES.
    """
    from scipy import stats

    wins, games = _check_wins(wins, games)
    share = _check_open("share", share)
    alternative = _check_alternative(alternative)
    if games == 0:
        return 1.0
    result = stats.binomtest(wins, games, share, alternative)
    return min(1.0, max(0.0, float(result.pvalue)))


@dataclass(frozen=True)
class Comparison:
    """A test of two rates: the difference (a - b), the test statistic and its p-value."""

    difference: float
    statistic: float
    p_value: float
    method: str


def two_proportion_test(
    wins_a: int, games_a: int, wins_b: int, games_b: int, alternative: str = "two-sided"
) -> Comparison:
    """Return the pooled two-proportion z-test of rate a against rate b.

    Limits: games 1..MAX_COUNT and wins 0..games on each side (integers); alternative one of
    ALTERNATIVES.
    """
    from scipy import stats

    wins_a, games_a = _check_wins(wins_a, games_a)
    wins_b, games_b = _check_wins(wins_b, games_b)
    for name, value in (("games_a", games_a), ("games_b", games_b)):
        check_integer(name, value, 1, MAX_COUNT)  # each side needs at least one game
    alternative = _check_alternative(alternative)
    a, b = wins_a / games_a, wins_b / games_b
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    if spread == 0:  # every game won, or none, on both sides: no evidence of a difference
        return Comparison(a - b, 0.0, 1.0, "two-proportion z-test")
    z = (a - b) / spread
    if alternative == "greater":
        p = float(stats.norm.sf(z))
    elif alternative == "less":
        p = float(stats.norm.cdf(z))
    else:
        p = float(2 * stats.norm.sf(abs(z)))
    return Comparison(a - b, z, min(1.0, p), "two-proportion z-test")


def permutation_test(
    a: Numbers,
    b: Numbers,
    n_resamples: int = 9999,
    rng: np.random.Generator | None = None,
    alternative: str = "two-sided",
) -> Comparison:
    """Return the permutation test of mean(a) - mean(b) (outcomes such as 0/1 wins).

    Limits: a and b sequences of two or more finite numbers of magnitude at most
    MAX_MAGNITUDE (or True/False outcomes);
    n_resamples 1..10**6 with n_resamples x (len(a) + len(b)) at most MAX_CELLS_COMPUTED;
    rng a numpy Generator; alternative one of ALTERNATIVES.
    """
    from scipy import stats

    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(
            f"rng={quote(rng)}: expected a numpy Generator, np.random.default_rng(seed)"
        )
    first = _check_array("a", a, "iufb").astype(float)
    second = _check_array("b", b, "iufb").astype(float)
    for name, sample, given in (("a", first, a), ("b", second, b)):
        if len(sample) < 2:
            raise ValueError(f"{name}={quote(given)}: permutation_test needs two or more outcomes")
    n_resamples = check_integer("n_resamples", n_resamples, 1, 10**6)
    alternative = _check_alternative(alternative)
    size = len(first) + len(second)
    if n_resamples * size > MAX_CELLS_COMPUTED:
        raise ValueError(
            f"n_resamples={quote(n_resamples)}: {n_resamples:,} resamples of {size:,} outcomes, "
            f"more than MAX_CELLS_COMPUTED = {MAX_CELLS_COMPUTED:,}"
        )
    result = stats.permutation_test(
        (first, second),
        lambda x, y, axis: np.mean(x, axis=axis) - np.mean(y, axis=axis),
        n_resamples=n_resamples,
        alternative=alternative,
        random_state=rng,
        vectorized=True,
        batch=max(1, 1_000_000 // size),  # resamples at once: a few MB, whatever the sizes
    )
    return Comparison(
        float(first.mean() - second.mean()), float(result.statistic),
        float(min(1.0, result.pvalue)), "permutation test",
    )  # fmt: skip


def bonferroni(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Return, per p-value, whether it stays significant at alpha / (number of comparisons).

    Limits: p_values a non-empty sequence of at most MAX_CELLS_COMPUTED numbers in [0, 1] (no
    NaN, text or bools); alpha a number in [0, 1].
    """
    alpha = check_number("alpha", alpha, 0, 1)
    expected = "a non-empty sequence of p-values between 0 and 1"
    if isinstance(p_values, str | bytes) or not hasattr(p_values, "__iter__"):
        raise ArgumentTypeError(f"p_values={quote(p_values)}: expected {expected}")
    try:
        # one past the limit, so that an endless iterator is refused too
        values = [
            float(check_probability("p_values", p))
            for p in itertools.islice(p_values, MAX_CELLS_COMPUTED + 1)
        ]
    except ValueError as error:
        raise type(error)(f"p_values={quote(p_values)}: expected {expected}") from None
    if len(values) > MAX_CELLS_COMPUTED:
        raise ValueError(f"p_values={quote(p_values)}: more than {MAX_CELLS_COMPUTED:,} p-values")
    if not values:
        raise ValueError(f"p_values={quote(p_values)}: expected {expected}")
    return [p < alpha / len(values) for p in values]


# ----- tallies -------------------------------------------------------------------------------


def pool_cells(
    observed: Numbers, expected: Numbers, min_expected: float = 5
) -> tuple[NDArray[np.float64], NDArray[np.float64], list[tuple[int, int]]]:
    """Return observed and expected counts with adjacent cells merged from both tails inwards
    until each expected count is at least min_expected, and the (first, last) cell of each.

    Limits: observed and expected 1..MAX_CELLS cells each, the same number, finite numbers >= 0
    of at most MAX_MAGNITUDE;
    min_expected a finite number >= 0.
    """
    obs = _check_array("observed", observed).astype(float)
    exp = _check_array("expected", expected).astype(float)
    min_expected = check_number("min_expected", min_expected, low=0)
    if obs.shape != exp.shape or not len(obs):
        raise ValueError(
            f"observed={quote(observed)}, expected={quote(expected)}: pool_cells needs the same "
            "number of cells in both"
        )
    if len(obs) > MAX_CELLS:
        raise ValueError(f"observed={quote(observed)}: more than MAX_CELLS = {MAX_CELLS:,} cells")
    for name, values, given in (("observed", obs, observed), ("expected", exp, expected)):
        if (values < 0).any():
            raise ValueError(f"{name}={quote(given)}: expected numbers >= 0")
    groups = [[i] for i in range(len(obs))]
    totals = list(exp)
    while len(groups) > 1:
        small = [i for i, t in enumerate(totals) if t < min_expected]
        if not small:
            break
        i = small[0] if totals[small[0]] <= totals[small[-1]] else small[-1]
        j = i + 1 if i == 0 or (i < len(groups) - 1 and totals[i + 1] <= totals[i - 1]) else i - 1
        low, high = min(i, j), max(i, j)
        groups[low : high + 1] = [groups[low] + groups[high]]
        totals[low : high + 1] = [totals[low] + totals[high]]
    pooled_obs = np.array([obs[g].sum() for g in groups])
    pooled_exp = np.array([exp[g].sum() for g in groups])
    return pooled_obs, pooled_exp, [(g[0], g[-1]) for g in groups]


@dataclass(frozen=True)
class Fit:
    """A chi-square goodness-of-fit test: the pooled cells, the statistic, its p-values."""

    observed: tuple[float, ...]
    expected: tuple[float, ...]
    cells: tuple[tuple[int, int], ...]  # the (first, last) original cell of each pooled cell
    statistic: float
    dof: int
    p_value: float  # from the chi-square distribution
    simulated_p_value: float | None  # from seeded samples of the exact distribution
    exact_p_value: float | None = None  # from every possible tally (small tallies only)


def chi_square_fit(
    observed: Counts,
    probabilities: Numbers,
    min_expected: float = 5,
    simulate: int | None = None,
    rng: np.random.Generator | None = None,
    exact: bool = False,
) -> Fit:
    """Return the chi-square goodness-of-fit test of counts against exact cell probabilities,
    cells pooled so that every expected count is at least min_expected; simulate=N adds a
    Monte Carlo p-value from N multinomial samples drawn with `rng`; exact=True the exact
    p-value, summed over every possible tally (up to EXACT_TALLIES of them).

    Limits: 2..MAX_CELLS cells; observed whole counts >= 0 totalling at most MAX_COUNT;
    probabilities finite chances summing to 1, each 0 or at least MIN_CHANCE (a cell of chance 0
    is dropped if empty, refused if not); min_expected a finite number >= 0;
    simulate None or 1..10**6 with simulate x cells at most MAX_CELLS_COMPUTED (rng a numpy
    Generator); exact True or False (at most EXACT_TALLIES tallies).
    """
    from scipy import stats

    counts = _check_array("observed", observed).astype(float)
    chances = _check_array("probabilities", probabilities).astype(float)
    exact = check_flag("exact", exact)
    if counts.shape != chances.shape or len(counts) < 2:
        raise ValueError(
            f"observed={quote(observed)}, probabilities={quote(probabilities)}: chi_square_fit "
            "needs two or more cells, as many counts as chances"
        )
    if len(counts) > MAX_CELLS:
        raise ValueError(f"observed={quote(observed)}: more than MAX_CELLS = {MAX_CELLS:,} cells")
    if (counts < 0).any() or (counts != np.round(counts)).any():
        raise ValueError(f"observed={quote(list(observed))}: expected counts (integers >= 0)")
    if counts.sum() > MAX_COUNT:
        raise ValueError(
            f"observed={quote(list(observed))}: more than MAX_COUNT = {MAX_COUNT:,} observations"
        )
    if (chances < 0).any() or not math.isclose(chances.sum(), 1.0, abs_tol=1e-9):
        raise ValueError(
            f"probabilities={quote(list(probabilities))}: expected chances summing to 1"
        )
    if ((chances > 0) & (chances < MIN_CHANCE)).any():
        raise ValueError(
            f"probabilities={quote(list(probabilities))}: expected each chance 0 or at least "
            f"MIN_CHANCE = {MIN_CHANCE:g}"
        )
    sampler: np.random.Generator | None = None  # rng, checked, when simulating
    if simulate is not None:
        simulate = check_integer("simulate", simulate, 1, 10**6)
        if simulate * len(counts) > MAX_CELLS_COMPUTED:
            raise ValueError(
                f"simulate={quote(simulate)}: {simulate:,} tallies of {len(counts)} cells, more "
                f"than MAX_CELLS_COMPUTED = {MAX_CELLS_COMPUTED:,}"
            )
        if not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(
                f"rng={quote(rng)}: expected a numpy Generator to simulate with"
            )
        sampler = rng
    total = counts.sum()
    if total <= 0:
        raise ValueError("chi_square_fit: the tally is empty")
    obs, exp, cells = pool_cells(counts, chances * total, min_expected)
    impossible = exp == 0  # cells of chance 0: dropped when empty, else the tally is impossible
    if (obs[impossible] > 0).any():
        raise ValueError(
            f"observed={quote(list(observed))}, probabilities={quote(list(probabilities))}: "
            "observations in a cell of chance 0, impossible under these probabilities"
        )
    obs, exp = obs[~impossible], exp[~impossible]
    cells = [cell for cell, drop in zip(cells, impossible, strict=True) if not drop]
    if len(obs) < 2:
        raise ValueError(
            f"chi_square_fit: {int(total)} observations are too few to test with "
            f"min_expected={quote(min_expected)}: pooling leaves one cell"
        )
    statistic, p = stats.chisquare(obs, exp)
    simulated = None
    if simulate is not None and sampler is not None:  # sampler is set whenever simulate is
        probs = exp / exp.sum()
        samples = sampler.multinomial(int(total), probs, size=simulate)
        expected_counts = probs * total
        sims = ((samples - expected_counts) ** 2 / expected_counts).sum(axis=1)
        simulated = float((1 + (sims >= statistic - 1e-12).sum()) / (simulate + 1))
    exact_p = _exact_p_value(int(total), exp / exp.sum(), float(statistic)) if exact else None
    return Fit(
        tuple(obs.tolist()), tuple(exp.tolist()), tuple(cells), float(statistic),
        len(obs) - 1, float(p), simulated, exact_p,
    )  # fmt: skip


EXACT_TALLIES = 200_000  # the most tallies exact=True sums over


def _exact_p_value(total: int, probabilities: NDArray[np.float64], statistic: float) -> float:
    """Return P(chi-square statistic >= `statistic`) over every tally of `total` into the cells."""
    cells = len(probabilities)
    if math.comb(total + cells - 1, cells - 1) > EXACT_TALLIES:
        raise ValueError(
            f"exact=True: {total} observations in {cells} cells make more than "
            f"{EXACT_TALLIES:,} tallies; use simulate=N instead"
        )
    expected = probabilities * total
    log_p = np.log(probabilities)
    p_value = 0.0
    for tally in _compositions(total, cells):
        counts = np.array(tally)
        if ((counts - expected) ** 2 / expected).sum() >= statistic - 1e-9:
            log_ways = math.lgamma(total + 1) - sum(math.lgamma(c + 1) for c in tally)
            p_value += math.exp(log_ways + float((counts * log_p).sum()))
    return min(1.0, p_value)


def _compositions(total: int, cells: int) -> list[tuple[int, ...]]:
    """Return every way to put `total` observations into `cells` ordered cells."""
    if cells == 1:
        return [(total,)]
    return [
        (first, *rest)
        for first in range(total + 1)
        for rest in _compositions(total - first, cells - 1)
    ]
