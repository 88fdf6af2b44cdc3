"""Independent computation of lesson 04's answer: the binomial formula for the odds of 9 fives
from seat 0 (three matches in hand, 18 unknown dice counting with chance 1/3: four seats of five
dice and one of three)."""

from __future__ import annotations

from fractions import Fraction

from liarsdice.teach.lesson04 import chance_true
from tests.expected import Expected, binomial_tail

EXPECTED: Expected = {
    "04.nine_fives": lambda: binomial_tail(4 * 5 + 3 - 5, 9 - 3, Fraction(1, 3)),
    "04.p_true": lambda: chance_true,  # the student's function: tests/test_teach_lesson04.py
}
