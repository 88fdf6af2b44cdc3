"""CFR+'s passes over a SmallGame's tree, flattened into rows, in numpy (dense: every row).

Every history of the game is one row: the levels one after another (root first), each level's
rows in SmallGame's order (grouped by parent, children in ladder order). A player's arrays have
a row per history and a column per hand of theirs. Row n holds what the player decides there:
the LIAR probability where they move (d % 2 == player, d >= 1), or the probability of the bid
that made n where they made it ((d - 1) % 2 == player); the root row is 0 for both. So one
array per player holds the whole behaviour strategy, and likewise the regrets, the
average-strategy sums and the weights (below).

The weights X of a player at row n are their reach of n times their probability there: the
reach where they made the last bid, the reach times LIAR where they move. The other player's
counterfactual value of LIAR at n is then X[n] @ M[bidder, bid] (M: payoff times the chance of
the hand, per pair of hands), whoever challenges; the average-strategy sums gain weight x X.

One CFR+ iteration (liarsdice.solver.cfr.CFRPlus) is, per player p: update(p), one pass from
the leaves up (terminal values, counterfactual values, regret matching+, the new strategy),
then accumulate(p, weight), one pass down (the new weights, added to the sums). A player whose
reach of a history is 0 for every hand (a "dead" row) gives the other player values 0 in its
whole subtree, where regret matching+ changes nothing: the numba backend skips those subtrees.

- EPSILON: a regret total at most this (1e-12) counts as none: the mover plays uniformly
  (rounding noise is no regret; both backends follow the same tie rule); DTYPES ("float32",
  "float64"), the stored types.
- Tree.of(game): the flat tree (offsets, parent, first child, children, challenge keys,
  legal actions) and the payoff matrices with chance, also factored by matching dice (the
  other's weight per matching count, then one payoff per own hand: far fewer flops a row).
- Sweeps(tree, dtype): the state (sigma, regret, sums, weights per player) and the passes in
  numpy; flat(strategy) and strategy() convert to and from a Strategy; average() the average
  strategy; check() its NashConv. liarsdice.solver.sweeps_numba.NumbaSweeps compiles them;
  liarsdice.solver.sweeps chooses the backend.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from liarsdice.checks import check_choice
from liarsdice.solver.game import SmallGame
from liarsdice.solver.strategy import Strategy, normalise

EPSILON = 1e-12
DTYPES = ("float32", "float64")


@dataclass(frozen=True, eq=False)
class Tree:
    """A SmallGame's histories as rows of flat arrays (see the module docstring)."""

    game: SmallGame
    offsets: np.ndarray  # int64 [levels + 1]: the first row of each level, then the row count
    parent: np.ndarray  # int64 [row]: the parent's row (-1 at the root)
    first: np.ndarray  # int64 [row]: the first child's row
    children: np.ndarray  # int64 [row]: the number of bids that may follow
    key: np.ndarray  # int64 [row]: bidder * bids + the challenged bid (0 at the root)
    actions: np.ndarray  # float64 [row]: the mover's legal actions
    payoff: tuple[np.ndarray, np.ndarray]  # per player: [key, other's hand, own hand], chance in
    order: np.ndarray  # rows 1.. sorted by key
    bounds: np.ndarray  # where each key's rows start in `order`
    # The same payoffs factored by the matching dice (payoff[key][b, a] = sum over j of
    # spread[bid][j, b] * combine[key][j, a]), far fewer flops per row:
    spread: tuple[np.ndarray, np.ndarray]  # per player: [bid, other's count, other's hand]
    combine: tuple[np.ndarray, np.ndarray]  # per player: [key, other's count, own hand]

    @classmethod
    def of(cls, game: SmallGame) -> Tree:
        """Return the flat tree of a SmallGame."""
        levels = game.levels
        sizes = [len(level) for level in levels]
        offsets = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        parent = np.concatenate(
            [[-1]] + [level.parent + offsets[d - 1] for d, level in enumerate(levels) if d]
        ).astype(np.int64)
        first = np.concatenate(
            [level.child_start + offsets[min(d + 1, len(levels))] for d, level in enumerate(levels)]
        ).astype(np.int64)
        children = np.concatenate([level.child_count for level in levels]).astype(np.int64)
        k = len(game.bids)
        key = np.concatenate(
            [[0]] + [level.last + k * ((d - 1) % 2) for d, level in enumerate(levels) if d]
        ).astype(np.int64)
        actions = np.concatenate([level.n_actions for level in levels]).astype(np.float64)
        payoff = tuple(
            np.ascontiguousarray(game._payoff[p] * game.chance[1 - p][None, :, None])
            for p in (0, 1)
        )
        spread, combine = zip(*(cls._factors(game, p) for p in (0, 1)))
        return cls(
            game,
            offsets,
            parent,
            first,
            children,
            key,
            actions,
            (payoff[0], payoff[1]),
            game._liar_order + 1,  # the same sort of the rows below the root
            game._liar_bounds,
            (spread[0], spread[1]),
            (combine[0], combine[1]),
        )

    @staticmethod
    def _factors(game: SmallGame, player: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the player's payoff factored by matching dice: spread [bid, j, other's hand]
        (the chance of the other's hand where it holds j matching dice, else 0) and combine
        [key, j, own hand] (the player's payoff when the table holds j plus their own matching
        dice)."""
        other, k = 1 - player, len(game.bids)
        counts = [
            np.array([[game.rules.count(h, b.face, game.palifico) for b in game.bids] for h in hs])
            for hs in game.hands
        ]
        j = np.arange(game.dice[other] + 1)
        spread = (counts[other].T[:, None, :] == j[None, :, None]) * game.chance[other]
        table = game.payoff_table if player == 0 else -game.payoff_table  # [bidder, bid, count]
        total = j[None, :, None] + counts[player].T[:, None, :]  # [bid, j, own hand]
        combine = table[:, np.arange(k)[:, None, None], total].reshape(2 * k, len(j), -1)
        return np.ascontiguousarray(spread, dtype=np.float64), np.ascontiguousarray(combine)

    @property
    def rows(self) -> int:
        """Return the number of rows (histories)."""
        return int(self.offsets[-1])

    def level(self, d: int) -> slice:
        """Return the rows of level d."""
        return slice(int(self.offsets[d]), int(self.offsets[d + 1]))


class Sweeps:
    """CFR+'s state on a flat tree and its passes, in numpy (dense: every row every time).

    tree: a Tree; dtype: "float32" or "float64", the type of the stored arrays (the values of
    one pass are computed in that type; evaluations always in float64).
    """

    backend = "numpy"

    def __init__(self, tree: Tree, dtype: str) -> None:
        self.tree = tree
        self.dtype = np.dtype(check_choice("dtype", dtype, DTYPES))
        game = tree.game
        self.hands = (len(game.hands[0]), len(game.hands[1]))
        uniform = self.flat(Strategy.uniform(game))
        self.sigma = [u.astype(self.dtype) for u in uniform]
        self.regret = [np.zeros_like(s) for s in self.sigma]
        self.sums = [np.zeros_like(s) for s in self.sigma]
        self.weights = [np.zeros_like(s) for s in self.sigma]
        self._payoff = tuple(m.astype(self.dtype) for m in tree.payoff)

    # ----- conversions --------------------------------------------------------------------------

    def flat(self, strategy: Strategy) -> list[np.ndarray]:
        """Return a strategy's probabilities as one float64 array [row, hand] per player."""
        levels = range(len(self.tree.offsets) - 1)
        return [
            np.concatenate(
                [strategy.liar[d] if d % 2 == p else strategy.bid[d] for d in levels]
            ).astype(np.float64)
            for p in (0, 1)
        ]

    def _split(self, arrays: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Return per-player row arrays cut into the Strategy's liar and bid lists (float64)."""
        liar, bid = [], []
        for d in range(len(self.tree.offsets) - 1):
            rows = self.tree.level(d)
            mover = arrays[d % 2][rows].astype(np.float64)
            liar.append(mover if d else np.zeros_like(mover))
            bid.append(arrays[(d - 1) % 2][rows].astype(np.float64))
        return liar, bid

    def strategy(self) -> Strategy:
        """Return the current strategy as a Strategy (float64)."""
        liar, bid = self._split(self.sigma)
        return Strategy._trusted(self.tree.game, liar, bid)

    def average(self) -> Strategy:
        """Return the average strategy: the sums normalised per information state (float64)."""
        game = self.tree.game
        liar, bid = self._split(self.sums)
        liar, bid = normalise(game, liar, bid, range(len(game.levels)))
        return Strategy._trusted(game, liar, bid)

    def check(self) -> tuple[float, Strategy | None]:
        """Return the average strategy's NashConv (float64) and that strategy (built for it)."""
        average = self.average()
        return self.tree.game.nash_conv(average), average

    def scale_sums(self, factor: float) -> None:
        """Multiply both players' sums by `factor` (which leaves the average unchanged)."""
        for sums in self.sums:
            sums *= self.dtype.type(factor)

    # ----- the passes ---------------------------------------------------------------------------

    def _child_sum(self, d: int, below: np.ndarray) -> np.ndarray:
        """Return, per row of level d, the sum of `below` (rows of level d + 1) over its children."""
        level = self.tree.game.levels[d]
        out = np.zeros((len(level), below.shape[1]), below.dtype)
        if len(below):
            out[level.has_children] = np.add.reduceat(below, level.starts, axis=0)
        return out

    def _terminal(self, player: int) -> np.ndarray:
        """Return the player's value of LIAR at every row and hand (0 at the root)."""
        tree, other = self.tree, self.weights[1 - player]
        out = np.zeros((tree.rows, self.hands[player]), self.dtype)
        for i, (lo, hi) in enumerate(zip(tree.bounds[:-1], tree.bounds[1:])):
            rows = tree.order[lo:hi]
            out[rows] = other[rows] @ self._payoff[player][i]
        return out

    def update(self, player: int) -> None:
        """Update the player's regrets (regret matching+) and strategy against the other's
        current weights, from the leaves up."""
        tree, game = self.tree, self.tree.game
        sigma, regret = self.sigma[player], self.regret[player]
        terminal = self._terminal(player)
        depth = len(game.levels) - 1
        below = np.zeros((0, self.hands[player]), self.dtype)
        for d in range(depth, -1, -1):
            rows, level = tree.level(d), game.levels[d]
            if d % 2 != player:
                below = terminal[rows] + self._child_sum(d, below)
                continue
            kids = tree.level(d + 1) if d < depth else slice(0, 0)
            parent = game.levels[d + 1].parent if d < depth else np.zeros(0, dtype=int)
            value = self._child_sum(d, sigma[kids] * below)
            if d:
                value += sigma[rows] * terminal[rows]
                np.maximum(regret[rows] + (terminal[rows] - value), 0, out=regret[rows])
            np.maximum(regret[kids] + (below - value[parent]), 0, out=regret[kids])
            total = self._child_sum(d, regret[kids])
            if d:
                total += regret[rows]
            has = total > EPSILON
            inverse = np.where(has, 1 / np.where(has, total, 1), 0).astype(self.dtype)
            uniform = (1 / level.n_actions[:, None]).astype(self.dtype)
            if d:
                sigma[rows] = np.where(has, regret[rows] * inverse, uniform)
            sigma[kids] = np.where(has[parent], regret[kids] * inverse[parent], uniform[parent])
            below = value

    def accumulate(self, player: int, weight: float) -> None:
        """Recompute the player's weights from their current strategy, from the root down, and
        add weight times them to their sums."""
        tree, game = self.tree, self.tree.game
        sigma, weights, sums = self.sigma[player], self.weights[player], self.sums[player]
        reach = np.ones((1, self.hands[player]), self.dtype)
        weights[0] = 0
        w = self.dtype.type(weight)
        for d in range(1, len(game.levels)):
            rows = tree.level(d)
            reach = reach[game.levels[d].parent]
            if (d - 1) % 2 == player:  # the player made the last bid
                reach = reach * sigma[rows]
                weights[rows] = reach
            else:
                weights[rows] = reach * sigma[rows]
            sums[rows] += w * weights[rows]
