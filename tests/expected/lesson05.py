"""Independent computations of lesson 05's answers."""

from __future__ import annotations

import itertools
from fractions import Fraction

from liarsdice.teach import key
from liarsdice.teach.lesson05 import posterior_of
from tests.expected import BLEF, Expected, honest_opening_posterior, strong_given_bid


def group_ratio() -> Fraction:
    """Return P(1 five | a five or an ace) / P(1 five | another face) for the bidder honest
    1/4 of the time on the table of two dice: the likelihoods P(die | 1 five) / P(die) averaged
    over each group (the posterior over the uniform prior is the likelihood over P(1 five))."""
    post = honest_opening_posterior()
    true, false = (sum(post[d] for d in group) / len(group) for group in ((1, 5), (2, 3, 4, 6)))
    return true / false


def four_dice_posterior() -> dict[int, Fraction]:
    """Return P(the opener's die | it opened 1 five) when you hold three dice: the opener picks
    one of 24 openings at random 3/4 of the time (5 plain faces x 4 quantities, and 1 to 4 aces)."""
    chance = {die: Fraction(1, 4) * (die == 5) + Fraction(3, 4) / 24 for die in range(1, 7)}
    return {die: c / sum(chance.values()) for die, c in chance.items()}


EXPECTED: Expected = {
    "05.prior_five": lambda: Fraction(
        sum(BLEF.count(r, 5) >= 1 for r in itertools.product(range(1, 7), repeat=3)), 6**3
    ),
    "05.likelihood_ratio": group_ratio,
    "05.posterior_five": lambda: four_dice_posterior()[5],
    # your ace counts one: 2 fives needs the opener's die to count too
    "05.true_given_bid": lambda: four_dice_posterior()[5] + four_dice_posterior()[1],
    "05.base_rate": strong_given_bid,
    # an open question: its answer is the teacher's notes (tests/test_teach_lesson05.py reads them)
    "05.which_model": lambda: key.format_solution("05.which_model"),
    "05.posterior": lambda: posterior_of,  # the student's function: tests/test_teach_lesson05.py
}
