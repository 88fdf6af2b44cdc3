"""Independent computations of lesson 02's answers: the faces of one die counted by the rules,
every roll of four dice enumerated, the binomial formula and the mean as a sum over the ways."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import liarsdice as ld
from liarsdice.teach.lesson02 import simulate_fives
from tests.expected import BLEF, Expected, binomial_tail

HAND = (1, 1, 3, 5, 6)  # 02.seven_fives
MEAN_HAND = (1, 2, 4, 5, 6)  # 02.mean_fifteen


def palifico_p() -> Fraction:
    """Return the share of the six faces that count for fours when aces are not wild."""
    return Fraction(sum(BLEF.count([die], 4, palifico=True) for die in range(1, 7)), 6)


def two_stars_by_enumeration() -> Fraction:
    """Return P(at least 2 stars) over all 6^4 rolls of four dice, counted by Bluff's rules."""
    bluff = ld.preset("bluff")
    rolls = list(itertools.product(range(1, 7), repeat=4))
    return Fraction(sum(bluff.count(roll, 6) >= 2 for roll in rolls), len(rolls))


def table_mean() -> Fraction:
    """Return the mean count of fives on the table: the hand's matches plus the mean over the
    ways C(15, j) 2^j 4^(15 - j) of getting j matches among 15 unknown dice."""
    ways = [math.comb(15, j) * 2**j * 4 ** (15 - j) for j in range(16)]
    return BLEF.count(MEAN_HAND, 5) + Fraction(sum(j * w for j, w in enumerate(ways)), 6**15)


EXPECTED: Expected = {
    "02.p_plain": palifico_p,
    "02.two_of_four": two_stars_by_enumeration,
    "02.mean_fifteen": table_mean,
    "02.seven_fives": lambda: binomial_tail(10, 7 - BLEF.count(HAND, 5), Fraction(1, 3)),
    "02.simulate": lambda: simulate_fives,
}
