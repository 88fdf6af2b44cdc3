"""The match loop's per-move time limit (issue: hostile input, round two, item 7): a bot that
overruns move_seconds stops the game with BotTimeoutError naming the seat, the bot's class and
the limit, and the game stays as it was before that move."""

from __future__ import annotations

import threading

import pytest

import liarsdice as ld
from liarsdice import Game, IllegalMoveError
from liarsdice.agents import RandomBot
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError, BotTimeoutError
from liarsdice.match import MAX_MOVE_SECONDS, Human, Match, play_game
from liarsdice.view import View


class Sleeper:
    """A bot that sleeps until released (at most 30 s) on its `after`-th move, else plays
    like RandomBot."""

    def __init__(self, after: int = 1) -> None:
        self.after, self.moves = after, 0
        self.seen: View | None = None  # the view of the overrun move
        self.release = threading.Event()
        self.random = RandomBot(seed=1)

    def act(self, view: View) -> ld.Action:
        self.moves += 1
        if self.moves == self.after:
            self.seen = view
            self.release.wait(30)  # the test releases it once the match has given up
        return self.random.act(view)

    def __repr__(self) -> str:
        return "Sleeper()"


class Raises:
    """A bot whose act raises."""

    def act(self, view: View) -> ld.Action:
        raise RuntimeError("my bug")


def test_a_bot_that_overruns_stops_the_game_naming_seat_class_and_limit() -> None:
    game = Game(ld.preset("blef"), 2, seed=0, opener=1)
    sleeper = Sleeper()
    try:
        with pytest.raises(BotTimeoutError) as caught:
            Match(game, [RandomBot(), sleeper], move_seconds=0.05).run()
    finally:
        sleeper.release.set()
    message = str(caught.value)
    assert "players[1]=Sleeper()" in message and "(Sleeper)" in message
    assert "move_seconds=0.05" in message
    assert isinstance(caught.value, IllegalMoveError)
    assert game.actions == [] and game.current_player == 1  # as before the overrun move


def test_an_overrun_later_in_the_game_keeps_the_moves_before_it() -> None:
    game = Game(ld.preset("blef"), 2, seed=0, opener=0)
    sleeper = Sleeper(after=2)
    try:
        with pytest.raises(BotTimeoutError, match=r"players\[0\]"):
            play_game_on(game, [sleeper, RandomBot()])
    finally:
        sleeper.release.set()
    assert game.current_player == 0 and sleeper.moves == 2 and len(game.actions) >= 2
    assert game.view(0) == sleeper.seen  # the game as the bot saw it when asked


def play_game_on(game: Game, bots: list) -> Game:
    """Return the game played by a Match of `bots` with a 0.05 s limit per move."""
    return Match(game, bots, move_seconds=0.05).run()


def test_bots_within_the_limit_play_the_same_game_as_without_it() -> None:
    bots = [RandomBot(seed=3), RandomBot(seed=4), RandomBot(seed=5)]
    timed = play_game("blef", bots, seed=7, move_seconds=MAX_MOVE_SECONDS)
    bots = [RandomBot(seed=3), RandomBot(seed=4), RandomBot(seed=5)]
    assert timed.to_json() == play_game("blef", bots, seed=7).to_json()


def test_a_bots_own_error_is_raised_as_without_the_limit() -> None:
    with pytest.raises(RuntimeError, match="my bug"):
        play_game("blef", [Raises(), Raises()], move_seconds=5)


def test_humans_are_not_timed() -> None:
    game = Game(ld.preset("blef"), 2, seed=0, opener=0)
    match = Match(game, [Human(), RandomBot()], move_seconds=0.01)
    match.advance()
    assert match.waiting == 0


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (0, ValueError),
        (-1, ValueError),
        (float("nan"), ValueError),
        (float("inf"), ValueError),
        (MAX_MOVE_SECONDS * 2, ValueError),
        ("1", ArgumentTypeError),
        (True, ArgumentTypeError),
    ],
    ids=quote,
)
def test_a_bad_limit_is_refused_quoting_it(value: object, error: type) -> None:
    for start in (
        lambda: Match(Game(ld.preset("blef"), 2), [RandomBot()] * 2, move_seconds=value),
        lambda: play_game("blef", [RandomBot()] * 2, move_seconds=value),
    ):
        with pytest.raises(error) as caught:
            start()
        assert f"move_seconds={quote(value)}" in str(caught.value)
