"""Endgame files: a solved Endgame on disk, in the format of liarsdice.solver.files_format.

- save_endgame(endgame, path): every state's round strategy ("s<i>_liar_<d>", "s<i>_bid_<d>")
  and, in the metadata, the rules, faces, max_dice and each state's value and solver results.
- load_endgame(path, rules=None, faces=None, max_dice=None): the Endgame back, checked as
  load_solution checks a solution file, and also refused when a state is missing or its arrays
  do not fit the round its saved values make (each round's payoffs are rebuilt from them).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

import liarsdice.solver.files_format as files_format
from liarsdice.checks import check_integer, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve
from liarsdice.solver.checked import check_fields, number, rules_dict, rules_of
from liarsdice.solver.endgame import (
    MAX_SWEEPS,
    Endgame,
    EndgameState,
    StateSolution,
    check_endgame_rules,
    endgame_round,
    endgame_states,
)
from liarsdice.solver.game import MAX_SOLVED_DICE, SmallGame, check_size
from liarsdice.solver.solution import Solution

_ENDGAME_FIELDS = (
    *("format", "version", "sha256", "rules", "preset", "faces", "max_dice"),
    *("cyclic", "sweeps", "notes", "states"),
)
_STATE_FIELDS = ("dice", "opener", "palifico", "exact", *files_format.RESULT_FIELDS)
_MAX_NOTES = 100


def save_endgame(endgame: Endgame, path: str | os.PathLike[str]) -> Path:
    """Write a solved Endgame to `path` (a .npz file, written as save_solution writes) and
    return the path: every state's round strategy ("s<i>_liar_<d>", "s<i>_bid_<d>") and, in
    the metadata, the rules, faces, max_dice and each state's value and solver results."""
    if not isinstance(endgame, Endgame):
        raise ArgumentTypeError(f"endgame={quote(endgame)}: expected an Endgame")
    target = files_format.check_path("path", path)
    arrays: dict[str, np.ndarray] = {}
    states = []
    for i, (state, solved) in enumerate(sorted(endgame.states.items())):
        arrays.update(
            {
                f"s{i}_{k}": v
                for k, v in files_format.strategy_arrays(solved.solution.strategy).items()
            }
        )
        solution = solved.solution
        states.append(
            {
                "dice": list(state.dice),
                "opener": state.opener,
                "palifico": state.palifico,
                "value": solved.value,
                "exact": solved.exact,
                "iterations": solution.iterations,
                "seconds": solution.seconds,
                "nash_conv": solution.nash_conv,
            }
        )
    metadata: dict[str, Any] = {
        "format": files_format.ENDGAME_FORMAT,
        "version": files_format.VERSION,
        "rules": rules_dict(endgame.rules),
        "preset": endgame.rules.preset_name,
        "faces": endgame.faces,
        "max_dice": endgame.max_dice,
        "cyclic": endgame.cyclic,
        "sweeps": endgame.sweeps,
        "notes": list(endgame.notes),
        "states": states,
    }
    return files_format.write_file(target, metadata, arrays)


def load_endgame(
    path: str | os.PathLike[str],
    rules: Rules | str | None = None,
    faces: int | None = None,
    max_dice: int | None = None,
) -> Endgame:
    """Return the Endgame saved at `path`, checked; ValueError (quoting the path) if refused.

    Refused as load_solution refuses a file, and also when a state is missing or its arrays do
    not fit the round its saved values make. rules, faces, max_dice: when given, the file must
    be made for these (rules a Rules or a preset name; faces 2..6; max_dice 2..MAX_SOLVED_DICE).
    """
    file = files_format.check_path("path", path)
    wanted_rules = None if rules is None else resolve(rules)
    if faces is not None:
        check_size((1, 1), faces)
    if max_dice is not None:
        max_dice = check_integer("max_dice", max_dice, 2, MAX_SOLVED_DICE)
    where = f"endgame file {quote(str(file))}"

    def made_for(metadata: dict[str, Any]) -> tuple[Rules, int, int, _Rounds]:
        """Return the file's endgame, refused unless it is the endgame asked for."""
        made = _endgame_games(where, metadata)
        for name, asked, found in zip(("rules", "faces", "max_dice"), asked_for, made):
            if asked is not None and asked != found:
                shown = (lambda r: r.preset_name or "custom rules") if name == "rules" else str
                raise ValueError(f"{where}: made for {name} {shown(found)}, not {shown(asked)}")
        return made

    asked_for = (wanted_rules, faces, max_dice)
    (made, made_faces, made_dice, states), metadata, arrays = files_format.read_checked(
        where, file, files_format.ENDGAME_FORMAT, made_for, lambda made: made[3][1]
    )
    solved = {}
    for i, (entry, game) in enumerate(zip(metadata["states"], states[1])):
        state = states[0][i]
        strategy = files_format.read_strategy(
            f"{where}, state {state}", game, _prefixed(arrays, f"s{i}_")
        )
        value = float(entry["value"])
        sign = 1.0 if state.opener == 0 else -1.0
        solution = Solution(
            game=game,
            strategy=strategy,
            value=sign * value,
            nash_conv=float(entry["nash_conv"]),
            iterations=int(entry["iterations"]),
            seconds=float(entry["seconds"]),
            exact_value=sign * value if entry["exact"] else None,
        )
        solved[state] = StateSolution(state, value, entry["exact"], solution)
    return Endgame(
        made,
        made_faces,
        made_dice,
        solved,
        metadata["cyclic"],
        metadata["sweeps"],
        tuple(metadata["notes"]),
    )


