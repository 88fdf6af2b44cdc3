"""The bots that read only their own dice and the odds (bids carry no information to them).

- RandomBot(seed=0): uniform over the legal actions.
- ThresholdBot(threshold=0.5): exact odds from its view; challenges when P(previous bid true)
  is below the threshold, otherwise makes the most probable legal raise (ties: the face it
  holds most of, then the lowest raise).
- ExpectedLossBot(): compares the expected dice it loses by challenging (and by calza, where
  allowed) with those it loses as the bidder of each raise if the next player challenges it,
  under the rules' loss and exact options; takes the cheapest.
- HonestBot(): never bluffs: the lowest raise its own dice support, on the face it holds most
  of; else it challenges (the lessons' simplest model of a bidder).

Each is registered in liarsdice.bot.BOTS ("random", "threshold", "expected_loss", "honest")
when this module is imported. The odds and expected losses come from liarsdice.botkit
(cached, shared by all bots).

Limits: seeds 0..limits.MAX_SEED (2**128 - 1; None refused: games must replay); threshold a
number 0..1. act(view) takes a liarsdice View at the seat's turn. Bad arguments raise
ValueError quoting them (ArgumentTypeError, also a TypeError, for a wrong kind).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from liarsdice import botkit, botkit_fast
from liarsdice.actions import Action, Challenge, Pass
from liarsdice.bids import Bid
from liarsdice.bot import Bot, register_bot
from liarsdice.checks import check_number, check_seed
from liarsdice.ladder import ladder_positions, legal_bids
from liarsdice.rules import Rules
from liarsdice.view import View


@register_bot
@dataclass
class RandomBot(Bot):
    """Chooses uniformly among the legal actions, with its own seeded Generator (seed
    0..limits.MAX_SEED)."""

    seed: int = 0
    name = "random"
    _rng: np.random.Generator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seed = check_seed("seed", self.seed)
        self._rng = np.random.default_rng(self.seed)

    def act(self, view: View) -> Action:
        """Return a legal action drawn uniformly."""
        botkit.is_move_turn(view)  # refuses a view that is not its turn
        legal = view.legal_actions()
        return legal[int(self._rng.integers(len(legal)))]

    def reseeded(self, seed: int) -> RandomBot:
        """Return a new RandomBot seeded with `seed` (0..limits.MAX_SEED)."""
        return RandomBot(seed)


@dataclass(frozen=True)
class _Plan:
    """A ThresholdBot's answers for one hand and table: P(true) per bid, the best raise after
    each ladder position (positions from engine's cached ladder) and the best opening."""

    chance: tuple[tuple[float, ...], ...]  # [face - 1][quantity]
    best_after: tuple[Bid | None, ...]  # best_after[i]: the best bid above ladder position i - 1
    best_opening: Bid


def _preferred(chances: np.ndarray, faces: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Return each bid's place in the order of preference: most probable first, then the face
    held most, then the lowest raise (bids given lowest first)."""
    order = np.lexsort((np.arange(len(chances)), -held[faces], -np.round(chances, 12)))
    place = np.empty(len(order), dtype=np.intp)
    place[order] = np.arange(len(order))
    return place


@lru_cache(maxsize=8192)  # each plan holds a few kB: at most some tens of MB
def _threshold_plan(
    rules: Rules, total: int, palifico: bool, hand: tuple[int, ...], known: tuple[int, ...]
) -> _Plan:
    """Return the ThresholdBot plan for a seat holding `hand` and seeing `known` dice."""
    table = botkit.odds_table(rules, total - len(known), known, palifico)
    bids = legal_bids(rules, total, None, palifico, False)
    faces, quantities = botkit.bid_arrays(bids)
    ladder = ladder_positions(rules, total, palifico)[0]
    ladder_faces, ladder_quantities = botkit.bid_arrays(ladder)
    place = _preferred(table[ladder_faces, ladder_quantities], ladder_faces, botkit.held(hand))
    # best_after[i] is the most preferred bid among ladder[i:]: a running minimum from the top.
    lowest = np.minimum.accumulate(place[::-1])[::-1]
    order = np.argsort(place)
    best_after = (*(ladder[i] for i in order[lowest].tolist()), None)
    openings = _preferred(table[faces, quantities], faces, botkit.held(hand))
    return _Plan(tuple(map(tuple, table.tolist())), best_after, bids[int(np.argmin(openings))])


@register_bot
@dataclass
class ThresholdBot(Bot):
    """Challenges a bid less likely than `threshold` (a number 0..1); else makes the most
    probable raise."""

    threshold: float = 0.5
    name = "threshold"

    def __post_init__(self) -> None:
        number = check_number("threshold", self.threshold, 0, 1)
        if type(self.threshold) not in (int, float):  # numpy scalars, Fractions: a float
            self.threshold = number

    def act(self, view: View) -> Action:
        """Return Challenge(), the most probable legal raise, or Pass() after its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        rules, total, palifico = view.rules, view.total, view.palifico
        plan = _threshold_plan(rules, total, palifico, view.hand, view.known)
        previous = view.previous
        if previous is None:
            return plan.best_opening
        if plan.chance[previous.face - 1][previous.quantity] < self.threshold:
            return Challenge()
        if view.locked:
            return self._locked_raise(view, plan)
        best = plan.best_after[ladder_positions(rules, total, palifico)[1][previous] + 1]
        return Challenge() if best is None else best

    def _locked_raise(self, view: View, plan: _Plan) -> Action:
        """Return the most probable raise of the same face (a palifico round's face lock)."""
        bids = botkit.raises(view)
        if not bids:
            return Challenge()
        return max(
            bids, key=lambda b: (round(plan.chance[b.face - 1][b.quantity], 12), -b.quantity)
        )


# ----- expected dice lost --------------------------------------------------------------------


@register_bot
@dataclass
class ExpectedLossBot(Bot):
    """Takes the move with the fewest expected dice lost: challenge, calza or a raise.

    A raise is costed as if the next player challenged it; ties go to challenging, then to
    the lower raise.
    """

    name = "expected_loss"

    def options(self, view: View) -> list[tuple[float, int, Action]]:
        """Return the moves it weighs as (expected dice lost, order, action): challenge, calza
        and the cheapest raise of each face (costed as if the next seat challenged it)."""
        botkit.check_view(view)
        # botkit's fast path: the costs of challenge_loss, calza_loss and raise_loss, equal.
        return botkit_fast.loss_options(view)

    def act(self, view: View) -> Action:
        """Return the action with the least expected dice lost, or Pass() after its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        return botkit_fast.cheapest_unchecked(botkit_fast.loss_options(view))


@register_bot
@dataclass
class HonestBot(Bot):
    """Never bluffs: bids only what the dice it sees support (its own hidden dice and the shown
    ones), on the face it holds most of, the lowest such raise; challenges when it has none."""

    name = "honest"

    def act(self, view: View) -> Action:
        """Return the lowest raise its dice support on its commonest face, else Challenge()."""
        if not botkit.is_move_turn(view):
            return Pass()
        rules, known, palifico = view.rules, view.known, view.palifico
        held = botkit.held(view.hand)
        supported = [
            b for b in botkit.raises(view) if rules.count(known, b.face, palifico) >= b.quantity
        ]
        if not supported:
            return Challenge() if view.previous is not None else botkit.raises(view)[0]
        return min(supported, key=lambda b: -int(held[b.face - 1]))  # the lowest raise wins ties
