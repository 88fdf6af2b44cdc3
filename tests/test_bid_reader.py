"""Tests of BidReader's text fields and read_table against hostile input: each refused field's
message names the field and quotes the input (shortened), and what the reader showed stays."""

from __future__ import annotations

import html
import re

import pytest

from liarsdice.errors import ArgumentTypeError
from liarsdice.widgets import BidReader, PlayTable


def message(reader: BidReader) -> str:
    """Return the reader's message as plain text."""
    return html.unescape(re.sub(r"<[^>]*>", "", reader.message.value))


@pytest.fixture(scope="module")
def reader() -> BidReader:
    """Return one reader for the module (each test puts its fields back)."""
    return BidReader()


DICE_CASES = {
    "a superscript digit": ("5, ²", "'²' is not a whole number"),
    "too many digits": ("5, " + "9" * 5000, "text longer than 1,000 characters"),
    "20 digits": ("5, " + "1" * 20, "has more than 15 digits"),
    "a fraction": ("5, 5.0", "'5.0' is not a whole number"),
    "one seat": ("5", "write counts such as 5, 5, 5, 5"),
    "a negative count": ("5, -1", "write counts such as 5, 5, 5, 5"),
    "nothing": ("", "nothing entered"),
    "too many hidden dice": ("5, 99", "at most MAX_HAND_DICE"),
    "fewer dice than your hand": ("3, 5", "seat 0 holds 3 dice"),
}  # fmt: skip


@pytest.mark.parametrize("case", DICE_CASES)
def test_the_dice_field_names_itself_and_quotes_its_input(reader: BidReader, case: str) -> None:
    text, reason = DICE_CASES[case]
    shown = list(reader.bars.data[1].y)
    reader.dice.value = text
    said = message(reader)
    assert said.startswith("dice per seat"), said
    assert repr(text)[:30] in said and reason in said
    assert "invalid literal" not in said and "4300" not in said
    assert len(said) < 400  # a long input is shortened
    assert list(reader.bars.data[1].y) == shown
    reader.dice.value = "5, 5, 5, 5"
    assert message(reader) == ""


BIDS_CASES = {
    "no seat": ("x", "write seat:bid pairs"),
    "a superscript seat": ("¹:3x5", "write seat:bid pairs"),
    "a huge quantity": ("1:" + "9" * 5000 + "x5", "text longer than 1,000 characters"),
    "not a raise": ("1:3x5, 2:2x5", "'2x5'"),
    "no such seat": ("9:3x5", "move 1's seat=9"),
    "a banana": ("1:banana", "cannot read a bid from 'banana'"),
}  # fmt: skip


@pytest.mark.parametrize("case", BIDS_CASES)
def test_the_bids_field_names_itself_and_quotes_its_input(reader: BidReader, case: str) -> None:
    text, reason = BIDS_CASES[case]
    shown = list(reader.bars.data[1].y)
    reader.history.value = text
    said = message(reader)
    assert said.startswith("bids"), said
    assert repr(text)[:30] in said and reason in said
    assert len(said) < 400
    assert list(reader.bars.data[1].y) == shown
    reader.history.value = "1:3x5, 2:4x5"
    assert message(reader) == ""


@pytest.mark.parametrize("table", [None, 5, "x", object()])
def test_read_table_refuses_what_is_no_play_table(reader: BidReader, table: object) -> None:
    before = (reader.dice.value, reader.history.value, reader.message.value)
    with pytest.raises(ArgumentTypeError, match=r"^table=") as caught:
        reader.read_table(table)
    assert repr(table)[:20] in str(caught.value) and "PlayTable" in str(caught.value)
    assert (reader.dice.value, reader.history.value, reader.message.value) == before


def test_a_bid_reader_refuses_a_play_table_that_is_none_of_one() -> None:
    with pytest.raises(ArgumentTypeError, match="play_table='x'"):
        BidReader(play_table="x")
    BidReader(play_table=PlayTable(players=3, seed=1))  # a real one is taken


def test_a_typed_pass_under_show_and_reroll_is_named_as_the_last_move() -> None:
    """Under show_and_reroll a history holds each bidder's pass or show; the summary names the
    last move in words (it read only bids before, and broke on a pass). A show rerolls the
    hidden dice, so the moves before it say nothing of the hand now and none is named."""
    import liarsdice as ld

    rules = ld.Rules(show_and_reroll=True)
    reader = BidReader(rules=rules, dice=(5, 5), hand=(2, 3, 4, 6, 6), bid=ld.Bid(3, 5))
    reader.history.value = "1:2x5, 1:show 5"
    summary = html.unescape(re.sub(r"<[^>]*>", "", reader.summary.value))
    assert "last move" not in summary and not message(reader), summary
    reader.history.value = "1:2x5, 1:pass"
    summary = html.unescape(re.sub(r"<[^>]*>", "", reader.summary.value))
    assert "Seat 1's last move, pass," in summary, (summary, message(reader))
