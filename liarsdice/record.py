"""A game's record as JSON, and reading it back by replaying it (Game.to_json and from_json).

- ChanceOpener, ChanceRoll, ChanceReroll, ChanceOutcome: the chance outcomes a game records.
- SavedGame: the record's shape (format, version, preset, rules, players, seed, opener, moves,
  chance outcomes), a TypedDict.
- record_json(game): the record of a game as JSON text (for a Game: unchecked).
- load_game(text, make): the game `make(rules, players, seed, opener)` builds, with the
  record's moves replayed; every move must be legal for the seat that made it, and every
  recorded chance outcome must be the one the seed gives. A bad record raises ValueError
  (IllegalMoveError for an illegal move) quoting what is wrong, and no game is returned.

This module does not import the engine (the engine imports it); liarsdice.history offers
the checked game_to_json and game_from_json.

The record is read strictly: the known fields only ("preset" may be left out), integers are
JSON integers (not true/false, not 1.0), the version is exactly VERSION, "preset" names the
preset the rules equal (null for custom rules), and every list holds elements of one shape.
Loading is linear in the record's length: each move is checked in O(1) and each chance outcome
is compared once, when the replay draws it.

Limits: text of at most limits.MAX_RECORD_CHARS characters (50,000,000; a long real game
takes well under 1 MB); a move's text at most limits.MAX_TEXT characters.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any, Literal, Protocol, TypedDict, TypeVar, overload

from liarsdice.actions import Action, action_text, parse_action
from liarsdice.checks import check_text, quote
from liarsdice.errors import ArgumentTypeError, IllegalMoveError
from liarsdice.limits import MAX_RECORD_CHARS, MAX_TEXT
from liarsdice.rules import Rules

FORMAT = "liarsdice-game"
VERSION = 1
_REQUIRED = ("format", "version", "rules", "players", "seed", "opener", "moves", "chance")
_OPTIONAL = ("preset",)
_OBJECT_START = re.compile(r"\s*\{")
_T = TypeVar("_T")


class ChanceOpener(TypedDict):
    """The chance outcome that draws the first opener: {"opener": seat}."""

    opener: int


class ChanceRoll(TypedDict):
    """The roll at a round's start: {"roll": [every seat's hidden dice, sorted]}."""

    roll: list[list[int]]


class ChanceReroll(TypedDict):
    """A show-and-reroll's new hidden dice: {"reroll": seat, "dice": [the dice, sorted]}."""

    reroll: int
    dice: list[int]


ChanceOutcome = ChanceOpener | ChanceRoll | ChanceReroll


class Recorded(Protocol):
    """What a record is made from and replayed into: a liarsdice Game."""

    rules: Rules
    players: int
    seed: int
    opener: int | None
    actions: list[tuple[int, Action]]
    chance: list[ChanceOutcome]

    @property
    def current_player(self) -> int | None: ...

    def apply(self, action: Action) -> None: ...


_G = TypeVar("_G", bound=Recorded)


class SavedGame(TypedDict):
    """The JSON record game_to_json writes (game_from_json also reads it without "preset")."""

    format: str
    version: int
    preset: str | None
    rules: dict[str, Any]
    players: int
    seed: int
    opener: int | None
    moves: list[list[int | str]]  # [seat, action text]
    chance: list[ChanceOutcome]


def record_json(game: Recorded) -> str:
    """Return the game's record as JSON text (game: a liarsdice Game, trusted)."""
    record: SavedGame = {
        "format": FORMAT,
        "version": VERSION,
        "preset": game.rules.preset_name,
        "rules": dataclasses.asdict(game.rules),
        "players": game.players,
        "seed": game.seed,
        "opener": game.opener,
        "moves": [[seat, action_text(action)] for seat, action in game.actions],
        "chance": game.chance,
    }
    return json.dumps(record)


@overload
def _field(
    record: dict[str, Any], name: str, kind: type[_T], optional: Literal[False] = False
) -> _T: ...
@overload
def _field(record: dict[str, Any], name: str, kind: type[_T], optional: bool) -> _T | None: ...
def _field(record: dict[str, Any], name: str, kind: type[_T], optional: bool = False) -> _T | None:
    """Return record[name] after checking it is there with exactly the right type (an int is
    no bool and no float); None is allowed when `optional`."""
    if name not in record:
        raise ValueError(f"saved game: the field {name!r} is missing")
    value = record[name]
    if value is None and optional:
        return None
    if type(value) is not kind:
        raise ValueError(
            f"saved game: {name}={quote(value)} has the wrong type (expected {kind.__name__})"
        )
    return value  # exactly of type `kind`


def _same(recorded: object, drawn: object) -> bool:
    """Return True if a recorded chance outcome is the drawn one, with the same types
    throughout (1.0 and true are not the die 1)."""
    if type(recorded) is not type(drawn):
        return False
    # Of the same type from here on, so each isinstance below holds for both or for neither.
    if isinstance(drawn, dict) and isinstance(recorded, dict):
        return recorded.keys() == drawn.keys() and all(
            _same(recorded[key], value) for key, value in drawn.items()
        )
    if isinstance(drawn, list) and isinstance(recorded, list):
        if drawn and type(drawn[0]) is int:  # a hand: compare at once, then the types
            return recorded == drawn and all(type(die) is int for die in recorded)
        return len(recorded) == len(drawn) and all(_same(r, d) for r, d in zip(recorded, drawn))
    return recorded == drawn


