"""Equilibria of small two-player Liar's Dice games (the single-round research form).

The game: each player rolls their dice in secret; player 0 opens with any bid the rules allow
(`Rules.is_raise(None, bid)`); then the players alternate, each either raising (any higher bid on
the rules' ladder, quantity at most the dice on the table) or challenging (LIAR; not before the
first bid). The challenged bid is true when the joker-inclusive count (`Rules.count`) reaches its
quantity: then the challenger gets -1 and the bidder +1, else the other way round. So the rules
only supply the bid order and the wild face; loss, palifico and calza play no part.

- LIAR: the challenge action, beside Bid actions; MAX_DICE: the most dice in all (3).
- SmallGame(rules, dice=(1, 1), faces=6): the public tree of bid histories with both players'
  private hands (multisets of dice, with their probabilities); sizes, legal_actions, and the
  vectorised evaluations expected_value, best_response, best_response_value, nash_conv.
- Strategy: a behaviour strategy for both players on a SmallGame; action_probabilities(hand,
  history) looks one information state up; uniform and from_policy build strategies to test.
- bluff_rates(strategy, player): how often each hand's bids are bluffs.
- CFRPlus(game): CFR+ vectorised with numpy over all private hands at once; iterate(n),
  average_strategy().
- game_value(rules, dice, faces): the exact value by the sequence-form linear program (scipy).
- Solution / solve(rules, dice=(1, 1), ...): the solved game, ready for a bot to play.

Histories are tuples of bids; a history's length says who moves (even: player 0). A hand is a
tuple of faces in any order. The tree is stored level by level (level d: the histories of d
bids), each level's histories grouped by parent, so that every pass is a few numpy operations
per level over all histories and hands at once.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from liarsdice.bids import Bid
from liarsdice.errors import IllegalBidError
from liarsdice.rules import Rules

LIAR = "liar"
MAX_DICE = 3
# The sequence-form LP grows as histories x hand pairs; beyond this many terminal entries
# HiGHS needs minutes and gigabytes, so game_value refuses before building anything.
LP_MAX_TERMINALS = 1_000_000

Action = Bid | str
Policy = Callable[[tuple[int, ...], tuple[Bid, ...]], Mapping[Action, float]]


def _check_size(dice: object, faces: object) -> tuple[int, int]:
    """Return the two dice counts, or raise ValueError for sizes the solver does not handle."""
    try:
        counts = tuple(dice)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"dice={dice!r}: give the dice of both players, e.g. (1, 1)") from None
    if len(counts) != 2:
        raise ValueError(
            f"dice={dice!r}: the solver plays two players; give two dice counts, e.g. (1, 1)"
        )
    if any(isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in counts):
        raise ValueError(f"dice={dice!r}: each player needs an integer number of dice >= 1")
    if sum(counts) > MAX_DICE:
        raise ValueError(
            f"dice={dice!r}: {sum(counts)} dice in all; the solver handles at most {MAX_DICE} "
            "(1 v 1, 1 v 2, 2 v 1)"
        )
    if isinstance(faces, bool) or not isinstance(faces, int) or not 2 <= faces <= 6:
        raise ValueError(f"faces={faces!r}: dice have 2..6 faces")
    return counts[0], counts[1]


def die_faces(rules: Rules, faces: int = 6) -> tuple[int, ...]:
    """Return the faces of a `faces`-sided die: the wild face and the lowest faces-1 plain ones."""
    return tuple(sorted((*rules.plain_faces[: faces - 1], rules.wild)))


def _hands(faces: Sequence[int], n: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
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

    def __init__(self, rules: Rules, dice: Sequence[int] = (1, 1), faces: int = 6) -> None:
        self.dice = _check_size(dice, faces)
        self.rules = rules
        self.faces = faces
        self.die_faces = die_faces(rules, faces)
        total = sum(self.dice)
        self.bids: tuple[Bid, ...] = tuple(
            b for b in rules.ladder(total) if b.face in self.die_faces
        )
        self._bid_index = {b: i for i, b in enumerate(self.bids)}
        hands = [_hands(self.die_faces, n) for n in self.dice]
        self.hands: tuple[tuple[tuple[int, ...], ...], ...] = tuple(h for h, _ in hands)
        self.chance: tuple[np.ndarray, ...] = tuple(p for _, p in hands)
        self._hand_index = [{h: i for i, h in enumerate(hs)} for hs in self.hands]
        self.levels = self._build_levels()
        self._build_payoffs()

    # ----- construction ------------------------------------------------------------------------

    def _build_levels(self) -> list[_Level]:
        """Return the levels of the public tree, root first."""
        k = len(self.bids)
        for a, b in itertools.pairwise(self.bids):  # the ladder order is the rules' raise order
            assert self.rules.is_raise(a, b) and not self.rules.is_raise(b, a)
        openings = np.array([i for i, b in enumerate(self.bids) if self.rules.is_raise(None, b)])
        levels = []
        last, parent = np.array([-1]), np.zeros(0, dtype=int)
        while len(last):
            count = np.where(last < 0, len(openings), k - 1 - last)
            start = np.concatenate(([0], np.cumsum(count)[:-1]))
            levels.append(_Level(last, parent, start, count, count + (last >= 0).astype(float)))
            parent = np.repeat(np.arange(len(last)), count)
            offset = np.arange(count.sum()) - start[parent]
            last = openings[offset] if levels[-1] is levels[0] else last[parent] + 1 + offset
        return levels

    def _build_payoffs(self) -> None:
        """Store, per bid and player, the payoff to the bidder as a matrix [opponent, own hand]."""
        counts = [
            np.array([[self.rules.count(h, b.face) for b in self.bids] for h in hands])
            for hands in self.hands
        ]
        quantity = np.array([b.quantity for b in self.bids])
        true = counts[0][:, None, :] + counts[1][None, :, :] >= quantity  # [hand0, hand1, bid]
        payoff = np.where(true, 1.0, -1.0).transpose(2, 0, 1)  # [bid, hand0, hand1]
        self._payoff = (payoff.transpose(0, 2, 1).copy(), payoff.copy())  # [bid, opp, own]
        self._true = true
        # Every level's LIAR edges, concatenated and sorted by the challenged bid.
        last = np.concatenate([lv.last for lv in self.levels[1:]])
        self._liar_order = np.argsort(last, kind="stable")
        self._liar_bounds = np.searchsorted(last[self._liar_order], np.arange(len(self.bids) + 1))
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
        return (self.n_histories - 1) * self.faces ** sum(self.dice)

    @property
    def n_information_states(self) -> int:
        """Return the number of (hand, history) pairs at which a player moves."""
        return sum(len(lv) * len(self.hands[d % 2]) for d, lv in enumerate(self.levels))

    def hand_index(self, player: int, hand: Iterable[int]) -> int:
        """Return the row of a player's hand (any order of the dice)."""
        key = tuple(sorted(hand))
        if key not in self._hand_index[player]:
            raise ValueError(
                f"hand {tuple(hand)!r}: player {player} holds {self.dice[player]} dice "
                f"with faces {self.die_faces}"
            )
        return self._hand_index[player][key]

    def node(self, history: Sequence[Bid | str]) -> tuple[int, int]:
        """Return (level, row) of a bid history; raise IllegalBidError for a bid not allowed."""
        row, previous = 0, None
        for depth, item in enumerate(history):
            bid = Bid.parse(item, rules=self.rules)
            index = self._bid_index.get(bid)
            if index is None:
                raise IllegalBidError(
                    f"bid {bid}: not in this game (quantity <= {sum(self.dice)}, "
                    f"faces {self.die_faces})"
                )
            self.rules.check_bid(previous, bid)
            level = self.levels[depth]
            first = level.last[row] + 1 if depth else 0
            offset = index - first if depth else int(np.flatnonzero(self._openings() == index)[0])
            row = int(level.child_start[row] + offset)
            previous = bid
        return len(history), row

    def _openings(self) -> np.ndarray:
        """Return the indices of the opening bids."""
        return self.levels[1].last

    def history(self, level: int, row: int) -> tuple[Bid, ...]:
        """Return the bids of the history at (level, row)."""
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
        below = self.levels[d + 1].last[start : start + count] if count else []
        return [self.bids[i] for i in below] + ([LIAR] if d else [])

    def bid_truth_probability(self, player: int, hand: Iterable[int], bid: Bid) -> float:
        """Return P(bid is true) seen from a player's hand, the other's dice unknown."""
        a = self.hand_index(player, hand)
        true = self._true[:, :, self._bid_index[Bid.parse(bid, rules=self.rules)]]
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
            parts.append(w if (d - 1) % 2 == player else -w)  # + when the player is the bidder
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
        """Return the first player's expected payoff when both play `strategy`."""
        values = self._values(0, self._terminal_values(0, strategy), strategy)
        return float(values[0][0] @ self.chance[0])

    def best_response_value(self, strategy: Strategy, player: int) -> float:
        """Return the player's expected payoff when best-responding to the other's strategy."""
        values = self._values(player, self._terminal_values(player, strategy), None)
        return float(values[0][0] @ self.chance[player])

    def best_response(self, strategy: Strategy, player: int) -> Strategy:
        """Return `strategy` with the player's part replaced by a pure best response.

        Ties go to LIAR, then to the lowest raise.
        """
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
        return Strategy(self, tuple(liar), tuple(bid))

    def nash_conv(self, strategy: Strategy) -> float:
        """Return NashConv: the sum of both players' gains from best-responding (0 at equilibrium)."""
        return self.best_response_value(strategy, 0) + self.best_response_value(strategy, 1)

    def __repr__(self) -> str:
        return (
            f"SmallGame({self.rules.preset_name or 'custom rules'}, dice={self.dice}, "
            f"faces={self.faces}: {len(self.bids)} bids, {self.n_histories} histories)"
        )


