"""The quantal bidder model: a seat that prefers the moves that look best from its own dice.

- quantal(beta) / Quantal: P(action) proportional to exp(beta x how good the action looks from
  the seat's own view, bids carrying no information): a raise scores its P(true), a challenge
  1 - P(bid on the table true), calza P(exact); show turns as UNIFORM. quantal(0) is UNIFORM;
  a large beta approaches "always the most probable move". Quantal.scores(view) gives the
  scores; Quantal.likelihoods reads every hand at once (numpy, vectorised over hands and
  actions), so quantal never calls itself per hand.
- choice_log_likelihoods(flat, offsets, chosen, betas): the log-likelihood of decisions, kept
  as their moves' scores, under quantal(beta) for every beta at once (profiles' quantal family
  and AdaptiveBayesBot's fit share it).

Limits: beta a finite number 0..MAX_BETA; floats only (exp).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import cast

import numpy as np
from numpy.typing import NDArray

from liarsdice import odds
from liarsdice.actions import Action
from liarsdice.bidders_hands import Decision, HandSet, Likelihoods, Probability
from liarsdice.bidders_uniform import UNIFORM, Bidder, check_turn
from liarsdice.bids import Bid
from liarsdice.checks import check_number, quote
from liarsdice.moves import kind_of
from liarsdice.view import Phase, View

MAX_BETA = 10**6  # quantal's largest beta (far past "always the most probable move")


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
        check_turn(view)
        rules, n, known, palifico = view.rules, view.unknown, view.known, view.palifico
        table = odds.table(rules, n, known, palifico)
        scores: dict[Action, float] = {}
        for action in view.legal_actions():
            bets = bet_of(action)  # what the move's kind bets on (liarsdice.moves)
            if bets == "true":
                bid = cast(Bid, action)  # a move that bets its own bid true is a bid
                scores[action] = float(table[bid.face - 1, bid.quantity])
            elif bets == "false":
                bid = cast(Bid, view.previous)  # a call is legal only with a bid on the table
                scores[action] = 1 - float(table[bid.face - 1, bid.quantity])
            elif bets == "exact":
                bid = cast(Bid, view.previous)
                scores[action] = float(odds.p_exact(bid, rules, n, known, False, palifico))
            else:
                raise ValueError(_NO_BET.format(quote(action)))
        return scores

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the softmax of beta x score over the legal actions (show turns: UNIFORM)."""
        check_turn(view)
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
_KINDS = {"true": _BID, "false": _CHALLENGE, "exact": _CALZA}
_NO_BET = (
    "the legal move {} bets on nothing; the quantal model scores a move by what its kind bets "
    "(MoveKind.bets: 'true', 'false' or 'exact')"
)


def bet_of(action: Action) -> str | None:
    """Return what a move bets on: its kind's bets ("true", "false", "exact" or None)."""
    kind = kind_of(action)
    return None if kind is None else kind.bets


@lru_cache(maxsize=4096)
def _action_arrays(
    legal: tuple[Action, ...], previous: Bid | None
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.int_]]:
    """Return, per legal action, the face - 1 and quantity of the bid it bets on (a call bets
    on the bid on the table) and what it bets (_BID: that bid is true, _CHALLENGE: false,
    _CALZA: exact), from each move kind's `bets` (liarsdice.moves)."""
    bets = [bet_of(a) for a in legal]
    if None in bets:
        raise ValueError(_NO_BET.format(quote(legal[bets.index(None)])))
    # a call bets on the bid on the table, and is legal only with one there
    bids = [cast(Bid, a if bet == "true" else previous) for a, bet in zip(legal, bets)]
    kinds = [_KINDS[bet] for bet in bets]  # type: ignore[index]
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


CHUNK = 2_000_000  # numbers of one numpy block in choice_log_likelihoods (16 MB of floats)


def choice_log_likelihoods(
    flat: NDArray[np.float64],
    offsets: NDArray[np.int64],
    chosen: NDArray[np.int64],
    betas: NDArray[np.float64],
) -> NDArray[np.float64]:
    """Return, for each beta, the sum over decisions of log softmax(beta x scores)[move made].

    flat: every decision's legal moves' scores, concatenated; offsets: where each decision's
    scores start, with the total at the end; chosen: the index of the move made within its
    decision. Unchecked (internal: the profiles' and AdaptiveBayesBot's own arrays).
    """
    if len(flat) == 0:
        return np.zeros(len(betas))
    starts = offsets[:-1]
    top = np.maximum.reduceat(flat, starts)
    shifted = flat - np.repeat(top, np.diff(offsets))  # each decision's best move scores 0
    picked = shifted[starts + chosen]  # the move made, shifted (<= 0)
    total = np.empty(len(betas))
    step = max(1, CHUNK // len(flat))
    for i in range(0, len(betas), step):
        beta = betas[i : i + step, None]
        sums = np.add.reduceat(np.exp(beta * shifted), starts, axis=1)  # >= 1: the best move
        total[i : i + step] = (beta * picked).sum(axis=1) - np.log(sums).sum(axis=1)
    return total
