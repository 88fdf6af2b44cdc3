"""Tests of liarsdice.scenarios: the lessons' tables, and a Scenario refusing bad input (issue 14)."""

from __future__ import annotations

import pytest

from liarsdice import Bid
from liarsdice.errors import ArgumentTypeError
from liarsdice.scenarios import NINE_FIVES, SEVEN_FIVES, Scenario

HAND = (1, 3, 5, 5, 6)


def test_the_lessons_tables() -> None:
    assert NINE_FIVES.total == 20 and NINE_FIVES.unknown == 15 and NINE_FIVES.rules.wild == 1
    assert SEVEN_FIVES.bid == Bid(7, 5) and SEVEN_FIVES.hand == (1, 1, 3, 5, 6)


def test_text_bids_and_numpy_integers_are_read() -> None:
    import numpy as np

    made = Scenario("blef", [5, 5], np.int64(0), list(HAND), "9x5", 1)
    assert made.bid == Bid(9, 5) and made.dice == (5, 5) and made.hand == HAND
    assert type(made.seat) is int and made.unknown == 5


@pytest.mark.parametrize(
    ("args", "kind", "shown"),
    [
        (("nonesuch", (5, 5), 0, HAND, Bid(9, 5), 1), ValueError, "'nonesuch'"),
        ((None, (5, 5), 0, HAND, Bid(9, 5), 1), ArgumentTypeError, "None"),
        (("blef", "55", 0, HAND, Bid(9, 5), 1), ArgumentTypeError, "'55'"),
        (("blef", (5, -5), 0, HAND, Bid(9, 5), 1), ValueError, "(5, -5)"),
        (("blef", (5,) * 21, 0, HAND, Bid(9, 5), 1), ValueError, "seats"),
        (("blef", (5, 5), 2, HAND, Bid(9, 5), 1), ValueError, "seat=2"),
        (("blef", (5, 5), 0.0, HAND, Bid(9, 5), 1), ArgumentTypeError, "0.0"),
        (("blef", (5, 5), 0, (1, 7, 5, 5, 6), Bid(9, 5), 1), ValueError, "7"),
        (("blef", (5, 5), 0, (1, 3), Bid(9, 5), 1), ValueError, "(1, 3)"),
        (("blef", (5, 5), 0, HAND, None, 1), ArgumentTypeError, "None"),
        (("blef", (5, 5), 0, HAND, "9" * 5000 + "x5", 1), ValueError, "9" * 30),
        (("blef", (5, 5), 0, HAND, Bid(9, 5), 0), ValueError, "bidder=0"),
        (("blef", (5, 5), 0, HAND, Bid(9, 5), True), ArgumentTypeError, "True"),
        (("blef", (5, 0), 0, HAND, Bid(9, 5), 1), ValueError, "bidder=1"),
    ],
)
def test_bad_tables_are_refused_quoting_the_input(args, kind: type, shown: str) -> None:
    with pytest.raises(kind) as info:
        Scenario(*args)
    assert shown in str(info.value)