def _normalise(
    game: SmallGame, liar: Sequence[np.ndarray], bid: Sequence[np.ndarray], levels: Iterable[int]
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Return weights turned into probabilities per history and hand (uniform where all are 0).

    liar[d] and bid[d + 1] hold the weights of LIAR and of the bids at the levels given.
    """
    liar_out, bid_out = list(liar), list(bid)
    for d in levels:
        level = game.levels[d]
        has_below = d + 1 < len(game.levels)
        total = liar[d] + (level.child_sum(bid[d + 1]) if has_below else 0.0)
        positive = total > 0
        safe = np.where(positive, total, 1.0)
        uniform = 1.0 / level.n_actions[:, None]
        liar_out[d] = np.where(positive, liar[d] / safe, uniform) if d else np.zeros_like(total)
        if has_below:
            parent = game.levels[d + 1].parent
            bid_out[d + 1] = np.where(positive[parent], bid[d + 1] / safe[parent], uniform[parent])
    return liar_out, bid_out


@dataclass(frozen=True, eq=False)
class Strategy:
    """A behaviour strategy for both players: action probabilities per information state.

    liar[d] has a row per history of d bids and a column per hand of the player to move
    (d % 2): the probability of LIAR (0 at the root). bid[d] (d >= 1) has a row per history of
    d bids and a column per hand of the player who made its last bid: the probability that
    they chose that bid.
    """

    game: SmallGame
    liar: tuple[np.ndarray, ...]
    bid: tuple[np.ndarray, ...]

    @classmethod
    def uniform(cls, game: SmallGame) -> Strategy:
        """Return the strategy that picks every legal action with equal probability."""
        liar = [np.zeros((len(lv), len(game.hands[d % 2]))) for d, lv in enumerate(game.levels)]
        bid = [
            np.zeros((len(lv), len(game.hands[(d - 1) % 2]))) for d, lv in enumerate(game.levels)
        ]
        liar_p, bid_p = _normalise(game, liar, bid, range(len(game.levels)))
        return cls(game, tuple(liar_p), tuple(bid_p))

    @classmethod
    def from_policy(cls, game: SmallGame, policy: Policy) -> Strategy:
        """Return the strategy that plays policy(hand, history) -> {action: probability}.

        The policy is called once per information state; actions it leaves out get 0.
        """
        liar = [np.zeros((len(lv), len(game.hands[d % 2]))) for d, lv in enumerate(game.levels)]
        bid = [
            np.zeros((len(lv), len(game.hands[(d - 1) % 2]))) for d, lv in enumerate(game.levels)
        ]
        for d, level in enumerate(game.levels):
            for row in range(len(level)):
                history = game.history(d, row)
                actions = game._actions(d, row)
                first = level.child_start[row]
                for h, hand in enumerate(game.hands[d % 2]):
                    probabilities = policy(hand, history)
                    unknown = set(probabilities) - set(actions)
                    if unknown:
                        raise ValueError(
                            f"policy at hand {hand}, history {history}: illegal actions {unknown}"
                        )
                    if not math.isclose(sum(probabilities.values()), 1.0, abs_tol=1e-9):
                        raise ValueError(
                            f"policy at hand {hand}, history {history}: probabilities sum to "
                            f"{sum(probabilities.values())}, not 1"
                        )
                    for i, action in enumerate(actions[: len(actions) - (d > 0)]):
                        bid[d + 1][first + i, h] = probabilities.get(action, 0.0)
                    if d:
                        liar[d][row, h] = probabilities.get(LIAR, 0.0)
        return cls(game, tuple(liar), tuple(bid))

    def action_probabilities(
        self, hand: Iterable[int], history: Sequence[Bid | str] = ()
    ) -> dict[Action, float]:
        """Return {action: probability} for the player to move holding `hand` after `history`.

        The player to move is len(history) % 2; actions are the legal raises (Bid, lowest
        first) and then LIAR, the challenge (absent before the first bid).
        """
        d, row = self.game.node(history)
        h = self.game.hand_index(d % 2, hand)
        level = self.game.levels[d]
        start, count = level.child_start[row], level.child_count[row]
        actions = self.game._actions(d, row)
        probabilities = (
            [float(p) for p in self.bid[d + 1][start : start + count, h]] if count else []
        )
        if d:
            probabilities.append(float(self.liar[d][row, h]))
        return dict(zip(actions, probabilities))

    def table(self, history: Sequence[Bid | str] = ()) -> tuple[list, list[Action], np.ndarray]:
        """Return (hands, actions, probabilities[hand, action]) for the player to move."""
        d, _ = self.game.node(history)
        hands = list(self.game.hands[d % 2])
        rows = [self.action_probabilities(h, history) for h in hands]
        actions = list(rows[0])
        return hands, actions, np.array([[r[a] for a in actions] for r in rows])


def bluff_rates(strategy: Strategy, player: int) -> dict[tuple[int, ...], float]:
    """Return, per hand, the share of the player's bids that are bluffs when both play `strategy`.

    A bluff is a bid that the bidder's own dice make more likely false than true (the other
    dice unknown and uniform). The share is expected bluffs over expected bids in a round.
    """
    game = strategy.game
    other = 1 - player
    own, theirs = game._reach(strategy, player), game._reach(strategy, other)
    hands = game.hands[player]
    truth = game._true.transpose(0, 2, 1) if player == 0 else game._true.transpose(1, 2, 0)
    p_true = np.einsum("hbo,o->hb", truth, game.chance[other])  # [hand, bid]
    bluffs = np.zeros(len(hands))
    bids = np.zeros(len(hands))
    for d in range(player + 1, len(game.levels), 2):  # histories whose last bid is the player's
        made = own[d] * (theirs[d] @ game.chance[other])[:, None]  # [history, hand]
        bids += made.sum(axis=0)
        bluffs += (made * (p_true[:, game.levels[d].last].T < 0.5)).sum(axis=0)
    return {h: float(b / n) if n else 0.0 for h, b, n in zip(hands, bluffs, bids)}


class CFRPlus:
    """CFR+ (regret matching+, alternating updates, weighted averaging) on a SmallGame."""

    def __init__(self, game: SmallGame, averaging: float = 2.0) -> None:
        self.game = game
        # Iteration t weighs t**averaging in the average; 2 (quadratic) halves the iterations
        # to NashConv 1e-4 on 1 v 1 compared with CFR+'s usual linear weights.
        self.averaging = averaging
        self.iterations = 0
        zero = Strategy.uniform(game)
        self._current = zero
        self._regret_liar = [np.zeros_like(a) for a in zero.liar]
        self._regret_bid = [np.zeros_like(a) for a in zero.bid]
        self._sum_liar = [np.zeros_like(a) for a in zero.liar]
        self._sum_bid = [np.zeros_like(a) for a in zero.bid]

    def _levels(self, player: int) -> range:
        """Return the levels where the player moves."""
        return range(player, len(self.game.levels), 2)

    def _update(self, player: int) -> None:
        """Update one player's regrets and average against the current strategies."""
        game, sigma = self.game, self._current
        terminal = game._terminal_values(player, sigma)
        values = game._values(player, terminal, sigma)
        reach = game._reach(sigma, player)
        weight = float(self.iterations + 1) ** self.averaging
        last = len(game.levels) - 1
        for d in self._levels(player):
            if d:
                r = self._regret_liar[d] + terminal[d] - values[d]
                self._regret_liar[d] = np.maximum(r, 0.0, out=r)
                self._sum_liar[d] += weight * reach[d] * sigma.liar[d]
            if d < last:
                parent = game.levels[d + 1].parent
                r = self._regret_bid[d + 1] + values[d + 1] - values[d][parent]
                self._regret_bid[d + 1] = np.maximum(r, 0.0, out=r)
                self._sum_bid[d + 1] += weight * reach[d + 1]
        liar, bid = _normalise(game, self._regret_liar, self._regret_bid, self._levels(player))
        # Keep the other player's part of the current strategy as it was.
        sigma_liar, sigma_bid = list(sigma.liar), list(sigma.bid)
        for d in self._levels(player):
            sigma_liar[d] = liar[d]
            if d < last:
                sigma_bid[d + 1] = bid[d + 1]
        self._current = Strategy(game, tuple(sigma_liar), tuple(sigma_bid))

    def iterate(self, iterations: int = 1) -> None:
        """Run CFR+ iterations (each updates player 0, then player 1)."""
        for _ in range(iterations):
            self._update(0)
            self._update(1)
            self.iterations += 1

    def current_strategy(self) -> Strategy:
        """Return the strategy of the last iteration."""
        return self._current

    def average_strategy(self) -> Strategy:
        """Return the iteration-weighted average strategy (it converges to an equilibrium)."""
        liar, bid = _normalise(
            self.game, self._sum_liar, self._sum_bid, range(len(self.game.levels))
        )
        return Strategy(self.game, tuple(liar), tuple(bid))


