"""Reading a bid: Bayes' rule at the table, over the other seats' hidden hands.

Every "P(true) from your seat" of liarsdice.odds treats the dice you cannot see as uniform, as
if the other players' bids said nothing about them. Here a seat's moves this round are
evidence about its hand: the posterior of a hand is its prior (the multinomial chance of the
roll) times the likelihood of every move the seat made holding it, under a bidder model (how
a seat acts given what it sees; see liarsdice.bidders), normalised.

The hands are independent a priori, and each seat's moves depend only on its own hand and the
public record, so the joint posterior of all hidden hands factorises by seat: it is the
product of the seats' own posteriors. That is why each seat is read on its own here, and why
the count on the table is the convolution of the seats' counts.

- UNIFORM, quantal(beta), trembling(bot, epsilon), equilibrium(solution): the built-in models.
- posterior(view, model, exact=False) -> {seat: {hand: probability}}: for each other seat with
  hidden dice, its hidden hand (a sorted tuple) given its moves this round since its last
  reroll (a reroll replaces the hand, so earlier moves say nothing about the new one); shown
  dice are known and stay out of the hand.
- count_distribution(view, face, model, exact=False) -> {count: probability}: the
  joker-inclusive count of `face` on the whole table (the known matches plus the convolution of
  the seats' posterior counts; palifico rounds count as the rules say).
- bid_probability(view, bid, model, exact=False): P(bid true) given the bids.
- Belief(view, model, exact): all of the above, computed once for one view.
- likelihood_ratios(view, model, seat, face): how much the seat's last move multiplied the odds
  of each of its counts of `face` (posterior over the posterior before that move).
- table_view(rules, dice, seat, hand, moves, shown): a View from a typed table and history,
  each move checked (for the BidReader, the command line and lessons); parse_history(text)
  reads "1:3x5, 2:4x5" as its moves.

Every entry point checks its view once: its fields hang together, and its round replays
(liarsdice.replay: every move legal where it stands, in turn, nothing after a challenge or
calza, the shows giving view.shown), else ValueError naming the move's position, seat and
text. A generic model (trembling, equilibrium, any callable) is called once per move and hand,
so a reading past bidders.MAX_MODEL_WORK call-dice (calls x dice on the table, about 3 s) is
refused up front with the estimate; UNIFORM and quantal read every hand at once.
- parse_model(text): "uniform", "quantal:2", "trembling:threshold:0.05" -> a model.

exact=True gives Fractions wherever the model gives Fractions (UNIFORM; trembling with a
Fraction epsilon over a deterministic bot; any model written with Fractions). A model that
gives probability to an illegal action, a negative probability or a total other than 1, and a
history that the model makes impossible, raise ValueError naming the seat and the move.

Limits: every hand of each other seat is enumerated, so a seat may hide at most
bidders.MAX_HAND_DICE (12) dice; a table holds 2..odds.MAX_SEATS (20) seats; a bid's quantity
1..MAX_QUANTITY; a generic model's reading at most MAX_MODEL_WORK call-dice; text (bids,
histories, model names) at most MAX_TEXT characters; exact and
palifico are True or False; a model is a callable; a view is a View with consistent fields.
Bad input raises ValueError (ArgumentTypeError, also a TypeError, for a wrong kind) quoting it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Literal, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.actions import (
    Action,
    Calza,
    Challenge,
    Pass,
    ShowAndReroll,
    action_text,
    parse_action,
)
from liarsdice.bidders import (
    CALL_SECONDS_PER_DIE,
    MAX_HAND_DICE,
    MAX_MODEL_WORK,
    UNIFORM,
    Bidder,
    Decision,
    HandSet,
    Likelihoods,
    Model,
    Probability,
    equilibrium,
    generic_likelihoods,
    hand_count,
    hand_set,
    quantal,
    trembling,
)
from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_faces, check_flag, check_integer, check_text, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.odds import MAX_SEATS, check_bid, check_rules
from liarsdice.replay import replay_round
from liarsdice.rules import Rules
from liarsdice.view import Phase, View

__all__ = [
    "UNIFORM",
    "Belief",
    "bid_probability",
    "count_distribution",
    "equilibrium",
    "likelihood_ratios",
    "parse_history",
    "parse_model",
    "posterior",
    "quantal",
    "table_view",
    "trembling",
]


# ----- the moves that are evidence -----------------------------------------------------------


def decisions(view: View) -> dict[int, list[Decision]]:
    """Return, for each other seat with hidden dice, its moves this round since its last
    reroll, each with the public facts it was made with (view: a View, checked as in Belief)."""
    return _decisions(_check_view(view))


def _decisions(view: View) -> dict[int, list[Decision]]:
    """Return decisions(view) for a checked view."""
    shown: list[tuple[int, ...]] = [()] * len(view.dice)
    previous: Bid | None = None
    bidder: int | None = None
    moves: dict[int, list[Decision]] = {}
    for index, (seat, action) in enumerate(view.history):
        phase = Phase.SHOW if isinstance(action, Pass | ShowAndReroll) else Phase.BID
        decision = Decision(
            index, seat, action, phase, previous, bidder, tuple(shown), view.history[:index]
        )
        moves.setdefault(seat, []).append(decision)
        if isinstance(action, Bid):
            previous, bidder = action, seat
        elif isinstance(action, ShowAndReroll):
            shown[seat] = tuple(sorted(shown[seat] + action.shown))
            moves[seat] = []  # the hidden dice were rerolled: earlier moves tell nothing now
    return {
        seat: moves.get(seat, [])
        for seat, n in enumerate(view.dice)
        if seat != view.seat and n - len(view.shown[seat]) > 0
    }


def _check_model(model: object) -> Model:
    """Return the model if it is callable; else raise ArgumentTypeError."""
    if not callable(model):
        raise ArgumentTypeError(
            f"model={quote(model)}: expected a callable model(view) -> {{action: p}}"
        )
    return model


def _check_view(view: object) -> View:
    """Return the view if it is a View whose fields hang together (a view built by hand may
    not): Rules, 2..MAX_SEATS seats of dice, a seat among them holding its hand, shown dice
    per seat, a history of (seat, action) pairs, a bool palifico, and at most MAX_HAND_DICE
    hidden dice per seat; else raise ValueError (ArgumentTypeError) quoting it."""
    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
    where = f"view={quote(view)}"
    try:
        if not isinstance(view.rules, Rules):
            raise ArgumentTypeError(f"rules={quote(view.rules)}: expected a Rules")
        check_flag("palifico", view.palifico)
        dice = check_counts("dice", view.dice, low=0, size=2)
        if len(dice) > MAX_SEATS:
            raise ValueError(f"dice={quote(view.dice)}: more than MAX_SEATS = {MAX_SEATS} seats")
        seat = check_integer("seat", view.seat, 0, len(dice) - 1)
        hand = check_faces("hand", view.hand)
        if not isinstance(view.shown, tuple) or len(view.shown) != len(dice):
            raise ArgumentTypeError(f"shown={quote(view.shown)}: expected shown dice per seat")
        for s, (n, shown) in enumerate(zip(dice, view.shown)):
            hidden = n - len(check_faces(f"shown[{s}]", shown))
            if hidden < 0:
                raise ValueError(f"shown[{s}]={quote(shown)}: more dice than seat {s} holds")
            if s != seat and hidden > MAX_HAND_DICE:
                raise ValueError(
                    f"dice={quote(view.dice)}: seat {s} hides {hidden} dice; reading bids "
                    f"enumerates every hand, at most MAX_HAND_DICE = {MAX_HAND_DICE} hidden dice"
                )
        if len(hand) + len(view.shown[seat]) != dice[seat]:
            raise ValueError(f"hand={quote(view.hand)}: seat {seat} holds {dice[seat]} dice")
        if not isinstance(view.history, tuple):
            raise ArgumentTypeError(f"history={quote(view.history)}: expected a tuple of moves")
        for move in view.history:
            if not (
                isinstance(move, tuple)
                and len(move) == 2
                and isinstance(move[1], Bid | Challenge | Calza | ShowAndReroll | Pass)  # Action
                and check_integer("history seat", move[0], 0, len(dice) - 1) is not None
            ):
                raise ArgumentTypeError(
                    f"history={quote(view.history)}: the move {quote(move)} is not (seat, action)"
                )
        _check_history(view)
    except ValueError as error:
        raise type(error)(f"{where}: {error}") from None
    return view


def _check_history(view: View) -> None:
    """Return None if the view's round could have been played: every move legal where it
    stands and in turn (replay.replay_round), and its shows giving view.shown; else raise
    ValueError naming the move."""
    state = replay_round(view.rules, view.dice, view.history, view.palifico)
    for seat, (played, seen) in enumerate(zip(state.shown, view.shown)):
        if played != tuple(sorted(seen)):
            shows = [
                f"move {i + 1} (seat {s}: {action_text(a)!r})"
                for i, (s, a) in enumerate(view.history)
                if s == seat and isinstance(a, ShowAndReroll)
            ]
            raise ValueError(
                f"shown={quote(view.shown)}: seat {seat} shows {tuple(seen)}, but its moves "
                f"this round show {played}" + (f" ({', '.join(shows)})" if shows else "")
            )


def _check_cost(view: View, model: Model, moves: Iterable[tuple[int, list[Decision]]]) -> None:
    """Return None if reading `moves` under `model` does at most MAX_MODEL_WORK call-dice
    (model calls, one per move and hand of a generic model, times the dice on the table);
    else raise ValueError giving the estimate."""
    calls = sum(
        hand_count(view.dice[seat] - len(view.shown[seat]))
        for seat, made in moves
        for decision in made
        if not isinstance(model, Bidder) or model.per_hand(decision)
    )
    work = calls * view.total
    if work > MAX_MODEL_WORK:
        raise ValueError(
            f"reading these moves under the model {getattr(model, 'name', model)!r} would call "
            f"it {calls:,} times (once per move of another seat and per hand it may hide) at a "
            f"table of {view.total} dice: {work:,} call-dice, about "
            f"{work * CALL_SECONDS_PER_DIE:,.0f} s, past MAX_MODEL_WORK = {MAX_MODEL_WORK:,} "
            f"(about {MAX_MODEL_WORK * CALL_SECONDS_PER_DIE:.0f} s); use inference.quantal(beta), "
            "which reads every hand at once, or fewer dice or moves"
        )


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
        view, model = _check_view(view), _check_model(model)
        exact = check_flag("exact", exact)
        moves = _decisions(view)
        _check_cost(view, model, moves.items())
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
    view, model = _check_view(view), _check_model(model)
    exact, face = check_flag("exact", exact), check_integer("face", face, 1, 6)
    seat = check_integer("seat", seat, 0, len(view.dice) - 1)
    every = _decisions(view)
    moves = every.get(seat)
    if moves is None:
        raise ValueError(f"seat={seat}: not another seat with hidden dice in this view")
    _check_cost(view, model, [*every.items(), (seat, moves[:-1])])  # the seat is read twice
    after = Belief.__new__(Belief)  # the view, model and cost are checked above
    after._read(view, model, exact, every)
    before = Belief.__new__(Belief)
    before._read(view, model, exact, {})
    before.seats = {**after.seats, seat: _seat_posterior(view, seat, moves[:-1], model, exact)}
    now, then = after.seat_counts(seat, face), before.seat_counts(seat, face)
    return {c: now[c] / then[c] for c in range(len(now)) if then[c]}


# ----- a table typed in ----------------------------------------------------------------------


def table_view(
    rules: Rules | str,
    dice: Sequence[int],
    seat: int,
    hand: Sequence[int],
    moves: Sequence[tuple[int, Action | str]] = (),
    shown: Sequence[Sequence[int]] | None = None,
    palifico: bool = False,
) -> View:
    """Return the View of `seat` holding `hand` at a table of `dice` per seat after `moves`
    ((seat, action) in order, actions or text such as "3x5"), each checked against the rules
    (liarsdice.replay): the first mover opens, play goes clockwise, every bid must be a legal
    raise; under show_and_reroll each bidder with two or more hidden dice then passes or shows
    ("pass", "show 2 5"), and the shown dice are taken from those moves.

    Limits: rules a Rules or a preset name; dice 2..MAX_SEATS seats, each other seat hiding at
    most MAX_HAND_DICE dice; hand and shown dice faces 1..6 (shown: one sequence per seat, as
    the moves show them); moves (seat, action or text) pairs, no challenge or calza, text at most MAX_TEXT characters; palifico True or False.
    """
    rules = check_rules(rules)
    palifico = check_flag("palifico", palifico)
    dice = check_counts("dice", dice, low=0, size=2)
    if len(dice) > MAX_SEATS:
        raise ValueError(f"dice={quote(dice)}: more than MAX_SEATS = {MAX_SEATS} seats")
    seat = check_integer("seat", seat, 0, len(dice) - 1)
    hand = tuple(sorted(check_faces("hand", hand)))
    if shown is None or (isinstance(shown, Sequence) and not isinstance(shown, str) and not shown):
        shown_dice: tuple[tuple[int, ...], ...] = ((),) * len(dice)
    elif isinstance(shown, str | bytes) or not isinstance(shown, Sequence):
        raise ArgumentTypeError(f"shown={quote(shown)}: expected shown dice per seat")
    else:
        if len(shown) != len(dice):
            raise ValueError(
                f"shown={quote(shown)}: expected shown dice for each of {len(dice)} seats"
            )
        shown_dice = tuple(tuple(sorted(check_faces("shown", s))) for s in shown)
    if len(hand) + len(shown_dice[seat]) != dice[seat]:
        raise ValueError(f"hand={quote(hand)}: seat {seat} holds {dice[seat]} dice")
    for s, (n, seen) in enumerate(zip(dice, shown_dice)):
        if len(seen) > n:
            raise ValueError(f"shown={quote(shown)}: seat {s} shows more than its {n} dice")
        if s != seat and n - len(seen) > MAX_HAND_DICE:
            raise ValueError(
                f"dice={quote(dice)}: seat {s} hides {n - len(seen)} dice; reading bids "
                f"enumerates every hand, at most MAX_HAND_DICE = {MAX_HAND_DICE} hidden dice"
            )
    if isinstance(moves, str | bytes) or not hasattr(moves, "__iter__"):
        raise ArgumentTypeError(
            f"moves={quote(moves)}: expected (seat, bid) pairs; parse_history reads text"
        )
    history: list[tuple[int, Action]] = []
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, Sequence) or isinstance(move, str) or len(move) != 2:
            raise ArgumentTypeError(f"move {number} {quote(move)}: expected a (seat, bid) pair")
        who, text = move
        who = check_integer(f"move {number}'s seat", who, 0, len(dice) - 1)
        if isinstance(text, str):
            action = parse_action(check_text("move", text), rules=rules)
        elif isinstance(text, Bid | Pass | ShowAndReroll):
            action = text
        else:
            action = None  # refused below
        if action is None or isinstance(action, Challenge | Calza):
            raise ValueError(
                f"move {number} ({who}, {quote(text)}): a round in play holds bids (and under "
                "show_and_reroll the bidder's 'pass' or 'show 2 5'); no challenge or calza"
            )
        history.append((who, action))
    state = replay_round(rules, dice, tuple(history), palifico)  # names an illegal move
    if state.shown != shown_dice:
        if any(shown_dice):
            raise ValueError(
                f"shown={quote(shown)}: the moves show {state.shown} (leave shown out to take them)"
            )
        shown_dice = state.shown
        if len(hand) + len(shown_dice[seat]) != dice[seat]:
            raise ValueError(
                f"hand={quote(hand)}: seat {seat} holds {dice[seat] - len(shown_dice[seat])} "
                "hidden dice after its shows"
            )
    current = seat if state.mover is None else state.mover
    phase = state.phase
    legal = legal_actions_for(rules, phase, dice, current, state.previous, palifico, hand)
    return View(
        seat, rules, hand, shown_dice, dice, tuple(history), current, phase, 1, palifico,
        state.previous, state.bidder, None, legal if current == seat else (),
    )  # fmt: skip


def parse_history(text: str) -> list[tuple[int, str]]:
    """Return "1:3x5, 2:4x5" as [(1, "3x5"), (2, "4x5")] (seat:bid pairs, for table_view).

    Limits: text of at most MAX_TEXT characters; seats of at most 4 digits.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"history={quote(text)}: expected text such as '1:3x5, 2:4x5'")
    check_text("history", text)
    moves = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        seat, _, bid = part.partition(":")
        if (
            not (seat.strip().isascii() and seat.strip().isdigit())
            or len(seat.strip()) > 4
            or not bid.strip()
        ):
            raise ValueError(f"history {quote(text)}: write seat:bid pairs such as 1:3x5, 2:4x5")
        moves.append((int(seat), bid.strip()))
    return moves


# ----- models by name ------------------------------------------------------------------------


def parse_model(text: str) -> Model:
    """Return the model named by `text`: "uniform", "quantal:2", "trembling:threshold:0.05"
    (a bot of liarsdice.agents.BOTS and epsilon).

    Limits: text of at most MAX_TEXT characters; beta and epsilon as quantal's and trembling's.
    """
    usage = (
        "write 'uniform', 'quantal:BETA' (such as quantal:2) or 'trembling:BOT:EPSILON' "
        "(such as trembling:threshold:0.05)"
    )
    if not isinstance(text, str):
        raise ArgumentTypeError(f"model {quote(text)}: {usage}")
    parts = check_text("model", text).strip().lower().split(":")
    try:
        if parts == ["uniform"]:
            return UNIFORM
        if len(parts) == 2 and parts[0] == "quantal":
            return quantal(float(parts[1]))
        if len(parts) == 3 and parts[0] == "trembling":
            from liarsdice.agents import BOTS

            return trembling(BOTS[parts[1]](), Fraction(parts[2]))
    except (KeyError, ValueError, ZeroDivisionError):
        pass
    raise ValueError(f"model {quote(text)}: {usage}")
