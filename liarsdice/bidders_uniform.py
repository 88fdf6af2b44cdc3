"""Bidder, the base class of the built-in models, and UNIFORM, the model that reads nothing.

- Bidder: the base class of the built-in models (call it, or ask likelihoods for every hand;
  per_hand says whether that calls the model once per hand).
- check_turn(view): the view a model is called with, checked (a View of a seat to play).
- UNIFORM (the one Uniform): every legal action equally likely, whatever the hand; bids then
  carry no information. In a show turn (show-and-reroll) the number of ways to show depends on
  the hand, so UNIFORM passes with probability 1/2 and otherwise shows one of the legal sets,
  each alike; thus nothing a seat does tells anything about its dice. The other models fall
  back on it (quantal in show turns, trembling when it trembles).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from liarsdice.actions import Action, Pass, ShowAndReroll
from liarsdice.bidders_hands import (
    Decision,
    HandSet,
    Likelihoods,
    Probability,
    generic_likelihoods,
)
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import Phase, View


class Bidder:
    """A built-in bidder model: call it with a view, or ask likelihoods for every hand."""

    name = "bidder"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return {legal action: probability} for the seat of `view`."""
        raise NotImplementedError

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> Likelihoods:
        """Return P(decision.action | hand) for every hand of `hands` (by calling the model)."""
        return generic_likelihoods(self, decision, base, hands, exact)

    def per_hand(self, decision: Decision) -> bool:
        """Return True if likelihoods calls the model once per hand for `decision` (a
        Decision); the built-in vectorised models say False where they read every hand at
        once."""
        return True

    def __repr__(self) -> str:
        return self.name


def check_turn(view: object) -> View:
    """Return the view if it is a View of a seat with legal actions; else raise quoting it."""
    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
    if not isinstance(view.legal, tuple) or not view.legal:
        raise ValueError(f"view={quote(view)}: not this seat's turn (no legal actions)")
    return view


def _show_turn(legal: tuple[Action, ...]) -> dict[Action, Probability]:
    """Return a show turn's distribution: pass with 1/2, else each legal show alike."""
    shows = [a for a in legal if a != Pass()]
    return {Pass(): Fraction(1, 2), **{s: Fraction(1, 2 * len(shows)) for s in shows}}


class Uniform(Bidder):
    """Every legal action equally likely, whatever the hand: bids carry no information."""

    name = "UNIFORM"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return each legal action with the same chance (a show turn: pass with 1/2).

        view: a View of a seat to play (with legal actions).
        """
        check_turn(view)
        legal = view.legal_actions()
        if view.phase == Phase.SHOW:
            return _show_turn(legal)
        return dict.fromkeys(legal, Fraction(1, len(legal)))

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> Likelihoods:
        """Return the same likelihood for every hand (a show is the one hand-dependent move)."""
        if isinstance(decision.action, ShowAndReroll):
            return super().likelihoods(decision, base, hands, exact)
        p = self(decision.view(base, hands.hands[0]))[decision.action]  # a Fraction
        return [Fraction(p)] * len(hands) if exact else np.full(len(hands), float(p))

    def per_hand(self, decision: Decision) -> bool:
        """Return True for a show (how many ways to show depends on the hand), else False."""
        return isinstance(getattr(decision, "action", None), ShowAndReroll)

    def __reduce__(self) -> str:
        return "UNIFORM"


UNIFORM = Uniform()