@dataclass(frozen=True, eq=False)
class Solution:
    """A solved small game: the average CFR+ strategy, its value and its exploitability."""

    game: SmallGame
    strategy: Strategy
    value: float  # the first player's expected payoff under `strategy`
    nash_conv: float
    iterations: int
    seconds: float
    exact_value: float | None = None  # the LP value, when solve(..., exact=True)

    @property
    def rules(self) -> Rules:
        """Return the rules of the solved game."""
        return self.game.rules

    def action_probabilities(
        self, hand: Iterable[int], history: Sequence[Bid | str] = ()
    ) -> dict[Action, float]:
        """Return {action: probability} of the solved strategy (see Strategy.action_probabilities)."""
        return self.strategy.action_probabilities(hand, history)

    def __repr__(self) -> str:
        exact = "" if self.exact_value is None else f", exact_value={self.exact_value:.7f}"
        return (
            f"Solution({self.game!r}, value={self.value:.7f}{exact}, "
            f"nash_conv={self.nash_conv:.2e}, iterations={self.iterations})"
        )


def solve(
    rules: Rules,
    dice: Sequence[int] = (1, 1),
    *,
    faces: int = 6,
    tolerance: float = 1e-4,
    max_iterations: int = 10_000,
    check_every: int = 10,
    exact: bool = False,
) -> Solution:
    """Return the game solved by CFR+ until NashConv <= tolerance (or max_iterations).

    Args:
        rules: supply the bid order (rank, is_raise) and the wild face (count).
        dice: the dice of player 0 (who opens) and player 1; at most MAX_DICE in all.
        faces: the sides of each die: the wild face and the lowest faces-1 plain faces.
        tolerance: stop once the average strategy's NashConv is at most this.
        max_iterations: stop here at the latest.
        check_every: iterations between NashConv checks.
        exact: also compute the game value by the sequence-form LP (needs scipy).

    Raises:
        ValueError: sizes the solver does not handle (checked before any work).
    """
    _check_size(dice, faces)
    if exact:
        _check_lp_size(rules, dice, faces)
    started = time.perf_counter()
    solver = CFRPlus(SmallGame(rules, dice, faces))
    while True:
        solver.iterate(min(check_every, max_iterations - solver.iterations))
        strategy = solver.average_strategy()
        gap = solver.game.nash_conv(strategy)
        if gap <= tolerance or solver.iterations >= max_iterations:
            break
    return Solution(
        game=solver.game,
        strategy=strategy,
        value=solver.game.expected_value(strategy),
        nash_conv=gap,
        iterations=solver.iterations,
        seconds=time.perf_counter() - started,
        exact_value=game_value(rules, dice, faces) if exact else None,
    )


