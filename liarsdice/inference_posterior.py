"""Bayes' rule over the other seats' hidden hands: each seat's posterior, the count on the table.

The posterior of a hand is its prior (the multinomial chance of the roll) times the likelihood
of every move the seat made holding it (liarsdice.inference_evidence.decisions), under a bidder
model (liarsdice.bidders), normalised. The seats' hands are independent a priori and each
seat's moves depend only on its own hand and the public record, so each seat is read on its
own and the count on the table is the convolution of the seats' counts.

- Belief(view, model, exact): one view read once; its posterior(), seat_counts(seat, face),
  count_distribution(face) and bid_probability(bid).
- posterior(view, model, exact=False) -> {seat: {hand: probability}}.
- count_distribution(view, face, model, exact=False) -> {count: probability} of `face` on the
  whole table (joker-inclusive; palifico rounds count as the rules say).
- bid_probability(view, bid, model, exact=False): P(bid true) given the bids.
- likelihood_ratios(view, model, seat, face): how much the seat's last move multiplied the odds
  of each of its counts of `face` (posterior over the posterior before that move).
- is_seat(seat, seats): whether `seat` is an integer key of `seats`.

Limits: as liarsdice.inference says (each other seat hiding at most bidders.MAX_HAND_DICE
dice, a generic model's reading at most bidders.MAX_MODEL_WORK call-dice; exact True or False;
face 1..6; a bid's quantity 1..MAX_QUANTITY).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.bidders_hands import (
    Decision,
    HandSet,
    Likelihoods,
    Model,
    Probability,
    generic_likelihoods,
    hand_set,
)
from liarsdice.bidders_uniform import UNIFORM, Bidder
from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, quote
from liarsdice.inference_evidence import check_cost, check_model, check_view, decisions_unchecked
from liarsdice.odds import check_bid
from liarsdice.view import View


def _seat_posterior(
    view: View, seat: int, moves: list[Decision], model: Model, exact: bool
) -> tuple[HandSet, Likelihoods]:
    """Return the seat's hands and their posterior weights (normalised)."""
    hands = hand_set(view.dice[seat] - len(view.shown[seat]))
    weights: Likelihoods = list(hands.prior_exact) if exact else hands.prior.copy()
    for decision in moves:
        if isinstance(model, Bidder):
            column = model.likelihoods(decision, view, hands, exact)
        else:
            column = generic_likelihoods(model, decision, view, hands, exact)
        if isinstance(weights, list):  # exact: Fractions
            weights = [w * Fraction(c) for w, c in zip(weights, column)]
            total = sum(weights, Fraction(0))
            if total <= 0:
                raise _impossible(model, seat, decision)
            weights = [w / total for w in weights]
        else:
            scaled: NDArray[np.float64] = weights * np.asarray(column, dtype=float)
            total_float = float(scaled.sum())
            if total_float <= 0:
                raise _impossible(model, seat, decision)
            weights = scaled / total_float
    return hands, weights


def _probabilities(weights: Likelihoods) -> list[Probability]:
    """Return posterior weights as a list: Fractions as they are, floats as Python floats."""
    listed: list[Probability] = list(weights) if isinstance(weights, list) else weights.tolist()
    return listed


def _impossible(model: Model, seat: int, decision: Decision) -> ValueError:
    """Return the error for a history that every hand of the seat makes impossible."""
    return ValueError(
        f"the history is impossible under the model {getattr(model, 'name', model)!r}: "
        f"every hand of seat {seat} gives {decision.where()} probability 0; use a model "
        "that allows every move, such as inference.trembling(bot, 0.05)"
    )


