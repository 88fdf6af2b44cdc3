"""Tests of liarsdice.actions: the moves as values, their text form and reading it back."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.actions import action_text, parse_action
from liarsdice.errors import InvalidBidError

ACTIONS = [Bid(3, 5), Bid(12, 1), Challenge(), Calza(), Pass(), ShowAndReroll((2, 5, 5))]


@pytest.mark.parametrize("action", ACTIONS)
def test_text_reads_back_and_reprs_paste_back(action: object) -> None:
    assert parse_action(action_text(action)) == action
    assert eval(repr(action), vars(ld)) == action
    assert pickle.loads(pickle.dumps(action)) == action and hash(action) == hash(action)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("liar", Challenge()),
        ("  DUDO ", Challenge()),
        ("doubt", Challenge()),
        ("exact", Calza()),
        ("no", Pass()),
        ("show 5, 2", ShowAndReroll((2, 5))),
        ("3 fives", Bid(3, 5)),
        ("2*", Bid(2, 6)),
    ],
)
def test_every_written_form_is_read(text: str, action: object) -> None:
    assert parse_action(text) == action


def test_wild_words_follow_the_rules() -> None:
    assert parse_action("2 stars", ld.preset("liars_dice_endless")) == Bid(2, 1)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=9))
def test_shown_dice_are_sorted_faces(dice: list[int]) -> None:
    assert ShowAndReroll(tuple(dice)).shown == tuple(sorted(dice))


@pytest.mark.parametrize("shown", [(), (7,), (0, 1), (True,), (2.0,), "25"])
def test_bad_shown_dice_are_refused_quoting_them(shown: object) -> None:
    with pytest.raises(ValueError, match=r"show one or more dice, each a face 1\.\.6") as info:
        ShowAndReroll(shown)  # type: ignore[arg-type]
    assert repr(shown) in str(info.value)


def test_bad_text_says_what_is_read() -> None:
    with pytest.raises(InvalidBidError, match=r"'fold'.*or write 'challenge', 'calza'"):
        parse_action("fold", ld.preset("perudo"))
    with pytest.raises(ValueError, match="'show x'"):
        parse_action("show x")
    with pytest.raises(ValueError, match="expected text"):
        parse_action(3)  # type: ignore[arg-type]


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

from liarsdice.actions import MAX_SHOWN  # noqa: E402
from liarsdice.errors import ArgumentTypeError  # noqa: E402

ACTION_REFUSALS = [
    (lambda: ShowAndReroll("15"), ArgumentTypeError, "ShowAndReroll('15')"),
    (lambda: ShowAndReroll(None), ArgumentTypeError, "ShowAndReroll(None)"),
    (lambda: ShowAndReroll((2.0,)), ArgumentTypeError, "ShowAndReroll((2.0,))"),
    (lambda: ShowAndReroll((7,)), ValueError, "ShowAndReroll((7,))"),
    (lambda: ShowAndReroll(()), ValueError, "ShowAndReroll(())"),
    (lambda: ShowAndReroll((1,) * (MAX_SHOWN + 1)), ValueError, "ShowAndReroll((1, 1, 1"),
    (lambda: ShowAndReroll((1,) * 10**6), ValueError, "ShowAndReroll((1, 1, 1"),
    (lambda: action_text(None), ArgumentTypeError, "action=None"),
    (lambda: action_text("3x5"), ArgumentTypeError, "action='3x5'"),
    (lambda: parse_action(None), ArgumentTypeError, "None"),
    (lambda: parse_action(42), ArgumentTypeError, "42"),
    (lambda: parse_action("show " + "9" * 5000), ValueError, "'show 9999"),
    (lambda: parse_action("show " + "9" * 900), ValueError, "'show 9999"),
    (lambda: parse_action("show ²"), ValueError, "'show ²'"),
    (lambda: parse_action("show 7"), ValueError, "'show 7'"),
    (lambda: parse_action("x" * 10**6), ValueError, "'xxxx"),
    (lambda: parse_action("9" * 900 + "x5"), InvalidBidError, "'9999"),
    (lambda: parse_action("3x5", rules=42), ArgumentTypeError, "rules=42"),
    (lambda: parse_action("banana", rules="perudo"), InvalidBidError, "'banana'"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), ACTION_REFUSALS)
def test_bad_actions_are_refused_quoting_them(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600


def test_parse_action_takes_a_preset_name() -> None:
    assert parse_action("2 stars", rules="bluff") == Bid(2, 6)
    assert parse_action("calza", rules="perudo") == Calza()
    assert ShowAndReroll((1,) * MAX_SHOWN).shown == (1,) * MAX_SHOWN
