"""A move added from outside the package, in one module and one registration, plays through
the match loop and reads right everywhere (issue 23, item 2).

The toy move Concede() gives up the round once a bid is on the table: the conceder loses one
die, no challenge is settled. It is declared the way docs/extending.md says: a frozen value
class and one MoveKind.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import liarsdice as ld
from liarsdice import actions, botkit, inference, render
from liarsdice.match import Match, Moved
from liarsdice.moves import Effect, MoveKind, register_move, unregister_move
from liarsdice.replay import replay_round
from liarsdice.settlement import Settlement, apply_owed, next_seat_unchecked


@dataclass(frozen=True)
class Concede:
    """Give up the round: lose one die without a reveal of who was right."""


class ConcedeKind(MoveKind):
    type = Concede
    name = "concede"
    effect = Effect.CALL
    words = ("concede", "fold")
    depends = ("previous",)

    def offered(self, turn):
        return (Concede(),) if turn.previous is not None else ()

    def describe(self, rules, action):
        return "concedes the round"

    def settle(self, rules, dice, bidder, caller, bid, count) -> Settlement:
        new, lost = apply_owed(dice, {caller: 1}, rules.start_dice(len(dice)))
        text = f"seat {caller} concedes to seat {bidder} and loses 1 die"
        return Settlement(new, lost, bidder, caller, next_seat_unchecked(new, bidder), text)


class Conceder:
    """Concedes any bid it believes (P(true) >= 0.6), else plays ExpectedLossBot's move."""

    def act(self, view):
        if view.previous is not None and botkit.bid_chance(view, view.previous) >= 0.6:
            return Concede()
        return ld.agents.ExpectedLossBot().act(view)


@pytest.fixture
def concede() -> Iterator[None]:
    register_move(ConcedeKind())
    yield
    unregister_move(Concede)


def test_a_toy_move_plays_through_the_match_loop(concede: None) -> None:
    game = ld.Game(ld.preset("perudo"), players=3, seed=4)
    heard = []
    match = Match(game, [Conceder(), ld.agents.RandomBot(seed=1), Conceder()])
    match.subscribe(heard.append)
    match.run()
    conceded = [e for e in heard if isinstance(e, Moved) and isinstance(e.action, Concede)]
    assert game.is_over and conceded
    for result in game.results:
        if isinstance(result.action, Concede):
            assert result.explanation.startswith(f"seat {result.caller} concedes")
            assert result.settlement.lost[result.caller] == 1
    # the record reads it back by its words, and replays to the same game
    again = ld.Game.from_json(game.to_json())
    assert again.actions == game.actions and again.results == game.results
    assert actions.parse_action("fold") == Concede() and actions.action_text(Concede()) == "concede"
    assert render.move_text("perudo", 2, Concede()) == "seat 2 concedes the round"


def test_the_engine_offers_and_refuses_it_by_its_kind(concede: None) -> None:
    game = ld.Game(ld.preset("blef"), players=2, seed=0, opener=0)
    assert Concede() not in game.legal_actions()
    with pytest.raises(ld.IllegalMoveError, match="not allowed here"):
        game.apply(Concede())
    game.apply(ld.Bid(2, 3))
    assert game.legal_actions()[0] == ld.Challenge()
    assert game.legal_actions()[-1] == Concede()  # kinds list their moves in registration order
    game.apply(Concede())
    assert game.dice == (5, 4) and game.round == 2


def test_readers_replay_it(concede: None) -> None:
    view = ld.Game(ld.preset("blef"), players=2, seed=0, opener=0)
    view.apply(ld.Bid(2, 3))
    seen = view.view(0)
    history = ((0, ld.Bid(2, 3)), (1, Concede()))
    state = replay_round(seen.rules, seen.dice, history)
    assert state.mover is None and state.previous == ld.Bid(2, 3)
    posterior = inference.posterior(seen, inference.UNIFORM)
    assert set(posterior) == {1}


def test_unregistered_the_game_is_as_before(concede: None) -> None:
    unregister_move(Concede)
    game = ld.Game(ld.preset("blef"), players=2, seed=0, opener=0)
    game.apply(ld.Bid(2, 3))
    assert Concede() not in game.legal_actions()
    with pytest.raises(ld.IllegalMoveError):
        game.apply(Concede())
    register_move(ConcedeKind())  # for the fixture's teardown
