"""Independent computations of lesson 08's answers: the p-value against chance as an exact
binomial sum, the two-proportion p-value by the z-test's formula, the false alarms by the
complement rule."""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice.teach.lesson08 import p_value as p_value_reference
from tests.expected import Expected, binomial_tail


def two_sided_p(wins_a: int, wins_b: int, games: int) -> float:
    """Return the pooled two-proportion z-test's two-sided p-value, by the formula (erfc)."""
    pooled = (wins_a + wins_b) / (2 * games)
    z = (wins_a - wins_b) / games / math.sqrt(pooled * (1 - pooled) * 2 / games)
    return math.erfc(abs(z) / math.sqrt(2))


EXPECTED: Expected = {
    "08.beat_chance": lambda: float(binomial_tail(40, 16, Fraction(1, 4))),
    "08.p_value": lambda: two_sided_p(54, 40, 80),
    "08.false_alarm": lambda: 1 - Fraction(19, 20) ** 10,
    "08.exact_p_value": lambda: p_value_reference,
}
