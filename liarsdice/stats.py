"""Intervals and tests in the game's terms: win rates of bots, tallies of faces (scipy.stats).

This module gathers the names of five modules, each holding one idea (import from either):
stats_intervals (intervals of a win rate and their coverage), stats_tests (tests of win
rates), stats_normal (the normal approximation of a count), stats_chi_square (tallies against
exact chances) and stats_inputs (the shared limits and input checks).

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

from liarsdice.stats_chi_square import (
    EXACT_TALLIES,
    MAX_CELLS,
    MIN_CHANCE,
    Fit,
    chi_square_fit,
    pool_cells,
)
from liarsdice.stats_inputs import (
    MAX_CELLS_COMPUTED,
    MAX_CONFIDENCE,
    MAX_COUNT,
    MAX_MAGNITUDE,
    MIN_CONFIDENCE,
    Counts,
    Numbers,
)
from liarsdice.stats_intervals import (
    MAX_COVERAGE_CELLS,
    METHODS,
    coverage,
    intervals,
    wald_interval,
    wilson_interval,
)
from liarsdice.stats_normal import (
    NormalApproximation,
    normal_approximation,
)
from liarsdice.stats_tests import (
    ALTERNATIVES,
    Comparison,
    binomial_test,
    bonferroni,
    permutation_test,
    two_proportion_test,
)

__all__ = [
    "ALTERNATIVES",
    "EXACT_TALLIES",
    "MAX_CELLS",
    "MAX_CELLS_COMPUTED",
    "MAX_CONFIDENCE",
    "MAX_COUNT",
    "MAX_COVERAGE_CELLS",
    "MAX_MAGNITUDE",
    "METHODS",
    "MIN_CHANCE",
    "MIN_CONFIDENCE",
    "Comparison",
    "Counts",
    "Fit",
    "NormalApproximation",
    "Numbers",
    "binomial_test",
    "bonferroni",
    "chi_square_fit",
    "coverage",
    "intervals",
    "normal_approximation",
    "permutation_test",
    "pool_cells",
    "two_proportion_test",
    "wald_interval",
    "wilson_interval",
]
