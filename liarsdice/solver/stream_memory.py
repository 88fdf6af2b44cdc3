"""Where the streamed solver's arrays live: in memory while they fit a budget, else in files.

- MEMORY_BUDGET: the bytes of arrays held in memory (16 GiB); memory_budget(): that, or half
  this machine's memory where that is less.
- SAVED_KINDS: the kinds of arrays a checkpoint saves (the regrets and the average-strategy
  sums of LIAR and of the bids); the scratch terminal values ("terminal_0", "terminal_1") are
  never saved.
- LevelArrays(folder, game, dtype, resident): one flat array per kind, in memory while they fit
  the budget (the scratch terminal values first), else in a file mapped whole (resident) or a
  level at a time; map(kind, d) gives a level, save and load copy a kind to and from a file
  with its SHA-256. Only the file-backed ones are written back by the page cache.
- Workspace(game, dtype): buffers a level in size, made once and reused, so a pass allocates
  no memory.
- copy_file(source, target): a copy flushed to disk, and the SHA-256 of its bytes.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.solver.stream_game import StreamGame

MEMORY_BUDGET = 16 * 2**30  # bytes of arrays held in memory (memory_budget()); the rest in files
SAVED_KINDS = ("regret_liar", "regret_bid", "sum_liar", "sum_bid")
_CHUNK = 1 << 26  # bytes read at a time when copying and hashing a file


class LevelArrays:
    """The solver's per-level arrays, one flat array per kind: in memory while they fit the
    memory budget (the scratch terminal values first), else in a file mapped whole (resident)
    or a level at a time. Only the file-backed ones are written back by the page cache."""

    def __init__(self, folder: Path, game: StreamGame, dtype: np.dtype[Any], resident: bool):
        self.folder, self.game, self.dtype, self.resident = folder, game, dtype, resident
        hands = [len(h) for h in game.hands]
        levels = range(len(game.sizes))
        liar = [hands[d % 2] for d in levels]  # the mover's hands
        bid = [hands[(d - 1) % 2] for d in levels]  # the last bidder's hands
        self.columns = {
            "terminal_0": [hands[0]] * len(levels),
            "terminal_1": [hands[1]] * len(levels),
            "regret_liar": liar,
            "regret_bid": bid,
            "sum_liar": liar,
            "sum_bid": bid,
        }
        self.offsets = {  # in entries
            kind: np.concatenate(([0], np.cumsum(np.multiply(game.sizes, cols))))
            for kind, cols in self.columns.items()
        }
        budget = memory_budget() if resident else 0
        self.in_memory = set(itertools.takewhile(lambda k: self._fits(k, budget), self.columns))
        self._whole: dict[str, np.ndarray] = {}

    def _fits(self, kind: str, budget: int) -> bool:
        """Return True if the kinds up to `kind` (in the columns' order) fit the budget."""
        kinds = list(self.columns)
        return sum(self.nbytes(k) for k in kinds[: kinds.index(kind) + 1]) <= budget

    def path(self, kind: str) -> Path:
        """Return the file of one kind of array (where it is not in memory)."""
        return self.folder / f"{kind}.bin"

    def nbytes(self, kind: str) -> int:
        """Return the size of one kind's array in bytes."""
        return int(self.offsets[kind][-1]) * self.dtype.itemsize

    def saved_bytes(self) -> int:
        """Return the bytes one checkpoint writes (its copies of the SAVED_KINDS arrays)."""
        return sum(self.nbytes(k) for k in SAVED_KINDS)

    def disk_bytes(self) -> int:
        """Return the bytes of the arrays kept in files."""
        return sum(self.nbytes(k) for k in self.columns if k not in self.in_memory)

    def create(self, kinds: Sequence[str]) -> None:
        """Make the arrays of these kinds, all zeros (files sparse where the system allows)."""
        for kind in kinds:
            self._whole.pop(kind, None)
            if kind in self.in_memory:  # zeroed pages are only touched when written
                self._whole[kind] = np.zeros(self.nbytes(kind) // self.dtype.itemsize, self.dtype)
                continue
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(self.path(kind), "wb") as file:
                file.truncate(self.nbytes(kind))

    def whole(self, kind: str) -> np.ndarray:
        """Return one kind's whole flat array (changes go to its file, if it has one)."""
        if kind not in self._whole:
            self._whole[kind] = np.asarray(np.memmap(self.path(kind), dtype=self.dtype, mode="r+"))
        return self._whole[kind]

    def map(self, kind: str, d: int) -> np.ndarray:
        """Return level d of one kind (mapped from its file where it has one)."""
        rows, cols = self.game.sizes[d], self.columns[kind][d]
        start = int(self.offsets[kind][d])
        if not self.resident and kind not in self.in_memory:
            return np.asarray(
                np.memmap(
                    self.path(kind),
                    dtype=self.dtype,
                    mode="r+",
                    offset=start * self.dtype.itemsize,
                    shape=(rows, cols),
                )
            )
        return self.whole(kind)[start : start + rows * cols].reshape(rows, cols)

    def save(self, kind: str, target: Path) -> str:
        """Write one kind's array to `target`, flushed to disk; return the SHA-256 of its bytes."""
        if kind not in self.in_memory:
            return copy_file(self.path(kind), target)
        digest, view = hashlib.sha256(), self.whole(kind).data.cast("B")
        with open(target, "wb") as write:
            for at in range(0, len(view), _CHUNK):
                digest.update(view[at : at + _CHUNK])
                write.write(view[at : at + _CHUNK])
            write.flush()
            os.fsync(write.fileno())
        return digest.hexdigest()

    def load(self, kind: str, source: Path) -> str:
        """Read one kind's array from `source` (of its size); return the SHA-256 of its bytes."""
        if kind not in self.in_memory:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._whole.pop(kind, None)
            return copy_file(source, self.path(kind))
        self.create((kind,))
        digest, view = hashlib.sha256(), self.whole(kind).data.cast("B")
        with open(source, "rb") as read:
            for at in range(0, len(view), _CHUNK):
                read.readinto(view[at : at + _CHUNK])
                digest.update(view[at : at + _CHUNK])
        return digest.hexdigest()


def memory_budget() -> int:
    """Return the bytes of arrays a StreamSolver holds in memory: MEMORY_BUDGET, or half this
    machine's memory where that is less (where the OS says)."""
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - Windows
        return MEMORY_BUDGET
    return min(MEMORY_BUDGET, physical // 2)


class Workspace:
    """Buffers a level in size, made once and reused, so a pass allocates no memory."""

    def __init__(self, game: StreamGame, dtype: np.dtype[Any]) -> None:
        self.capacity = max(game.sizes) * max(len(h) for h in game.hands)
        self.dtype = dtype
        self._buffers: dict[str, np.ndarray] = {}

    def get(self, name: str, rows: int, cols: int) -> np.ndarray:
        """Return the buffer `name` as a [rows, cols] array (its old contents)."""
        if name not in self._buffers:
            self._buffers[name] = np.empty(self.capacity, dtype=self.dtype)
        return self._buffers[name][: rows * cols].reshape(rows, cols)


def copy_file(source: Path, target: Path) -> str:
    """Copy a file, flushed to disk, and return the SHA-256 of its bytes."""
    digest = hashlib.sha256()
    with open(source, "rb") as read, open(target, "wb") as write:
        while chunk := read.read(_CHUNK):
            digest.update(chunk)
            write.write(chunk)
        write.flush()
        os.fsync(write.fileno())
    return digest.hexdigest()