def _check_chance(game: Recorded, recorded: list[object], checked: int, move: int | None) -> int:
    """Compare the chance outcomes drawn since the first `checked` ones with the recorded ones;
    return how many are checked now, or raise ValueError at the first that differs."""
    drawn = game.chance
    for index in range(checked, len(drawn)):
        if index >= len(recorded) or not _same(recorded[index], drawn[index]):
            where = "at the start" if move is None else f"after move {move}"
            found = quote(recorded[index]) if index < len(recorded) else "nothing"
            raise ValueError(
                f"saved game: chance outcome {index} ({where}) is {found}, but seed "
                f"{game.seed} gives {drawn[index]!r}"
            )
    return len(drawn)


def _read(text: object) -> dict[str, Any]:
    """Return the parsed record of `text` (str, or UTF-8 bytes), refusing what is none."""
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * MAX_RECORD_CHARS:
            raise ValueError(
                f"saved game {quote(text)}: longer than {MAX_RECORD_CHARS:,} characters"
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"saved game {quote(text)}: not UTF-8 text ({error})") from None
    if not isinstance(text, str):
        raise ArgumentTypeError(f"saved game {quote(text)}: expected JSON text")
    check_text("saved game", text, MAX_RECORD_CHARS)
    if not _OBJECT_START.match(text):  # refused before parsing: a record is a JSON object
        raise ValueError(f"saved game {quote(text)}: expected a {FORMAT!r} record (a JSON object)")
    try:
        record = json.loads(text)
    except RecursionError:
        raise ValueError(
            f"saved game {quote(text)}: too deeply nested, not a {FORMAT!r} record"
        ) from None
    except ValueError as error:  # JSONDecodeError, or an integer of over 4,300 digits
        raise ValueError(f"saved game {quote(text)}: not JSON ({error})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"saved game {quote(text)}: expected a {FORMAT!r} record")
    return record


def _rules(record: dict[str, Any]) -> Rules:
    """Return the record's Rules, checking "preset" names the preset they equal."""
    options = _field(record, "rules", dict)
    try:
        rules = Rules(**options)
    except (TypeError, ValueError) as error:  # unknown options, wrong kinds, bad values
        raise ValueError(f"saved game: rules {quote(options, 400)}: {error}") from None
    if "preset" in record:
        name = record["preset"]
        if name is not None and type(name) is not str:
            raise ValueError(f"saved game: preset={quote(name)} has the wrong type")
        if name != rules.preset_name:
            actual = f"the preset {rules.preset_name!r}" if rules.preset_name else "custom"
            raise ValueError(f"saved game: preset={quote(name)}, but the rules are {actual}")
    return rules


def load_game(text: str, make: Callable[[Rules, int, int, int | None], _G]) -> _G:
    """Return the game `make(rules, players, seed, opener)` builds (Game itself), with the
    record's moves replayed; raise ValueError quoting a bad record.

    Limits: text (a str, or UTF-8 bytes) of at most limits.MAX_RECORD_CHARS characters; each
    move's text at most limits.MAX_TEXT characters; the rest as Game (players, seed, dice).
    Loading takes time linear in the record's length.
    """
    record = _read(text)
    unknown = sorted(set(record) - set(_REQUIRED) - set(_OPTIONAL), key=str)
    if unknown:
        raise ValueError(
            f"saved game: unknown field(s) {quote(unknown)}; the fields are "
            f"{', '.join(_REQUIRED + _OPTIONAL)}"
        )
    version = _field(record, "version", int) if "version" in record else None
    if version != VERSION:
        raise ValueError(f"saved game: version {quote(record.get('version'))}, expected {VERSION}")
    rules = _rules(record)
    players = _field(record, "players", int)
    seed = _field(record, "seed", int)
    opener = _field(record, "opener", int, optional=True)
    moves = _field(record, "moves", list)
    recorded = _field(record, "chance", list)
    try:
        game = make(rules, players, seed, opener)
    except ValueError as error:
        raise ValueError(f"saved game: {error}") from None
    checked = _check_chance(game, recorded, 0, None)
    parsed: dict[str, Action] = {}  # each move's text read once (actions are frozen values)
    for number, move in enumerate(moves):
        if not (
            type(move) is list
            and len(move) == 2
            and type(move[0]) is int
            and type(move[1]) is str
            and len(move[1]) <= MAX_TEXT
        ):
            raise ValueError(f"saved game: move {number} {quote(move)} is not [seat, action]")
        seat, written = move
        action = parsed.get(written)
        if action is None:
            try:
                action = parsed[written] = parse_action(written, rules)
            except ValueError as error:
                raise ValueError(f"saved game: move {number} {quote(move)}: {error}") from None
        if seat != game.current_player:
            raise IllegalMoveError(
                f"saved game: move {number} {quote(move)} is by seat {quote(seat)}, but seat "
                f"{game.current_player} is to play"
            )
        try:
            game.apply(action)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"saved game: move {number} {quote(move)}: {error}") from None
        checked = _check_chance(game, recorded, checked, number)
    if len(recorded) != len(game.chance):
        raise ValueError(
            f"saved game: {len(recorded)} chance outcomes recorded, the moves draw "
            f"{len(game.chance)}"
        )
    return game
