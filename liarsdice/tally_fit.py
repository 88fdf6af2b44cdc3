"""A tally tested against fair dice: the chi-square test of a table of counts, with the exact
or simulated p-value where the curve cannot be trusted, and the results of Tally's tests
(liarsdice.tally re-exports every name).

- fit_table(kind, group, cells, observed, chances, seed) -> TallyFit: the test of one table
  (faces 1..6, or how many rounds counted c dice); Tally.fit gathers the table and calls it.
- TallyFit: the cells, the pooled chi-square test, the unpooled exact or simulated test, and
  the headline p-value with the method it comes from.
- GroupComparison: two groups' shares of dice counting for the face and their z-test.
- MIN_EXPECTED, EXACT_LIMIT, SIMULATIONS: the pooling rule, the most tallies an exact p-value
  sums, the fair tallies a simulated one draws.

When the curve cannot be trusted (rounds: too few to pool into two cells expecting
MIN_EXPECTED; faces: a face expecting fewer, since neighbouring faces have nothing in common
to pool them by), the headline p-value is that of the unpooled table: exact if it has at most
EXACT_LIMIT possible tallies, else simulated from np.random.default_rng(seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from liarsdice.stats_chi_square import Fit, chi_square_fit, number_of_tallies, pool_cells
from liarsdice.stats_tests import Comparison

MIN_EXPECTED = 5  # the chi-square rule: pool cells until each expects at least this many
EXACT_LIMIT = 4_000  # the most possible tallies summed for an exact p-value (about 30 ms)
SIMULATIONS = 20_000  # fair tallies drawn for a simulated p-value (its error is below 0.004)


@dataclass(frozen=True)
class TallyFit:
    """A tally tested against fair dice: the cells, the pooled chi-square test and, where the
    curve cannot be trusted (see Tally.fit), the unpooled table's exact or simulated p-value."""

    kind: str  # "faces" or "rounds"
    group: str | None  # None: the whole class
    cells: tuple[int, ...]  # the cells' labels: faces 1..6, or counts 0..dice_per_round
    observed: tuple[int, ...]
    expected: tuple[float, ...]  # if the dice are fair
    pooled: Fit | None  # the chi-square curve's test; None when pooling leaves one cell
    small: Fit | None  # every cell kept, exact_p_value or simulated_p_value set; or None
    method: str  # where the headline p-value comes from: "chi-square", "exact" or "simulated"

    @property
    def total(self) -> int:
        """Return the number of observations (dice or rounds)."""
        return sum(self.observed)

    @property
    def p_value(self) -> float:
        """Return the headline p-value: the exact or simulated one where used, else the curve's."""
        if self.method == "exact":
            return self.small.exact_p_value  # type: ignore[union-attr, return-value]
        if self.method == "simulated":
            return self.small.simulated_p_value  # type: ignore[union-attr, return-value]
        return self.pooled.p_value  # type: ignore[union-attr]

    @property
    def pooled_cells(self) -> tuple[tuple[int, int], ...]:
        """Return the (first, last) cell label of each pooled cell (all in one without a test)."""
        if self.pooled is None:
            return ((self.cells[0], self.cells[-1]),)
        return tuple((self.cells[a], self.cells[b]) for a, b in self.pooled.cells)


@dataclass(frozen=True)
class GroupComparison:
    """Two groups' shares of dice that count for the face, and the two-proportion z-test of
    them; the test assumes every die is rolled independently of every other."""

    group_a: str
    group_b: str
    matches_a: int
    dice_a: int
    matches_b: int
    dice_b: int
    test: Comparison


def fit_table(
    kind: str,
    group: str | None,
    cells: tuple[int, ...],
    observed: Sequence[int],
    chances: NDArray[np.float64],
    seed: int,
) -> TallyFit:
    """Return the chi-square test of a non-empty table of counts against fair dice' chances,
    cells pooled, with the exact or simulated p-value where the curve cannot be trusted
    (arguments checked by the caller, Tally.fit)."""
    total = sum(observed)
    expected = chances * total
    pooled_expected = pool_cells(observed, expected, MIN_EXPECTED)[1]
    pooled = chi_square_fit(observed, chances, MIN_EXPECTED) if len(pooled_expected) > 1 else None
    small, method = None, "chi-square"
    # The curve wants every cell to expect MIN_EXPECTED. Rounds get there by pooling
    # neighbouring counts; neighbouring faces have nothing in common, so a face tally
    # with a face expecting fewer is tested whole, by the exact or simulated p-value.
    if pooled is None or (kind == "faces" and expected.min() < MIN_EXPECTED):
        if number_of_tallies(total, len(cells)) <= EXACT_LIMIT:
            small, method = chi_square_fit(observed, chances, 0, exact=True), "exact"
        else:
            rng = np.random.default_rng(seed)
            small = chi_square_fit(observed, chances, 0, simulate=SIMULATIONS, rng=rng)
            method = "simulated"
    return TallyFit(
        kind, group, cells, tuple(observed), tuple(expected.tolist()), pooled, small, method
    )
