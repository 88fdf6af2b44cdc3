"""Behaviour strategies on a SmallGame, and what they say about bluffing.

- Strategy(game, liar, bid): action probabilities per information state, for both players;
  uniform and from_policy build one, action_probabilities and table read one.
- bluff_rates(strategy, player): how often each hand's bids are bluffs.
- nash_conv(strategy): NashConv of a strategy on its game (0 at an equilibrium).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from liarsdice.bids import Bid
from liarsdice.solver.game import LIAR, Action, SmallGame

Policy = Callable[[tuple[int, ...], tuple[Bid, ...]], Mapping[Action, float]]


def _engine_actions(probabilities: Mapping[object, float]) -> dict[object, float]:
    """Return the probabilities with the old string "liar" read as Challenge(), with a warning."""
    if "liar" not in probabilities:
        return dict(probabilities)
    warnings.warn(
        'the action "liar" is deprecated: write the engine\'s Challenge() (solver.LIAR)',
        DeprecationWarning,
        stacklevel=4,
    )
    return {LIAR if a == "liar" else a: p for a, p in probabilities.items()}


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
                    probabilities = _engine_actions(policy(hand, history))
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


def nash_conv(strategy: Strategy) -> float:
    """Return the NashConv of a strategy on its game (see SmallGame.nash_conv)."""
    return strategy.game.nash_conv(strategy)