class Belief:
    """What a seat believes about the table, given this round's moves under a bidder model."""

    def __init__(self, view: View, model: Model = UNIFORM, exact: bool = False) -> None:
        """Read the view's moves under `model` (a callable); exact: True or False. Limits: at
        most MAX_HAND_DICE hidden dice per other seat (see the module's docstring)."""
        view, model = check_view(view), check_model(model)
        exact = check_flag("exact", exact)
        moves = decisions_unchecked(view)
        check_cost(view, model, moves.items())
        self._read(view, model, exact, moves)

    def _read(
        self, view: View, model: Model, exact: bool, moves: Mapping[int, list[Decision]]
    ) -> None:
        """Read the checked view's moves (each seat's decisions) under the model."""
        self.view, self.model, self.exact = view, model, exact
        self.seats: dict[int, tuple[HandSet, Likelihoods]] = {
            seat: _seat_posterior(view, seat, made, model, exact) for seat, made in moves.items()
        }
        self._counts: dict[int, list[Probability]] = {}

    def posterior(self) -> dict[int, dict[tuple[int, ...], Probability]]:
        """Return {seat: {hand: probability}} for each other seat with hidden dice."""
        return {
            seat: dict(zip(hands.hands, _probabilities(w)))
            for seat, (hands, w) in self.seats.items()
        }

    def seat_counts(self, seat: int, face: int) -> list[Probability]:
        """Return P(the seat's hidden dice hold c matches of `face`), c = 0..its hidden dice.

        seat: another seat with hidden dice (a key of self.seats); face: 1..6.
        """
        face = check_integer("face", face, 1, 6)
        if not is_seat(seat, self.seats):
            raise ValueError(
                f"seat={quote(seat)}: not another seat with hidden dice ({sorted(self.seats)})"
            )
        hands, weights = self.seats[seat]
        matches = self._matches(hands, face)
        pmf: list[Probability]
        if isinstance(weights, list):  # exact: Fractions
            pmf = [Fraction(0)] * (hands.size + 1)
            for m, w in zip(matches.tolist(), weights):
                pmf[m] += w
            return pmf
        pmf = np.bincount(matches, weights=weights, minlength=hands.size + 1).tolist()
        return pmf

    def _matches(self, hands: HandSet, face: int) -> NDArray[np.int64]:
        """Return each hand's joker-inclusive count of `face` (as the rules count it)."""
        rules, face = self.view.rules, check_integer("face", face, 1, 6)
        counted = hands.counts[:, face - 1]
        if face != rules.wild and not self.view.palifico:
            counted = counted + hands.counts[:, rules.wild - 1]
        return counted

    def count_distribution(self, face: int) -> list[Probability]:
        """Return P(the table's count of `face` is c), c = 0..dice on the table (face: 1..6)."""
        face = check_integer("face", face, 1, 6)
        if face not in self._counts:
            view = self.view
            zero = Fraction(0) if self.exact else 0.0
            dist: list[Probability] = [zero] * view.rules.count(view.known, face, view.palifico)
            dist.append(Fraction(1) if self.exact else 1.0)
            for seat in self.seats:
                dist = _convolve(dist, self.seat_counts(seat, face), self.exact)
            dist += [zero] * (view.total + 1 - len(dist))
            self._counts[face] = dist
        return self._counts[face]

    def bid_probability(self, bid: Bid | str) -> Probability:
        """Return P(bid true) given this round's moves (bid: a Bid or text such as "3x5", its
        quantity 1..MAX_QUANTITY); a float is clipped into [0, 1]."""
        bid = check_bid(bid, self.view.rules)
        dist = self.count_distribution(bid.face)
        if self.exact:
            return sum(dist[bid.quantity :], Fraction(0))
        return min(1.0, max(0.0, float(sum(dist[bid.quantity :], 0.0))))


def is_seat(seat: object, seats: Mapping[int, object]) -> bool:
    """Return True if `seat` is an integer (not a bool) that is a key of `seats`."""
    return not isinstance(seat, bool) and isinstance(seat, int | np.integer) and seat in seats


def _convolve(a: list[Probability], b: list[Probability], exact: bool) -> list[Probability]:
    """Return the distribution of the sum of two independent counts."""
    out: list[Probability]
    if not exact:
        out = np.convolve(np.asarray(a, dtype=float), np.asarray(b, dtype=float)).tolist()
        return out
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@overload
def posterior(
    view: View, model: Model = UNIFORM, exact: Literal[False] = False
) -> dict[int, dict[tuple[int, ...], float]]: ...
@overload
def posterior(
    view: View, model: Model, exact: Literal[True]
) -> dict[int, dict[tuple[int, ...], Fraction]]: ...
@overload
def posterior(
    view: View, model: Model = UNIFORM, *, exact: Literal[True]
) -> dict[int, dict[tuple[int, ...], Fraction]]: ...
@overload
def posterior(
    view: View, model: Model = UNIFORM, exact: bool = False
) -> dict[int, dict[tuple[int, ...], Probability]]: ...
def posterior(
    view: View, model: Model = UNIFORM, exact: bool = False
) -> Mapping[int, Mapping[tuple[int, ...], Probability]]:  # a dict of dicts, as the overloads say
    """Return {seat: {hidden hand: probability}} for each other seat with hidden dice, given
    every move it made this round (since its last reroll) under `model`.

    The joint posterior of the seats' hands is the product of these: the hands are
    independent a priori and each seat's moves depend only on its own hand and public facts.

    Limits: view a View (each other seat hiding at most MAX_HAND_DICE dice); model a callable;
    exact True or False.
    """
    return Belief(view, model, exact).posterior()


