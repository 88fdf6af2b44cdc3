"""Independent computations of lesson 07's answers: the challenges settled roll by roll over
every roll of the hidden dice, the false alarms by the complement rule, the p-value by the
z-test's formula; the proof and the code exercise return the lesson module's own worked text
and reference bot (the proof after checking its identity on exact distributions)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import liarsdice as ld
from liarsdice import Bid
from liarsdice.teach import lesson07
from tests.expected import Expected


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


def two_sided_p(wins_a: int, wins_b: int, games: int) -> float:
    """Return the pooled two-proportion z-test's two-sided p-value, by the formula (erfc)."""
    pooled = (wins_a + wins_b) / (2 * games)
    z = (wins_a - wins_b) / games / math.sqrt(pooled * (1 - pooled) * 2 / games)
    return math.erfc(abs(z) / math.sqrt(2))


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
    return lesson07.IDENTITY_PROOF


EXPECTED: Expected = {
    "07.last_die": lambda: enumerated_loss("blef", (1,), 4, Bid(2, 5)),
    "07.perudo_loss": lambda: enumerated_loss("perudo", (1, 3, 3), 5, Bid(5, 3)),
    "07.false_alarm": lambda: 1 - Fraction(19, 20) ** 10,
    "07.p_value": lambda: two_sided_p(54, 40, 80),
    "07.loss_identity": checked_proof,
    "07.beat_threshold": lambda: lesson07.PatientBot,
}
