"""Behaviour strategies on a SmallGame, and what they say about bluffing.

A Strategy is laid on the game's tree (liarsdice.solver.game_tree.GameTree, which SmallGame
extends), so this module does not import liarsdice.solver.game, which evaluates strategies.

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
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from liarsdice.actions import Challenge
from liarsdice.bids import Bid
from liarsdice.checks import check_probability, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.solver.game_parts import LIAR, Action, check_player
from liarsdice.solver.game_tree import GameTree

if TYPE_CHECKING:
    from liarsdice.solver.game import SmallGame

_Key = TypeVar("_Key")
Policy = Callable[[tuple[int, ...], tuple[Bid, ...]], Mapping[Action, float]]


def _engine_actions(probabilities: Mapping[_Key, float]) -> dict[_Key | Challenge, float]:
    """Return the probabilities with the old string "liar" read as Challenge(), with a warning."""
    if "liar" not in probabilities:
        copy: dict[_Key | Challenge, float] = dict(probabilities.items())
        return copy
    warnings.warn(
        'the action "liar" is deprecated: write the engine\'s Challenge() (solver.LIAR)',
        DeprecationWarning,
        stacklevel=4,
    )
    return {LIAR if a == "liar" else a: p for a, p in probabilities.items()}


def normalise(
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

    Checked when built: game a SmallGame; liar and bid one array per level of the game's tree,
    each of that shape, every entry a probability in [0, 1] (NaN refused).
    """

    game: SmallGame
    liar: tuple[np.ndarray, ...]
    bid: tuple[np.ndarray, ...]

    def __post_init__(self) -> None:
        game = self.game
        if not isinstance(game, GameTree):
            raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
        for name, arrays, seat in (("liar", self.liar, 0), ("bid", self.bid, 1)):
            if isinstance(arrays, str | bytes) or not hasattr(arrays, "__iter__"):
                raise ArgumentTypeError(
                    f"{name}={quote(arrays)}: expected one array per level of the game"
                )
            arrays = tuple(np.asarray(a, dtype=float) for a in arrays)
            if len(arrays) != len(game.levels):
                raise ValueError(
                    f"{name}={quote(arrays)}: expected {len(game.levels)} arrays, one per level"
                )
            for d, (array, level) in enumerate(zip(arrays, game.levels)):
                shape = (len(level), len(game.hands[(d - seat) % 2]))
                if array.shape != shape:
                    raise ValueError(
                        f"{name}[{d}]={quote(array)}: expected shape {shape}, not {array.shape}"
                    )
                if not np.all((array >= 0.0) & (array <= 1.0 + 1e-9)):
                    raise ValueError(
                        f"{name}[{d}]={quote(array)}: expected probabilities in [0, 1]"
                    )
            object.__setattr__(self, name, arrays)

    @classmethod
    def _trusted(
        cls, game: SmallGame, liar: Sequence[np.ndarray], bid: Sequence[np.ndarray]
    ) -> Strategy:
        """Return a Strategy built by the solver itself, without the checks (a hot path)."""
        strategy = object.__new__(cls)
        for name, value in (("game", game), ("liar", tuple(liar)), ("bid", tuple(bid))):
            object.__setattr__(strategy, name, value)
        return strategy

    @classmethod
    def uniform(cls, game: SmallGame) -> Strategy:
        """Return the strategy that picks every legal action with equal probability."""
        if not isinstance(game, GameTree):
            raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
        liar = [np.zeros((len(lv), len(game.hands[d % 2]))) for d, lv in enumerate(game.levels)]
        bid = [
            np.zeros((len(lv), len(game.hands[(d - 1) % 2]))) for d, lv in enumerate(game.levels)
        ]
        liar_p, bid_p = normalise(game, liar, bid, range(len(game.levels)))
        return cls._trusted(game, liar_p, bid_p)

    @classmethod
    def from_policy(cls, game: SmallGame, policy: Policy) -> Strategy:
        """Return the strategy that plays policy(hand, history) -> {action: probability}.

        The policy is called once per information state; actions it leaves out get 0. Each
        answer must be a mapping of legal actions to probabilities in [0, 1] summing to 1;
        an exception the policy raises comes back as a ValueError naming the state.
        """
        if not isinstance(game, GameTree):
            raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
        if not callable(policy):
            raise ArgumentTypeError(f"policy={quote(policy)}: expected a function")
        liar = [np.zeros((len(lv), len(game.hands[d % 2]))) for d, lv in enumerate(game.levels)]
        bid = [
            np.zeros((len(lv), len(game.hands[(d - 1) % 2]))) for d, lv in enumerate(game.levels)
        ]
        for d, level in enumerate(game.levels):
            for row in range(len(level)):
                history = game._history(d, row)
                actions = game._actions(d, row)
                first = level.child_start[row]
                for h, hand in enumerate(game.hands[d % 2]):
                    where = f"policy at hand {hand}, history {quote(history)}"
                    try:
                        answer = policy(hand, history)
                    except Exception as error:  # the caller's function may raise anything
                        raise ValueError(f"{where}: raised {quote(error)}") from error
                    if not isinstance(answer, Mapping):
                        raise ArgumentTypeError(
                            f"{where}: returned {quote(answer)}; expected {{action: probability}}"
                        )
                    probabilities = _engine_actions(answer)
                    unknown: set[Action] | set[str]
                    try:
                        unknown = set(probabilities) - set(actions)
                    except TypeError:  # an unhashable key
                        unknown = {quote(a) for a in probabilities}
                    if unknown:
                        raise ValueError(f"{where}: illegal actions {quote(unknown)}")
                    for action, chance in probabilities.items():
                        check_probability(f"{where}: the probability of {action}", chance)
                    if not math.isclose(sum(probabilities.values()), 1.0, abs_tol=1e-9):
                        raise ValueError(
                            f"{where}: probabilities sum to {sum(probabilities.values())}, not 1"
                        )
                    for i, action in enumerate(actions[: len(actions) - (d > 0)]):
                        bid[d + 1][first + i, h] = probabilities.get(action, 0.0)
                    if d:
                        liar[d][row, h] = probabilities.get(LIAR, 0.0)
        return cls._trusted(game, liar, bid)

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

    def table(
        self, history: Sequence[Bid | str] = ()
    ) -> tuple[list[tuple[int, ...]], list[Action], np.ndarray]:
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
    strategy: a Strategy; player: 0 or 1.
    """
    if not isinstance(strategy, Strategy):
        raise ArgumentTypeError(f"strategy={quote(strategy)}: expected a Strategy")
    player = check_player(player)
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
    if not isinstance(strategy, Strategy):
        raise ArgumentTypeError(f"strategy={quote(strategy)}: expected a Strategy")
    return strategy.game.nash_conv(strategy)