# ----- the exact value: the sequence-form linear program ------------------------------------


def _check_lp_size(rules: Rules, dice: Sequence[int], faces: int) -> None:
    """Raise ValueError when the LP would be too large to solve in reasonable time."""
    counts = _check_size(dice, faces)
    bids = [b for b in rules.ladder(sum(counts)) if b.face in die_faces(rules, faces)]
    pairs = len(_hands(die_faces(rules, faces), counts[0])[0]) * len(
        _hands(die_faces(rules, faces), counts[1])[0]
    )
    terminals = (2 ** len(bids)) * pairs
    if terminals > LP_MAX_TERMINALS:
        raise ValueError(
            f"dice={tuple(dice)}, faces={faces}: the linear program would have about "
            f"{terminals:,} terminal entries (limit {LP_MAX_TERMINALS:,}); use fewer faces, "
            "or solve() without exact=True"
        )


def _import_scipy():
    """Return scipy's linprog and sparse module, or raise ImportError saying how to get them."""
    try:
        from scipy import sparse
        from scipy.optimize import linprog
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the exact game value needs scipy: pip install scipy (or liarsdice[test])"
        ) from None
    return linprog, sparse


def _sequences(game: SmallGame, player: int) -> tuple[dict, int]:
    """Return the player's sequence numbering: {("bid"|"liar", level): first id}, and the count.

    A sequence is (edge, hand) with id first + row * hands + hand; the empty sequence is the
    last id.
    """
    hands = len(game.hands[player])
    first, n = {}, 0
    for d in range(player, len(game.levels), 2):
        if d:
            first["liar", d] = n
            n += len(game.levels[d]) * hands
        if d + 1 < len(game.levels):
            first["bid", d + 1] = n
            n += len(game.levels[d + 1]) * hands
    return first, n + 1


