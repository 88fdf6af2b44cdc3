"""Independent computations of lesson 03's answers: one die's faces enumerated, the binomial
formula, and counts convolved die by die under Bluff's own rules."""

from __future__ import annotations

from fractions import Fraction

import liarsdice as ld
from liarsdice import Bid
from liarsdice.teach.lesson03 import WORKED, count_variance
from tests.expected import Expected, binomial_tail

SIXTH, THIRD = Fraction(1, 6), Fraction(1, 3)


def one_die_variance(faces: int, counts: set[int], weight: int = 1) -> Fraction:
    """Return the variance of weight x [the die shows a face in `counts`], over its faces."""
    values = [Fraction(weight * (face in counts)) for face in range(1, faces + 1)]
    mean = sum(values) / faces
    return sum((v - mean) ** 2 for v in values) / faces


def spread_ratio_eight() -> Fraction:
    """Return Var(2W) / Var(X) for eight-sided dice (face 1 wild, X counting fives): per die,
    since n independent dice multiply both variances by n."""
    return one_die_variance(8, {1}, weight=2) / one_die_variance(8, {1, 5})


def count_distribution_by_convolution(rules: ld.Rules, face: int, n: int) -> list[Fraction]:
    """Return P(count = c), c = 0..n, adding one die at a time, each die read by rules.count."""
    distribution = [Fraction(1)]
    for _ in range(n):
        grown = [Fraction(0)] * (len(distribution) + 1)
        for count, chance in enumerate(distribution):
            for die in range(1, 7):
                grown[count + rules.count((die,), face)] += chance / 6
        distribution = grown
    return distribution


def stars_place() -> Bid:
    """Return the last plain bid of Bluff at least as likely as 3 stars among 30 dice."""
    bluff = ld.preset("bluff")
    fives = count_distribution_by_convolution(bluff, 5, 30)
    stars = count_distribution_by_convolution(bluff, bluff.wild, 30)
    three_stars = sum(stars[3:])
    q = max(q for q in range(31) if sum(fives[q:]) >= three_stars)
    return Bid(q, 5)


def board_agrees() -> int:
    """Return the smallest k with P(>= 2k-1 plain) >= P(>= k wilds) > P(>= 2k plain), 30 dice."""
    n = 30
    return next(
        k
        for k in range(1, n + 1)
        if binomial_tail(n, 2 * k - 1, THIRD)
        >= binomial_tail(n, k, SIXTH)
        > binomial_tail(n, 2 * k, THIRD)
    )


EXPECTED: Expected = {
    "03.spread_ratio": spread_ratio_eight,
    "03.rise_gap": lambda: binomial_tail(18, 3, THIRD) - binomial_tail(18, 1, SIXTH),
    "03.stars_place": stars_place,
    "03.board_agrees": board_agrees,
    "03.no_fixed_rule": lambda: WORKED,
    "03.spread": lambda: count_variance,  # the student's function: tests/test_teach_lesson03.py
}
