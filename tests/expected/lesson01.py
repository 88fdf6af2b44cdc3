"""Independent computations of lesson 01's answers."""

from __future__ import annotations

from liarsdice import Bid
from tests.expected import BLEF, Expected, fewest

EXPECTED: Expected = {
    "01.halve_nine": lambda: fewest(lambda k: BLEF.is_raise(Bid(9, 3), Bid(k, 1))),
    "01.double_two_aces": lambda: fewest(lambda q: BLEF.is_raise(Bid(2, 1), Bid(q, 3))),
    "01.after_five_sixes": lambda: BLEF.next_bids(Bid(5, 6), 20)[0],
    "01.not_a_raise": lambda: next(
        b for b in (Bid(8, 2), Bid(4, 1), Bid(7, 5), Bid(12, 3)) if not BLEF.is_raise(Bid(7, 6), b)
    ),
}
