"""CFR+ streamed level by level: the solver's passes over a StreamGame's levels.

The algorithm is CFRPlus's (liarsdice.solver.cfr): regret matching+ (a regret total at most
sweeps.EPSILON plays uniformly), alternating updates, the t-th strategy (the first: uniform)
weighted t**averaging in the average; only the storage differs. A player's update is a pass up
(regrets) and a pass down (the new strategy's reach: added to the average, and the other's
terminal values, which depend on it alone).

- StreamSolver(game, folder, averaging=2.0, dtype="float32", restart=False, fused=True,
  resident=True): the regrets, average-strategy sums and scratch terminal values per level
  (stream_memory.LevelArrays: in memory while they fit, else in files in `folder`/live);
  resumes from the folder's checkpoint (stream_checkpoint). iterate(n); evaluate() (the
  average strategy's value and both best-response values, streamed) and nash_conv();
  checkpoint(); checkpoint_bytes(); average_strategy() and current_strategy() as Strategy
  values of game.small_game() (small games only).
- DTYPES ("float32", "float64"), the arrays' types; ALGORITHM, the algorithm as a checkpoint
  records it.
"""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.checks import check_choice, check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.solver.cfr import MAX_AVERAGING
from liarsdice.solver.checked import check_disk, check_folder, rules_dict
from liarsdice.solver.strategy import Strategy
from liarsdice.solver.stream_checkpoint import MANIFEST, read_checkpoint, write_checkpoint
from liarsdice.solver.stream_game import StreamGame
from liarsdice.solver.stream_kernels import kernels
from liarsdice.solver.stream_memory import SAVED_KINDS, LevelArrays, Workspace
from liarsdice.solver.stream_results import Evaluation, Report
from liarsdice.solver.sweeps_numpy import EPSILON

ALGORITHM = (
    "CFR+ as CFRPlus: regret matching+ (totals <= EPSILON play uniformly), alternating updates,"
    " the t-th strategy (the first uniform) weighted t**averaging in the average"
)
DTYPES = ("float32", "float64")
_RESCALE = 1e30  # a weight above this first divides the sums by it (as CFRPlus)
_ROWS = 8192  # rows of one chunk of a level's terminal values (a parallel task)


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
        self._arrays = LevelArrays(self.folder / "live", game, self.dtype, resident)
        self._work = Workspace(game, self.dtype)
        self._kernels = kernels(fused)
        self._uniform = [game.uniform(d)[:, 0].astype(self.dtype) for d in range(len(game.sizes))]
        self._counts = [game.counts(p) for p in (0, 1)]
        self._tables = [game.payoff_table, -game.payoff_table]  # each player's payoff
        self._level_children = [self._children(d) for d in range(len(game.sizes))]
        self._level_chunks = [self._chunks(d) if d else () for d in range(len(game.sizes))]
        self.scale = 1.0  # the sums hold the weights t**averaging times this
        manifest = self.folder / MANIFEST
        resume = manifest.exists() and not restart
        # before anything is written: room for the file-backed arrays and one checkpoint
        check_disk(self.folder, self._arrays.disk_bytes() + self.checkpoint_bytes(), "the run")
        if resume:
            self._resume(manifest)
        else:
            manifest.unlink(missing_ok=True)  # a discarded run is never resumed
            self._arrays.create(SAVED_KINDS)
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
        return self._arrays.saved_bytes()

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
        then checkpoint.json is replaced atomically; the previous checkpoint is removed last
        (stream_checkpoint.write_checkpoint).
        """
        self._start()
        record = {
            **self._settings(),
            "preset": self.game.rules.preset_name,
            "iterations": self.iterations,
            "scale": self.scale,
            "seconds": self.seconds,
            "reports": [dataclasses.astuple(r) for r in self.reports],
        }
        return write_checkpoint(self.folder, self._arrays, self.iterations, record)

    def _resume(self, path: Path) -> None:
        """Load the checkpoint that `path` (checkpoint.json) names into the live arrays."""
        bound = float(np.abs(self.game.payoff_table).max())
        progress = read_checkpoint(path, self._arrays, self._settings(), bound)
        self.iterations, self.seconds, self.scale, rows = progress
        self.reports = [Report(*row) for row in rows]

    def __repr__(self) -> str:
        return (
            f"StreamSolver({self.game!r}, folder={str(self.folder)!r}, "
            f"iterations={self.iterations})"
        )
