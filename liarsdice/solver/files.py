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
- solution_cache_dir(): the folder of cached solutions: $LIARSDICE_CACHE if set, else the
  platform's user cache (~/.cache/liarsdice on Linux, ~/Library/Caches/liarsdice on macOS,
  %LOCALAPPDATA%\\liarsdice\\Cache on Windows).
- solution_path(rules, dice=(1, 1), faces=6, folder=None): the cached file of a game, such as
  perudo-1v2-f6-0123abcd.npz (the preset, or "custom", and the first 8 hexadecimal digits of
  the SHA-256 of rules_key(rules), which names only the options unlike their defaults: adding
  an option leaves every file name, and every file, valid).

- save_endgame(endgame, path) and load_endgame(path, rules=None, faces=None, max_dice=None):
  a solved Endgame the same way (every state's round strategy; the metadata holds each state's
  value, from which each round's payoffs are rebuilt and its arrays checked), and
  endgame_path(rules, faces=6, max_dice=3, folder=None), its file in the cache.

Files are read with allow_pickle=False: loading one never runs code. The SHA-256 detects
corruption, not tampering (anyone can recompute it), so every metadata field is also checked by
its meaning (solver.checked: every field present, rules never defaulted but for an option newer
than the file, values within the game's payoffs, NashConv >= 0, counts within their limits), and
each array's header is checked against the shape the metadata implies before the array is read.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from liarsdice.checks import check_integer, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import PRESETS, Rules, resolve, rules_key
from liarsdice.solver.cfr import Solution
from liarsdice.solver.checked import (
    MAX_SECONDS,
    VALUE_SLACK,
    check_fields,
    check_folder,
    checksum,
    number,
    read_arrays,
    read_metadata,
    rules_dict,
    rules_of,
)
from liarsdice.solver.endgame import (
    MAX_SWEEPS,
    Endgame,
    EndgameState,
    StateSolution,
    check_endgame_rules,
    endgame_round,
    endgame_states,
)
from liarsdice.solver.game import MAX_DICE, SmallGame, check_size
from liarsdice.solver.strategy import Strategy

FORMAT = "liarsdice-solution"
ENDGAME_FORMAT = "liarsdice-endgame"
VERSION = 1
CACHE_ENV = "LIARSDICE_CACHE"
_METADATA = "metadata"
_TOLERANCE = 1e-6  # how far a state's probabilities may sum from 1
_RESULTS = ("iterations", "seconds", "value", "nash_conv")
_SOLUTION_FIELDS = (
    *("format", "version", "sha256", "rules", "preset", "dice", "faces", "levels"),
    *(*_RESULTS, "exact_value"),
)
_ENDGAME_FIELDS = (
    *("format", "version", "sha256", "rules", "preset", "faces", "max_dice"),
    *("cyclic", "sweeps", "notes", "states"),
)
_STATE_FIELDS = ("dice", "opener", "palifico", "exact", *_RESULTS)
_MAX_NOTES = 100
_HEX = "0123456789abcdef"
_T = TypeVar("_T")


def _check_path(name: str, path: object) -> Path:
    """Return `path` (a str or os.PathLike, not '') as a Path; else raise."""
    if not isinstance(path, str | os.PathLike):
        raise ArgumentTypeError(f"{name}={quote(path)}: expected a file path")
    if os.fspath(path) in ("", b""):
        raise ValueError(f"{name}={quote(path)}: expected a file path, not empty text")
    return Path(path)


def _arrays(strategy: Strategy) -> dict[str, np.ndarray]:
    """Return the strategy's arrays by their names in the file."""
    arrays: dict[str, np.ndarray] = {}
    for d, (liar, bid) in enumerate(zip(strategy.liar, strategy.bid)):
        arrays[f"liar_{d}"] = np.ascontiguousarray(liar, dtype=np.float64)
        arrays[f"bid_{d}"] = np.ascontiguousarray(bid, dtype=np.float64)
    return arrays


def save_solution(solution: Solution, path: str | os.PathLike[str]) -> Path:
    """Write `solution` to `path` (a .npz file; its folder is created) and return the path.

    The file is written beside its final place and then moved there, so a reader never sees a
    half-written file. An OSError (no permission, disk full) propagates.
    """
    if not isinstance(solution, Solution):
        raise ArgumentTypeError(f"solution={quote(solution)}: expected a Solution")
    target = _check_path("path", path)
    game = solution.game
    arrays = _arrays(solution.strategy)
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
    return _write(target, metadata, arrays)


def _write(target: Path, metadata: dict[str, Any], arrays: dict[str, np.ndarray]) -> Path:
    """Write the arrays and the checksummed metadata to `target` atomically; return it."""
    metadata["sha256"] = checksum(arrays, metadata)
    text = np.frombuffer(json.dumps(metadata, sort_keys=True).encode(), dtype=np.uint8)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with open(partial, "wb") as file:
            save: Any = np.savez_compressed  # its stubs type **kwds as allow_pickle (numpy 2)
            save(file, **{_METADATA: text}, **arrays)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target


def _read_checked(
    where: str,
    path: Path,
    kind: str,
    check: Callable[[dict[str, Any]], _T],
    games: Callable[[_T], list[SmallGame]],
) -> tuple[_T, dict[str, Any], dict[str, np.ndarray]]:
    """Return (check(metadata), metadata, arrays) of a file of this format, or raise
    ValueError: its version, its metadata by meaning (`check`; `games` gives the games of what
    it made, whose strategies the arrays are), the arrays' headers, then the checksum."""
    metadata = read_metadata(where, path, kind)
    version = metadata.get("version")
    if version != VERSION or isinstance(version, bool):
        raise ValueError(
            f"{where}: version {quote(version)}; this liarsdice reads version {VERSION}"
        )
    made = check(metadata)
    found = games(made)
    prefixes = [""] if len(found) == 1 and kind == FORMAT else [f"s{i}_" for i in range(len(found))]
    shapes = {k: v for p, game in zip(prefixes, found) for k, v in _shapes(game, p).items()}
    arrays = read_arrays(where, path, shapes)
    if metadata.get("sha256") != checksum(arrays, metadata):
        raise ValueError(f"{where}: checksum mismatch; the file was changed or is corrupt")
    return made, metadata, arrays


def _shapes(game: SmallGame, prefix: str = "") -> dict[str, tuple[int, ...]]:
    """Return the shape of each strategy array of a game by its name in the file."""
    shapes: dict[str, tuple[int, ...]] = {}
    for d, level in enumerate(game.levels):
        for kind, seat in (("liar", 0), ("bid", 1)):
            shapes[f"{prefix}{kind}_{d}"] = (len(level), len(game.hands[(d - seat) % 2]))
    return shapes


def _preset(where: str, metadata: dict[str, Any]) -> None:
    """Raise ValueError unless the metadata's preset is None or a preset's name."""
    preset = metadata.get("preset")
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise ValueError(f"{where}: preset={quote(preset)} in its metadata: no such preset")


def _digest(where: str, metadata: dict[str, Any]) -> None:
    """Raise ValueError unless the metadata's sha256 is 64 hexadecimal digits."""
    digest = metadata.get("sha256")
    if not isinstance(digest, str) or len(digest) != 64 or digest.strip(_HEX):
        raise ValueError(f"{where}: sha256={quote(digest)} in its metadata: not a SHA-256")


def _solution_game(where: str, metadata: dict[str, Any]) -> SmallGame:
    """Return the SmallGame the metadata describes, every field checked by its meaning."""
    check_fields(where, metadata, _SOLUTION_FIELDS)
    _digest(where, metadata)
    rules = rules_of(where, metadata["rules"])
    _preset(where, metadata)
    faces = number(where, metadata, "faces", 2, 6, integer=True)
    dice = metadata["dice"]
    try:
        game = SmallGame(rules, check_size(dice, faces), faces)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: not a game the solver plays ({error})") from None
    number(where, metadata, "levels", len(game.levels), len(game.levels), integer=True)
    _results(where, metadata, float(np.abs(game.payoff_table).max()))
    return game


def _results(where: str, metadata: dict[str, Any], bound: float) -> None:
    """Raise ValueError unless the solver's saved results are possible in a game whose payoffs
    are within +-bound: values within it, NashConv 0..twice it, iterations and seconds within
    their limits."""
    bound += VALUE_SLACK
    number(where, metadata, "iterations", 0, MAX_ITERATIONS, integer=True)
    number(where, metadata, "seconds", 0.0, MAX_SECONDS)
    number(where, metadata, "value", -bound, bound)
    number(where, metadata, "nash_conv", -VALUE_SLACK, 2 * bound)
    if metadata.get("exact_value") is not None:
        number(where, metadata, "exact_value", -bound, bound)


def _strategy(where: str, game: SmallGame, arrays: dict[str, np.ndarray]) -> Strategy:
    """Return the strategy of the arrays, checked against the game, or raise ValueError."""
    n = len(game.levels)
    liar: list[np.ndarray] = []
    bid: list[np.ndarray] = []
    for d in range(n):
        for kind, out in (("liar", liar), ("bid", bid)):
            array = arrays[f"{kind}_{d}"]  # its shape and dtype checked by read_arrays
            if not np.all((array >= 0.0) & (array <= 1.0)):
                raise ValueError(f"{where}: array {kind}_{d} holds values outside [0, 1]")
            out.append(array)
    if np.any(liar[0]):
        raise ValueError(f"{where}: a challenge before the first bid")
    for d, level in enumerate(game.levels):
        total = liar[d] + (level.child_sum(bid[d + 1]) if d + 1 < n else 0.0)
        if not np.allclose(total, 1.0, rtol=0.0, atol=_TOLERANCE):
            raise ValueError(f"{where}: probabilities after {d} bids do not sum to 1")
    return Strategy(game, tuple(liar), tuple(bid))


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
    file = _check_path("path", path)
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

    game, metadata, arrays = _read_checked(where, file, FORMAT, made_for, lambda g: [g])
    exact = metadata["exact_value"]
    return Solution(
        game=game,
        strategy=_strategy(where, game, arrays),
        value=float(metadata["value"]),
        nash_conv=float(metadata["nash_conv"]),
        iterations=int(metadata["iterations"]),
        seconds=float(metadata["seconds"]),
        exact_value=None if exact is None else float(exact),
    )


def solution_cache_dir() -> Path:
    """Return the folder of cached solutions: $LIARSDICE_CACHE, else the user cache's
    liarsdice folder (it need not exist yet)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen)
    home = Path.home()
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "liarsdice" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "liarsdice"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "liarsdice"


@lru_cache(maxsize=256)
def _rules_tag(rules: Rules) -> str:
    """Return how a cached file's name starts and ends for these rules: (the preset, or
    "custom", and a short hash of rules_key(rules), the options unlike their defaults)."""
    digest = hashlib.sha256(rules_key(rules).encode()).hexdigest()[:8]
    return f"{rules.preset_name or 'custom'}-{{}}-{digest}.npz"


def _file_name(rules: Rules, dice: tuple[int, int], faces: int) -> str:
    """Return the cache's file name of a game."""
    return _rules_tag(rules).format(f"{dice[0]}v{dice[1]}-f{faces}")


def solution_path(
    rules: Rules | str,
    dice: tuple[int, int] = (1, 1),
    faces: int = 6,
    folder: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the path of a game's solution in `folder` (None: solution_cache_dir()).

    rules: a Rules or a preset name; dice: two counts (check_size); faces: 2..6.
    """
    rules = resolve(rules)
    counts = check_size(dice, faces)
    base = solution_cache_dir() if folder is None else check_folder("folder", folder)
    return base / _file_name(rules, counts, int(faces))


# ----- endgames ---------------------------------------------------------------------------------


def save_endgame(endgame: Endgame, path: str | os.PathLike[str]) -> Path:
    """Write a solved Endgame to `path` (a .npz file, written as save_solution writes) and
    return the path: every state's round strategy ("s<i>_liar_<d>", "s<i>_bid_<d>") and, in
    the metadata, the rules, faces, max_dice and each state's value and solver results."""
    if not isinstance(endgame, Endgame):
        raise ArgumentTypeError(f"endgame={quote(endgame)}: expected an Endgame")
    target = _check_path("path", path)
    arrays: dict[str, np.ndarray] = {}
    states = []
    for i, (state, solved) in enumerate(sorted(endgame.states.items())):
        arrays.update({f"s{i}_{k}": v for k, v in _arrays(solved.solution.strategy).items()})
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
        "format": ENDGAME_FORMAT,
        "version": VERSION,
        "rules": rules_dict(endgame.rules),
        "preset": endgame.rules.preset_name,
        "faces": endgame.faces,
        "max_dice": endgame.max_dice,
        "cyclic": endgame.cyclic,
        "sweeps": endgame.sweeps,
        "notes": list(endgame.notes),
        "states": states,
    }
    return _write(target, metadata, arrays)


def load_endgame(
    path: str | os.PathLike[str],
    rules: Rules | str | None = None,
    faces: int | None = None,
    max_dice: int | None = None,
) -> Endgame:
    """Return the Endgame saved at `path`, checked; ValueError (quoting the path) if refused.

    Refused as load_solution refuses a file, and also when a state is missing or its arrays do
    not fit the round its saved values make. rules, faces, max_dice: when given, the file must
    be made for these (rules a Rules or a preset name; faces 2..6; max_dice 2..MAX_DICE).
    """
    file = _check_path("path", path)
    wanted_rules = None if rules is None else resolve(rules)
    if faces is not None:
        check_size((1, 1), faces)
    if max_dice is not None:
        max_dice = check_integer("max_dice", max_dice, 2, MAX_DICE)
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
    (made, made_faces, made_dice, states), metadata, arrays = _read_checked(
        where, file, ENDGAME_FORMAT, made_for, lambda made: made[3][1]
    )
    solved = {}
    for i, (entry, game) in enumerate(zip(metadata["states"], states[1])):
        state = states[0][i]
        strategy = _strategy(f"{where}, state {state}", game, _prefixed(arrays, f"s{i}_"))
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
    _digest(where, metadata)
    try:
        made = check_endgame_rules(rules_of(where, metadata["rules"]))
    except ValueError as error:
        raise ValueError(f"{where}: not an endgame the solver plays ({error})") from None
    _preset(where, metadata)
    made_faces = number(where, metadata, "faces", 2, 6, integer=True)
    made_dice = number(where, metadata, "max_dice", 2, MAX_DICE, integer=True)
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
        _results(at, entry, 1.0)  # seat 0's value of a whole game: 2 P(win) - 1
    if sorted(states) != sorted(expected):
        raise ValueError(f"{where}: its states are not the endgame's states")
    values = {state: float(entry["value"]) for state, entry in zip(states, entries)}
    games = [endgame_round(made, state, made_faces, values) for state in states]
    return made, made_faces, made_dice, (states, games)


def endgame_path(
    rules: Rules | str,
    faces: int = 6,
    max_dice: int = MAX_DICE,
    folder: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the path of an endgame's file in `folder` (None: solution_cache_dir()), such as
    blef-endgame-3-f6-0123abcd.npz. rules: a Rules or a preset name; faces: 2..6; max_dice:
    2..MAX_DICE."""
    rules = resolve(rules)
    check_size((1, 1), faces)
    max_dice = check_integer("max_dice", max_dice, 2, MAX_DICE)
    base = solution_cache_dir() if folder is None else check_folder("folder", folder)
    return base / _rules_tag(rules).format(f"endgame-{max_dice}-f{int(faces)}")
