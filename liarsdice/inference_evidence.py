"""The moves that are evidence about a seat's hand, and the checks a reading starts with.

- decisions(view) -> {seat: [Decision]}: for each other seat with hidden dice, its moves this
  round since its last reroll (a reroll replaces the hand, so earlier moves say nothing about
  the new one), each with the public facts it was made with; decisions_unchecked(view) for a
  view already checked.
- check_view(view): the view, if its fields hang together and its round replays
  (liarsdice.replay: every move legal where it stands, in turn, nothing after a challenge or
  calza, the shows giving view.shown); else ValueError naming the move's position, seat and text.
- check_model(model): the model, if it is callable.
- check_cost(view, model, moves): None, if reading the moves under the model does at most
  bidders.MAX_MODEL_WORK call-dice (a generic model is called once per move and hand); else
  ValueError with the estimate.

Limits: a view of 2..odds.MAX_SEATS seats, each other seat hiding at most
bidders.MAX_HAND_DICE (12) dice; a model a callable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from liarsdice.actions import action_text
from liarsdice.bidders_hands import (
    CALL_SECONDS_PER_DIE,
    MAX_HAND_DICE,
    MAX_MODEL_WORK,
    Decision,
    Model,
    hand_count,
)
from liarsdice.bidders_uniform import Bidder
from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_faces, check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.moves import MOVES, Effect, is_action, kind_of
from liarsdice.odds import MAX_SEATS
from liarsdice.replay import replay_round
from liarsdice.rules import Rules
from liarsdice.view import View

# ----- the moves that are evidence -----------------------------------------------------------


def decisions(view: View) -> dict[int, list[Decision]]:
    """Return, for each other seat with hidden dice, its moves this round since its last
    reroll, each with the public facts it was made with (view: a View, checked as in Belief)."""
    return decisions_unchecked(check_view(view))


def decisions_unchecked(view: View) -> dict[int, list[Decision]]:
    """Return decisions(view) for a checked view."""
    shown: list[tuple[int, ...]] = [()] * len(view.dice)
    previous: Bid | None = None
    bidder: int | None = None
    moves: dict[int, list[Decision]] = {}
    for index, (seat, action) in enumerate(view.history):
        kind = MOVES[type(action)]  # the history was replayed: every move is registered
        decision = Decision(
            index, seat, action, kind.phase, previous, bidder, tuple(shown), view.history[:index]
        )
        moves.setdefault(seat, []).append(decision)
        if kind.effect == Effect.RAISE:
            previous, bidder = cast(Bid, action), seat
        elif kind.effect == Effect.SHOW:
            shown[seat] = tuple(sorted(shown[seat] + kind.revealed(action)))
            moves[seat] = []  # the hidden dice were rerolled: earlier moves tell nothing now
    return {
        seat: moves.get(seat, [])
        for seat, n in enumerate(view.dice)
        if seat != view.seat and n - len(view.shown[seat]) > 0
    }


def check_model(model: object) -> Model:
    """Return the model if it is callable; else raise ArgumentTypeError."""
    if not callable(model):
        raise ArgumentTypeError(
            f"model={quote(model)}: expected a callable model(view) -> {{action: p}}"
        )
    return model


def check_view(view: object) -> View:
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
                and is_action(move[1])
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
                if s == seat and kind_of(a) is not None and kind_of(a).effect == Effect.SHOW  # type: ignore[union-attr]
            ]
            raise ValueError(
                f"shown={quote(view.shown)}: seat {seat} shows {tuple(seen)}, but its moves "
                f"this round show {played}" + (f" ({', '.join(shows)})" if shows else "")
            )


def check_cost(view: View, model: Model, moves: Iterable[tuple[int, list[Decision]]]) -> None:
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
