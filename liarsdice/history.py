"""Saved games: a game's record as JSON, and loading it back by replaying it through the rules.

- game_to_json(game): the record (format, seed, rules, players, opener, moves, chance outcomes).
- game_from_json(text): a new Game with the record's moves replayed; every move must be legal
  for the seat that made it, and every recorded chance outcome must be the one the seed gives.
  A bad record raises ValueError (IllegalMoveError for an illegal move) quoting what is wrong,
  and no game is returned.
"""

from __future__ import annotations

import dataclasses
import json

from liarsdice.actions import action_text, parse_action
from liarsdice.engine import Game
from liarsdice.errors import IllegalMoveError
from liarsdice.rules import Rules

FORMAT = "liarsdice-game"
VERSION = 1


def game_to_json(game: Game) -> str:
    """Return the game's record as JSON text."""
    record = {
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


def _field(record: dict, name: str, kind: type | tuple[type, ...]) -> object:
    """Return record[name] after checking it is there with the right type."""
    if name not in record:
        raise ValueError(f"saved game: the field {name!r} is missing")
    value = record[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ValueError(f"saved game: {name}={value!r} has the wrong type")
    return value


def _check_chance(game: Game, recorded: list, move: int | None) -> None:
    """Raise ValueError if the chance outcomes drawn so far differ from the recorded ones."""
    drawn = game.chance
    for index in range(len(drawn)):
        if index >= len(recorded) or recorded[index] != drawn[index]:
            where = "at the start" if move is None else f"after move {move}"
            found = recorded[index] if index < len(recorded) else "nothing"
            raise ValueError(
                f"saved game: chance outcome {index} ({where}) is {found!r}, but seed "
                f"{game.seed} gives {drawn[index]!r}"
            )


def game_from_json(text: str) -> Game:
    """Return the game replayed from its JSON record; raise ValueError quoting a bad record."""
    try:
        record = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"saved game: not JSON ({error})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"saved game: expected a {FORMAT!r} record")
    if record.get("version") != VERSION:
        raise ValueError(f"saved game: version {record.get('version')!r}, expected {VERSION}")
    options = _field(record, "rules", dict)
    try:
        rules = Rules(**options)
    except TypeError as error:
        raise ValueError(f"saved game: rules {options!r}: {error}") from None
    opener = record.get("opener")
    game = Game(rules, _field(record, "players", int), _field(record, "seed", int), opener)
    recorded = _field(record, "chance", list)
    _check_chance(game, recorded, None)
    for number, move in enumerate(_field(record, "moves", list)):
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[1], str)):
            raise ValueError(f"saved game: move {number} {move!r} is not [seat, action]")
        seat, action = move[0], parse_action(move[1], rules)
        if seat != game.current_player:
            raise IllegalMoveError(
                f"saved game: move {number} {move!r} is by seat {seat}, but seat "
                f"{game.current_player} is to play"
            )
        try:
            game.apply(action)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"saved game: move {number} {move!r}: {error}") from None
        _check_chance(game, recorded, number)
    if len(recorded) != len(game.chance):
        raise ValueError(
            f"saved game: {len(recorded)} chance outcomes recorded, the moves draw "
            f"{len(game.chance)}"
        )
    return game
