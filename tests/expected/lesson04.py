"""Independent computations of lesson 04's answers."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import Bid
from tests.expected import (
    BLEF,
    LESSON_04,
    Expected,
    binomial_tail,
    cheapest_raise_over_nine_fives,
    expected_loss,
)

EXPECTED: Expected = {
    "04.nine_fives": lambda: binomial_tail(
        15, 9 - BLEF.count(LESSON_04["known"], 5), Fraction(1, 3)
    ),
    "04.challenge_cost": lambda: expected_loss(BLEF, Bid(9, 5), **LESSON_04),
    "04.decision": lambda: (
        "challenge"
        if expected_loss(BLEF, Bid(9, 5), **LESSON_04) < cheapest_raise_over_nine_fives()
        else "raise"
    ),
}
