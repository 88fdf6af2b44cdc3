"""Saved games: a game's record as JSON, and loading it back by replaying it through the rules.

- game_to_json(game): the record (format, version, preset, rules, players, seed, opener, moves,
  chance outcomes; its shape is the TypedDict SavedGame); what game.to_json() gives.
- game_from_json(text): a new Game with the record's moves replayed (Game.from_json); every
  move must be legal for the seat that made it, and every recorded chance outcome must be the
  one the seed gives. A bad record raises ValueError (IllegalMoveError for an illegal move)
  quoting what is wrong, and no game is returned.
- FORMAT, VERSION, SavedGame (from liarsdice.record, where the record is read and written).

The record is read strictly and loads in time linear in its length (liarsdice.record says how).

Limits: text of at most limits.MAX_RECORD_CHARS characters (50,000,000; a long real game
takes well under 1 MB); a move's text at most limits.MAX_TEXT characters.
"""

from __future__ import annotations

from liarsdice.checks import quote
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.record import FORMAT as FORMAT
from liarsdice.record import VERSION as VERSION
from liarsdice.record import SavedGame as SavedGame
from liarsdice.record import load_game, record_json


def game_to_json(game: Game) -> str:
    """Return the game's record as JSON text (game: a liarsdice Game)."""
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"game={quote(game)}: expected a liarsdice Game")
    return record_json(game)


def game_from_json(text: str) -> Game:
    """Return the game replayed from its JSON record; raise ValueError quoting a bad record.

    Limits: text (a str, or UTF-8 bytes) of at most limits.MAX_RECORD_CHARS characters; each
    move's text at most limits.MAX_TEXT characters; the rest as Game (players, seed, dice).
    Loading takes time linear in the record's length.
    """
    return load_game(text, Game)
