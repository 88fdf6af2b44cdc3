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


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

from liarsdice.bids import BidTypeError, as_bid  # noqa: E402
from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError  # noqa: E402
from liarsdice.limits import MAX_QUANTITY, MAX_TEXT  # noqa: E402

HUGE = 10**5000

BID_REFUSALS = [
    (lambda: Bid(HUGE, 5), InvalidBidError, f"quantity={quote(HUGE)}"),
    (lambda: Bid(2**20000, 5), InvalidBidError, f"quantity={quote(2**20000)}"),
    (lambda: Bid(MAX_QUANTITY + 1, 5), InvalidBidError, f"quantity={MAX_QUANTITY + 1}"),
    (lambda: Bid(0, 5), InvalidBidError, "quantity=0"),
    (lambda: Bid(2.5, 5), BidTypeError, "quantity=2.5"),
    (lambda: Bid(True, 5), BidTypeError, "quantity=True"),
    (lambda: Bid(None, 5), BidTypeError, "quantity=None"),
    (lambda: Bid(3, np.float64(5)), BidTypeError, "face=np.float64(5.0)"),
    (lambda: Bid(3, 7), InvalidBidError, "face=7"),
    (lambda: Bid("3", 5), BidTypeError, "quantity='3'"),
    (lambda: Bid.parse("3x5", rules=42), ArgumentTypeError, "rules=42"),
    (lambda: Bid.parse("3x5", rules="nope"), ValueError, "'nope'"),
    (lambda: Bid.parse(None), BidTypeError, "None"),
    (lambda: Bid.parse(35), BidTypeError, "35"),
    (lambda: Bid.parse(b"3x5"), BidTypeError, "b'3x5'"),
    (lambda: Bid.parse("9" * 5000 + "x5"), InvalidBidError, "'99999"),
    (lambda: Bid.parse("9" * 900 + "x5"), InvalidBidError, "'99999"),
    (lambda: Bid.parse("9" * 900 + " fives"), InvalidBidError, "'99999"),
    (lambda: Bid.parse("0" * 900 + "10001x5"), InvalidBidError, "10001x5'"),
    (lambda: Bid.parse("x" * 10**6), InvalidBidError, "'xxxxx"),
    (lambda: as_bid("bid", None), BidTypeError, "bid=None"),
    (lambda: as_bid("bid", (3, 5)), BidTypeError, "bid=(3, 5)"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), BID_REFUSALS)
def test_bad_bids_are_refused_quoting_them(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600  # long input is shortened


def test_wrong_kinds_of_bid_are_type_errors_and_invalid_bids() -> None:
    with pytest.raises(TypeError):
        Bid(2.5, 5)
    with pytest.raises(InvalidBidError):
        Bid.parse(None)


def test_parse_takes_a_preset_name_and_long_text_up_to_the_limit() -> None:
    assert Bid.parse("2 stars", rules="bluff") == Bid(2, 6)
    assert Bid.parse("3x5", rules="blef") == Bid(3, 5)
    assert Bid.parse(" " * (MAX_TEXT - 3) + "3x5") == Bid(3, 5)
    assert Bid.parse("00003x5") == Bid(3, 5)
    assert Bid.parse(f"{MAX_QUANTITY}x5") == Bid(MAX_QUANTITY, 5)
    assert as_bid("bid", "3 fives") == Bid(3, 5) and as_bid("bid", Bid(1, 1)) == Bid(1, 1)
