"""Tests of the after-game review: its odds and costs against brute-force enumeration of the
hidden dice, its advice against ExpectedLossBot, and its texts."""

from __future__ import annotations

import dataclasses
import html
import itertools
import math

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge
from liarsdice.agents import ExpectedLossBot
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_number, translate
from liarsdice.review import MAX_DECISIONS, review, review_html, review_text
from liarsdice.rules import changed
from liarsdice.view import Phase, View


def small_game(preset: str = "blef", dice: int = 2, seed: int = 4) -> Game:
    """Return a heads-up game with `dice` dice each."""
    return Game(changed(ld.preset(preset), "dice", dice), 2, seed)


def decisions_of(game: Game, seat: int, rng: np.random.Generator) -> list[tuple[View, object]]:
    """Play the game to its end with random legal moves; return seat's (view, action) pairs."""
    made = []
    while not game.is_over:
        actions = game.legal_actions()
        action = actions[int(rng.integers(len(actions)))]
        if game.current_player == seat:
            made.append((game.view(seat), action))
        game.apply(action)
    return made


def brute_force(view: View, bid: Bid, bidder: int, challenger: int) -> tuple[float, float]:
    """Return (P(bid true), the view's seat's expected dice lost if `challenger` challenges it)
    by enumerating every hidden die."""
    rules, truths, losses = view.rules, [], []
    for hidden in itertools.product(range(1, 7), repeat=view.unknown):
        dice = list(view.known) + list(hidden)
        count = rules.count(dice, bid.face, view.palifico)
        truths.append(count >= bid.quantity)
        settled = ld.settle(rules, view.dice, bidder, challenger, bid, count)
        losses.append(settled.lost[view.seat])
    return float(np.mean(truths)), float(np.mean(losses))


def test_the_odds_and_the_costs_are_those_of_every_hidden_hand() -> None:
    checked = 0
    for preset, seed in [("blef", 4), ("perudo", 9), ("bluff", 2)]:
        game = small_game(preset, seed=seed)
        made = decisions_of(game, 0, np.random.default_rng(seed))
        rows = review(made)
        bidding = [(v, a) for v, a in made if v.phase == Phase.BID]
        assert len(rows) == len(bidding) > 0
        for row, (view, action) in zip(rows, bidding):
            assert row.chosen == action and row.round == view.round
            if view.previous is not None:
                p_true, loss = brute_force(view, view.previous, view.bidder, view.seat)
                assert abs(row.p_true - p_true) < 1e-12
                assert abs(row.cost_of(Challenge()) - loss) < 1e-12
                checked += 1
            for action, cost in row.costs:
                if isinstance(action, Bid):  # costed as if the next seat challenged it
                    _, loss = brute_force(view, action, view.seat, view.next_seat)
                    assert abs(cost - loss) < 1e-12
    assert checked >= 3


def test_the_advice_is_expected_loss_bots_move_and_cheapest_first() -> None:
    game = small_game("blef", dice=3, seed=11)
    rows = review(decisions_of(game, 1, np.random.default_rng(3)))
    game = small_game("blef", dice=3, seed=11)
    views = [v for v, _ in decisions_of(game, 1, np.random.default_rng(3))]
    for row, view in zip(rows, views):
        assert row.advised == ExpectedLossBot().act(view)
        costs = [cost for _, cost in row.costs]
        assert costs == sorted(costs)
        assert row.costs[0][0] == row.advised
        assert row.agrees == (row.chosen == row.advised)


def test_show_turns_are_left_out() -> None:
    rules = changed(ld.preset("blef"), "show_and_reroll", True)
    for seed in range(40):
        game = Game(rules, 2, seed)
        made = decisions_of(game, 0, np.random.default_rng(seed))
        shows = [v for v, _ in made if v.phase == Phase.SHOW]
        if shows:
            assert len(review(made)) == len(made) - len(shows)
            return
    raise AssertionError("no show turn in 40 seeded games")


def test_the_texts_say_where_you_and_the_bot_differ() -> None:
    game = small_game("blef", dice=2, seed=4)
    view = game.view(game.current_player)
    advised = ExpectedLossBot().act(view)
    other = next(a for a in view.legal_actions() if a != advised)
    rows = review([(view, advised), (view, other)])
    lines = review_text(rows, game.rules)
    assert "as the bot" in lines[0] and "as the bot" not in lines[1]
    page = review_html(rows, game.rules)
    assert page.count("<tr") == 3 and page.count("#fff4e5") == 1
    assert "1 of 2 as ExpectedLossBot" in page
    assert review_html([], game.rules).startswith("<p>No decisions")


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_texts_are_in_the_language_with_its_decimal_sign(lang: str) -> None:
    game = small_game("blef", dice=2, seed=4)
    view = game.view(game.current_player)
    advised = ExpectedLossBot().act(view)
    other = next(a for a in view.legal_actions() if a != advised)
    rows = review([(view, advised), (view, other)])
    try:
        ld.set_language(lang)
        lines, page = review_text(rows, game.rules), review_html(rows, game.rules)
        empty = review_html([], game.rules)
        agreed, words = translate("as the bot"), translate("Your decisions")
        cost = format_number(rows[0].costs[0][1], 2)
        middle = translate("{move} costs {cost} dice on average").split("}")[1].split("{")[0]
    finally:
        ld.set_language(None)
    assert agreed != "as the bot" and words != "Your decisions"  # the catalog has them
    assert agreed in lines[0] and agreed not in lines[1]
    assert html.escape(words) in page and "Your decisions" not in page
    assert translate("No decisions of yours to review.") not in empty  # English is back here
    assert "," in cost and cost in lines[0] and middle.strip() and middle in lines[0]
    assert "as the bot" in review_text(rows, game.rules)[0]  # English again


# --- issue 14: bad decisions and rows are refused quoting them ---------------------------------


def test_review_refuses_what_is_no_decision() -> None:
    game = small_game()
    view = game.view(game.current_player)
    for decisions, quoted in [
        ("decisions", "'decisions'"),
        (7, "7"),
        ([view], "decisions[0]="),
        ([(view, "challenge")], "'challenge'"),
        ([("view", Challenge())], "'view'"),
        ([(view, Challenge())] * (MAX_DECISIONS + 1), f"{MAX_DECISIONS:,}"),
    ]:
        with pytest.raises(ValueError) as caught:
            review(decisions)  # type: ignore[arg-type]
        assert quoted in str(caught.value)
    rows = review([(view, view.legal_actions()[-1])])
    assert len(rows) == 1
    for bad in (["row"], None):
        with pytest.raises(ArgumentTypeError):
            review_text(bad, ld.preset("blef"))  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError):
            review_html(bad, ld.preset("blef"))  # type: ignore[arg-type]
    assert review_text(rows, "blef") == review_text(rows, ld.preset("blef"))
    with pytest.raises(ValueError, match="p_true=nan"):
        dataclasses.replace(rows[0], p_true=math.nan)
    with pytest.raises(ValueError, match="p_true=None"):
        dataclasses.replace(rows[0], bid=Bid(1, 2), p_true=None)
