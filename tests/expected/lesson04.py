"""Independent computations of lesson 04's answers: the binomial formula for the odds, the
rules' penalties written out count by count, and the break-even chance from the one-die rule."""

from __future__ import annotations

import math
from fractions import Fraction

import liarsdice as ld
from liarsdice import Bid
from tests.expected import BLEF, Expected, binomial_tail, expected_loss

HAND = (1, 3, 5, 5, 6)
PERUDO = ld.preset("perudo")


def count_pmf(n: int, m: int, p: Fraction) -> dict[int, Fraction]:
    """Return P(table count = c): m matches in hand plus Binomial(n, p), by the formula."""
    return {m + j: math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)}


def blef_challenger_loss(q: int, count: int, dice: int = 5) -> int:
    """Return the dice a Blef challenger loses: the difference (capped), or one on the count."""
    if count > q:
        return min(count - q, dice)
    return 1 if count == q else 0


def ten_fives_challenge() -> Fraction:
    """Return the challenger's expected loss on 10 fives at the lesson's table, count by count."""
    m = sum(d in (1, 5) for d in HAND)
    return sum(
        (
            c * blef_challenger_loss(10, count)
            for count, c in count_pmf(15, m, Fraction(1, 3)).items()
        ),
        Fraction(0),
    )


def five_player_decision() -> str:
    """Return "raise" if the cheapest raise over 9 fives at five players, always challenged,
    costs seat 0 less than challenging; the losses settled by the rules' settlement."""
    known, dice = HAND, (5,) * 5
    challenge = expected_loss(BLEF, Bid(9, 5), known, dice, bidder=4, challenger=0)
    cheapest = min(
        expected_loss(BLEF, b, known, dice, bidder=0, challenger=1, seat=0)
        for b in BLEF.next_bids(Bid(9, 5), 25)
    )
    return "raise" if cheapest < challenge else "challenge"


def perudo_break_even() -> Fraction:
    """Return P(9 fives true) / min over raises of P(raise false): Perudo's one-die rule."""

    def true(bid: Bid) -> Fraction:
        wild = bid.face == 1
        m = sum(d == 1 or (d == bid.face and not wild) for d in HAND)
        return binomial_tail(15, bid.quantity - m, Fraction(1, 6 if wild else 3))

    return true(Bid(9, 5)) / min(1 - true(b) for b in PERUDO.next_bids(Bid(9, 5), 20))


EXPECTED: Expected = {
    "04.nine_fives": lambda: binomial_tail(20, 9 - 3, Fraction(1, 3)),
    "04.challenge_cost": ten_fives_challenge,
    "04.decision": five_player_decision,
    "04.break_even": perudo_break_even,
}
