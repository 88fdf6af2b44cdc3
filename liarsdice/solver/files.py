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
  perudo-1v2-f6-0123abcd.npz (the preset, or "custom", and a short hash of the rules).

- save_endgame(endgame, path) and load_endgame(path, rules=None, faces=None, max_dice=None):
  a solved Endgame the same way (every state's round strategy; the metadata holds each state's
  value, from which each round's payoffs are rebuilt and its arrays checked), and
  endgame_path(rules, faces=6, max_dice=3, folder=None), its file in the cache.

Files are read with allow_pickle=False: loading one never runs code.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.checks import check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve
from liarsdice.solver.cfr import Solution
from liarsdice.solver.endgame import (
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


def _check_path(name: str, path: object) -> Path:
    """Return `path` (a str or os.PathLike) as a Path; else raise ArgumentTypeError."""
    if not isinstance(path, str | os.PathLike):
        raise ArgumentTypeError(f"{name}={quote(path)}: expected a file path")
    return Path(path)


def _rules_dict(rules: Rules) -> dict[str, Any]:
    """Return the rules as saved games write them (every option by name)."""
    return dataclasses.asdict(rules)


def _arrays(strategy: Strategy) -> dict[str, np.ndarray]:
    """Return the strategy's arrays by their names in the file."""
    arrays: dict[str, np.ndarray] = {}
    for d, (liar, bid) in enumerate(zip(strategy.liar, strategy.bid)):
        arrays[f"liar_{d}"] = np.ascontiguousarray(liar, dtype=np.float64)
        arrays[f"bid_{d}"] = np.ascontiguousarray(bid, dtype=np.float64)
    return arrays


def _checksum(arrays: dict[str, np.ndarray], metadata: dict[str, Any]) -> str:
    """Return the SHA-256 of the arrays (name, dtype, shape, bytes) and of the metadata."""
    digest = hashlib.sha256()
    fields = {k: v for k, v in metadata.items() if k != "sha256"}
    digest.update(json.dumps(fields, sort_keys=True).encode())
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


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
        "rules": _rules_dict(game.rules),
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
    metadata["sha256"] = _checksum(arrays, metadata)
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


def _read(path: Path, kind: str = FORMAT) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Return the metadata and the arrays of a file of this format, or raise ValueError."""
    where = f"{'endgame' if kind == ENDGAME_FORMAT else 'solution'} file {quote(str(path))}"
    if not path.is_file():
        raise ValueError(f"{where}: no such file")
    try:
        data = np.load(path, allow_pickle=False)
        if not isinstance(data, np.lib.npyio.NpzFile):  # a bare .npy array
            raise ValueError("an .npy array, not an .npz archive")
        with data:
            contents = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as error:
        raise ValueError(f"{where}: not a solution file, or corrupt ({error})") from None
    raw = contents.pop(_METADATA, None)
    if raw is None or raw.dtype != np.uint8 or raw.ndim != 1:
        raise ValueError(f"{where}: no metadata; not a solution file")
    try:
        metadata = json.loads(raw.tobytes().decode())
    except (UnicodeDecodeError, ValueError):
        raise ValueError(f"{where}: its metadata is not JSON; corrupt") from None
    if not isinstance(metadata, dict) or metadata.get("format") != kind:
        raise ValueError(f"{where}: not a file of format {kind!r}")
    version = metadata.get("version")
    if version != VERSION or isinstance(version, bool):
        raise ValueError(
            f"{where}: version {quote(version)}; this liarsdice reads version {VERSION}"
        )
    if metadata.get("sha256") != _checksum(contents, metadata):
        raise ValueError(f"{where}: checksum mismatch; the file was changed or is corrupt")
    return metadata, contents


def _game(where: str, metadata: dict[str, Any]) -> SmallGame:
    """Return the SmallGame the metadata describes, or raise ValueError."""
    options = metadata.get("rules")
    if not isinstance(options, dict):
        raise ValueError(f"{where}: its rules are missing")
    try:
        rules = Rules(**options)
        return SmallGame(rules, tuple(metadata.get("dice", ())), metadata.get("faces"))  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: not a game the solver plays ({error})") from None


def _number(where: str, metadata: dict[str, Any], key: str, optional: bool = False) -> Any:
    """Return metadata[key], a finite number (an int for "iterations"), or raise."""
    value = metadata.get(key)
    if optional and value is None:
        return None
    kinds = (int,) if key == "iterations" else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not np.isfinite(value):
        raise ValueError(f"{where}: {key}={quote(value)} in its metadata is no finite number")
    return value


def _strategy(where: str, game: SmallGame, arrays: dict[str, np.ndarray]) -> Strategy:
    """Return the strategy of the arrays, checked against the game, or raise ValueError."""
    n = len(game.levels)
    expected = {f"{kind}_{d}" for kind in ("liar", "bid") for d in range(n)}
    if set(arrays) != expected:
        raise ValueError(f"{where}: its arrays do not match the game's {n} levels")
    liar: list[np.ndarray] = []
    bid: list[np.ndarray] = []
    for d, level in enumerate(game.levels):
        for kind, seat, out in (("liar", 0, liar), ("bid", 1, bid)):
            array = arrays[f"{kind}_{d}"]
            shape = (len(level), len(game.hands[(d - seat) % 2]))
            if array.dtype != np.float64 or array.shape != shape:
                raise ValueError(
                    f"{where}: array {kind}_{d} is {array.dtype} {array.shape}; expected "
                    f"float64 {shape}"
                )
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
    metadata, arrays = _read(file)
    game = _game(where, metadata)
    if wanted_rules is not None and game.rules != wanted_rules:
        made = game.rules.preset_name or "custom rules"
        asked = wanted_rules.preset_name or "custom rules"
        raise ValueError(f"{where}: made for other rules ({made}), not {asked}")
    if wanted_dice is not None and game.dice != wanted_dice:
        raise ValueError(f"{where}: made for dice {game.dice}, not {wanted_dice}")
    if faces is not None and game.faces != faces:
        raise ValueError(f"{where}: made for {game.faces} faces, not {faces}")
    strategy = _strategy(where, game, arrays)
    return Solution(
        game=game,
        strategy=strategy,
        value=float(_number(where, metadata, "value")),
        nash_conv=float(_number(where, metadata, "nash_conv")),
        iterations=int(_number(where, metadata, "iterations")),
        seconds=float(_number(where, metadata, "seconds")),
        exact_value=_number(where, metadata, "exact_value", optional=True),
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
    "custom", and a short hash of every option)."""
    options = json.dumps(_rules_dict(rules), sort_keys=True).encode()
    return f"{rules.preset_name or 'custom'}-{{}}-{hashlib.sha256(options).hexdigest()[:8]}.npz"


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
    base = solution_cache_dir() if folder is None else _check_path("folder", folder)
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
        "rules": _rules_dict(endgame.rules),
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
    metadata, arrays = _read(file, ENDGAME_FORMAT)
    try:
        made = check_endgame_rules(Rules(**metadata.get("rules", {})))
        made_faces = check_integer("faces", metadata.get("faces"), 2, 6)
        made_dice = check_integer("max_dice", metadata.get("max_dice"), 2, MAX_DICE)
        entries = metadata["states"]
        states = [EndgameState(e["dice"], e["opener"], e["palifico"]) for e in entries]
        values = {s: float(_number(where, e, "value")) for s, e in zip(states, entries)}
    except (TypeError, ValueError, KeyError) as error:
        raise ValueError(f"{where}: not an endgame the solver plays ({quote(error)})") from None
    for name, asked, found in (
        ("rules", wanted_rules, made),
        ("faces", faces, made_faces),
        ("max_dice", max_dice, made_dice),
    ):
        if asked is not None and asked != found:
            shown = (lambda r: r.preset_name or "custom rules") if name == "rules" else str
            raise ValueError(f"{where}: made for {name} {shown(found)}, not {shown(asked)}")
    if sorted(states) != sorted(endgame_states(made, made_dice)):
        raise ValueError(f"{where}: its states are not the endgame's states")
    solved = {}
    used: set[str] = set()
    for i, (state, entry) in enumerate(zip(states, entries)):
        game = endgame_round(made, state, made_faces, values)
        prefix = f"s{i}_"
        own = {k[len(prefix) :]: v for k, v in arrays.items() if k.startswith(prefix)}
        used.update(prefix + k for k in own)
        strategy = _strategy(f"{where}, state {state}", game, own)
        sign = 1.0 if state.opener == 0 else -1.0
        solution = Solution(
            game=game,
            strategy=strategy,
            value=sign * values[state],
            nash_conv=float(_number(where, entry, "nash_conv")),
            iterations=int(_number(where, entry, "iterations")),
            seconds=float(_number(where, entry, "seconds")),
            exact_value=sign * values[state] if entry.get("exact") is True else None,
        )
        solved[state] = StateSolution(state, values[state], entry.get("exact") is True, solution)
    if used != set(arrays):
        raise ValueError(f"{where}: arrays of no state: {quote(sorted(set(arrays) - used))}")
    return Endgame(
        made,
        made_faces,
        made_dice,
        solved,
        metadata.get("cyclic") is True,
        int(_number(where, metadata, "sweeps")),
        tuple(str(n) for n in metadata.get("notes", ())),
    )


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
    base = solution_cache_dir() if folder is None else _check_path("folder", folder)
    return base / _rules_tag(rules).format(f"endgame-{max_dice}-f{int(faces)}")
