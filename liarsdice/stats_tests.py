"""Tests of win rates: is a bot better than chance, do two bots differ, which of several
comparisons survive (scipy.stats; liarsdice.stats re-exports every name).

- binomial_test(wins, games, share=1/2, alternative="greater"): the exact p-value of k wins
  or more (or fewer, or either way) if each game is won with chance `share`.
- two_proportion_test(wins_a, games_a, wins_b, games_b, alternative="two-sided"): the pooled
  two-proportion z-test: z, its p-value and the difference, as a Comparison.
- permutation_test(a, b, n_resamples, rng): the difference in mean of two samples against its
  distribution when the labels are shuffled (scipy.stats.permutation_test), as a Comparison.
- bonferroni(p_values, alpha=0.05): which comparisons stay significant at alpha / their number.
- Comparison: a test of two rates (difference, statistic, p-value, method).
- ALTERNATIVES: "two-sided", "greater", "less".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from liarsdice.checks import check_choice, check_integer, check_number, check_probability, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.stats_inputs import (
    MAX_CELLS_COMPUTED,
    MAX_COUNT,
    Numbers,
    check_numbers,
    check_open_chance,
    check_wins,
)

ALTERNATIVES = ("two-sided", "greater", "less")


def _check_alternative(alternative: object) -> str:
    """Return the alternative if it is one of ALTERNATIVES; else raise ValueError."""
    return check_choice("alternative", alternative, ALTERNATIVES)


def binomial_test(wins: int, games: int, share: float = 0.5, alternative: str = "greater") -> float:
    """Return the exact binomial p-value of `wins` in `games` if each is won with chance share.

    Limits: games 0..MAX_COUNT, wins 0..games (integers); share a finite number strictly
    between 0 and 1; alternative one of ALTERNATIVES.
    """
    from scipy import stats

    wins, games = check_wins(wins, games)
    share = check_open_chance("share", share)
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

    wins_a, games_a = check_wins(wins_a, games_a)
    wins_b, games_b = check_wins(wins_b, games_b)
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
    first = check_numbers("a", a, "iufb").astype(float)
    second = check_numbers("b", b, "iufb").astype(float)
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
