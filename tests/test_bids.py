"""Tests of liarsdice.bids: the Bid value, parsing, formatting and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid
from liarsdice.errors import InvalidBidError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3x5", Bid(3, 5)),
        ("3 x 5", Bid(3, 5)),
        ("3X5", Bid(3, 5)),
        ("3 fives", Bid(3, 5)),
        ("  3   FIVES ", Bid(3, 5)),
        ("1 five", Bid(1, 5)),
        ("2 aces", Bid(2, 1)),
        ("2 Aces", Bid(2, 1)),
        ("4 sixes", Bid(4, 6)),
        ("1 six", Bid(1, 6)),
        ("2 stars", Bid(2, 6)),
        ("2*", Bid(2, 6)),
        ("2 *", Bid(2, 6)),
        ("2x*", Bid(2, 6)),
        ("2 wilds", Bid(2, 6)),
        ("2 jokers", Bid(2, 6)),
        ("12 ones", Bid(12, 1)),
    ],
)
def test_parse_every_written_form(text: str, expected: Bid) -> None:
    assert Bid.parse(text) == expected


def test_wild_words_follow_the_rules() -> None:
    endless = ld.preset("liars_dice_endless")
    assert Bid.parse("2 stars", rules=endless) == Bid(2, 1)
    assert Bid.parse("2*", rules=ld.preset("bluff")) == Bid(2, 6)
    assert Bid.parse("2 aces", rules=ld.preset("bluff")) == Bid(2, 1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x5",
        "3x",
        "3 x 7",
        "3x0",
        "-1x5",
        "three fives",
        "3 sevens",
        "3 fives please",
        "3,5",
        "0x5",
        "0 fives",
        "3.5x5",
    ],
)
def test_malformed_text_raises_invalid_bid_quoting_it(text: str) -> None:
    with pytest.raises(InvalidBidError) as info:
        Bid.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("quantity", "face"),
    [(0, 5), (-1, 5), (3, 0), (3, 7), (3, "5"), (3, 2.0), (True, 3), (3, None)],
)
def test_bad_values_raise_invalid_bid_quoting_them(quantity: object, face: object) -> None:
    with pytest.raises(InvalidBidError) as info:
        Bid(quantity, face)  # type: ignore[arg-type]
    assert repr(quantity) in str(info.value) or str(quantity) in str(info.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(InvalidBidError, match="35"):
        Bid.parse(35)  # type: ignore[arg-type]


def test_numpy_integers_make_the_same_bid() -> None:
    bid = Bid(np.int64(3), np.int8(5))
    assert bid == Bid(3, 5) and hash(bid) == hash(Bid(3, 5)) and type(bid.face) is int


@given(st.integers(1, 500), st.integers(1, 6))
def test_str_and_repr_round_trip(quantity: int, face: int) -> None:
    bid = Bid(quantity, face)
    assert Bid.parse(str(bid)) == bid
    assert eval(repr(bid), {"Bid": Bid}) == bid
    assert len({bid, Bid(quantity, face)}) == 1


def test_bid_is_frozen() -> None:
    with pytest.raises(AttributeError):
        Bid(3, 5).quantity = 4  # type: ignore[misc]


def test_bid_draws_itself_as_svg() -> None:
    svg = Bid(3, 5)._repr_svg_()
    assert svg.startswith("<svg") and "3 ×" in svg and svg.count("<circle") == 5


def test_bid_pickles() -> None:
    import pickle

    bid = Bid(7, 5)
    assert pickle.loads(pickle.dumps(bid)) == bid and hash(pickle.loads(pickle.dumps(bid))) == hash(
        bid
    )
