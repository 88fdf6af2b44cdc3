"""The file format of solutions and endgames: compressed numpy arrays with checksummed metadata.

A file is an .npz (np.savez_compressed) of strategy arrays ("liar_<d>", "bid_<d>" per level of
a game's tree, "s<i>_"-prefixed per state in an endgame file) and a "metadata" entry, JSON with
a SHA-256 over the arrays and the rest of the metadata, so that any edit is detected. Files are
read with allow_pickle=False: loading one never runs code. The SHA-256 detects corruption, not
tampering (anyone can recompute it), so every metadata field is also checked by its meaning
(solver.checked), and each array's header is checked against the shape the metadata implies
before the array is read.

- FORMAT ("liarsdice-solution"), ENDGAME_FORMAT ("liarsdice-endgame"), VERSION (1);
  RESULT_FIELDS, the solver's results every file records.
- check_path(name, path): a file path as a Path (a str or os.PathLike, not '').
- strategy_arrays(strategy): a Strategy's arrays by their names in a file;
  write_file(target, metadata, arrays): the arrays and the checksummed metadata, written
  atomically.
- read_checked(where, path, kind, check, games): a file's metadata checked by meaning, its
  arrays' headers, then its checksum; check_digest, check_preset and check_results check
  fields of the metadata; read_strategy(where, game, arrays): the Strategy the arrays hold,
  checked (probabilities in [0, 1], summing to 1 per information state).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import PRESETS
from liarsdice.solver.checked import (
    MAX_SECONDS,
    VALUE_SLACK,
    checksum,
    number,
    read_arrays,
    read_metadata,
)
from liarsdice.solver.game import SmallGame
from liarsdice.solver.strategy import Strategy

FORMAT = "liarsdice-solution"
ENDGAME_FORMAT = "liarsdice-endgame"
VERSION = 1
RESULT_FIELDS = ("iterations", "seconds", "value", "nash_conv")
_METADATA = "metadata"
_TOLERANCE = 1e-6  # how far a state's probabilities may sum from 1
_HEX = "0123456789abcdef"
_T = TypeVar("_T")


def check_path(name: str, path: object) -> Path:
    """Return `path` (a str or os.PathLike, not '') as a Path; else raise."""
    if not isinstance(path, str | os.PathLike):
        raise ArgumentTypeError(f"{name}={quote(path)}: expected a file path")
    if os.fspath(path) in ("", b""):
        raise ValueError(f"{name}={quote(path)}: expected a file path, not empty text")
    return Path(path)


def strategy_arrays(strategy: Strategy) -> dict[str, np.ndarray]:
    """Return the strategy's arrays by their names in the file."""
    arrays: dict[str, np.ndarray] = {}
    for d, (liar, bid) in enumerate(zip(strategy.liar, strategy.bid)):
        arrays[f"liar_{d}"] = np.ascontiguousarray(liar, dtype=np.float64)
        arrays[f"bid_{d}"] = np.ascontiguousarray(bid, dtype=np.float64)
    return arrays


def write_file(target: Path, metadata: dict[str, Any], arrays: dict[str, np.ndarray]) -> Path:
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


def read_checked(
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


def check_preset(where: str, metadata: dict[str, Any]) -> None:
    """Raise ValueError unless the metadata's preset is None or a preset's name."""
    preset = metadata.get("preset")
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise ValueError(f"{where}: preset={quote(preset)} in its metadata: no such preset")


def check_digest(where: str, metadata: dict[str, Any]) -> None:
    """Raise ValueError unless the metadata's sha256 is 64 hexadecimal digits."""
    digest = metadata.get("sha256")
    if not isinstance(digest, str) or len(digest) != 64 or digest.strip(_HEX):
        raise ValueError(f"{where}: sha256={quote(digest)} in its metadata: not a SHA-256")


def check_results(where: str, metadata: dict[str, Any], bound: float) -> None:
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


def read_strategy(where: str, game: SmallGame, arrays: dict[str, np.ndarray]) -> Strategy:
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
