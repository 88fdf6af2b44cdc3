"""Independent computations of lesson 07's answers."""

from __future__ import annotations

import liarsdice as ld
from liarsdice import Bid, odds
from tests.expected import BLEF, LESSON_06, Expected, expected_loss

EXPECTED: Expected = {
    "07.loss_difference": lambda: expected_loss(BLEF, Bid(6, 4), **LESSON_06),
    "07.loss_one": lambda: odds.bid_probability(
        Bid(6, 4), ld.preset("perudo"), 10, LESSON_06["known"], exact=True
    ),
    "07.cheaper_penalty": lambda: (
        "one"
        if odds.bid_probability(Bid(6, 4), ld.preset("perudo"), 10, LESSON_06["known"], exact=True)
        < expected_loss(BLEF, Bid(6, 4), **LESSON_06)
        else "difference"
    ),
}
