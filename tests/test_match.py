"""Tests of liarsdice.match: the one game loop. Events in order, humans that are asked or
awaited, refused moves that change nothing, and play_game as a match of bots."""

from __future__ import annotations

import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, IllegalMoveError
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.match import (
    GameOver,
    Human,
    Match,
    Moved,
    Revealed,
    RoundStarted,
    Settled,
    play_game,
)
from tests.games import PRESET_NAMES, players_for


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_events_tell_the_whole_game_in_order(name: str) -> None:
    rules = ld.preset(name, show_and_reroll=name == "bluff")
    players = players_for(rules, 3)
    game = Game(rules, players, seed=4)
    events: list = []
    Match(game, [RandomBot(s) for s in range(players)], [events.append]).run()
    assert isinstance(events[0], RoundStarted) and events[0].round == 1
    assert isinstance(events[-1], GameOver) and events[-1].winner == game.winner
    assert events[-1].returns == game.returns
    assert [(e.seat, e.action) for e in events if isinstance(e, Moved)] == game.actions
    reveals = [e.result for e in events if isinstance(e, Revealed)]
    assert reveals == game.results == [e.result for e in events if isinstance(e, Settled)]
    starts = [e for e in events if isinstance(e, RoundStarted)]
    assert [s.round for s in starts] == list(range(1, game.round + 1))
    for start, result in zip(starts[1:], game.results):
        assert start.dice == result.settlement.dice  # a round starts with the settled dice
    # A move's round is the round it was played in; each round ends with its reveal.
    for i, event in enumerate(events):
        if isinstance(event, Revealed):
            assert isinstance(events[i - 1], Moved) and events[i - 1].round == event.result.round
            assert isinstance(events[i + 1], Settled)


def test_a_match_of_bots_is_play_game() -> None:
    bots = [RandomBot(1), ThresholdBot(), ExpectedLossBot()]
    game = play_game("perudo", bots, seed=3)
    fresh = [RandomBot(1), ThresholdBot(), ExpectedLossBot()]  # RandomBot keeps a Generator
    again = Match(Game(ld.preset("perudo"), 3, seed=3), fresh).run()
    assert game.to_json() == again.to_json()


def test_a_human_without_ask_is_awaited_and_submits_legal_moves_only() -> None:
    game = Game(ld.preset("blef"), 3, seed=0, opener=0)
    match = Match(game, [Human(), ThresholdBot(), ThresholdBot()])
    match.advance()
    assert match.waiting == 0 and game.current_player == 0
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="no bid yet"):
        match.submit(Challenge())
    assert game.to_json() == before and match.waiting == 0
    assert match.submit(Bid(1, 2)) is False  # settles nothing
    with pytest.raises(IllegalMoveError, match="no human seat is waiting"):
        match.submit(Bid(2, 2))
    match.advance(pause_after_round=True)
    assert game.actions[0] == (0, Bid(1, 2))
    with pytest.raises(ValueError, match="Human without ask"):
        Match(Game(ld.preset("blef"), 2, seed=0), [Human(), RandomBot()]).run()


def test_pausing_after_a_round_waits_for_the_next_advance() -> None:
    game = Game(ld.preset("blef"), 3, seed=2)
    settled: list = []
    match = Match(game, [RandomBot(s) for s in range(3)], [settled.append])
    match.advance(pause_after_round=True)
    assert len(game.results) == 1 and isinstance(settled[-1], RoundStarted)
    assert game.round == 2 and not any(e.round == 2 for e in settled if isinstance(e, Moved))
    match.advance(pause_after_round=True)
    assert len(game.results) == 2


def test_a_human_with_ask_is_asked_with_its_view() -> None:
    seen: list = []

    def ask(view: ld.view.View) -> ld.actions.Action:
        seen.append(view)
        return view.legal_actions()[-1] if view.previous is None else Challenge()

    game = Game(ld.preset("perudo"), 2, seed=1)
    Match(game, [Human(ask), RandomBot(2)]).run()
    assert seen and all(v.seat == 0 and v.legal_actions() for v in seen)


def test_players_are_checked() -> None:
    game = Game(ld.preset("blef"), 2, seed=0)
    with pytest.raises(ValueError, match="2 seats"):
        Match(game, [RandomBot()])
    with pytest.raises(ValueError, match=r"players\[1\]='x'"):
        Match(game, [RandomBot(), "x"])
    with pytest.raises(ValueError, match="Game"):
        Match("game", [RandomBot()] * 2)  # type: ignore[arg-type]


# --- issue 14: bad seats, bots and listeners are refused quoting them --------------------------


def test_match_refuses_wrong_kinds_quoting_them() -> None:
    game = Game(ld.preset("blef"), 2, seed=0)
    for players in ("ab", 7, None, (p for p in [RandomBot(), RandomBot()])):
        with pytest.raises(ArgumentTypeError) as caught:
            Match(game, players)  # type: ignore[arg-type]
        assert quote(players) in str(caught.value)
    with pytest.raises(ArgumentTypeError, match=r"players\[0\]=None"):
        Match(game, [None, RandomBot()])
    with pytest.raises(ArgumentTypeError, match="listener='x'"):
        Match(game, [RandomBot()] * 2, ["x"])
    with pytest.raises(ArgumentTypeError, match="listeners=5"):
        Match(game, [RandomBot()] * 2, 5)  # type: ignore[arg-type]
    match = Match(game, [RandomBot()] * 2)
    with pytest.raises(ArgumentTypeError, match="listener=3"):
        match.subscribe(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="pause_after_round='yes'"):
        match.advance("yes")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="ask='x'"):
        Human("x")  # type: ignore[arg-type]
    assert game.actions == [] and match.listeners == []


class Answers:
    """A bot that answers every turn with the same value."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def act(self, view: object) -> object:
        return self.answer


@pytest.mark.parametrize("answer", ["3x5", None, 10**5000, Bid(99, 2)], ids=quote)
def test_a_bot_answering_no_legal_move_is_named_and_changes_nothing(answer: object) -> None:
    game = Game(ld.preset("blef"), 2, seed=0, opener=0)
    bot = Answers(answer)
    with pytest.raises(IllegalMoveError) as caught:
        Match(game, [bot, RandomBot()]).run()
    assert quote(bot) in str(caught.value) and quote(answer) in str(caught.value)
    assert isinstance(caught.value, TypeError) == (not isinstance(answer, Bid))
    assert game.actions == [] and game.current_player == 0


@pytest.mark.parametrize(
    ("kwargs", "value", "error"),
    [
        ({"seed": None}, None, ArgumentTypeError),
        ({"seed": 2**20000}, 2**20000, ValueError),
        ({"players": 2.0}, 2.0, ArgumentTypeError),
        ({"players": 3}, 3, ValueError),
        ({"bots": "ab"}, "ab", ArgumentTypeError),
        ({"bots": [RandomBot(), 5]}, 5, ArgumentTypeError),
        ({"rules": 5}, 5, ValueError),
    ],
    ids=quote,
)
def test_play_game_refuses_bad_arguments_quoting_them(kwargs: dict, value, error) -> None:
    arguments = {"rules": "blef", "bots": [RandomBot(), RandomBot()], **kwargs}
    with pytest.raises(error) as caught:
        play_game(**arguments)
    assert quote(value) in str(caught.value)
