"""The hands and moves a bidder model is evaluated on, and the generic evaluation of any model.

liarsdice.inference reads a seat's moves by asking a bidder model (liarsdice.bidders) how likely
each move was, for every hand the seat may hide. This module holds what that question is asked
about, and the plain way of asking it: one checked call of the model per hand.

- Probability, Model, Likelihoods: the types (a float or Fraction; a callable
  model(view) -> {action: probability}; the likelihoods of every hand, floats or Fractions).
- Decision: one move of a seat this round, with the public facts it was made with;
  Decision.view(base, hand) is the view that seat had, holding `hand`.
- hand_count(size): how many hands of `size` dice there are, C(size + 5, 5), without listing them.
- HandSet / hand_set(size): every multiset of `size` dice (sorted tuples), their face counts
  and their prior probabilities (exact and float).
- generic_likelihoods(model, decision, base, hands, exact): P(the move | each hand) by calling
  the model, checking what it gives.
- The limits TOTAL_TOLERANCE, MAX_HAND_DICE, MAX_MODEL_WORK and CALL_SECONDS_PER_DIE.

Limits: hand_set(size) enumerates C(size + 5, 5) hands, so size is 0..MAX_HAND_DICE (12: 6,188
hands); one reading does at most MAX_MODEL_WORK (100,000) call-dice, model calls x dice on the
table (about 3 s; liarsdice.inference refuses a larger one up front).
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Union, cast

import numpy as np
from numpy.typing import NDArray

from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import Phase, View

Probability = Union[float, Fraction]  # noqa: UP007 (a runtime alias)
Model = Callable[[View], Mapping[Action, Probability]]
Likelihoods = Union[NDArray[np.float64], list[Fraction]]  # noqa: UP007 (floats, or exact)
TOTAL_TOLERANCE = 1e-9  # how far a model's probabilities may sum from 1
MAX_HAND_DICE = 12  # the most hidden dice of one seat whose hands are enumerated (6,188 hands)
# A generic model's call costs about CALL_SECONDS_PER_DIE per die on the table (measured with
# trembling(ThresholdBot(), 0.05) and ExpectedLossBot: 20 to 30 us per die, 5 ms at 200 dice),
# so one reading's work is counted in call-dice: model calls x dice on the table. At the limit
# a reading takes about 3 s; 20 seats of 10 dice after 19 bids would be 19 x 3,003 calls x 200
# dice = 11.4 million call-dice (about 6 minutes).
MAX_MODEL_WORK = 100_000
CALL_SECONDS_PER_DIE = 30e-6


# ----- what a model is evaluated on ----------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One move of `seat` this round (`move` counts from 0), with the public facts it saw."""

    move: int
    seat: int
    action: Action
    phase: Phase
    previous: Bid | None
    bidder: int | None
    shown: tuple[tuple[int, ...], ...]  # every seat's shown dice at the time
    history: tuple[tuple[int, Action], ...]  # the round's moves before it

    def view(self, base: View, hand: tuple[int, ...]) -> View:
        """Return the view the seat had at this move, holding `hand` (the round's other facts
        from `base`, a view of the same round)."""
        legal = legal_actions_for(
            base.rules, self.phase, base.dice, self.seat, self.previous, base.palifico, hand
        )
        return View(
            self.seat, base.rules, hand, self.shown, base.dice, self.history, self.seat,
            self.phase, base.round, base.palifico, self.previous, self.bidder, base.last_round,
            legal,
        )  # fmt: skip

    def where(self) -> str:
        """Return "seat 2, move 3 of the round (Bid(4, 5))", for messages."""
        return f"seat {self.seat}, move {self.move + 1} of the round ({self.action!r})"


@dataclass(frozen=True, eq=False)
class HandSet:
    """Every multiset of `size` dice, with face counts [hand, face - 1] and prior probabilities."""

    size: int
    hands: tuple[tuple[int, ...], ...]
    counts: NDArray[np.int64]
    prior: NDArray[np.float64]
    prior_exact: tuple[Fraction, ...]

    def __len__(self) -> int:
        return len(self.hands)


