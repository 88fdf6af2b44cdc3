"""Independent computations of lesson 06's answers: the bid's chance from the binomial formula
with p counted off the faces of one die, the rolls found by trying t = 1, 2, ... in exact
arithmetic, and the normal curve's tails from scipy's normal distribution."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from liarsdice.teach.lesson06 import normal_tail as normal_tail_reference
from tests.expected import BLEF, Expected, binomial_tail


def face_chance(face: int) -> Fraction:
    """Return the share of the six faces of one die that count for `face` under Blef's rules."""
    return Fraction(sum(BLEF.count([die], face) for die in range(1, 7)), 6)


def band_rolls() -> int:
    """Return the fewest rolls t with 2 sqrt(P(1 - P)/t) <= 1/50, P = P(3 aces among 10 dice),
    by trying t = 1, 2, ... (squared: 4 P(1 - P) <= t / 2500, exactly)."""
    chance = binomial_tail(10, 3, face_chance(1))
    return next(t for t in itertools.count(1) if 4 * chance * (1 - chance) <= Fraction(t, 2500))


def normal_tail(n: int, p: Fraction, need: int) -> float:
    """Return the normal curve's P(X >= need) for X ~ Binomial(n, p), from need - 1/2."""
    from scipy.stats import norm

    return float(norm.sf(need - 0.5, loc=float(n * p), scale=math.sqrt(n * p * (1 - p))))


def wild_ratio() -> float:
    """Return normal / exact for P(at least 10 aces among 30 dice)."""
    return normal_tail(30, face_chance(1), 10) / float(binomial_tail(30, 10, face_chance(1)))


EXPECTED: Expected = {
    "06.band_rolls": band_rolls,
    "06.normal_tail": lambda: normal_tail(20, face_chance(6), 10),
    "06.wild_ratio": wild_ratio,
    "06.normal_estimate": lambda: normal_tail_reference,
}