@overload
def count_distribution(
    view: View, face: int, model: Model = UNIFORM, exact: Literal[False] = False
) -> dict[int, float]: ...
@overload
def count_distribution(
    view: View, face: int, model: Model, exact: Literal[True]
) -> dict[int, Fraction]: ...
@overload
def count_distribution(
    view: View, face: int, model: Model = UNIFORM, *, exact: Literal[True]
) -> dict[int, Fraction]: ...
@overload
def count_distribution(
    view: View, face: int, model: Model = UNIFORM, exact: bool = False
) -> dict[int, Probability]: ...
def count_distribution(
    view: View, face: int, model: Model = UNIFORM, exact: bool = False
) -> Mapping[int, Probability]:  # a dict, as the overloads say
    """Return {count: probability} of the table's joker-inclusive count of `face`.

    Limits: as posterior's; face 1..6.
    """
    return dict(enumerate(Belief(view, model, exact).count_distribution(face)))


@overload
def bid_probability(
    view: View, bid: Bid | str, model: Model = UNIFORM, exact: Literal[False] = False
) -> float: ...
@overload
def bid_probability(view: View, bid: Bid | str, model: Model, exact: Literal[True]) -> Fraction: ...
@overload
def bid_probability(
    view: View, bid: Bid | str, model: Model = UNIFORM, *, exact: Literal[True]
) -> Fraction: ...
@overload
def bid_probability(
    view: View, bid: Bid | str, model: Model = UNIFORM, exact: bool = False
) -> Probability: ...
def bid_probability(
    view: View, bid: Bid | str, model: Model = UNIFORM, exact: bool = False
) -> Probability:
    """Return P(bid true) from the view's seat, reading this round's moves under `model`.

    Limits: as posterior's; bid a Bid or text (quantity 1..MAX_QUANTITY, at most MAX_TEXT
    characters).
    """
    return Belief(view, model, exact).bid_probability(bid)


@overload
def likelihood_ratios(
    view: View, model: Model, seat: int, face: int, exact: Literal[False] = False
) -> dict[int, float]: ...
@overload
def likelihood_ratios(
    view: View, model: Model, seat: int, face: int, exact: Literal[True]
) -> dict[int, Fraction]: ...
@overload
def likelihood_ratios(
    view: View, model: Model, seat: int, face: int, exact: bool = False
) -> dict[int, Probability]: ...
def likelihood_ratios(
    view: View, model: Model, seat: int, face: int, exact: bool = False
) -> Mapping[int, Probability]:  # a dict, as the overloads say
    """Return, for each count c of `face` in the seat's hidden dice, how much its last move this
    round multiplied P(c): the posterior after that move over the posterior before it, that is
    P(move | c) / P(move) (1 for every c when the seat made no move). The textbook likelihood
    ratio of c1 against c2 is the quotient of two of these.

    Limits: as posterior's; seat another seat of the view; face 1..6; exact True or False.
    """
    view, model = check_view(view), check_model(model)
    exact, face = check_flag("exact", exact), check_integer("face", face, 1, 6)
    seat = check_integer("seat", seat, 0, len(view.dice) - 1)
    every = decisions_unchecked(view)
    moves = every.get(seat)
    if moves is None:
        raise ValueError(f"seat={seat}: not another seat with hidden dice in this view")
    check_cost(view, model, [*every.items(), (seat, moves[:-1])])  # the seat is read twice
    after = Belief.__new__(Belief)  # the view, model and cost are checked above
    after._read(view, model, exact, every)
    before = Belief.__new__(Belief)
    before._read(view, model, exact, {})
    before.seats = {**after.seats, seat: _seat_posterior(view, seat, moves[:-1], model, exact)}
    now, then = after.seat_counts(seat, face), before.seat_counts(seat, face)
    return {c: now[c] / then[c] for c in range(len(now)) if then[c]}
