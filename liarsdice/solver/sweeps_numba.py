"""The numba backend of liarsdice.solver.sweeps: sweeps_numpy's passes as compiled loops.

Imported only when numba is installed (pip install liarsdice[fast]) and backend "numba" is
chosen (liarsdice.solver.sweeps.choose_backend). The loops compute what Sweeps' numpy passes
compute, in the same order of sums, with two savings: a row the other player never reaches
(every hand's reach 0: a dead row) is skipped with its whole subtree, since its values are 0 and
regret matching+ leaves it as it was; and one pass does what numpy does in several (terminal
values, counterfactual values, regrets and the new strategy together). Within a row the values
are float64 whatever the stored type. Compiled on first use and cached on disk (cache=True).

- NumbaSweeps(tree, dtype): Sweeps with update, accumulate and check compiled.
- The kernels: _update (one player's pass up), _accumulate (their weights and sums, down, and
  which rows they reach), _average_weights (the average strategy's weights, normalised on the
  way down, in float64) and _best_response (a best response's values, up).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from liarsdice.solver.strategy import Strategy
from liarsdice.solver.sweeps_numpy import EPSILON, Sweeps, Tree

_jit = numba.njit(cache=True, fastmath=True, nogil=True, error_model="numpy")


@_jit
def _terminal(n: int, key: int, bid: int, x: Any, spread: Any, combine: Any, out: Any) -> None:
    """Set out to the LIAR values at row n (challenged on `bid`; key: bidder * bids + bid)
    against the other's weights x[n]: their weight per matching count first (spread), then
    the payoff of each own hand (combine)."""
    counts, other, own = combine.shape[1], x.shape[1], out.shape[0]
    for a in range(own):
        out[a] = 0.0
    for j in range(counts):
        w = 0.0
        for b in range(other):
            w += x[n, b] * spread[bid, j, b]
        if w != 0.0:
            for a in range(own):
                out[a] += w * combine[key, j, a]


@_jit
def _update(
    player: int,
    offsets: Any,
    first: Any,
    children: Any,
    key: Any,
    actions: Any,
    live: Any,
    x: Any,
    spread: Any,
    combine: Any,
    sigma: Any,
    regret: Any,
    below: Any,
    current: Any,
) -> None:
    """Regret matching+ for `player` against the other's weights x on their live rows."""
    levels = len(offsets) - 1
    hands = sigma.shape[1]
    terminal = np.zeros(hands)
    value = np.zeros(hands)
    total = np.zeros(hands)
    for d in range(levels - 1, -1, -1):
        start = offsets[d]
        start_below = offsets[d + 1]
        moves = d % 2 == player
        shift = spread.shape[0] * ((d - 1) % 2)  # key - shift: the challenged bid
        for n in range(start, offsets[d + 1]):
            if not live[n]:
                continue
            if d:
                _terminal(n, key[n], key[n] - shift, x, spread, combine, terminal)
            c0, c1 = first[n], first[n] + children[n]
            row = n - start
            if not moves:
                for a in range(hands):
                    value[a] = 0.0
                for c in range(c0, c1):
                    if live[c]:
                        for a in range(hands):
                            value[a] += below[c - start_below, a]
                for a in range(hands):
                    current[row, a] = (terminal[a] if d else 0.0) + value[a]
                continue
            for a in range(hands):
                value[a] = 0.0
            for c in range(c0, c1):
                for a in range(hands):
                    value[a] += sigma[c, a] * below[c - start_below, a]
            if d:
                for a in range(hands):
                    value[a] += sigma[n, a] * terminal[a]
                    regret[n, a] = max(regret[n, a] + (terminal[a] - value[a]), 0.0)
            for a in range(hands):
                total[a] = 0.0
            for c in range(c0, c1):
                for a in range(hands):
                    r = max(regret[c, a] + (below[c - start_below, a] - value[a]), 0.0)
                    regret[c, a] = r
                    total[a] += r
            for a in range(hands):
                if d:
                    total[a] += regret[n, a]
                total[a] = 1.0 / total[a] if total[a] > EPSILON else 0.0
                current[row, a] = value[a]
            uniform = 1.0 / actions[n]
            for a in range(hands):
                inverse = total[a]
                if d:
                    sigma[n, a] = regret[n, a] * inverse if inverse > 0.0 else uniform
                for c in range(c0, c1):
                    sigma[c, a] = regret[c, a] * inverse if inverse > 0.0 else uniform
        below, current = current, below


