"""Independent computations of lesson 08's answers: the p-value against chance over every pair
of the two tables' win counts, the sign test as an exact binomial sum, the false alarms by the
complement rule."""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice.teach.lesson08 import p_value as p_value_reference
from tests.expected import Expected, binomial_tail


def mixed_tail(need: int) -> Fraction:
    """Return P(31 wins or more) of 30 heads-up games (1/2) and 30 five-player ones (1/5),
    independent: the two binomial terms multiplied over every pair of counts."""
    half, fifth = Fraction(1, 2), Fraction(1, 5)
    return sum(
        (
            math.comb(30, x) * half**30 * math.comb(30, y) * fifth**y * (1 - fifth) ** (30 - y)
            for x in range(31)
            for y in range(31)
            if x + y >= need
        ),
        Fraction(0),
    )


EXPECTED: Expected = {
    "08.beat_chance": lambda: mixed_tail(20 + 11),
    # the sign test: of the 45 games A or B won, A's 30; both tails of Binomial(45, 1/2)
    "08.p_value": lambda: 2 * binomial_tail(45, 30, Fraction(1, 2)),
    "08.false_alarm": lambda: 1 - (1 - Fraction(1, 20) / 10) ** 10,
    "08.exact_p_value": lambda: p_value_reference,
}
