"""Replaying a round's moves against the rules: could this history have happened?

A View built by hand, or a history typed in, may hold moves the engine would never have let
through. liarsdice.inference reads every move as evidence, so it replays the round here once,
at its public entry points, before reading anything.

- replay_round(rules, dice, history, palifico=False) -> RoundState: the state after the round's
  moves, each checked as the engine checks it: legal where it stands (a bid, a challenge or a
  calza is legal when engine.legal_actions_for lists it), made in turn (the opener is any seat
  with dice, then clockwise among seats with dice; under show_and_reroll a bidder holding two
  or more hidden dice first passes or shows some but not all of them), nothing after a
  challenge or calza (it ends the round).
- RoundState: who is to play, the phase, the bid on the table and its bidder, every seat's
  shown dice, and whether the round has ended.

A refused move raises ValueError naming its position in the round, its seat and its text.
Checking a move is a cached set lookup, so a round replays in time linear in its moves.

Limits: rules a Rules; dice 2..rules.MAX_PLAYERS_LIMIT (20) seats of 0..
engine.MAX_DICE_PER_PLAYER (10) dice; history a tuple of (seat, action) pairs with at most
limits.MAX_QUANTITY x 7 moves (no longer round exists); palifico True or False.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from liarsdice.actions import Action, action_text
from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_flag, check_integer, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_QUANTITY
from liarsdice.moves import Effect, MoveKind, Phase, Turn, kind_of
from liarsdice.rules import Rules
from liarsdice.settlement import next_seat_with_dice

MAX_ROUND_MOVES = 7 * MAX_QUANTITY  # a round holds fewer: each bid raises, shows follow bids


@dataclass(frozen=True)
class RoundState:
    """The state of a round after its moves (mover None: anyone with dice may open)."""

    mover: int | None
    phase: Phase  # BID, SHOW (the bidder's show-or-pass) or OVER (a challenge or calza)
    previous: Bid | None
    bidder: int | None
    shown: tuple[tuple[int, ...], ...]  # every seat's shown dice, sorted


@lru_cache(maxsize=4096)
def _legal_moves(
    rules: Rules, dice: tuple[int, ...], seat: int, previous: Bid | None, palifico: bool
) -> frozenset[Action]:
    """Return the engine's legal moves of a bidding turn, as a set (cached)."""
    return frozenset(legal_actions_for(rules, Phase.BID, dice, seat, previous, palifico, ()))


def _why(
    rules: Rules,
    dice: tuple[int, ...],
    seat: int,
    previous: Bid | None,
    palifico: bool,
    kind: MoveKind,
    move: object,
) -> str:
    """Return why `move` is not legal in a bidding turn, as the engine would say it."""
    if kind.phase == Phase.SHOW:
        if not rules.show_and_reroll:
            return "these rules have no show-and-reroll"
        return "a show or a pass comes only right after one's own bid"
    return kind.refusal(Turn(rules, Phase.BID, dice, seat, previous, palifico, ()), move)


def replay_round(
    rules: Rules,
    dice: Sequence[int],
    history: Sequence[tuple[int, Action]],
    palifico: bool = False,
) -> RoundState:
    """Return the round's state after `history`, each move checked against the rules.

    Args:
        rules: a Rules.
        dice: every seat's dice count this round (2..20 seats of 0..10 dice).
        history: the round's (seat, action) pairs in order (at most MAX_ROUND_MOVES).
        palifico: True in a palifico round.

    Raises ValueError naming the first move that could not have been played: its position in
    the round, its seat and its text (ArgumentTypeError for a wrong kind).
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules={quote(rules)}: expected a Rules")
    counts = check_counts("dice", dice, low=0, size=2)
    palifico = check_flag("palifico", palifico)
    legal_actions_for(rules, Phase.OVER, counts, 0, None, palifico, ())  # checks the table size
    if not isinstance(history, Sequence) or isinstance(history, str | bytes):
        raise ArgumentTypeError(f"history={quote(history)}: expected (seat, action) pairs")
    if len(history) > MAX_ROUND_MOVES:
        raise ValueError(f"history of {len(history):,} moves: more than MAX_ROUND_MOVES")
    shown: list[tuple[int, ...]] = [()] * len(counts)
    previous: Bid | None = None
    bidder: int | None = None
    mover: int | None = None
    phase = Phase.BID
    for index, move in enumerate(history):
        kind = kind_of(move[1]) if isinstance(move, tuple) and len(move) == 2 else None
        if kind is None:
            raise ArgumentTypeError(
                f"history={quote(history)}: move {index + 1} {quote(move)} is not (seat, action)"
            )
        seat = check_integer(f"move {index + 1}'s seat", move[0], 0, len(counts) - 1)
        action = move[1]
        where = f"move {index + 1} of the round (seat {seat}: {action_text(action)!r})"
        if phase == Phase.OVER:
            seat, action = history[index - 1]
            raise ValueError(
                f"move {index} of the round (seat {seat}: {action_text(action)!r}) ends the "
                f"round, yet {len(history) - index} more move(s) follow it"
            )
        if kind.phase == Phase.SHOW and not rules.show_and_reroll:
            raise ValueError(f"{where}: not legal; these rules have no show-and-reroll")
        if mover is None and not counts[seat]:
            raise ValueError(f"{where}: seat {seat} has no dice")
        if mover is not None and seat != mover:
            turn = "pass or show after its bid" if phase == Phase.SHOW else "play"
            raise ValueError(f"{where}: out of turn; seat {mover} is to {turn}")
        hidden = counts[seat] - len(shown[seat])
        if phase == Phase.SHOW:
            if kind.effect == Effect.SHOW and len(kind.revealed(action)) < hidden:
                shown[seat] = tuple(sorted(shown[seat] + kind.revealed(action)))
            elif not (kind.phase == Phase.SHOW and kind.effect == Effect.PASS):
                raise ValueError(
                    f"{where}: not legal; after its bid seat {seat} may only pass or show some "
                    f"but not all of its {hidden} hidden dice"
                )
            phase, mover = Phase.BID, next_seat_with_dice(counts, (seat + 1) % len(counts))
        elif action not in _legal_moves(rules, counts, seat, previous, palifico):
            reason = _why(rules, counts, seat, previous, palifico, kind, action)
            state = f"the bid is {previous} by seat {bidder}" if previous else "no bid yet"
            raise ValueError(f"{where}: not legal where it stands ({state}): {reason}")
        elif kind.effect == Effect.CALL:  # a challenge or calza settles the round
            phase, mover = Phase.OVER, None
        elif kind.effect == Effect.RAISE and rules.show_and_reroll and hidden >= 2:
            previous, bidder = cast(Bid, action), seat
            phase, mover = Phase.SHOW, seat
        else:
            if kind.effect == Effect.RAISE:
                previous, bidder = cast(Bid, action), seat
            mover = next_seat_with_dice(counts, (seat + 1) % len(counts))
    return RoundState(mover, phase, previous, bidder, tuple(shown))