def _constraints(game: SmallGame, player: int, first: dict, n: int):
    """Return (rows, cols, vals, n_rows) of the realization-plan constraints F x = [1, 0...]."""
    hands = len(game.hands[player])
    h = np.arange(hands)
    rows, cols, vals = [np.array([0])], [np.array([n - 1])], [np.array([1.0])]  # x(empty) = 1
    count = 1
    for d in range(player, len(game.levels), 2):
        level = game.levels[d]
        ids = count + np.arange(len(level))[:, None] * hands + h  # one row per (history, hand)
        count += ids.size
        if d:
            rows.append(ids.ravel())
            cols.append((first["liar", d] + ids - ids[0, 0]).ravel())
            vals.append(np.ones(ids.size))
        if d + 1 < len(game.levels):
            below = game.levels[d + 1]
            child = np.arange(len(below))[:, None] * hands + h
            rows.append(ids[below.parent].ravel())
            cols.append((first["bid", d + 1] + child).ravel())
            vals.append(np.ones(child.size))
        # Minus the sequence that leads here: the empty one, or the player's last bid.
        rows.append(ids.ravel())
        if d < 2:
            cols.append(np.full(ids.size, n - 1))
        else:
            cols.append((first["bid", d - 1] + level.parent[:, None] * hands + h).ravel())
        vals.append(-np.ones(ids.size))
    return np.concatenate(rows), np.concatenate(cols), np.concatenate(vals), count


