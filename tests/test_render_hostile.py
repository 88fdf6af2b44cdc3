"""Render checks the values it is given (issue: hostile input, round two, item 8): a View or
match event built by hand with fields out of range is refused with an error quoting the field,
never an IndexError, an AttributeError or a wrong line of text."""

from __future__ import annotations

import dataclasses

import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, render
from liarsdice.errors import ArgumentTypeError
from liarsdice.match import GameOver, Moved, Revealed, RoundStarted, Settled
from liarsdice.view import View


def a_view() -> View:
    """Return seat 0's view of a fresh three-seat blef game."""
    return Game(ld.preset("blef"), 3, seed=1).view(0)


def a_result() -> ld.engine.RoundResult:
    """Return the reveal of a settled round."""
    game = Game(ld.preset("blef"), 2, seed=3, opener=0)
    game.apply(Bid(1, 5))
    game.apply(Challenge())
    return game.results[-1]


# the issue's examples, then the other fields a renderer reads
BAD_VIEWS = [
    ({"shown": ()}, ValueError, "view.shown=()"),  # no shown dice tuple: was IndexError
    ({"dice": (-1, 5, 5)}, ValueError, "view.dice=(-1, 5, 5)"),  # was drawn as "-1 dice"
    ({"dice": (5,)}, ArgumentTypeError, "view.dice=(5,)"),  # one seat: was IndexError
    ({"shown": ((),)}, ValueError, "view.shown=((),)"),
    ({"shown": ((), (), "22")}, ValueError, "'22'"),
    ({"shown": ((7,), (), ())}, ValueError, "the die 7"),
    ({"shown": ((2, 2, 2, 2, 2, 2), (), ())}, ValueError, "view.shown[0]"),
    ({"dice": (5, 5, 10**6)}, ValueError, "view.dice=(5, 5, 1000000)"),
    ({"dice": (5, 5, 5.0)}, ArgumentTypeError, "view.dice=(5, 5, 5.0)"),
    ({"dice": (5,) * 21}, ValueError, "view.dice="),
    ({"seat": 3}, ValueError, "view.seat=3"),
    ({"current_player": -1}, ValueError, "view.current_player=-1"),
    ({"bidder": 7}, ValueError, "view.bidder=7"),
    ({"round": 0}, ValueError, "view.round=0"),
    ({"palifico": "no"}, ArgumentTypeError, "view.palifico='no'"),
    ({"phase": "bid!"}, ArgumentTypeError, "view.phase='bid!'"),
    ({"rules": "blef"}, ArgumentTypeError, "view.rules='blef'"),
    ({"previous": "3x5"}, ArgumentTypeError, "view.previous='3x5'"),
    ({"history": ((5, Bid(1, 2)),)}, ValueError, "view.history seat=5"),
    ({"history": ((0, "fold"),)}, ArgumentTypeError, "'fold'"),
    ({"last_round": "reveal"}, ArgumentTypeError, "result='reveal'"),
    ({"legal": None}, ArgumentTypeError, "view.legal=None"),
]


@pytest.mark.parametrize("draw", [render.view_text, render.view_html])
@pytest.mark.parametrize(("fields", "error", "quoted"), BAD_VIEWS)
def test_a_view_out_of_range_is_refused_quoting_the_field(draw, fields, error, quoted) -> None:
    view = dataclasses.replace(a_view(), **fields)
    with pytest.raises(error) as raised:
        draw(view, {})
    assert quoted in str(raised.value)


def test_a_view_of_another_table_size_is_refused_for_its_last_round() -> None:
    view = dataclasses.replace(a_view(), last_round=a_result())  # two seats' reveal
    with pytest.raises(ValueError, match="2 seats, not the view's 3"):
        render.view_text(view, {})


def test_a_view_made_by_the_engine_still_draws() -> None:
    view = a_view()
    assert render.view_text(view, {0: view.hand}, you=0) == str(view)
    assert "seat 2 (5)" in render.view_html(view, {})


def test_the_issues_event_examples_are_refused_when_made() -> None:
    with pytest.raises(ArgumentTypeError, match="result=None"):
        Settled(None)  # type: ignore[arg-type]  # event_text raised AttributeError
    with pytest.raises(ArgumentTypeError, match="winner=None"):
        GameOver(None, None)  # type: ignore[arg-type]  # "You win!" was printed


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: Revealed("reveal"), "result='reveal'"),
        (lambda: GameOver(0, (1.0,)), "returns=(1.0,)"),
        (lambda: GameOver(2, (1.0, -1.0)), "winner=2"),
        (lambda: GameOver(0, (1.0, float("nan"))), "returns[1]=nan"),
        (lambda: RoundStarted(0, 0, False, (5, 5)), "round=0"),
        (lambda: RoundStarted(1, 2, False, (5, 5)), "opener=2"),
        (lambda: RoundStarted(1, 0, False, (5,)), "dice=(5,)"),
        (lambda: RoundStarted(1, 0, False, (5, -1)), "dice=(5, -1)"),
        (lambda: RoundStarted(1, 0, "yes", (5, 5)), "palifico='yes'"),
        (lambda: Moved(-1, Bid(1, 2), 1), "seat=-1"),
        (lambda: Moved(0, "3x5", 1), "action='3x5'"),
        (lambda: Moved(0, Bid(1, 2), 0), "round=0"),
    ],
)
def test_events_check_what_they_hold(make, quoted) -> None:
    with pytest.raises(ValueError) as raised:
        make()
    assert quoted in str(raised.value)


def test_an_event_changed_after_it_was_made_is_refused_by_event_text() -> None:
    over = GameOver(1, (-1.0, 1.0))
    assert render.event_text(over, "blef", you=1) == "You win!"
    object.__setattr__(over, "winner", None)
    with pytest.raises(ArgumentTypeError, match="winner=None"):
        render.event_text(over, "blef")  # no longer "You win!" for you=None
    settled = Settled(a_result())
    object.__setattr__(settled, "result", None)
    with pytest.raises(ArgumentTypeError, match="result=None"):
        render.event_text(settled, "blef")


@pytest.mark.parametrize(
    ("fields", "quoted"),
    [
        ({"dice": ((1, 2),)}, "result.dice=((1, 2),)"),
        ({"dice": ((1, 9), (2,))}, "the die 9"),
        ({"round": 0}, "result.round=0"),
        ({"bid": "1x5"}, "result.bid='1x5'"),
        ({"bidder": 5}, "result.bidder=5"),
        ({"action": Bid(1, 2)}, "result.action=Bid(1, 2)"),
        ({"count": -1}, "result.count=-1"),
        ({"settlement": None}, "result.settlement=None"),
    ],
)
def test_a_reveal_out_of_range_is_refused_quoting_the_field(fields, quoted) -> None:
    result = dataclasses.replace(a_result(), **fields)
    for draw in (render.reveal_text, render.reveal_html):
        with pytest.raises(ValueError) as raised:
            draw(result, "blef")
        assert quoted in str(raised.value)
