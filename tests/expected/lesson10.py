"""Independent computations of lesson 10's answers: the settlements by hand from dice written
out; the power as exact sums of binomial terms (math.comb and Fractions), the rejection point
found by adding the upper tail under a rate of 1/2 term by term; the code exercise returns the
lesson module's own reference bot (the bot grader is tested in tests/test_teach_lesson10.py)."""

from __future__ import annotations

import math
from fractions import Fraction

import liarsdice as ld
from liarsdice.teach import lesson10
from tests.expected import Expected

BLUFF = ld.preset("bluff")


def bluff_challenger_loss() -> int:
    """Return the challenger's loss over 6 fours, from three hands holding 5 fours and 3 stars."""
    hands = ((4, 4, 6, 1, 2, 3), (4, 4, 6, 5, 5, 1), (4, 6, 2, 2, 3, 3))
    shown = [die for hand in hands for die in hand]
    assert (shown.count(4), shown.count(6)) == (5, 3)
    count = BLUFF.count(shown, 4)
    return max(count - 6, 0)  # a true bid: the challenger pays the excess


def dice_left_after_exact() -> int:
    """Return the dice left when every seat but the bidder (seat 2) gives up one of its dice."""
    table, bidder = (2, 1, 3, 1), 2
    return sum(n if seat == bidder else max(n - 1, 0) for seat, n in enumerate(table))


def binomial_term(games: int, wins: int, rate: Fraction) -> Fraction:
    """Return P(exactly `wins` wins in `games` games), each won with chance `rate`."""
    return math.comb(games, wins) * rate**wins * (1 - rate) ** (games - wins)


def one_sided_power(games: int, rate: Fraction, level: Fraction = Fraction(1, 20)) -> Fraction:
    """Return the chance that the one-sided exact binomial test of a win rate of 1/2 rejects
    when the true rate is `rate`: walk down from `games` wins, adding P(wins) under 1/2, while
    the upper tail stays at most `level`; the test rejects from the last count added."""
    tail, critical = Fraction(0), games + 1
    for wins in range(games, -1, -1):
        tail += binomial_term(games, wins, Fraction(1, 2))
        if tail > level:
            break
        critical = wins
    return sum(
        (binomial_term(games, wins, rate) for wins in range(critical, games + 1)), Fraction(0)
    )


EXPECTED: Expected = {
    "10.settle_over": bluff_challenger_loss,
    "10.settle_exact": dice_left_after_exact,
    "10.power": lambda: one_sided_power(50, Fraction(13, 20)),
    "10.beat_threshold": lambda: lesson10.PatientBot,
}
