"""Tests of liarsdice.history: saved games round-trip, and tampered or illegal records are refused."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from liarsdice import Game, IllegalMoveError
from tests.games import PRESET_NAMES, any_game, game_settings, make, played, random_play


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_json_round_trip(name: str) -> None:
    for moves in (0, 7, None):
        game = played(name, moves=moves)
        loaded = Game.from_json(game.to_json())
        assert loaded.to_json() == game.to_json()
        assert (loaded.hands, loaded.dice, loaded.current_player, loaded.winner) == (
            game.hands,
            game.dice,
            game.current_player,
            game.winner,
        )


def tamper(text: str, change) -> str:
    """Return the JSON text after change(record) edits the record."""
    record = json.loads(text)
    change(record)
    return json.dumps(record)


def change_roll(record: dict) -> None:
    """Turn one die of the second roll into another face."""
    roll = [c for c in record["chance"] if "roll" in c][1]["roll"]
    seat = next(s for s, hand in enumerate(roll) if hand)
    roll[seat][0] = roll[seat][0] % 6 + 1


def illegal_move(record: dict) -> None:
    """Turn the second move into a bid below the first."""
    record["moves"][1][1] = "1x2"


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (change_roll, ValueError, "chance outcome"),
        (illegal_move, IllegalMoveError, "move 1"),
        (lambda r: r["moves"][0].__setitem__(0, 99), IllegalMoveError, "by seat 99"),
        (lambda r: r.__setitem__("seed", r["seed"] + 1), ValueError, "chance outcome 0"),
        (lambda r: r["chance"].pop(), ValueError, "chance outcome"),
        (lambda r: r["moves"].append([0, "3x5"]), IllegalMoveError, "move"),
        (lambda r: r["moves"][0].__setitem__(1, "banana"), ValueError, "banana"),
        (lambda r: r["rules"].__setitem__("loss", "all"), ValueError, "loss='all'"),
        (lambda r: r.pop("players"), ValueError, "'players' is missing"),
        (lambda r: r.__setitem__("format", "chess"), ValueError, "liarsdice-game"),
    ],
)
def test_tampered_or_illegal_records_are_refused(change, error, message: str) -> None:
    text = played("perudo", moves=None).to_json()
    with pytest.raises(error, match=message):
        Game.from_json(tamper(text, change))


def test_not_json_is_refused() -> None:
    with pytest.raises(ValueError, match="not JSON"):
        Game.from_json("{oops")


@game_settings
@given(**any_game, moves=st.integers(0, 60))
def test_json_round_trip_anywhere(name: str, players: int, seed: int, show: bool, moves: int):
    game = make(name, players, seed, show)
    random_play(game, np.random.default_rng(seed), moves)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.view(0) == game.view(0)