def _prefixed(arrays: dict[str, np.ndarray], prefix: str) -> dict[str, np.ndarray]:
    """Return the arrays whose names start with `prefix`, by the rest of their names."""
    return {k[len(prefix) :]: v for k, v in arrays.items() if k.startswith(prefix)}


_Rounds = tuple[list[EndgameState], list[SmallGame]]


def _endgame_games(where: str, metadata: dict[str, Any]) -> tuple[Rules, int, int, _Rounds]:
    """Return the endgame's rules, faces, max_dice, and its states with their rounds, every
    field of the metadata checked by its meaning (values are seat 0's: P(win) in [0, 1])."""
    check_fields(where, metadata, _ENDGAME_FIELDS)
    files_format.check_digest(where, metadata)
    try:
        made = check_endgame_rules(rules_of(where, metadata["rules"]))
    except ValueError as error:
        raise ValueError(f"{where}: not an endgame the solver plays ({error})") from None
    files_format.check_preset(where, metadata)
    made_faces = number(where, metadata, "faces", 2, 6, integer=True)
    made_dice = number(where, metadata, "max_dice", 2, MAX_SOLVED_DICE, integer=True)
    sweeps = number(where, metadata, "sweeps", 0, MAX_SWEEPS, integer=True)
    if not isinstance(metadata["cyclic"], bool) or metadata["cyclic"] != (sweeps > 0):
        raise ValueError(
            f"{where}: cyclic={quote(metadata['cyclic'])} in its metadata with {sweeps} sweeps"
        )
    notes = metadata["notes"]
    if not isinstance(notes, list) or len(notes) > _MAX_NOTES:
        raise ValueError(f"{where}: notes={quote(notes)} in its metadata: expected a list")
    for note in notes:
        try:
            check_text("notes", note)
        except ValueError as error:
            raise ValueError(f"{where}: {error} (in its metadata)") from None
    expected = endgame_states(made, made_dice)
    entries = metadata["states"]
    if not isinstance(entries, list) or len(entries) != len(expected):
        raise ValueError(f"{where}: its states are not the endgame's {len(expected)} states")
    states = []
    for i, entry in enumerate(entries):
        at = f"{where}, state {i}"
        if not isinstance(entry, dict):
            raise ValueError(f"{at}: {quote(entry)} in its metadata: expected a state")
        check_fields(at, entry, _STATE_FIELDS)
        try:
            states.append(EndgameState(entry["dice"], entry["opener"], entry["palifico"]))
        except (TypeError, ValueError) as error:
            raise ValueError(f"{at}: not an endgame state ({error})") from None
        if not isinstance(entry["exact"], bool):
            raise ValueError(f"{at}: exact={quote(entry['exact'])} in its metadata: not a bool")
        files_format.check_results(at, entry, 1.0)  # seat 0's value of a whole game: 2 P(win) - 1
    if sorted(states) != sorted(expected):
        raise ValueError(f"{where}: its states are not the endgame's states")
    values = {state: float(entry["value"]) for state, entry in zip(states, entries)}
    games = [endgame_round(made, state, made_faces, values) for state in states]
    return made, made_faces, made_dice, (states, games)
