"""Tallies of faces against exact chances: cells pooled for the chi-square curve, and the
goodness-of-fit test with its curve, simulated and exact p-values (scipy.stats;
liarsdice.stats re-exports every name).

- pool_cells(observed, expected, min_expected=5): adjacent cells merged, from the tails
  inwards, until every expected count is at least min_expected (the chi-square test's rule).
- chi_square_fit(observed, probabilities, min_expected=5, simulate=None, rng=None, exact=False)
  -> Fit: the test of observed counts against exact probabilities, cells pooled; simulate=N
  adds a Monte Carlo p-value from N seeded samples and exact=True the exact one over every
  possible tally.
- number_of_tallies(total, cells): how many tallies of `total` observations `cells` cells
  hold, C(total + cells - 1, cells - 1): what an exact p-value sums over.
- Fit: the pooled cells, the statistic, its degrees of freedom and p-values.
- MAX_CELLS (1,000 cells), MIN_CHANCE (1e-200, the smallest nonzero chance), EXACT_TALLIES
  (200,000 tallies for exact=True): the limits of this module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.stats_inputs import (
    MAX_CELLS_COMPUTED,
    MAX_COUNT,
    Counts,
    Numbers,
    check_numbers,
)

MAX_CELLS = 1_000  # the most cells of a tally (pool_cells merges in about cells^2 steps)
MIN_CHANCE = 1e-200  # chi_square_fit's smallest nonzero chance: the statistic stays finite
EXACT_TALLIES = 200_000  # the most tallies exact=True sums over


def number_of_tallies(total: int, cells: int) -> int:
    """Return how many ways `total` observations fall into `cells` ordered cells."""
    return math.comb(total + cells - 1, cells - 1)


def pool_cells(
    observed: Numbers, expected: Numbers, min_expected: float = 5
) -> tuple[NDArray[np.float64], NDArray[np.float64], list[tuple[int, int]]]:
    """Return observed and expected counts with adjacent cells merged from both tails inwards
    until each expected count is at least min_expected, and the (first, last) cell of each.

    Limits: observed and expected 1..MAX_CELLS cells each, the same number, finite numbers >= 0
    of at most MAX_MAGNITUDE;
    min_expected a finite number >= 0.
    """
    obs = check_numbers("observed", observed).astype(float)
    exp = check_numbers("expected", expected).astype(float)
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

    counts = check_numbers("observed", observed).astype(float)
    chances = check_numbers("probabilities", probabilities).astype(float)
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


def _exact_p_value(total: int, probabilities: NDArray[np.float64], statistic: float) -> float:
    """Return P(chi-square statistic >= `statistic`) over every tally of `total` into the cells."""
    cells = len(probabilities)
    if number_of_tallies(total, cells) > EXACT_TALLIES:
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
