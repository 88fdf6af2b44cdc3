"""review checks the moves it is given (issue: hostile input, round two, item 8): an
impossible bid, or a challenge with no bid before it, is refused naming the move, never
reviewed as legal; a hand-made view is checked as render checks it."""

from __future__ import annotations

import dataclasses

import pytest

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Game
from liarsdice.errors import ArgumentTypeError, IllegalMoveError
from liarsdice.review import review


def opening_view() -> ld.View:
    """Return the view of the seat that opens a fresh three-seat blef game."""
    game = Game(ld.preset("blef"), 3, seed=1)
    return game.view(game.current_player)


def answering_view() -> ld.View:
    """Return the view of the seat that answers an opening bid of 3x5 (15 dice on the table)."""
    game = Game(ld.preset("perudo"), 3, seed=1)
    game.apply(Bid(3, 5))
    return game.view(game.current_player)


@pytest.mark.parametrize(
    ("view", "action", "quoted"),
    [
        (opening_view, Challenge(), "the move Challenge() (challenges)"),  # no bid before it
        (opening_view, Calza(), "the move Calza()"),
        (opening_view, Bid(99, 5), "the move Bid(99, 5)"),  # more dice than the table's 15
        (answering_view, Bid(2, 5), "the move Bid(2, 5)"),  # not a raise after 3x5
        (answering_view, Bid(3, 5), "the move Bid(3, 5)"),
    ],
)
def test_an_impossible_move_is_refused_naming_it(view, action, quoted) -> None:
    with pytest.raises(IllegalMoveError) as raised:
        review([(view(), action)])
    assert quoted in str(raised.value)
    assert "decisions[0]" in str(raised.value)


def test_a_challenge_the_view_wrongly_lists_is_still_refused() -> None:
    view = dataclasses.replace(opening_view(), legal=(Challenge(), Bid(1, 2)))
    with pytest.raises(IllegalMoveError, match="no bid on the table"):
        review([(view, Challenge())])


def test_every_decision_is_checked_before_any_is_reviewed() -> None:
    good = (answering_view(), Challenge())
    with pytest.raises(IllegalMoveError, match=r"decisions\[1\]"):
        review([good, (opening_view(), Challenge())])
    assert len(review([good, (answering_view(), Bid(4, 5))])) == 2


@pytest.mark.parametrize(
    ("fields", "error", "quoted"),
    [
        ({"dice": (5,)}, ArgumentTypeError, "view.dice=(5,)"),  # one seat: was IndexError
        ({"dice": (-1, 5, 5)}, ValueError, "view.dice=(-1, 5, 5)"),
        ({"shown": ()}, ValueError, "view.shown=()"),
        ({"seat": 9}, ValueError, "view.seat=9"),
        ({"hand": (1, 2, 3, 4, 5, 6)}, ValueError, "view.hand=(1, 2, 3, 4, 5, 6)"),
    ],
)
def test_a_view_out_of_range_is_refused_quoting_the_field(fields, error, quoted) -> None:
    view = dataclasses.replace(answering_view(), **fields)
    with pytest.raises(error) as raised:
        review([(view, Challenge())])
    assert quoted in str(raised.value) and "decisions[0]" in str(raised.value)
