"""The single-round two-player game: the bid tree, its lookups, and the evaluations of a Strategy.

- SmallGame(rules, dice=(1, 1), faces=6, palifico=False, payoff=None): a GameTree
  (liarsdice.solver.game_tree: the public tree of bid histories, stored level by level and
  grouped by parent, with both players' private hands; by default +-1 to the round's winner, or
  any payoff at a challenge: the value of the game that follows) with its node lookups
  (hand_index, node, history, legal_actions, bid_truth_probability, same_game) and the
  vectorised evaluations expected_value, best_response, best_response_value and nash_conv of a
  Strategy.
- From liarsdice.solver.game_parts, importable here as before: LIAR, Action, MAX_SOLVED_DICE (the most
  dice in all, 3), Payoff, check_size(dice, faces), check_player, die_faces(rules, faces),
  hand_multisets and payoff_table.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import check_faces, check_integer, check_text, quote
from liarsdice.deprecation import aliases
from liarsdice.errors import ArgumentTypeError, IllegalBidError
from liarsdice.solver.game_parts import (
    LIAR,
    MAX_SOLVED_DICE,
    Action,
    Payoff,
    check_player,
    check_size,
    die_faces,
    hand_multisets,
    payoff_table,
)
from liarsdice.solver.game_tree import GameTree
from liarsdice.solver.strategy import Strategy

__all__ = [
    "LIAR",
    "MAX_SOLVED_DICE",
    "Action",
    "Payoff",
    "SmallGame",
    "check_player",
    "check_size",
    "die_faces",
    "hand_multisets",
    "payoff_table",
]


class SmallGame(GameTree):
    """The single-round two-player game: the public bid tree with both players' private hands."""

    # ----- lookups -----------------------------------------------------------------------------

    def hand_index(self, player: int, hand: Iterable[int]) -> int:
        """Return the row of a player's hand (any order of the dice).

        player: 0 or 1; hand: that player's dice, faces of this game's die.
        """
        player = check_player(player)
        faces = check_faces("hand", hand)
        key = tuple(sorted(faces))
        if key not in self._hand_index[player]:
            raise ValueError(
                f"hand={quote(faces)}: player {player} holds {self.dice[player]} dice "
                f"with faces {self.die_faces}"
            )
        return self._hand_index[player][key]

    def _check_strategy(self, strategy: object) -> Strategy:
        """Return `strategy` if it is a Strategy of this game; else raise."""
        if not isinstance(strategy, Strategy):
            raise ArgumentTypeError(f"strategy={quote(strategy)}: expected a Strategy")
        other = strategy.game
        if other is not self and not self.same_game(other):
            raise ValueError(f"strategy={quote(strategy)}: a strategy of another game")
        return strategy

    def same_game(self, other: SmallGame) -> bool:
        """Return True if `other` (a SmallGame) is this game built again (rules, sizes, round
        and payoffs)."""
        if not isinstance(other, SmallGame):
            raise ArgumentTypeError(f"other={quote(other)}: expected a SmallGame")
        return (other.rules, other.dice, other.faces, other.palifico) == (
            self.rules,
            self.dice,
            self.faces,
            self.palifico,
        ) and np.array_equal(other.payoff_table, self.payoff_table)

    def node(self, history: Sequence[Bid | str]) -> tuple[int, int]:
        """Return (level, row) of a bid history; raise IllegalBidError for a bid not allowed.

        history: a sequence of bids (Bid values or text of at most MAX_TEXT characters).
        """
        if isinstance(history, str | bytes) or not hasattr(history, "__iter__"):
            raise ArgumentTypeError(
                f"history={quote(history)}: expected a sequence of bids, such as ['1x6', '2x1']"
            )
        row, previous = 0, None
        for depth, item in enumerate(history):
            if depth >= len(self.levels) - 1:
                raise IllegalBidError(
                    f"history={quote(history)}: longer than any history of this game "
                    f"({len(self.levels) - 1} bids)"
                )
            if isinstance(item, str):
                check_text("history", item)
            bid = Bid.parse(item, rules=self.rules)
            index = self._bid_index.get(bid)
            if index is None:
                raise IllegalBidError(
                    f"bid {bid}: not in this game (quantity <= {sum(self.dice)}, "
                    f"faces {self.die_faces})"
                )
            self.rules.check_bid(previous, bid, palifico=self.palifico)
            level = self.levels[depth]
            start, count = level.child_start[row], level.child_count[row]
            children = self.levels[depth + 1].last[start : start + count]
            offset = np.searchsorted(children, index)  # the children are in ladder order
            if offset == count or children[offset] != index:
                raise IllegalBidError(
                    f"bid {bid}: in this palifico round player {depth % 2}, holding "
                    f"{self.dice[depth % 2]} dice, keeps the face of {previous}"
                )
            row = int(start + offset)
            previous = bid
        return len(history), row

    def history(self, level: int, row: int) -> tuple[Bid, ...]:
        """Return the bids of the history at (level, row): level 0..depth, row 0..the level's
        histories - 1."""
        level = check_integer("level", level, 0, self.depth)
        row = check_integer("row", row, 0, len(self.levels[level]) - 1)
        return self._history(level, row)

    def legal_actions(self, history: Sequence[Bid | str] = ()) -> list[Action]:
        """Return the legal actions after a history: the raises, lowest first, then LIAR."""
        d, row = self.node(history)
        return self._actions(d, row)

    def bid_truth_probability(self, player: int, hand: Iterable[int], bid: Bid) -> float:
        """Return P(bid is true) seen from a player's hand, the other's dice unknown.

        player: 0 or 1; hand: that player's dice; bid: a bid of this game (Bid or text).
        """
        a = self.hand_index(player, hand)
        if isinstance(bid, str):
            check_text("bid", bid)
        parsed = Bid.parse(bid, rules=self.rules)
        if parsed not in self._bid_index:
            raise IllegalBidError(
                f"bid={quote(bid)}: not in this game (quantity <= {sum(self.dice)}, "
                f"faces {self.die_faces})"
            )
        true = self._true[:, :, self._bid_index[parsed]]
        row = true[a] if player == 0 else true[:, a]
        return float(self.chance[1 - player] @ row)

    # ----- the vectorised passes ---------------------------------------------------------------

    def _terminal_values(self, player: int, strategy: Strategy) -> list[np.ndarray]:
        """Return, per level, the player's counterfactual value of LIAR at every history and hand.

        The weights are the other player's reach times the chance of their hand (times their
        LIAR probability where they challenge), so a value is a sum over their hands.
        """
        other = 1 - player
        reach = self._reach(strategy, other)
        parts = []
        for d in range(1, len(self.levels)):
            w = reach[d] * self.chance[other]
            if d % 2 == other:
                w = w * strategy.liar[d]
            parts.append(w)
        weights = np.concatenate(parts)[self._liar_order]
        values = np.empty((len(weights), len(self.hands[player])))
        for i, (lo, hi) in enumerate(itertools.pairwise(self._liar_bounds)):
            np.matmul(weights[lo:hi], self._payoff[player][i], out=values[lo:hi])
        unsorted = np.empty_like(values)
        unsorted[self._liar_order] = values
        return [np.zeros((1, values.shape[1])), *np.split(unsorted, self._level_sizes)]

    def _values(
        self, player: int, terminal: list[np.ndarray], own: Strategy | None
    ) -> list[np.ndarray]:
        """Return, per level, the player's counterfactual values of every history and hand.

        `own` is the player's strategy; None plays a best response (the max over actions).
        """
        values: list[np.ndarray] = [np.empty(0)] * len(self.levels)
        below = np.zeros((0, len(self.hands[player])))
        for d in range(len(self.levels) - 1, -1, -1):
            level = self.levels[d]
            if d % 2 != player:
                v = terminal[d] + level.child_sum(below)
            elif own is None:
                v = level.child_max(below)
                if d:
                    v = np.maximum(v, terminal[d])
            else:
                weighted = own.bid[d + 1] * below if d < self.depth else below
                v = own.liar[d] * terminal[d] + level.child_sum(weighted)
            values[d] = below = v
        return values

    def expected_value(self, strategy: Strategy) -> float:
        """Return the first player's expected payoff when both play `strategy` (of this game)."""
        strategy = self._check_strategy(strategy)
        values = self._values(0, self._terminal_values(0, strategy), strategy)
        return float(values[0][0] @ self.chance[0])

    def best_response_value(self, strategy: Strategy, player: int) -> float:
        """Return the player's (0 or 1) expected payoff when best-responding to the other's
        strategy (a Strategy of this game)."""
        strategy, player = self._check_strategy(strategy), check_player(player)
        values = self._values(player, self._terminal_values(player, strategy), None)
        return float(values[0][0] @ self.chance[player])

    def best_response(self, strategy: Strategy, player: int) -> Strategy:
        """Return `strategy` with the player's part replaced by a pure best response.

        Ties go to LIAR, then to the lowest raise. player: 0 or 1; strategy: of this game.
        """
        strategy, player = self._check_strategy(strategy), check_player(player)
        terminal = self._terminal_values(player, strategy)
        values = self._values(player, terminal, None)
        liar, bid = list(strategy.liar), list(strategy.bid)
        for d in range(player, len(self.levels), 2):
            level = self.levels[d]
            if d == self.depth:
                liar[d] = np.ones_like(values[d])
                continue
            below = self.levels[d + 1]
            best_raise = level.child_max(values[d + 1])
            challenge = (terminal[d] >= best_raise) & (d > 0)
            liar[d] = challenge.astype(float)
            top = values[d + 1] >= best_raise[below.parent]
            # Keep the first top child of each history: its running count within the group is 1.
            running = np.cumsum(top, axis=0)
            before = np.vstack([np.zeros((1, top.shape[1])), running])[level.child_start]
            first = top & (running - before[below.parent] == 1)
            bid[d + 1] = np.where(challenge[below.parent], 0.0, first.astype(float))
        return Strategy._trusted(self, liar, bid)

    def nash_conv(self, strategy: Strategy) -> float:
        """Return NashConv: the sum of both players' gains from best-responding (0 at equilibrium).

        strategy: a Strategy of this game.
        """
        strategy = self._check_strategy(strategy)
        return self.best_response_value(strategy, 0) + self.best_response_value(strategy, 1)

    def __repr__(self) -> str:
        return (
            f"SmallGame({self.rules.preset_name or 'custom rules'}, dice={self.dice}, "
            f"faces={self.faces}: {len(self.bids)} bids, {self.n_histories} histories)"
        )


__getattr__ = aliases(
    "liarsdice.solver.game",
    {"MAX_DICE": (lambda: MAX_SOLVED_DICE, "liarsdice.solver.game_parts.MAX_SOLVED_DICE")},
)