def game_value(rules: Rules, dice: Sequence[int] = (1, 1), faces: int = 6) -> float:
    """Return the first player's exact equilibrium value by the sequence-form LP (HiGHS).

    Solves max_x min_y x'Ay over realization plans (Koller, Megiddo and von Stengel) as
    max f'z subject to F'z <= A'x, E x = e, x >= 0. Needs scipy.
    """
    _check_lp_size(rules, dice, faces)
    linprog, sparse = _import_scipy()
    game = SmallGame(rules, dice, faces)
    first0, n0 = _sequences(game, 0)
    first1, n1 = _sequences(game, 1)
    h0, h1 = (len(h) for h in game.hands)
    # The payoff matrix A[sequence of player 0, sequence of player 1] (chance included).
    rows, cols, vals = [], [], []
    a, b = np.meshgrid(np.arange(h0), np.arange(h1), indexing="ij")
    joint = np.outer(*game.chance)
    for d in range(1, len(game.levels)):
        level = game.levels[d]
        r = np.arange(len(level))[:, None, None]
        kind0, kind1 = ("bid", "liar") if d % 2 else ("liar", "bid")  # the bidder made level d
        rows.append((first0[kind0, d] + r * h0 + a).ravel())
        cols.append((first1[kind1, d] + r * h1 + b).ravel())
        sign = 1.0 if d % 2 else -1.0  # + when player 0 made the last bid
        payoff = game._payoff[1][level.last]  # [history, hand0, hand1]
        vals.append((sign * payoff * joint).ravel())
    A = sparse.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(n0, n1)
    )
    e_rows, e_cols, e_vals, m0 = _constraints(game, 0, first0, n0)
    E = sparse.csr_matrix((e_vals, (e_rows, e_cols)), shape=(m0, n0))
    f_rows, f_cols, f_vals, m1 = _constraints(game, 1, first1, n1)
    F = sparse.csr_matrix((f_vals, (f_rows, f_cols)), shape=(m1, n1))
    # Variables: x (n0, >= 0) then z (m1, free); maximise z[0] (the row of x(empty) = 1).
    cost = np.zeros(n0 + m1)
    cost[n0] = -1.0
    upper = sparse.hstack([-A.T, F.T]).tocsr()
    equal = sparse.hstack([E, sparse.csr_matrix((m0, m1))]).tocsr()
    rhs = np.zeros(m0)
    rhs[0] = 1.0
    result = linprog(
        cost,
        A_ub=upper,
        b_ub=np.zeros(n1),
        A_eq=equal,
        b_eq=rhs,
        bounds=[(0, None)] * n0 + [(None, None)] * m1,
        method="highs",
    )
    if result.status != 0:
        raise RuntimeError(f"the linear program failed: {result.message}")
    return float(-result.fun)


def nash_conv(strategy: Strategy) -> float:
    """Return the NashConv of a strategy on its game (see SmallGame.nash_conv)."""
    return strategy.game.nash_conv(strategy)
