"""Tests of liarsdice.botkit and the bot toolkit on View (locked, next_seat): every cached
answer equals the direct computation from liarsdice.odds."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, botkit, botkit_fast, odds
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.settlement import settle
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


# --- issue 15: ExpectedLossBot's fast path gives the same floats as the checked toolkit ---------

# Every loss and exact option, with starting dice small enough that a gained die can be refused.
LOSS_RULES = [ld.preset(name) for name in sorted(ld.PRESETS)] + [
    ld.preset("bluff", dice=2, box_dice=None),
    ld.preset("liars_dice_endless", dice=2),
]


def small_tables(rules: ld.Rules) -> Iterator[tuple[int, ...]]:
    """Yield dice per seat of 2..4 seats (0..3 dice each, 0..2 with four), some seat with dice."""
    for seats, most in ((2, 3), (3, 3), (4, 2)):
        if seats <= rules.max_players:
            for dice in itertools.product(range(most + 1), repeat=seats):
                if sum(1 for n in dice if n) >= 2:
                    yield dice


@pytest.mark.parametrize("rules", LOSS_RULES, ids=lambda r: r.preset_name or repr(r)[:60])
def test_shifted_losses_are_the_settlement_of_every_count_and_quantity(rules: ld.Rules) -> None:
    """The fast path's one row of losses per table and seats, read at count - quantity, is what
    settle() gives for every quantity and count (quantities above the dice included)."""
    for dice in small_tables(rules):
        total = sum(dice)
        holders = [seat for seat, n in enumerate(dice) if n]
        for bidder, challenger in itertools.permutations(holders, 2):
            rows = botkit_fast._shifted_losses(rules, dice, bidder, challenger)
            assert len(rows) == len(dice) and all(len(row) == 2 * total + 1 for row in rows)
            for quantity in range(1, total + 3):
                for count in range(total + 1):
                    lost = settle(rules, dice, bidder, challenger, Bid(quantity, 2), count).lost
                    at = max(count - quantity, -total) + total
                    assert tuple(row[at] for row in rows) == lost, (dice, quantity, count)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), rules=st.sampled_from(LOSS_RULES), palifico=st.booleans())
def test_fast_losses_equal_expected_loss_exactly(
    data: st.DataObject, rules: ld.Rules, palifico: bool
) -> None:
    """_loss (the fast path's cost) is expected_loss's float, bit for bit, for every seat."""
    seats = data.draw(st.integers(2, min(5, rules.max_players)))
    dice = tuple(data.draw(st.lists(st.integers(0, 6), min_size=seats, max_size=seats)))
    holders = [seat for seat, n in enumerate(dice) if n]
    assume(len(holders) >= 2)
    bidder, challenger = data.draw(st.permutations(holders))[:2]
    seat = data.draw(st.integers(0, seats - 1))
    known = tuple(sorted(data.draw(st.lists(st.integers(1, 6), max_size=min(sum(dice), 8)))))
    bid = Bid(data.draw(st.integers(1, sum(dice) + 2)), data.draw(st.integers(1, 6)))
    unknown = sum(dice) - len(known)
    slow = botkit.expected_loss(
        rules, bid, unknown, known, dice, bidder, challenger, palifico, seat
    )
    matched = rules.count(known, bid.face, palifico)
    fast = botkit_fast._loss(
        rules, dice, bidder, challenger, seat, bid, palifico, matched, len(known)
    )
    assert fast == slow


def test_the_fast_path_refuses_what_settlement_refuses() -> None:
    with pytest.raises(ValueError, match="must differ"):
        botkit_fast._shifted_losses(rules(), (2, 2), 0, 0)
    with pytest.raises(ValueError, match="not a seat with dice"):
        botkit_fast._shifted_losses(rules(), (2, 0, 2), 0, 1)