@_jit
def _accumulate(
    player: int,
    offsets: Any,
    parent: Any,
    sigma: Any,
    weights: Any,
    sums: Any,
    live: Any,
    above: Any,
    current: Any,
    weight: float,
) -> None:
    """Set the player's weights and live rows from their strategy; add weight x weights to
    their sums (dead rows, and rows below them, are left as they were)."""
    hands = sigma.shape[1]
    for a in range(hands):
        above[0, a] = 1.0
        weights[0, a] = 0.0
    live[0] = True
    for d in range(1, len(offsets) - 1):
        start, start_above = offsets[d], offsets[d - 1]
        bid = (d - 1) % 2 == player
        for n in range(start, offsets[d + 1]):
            p = parent[n]
            if not live[p]:
                live[n] = False
                continue
            row, up = n - start, p - start_above
            if not bid:  # the player moves at n: their reach is the parent's, not all 0
                for a in range(hands):
                    r = above[up, a]
                    current[row, a] = r
                    w = r * sigma[n, a]
                    weights[n, a] = w
                    sums[n, a] += weight * w
                live[n] = True
                continue
            reached = False
            for a in range(hands):
                r = above[up, a] * sigma[n, a]
                current[row, a] = r
                reached |= r != 0.0
            live[n] = reached
            if reached:  # a dead row's weights are never read, and its sums gain nothing
                for a in range(hands):
                    r = current[row, a]
                    weights[n, a] = r
                    sums[n, a] += weight * r
        above, current = current, above


@_jit
def _average_weights(
    player: int,
    offsets: Any,
    first: Any,
    children: Any,
    actions: Any,
    sums: Any,
    weights: Any,
    live: Any,
    above: Any,
    current: Any,
) -> None:
    """Set the player's weights (float64) and live rows under their average strategy, each
    information state's sums normalised on the way (uniform where they are all 0)."""
    hands = sums.shape[1]
    total = np.zeros(hands)
    for a in range(hands):
        above[0, a] = 1.0
    live[0] = True
    for d in range(len(offsets) - 1):
        start, start_below = offsets[d], offsets[d + 1]
        moves = d % 2 == player
        for n in range(start, offsets[d + 1]):
            c0, c1 = first[n], first[n] + children[n]
            if not live[n]:
                for c in range(c0, c1):
                    live[c] = False
                continue
            row = n - start
            if not moves:  # the player made the last bid: its weights are set already
                for c in range(c0, c1):
                    for a in range(hands):
                        current[c - start_below, a] = above[row, a]
                    live[c] = True
                continue
            for a in range(hands):
                total[a] = sums[n, a] if d else 0.0
            for c in range(c0, c1):
                for a in range(hands):
                    total[a] += sums[c, a]
            uniform = 1.0 / actions[n]
            for a in range(hands):  # total becomes reach / total, or -reach for uniform play
                reach = above[row, a]
                total[a] = reach / total[a] if total[a] > 0.0 else -reach
                if d:
                    t = total[a]
                    weights[n, a] = sums[n, a] * t if t > 0.0 else -t * uniform
            for c in range(c0, c1):
                reached = False
                for a in range(hands):
                    t = total[a]
                    r = sums[c, a] * t if t > 0.0 else -t * uniform
                    current[c - start_below, a] = r
                    weights[c, a] = r
                    reached |= r != 0.0
                live[c] = reached
        above, current = current, above