def hand_count(size: int) -> int:
    """Return how many distinct hands of `size` dice there are: C(size + 5, 5) (size >= 0)."""
    return math.comb(check_integer("size", size, low=0) + 5, 5)


def hand_set(size: int) -> HandSet:
    """Return every hand of `size` dice (sorted tuples) with its chance: size!/prod(c!) / 6^size.

    Limits: size 0..MAX_HAND_DICE (C(size + 5, 5) hands: 6,188 at 12 dice).
    """
    size = check_integer("size", size, low=0)
    if size > MAX_HAND_DICE:
        raise ValueError(
            f"size={quote(size)}: more than MAX_HAND_DICE = {MAX_HAND_DICE} hidden dice "
            "(every hand of them is enumerated)"
        )
    return _hand_set(size)


@lru_cache(maxsize=32)
def _hand_set(size: int) -> HandSet:
    """Return hand_set's HandSet, for a checked size (cached)."""
    hands = tuple(itertools.combinations_with_replacement(range(1, 7), size))
    counts = np.array([[h.count(f) for f in range(1, 7)] for h in hands], dtype=np.int64)
    ways = [math.factorial(size) // math.prod(math.factorial(c) for c in row) for row in counts]
    exact = tuple(Fraction(w, 6**size) for w in ways)
    counts.flags.writeable = False
    prior = np.array([float(p) for p in exact])
    prior.flags.writeable = False
    return HandSet(size, hands, counts, prior, exact)


# ----- checking what a model gives -----------------------------------------------------------


def _check_distribution(
    given: object, view: View, decision: Decision, exact: bool
) -> Mapping[Action, Probability]:
    """Return the model's distribution after checking it; raise ValueError naming the seat,
    the action and the move."""
    where = decision.where()
    if not isinstance(given, Mapping):
        raise ValueError(
            f"the model gave {quote(given)} at {where}: expected {{action: probability}}"
        )
    legal = set(view.legal_actions())
    total: Probability = 0
    for action, p in given.items():
        if action not in legal:
            raise ValueError(
                f"the model gives {action!r} probability {p!r} at {where}, where it is not legal"
            )
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not math.isfinite(p):
            raise ValueError(f"the model gives {action!r} the probability {quote(p)} at {where}")
        if p < 0:
            raise ValueError(f"the model gives {action!r} a negative probability {p!r} at {where}")
        if exact and not isinstance(p, numbers.Rational):
            raise ValueError(
                f"exact=True needs Fractions, but the model gives {action!r} the float {p!r} at "
                f"{where}; use exact=False"
            )
        total += cast(Probability, p)  # a finite Real: an int, float, Fraction or numpy number
    if not -TOTAL_TOLERANCE <= total - 1 <= TOTAL_TOLERANCE:  # |total - 1| > TOTAL_TOLERANCE
        raise ValueError(f"the model's probabilities sum to {total!r}, not 1, at {where}")
    return given


def generic_likelihoods(
    model: Model, decision: Decision, base: View, hands: HandSet, exact: bool
) -> Likelihoods:
    """Return P(decision.action | hand) for every hand, calling the model once per hand.

    model: a callable model(view) -> {action: probability}; decision: a Decision; base: a
    View; hands: a HandSet (hand_set(size)); exact: True or False.
    """
    if not callable(model):
        raise ArgumentTypeError(
            f"model={quote(model)}: expected a callable model(view) -> {{action: p}}"
        )
    for name, value, kind in (
        ("decision", decision, Decision),
        ("base", base, View),
        ("hands", hands, HandSet),
    ):
        if not isinstance(value, kind):
            raise ArgumentTypeError(f"{name}={quote(value)}: expected a {kind.__name__}")
    exact = check_flag("exact", exact)
    fractions: list[Fraction] = []  # with exact
    floats: list[float] = []  # without
    for hand in hands.hands:
        view = decision.view(base, hand)
        given = _check_distribution(model(view), view, decision, exact)
        p = given.get(decision.action, 0)
        if exact:
            fractions.append(Fraction(p))
        else:
            floats.append(float(p))
    return fractions if exact else np.array(floats)
