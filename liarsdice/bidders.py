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

For speed UNIFORM and quantal also give their likelihoods for every hand at once
(Bidder.likelihoods; Bidder.per_hand says where); any other model (trembling, equilibrium, any
callable) is called once per move and distinct hand, and a call costs more the more dice are
on the table, so a reading may do at most MAX_MODEL_WORK call-dice (calls x dice on the table;
liarsdice.inference refuses a larger one up front, with the estimate).

- Bidder: the base class of the built-in models (call it, or ask likelihoods).
- Decision: one move of a seat this round, with the public facts it was made with;
  Decision.view(base, hand) is the view that seat had, holding `hand`.
- hand_count(size): how many hands of `size` dice there are, C(size + 5, 5), without listing them.
- HandSet / hand_set(size): every multiset of `size` dice (sorted tuples), their face counts
  and their prior probabilities (exact and float).
- generic_likelihoods(model, decision, base, hands, exact): P(the move | each hand) by calling
  the model, checking what it gives.

Limits: hand_set(size) enumerates C(size + 5, 5) hands, so size is 0..MAX_HAND_DICE (12: 6,188
hands; 20 dice would be 53,130 hands and seconds per move); quantal's beta 0..MAX_BETA;
trembling's epsilon a probability 0..1 (a Fraction of at most MAX_EPSILON_DIGITS digits); one
reading does at most MAX_MODEL_WORK (100,000) call-dice, model calls x dice on the table
(about 3 s).
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Union, cast

import numpy as np
from numpy.typing import NDArray

from liarsdice import odds
from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, check_number, check_probability, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import Phase, View

if TYPE_CHECKING:
    from liarsdice.match import Bot
    from liarsdice.solver import Solution

Probability = Union[float, Fraction]  # noqa: UP007 (a runtime alias)
Model = Callable[[View], Mapping[Action, Probability]]
Likelihoods = Union[NDArray[np.float64], list[Fraction]]  # noqa: UP007 (floats, or exact)
TOTAL_TOLERANCE = 1e-9  # how far a model's probabilities may sum from 1
MAX_HAND_DICE = 12  # the most hidden dice of one seat whose hands are enumerated (6,188 hands)
MAX_BETA = 10**6  # quantal's largest beta (far past "always the most probable move")
MAX_EPSILON_DIGITS = 100  # digits of an exact epsilon's numerator and denominator
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


# ----- the models ----------------------------------------------------------------------------


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


def _check_turn(view: object) -> View:
    """Return the view if it is a View of a seat with legal actions; else raise quoting it."""
    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
    if not isinstance(view.legal, tuple) or not view.legal:
        raise ValueError(f"view={quote(view)}: not this seat's turn (no legal actions)")
    return view


def _show_turn(legal: tuple[Action, ...]) -> dict[Action, Probability]:
    """Return a show turn's distribution: pass with 1/2, else each legal show alike."""
    shows = [a for a in legal if isinstance(a, ShowAndReroll)]
    return {Pass(): Fraction(1, 2), **{s: Fraction(1, 2 * len(shows)) for s in shows}}


