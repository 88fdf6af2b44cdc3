"""A single-round game's public bid tree and both players' private hands, as arrays.

- GameTree(rules, dice=(1, 1), faces=6, palifico=False, payoff=None): the public tree of bid
  histories, stored level by level and grouped by parent, with both players' private hands
  (multisets of dice, with their probabilities) and the payoff matrices at a challenge; its
  sizes (depth, n_histories, n_terminal_histories, n_information_states). It is what a
  Strategy is laid on; SmallGame (liarsdice.solver.game) adds the lookups by bids and hands
  and the evaluations of a Strategy.
- Each level (TreeLevel) holds its histories' last bids, parents, children and legal actions,
  with child_sum and child_max over each history's children.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import check_flag, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import legal_bids
from liarsdice.rules import Rules, resolve
from liarsdice.solver.game_parts import (
    LIAR,
    Action,
    Payoff,
    check_size,
    die_faces,
    hand_multisets,
    payoff_table,
)
from liarsdice.view import face_locked

if TYPE_CHECKING:
    from liarsdice.solver.strategy import Strategy


@dataclass(frozen=True, eq=False)
class TreeLevel:
    """The histories with the same number of bids, grouped by parent."""

    last: np.ndarray  # index of the last bid in SmallGame.bids (-1 at the root)
    parent: np.ndarray  # row of the parent in the level above (empty at the root)
    child_start: np.ndarray  # first child row in the level below
    child_count: np.ndarray  # number of bid children
    n_actions: np.ndarray  # legal actions: the bids plus LIAR (not at the root)
    # set by __post_init__: which histories have bid children, and where those children start
    has_children: np.ndarray = field(init=False, repr=False)
    starts: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        has = self.child_count > 0
        object.__setattr__(self, "has_children", has)
        object.__setattr__(self, "starts", self.child_start[has])

    def __len__(self) -> int:
        return len(self.last)

    def child_sum(self, below: np.ndarray) -> np.ndarray:
        """Return, per history of this level, the sum of `below` over its children."""
        out = np.zeros((len(self), below.shape[1]))
        if len(below):
            out[self.has_children] = np.add.reduceat(below, self.starts, axis=0)
        return out

    def child_max(self, below: np.ndarray) -> np.ndarray:
        """Return, per history of this level, the max of `below` over its children (-inf if none)."""
        out = np.full((len(self), below.shape[1]), -np.inf)
        if len(below):
            out[self.has_children] = np.maximum.reduceat(below, self.starts, axis=0)
        return out


class GameTree:
    """The single-round two-player game's public bid tree with both players' private hands."""

    def __init__(
        self,
        rules: Rules,
        dice: Sequence[int] = (1, 1),
        faces: int = 6,
        *,
        palifico: bool = False,
        payoff: Payoff | None = None,
    ) -> None:
        """Build the game. rules: a Rules or a preset name; dice: two integers >= 1, at most
        MAX_SOLVED_DICE in all; faces: 2..6 (check_size). The largest game (1 v 2 or 2 v 1 on six
        faces: 262,144 histories) takes about 0.5 GB once solved.

        palifico: True for a palifico round (wilds are plain, the palifico ladder, and a player
        holding more than one die keeps the face); needs rules with palifico.
        payoff: None for the single round (+1 to its winner, -1 to its loser), or a function
        payoff(bidder, bid, count) returning the opener's payoff, a number in [-1, 1], when
        player `bidder` (0 or 1) is challenged on `bid` with `count` matching dice on the table
        (called once per bidder, bid and count when the game is built).
        """
        self.dice = check_size(dice, faces)
        self.rules = resolve(rules)
        rules = self.rules
        self.faces = int(faces)
        self.palifico = check_flag("palifico", palifico)
        if self.palifico and not rules.palifico:
            raise ValueError("palifico=True: these rules have no palifico rounds")
        if payoff is not None and not callable(payoff):
            raise ArgumentTypeError(
                f"payoff={quote(payoff)}: expected None or a function (bidder, bid, count)"
            )
        self.die_faces = die_faces(rules, faces)
        total = sum(self.dice)
        self.bids: tuple[Bid, ...] = tuple(
            b for b in rules.ladder(total, self.palifico) if b.face in self.die_faces
        )
        self._bid_index = {b: i for i, b in enumerate(self.bids)}
        hands = [hand_multisets(self.die_faces, n) for n in self.dice]
        self.hands: tuple[tuple[tuple[int, ...], ...], ...] = tuple(h for h, _ in hands)
        self.chance: tuple[np.ndarray, ...] = tuple(p for _, p in hands)
        self._hand_index: list[dict[tuple[int, ...], int]] = [
            {h: i for i, h in enumerate(hs)} for hs in self.hands
        ]
        self.levels = self._build_levels()
        self.payoff_table = payoff_table(self.bids, sum(self.dice), payoff)
        self._build_payoffs()

    # ----- construction ------------------------------------------------------------------------

    def _successors(self, mover: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return, for a mover, the bids that may follow each bid as (flat indices, start,
        count) per bid, the opening bids stored last: the ladder's raises, or in a palifico
        round the same face only, for a player holding more than one die."""
        total, locked = sum(self.dice), face_locked(self.palifico, self.dice[mover])
        lists = [
            [
                self._bid_index[b]
                for b in legal_bids(self.rules, total, previous, self.palifico, locked)
                if b in self._bid_index
            ]
            for previous in (*self.bids, None)
        ]
        count = np.array([len(x) for x in lists])
        start = np.concatenate(([0], np.cumsum(count)[:-1]))
        return np.array([i for x in lists for i in x], dtype=int), start, count

    def _build_levels(self) -> list[TreeLevel]:
        """Return the levels of the public tree, root first."""
        for a, b in itertools.pairwise(self.bids):  # the ladder order is the rules' raise order
            assert self.rules.is_raise(a, b, self.palifico)
        successors = [self._successors(mover) for mover in (0, 1)]
        levels: list[TreeLevel] = []
        last, parent = np.array([-1]), np.zeros(0, dtype=int)
        while len(last):
            flat, first, number = successors[len(levels) % 2]  # the mover of this level
            count = number[last]  # the root's last bid, -1, reads the openings, stored last
            start = np.concatenate(([0], np.cumsum(count)[:-1]))
            levels.append(TreeLevel(last, parent, start, count, count + (last >= 0).astype(float)))
            parent = np.repeat(np.arange(len(last)), count)
            offset = np.arange(count.sum()) - start[parent]
            last = flat[first[last[parent]] + offset]
        return levels

    def _build_payoffs(self) -> None:
        """Store the payoffs at a challenge as matrices [opponent's hand, own hand] per player
        and (bidder, bid), and where every LIAR edge of the tree finds its matrix."""
        counts = [
            np.array([[self.rules.count(h, b.face, self.palifico) for b in self.bids] for h in hs])
            for hs in self.hands
        ]
        matching = counts[0][:, None, :] + counts[1][None, :, :]  # [hand0, hand1, bid]
        self._true = matching >= np.array([b.quantity for b in self.bids])
        k = len(self.bids)
        # The opener's payoff [bidder, bid, hand0, hand1]; the other player's is its negative.
        opener = self.payoff_table[:, np.arange(k), matching].transpose(0, 3, 1, 2)
        self._payoff = (
            opener.transpose(0, 1, 3, 2).reshape(2 * k, *opener.shape[:1:-1]).copy(),
            -opener.reshape(2 * k, *opener.shape[2:]),
        )
        # Every level's LIAR edges, concatenated and sorted by (bidder, challenged bid); level
        # d's last bid was made by player (d - 1) % 2.
        key = np.concatenate([lv.last + k * ((d - 1) % 2) for d, lv in enumerate(self.levels)][1:])
        self._liar_order = np.argsort(key, kind="stable")
        self._liar_bounds = np.searchsorted(key[self._liar_order], np.arange(2 * k + 1))
        self._level_sizes = np.cumsum([len(lv) for lv in self.levels[1:]])[:-1]

    # ----- sizes and lookups -------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Return the most bids a history can hold (the deepest level)."""
        return len(self.levels) - 1

    @property
    def n_histories(self) -> int:
        """Return the number of public bid histories, the empty one included."""
        return sum(len(lv) for lv in self.levels)

    @property
    def n_terminal_histories(self) -> int:
        """Return the terminal histories counting every ordered roll of the dice (as OpenSpiel)."""
        return (self.n_histories - 1) * int(self.faces ** sum(self.dice))

    @property
    def n_information_states(self) -> int:
        """Return the number of (hand, history) pairs at which a player moves."""
        return sum(len(lv) * len(self.hands[d % 2]) for d, lv in enumerate(self.levels))

    def _history(self, level: int, row: int) -> tuple[Bid, ...]:
        """Return the bids of the history at (level, row), unchecked (a hot path)."""
        bids = []
        for d in range(level, 0, -1):
            bids.append(self.bids[self.levels[d].last[row]])
            row = self.levels[d].parent[row]
        return tuple(reversed(bids))

    def _actions(self, d: int, row: int) -> list[Action]:
        """Return the legal actions at (level, row)."""
        level = self.levels[d]
        start, count = level.child_start[row], level.child_count[row]
        below: np.ndarray | list[int] = (
            self.levels[d + 1].last[start : start + count] if count else []
        )
        return [self.bids[i] for i in below] + ([LIAR] if d else [])

    def _reach(self, strategy: Strategy, player: int) -> list[np.ndarray]:
        """Return, per level, the player's own reach probability of every history and hand."""
        reach = [np.ones((1, len(self.hands[player])))]
        for d in range(1, len(self.levels)):
            r = reach[-1][self.levels[d].parent]
            reach.append(r * strategy.bid[d] if (d - 1) % 2 == player else r)
        return reach
