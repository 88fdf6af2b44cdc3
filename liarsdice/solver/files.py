"""Solutions on disk: a solved small game saved as compressed numpy arrays, checked when loaded.

- save_solution(solution, path): write the Solution as a .npz file (np.savez_compressed): its
  strategy arrays ("liar_<d>", "bid_<d>" per level of the tree) and a "metadata" entry, JSON
  (format FORMAT, version VERSION, the rules as saved games write them, dice, faces, the
  solver's settings and results: iterations, seconds, value, nash_conv, exact_value), with a
  SHA-256 over the arrays and the rest of the metadata, so that any edit is detected.
- load_solution(path, rules=None, dice=None, faces=None): the Solution back, its strategy a
  Strategy of the SmallGame rebuilt from the metadata. Refused with a ValueError quoting the
  path: not a file, not an npz of this format (corrupt, truncated), another version, a checksum
  mismatch, arrays of the wrong shape or kind, probabilities outside [0, 1] or not summing to 1
  per information state, and (when given) other rules, dice or faces than asked for.

Importable here as before, from the modules that hold them:
- liarsdice.solver.files_format: FORMAT, ENDGAME_FORMAT, VERSION, and how files are written and
  read (every metadata field checked by its meaning, each array's header before the array).
- liarsdice.solver.files_cache: CACHE_ENV, solution_cache_dir(), solution_path(rules, dice,
  faces, folder) and endgame_path(rules, faces, max_dice, folder), the cache's files.
- liarsdice.solver.files_endgame: save_endgame(endgame, path) and load_endgame(path, rules,
  faces, max_dice), a solved Endgame the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve
from liarsdice.solver.checked import check_fields, number, rules_dict, rules_of
from liarsdice.solver.files_cache import (
    CACHE_ENV,
    endgame_path,
    solution_cache_dir,
    solution_path,
)
from liarsdice.solver.files_endgame import load_endgame, save_endgame
from liarsdice.solver.files_format import (
    ENDGAME_FORMAT,
    FORMAT,
    RESULT_FIELDS,
    VERSION,
    check_digest,
    check_path,
    check_preset,
    check_results,
    read_checked,
    read_strategy,
    strategy_arrays,
    write_file,
)
from liarsdice.solver.game import SmallGame, check_size
from liarsdice.solver.solution import Solution

__all__ = [
    "CACHE_ENV",
    "ENDGAME_FORMAT",
    "FORMAT",
    "VERSION",
    "endgame_path",
    "load_endgame",
    "load_solution",
    "save_endgame",
    "save_solution",
    "solution_cache_dir",
    "solution_path",
]

_SOLUTION_FIELDS = (
    *("format", "version", "sha256", "rules", "preset", "dice", "faces", "levels"),
    *(*RESULT_FIELDS, "exact_value"),
)


def save_solution(solution: Solution, path: str | os.PathLike[str]) -> Path:
    """Write `solution` to `path` (a .npz file; its folder is created) and return the path.

    The file is written beside its final place and then moved there, so a reader never sees a
    half-written file. An OSError (no permission, disk full) propagates.
    """
    if not isinstance(solution, Solution):
        raise ArgumentTypeError(f"solution={quote(solution)}: expected a Solution")
    target = check_path("path", path)
    game = solution.game
    arrays = strategy_arrays(solution.strategy)
    metadata: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules_dict(game.rules),
        "preset": game.rules.preset_name,
        "dice": list(game.dice),
        "faces": game.faces,
        "levels": len(game.levels),
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "value": solution.value,
        "nash_conv": solution.nash_conv,
        "exact_value": solution.exact_value,
    }
    return write_file(target, metadata, arrays)


def _solution_game(where: str, metadata: dict[str, Any]) -> SmallGame:
    """Return the SmallGame the metadata describes, every field checked by its meaning."""
    check_fields(where, metadata, _SOLUTION_FIELDS)
    check_digest(where, metadata)
    rules = rules_of(where, metadata["rules"])
    check_preset(where, metadata)
    faces = number(where, metadata, "faces", 2, 6, integer=True)
    dice = metadata["dice"]
    try:
        game = SmallGame(rules, check_size(dice, faces), faces)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: not a game the solver plays ({error})") from None
    number(where, metadata, "levels", len(game.levels), len(game.levels), integer=True)
    check_results(where, metadata, float(np.abs(game.payoff_table).max()))
    return game


def load_solution(
    path: str | os.PathLike[str],
    rules: Rules | str | None = None,
    dice: tuple[int, int] | None = None,
    faces: int | None = None,
) -> Solution:
    """Return the Solution saved at `path`, checked; ValueError (quoting the path) if refused.

    rules, dice, faces: when given, the file must be made for these (rules a Rules or a preset
    name; dice two counts; faces 2..6), else it is refused.
    """
    file = check_path("path", path)
    wanted_rules = None if rules is None else resolve(rules)
    wanted_dice = None if dice is None else check_size(dice, 6 if faces is None else faces)
    if faces is not None:
        check_size((1, 1), faces)
    where = f"solution file {quote(str(file))}"

    def made_for(metadata: dict[str, Any]) -> SmallGame:
        """Return the file's game, refused unless it is the game asked for."""
        game = _solution_game(where, metadata)
        if wanted_rules is not None and game.rules != wanted_rules:
            made = game.rules.preset_name or "custom rules"
            asked = wanted_rules.preset_name or "custom rules"
            raise ValueError(f"{where}: made for other rules ({made}), not {asked}")
        if wanted_dice is not None and game.dice != wanted_dice:
            raise ValueError(f"{where}: made for dice {game.dice}, not {wanted_dice}")
        if faces is not None and game.faces != faces:
            raise ValueError(f"{where}: made for {game.faces} faces, not {faces}")
        return game

    game, metadata, arrays = read_checked(where, file, FORMAT, made_for, lambda g: [g])
    exact = metadata["exact_value"]
    return Solution(
        game=game,
        strategy=read_strategy(where, game, arrays),
        value=float(metadata["value"]),
        nash_conv=float(metadata["nash_conv"]),
        iterations=int(metadata["iterations"]),
        seconds=float(metadata["seconds"]),
        exact_value=None if exact is None else float(exact),
    )
