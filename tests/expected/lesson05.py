"""Independent computations of lesson 05's answers."""

from __future__ import annotations

import itertools
from fractions import Fraction

from liarsdice.teach.lesson05 import posterior_of
from tests.expected import BLEF, Expected, honest_opening_posterior, strong_given_bid

EXPECTED: Expected = {
    "05.prior_five": lambda: Fraction(
        sum(BLEF.count(r, 5) >= 1 for r in itertools.product(range(1, 7), repeat=2)), 36
    ),
    "05.likelihood_ratio": lambda: (Fraction(1, 4) + Fraction(3, 48)) / Fraction(3, 48),
    "05.posterior_five": lambda: honest_opening_posterior()[5],
    "05.true_given_bid": lambda: honest_opening_posterior()[5] + honest_opening_posterior()[1],
    "05.base_rate": strong_given_bid,
    "05.which_model": lambda: None,  # an open question: the guide holds the teacher's notes
    "05.posterior": lambda: posterior_of,  # the student's function: tests/test_teach_lesson05.py
}
