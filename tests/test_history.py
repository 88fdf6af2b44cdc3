"""Tests of liarsdice.history: saved games round-trip, and tampered or illegal records are refused."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Challenge, Game, IllegalMoveError, Pass, ShowAndReroll
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import ladder_positions
from liarsdice.limits import MAX_RECORD_CHARS
from liarsdice.view import Phase
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


# --- issue 14: strict records, bounded text, linear loading ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100000 + "]" * 100000,  # raised RecursionError
        '{"format": "liarsdice-game", "moves": ' + "[" * 100000 + "]" * 100000 + "}",
        "1" * 5000,  # an integer past Python's 4,300-digit conversion limit
        '{"format": "liarsdice-game", "seed": ' + "9" * 5000 + "}",
        "",
        "null",
    ],
    ids=["nested-array", "nested-in-object", "huge-int", "huge-seed", "empty", "null"],
)
def test_texts_that_are_no_record_are_refused_quoting_them(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        Game.from_json(text)
    assert type(caught.value) is ValueError and quote(text) in str(caught.value)


def test_a_too_long_text_is_refused_before_it_is_read() -> None:
    text = " " * (MAX_RECORD_CHARS - 1) + "{}"
    with pytest.raises(ValueError, match=f"longer than {MAX_RECORD_CHARS:,}") as caught:
        Game.from_json(text)
    assert quote(text) in str(caught.value)


@pytest.mark.parametrize("value", [None, 12, ["{}"], {"format": "liarsdice-game"}])
def test_a_record_that_is_not_text_is_a_type_error(value: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        Game.from_json(value)  # type: ignore[arg-type]
    assert quote(value) in str(caught.value)


def test_a_record_may_come_as_utf8_bytes() -> None:
    game = played("blef", moves=5)
    assert Game.from_json(game.to_json().encode()).to_json() == game.to_json()
    with pytest.raises(ValueError, match="not UTF-8"):
        Game.from_json(b"\xff{}")


def first_roll_die(record: dict, value: object) -> None:
    """Replace the first die of the first roll with `value`."""
    roll = next(c for c in record["chance"] if "roll" in c)["roll"]
    seat = next(s for s, hand in enumerate(roll) if hand)
    roll[seat][0] = value(roll[seat][0])


@pytest.mark.parametrize(
    ("change", "quoted"),
    [
        (lambda r: r["moves"][0].__setitem__(0, float(r["moves"][0][0])), ".0, "),  # seat 0.0
        (lambda r: r["moves"][0].__setitem__(0, bool(r["moves"][0][0])), "True, "),  # true
        (lambda r: r.__setitem__("version", 1.0), "version=1.0"),
        (lambda r: r.__setitem__("version", True), "version=True"),
        (lambda r: r.__setitem__("version", 2), "version 2"),
        (lambda r: r.__setitem__("preset", "blef"), "preset='blef'"),
        (lambda r: r.__setitem__("preset", None), "preset=None"),
        (lambda r: r.__setitem__("preset", 7), "preset=7"),
        (lambda r: r.__setitem__("cheat", 1), "'cheat'"),
        (lambda r: r.__setitem__("players", 3.0), "players=3.0"),
        (lambda r: r.__setitem__("players", True), "players=True"),
        (lambda r: r.__setitem__("seed", 6.0), "seed=6.0"),
        (lambda r: r.__setitem__("seed", 2**200), str(2**200)),
        (lambda r: r.__setitem__("seed", -1), "seed=-1"),
        (lambda r: r.__setitem__("opener", 0.0), "opener=0.0"),
        (lambda r: r.__setitem__("moves", {}), "moves={}"),
        (lambda r: r["moves"].__setitem__(0, [0, "3x5", 1]), "[0, '3x5', 1]"),
        (lambda r: r["moves"].__setitem__(0, [0, "9" * 5000 + "x5"]), "99999...99999"),
        (lambda r: r["rules"].__setitem__("dice", 5.0), "5.0"),
        (lambda r: r["rules"].__setitem__("calza", 1), "calza=1"),
        (lambda r: r["rules"].__setitem__("magic", True), "magic"),
        (lambda r: first_roll_die(r, float), "chance outcome"),
        (lambda r: first_roll_die(r, lambda d: d == 1), "chance outcome"),
        (lambda r: r["chance"][0].__setitem__("extra", 1), "'extra': 1"),
        (lambda r: r["chance"].append({"roll": []}), "chance outcomes recorded"),
    ],
)
def test_records_are_read_strictly(change, quoted: str) -> None:
    text = played("perudo", moves=None).to_json()
    assert '"preset": "perudo"' in text
    with pytest.raises(ValueError) as caught:
        Game.from_json(tamper(text, change))
    assert quoted in str(caught.value) and len(str(caught.value)) < 1500


def test_a_record_without_preset_or_with_null_for_custom_rules_loads() -> None:
    game = played("perudo", moves=9)
    assert Game.from_json(tamper(game.to_json(), lambda r: r.pop("preset"))).to_json() == (
        game.to_json()
    )
    custom = Game(ld.preset("perudo", dice=3), 3, seed=2)
    random_play(custom, np.random.default_rng(2), 9)
    assert '"preset": null' in custom.to_json()
    assert Game.from_json(custom.to_json()).to_json() == custom.to_json()


def creeping_game(players: int, dice: int, seed: int) -> Game:
    """Return a long game: seeded bots raise one or two steps up the ladder, sometimes show and
    reroll a die, and challenge only late in a round (a 0.7 MB record for 14 players, 10 dice)."""
    rules = ld.preset("perudo", palifico=False, dice=dice, show_and_reroll=True)
    game = Game(rules, players, seed=seed)
    rng = np.random.default_rng(seed)
    while not game.is_over:
        if game.phase == Phase.SHOW:
            hand = game.hands[game.current_player]
            game.apply(ShowAndReroll(hand[:1]) if rng.random() < 0.3 else Pass())
            continue
        total, previous = sum(game.dice), game.previous
        ladder, at = ladder_positions(rules, total, False)
        late = previous is not None and previous.quantity > total // 2 and rng.random() < 0.1
        if previous is not None and (late or at[previous] + 1 == len(ladder)):
            game.apply(Challenge())
            continue
        step = 0 if previous is None else at[previous] + 1
        bid = ladder[min(step + int(rng.integers(2)), len(ladder) - 1)]
        while previous is None and not rules.is_raise(None, bid):
            step += 1
            bid = ladder[step]
        game.apply(bid)
    return game


def load_time(text: str) -> float:
    """Return the least of a few load times of a record, after one load to warm the caches
    (CPU time: other processes on the machine do not count)."""
    Game.from_json(text)
    times = []
    for _ in range(5):
        start = time.process_time()
        Game.from_json(text)
        times.append(time.process_time() - start)
    return min(times)


def test_loading_is_linear_in_the_record() -> None:
    # Each move used to re-check every chance outcome and build every legal bid: quadratic.
    short, long = creeping_game(14, 7, seed=1), creeping_game(14, 10, seed=1)
    ratio = len(long.actions) / len(short.actions)
    assert 1.7 < ratio < 2.6 and long.is_over
    short_text, long_text = short.to_json(), long.to_json()
    assert Game.from_json(long_text).to_json() == long_text
    growth = load_time(long_text) / load_time(short_text)
    assert growth < 3  # linear: about 2; quadratic: about 4


def test_a_0_7_mb_record_loads_well_under_the_old_30_seconds() -> None:
    game = creeping_game(14, 10, seed=1)
    text = game.to_json()
    assert len(text) > 600_000 and len(game.actions) > 25_000
    assert load_time(text) < 10  # about half a second; the quadratic loader took over 30
