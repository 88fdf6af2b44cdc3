"""Independent computations of lesson 09's answers: the rules' penalties written out count by
count (the binomial formula for the count), the break-even chance from the one-die rule, the
heads-up challenges settled roll by roll over every roll of the hidden dice; the proof returns
the lesson module's own worked text after checking its identity on exact distributions."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import liarsdice as ld
from liarsdice import Bid
from liarsdice.teach import lesson09
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


def enumerated_loss(rules_name: str, hand: tuple[int, ...], others: int, bid: Bid) -> Fraction:
    """Return the heads-up challenger's (seat 1's) mean dice lost over all 6^others rolls of the
    bidder's (seat 0's) dice, each roll settled by the rules."""
    rules = ld.preset(rules_name)
    dice = (others, len(hand))
    rolls = list(itertools.product(range(1, 7), repeat=others))
    lost = sum(
        ld.settle(rules, dice, 0, 1, bid, rules.count(roll + hand, bid.face)).lost[1]
        for roll in rolls
    )
    return Fraction(lost, len(rolls))


def checked_proof() -> str:
    """Return the worked proof after checking E[L_c] - E[L_b] = E[C] - q + P(C = q) exactly on
    a binomial count and on a lopsided one, at every quantity."""
    binomial = [Fraction(math.comb(8, c) * 2 ** (8 - c), 3**8) for c in range(9)]
    lopsided = [Fraction(1, 2), Fraction(0), Fraction(1, 8), Fraction(1, 8), Fraction(1, 4)]
    for chances in (binomial, lopsided):
        mean = sum(c * p for c, p in enumerate(chances))
        for q in range(len(chances) + 1):
            challenger = sum(p * (c - q if c > q else int(c == q)) for c, p in enumerate(chances))
            bidder = sum(p * (q - c) for c, p in enumerate(chances) if c < q)
            exact = chances[q] if q < len(chances) else 0
            assert challenger - bidder == mean - q + exact
    return lesson09.IDENTITY_PROOF


EXPECTED: Expected = {
    "09.last_die": lambda: enumerated_loss("blef", (1,), 4, Bid(2, 5)),
    "09.perudo_loss": lambda: enumerated_loss("perudo", (1, 3, 3), 5, Bid(5, 3)),
    "09.challenge_cost": ten_fives_challenge,
    "09.decision": five_player_decision,
    "09.break_even": perudo_break_even,
    "09.loss_identity": checked_proof,
}
