"""Independent computations of lesson 02's answers."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from tests.expected import BLEF, Expected, at_fifteen, binomial_tail, enumerated_tail

EXPECTED: Expected = {
    "02.p_plain": lambda: Fraction(sum(BLEF.count([d], 4) for d in range(1, 7)), 6),
    "02.p_wild": lambda: Fraction(sum(BLEF.count([d], 1) for d in range(1, 7)), 6),
    "02.two_of_four": lambda: enumerated_tail(4, 5, 2),
    "02.seven_fives": lambda: binomial_tail(15, 7 - BLEF.count((1, 1, 3, 5, 6), 5), Fraction(1, 3)),
    "02.mean_fifteen": lambda: Fraction(str(at_fifteen(odds.symbolic_moments(Fraction(1, 3))))),
}
