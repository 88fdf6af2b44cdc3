"""CFR+ streamed level by level from disk: single rounds too large for memory (2 v 2 on six faces).

The game is SmallGame's single round (player 0 opens with any opening the rules allow, the
players alternate raising on the rules' ladder or challenging, the payoff at a challenge from a
table per bidder, bid and count), for any dice: two dice each on six faces has 24 bids, 2^24
bid histories and 352 million information states, too many for the in-memory solver. The
algorithm is CFRPlus's (liarsdice.solver.cfr): regret matching+ (a regret total at most
sweeps.EPSILON plays uniformly), alternating updates, the t-th strategy (the first: uniform)
weighted t**averaging in the average; only the storage differs. A player's update is a pass up
(regrets) and a pass down (the new strategy's reach: added to the average, and the other's
terminal values, which depend on it alone).

The layout. A history is a rising sequence of bids; level d holds the histories of d bids,
sorted by their last bid, and within one last bid b by the row of the history without it in
level d - 1. So the histories of level d + 1 that end in b extend the first rows of level d
(those whose last bid is below b), in order: every parent-child step is a contiguous slice (no
index arrays), and the histories challenged on one bid are contiguous (one matrix product).

- MAX_STREAM_STATES: the most information states of a streamed game (10^9: 2 v 2 on six faces
  has 352 million, 1 v 3 520 million, 2 v 3 twenty billion); MAX_STREAM_DICE: the most dice in
  all (8). check_stream_size(dice, faces) checks the sizes.
- StreamGame(rules, dice=(2, 2), faces=6, payoff=None): the layout (bids, openings, hands,
  chance, rows per level and per last bid) and the payoff matrices; small_game() the same game
  as a SmallGame where that fits in memory (at most MAX_DICE dice), rows_of(small) the
  streamed row of each of its histories.
- StreamSolver(game, folder, averaging=2.0, dtype="float32", restart=False): the regrets,
  average-strategy sums and scratch terminal values per level: in memory while they fit
  memory_budget() (MEMORY_BUDGET, or half the machine's memory), else in np.memmap files in
  `folder`/live (resident=False: all in files, a few levels mapped at a time), so the page cache
  writes back at most the checkpoints; resumes from the folder's checkpoint. The folder ('' and
  a file refused) must have room for the file-backed arrays and one checkpoint
  (checkpoint_bytes()), checked before anything is written. iterate(n); evaluate() (the average strategy's
  value and both best-response values, streamed) and nash_conv(); checkpoint(), written
  atomically; average_strategy() and current_strategy() as Strategy values of
  game.small_game() (small games only).
- Evaluation: a value with both best-response values (nash_conv, bounds); Report: one check of
  a run; StreamResult: a run's outcome (summary()); peak_rss(): this process's peak memory.
- stream_solve(rules, dice, faces, folder=..., minutes=60, ...): run the solver for a time
  budget (refused up front when shorter than an iteration and a check at SECONDS_PER_STATE,
  and checked before every iteration, the first included) with a progress bar, a NashConv check every report_every iterations, a checkpoint
  every checkpoint_minutes, and a final evaluation and checkpoint.

The bound. For a strategy profile sigma with best-response values br0 (player 0's, against
player 1's part) and br1, NashConv is e = br0 + br1, and the game's value v* lies in [-br1, br0]
(player 0 can get br0 against sigma's player 1, and sigma's player 0 guarantees -br1). That
interval has width e and also holds v(sigma), so |v(sigma) - v*| <= e.

The folder: live/ (only the arrays beyond the memory budget), checkpoint.json (the game, the
settings, the iteration count, the SHA-256 of each array file and its own SHA-256, as
solver.checked.checksum computes it; its values are checked by meaning too) and the
ckpt-<iterations>/ folder it names (copies of the arrays). A checkpoint is
written beside its place and renamed into it, then checkpoint.json is replaced; a checkpoint
for other rules, dice, faces or settings, or whose files fail their checksums, is refused with
a ValueError. Its rules are read as solver.checked.rules_of reads a file's: an option newer than
the checkpoint reads as its default, so adding an option leaves a checkpoint resumable.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import (
    check_choice,
    check_counts,
    check_flag,
    check_integer,
    check_number,
    quote,
)
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import legal_bids
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules, resolve
from liarsdice.solver.cfr import MAX_AVERAGING
from liarsdice.solver.checked import (
    check_disk,
    check_folder,
    checksum,
    read_json,
    rules_dict,
    rules_of,
    run_progress,
)
from liarsdice.solver.game import (
    MAX_DICE,
    Payoff,
    SmallGame,
    die_faces,
    hand_multisets,
    payoff_table,
)
from liarsdice.solver.strategy import Strategy
from liarsdice.solver.stream_kernels import kernels
from liarsdice.solver.sweeps import EPSILON

MAX_STREAM_STATES = 1_000_000_000
MAX_STREAM_DICE = 8
FORMAT = "liarsdice-stream-checkpoint"
VERSION = 2  # 2: checkpoint.json carries its own SHA-256
MEMORY_BUDGET = 16 * 2**30  # bytes of arrays held in memory (memory_budget()); the rest in files
SECONDS_PER_STATE = 2e-9  # a fast machine's iteration time per information state (see _run)
ALGORITHM = (
    "CFR+ as CFRPlus: regret matching+ (totals <= EPSILON play uniformly), alternating updates,"
    " the t-th strategy (the first uniform) weighted t**averaging in the average"
)
DTYPES = ("float32", "float64")
_KINDS = ("regret_liar", "regret_bid", "sum_liar", "sum_bid")
_CHUNK = 1 << 26  # bytes read at a time when copying and hashing a file
_MANIFEST = "checkpoint.json"
_RESCALE = 1e30  # a weight above this first divides the sums by it (as CFRPlus)
_ROWS = 8192  # rows of one chunk of a level's terminal values (a parallel task)

Group = tuple[int, int, int]  # (last bid, first row, end row): the rows with that last bid


def check_stream_size(dice: object, faces: object) -> tuple[int, int]:
    """Return the two dice counts, or raise ValueError for sizes the streamed solver refuses.

    dice: two integers >= 1, at most MAX_STREAM_DICE in all; faces: an integer 2..6. The
    information states are checked when the game is built (at most MAX_STREAM_STATES).
    """
    if isinstance(dice, str | bytes) or not hasattr(dice, "__iter__"):
        raise ArgumentTypeError(f"dice={quote(dice)}: give the dice of both players, e.g. (2, 2)")
    counts = tuple(itertools.islice(iter(dice), 3))
    if len(counts) != 2:
        raise ValueError(f"dice={quote(dice)}: two players; give two dice counts, e.g. (2, 2)")
    a, b = check_counts("dice", counts, low=1, size=2)
    if a + b > MAX_STREAM_DICE:
        raise ValueError(
            f"dice={quote(dice)}: {a + b} dice in all; the streamed solver handles at most "
            f"MAX_STREAM_DICE = {MAX_STREAM_DICE}"
        )
    check_integer("faces", faces, 2, 6)
    return a, b


def _layout(openings: np.ndarray) -> list[np.ndarray]:
    """Return, per level d >= 1, the number of histories whose last bid is each bid.

    Level 1 holds the openings; a history of level d + 1 ending in b extends a history of
    level d whose last bid is below b, so its count is the running total below b.
    """
    counts = [openings.astype(np.int64)]
    while counts[-1].any():
        counts.append(np.concatenate(([0], np.cumsum(counts[-1])[:-1])))
    return counts[:-1]


class StreamGame:
    """The single round for any dice, as a streamed layout: bids, hands and rows per level."""

    def __init__(
        self,
        rules: Rules | str,
        dice: Sequence[int] = (2, 2),
        faces: int = 6,
        *,
        payoff: Payoff | None = None,
    ) -> None:
        """Build the layout. rules: a Rules or a preset name (no palifico round); dice: two
        integers >= 1, at most MAX_STREAM_DICE in all; faces: 2..6; payoff: None (+-1 to the
        round's winner) or payoff(bidder, bid, count) -> the opener's payoff in [-1, 1], as
        SmallGame takes it. At most MAX_STREAM_STATES information states."""
        self.dice = check_stream_size(dice, faces)
        self.rules = resolve(rules)
        self.faces = int(faces)
        if payoff is not None and not callable(payoff):
            raise ArgumentTypeError(
                f"payoff={quote(payoff)}: expected None or a function (bidder, bid, count)"
            )
        self.die_faces = die_faces(self.rules, self.faces)
        total = sum(self.dice)
        self.bids: tuple[Bid, ...] = tuple(
            b for b in self.rules.ladder(total) if b.face in self.die_faces
        )
        hands = [hand_multisets(self.die_faces, n) for n in self.dice]
        self.hands: tuple[tuple[tuple[int, ...], ...], ...] = tuple(h for h, _ in hands)
        self.chance: tuple[np.ndarray, ...] = tuple(p for _, p in hands)
        self.openings = self._openings(total)
        counts = _layout(self.openings)
        self.sizes: tuple[int, ...] = (1, *(int(c.sum()) for c in counts))
        if self.n_information_states > MAX_STREAM_STATES:
            raise ValueError(
                f"dice={quote(dice)}, faces={quote(faces)}: {self.n_information_states:,} "
                f"information states (limit MAX_STREAM_STATES = {MAX_STREAM_STATES:,})"
            )
        # groups[d]: the non-empty (bid, start, stop) row ranges of level d per last bid
        starts = [np.cumsum(c) - c for c in counts]
        self.groups: tuple[tuple[Group, ...], ...] = (
            (),
            *(
                tuple((b, int(s), int(s + n)) for b, (s, n) in enumerate(zip(first, c)) if n)
                for first, c in zip(starts, counts)
            ),
        )
        self.payoff_table = payoff_table(self.bids, sum(self.dice), payoff)

    def _openings(self, total: int) -> np.ndarray:
        """Return which bids may open; raise ValueError unless the raises of every bid are the
        later bids of the ladder (as in every preset's single round)."""
        index = {b: i for i, b in enumerate(self.bids)}
        for i, previous in enumerate(self.bids):
            after = [index[b] for b in legal_bids(self.rules, total, previous) if b in index]
            if after != list(range(i + 1, len(self.bids))):
                raise ValueError(
                    f"rules={quote(self.rules.preset_name or self.rules)}: the raises of "
                    f"{previous} are not the later bids of the ladder, which the streamed "
                    "solver needs"
                )
        opening = {index[b] for b in legal_bids(self.rules, total, None) if b in index}
        return np.array([i in opening for i in range(len(self.bids))])

    # ----- sizes -------------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Return the most bids a history can hold (the deepest level)."""
        return len(self.sizes) - 1

    @property
    def n_histories(self) -> int:
        """Return the number of public bid histories, the empty one included."""
        return sum(self.sizes)

    @property
    def n_information_states(self) -> int:
        """Return the number of (hand, history) pairs at which a player moves."""
        return sum(n * len(self.hands[d % 2]) for d, n in enumerate(self.sizes))

    def uniform(self, d: int) -> np.ndarray:
        """Return, per history of level d (0..depth), one over its legal actions (a column)."""
        d = check_integer("d", d, 0, self.depth)
        if d == 0:
            return np.array([[1.0 / int(self.openings.sum())]])
        k = len(self.bids)
        return np.concatenate(
            [np.full(stop - start, 1.0 / (k - b)) for b, start, stop in self.groups[d]]
        )[:, None]

    def counts(self, player: int) -> np.ndarray:
        """Return the matching dice [hand, bid] of each of the player's (0 or 1) hands."""
        player = check_integer("player", player, 0, 1)
        return np.array(
            [[self.rules.count(h, b.face) for b in self.bids] for h in self.hands[player]],
            dtype=np.int64,
        )

    def same_game(self, other: StreamGame) -> bool:
        """Return True if `other` (a StreamGame) is this game built again."""
        if not isinstance(other, StreamGame):
            raise ArgumentTypeError(f"other={quote(other)}: expected a StreamGame")
        return (other.rules, other.dice, other.faces) == (
            self.rules,
            self.dice,
            self.faces,
        ) and np.array_equal(other.payoff_table, self.payoff_table)

    def small_game(self) -> SmallGame:
        """Return this game as an in-memory SmallGame (at most MAX_DICE dice in all)."""
        if sum(self.dice) > MAX_DICE:
            raise ValueError(
                f"{self!r}: too large for the in-memory SmallGame (at most MAX_DICE = "
                f"{MAX_DICE} dice in all)"
            )
        index = {b: i for i, b in enumerate(self.bids)}
        table = self.payoff_table
        return SmallGame(
            self.rules,
            self.dice,
            self.faces,
            payoff=lambda bidder, bid, count: float(table[bidder, index[bid], count]),
        )

    def rows_of(self, small: SmallGame) -> list[np.ndarray]:
        """Return, per level, the streamed row of each history of `small` (this game as a
        SmallGame)."""
        if not isinstance(small, SmallGame):
            raise ArgumentTypeError(f"small={quote(small)}: expected a SmallGame")
        if (small.bids, small.dice, small.palifico) != (self.bids, self.dice, False):
            raise ValueError(f"small={quote(small)}: not this game")
        rows = [np.zeros(1, dtype=np.int64)]
        for d in range(1, len(small.levels)):
            start = np.zeros(len(self.bids), dtype=np.int64)
            for b, first, _ in self.groups[d]:
                start[b] = first
            level = small.levels[d]
            rows.append(start[level.last] + rows[-1][level.parent])
        return rows

    def __repr__(self) -> str:
        return (
            f"StreamGame({self.rules.preset_name or 'custom rules'}, dice={self.dice}, "
            f"faces={self.faces}: {len(self.bids)} bids, {self.n_histories:,} histories, "
            f"{self.n_information_states:,} information states)"
        )


# ----- level operations ------------------------------------------------------------------------


class _Arrays:
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
            return _copy(self.path(kind), target)
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
            return _copy(source, self.path(kind))
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


class _Workspace:
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


# ----- results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evaluation:
    """A strategy profile evaluated: player 0's value and each player's best-response value."""

    value: float  # the first player's expected payoff
    best_response: tuple[float, float]  # each player's payoff best-responding to the other

    @property
    def nash_conv(self) -> float:
        """Return NashConv, br0 + br1: 0 at an equilibrium, and |value - game value| <= it."""
        return self.best_response[0] + self.best_response[1]

    @property
    def bounds(self) -> tuple[float, float]:
        """Return [-br1, br0], the interval that holds the game's value (width NashConv)."""
        return -self.best_response[1], self.best_response[0]


@dataclass(frozen=True)
class Report:
    """One NashConv check of a run: after `iterations`, `seconds` of solving in all."""

    iterations: int
    seconds: float
    value: float
    nash_conv: float


@dataclass(frozen=True)
class StreamResult:
    """A streamed run: the average strategy's value with its NashConv bound, and its checks."""

    game: StreamGame
    evaluation: Evaluation
    iterations: int
    seconds: float  # solving time in all, over every resumed run
    reports: tuple[Report, ...]
    seconds_per_iteration: float  # this run's wall time per iteration, checks included
    peak_rss: int  # this process's peak resident memory in bytes (0 where unknown)
    checkpoint: Path

    @property
    def value(self) -> float:
        """Return the first player's expected payoff under the average strategy."""
        return self.evaluation.value

    @property
    def nash_conv(self) -> float:
        """Return the average strategy's NashConv (|value - game value| <= NashConv)."""
        return self.evaluation.nash_conv

    def summary(self) -> str:
        """Return the result in a few lines: the value with its bound, and the run's figures."""
        ev = self.evaluation
        low, high = ev.bounds
        lines = [
            f"{self.game!r}",
            f"{self.iterations} iterations, {self.seconds:.0f} s of solving in all; "
            f"{self.seconds_per_iteration:.2f} s per iteration in this run (checks included)",
            f"value    = {ev.value:+.6f} for the opener (the average strategy's)",
            f"NashConv = {ev.nash_conv:.3e}: the game's value is {ev.value:+.6f} "
            f"+- {ev.nash_conv:.3e}; it lies in [{low:+.6f}, {high:+.6f}]",
            f"checkpoint {self.checkpoint}",
        ]
        if self.peak_rss:
            lines.append(f"peak RSS {self.peak_rss / 2**30:.2f} GiB")
        return "\n".join(lines)


def peak_rss() -> int:
    """Return this process's peak resident memory in bytes (0 where the OS does not say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


# ----- the solver ------------------------------------------------------------------------------


class StreamSolver:
    """CFR+ on a StreamGame, its per-level arrays in memory-mapped files in a folder."""

    def __init__(
        self,
        game: StreamGame,
        folder: str | os.PathLike[str],
        *,
        averaging: float = 2.0,
        dtype: str = "float32",
        restart: bool = False,
        fused: bool = True,
        resident: bool = True,
    ) -> None:
        """Open the solver's folder (created if missing), resuming from its checkpoint.

        game: a StreamGame; folder: a path; averaging: the exponent of the iteration weights,
        0..MAX_AVERAGING (as CFRPlus); dtype: "float32" or "float64", the arrays' type;
        restart: True to discard the folder's checkpoint and start at iteration 0; fused:
        True for the numba kernels where numba imports (stream_kernels), False for numpy's;
        resident: True to map each file whole once (fast: its pages stay mapped, and count in
        the resident memory while the OS keeps them), False to map a level at a time (the
        process holds only a few levels). A checkpoint for another game or other settings, or a
        corrupt one, raises ValueError.
        """
        if not isinstance(game, StreamGame):
            raise ArgumentTypeError(f"game={quote(game)}: expected a StreamGame")
        self.game = game
        self.folder = check_folder("folder", folder)
        self.averaging = check_number("averaging", averaging, 0, MAX_AVERAGING)
        self.dtype_name = check_choice("dtype", dtype, DTYPES)
        restart = check_flag("restart", restart)
        fused = check_flag("fused", fused)
        resident = check_flag("resident", resident)
        self.dtype: np.dtype[Any] = np.dtype(self.dtype_name)
        self.iterations = 0
        self.seconds = 0.0
        self.reports: list[Report] = []
        self._arrays = _Arrays(self.folder / "live", game, self.dtype, resident)
        self._work = _Workspace(game, self.dtype)
        self._kernels = kernels(fused)
        self._uniform = [game.uniform(d)[:, 0].astype(self.dtype) for d in range(len(game.sizes))]
        self._counts = [game.counts(p) for p in (0, 1)]
        self._tables = [game.payoff_table, -game.payoff_table]  # each player's payoff
        self._level_children = [self._children(d) for d in range(len(game.sizes))]
        self._level_chunks = [self._chunks(d) if d else () for d in range(len(game.sizes))]
        self.scale = 1.0  # the sums hold the weights t**averaging times this
        manifest = self.folder / _MANIFEST
        resume = manifest.exists() and not restart
        # before anything is written: room for the file-backed arrays and one checkpoint
        check_disk(self.folder, self._arrays.disk_bytes() + self.checkpoint_bytes(), "the run")
        if resume:
            self._resume(manifest)
        else:
            manifest.unlink(missing_ok=True)  # a discarded run is never resumed
            self._arrays.create(_KINDS)
        self._arrays.create(("terminal_0", "terminal_1"))
        self._ready = False  # whether terminal_0 holds player 0's values against player 1
        self._started = resume  # whether the first strategy is in the sums (see _start)

    def _start(self) -> None:
        """Add the first strategy, uniform, to the sums with weight 1 (as CFRPlus), once: the
        first heavy pass, left out of the constructor so a time budget is checked before it."""
        if not self._started:
            self._down("regret", 0, 1.0)
            self._down("regret", 1, 1.0)
            self._ready = self._started = True

    def checkpoint_bytes(self) -> int:
        """Return the bytes one checkpoint writes (its copies of the arrays)."""
        return sum(self._arrays.nbytes(kind) for kind in _KINDS)

    # ----- one level ---------------------------------------------------------------------------

    def _children(self, d: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the (starts, sizes) of the groups of level d + 1 (empty at the deepest)."""
        groups = self.game.groups[d + 1] if d < self.game.depth else ()
        starts = np.array([start for _, start, _ in groups], dtype=np.int64)
        return starts, np.array([stop - start for _, start, stop in groups], dtype=np.int64)

    def _chunks(self, d: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the (bids, starts, stops) of level d's rows in chunks of at most _ROWS rows,
        each challenged on one bid."""
        chunks = [
            (b, lo, min(lo + _ROWS, stop))
            for b, start, stop in self.game.groups[d]
            for lo in range(start, stop, _ROWS)
        ]
        bids, starts, stops = (np.array(column, dtype=np.int64) for column in zip(*chunks))
        return bids, starts, stops

    def _weights(self, source: str, d: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the mover's weights at level d, mapped from their files (changes are
        written): LIAR's, and the bids' of level d + 1 (no rows at the deepest level)."""
        liar = self._arrays.map(f"{source}_liar", d)
        if d < self.game.depth:
            return liar, self._arrays.map(f"{source}_bid", d + 1)
        return liar, np.zeros((0, liar.shape[1]), dtype=self.dtype)

    def _terminal(self, player: int, d: int, weights: np.ndarray) -> None:
        """Store the player's counterfactual value of LIAR at level d, per history and hand,
        from the other's weights (their reach, times their LIAR probability where they
        challenge)."""
        other = 1 - player
        self._kernels["terminal"](
            weights, *self._level_chunks[d], self._counts[other], self._counts[player],
            self.game.chance[other], self._tables[player][(d - 1) % 2],
            self._arrays.map(f"terminal_{player}", d),
        )  # fmt: skip

    def _root(self, player: int) -> np.ndarray:
        """Return a player's zero terminal values at the root (no challenge there)."""
        return np.zeros((1, len(self.game.hands[player])), dtype=self.dtype)

    # ----- the passes --------------------------------------------------------------------------

    def _down(self, source: str, player: int, weight: float) -> None:
        """Walk the levels from the root with the player's strategy of `source` ("regret": the
        current one, "sum": the average): store the other player's terminal values (they
        depend on this player's reach only), and with weight > 0 add weight times the player's
        reach-weighted strategy to their average-strategy sums."""
        game, work, run = self.game, self._work, self._kernels["policy_down"]
        other, hands = 1 - player, len(game.hands[player])
        floor = EPSILON if source == "regret" else 0.0
        reach = work.get("reach_0", 1, hands)
        reach[...] = 1
        nothing = np.zeros((0, 0), dtype=self.dtype)
        for d, rows in enumerate(game.sizes):
            below = game.sizes[d + 1] if d < game.depth else 0
            reach_next = work.get(f"reach_{(d + 1) % 2}", below, hands)
            if d % 2 == player:  # the player moves: LIAR's weights, and the bids'
                liar_w, bid_w = self._weights(source, d)
                liar_reach = work.get("liar_reach", rows, hands)
                sums = list(self._weights("sum", d)) if weight > 0 else [nothing, nothing]
                run(
                    liar_w, bid_w, self._uniform[d], *self._level_children[d], reach,
                    liar_reach, reach_next, *sums, weight, d == 0, floor,
                )  # fmt: skip
                if d:
                    self._terminal(other, d, liar_reach)
            else:  # the other moves: the player's reach passes to the children unchanged
                if d:
                    self._terminal(other, d, reach)
                for _, start, stop in game.groups[d + 1] if below else ():
                    reach_next[start:stop] = reach[: stop - start]
            reach = reach_next

    def _up(self, player: int) -> None:
        """Update the player's regrets (regret matching+) from the leaves up, against the
        other's strategy (their terminal values, stored by _down)."""
        game, run = self.game, self._kernels
        hands = len(game.hands[player])
        below = np.zeros((0, hands), dtype=self.dtype)  # the player's values a level below
        for d in range(game.depth, -1, -1):
            children = self._level_children[d]
            terminal = self._arrays.map(f"terminal_{player}", d) if d else self._root(player)
            if d % 2 != player:
                run["child_sum"](*children, below, terminal)  # the terminal values are spent
                below = terminal
                continue
            liar_w, bid_w = self._weights("regret", d)
            values = self._work.get(f"values_{d % 4}", game.sizes[d], hands)
            run["values_up"](
                liar_w, bid_w, self._uniform[d], *children, terminal, below, values, True,
                d == 0, EPSILON,
            )  # fmt: skip
            below = values

    def _weight(self, t: int) -> float:
        """Return the t-th strategy's weight in the average, t**averaging (times the scale the
        sums are kept at), first dividing the sums by it where it passes _RESCALE."""
        weight = float(float(t) ** self.averaging) * self.scale
        if weight > _RESCALE:
            for source in ("sum_liar", "sum_bid"):
                whole = self._arrays.whole(source)
                whole *= self.dtype.type(1.0 / weight)
            self.scale /= weight
            weight = 1.0
        return weight

    def iterate(self, iterations: int = 1) -> None:
        """Run CFR+ iterations (each updates player 0, then player 1), 0..MAX_ITERATIONS.

        A player's update is a pass up (their regrets) and a pass down (their new strategy's
        reach, added to the average with the weight (t + 2)**averaging of the strategy it is,
        and the other's terminal values for the other's update).
        """
        iterations = check_integer("iterations", iterations, 0, MAX_ITERATIONS)
        if iterations:
            self._start()
        for _ in range(iterations):
            started = time.perf_counter()
            if not self._ready:  # player 0's terminal values, from player 1's strategy
                self._down("regret", 1, 0.0)
            weight = self._weight(self.iterations + 2)
            for player in (0, 1):
                self._up(player)
                self._down("regret", player, weight)
            self._ready = True
            self.iterations += 1
            self.seconds += time.perf_counter() - started

    def evaluate(self) -> Evaluation:
        """Return the average strategy's value and both best-response values (streamed)."""
        game, run = self.game, self._kernels
        self._start()
        self._ready = False  # the terminal values are the average strategy's from here
        for player in (0, 1):
            self._down("sum", player, 0.0)
        best = [np.zeros((0, len(h)), dtype=self.dtype) for h in game.hands]
        own = best[0]  # player 0's values under the average strategy
        for d in range(game.depth, -1, -1):
            children = self._level_children[d]
            terminal = [
                self._arrays.map(f"terminal_{p}", d) if d else self._root(p) for p in (0, 1)
            ]
            values = self._work.get(f"values_{d % 4}", game.sizes[d], len(game.hands[0]))
            if d % 2:
                values[...] = terminal[0]
                run["child_sum"](*children, own, values)
            else:
                liar_w, bid_w = self._weights("sum", d)
                run["values_up"](
                    liar_w, bid_w, self._uniform[d], *children, terminal[0], own, values,
                    False, d == 0, 0.0,
                )  # fmt: skip
            own = values
            for p in (0, 1):  # the terminal values are spent: each becomes the level's values
                if d % 2 != p:
                    run["child_sum"](*children, best[p], terminal[p])
                else:
                    if not d:
                        terminal[p][...] = -np.inf  # no challenge before the first bid
                    run["child_max"](*children, best[p], terminal[p])
                best[p] = terminal[p]
        return Evaluation(
            value=float(own[0].astype(float) @ game.chance[0]),
            best_response=(
                float(best[0][0].astype(float) @ game.chance[0]),
                float(best[1][0].astype(float) @ game.chance[1]),
            ),
        )

    def nash_conv(self) -> float:
        """Return the average strategy's NashConv (streamed; see evaluate)."""
        return self.evaluate().nash_conv

    def _strategy(self, source: str) -> Strategy:
        """Return the strategy of `source` as a Strategy of game.small_game()."""
        small = self.game.small_game()
        self._start()
        rows = self.game.rows_of(small)
        liar: list[np.ndarray] = []
        bid = [np.zeros((1, len(small.hands[1])))]
        nothing = np.zeros((0, 0), dtype=self.dtype)
        for d in range(len(self.game.sizes)):
            liar_w, bid_w = self._weights(source, d)
            probabilities, bids = np.empty_like(liar_w), np.empty_like(bid_w)
            reach = np.ones_like(liar_w)  # the probabilities are the reach from one
            self._kernels["policy_down"](
                liar_w, bid_w, self._uniform[d], *self._level_children[d], reach,
                probabilities, bids, nothing, nothing, 0.0, d == 0,
                EPSILON if source == "regret" else 0.0,
            )  # fmt: skip
            liar.append(probabilities[rows[d]].astype(float))
            if d < self.game.depth:
                bid.append(bids[rows[d + 1]].astype(float))
        return Strategy._trusted(small, liar, bid)

    def average_strategy(self) -> Strategy:
        """Return the average strategy as a Strategy of game.small_game() (small games only)."""
        return self._strategy("sum")

    def current_strategy(self) -> Strategy:
        """Return the current strategy as a Strategy of game.small_game() (small games only)."""
        return self._strategy("regret")

    # ----- checkpoints -------------------------------------------------------------------------

    def _settings(self) -> dict[str, Any]:
        """Return what a checkpoint must match to be resumed: the game and the settings."""
        game = self.game
        return {
            "rules": rules_dict(game.rules),
            "dice": list(game.dice),
            "faces": game.faces,
            "payoff_table": game.payoff_table.tolist(),
            "sizes": list(game.sizes),
            "algorithm": ALGORITHM,
            "averaging": self.averaging,
            "dtype": self.dtype_name,
        }

    def checkpoint(self) -> Path:
        """Write a checkpoint (copies of the arrays, then checkpoint.json) and return its folder.

        The copies are written beside their folder and renamed into it, flushed to disk, and
        then checkpoint.json is replaced atomically; the previous checkpoint is removed last.
        """
        self._start()
        name = f"ckpt-{self.iterations:09d}"
        target, partial = self.folder / name, self.folder / f".{name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        check_disk(self.folder, self.checkpoint_bytes(), "a checkpoint")
        partial.mkdir(parents=True)
        with ThreadPoolExecutor(max_workers=2) as pool:
            copies = pool.map(lambda k: self._arrays.save(k, partial / f"{k}.bin"), _KINDS)
            digests = dict(zip(_KINDS, copies))
        _sync_folder(partial)
        shutil.rmtree(target, ignore_errors=True)
        os.replace(partial, target)
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            **self._settings(),
            "preset": self.game.rules.preset_name,
            "iterations": self.iterations,
            "scale": self.scale,
            "seconds": self.seconds,
            "reports": [dataclasses.astuple(r) for r in self.reports],
            "data": name,
            "files": digests,
        }
        manifest["sha256"] = checksum({}, manifest)
        _write_atomic(self.folder / _MANIFEST, json.dumps(manifest, sort_keys=True))
        _sync_folder(self.folder)
        for old in self.folder.glob("ckpt-*"):
            if old.name != name:
                shutil.rmtree(old, ignore_errors=True)
        return target

    def _resume(self, path: Path) -> None:
        """Load the checkpoint that `path` (checkpoint.json) names into the live arrays."""
        where = f"checkpoint {quote(str(path))}"
        manifest = read_json(where, path, FORMAT, VERSION)
        for key, wanted in self._settings().items():
            made = manifest.get(key)
            if key == "rules":  # as this version writes them: a newer option at its default
                made = rules_dict(rules_of(where, made))
            if made != wanted:
                shown = (
                    f"other {key}"
                    if key in ("rules", "payoff_table", "sizes", "algorithm")
                    else f"{key} {quote(made)}, not {quote(wanted)}"
                )
                raise ValueError(
                    f"{where}: made for {shown}; use another folder, or restart to discard it"
                )
        bound = float(np.abs(self.game.payoff_table).max())
        self.iterations, self.seconds, self.scale, rows = run_progress(where, manifest, bound)
        self.reports = [Report(*row) for row in rows]
        data, digests = manifest.get("data"), manifest.get("files")
        if not isinstance(data, str) or not isinstance(digests, dict):
            raise ValueError(f"{where}: it names no data; corrupt")
        source = self.folder / Path(data).name
        for kind in _KINDS:
            file = source / f"{kind}.bin"
            if not file.is_file() or file.stat().st_size != self._arrays.nbytes(kind):
                raise ValueError(f"{where}: {kind}.bin is missing or of the wrong size; corrupt")
        with ThreadPoolExecutor(max_workers=2) as pool:
            found = list(pool.map(lambda k: self._arrays.load(k, source / f"{k}.bin"), _KINDS))
        for kind, digest in zip(_KINDS, found):
            if digests.get(kind) != digest:
                raise ValueError(f"{where}: {kind}.bin does not match its checksum; corrupt")

    def __repr__(self) -> str:
        return (
            f"StreamSolver({self.game!r}, folder={str(self.folder)!r}, "
            f"iterations={self.iterations})"
        )


def _copy(source: Path, target: Path) -> str:
    """Copy a file, flushed to disk, and return the SHA-256 of its bytes."""
    digest = hashlib.sha256()
    with open(source, "rb") as read, open(target, "wb") as write:
        while chunk := read.read(_CHUNK):
            digest.update(chunk)
            write.write(chunk)
        write.flush()
        os.fsync(write.fileno())
    return digest.hexdigest()


def _write_atomic(path: Path, text: str) -> None:
    """Write text beside `path`, flush it to disk, and rename it into place."""
    partial = path.with_name(f".{path.name}.partial")
    with open(partial, "w") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (where the OS lets a folder be opened)."""
    if sys.platform == "win32":  # pragma: no cover
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


# ----- the driver ------------------------------------------------------------------------------


def stream_solve(
    rules: Rules | str,
    dice: Sequence[int] = (2, 2),
    faces: int = 6,
    *,
    folder: str | os.PathLike[str],
    minutes: float = 60.0,
    max_iterations: int = MAX_ITERATIONS,
    report_every: int = 10,
    checkpoint_minutes: float = 10.0,
    tolerance: float = 0.0,
    averaging: float = 2.0,
    dtype: str = "float32",
    restart: bool = False,
    progress: bool = True,
    log: Callable[[str], object] | None = None,
) -> StreamResult:
    """Return the streamed solver's result after a time budget (resuming the folder's run).

    Args:
        rules, dice, faces: the game (StreamGame: at most MAX_STREAM_DICE dice in all and
            MAX_STREAM_STATES information states).
        folder: the checkpoint folder; its run is resumed unless restart=True.
        minutes: this run's budget, a number > 0: no iteration starts that would end past it
            (judged by the last iteration's time and the last check's).
        max_iterations: stop once the run has done this many in all, 1..MAX_ITERATIONS.
        report_every: iterations between NashConv checks, 1..MAX_ITERATIONS.
        checkpoint_minutes: minutes between checkpoints, a number > 0 (and one at the end).
        tolerance: stop once a check's NashConv is at most this, a number >= 0 (0: never).
        averaging, dtype, restart: as StreamSolver takes them.
        progress: True for a progress bar (tqdm, on stderr).
        log: where each check's line goes (None: above the progress bar, or print).
    """
    started = time.perf_counter()
    minutes = check_number("minutes", minutes, 0)
    if minutes <= 0:
        raise ValueError(f"minutes={quote(minutes)}: expected a number > 0")
    max_iterations = check_integer("max_iterations", max_iterations, 1, MAX_ITERATIONS)
    report_every = check_integer("report_every", report_every, 1, MAX_ITERATIONS)
    checkpoint_minutes = check_number("checkpoint_minutes", checkpoint_minutes, 0)
    if checkpoint_minutes <= 0:
        raise ValueError(f"checkpoint_minutes={quote(checkpoint_minutes)}: expected a number > 0")
    tolerance = check_number("tolerance", tolerance, 0)
    progress = check_flag("progress", progress)
    if log is not None and not callable(log):
        raise ArgumentTypeError(f"log={quote(log)}: expected None or a function of a str")
    folder = check_folder("folder", folder)
    game = StreamGame(rules, dice, faces)
    least = 2 * SECONDS_PER_STATE * game.n_information_states  # an iteration and the last check
    if 60.0 * minutes < least:
        raise ValueError(
            f"minutes={quote(minutes)}: too short for one iteration and the final check of "
            f"{game!r}, at least {least:.2g} s even on a fast machine; nothing was run"
        )
    solver = StreamSolver(game, folder, averaging=averaging, dtype=dtype, restart=restart)
    return _run(
        solver,
        started=started,
        budget=60.0 * minutes,
        max_iterations=max_iterations,
        report_every=report_every,
        checkpoint_seconds=60.0 * checkpoint_minutes,
        tolerance=tolerance,
        progress=progress,
        log=log,
    )


def _run(
    solver: StreamSolver,
    *,
    started: float,
    budget: float,
    max_iterations: int,
    report_every: int,
    checkpoint_seconds: float,
    tolerance: float,
    progress: bool,
    log: Callable[[str], object] | None,
) -> StreamResult:
    """Return the result of running a solver as stream_solve describes (checked arguments),
    its budget counted from `started` (a perf_counter time) and checked before every iteration
    (the first judged by SECONDS_PER_STATE); ValueError if it ran out before the first."""
    from tqdm.auto import tqdm

    last_checkpoint = time.perf_counter()
    first = solver.iterations
    step = check_seconds = SECONDS_PER_STATE * solver.game.n_information_states
    out_of_time = False
    evaluation: Evaluation | None = None
    bar = tqdm(
        total=max_iterations if max_iterations < MAX_ITERATIONS else None,  # else: time-bound
        initial=first,
        disable=not progress,
        desc="CFR+",
        unit="it",
        file=sys.stderr,
    )
    say = log if log is not None else (bar.write if progress else print)

    def check() -> Evaluation:
        nonlocal check_seconds
        t = time.perf_counter()
        result = solver.evaluate()
        check_seconds = time.perf_counter() - t
        solver.reports.append(
            Report(solver.iterations, solver.seconds, result.value, result.nash_conv)
        )
        say(
            f"iteration {solver.iterations}: NashConv {result.nash_conv:.3e}, value "
            f"{result.value:+.6f} ({solver.seconds:.0f} s solving in all, check "
            f"{check_seconds:.0f} s, {time.perf_counter() - started:.0f} s this run)"
        )
        bar.set_postfix_str(f"NashConv {result.nash_conv:.2e}")
        return result

    with bar:
        while solver.iterations < max_iterations:
            elapsed = time.perf_counter() - started
            out_of_time = elapsed + step + check_seconds > budget
            if out_of_time:
                break
            t = time.perf_counter()
            solver.iterate(1)
            step = time.perf_counter() - t
            bar.update(1)
            evaluation = None
            if (solver.iterations - first) % report_every == 0:
                evaluation = check()
                if evaluation.nash_conv <= tolerance:
                    break
            if time.perf_counter() - last_checkpoint > checkpoint_seconds:
                solver.checkpoint()
                last_checkpoint = time.perf_counter()
        if out_of_time and solver.iterations == first:
            raise ValueError(
                f"minutes={budget / 60:.3g}: the budget ran out before the first iteration "
                f"(opening the solver took {time.perf_counter() - started:.2g} s); nothing was "
                "solved and no checkpoint written; give more minutes"
            )
        if evaluation is None:
            evaluation = check()
    path = solver.checkpoint()
    done = solver.iterations - first
    return StreamResult(
        game=solver.game,
        evaluation=evaluation,
        iterations=solver.iterations,
        seconds=solver.seconds,
        reports=tuple(solver.reports),
        seconds_per_iteration=(time.perf_counter() - started) / done if done else math.nan,
        peak_rss=peak_rss(),
        checkpoint=path,
    )
