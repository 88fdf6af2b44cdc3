"""Independent computations of lesson 06's answers: the settlements by hand from dice written
out, the Wilson widths from scipy's normal quantile and the formula, the p-value as an exact
binomial sum."""

from __future__ import annotations

from fractions import Fraction

import liarsdice as ld
from tests.expected import Expected, binomial_tail, wilson_width

BLUFF = ld.preset("bluff")


def bluff_challenger_loss() -> int:
    """Return the challenger's loss over 6 fours, from three hands holding 5 fours and 3 stars."""
    hands = ((4, 4, 6, 1, 2, 3), (4, 4, 6, 5, 5, 1), (4, 6, 2, 2, 3, 3))
    shown = [die for hand in hands for die in hand]
    assert (shown.count(4), shown.count(6)) == (5, 3)
    count = BLUFF.count(shown, 4)
    return max(count - 6, 0)  # a true bid: the challenger pays the excess


def dice_left_after_exact() -> int:
    """Return the dice left when every seat but the bidder (seat 2) gives up one of its dice."""
    table, bidder = (2, 1, 3, 1), 2
    return sum(n if seat == bidder else max(n - 1, 0) for seat, n in enumerate(table))


EXPECTED: Expected = {
    "06.settle_over": bluff_challenger_loss,
    "06.settle_exact": dice_left_after_exact,
    "06.wilson_width": lambda: wilson_width(12, 40),
    "06.width_four_times": lambda: wilson_width(48, 160) / wilson_width(12, 40),
    "06.beat_chance": lambda: float(binomial_tail(40, 16, Fraction(1, 4))),
}
