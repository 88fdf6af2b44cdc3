"""Tests of liarsdice.replay and the check every inference entry point makes with it: the
issue's impossible histories (a move illegal where it stands, a show-and-reroll under Blef, a
seat out of turn, a challenge mid-round, shown dice that disagree with view.shown) are refused
with a ValueError naming the move's position, seat and text; the engine's own views pass."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, ShowAndReroll, inference
from liarsdice.actions import Pass
from liarsdice.agents import ThresholdBot
from liarsdice.errors import ArgumentTypeError
from liarsdice.replay import replay_round
from tests.games import random_play

BLEF = ld.preset("blef")
SHOWING = ld.preset("bluff", show_and_reroll=True, dice=3)
BASE = inference.table_view(BLEF, (2, 2, 2), 0, (1, 5), [(1, "1x3"), (2, "2x3")])
SHOW_BASE = inference.table_view(SHOWING, (3, 3), 1, (1, 2, 3), [(0, "2x4")])


def hand_made(base: ld.view.View, **fields: object) -> ld.view.View:
    """Return `base` with some fields replaced, as a View built by hand."""
    return dataclasses.replace(base, **fields)


BAD_VIEWS = [
    # the issue's examples, each with the move the message must name
    (
        "a bid lower than the bid on the table",
        hand_made(BASE, history=((1, Bid(2, 3)), (2, Bid(1, 3)))),
        "move 2 of the round (seat 2: '1x3')",
        "not a raise",
    ),
    (
        "a show-and-reroll under Blef",
        hand_made(BASE, history=((1, Bid(1, 3)), (1, ShowAndReroll((3,))))),
        "move 2 of the round (seat 1: 'show 3')",
        "no show-and-reroll",
    ),
    (
        "a seat out of turn",
        hand_made(BASE, history=((1, Bid(1, 3)), (0, Bid(2, 3)))),
        "move 2 of the round (seat 0: '2x3')",
        "seat 2 is to play",
    ),
    (
        "a challenge mid-round",
        hand_made(BASE, history=((1, Bid(1, 3)), (2, Challenge()), (0, Bid(2, 3)))),
        "move 2 of the round (seat 2: 'challenge') ends the round",
        "1 more move",
    ),
    (
        "a challenge before any bid",
        hand_made(BASE, history=((1, Challenge()),)),
        "move 1 of the round (seat 1: 'challenge')",
        "no bid to answer",
    ),
    (
        "a calza under rules without it",
        hand_made(BASE, history=((1, Bid(1, 3)), (2, ld.Calza()))),
        "move 2 of the round (seat 2: 'calza')",
        "no calza",
    ),
    (
        "shown dice the moves never showed",
        hand_made(SHOW_BASE, history=((0, Bid(2, 4)), (0, ShowAndReroll((4,)))), shown=((5,), ())),
        "move 2 (seat 0: 'show 4')",
        "seat 0 shows (5,)",
    ),
    (
        "shown dice with no show at all",
        hand_made(SHOW_BASE, shown=((4,), ())),
        "shown=",
        "its moves this round show ()",
    ),
    (
        "the next seat bidding before the bidder passed or showed",
        hand_made(SHOW_BASE, history=((0, Bid(2, 4)), (1, Bid(2, 5)))),
        "move 2 of the round (seat 1: '2x5')",
        "seat 0 is to pass or show",
    ),
    (
        "a show of every hidden die",
        hand_made(SHOW_BASE, history=((0, Bid(2, 4)), (0, ShowAndReroll((1, 2, 4))))),
        "move 2 of the round (seat 0: 'show 1 2 4')",
        "some but not all of its 3 hidden dice",
    ),
]
ENTRY_POINTS = [
    ("posterior", lambda view, model: inference.posterior(view, model)),
    ("bid_probability", lambda view, model: inference.bid_probability(view, "2x3", model)),
    ("count_distribution", lambda view, model: inference.count_distribution(view, 3, model)),
    ("Belief", lambda view, model: inference.Belief(view, model)),
    ("likelihood_ratios", lambda view, model: inference.likelihood_ratios(view, model, 1, 3)),
    ("decisions", lambda view, model: inference.decisions(view)),
]
MODELS = [inference.UNIFORM, inference.quantal(2.0), inference.trembling(ThresholdBot(), 0.05)]


@pytest.mark.parametrize("model", MODELS, ids=repr)
@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e[0])
@pytest.mark.parametrize("case", BAD_VIEWS, ids=lambda c: c[0])
def test_an_impossible_history_is_refused_naming_the_move(case, entry, model) -> None:
    _, view, move, reason = case
    with pytest.raises(ValueError) as info:  # before: KeyError, tuple.index or a wrong answer
        entry[1](view, model)
    assert type(info.value) is ValueError and move in str(info.value)
    assert reason in str(info.value)


def test_the_issues_key_and_index_errors_are_now_value_errors() -> None:
    lower = BAD_VIEWS[0][1]
    for model in (inference.UNIFORM, inference.quantal(2.0)):  # were KeyError, tuple.index
        with pytest.raises(ValueError, match=r"move 2 of the round \(seat 2: '1x3'\)"):
            inference.bid_probability(lower, "2x3", model)


def test_a_legal_hand_made_view_is_read() -> None:
    rerolled = hand_made(
        SHOW_BASE,
        history=((0, Bid(2, 4)), (0, ShowAndReroll((4,))), (1, Bid(2, 5)), (1, Pass())),
        shown=((4,), ()),
    )
    assert set(inference.posterior(rerolled)) == {0}


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("name", ["blef", "perudo", "bluff"])
def test_the_engines_own_views_replay(name: str, seed: int) -> None:
    rules = ld.preset(name, show_and_reroll=seed % 2 == 1, dice=3)
    game = ld.Game(rules, 3 + seed % 3, seed)
    random_play(game, np.random.default_rng(seed), 3 + seed)
    if game.is_over:
        return
    view = game.view(game.current_player)
    state = replay_round(rules, view.dice, view.history, view.palifico)
    assert state.shown == view.shown and state.previous == view.previous
    assert state.mover == (view.current_player if view.history else None)
    inference.posterior(view)


def test_table_view_reads_passes_and_shows_and_refuses_calls() -> None:
    view = inference.table_view(SHOWING, (3, 3), 1, (1, 2, 3), [(0, "2x4"), (0, "show 4")])
    assert view.shown == ((4,), ()) and view.current_player == 1 and view.legal
    with pytest.raises(ValueError, match=r"move 2 of the round \(seat 1: '2x5'\)"):
        inference.table_view(SHOWING, (3, 3), 1, (1, 2, 3), [(0, "2x4"), (1, "2x5")])
    with pytest.raises(ValueError, match=r"move 2 \(1, 'challenge'\)"):
        inference.table_view(BLEF, (3, 3), 0, (1, 2, 3), [(1, "2x5"), (1, "challenge")])
    with pytest.raises(ValueError, match=r"shown=.*the moves show"):
        inference.table_view(SHOWING, (3, 3), 1, (1, 2, 3), [(0, "2x4")], shown=[(5,), ()])


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [
        (lambda: replay_round(None, (2, 2), ()), ArgumentTypeError, "None"),
        (lambda: replay_round(BLEF, (2, 11), ()), ValueError, "(2, 11)"),
        (lambda: replay_round(BLEF, (2, 2), "1:2x5"), ArgumentTypeError, "'1:2x5'"),
        (lambda: replay_round(BLEF, (2, 2), [(0, "2x5")]), ArgumentTypeError, "(0, '2x5')"),
        (lambda: replay_round(BLEF, (2, 2), [(5, Bid(1, 2))]), ValueError, "5"),
        (lambda: replay_round(BLEF, (0, 2, 2), [(0, Bid(1, 2))]), ValueError, "no dice"),
        (lambda: replay_round(BLEF, (2, 2), (), palifico="no"), ArgumentTypeError, "'no'"),
    ],
)  # fmt: skip
def test_replay_round_refuses_hostile_input_quoting_it(call, kind, shown: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert shown in str(info.value)
