"""Independent computations of lesson 06's answers."""

from __future__ import annotations

import liarsdice as ld
from liarsdice import Bid
from tests.expected import BLEF, Expected, wilson_width

EXPECTED: Expected = {
    "06.settle_over": lambda: ld.settle(BLEF, (5, 5, 5, 5), 3, 0, Bid(9, 5), 7 + 4).lost[0],
    "06.settle_exact": lambda: sum(ld.settle(BLEF, (5, 5, 5, 5), 3, 0, Bid(9, 5), 9).lost),
    "06.wilson_width": lambda: wilson_width(50, 100),
}
