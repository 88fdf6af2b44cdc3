"""The single-round two-player game as arrays: the public bid tree and both private hands.

- LIAR: the challenge action (the engine's Challenge()); MAX_DICE: the most dice in all (3).
- check_size(dice, faces): the two dice counts, refused beyond what the solver handles
  (dice: two integers >= 1 summing to at most MAX_DICE; faces: 2..6).
- die_faces(rules, faces): the faces of a smaller die (the wild and the lowest plain faces).
- Payoff: payoff(bidder, bid, count) -> the opener's payoff when `bidder` (0: the opener, 1:
  the other) is challenged on `bid` and the table holds `count` matching dice;
  payoff_table(bids, total, payoff) its values per [bidder, bid, count], checked.
- SmallGame(rules, dice=(1, 1), faces=6, palifico=False, payoff=None): the public tree of bid
  histories, stored level by level and grouped by parent, with both players' private hands
  (multisets of dice, with their probabilities); by default +-1 to the round's winner, or any
  payoff at a challenge (the value of the game that follows); sizes, node lookups,
  legal_actions, and the vectorised evaluations expected_value, best_response,
  best_response_value and nash_conv of a Strategy.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from liarsdice.actions import Challenge
from liarsdice.bids import Bid
from liarsdice.checks import (
    check_counts,
    check_faces,
    check_flag,
    check_integer,
    check_number,
    check_text,
    quote,
)
from liarsdice.errors import ArgumentTypeError, IllegalBidError
from liarsdice.ladder import legal_bids
from liarsdice.rules import Rules, resolve
from liarsdice.view import face_locked

if TYPE_CHECKING:
    from liarsdice.solver.strategy import Strategy

LIAR = Challenge()  # the challenge, as the engine writes it
MAX_DICE = 3

Action = Bid | Challenge
Payoff = Callable[[int, Bid, int], float]


def _win_or_lose(bidder: int, bid: Bid, count: int) -> float:
    """Return the single round's payoff to the opener: +-1 to whoever the count proves right."""
    bidder_wins = count >= bid.quantity
    return 1.0 if bidder_wins == (bidder == 0) else -1.0


def payoff_table(bids: Sequence[Bid], total: int, payoff: Payoff | None) -> np.ndarray:
    """Return the opener's payoff per [bidder, bid, count] for a round of these bids and
    `total` dice: payoff(bidder, bid, count) (None: +-1 to the round's winner), each checked to
    be a number in [-1, 1]; an exception the function raises comes back as a ValueError."""
    rule = _win_or_lose if payoff is None else payoff
    table = np.empty((2, len(bids), total + 1))
    for bidder, (i, bid), count in itertools.product((0, 1), enumerate(bids), range(total + 1)):
        where = f"payoff({bidder}, {bid}, {count})"
        try:
            value = rule(bidder, bid, count)
        except Exception as error:  # the caller's function may raise anything
            raise ValueError(f"{where}: raised {quote(error)}") from error
        table[bidder, i, count] = check_number(where, value, -1.0, 1.0)
    return table


def check_size(dice: object, faces: object) -> tuple[int, int]:
    """Return the two dice counts, or raise ValueError for sizes the solver does not handle.

    dice: two integers >= 1, at most MAX_DICE in all; faces: an integer 2..6. Wrong kinds
    raise ArgumentTypeError (a ValueError too).
    """
    if isinstance(dice, str | bytes) or not hasattr(dice, "__iter__"):
        raise ArgumentTypeError(f"dice={quote(dice)}: give the dice of both players, e.g. (1, 1)")
    counts = tuple(itertools.islice(iter(dice), 3))
    if len(counts) != 2:
        raise ValueError(
            f"dice={quote(dice)}: the solver plays two players; give two dice counts, e.g. (1, 1)"
        )
    counts = check_counts("dice", counts, low=1, size=2)
    if sum(counts) > MAX_DICE:
        raise ValueError(
            f"dice={quote(dice)}: {quote(sum(counts))} dice in all; the solver handles at most "
            f"{MAX_DICE} (1 v 1, 1 v 2, 2 v 1)"
        )
    check_integer("faces", faces, 2, 6)
    return counts[0], counts[1]


def check_player(player: object) -> int:
    """Return a player, 0 (who opens) or 1, as a plain int; else raise."""
    return check_integer("player", player, 0, 1)


def die_faces(rules: Rules, faces: int = 6) -> tuple[int, ...]:
    """Return the faces of a `faces`-sided die (2..6): the wild face and the lowest faces-1
    plain ones. rules: a Rules or a preset name."""
    rules = resolve(rules)
    faces = check_integer("faces", faces, 2, 6)
    return tuple(sorted((*rules.plain_faces[: faces - 1], rules.wild)))


def hand_multisets(faces: Sequence[int], n: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """Return the multisets of n dice (sorted tuples) and their probabilities."""
    hands = tuple(itertools.combinations_with_replacement(faces, n))
    ways = [
        math.factorial(n) / math.prod(math.factorial(h.count(f)) for f in set(h)) for h in hands
    ]
    return hands, np.array(ways) / len(faces) ** n


@dataclass(frozen=True, eq=False)
class _Level:
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


class SmallGame:
    """The single-round two-player game: the public bid tree with both players' private hands."""

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
        MAX_DICE in all; faces: 2..6 (check_size). The largest game (1 v 2 or 2 v 1 on six
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

    def _build_levels(self) -> list[_Level]:
        """Return the levels of the public tree, root first."""
        for a, b in itertools.pairwise(self.bids):  # the ladder order is the rules' raise order
            assert self.rules.is_raise(a, b, self.palifico)
        successors = [self._successors(mover) for mover in (0, 1)]
        levels: list[_Level] = []
        last, parent = np.array([-1]), np.zeros(0, dtype=int)
        while len(last):
            flat, first, number = successors[len(levels) % 2]  # the mover of this level
            count = number[last]  # the root's last bid, -1, reads the openings, stored last
            start = np.concatenate(([0], np.cumsum(count)[:-1]))
            levels.append(_Level(last, parent, start, count, count + (last >= 0).astype(float)))
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
        from liarsdice.solver.strategy import Strategy  # strategy.py imports this module

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

    def _history(self, level: int, row: int) -> tuple[Bid, ...]:
        """Return the bids of the history at (level, row), unchecked (a hot path)."""
        bids = []
        for d in range(level, 0, -1):
            bids.append(self.bids[self.levels[d].last[row]])
            row = self.levels[d].parent[row]
        return tuple(reversed(bids))

    def legal_actions(self, history: Sequence[Bid | str] = ()) -> list[Action]:
        """Return the legal actions after a history: the raises, lowest first, then LIAR."""
        d, row = self.node(history)
        return self._actions(d, row)

    def _actions(self, d: int, row: int) -> list[Action]:
        """Return the legal actions at (level, row)."""
        level = self.levels[d]
        start, count = level.child_start[row], level.child_count[row]
        below: np.ndarray | list[int] = (
            self.levels[d + 1].last[start : start + count] if count else []
        )
        return [self.bids[i] for i in below] + ([LIAR] if d else [])

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

    def _reach(self, strategy: Strategy, player: int) -> list[np.ndarray]:
        """Return, per level, the player's own reach probability of every history and hand."""
        reach = [np.ones((1, len(self.hands[player])))]
        for d in range(1, len(self.levels)):
            r = reach[-1][self.levels[d].parent]
            reach.append(r * strategy.bid[d] if (d - 1) % 2 == player else r)
        return reach

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
        from liarsdice.solver.strategy import Strategy  # strategy.py imports this module

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
