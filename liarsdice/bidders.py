"""Bidder models: how a seat acts given what it sees, the likelihood half of Bayes' rule.

A bidder model is any callable `model(view) -> {action: probability}` over
`view.legal_actions()`. liarsdice.inference calls it with the view a seat had at each of its
moves this round, its hidden hand replaced by a hypothetical one. The built-in models:

- UNIFORM: every legal action equally likely, whatever the hand; bids then carry no
  information. In a show turn (show-and-reroll) the number of ways to show depends on the hand,
  so UNIFORM passes with probability 1/2 and otherwise shows one of the legal sets, each alike;
  thus nothing a seat does tells anything about its dice.
- quantal(beta): P(action) proportional to exp(beta x how good the action looks from the seat's
  own view, bids carrying no information): a raise scores its P(true), a challenge
  1 - P(bid on the table true), calza P(exact); show turns as UNIFORM. quantal(0) is UNIFORM;
  a large beta approaches "always the most probable move".
- trembling(bot, epsilon): the bot's choice with probability 1 - epsilon, otherwise UNIFORM (so
  a deterministic bot becomes a model with no zero likelihoods); a bot with a policy(view)
  (SolverBot) mixes as its policy says.
- equilibrium(solution): the solver's strategy, for its two-player one-round games.

For speed the built-in models also give their likelihoods for every hand at once
(Bidder.likelihoods); any other callable is called once per move and distinct hand.

- Bidder: the base class of the built-in models (call it, or ask likelihoods).
- Decision: one move of a seat this round, with the public facts it was made with;
  Decision.view(base, hand) is the view that seat had, holding `hand`.
- HandSet / hand_set(size): every multiset of `size` dice (sorted tuples), their face counts
  and their prior probabilities (exact and float).
- generic_likelihoods(model, decision, base, hands, exact): P(the move | each hand) by calling
  the model, checking what it gives.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Union

import numpy as np

from liarsdice import odds
from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.engine import legal_actions_for
from liarsdice.view import Phase, View

if TYPE_CHECKING:
    from liarsdice.solver import Solution

Probability = Union[float, Fraction]  # noqa: UP007 (a runtime alias)
Model = Callable[[View], Mapping[Action, Probability]]
TOTAL_TOLERANCE = 1e-9  # how far a model's probabilities may sum from 1


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
    counts: np.ndarray
    prior: np.ndarray
    prior_exact: tuple[Fraction, ...]

    def __len__(self) -> int:
        return len(self.hands)


@lru_cache(maxsize=32)
def hand_set(size: int) -> HandSet:
    """Return every hand of `size` dice (sorted tuples) with its chance: size!/prod(c!) / 6^size."""
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
        total += p
    if abs(total - 1) > TOTAL_TOLERANCE:
        raise ValueError(f"the model's probabilities sum to {total!r}, not 1, at {where}")
    return given


def generic_likelihoods(
    model: Model, decision: Decision, base: View, hands: HandSet, exact: bool
) -> np.ndarray | list[Fraction]:
    """Return P(decision.action | hand) for every hand, calling the model once per hand."""
    column = []
    for hand in hands.hands:
        view = decision.view(base, hand)
        given = _check_distribution(model(view), view, decision, exact)
        p = given.get(decision.action, 0)
        column.append(Fraction(p) if exact else float(p))
    return column if exact else np.array(column)


# ----- the models ----------------------------------------------------------------------------


class Bidder:
    """A built-in bidder model: call it with a view, or ask likelihoods for every hand."""

    name = "bidder"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return {legal action: probability} for the seat of `view`."""
        raise NotImplementedError

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> np.ndarray | list[Fraction]:
        """Return P(decision.action | hand) for every hand of `hands` (by calling the model)."""
        return generic_likelihoods(self, decision, base, hands, exact)

    def __repr__(self) -> str:
        return self.name


def _show_turn(legal: tuple[Action, ...]) -> dict[Action, Fraction]:
    """Return a show turn's distribution: pass with 1/2, else each legal show alike."""
    shows = [a for a in legal if isinstance(a, ShowAndReroll)]
    return {Pass(): Fraction(1, 2), **{s: Fraction(1, 2 * len(shows)) for s in shows}}