@_jit
def _best_response(
    player: int,
    offsets: Any,
    first: Any,
    children: Any,
    key: Any,
    live: Any,
    x: Any,
    spread: Any,
    combine: Any,
    below: Any,
    current: Any,
) -> Any:
    """Return the player's best-response values at the root, per hand, against weights x."""
    levels = len(offsets) - 1
    hands = below.shape[1]
    terminal = np.zeros(hands)
    for d in range(levels - 1, -1, -1):
        start, start_below = offsets[d], offsets[d + 1]
        moves = d % 2 == player
        shift = spread.shape[0] * ((d - 1) % 2)  # key - shift: the challenged bid
        for n in range(start, offsets[d + 1]):
            if not live[n]:
                continue
            row = n - start
            if d:
                _terminal(n, key[n], key[n] - shift, x, spread, combine, terminal)
            for a in range(hands):
                current[row, a] = terminal[a] if d else (-np.inf if moves else 0.0)
            for c in range(first[n], first[n] + children[n]):
                if moves:  # every child is live: the other's reach does not change
                    for a in range(hands):
                        current[row, a] = max(current[row, a], below[c - start_below, a])
                elif live[c]:
                    for a in range(hands):
                        current[row, a] += below[c - start_below, a]
        below, current = current, below
    return below[0].copy()


class NumbaSweeps(Sweeps):
    """Sweeps with compiled passes that skip the rows the other player never reaches."""

    backend = "numba"

    def __init__(self, tree: Tree, dtype: str) -> None:
        super().__init__(tree, dtype)
        widest = int(np.diff(tree.offsets).max())
        self.live = [np.ones(tree.rows, dtype=np.bool_) for _ in (0, 1)]
        # per level: values (float64) and reach (the stored type)
        self._buffers = [(np.zeros((widest, h)), np.zeros((widest, h))) for h in self.hands]
        self._reach = [
            (np.zeros((widest, h), self.dtype), np.zeros((widest, h), self.dtype))
            for h in self.hands
        ]
        # the average strategy's weights and live rows, for check (made on its first call)
        self._average: list[tuple[np.ndarray, np.ndarray]] = []

    def update(self, player: int) -> None:
        """Update the player's regrets and strategy (see Sweeps.update), skipping dead rows."""
        tree, other = self.tree, 1 - player
        _update(
            player,
            tree.offsets,
            tree.first,
            tree.children,
            tree.key,
            tree.actions,
            self.live[other],
            self.weights[other],
            tree.spread[player],
            tree.combine[player],
            self.sigma[player],
            self.regret[player],
            *self._buffers[player],
        )

    def accumulate(self, player: int, weight: float) -> None:
        """Recompute the player's weights and live rows; add weight times the weights to the
        sums (see Sweeps.accumulate)."""
        tree = self.tree
        _accumulate(
            player,
            tree.offsets,
            tree.parent,
            self.sigma[player],
            self.weights[player],
            self.sums[player],
            self.live[player],
            *self._reach[player],
            float(weight),
        )

    def check(self) -> tuple[float, Strategy | None]:
        """Return the average strategy's NashConv (float64, compiled) and None (the strategy
        itself is not built)."""
        tree = self.tree
        if not self._average:
            self._average = [
                (np.zeros((tree.rows, h)), np.zeros(tree.rows, dtype=np.bool_)) for h in self.hands
            ]
        for p in (0, 1):
            w, alive = self._average[p]
            above, current = self._buffers[p]
            _average_weights(
                p,
                tree.offsets,
                tree.first,
                tree.children,
                tree.actions,
                self.sums[p],
                w,
                alive,
                above,
                current,
            )
        gap = 0.0
        for p in (0, 1):
            values = _best_response(
                p,
                tree.offsets,
                tree.first,
                tree.children,
                tree.key,
                self._average[1 - p][1],
                self._average[1 - p][0],
                tree.spread[p],
                tree.combine[p],
                *self._buffers[p],
            )
            gap += float(values @ tree.game.chance[p])
        return gap, None
