"""Tests of liarsdice.botkit and the bot toolkit on View (locked, next_seat): every cached
answer equals the direct computation from liarsdice.odds."""

from __future__ import annotations

import math

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, botkit, odds
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from tests.games import random_play


def test_view_locked_and_next_seat() -> None:
    game = Game(ld.preset("perudo", dice=2), 3, seed=4, opener=0)
    view = game.view(0)
    assert not view.locked and view.next_seat == 1
    game.apply(Bid(6, 6))
    game.apply(Challenge())  # seat 0 loses a die: down to one, a palifico round follows
    assert game.palifico
    for seat in range(3):
        view = game.view(seat)
        assert view.locked == (game.dice[seat] > 1)
    three = Game(ld.preset("blef", dice=1), 3, seed=1, opener=0)
    while three.dice.count(1) == 3:
        random_play(three, np.random.default_rng(0), moves=1)
    out = three.dice.index(0)
    before = (out - 1) % 3
    assert three.view(before).next_seat == (out + 1) % 3  # an empty seat is skipped


def test_the_toolkit_answers_equal_the_odds_module() -> None:
    game = Game(ld.preset("perudo"), 4, seed=9, opener=0)
    game.apply(Bid(4, 5))
    view = game.view(1)
    rules = view.rules
    table = odds.table(rules, view.unknown, view.known, view.palifico)
    assert np.array_equal(botkit.chances(view), table)
    with pytest.raises(ValueError):
        botkit.chances(view)[0, 0] = 0.5  # the cached table is shared: read-only
    assert botkit.bid_chance(view, Bid(4, 5)) == table[4, 4]
    assert botkit.bid_chance(view, Bid(99, 5)) == 0.0
    assert botkit.raises(view) == tuple(a for a in view.legal_actions() if isinstance(a, Bid))
    cheapest = botkit.cheapest_raises(view)
    assert len({b.face for b in cheapest}) == len(cheapest) == 6
    cost = odds.challenge_cost(Bid(4, 5), rules, view.unknown, view.known, view.dice, 0, 1)
    assert botkit.challenge_loss(view) == pytest.approx(float(cost.expected_challenger_loss))
    raised = odds.challenge_cost(Bid(5, 5), rules, view.unknown, view.known, view.dice, 1, 2)
    assert botkit.raise_loss(view, Bid(5, 5)) == pytest.approx(float(raised.expected_bidder_loss))
    right = float(odds.p_exact(Bid(4, 5), rules, view.unknown, view.known))
    assert botkit.calza_loss(view) == pytest.approx(1 - right)  # at the start dice: no gain
    assert botkit.is_move_turn(view)
    with pytest.raises(ValueError, match="not its turn"):
        botkit.is_move_turn(game.view(2))
    assert list(botkit.held((1, 1, 5))) == [2, 0, 0, 0, 1, 0]


# --- issue 14: the toolkit refuses bad input quoting it -----------------------------------------


def a_view():
    """Return the view of the seat to move after an opening bid."""
    game = Game(ld.preset("perudo"), 3, seed=1, opener=0)
    game.apply(Bid(2, 3))
    return game.view(1)


@pytest.mark.parametrize(
    ("call", "value", "error"),
    [
        (botkit.is_move_turn, "view", ArgumentTypeError),
        (botkit.calza_loss, None, ArgumentTypeError),  # was AttributeError
        (botkit.challenge_loss, 3, ArgumentTypeError),
        (lambda v: botkit.bid_chance(a_view(), v), "2x3", ArgumentTypeError),
        (lambda v: botkit.raise_loss(a_view(), v), None, ArgumentTypeError),
        (lambda v: botkit.odds_table(ld.preset("blef"), v, (), False), 10**5000, ValueError),
        (lambda v: botkit.odds_table(ld.preset("blef"), v, (), False), -1, ValueError),
        (lambda v: botkit.odds_table(ld.preset("blef"), 3, v, False), (7,), ValueError),
        (lambda v: botkit.odds_table(ld.preset("blef"), 3, (), v), "no", ArgumentTypeError),
        (lambda v: botkit.odds_table(v, 3, (), False), "blef", ArgumentTypeError),
        (botkit.held, (0, 7), ValueError),  # was a silent array of 7 counts, or a numpy error
        (botkit.held, "123", ArgumentTypeError),
        (botkit.bid_arrays, ["2x3"], ArgumentTypeError),
        (botkit.lowest_of_each_face, [None], ArgumentTypeError),
        (lambda v: botkit.by_cost([(v, 0, Challenge())]), math.nan, ValueError),
        (lambda v: botkit.by_cost([(v, 0, Challenge())]), 10**5000, ValueError),
        (lambda v: botkit.by_cost([(0.5, 0, v)]), "challenge", ArgumentTypeError),
        (botkit.cheapest, [], ValueError),  # was IndexError
        (lambda v: botkit.calza_cost(v, True), math.nan, ValueError),
        (lambda v: botkit.calza_cost(v, True), 1.5, ValueError),
        (lambda v: botkit.calza_cost(0.5, v), "yes", ArgumentTypeError),
        (lambda v: botkit.expected_loss(rules(), Bid(1, 2), 3, (), (2, 2), 0, 1, False, v), -1,
         ValueError),  # a negative seat indexed from the end
        (lambda v: botkit.expected_loss(rules(), Bid(1, 2), 3, (), (2, 2), 0, 1, False, v),
         10**5000, ValueError),
        (lambda v: botkit.expected_loss(rules(), Bid(1, 2), 3, (), v, 0, 1, False, 0), [[2]],
         ArgumentTypeError),  # unhashable: was a raw TypeError from the cache
    ],
    ids=quote,
)  # fmt: skip
def test_the_toolkit_refuses_bad_input_quoting_it(call, value: object, error: type) -> None:
    with pytest.raises(error) as caught:
        call(value)
    assert quote(value) in str(caught.value)


def rules() -> ld.Rules:
    """Return the Blef rules."""
    return ld.preset("blef")


def test_large_tables_are_answered_but_not_cached() -> None:
    botkit._odds_table.cache_clear()
    table = botkit.odds_table(rules(), botkit.CACHED_DICE + 1, (), False)
    assert table.shape == (6, botkit.CACHED_DICE + 2) and not table.flags.writeable
    assert botkit._odds_table.cache_info().currsize == 0
    assert botkit.odds_table(rules(), 3, [1, 2], np.True_) is botkit.odds_table(
        rules(), 3, (1, 2), True
    )