class Uniform(Bidder):
    """Every legal action equally likely, whatever the hand: bids carry no information."""

    name = "UNIFORM"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return each legal action with the same chance (a show turn: pass with 1/2)."""
        legal = view.legal_actions()
        if view.phase == Phase.SHOW:
            return _show_turn(legal)
        return dict.fromkeys(legal, Fraction(1, len(legal)))

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> np.ndarray | list[Fraction]:
        """Return the same likelihood for every hand (a show is the one hand-dependent move)."""
        if isinstance(decision.action, ShowAndReroll):
            return super().likelihoods(decision, base, hands, exact)
        p = self(decision.view(base, hands.hands[0]))[decision.action]
        return [p] * len(hands) if exact else np.full(len(hands), float(p))

    def __reduce__(self) -> str:
        return "UNIFORM"


UNIFORM = Uniform()


class Quantal(Bidder):
    """P(action) proportional to exp(beta x its score from the seat's own view)."""

    def __init__(self, beta: float) -> None:
        self.beta = float(beta)
        self.name = f"quantal({self.beta:g})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Quantal) and other.beta == self.beta

    def __hash__(self) -> int:
        return hash(("quantal", self.beta))

    def scores(self, view: View) -> dict[Action, float]:
        """Return each legal action's score: a raise's P(true), a challenge's chance that the
        bid is false, calza's chance that it is exact (all from the view, bids unread)."""
        rules, n, known, palifico = view.rules, view.unknown, view.known, view.palifico
        table = odds.table(rules, n, known, palifico)
        scores = {}
        for action in view.legal_actions():
            if isinstance(action, Bid):
                scores[action] = float(table[action.face - 1, action.quantity])
            elif isinstance(action, Challenge):
                bid = view.previous
                scores[action] = 1 - float(table[bid.face - 1, bid.quantity])
            elif isinstance(action, Calza):
                scores[action] = float(
                    odds.p_exact(view.previous, rules, n, known, False, palifico)
                )
        return scores

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the softmax of beta x score over the legal actions (show turns: UNIFORM)."""
        if view.phase == Phase.SHOW:
            return UNIFORM(view)
        scores = self.scores(view)
        top = max(scores.values())
        weights = {a: math.exp(self.beta * (s - top)) for a, s in scores.items()}
        total = sum(weights.values())
        return {a: w / total for a, w in weights.items()}

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> np.ndarray | list[Fraction]:
        """Return P(decision.action | hand) for every hand at once (numpy, floats only)."""
        if exact:
            raise ValueError(
                f"exact=True needs Fractions, but {self.name} gives floats (exp); use exact=False"
            )
        if decision.phase == Phase.SHOW:
            return UNIFORM.likelihoods(decision, base, hands, exact)
        return _quantal_column(self.beta, decision, base, hands)

    def __reduce__(self) -> tuple:
        return (quantal, (self.beta,))


def _quantal_column(beta: float, decision: Decision, base: View, hands: HandSet) -> np.ndarray:
    """Return P(decision.action | hand) under quantal(beta) for every hand, vectorised over
    hands and actions."""
    rules, palifico = base.rules, base.palifico
    legal = decision.view(base, ()).legal_actions()  # a bidding turn's actions: hand-free
    faces, quantities, kinds = _action_arrays(legal, decision.previous)
    shown = np.bincount([d - 1 for dice in decision.shown for d in dice], minlength=6)
    counts = hands.counts + shown  # the faces each seat would know, per hand
    wild = rules.wild - 1
    plain_gets_wild = 0 if palifico else counts[:, wild : wild + 1]
    matches = counts + plain_gets_wild * (np.arange(6) != wild)  # [hand, face - 1]
    unknown = sum(base.dice) - hands.size - int(shown.sum())
    chances = tuple(odds.match_chance(f, rules, palifico) for f in range(1, 7))
    tails, pmfs = _tails_and_pmfs(unknown, chances)
    need = quantities - matches[:, faces]  # [hand, action]: matches the unknown dice must add
    scores = tails[faces, np.clip(need, 0, unknown + 1)]  # P(true) of each bid
    scores[:, kinds == _CHALLENGE] = 1 - scores[:, kinds == _CHALLENGE]
    calza = kinds == _CALZA
    if calza.any():
        inside = (need[:, calza] >= 0) & (need[:, calza] <= unknown)
        exact = pmfs[faces[calza], np.clip(need[:, calza], 0, unknown)]
        scores[:, calza] = np.where(inside, exact, 0.0)
    weights = np.exp(beta * (scores - scores.max(axis=1, keepdims=True)))
    return weights[:, legal.index(decision.action)] / weights.sum(axis=1)


_BID, _CHALLENGE, _CALZA = 0, 1, 2


@lru_cache(maxsize=4096)
def _action_arrays(
    legal: tuple[Action, ...], previous: Bid | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return, per legal action, the face - 1 and quantity of the bid it bets on (a call bets
    on the bid on the table) and its kind (_BID, _CHALLENGE or _CALZA)."""
    bids = [a if isinstance(a, Bid) else previous for a in legal]
    kinds = [_BID if isinstance(a, Bid) else _CHALLENGE if isinstance(a, Challenge) else _CALZA
             for a in legal]  # fmt: skip
    return (
        np.array([b.face - 1 for b in bids], dtype=np.intp),
        np.array([b.quantity for b in bids], dtype=np.intp),
        np.array(kinds),
    )


@lru_cache(maxsize=256)
def _tails_and_pmfs(n: int, chances: tuple[Fraction, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Return, per face (rows), P(X >= k) (k = 0..n+1) and P(X = k) (k = 0..n), X ~
    Binomial(n, p)."""
    rows = {p: (odds.binomial_tails(n, p), odds.binomial_pmf(n, p)) for p in set(chances)}
    tails = np.array([rows[p][0] for p in chances])
    pmfs = np.array([rows[p][1] for p in chances])
    tails.flags.writeable = pmfs.flags.writeable = False
    return tails, pmfs


def quantal(beta: float) -> Bidder:
    """Return the quantal model with knob `beta` (0: UNIFORM; larger: more honest bids)."""
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real) or not math.isfinite(beta):
        raise ValueError(f"beta={quote(beta)}: expected a finite number")
    return UNIFORM if beta == 0 else Quantal(beta)


class Trembling(Bidder):
    """A bot's choice with probability 1 - epsilon, otherwise UNIFORM."""

    def __init__(self, bot: object, epsilon: Probability) -> None:
        if not callable(getattr(bot, "act", None)):
            raise ValueError(f"bot={quote(bot)}: expected a bot (with act(view))")
        if (
            isinstance(epsilon, bool)
            or not isinstance(epsilon, numbers.Real)
            or not 0 <= epsilon <= 1
        ):
            raise ValueError(f"epsilon={quote(epsilon)}: expected a probability 0..1")
        self.bot, self.epsilon = bot, epsilon
        self.name = f"trembling({getattr(bot, 'name', type(bot).__name__)}, {epsilon})"

    def choice(self, view: View) -> Mapping[Action, Probability]:
        """Return the bot's distribution: its policy(view) where it has one, else its act."""
        policy = getattr(self.bot, "policy", None)
        chosen = policy(view) if callable(policy) else None
        return chosen if chosen is not None else {self.bot.act(view): 1}

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return (1 - epsilon) x the bot's choice + epsilon x UNIFORM."""
        chosen, even, keep = self.choice(view), UNIFORM(view), 1 - self.epsilon
        exact = isinstance(self.epsilon, numbers.Rational)
        return {
            a: keep * chosen.get(a, 0) + self.epsilon * (p if exact else float(p))
            for a, p in even.items()
        }


def trembling(bot: object, epsilon: Probability) -> Bidder:
    """Return the model "the bot's move, except with chance epsilon a UNIFORM one"."""
    return Trembling(bot, epsilon)


class Equilibrium(Bidder):
    """The solver's strategy in its two-player, one-round game."""

    def __init__(self, solution: Solution) -> None:
        game = getattr(solution, "game", None)
        if game is None or not callable(getattr(solution, "action_probabilities", None)):
            raise ValueError(f"solution={quote(solution)}: expected a liarsdice.solver Solution")
        if game.faces != 6:
            raise ValueError(f"solution for {game.faces}-sided dice: the engine's dice have 6")
        self.solution = solution
        self.name = f"equilibrium(dice={game.dice})"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the solved strategy's probabilities at the view's round and hand."""
        from liarsdice.solver import round_of

        found = round_of(view)
        if found is None or found[0] != self.solution.game.dice:
            raise ValueError(
                f"seat {view.seat}'s round is not this solution's game (two players, "
                f"{self.solution.game.dice} dice, no palifico or shown dice)"
            )
        return self.solution.action_probabilities(view.hand, found[1])


def equilibrium(solution: Solution) -> Bidder:
    """Return the model of a seat that plays the solved equilibrium (solver.solve's Solution)."""
    return Equilibrium(solution)