class Uniform(Bidder):
    """Every legal action equally likely, whatever the hand: bids carry no information."""

    name = "UNIFORM"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return each legal action with the same chance (a show turn: pass with 1/2).

        view: a View of a seat to play (with legal actions).
        """
        _check_turn(view)
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


class Quantal(Bidder):
    """P(action) proportional to exp(beta x its score from the seat's own view)."""

    def __init__(self, beta: float) -> None:
        self.beta = _check_beta(beta)
        self.name = f"quantal({self.beta:g})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Quantal) and other.beta == self.beta

    def __hash__(self) -> int:
        return hash(("quantal", self.beta))

    def scores(self, view: View) -> dict[Action, float]:
        """Return each legal action's score: a raise's P(true), a challenge's chance that the
        bid is false, calza's chance that it is exact (all from the view, bids unread).

        view: a View of a seat to play (with legal actions).
        """
        _check_turn(view)
        rules, n, known, palifico = view.rules, view.unknown, view.known, view.palifico
        table = odds.table(rules, n, known, palifico)
        scores: dict[Action, float] = {}
        for action in view.legal_actions():
            if isinstance(action, Bid):
                scores[action] = float(table[action.face - 1, action.quantity])
            elif isinstance(action, Challenge):
                bid = cast(Bid, view.previous)  # a call is legal only with a bid on the table
                scores[action] = 1 - float(table[bid.face - 1, bid.quantity])
            elif isinstance(action, Calza):
                bid = cast(Bid, view.previous)
                scores[action] = float(odds.p_exact(bid, rules, n, known, False, palifico))
        return scores

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the softmax of beta x score over the legal actions (show turns: UNIFORM)."""
        _check_turn(view)
        if view.phase == Phase.SHOW:
            return UNIFORM(view)
        scores = self.scores(view)
        top = max(scores.values())
        weights = {a: math.exp(self.beta * (s - top)) for a, s in scores.items()}
        total = sum(weights.values())
        return {a: w / total for a, w in weights.items()}

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> Likelihoods:
        """Return P(decision.action | hand) for every hand at once (numpy, floats only)."""
        if exact:
            raise ValueError(
                f"exact=True needs Fractions, but {self.name} gives floats (exp); use exact=False"
            )
        if decision.phase == Phase.SHOW:
            return UNIFORM.likelihoods(decision, base, hands, exact)
        return _quantal_column(self.beta, decision, base, hands)

    def per_hand(self, decision: Decision) -> bool:
        """Return True for a show (read as UNIFORM reads it), else False (vectorised)."""
        return UNIFORM.per_hand(decision)

    def __reduce__(self) -> tuple[Callable[[float], Bidder], tuple[float]]:
        return (quantal, (self.beta,))


def _quantal_column(
    beta: float, decision: Decision, base: View, hands: HandSet
) -> NDArray[np.float64]:
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
    column: NDArray[np.float64] = weights[:, legal.index(decision.action)] / weights.sum(axis=1)
    return column


_BID, _CHALLENGE, _CALZA = 0, 1, 2


@lru_cache(maxsize=4096)
def _action_arrays(
    legal: tuple[Action, ...], previous: Bid | None
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.int_]]:
    """Return, per legal action, the face - 1 and quantity of the bid it bets on (a call bets
    on the bid on the table) and its kind (_BID, _CHALLENGE or _CALZA)."""
    # a call bets on the bid on the table, and is legal only with one there
    bids = [a if isinstance(a, Bid) else cast(Bid, previous) for a in legal]
    kinds = [_BID if isinstance(a, Bid) else _CHALLENGE if isinstance(a, Challenge) else _CALZA
             for a in legal]  # fmt: skip
    return (
        np.array([b.face - 1 for b in bids], dtype=np.intp),
        np.array([b.quantity for b in bids], dtype=np.intp),
        np.array(kinds),
    )


@lru_cache(maxsize=256)
def _tails_and_pmfs(
    n: int, chances: tuple[Fraction, ...]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return, per face (rows), P(X >= k) (k = 0..n+1) and P(X = k) (k = 0..n), X ~
    Binomial(n, p)."""
    rows = {p: (odds.binomial_tails(n, p), odds.binomial_pmf(n, p)) for p in set(chances)}
    tails = np.array([rows[p][0] for p in chances])
    pmfs = np.array([rows[p][1] for p in chances])
    tails.flags.writeable = pmfs.flags.writeable = False
    return tails, pmfs


def _check_beta(beta: object) -> float:
    """Return beta as a float 0..MAX_BETA; else raise quoting it."""
    number = check_number("beta", beta)  # "expected a finite number" for NaN and infinities
    if not 0 <= number <= MAX_BETA:
        raise ValueError(f"beta={quote(beta)}: expected a number 0..MAX_BETA = {MAX_BETA:,}")
    return number


def quantal(beta: float) -> Bidder:
    """Return the quantal model with knob `beta` (0: UNIFORM; larger: more honest bids).

    Limits: beta a finite number 0..MAX_BETA (no bools, text or NaN).
    """
    return UNIFORM if _check_beta(beta) == 0 else Quantal(beta)


class Trembling(Bidder):
    """A bot's choice with probability 1 - epsilon, otherwise UNIFORM."""

    def __init__(self, bot: object, epsilon: Probability) -> None:
        if not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(f"bot={quote(bot)}: expected a bot (with act(view))")
        exact = isinstance(epsilon, numbers.Rational) and not isinstance(epsilon, bool)
        checked = check_probability("epsilon", epsilon, exact=exact)
        if (  # exact: checked is a Fraction
            isinstance(checked, Fraction)
            and max(abs(checked.numerator), checked.denominator) >= 10**MAX_EPSILON_DIGITS
        ):
            raise ValueError(
                f"epsilon={quote(epsilon)}: more than MAX_EPSILON_DIGITS = {MAX_EPSILON_DIGITS} "
                "digits; use a shorter Fraction or a float"
            )
        if not exact:
            epsilon = checked  # a float (numpy floats as plain floats)
        self.bot, self.epsilon = cast("Bot", bot), epsilon  # a bot: act(view) checked above
        self.name = f"trembling({getattr(bot, 'name', type(bot).__name__)}, {epsilon})"

    def choice(self, view: View) -> Mapping[Action, Probability]:
        """Return the bot's distribution: its policy(view) where it has one, else its act."""
        policy = getattr(self.bot, "policy", None)
        chosen = policy(view) if callable(policy) else None
        return chosen if chosen is not None else {self.bot.act(view): 1}

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return (1 - epsilon) x the bot's choice + epsilon x UNIFORM."""
        _check_turn(view)
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
        if (
            game is None
            or not callable(getattr(solution, "action_probabilities", None))
            or not hasattr(game, "faces")
            or not hasattr(game, "dice")
        ):
            raise ArgumentTypeError(
                f"solution={quote(solution)}: expected a liarsdice.solver Solution"
            )
        if game.faces != 6:
            raise ValueError(f"solution for {game.faces}-sided dice: the engine's dice have 6")
        if game.palifico:
            raise ValueError(
                "solution of a palifico round: equilibrium models a seat in a normal round"
            )
        self.solution = solution
        self.name = f"equilibrium(dice={game.dice})"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the solved strategy's probabilities at the view's round and hand."""
        from liarsdice.solver import round_of

        _check_turn(view)
        found = round_of(view)
        if found is None or found[0] != self.solution.game.dice:
            raise ValueError(
                f"seat {view.seat}'s round is not this solution's game (two players, "
                f"{self.solution.game.dice} dice, no palifico or shown dice)"
            )
        chances = self.solution.action_probabilities(view.hand, found[1])
        return {action: p for action, p in chances.items()}  # as dict[Action, Probability]


def equilibrium(solution: Solution) -> Bidder:
    """Return the model of a seat that plays the solved equilibrium (solver.solve's Solution)."""
    return Equilibrium(solution)
