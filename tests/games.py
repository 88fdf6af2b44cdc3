"""Shared helpers for tests that play games: random legal play, capped seats, hypothesis draws."""

from __future__ import annotations

import contextlib

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Game

PRESET_NAMES = sorted(ld.PRESETS)
game_settings = settings(max_examples=100, deadline=None)
any_game = dict(
    name=st.sampled_from(PRESET_NAMES),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    show=st.booleans(),
)


def players_for(rules: ld.Rules, wanted: int) -> int:
    """Return `wanted` players, or fewer where the rules seat fewer."""
    return min(wanted, rules.max_players)


def random_play(game: Game, rng: np.random.Generator, moves: int | None = None) -> None:
    """Play uniformly random legal moves until the end (or for `moves` moves)."""
    while not game.is_over and (moves is None or moves > 0):
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        moves = None if moves is None else moves - 1


def played(name: str = "perudo", seed: int = 6, moves: int | None = None) -> Game:
    """Return a game of random legal play (players capped by the rules)."""
    rules = ld.preset(name, show_and_reroll=name == "bluff")
    game = Game(rules, players=players_for(rules, 3), seed=seed)
    random_play(game, np.random.default_rng(seed), moves)
    return game


def make(name: str, players: int, seed: int, show: bool) -> Game:
    """Return a new game from drawn parameters (players capped by the rules and the box)."""
    rules = ld.preset(name, show_and_reroll=show)
    return Game(rules, players=players_for(rules, players), seed=seed)


def replay_events(game: Game) -> list:
    """Return the match events of `game`'s moves, replayed from its seed in a fresh match."""
    from liarsdice.match import Match

    moves = iter(game.actions)

    class Scripted:
        """A player that makes the recorded moves, in order."""

        def act(self, view: object) -> object:
            seat, action = next(moves)
            assert seat == view.seat  # type: ignore[attr-defined]
            return action

    events: list = []
    fresh = Game(game.rules, game.players, game.seed, game.opener)
    with contextlib.suppress(StopIteration):  # the recorded game may be unfinished
        Match(fresh, [Scripted()] * game.players, [events.append]).run()
    return events
