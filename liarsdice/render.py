"""Text and HTML for actions, views, reveals and match events: the one renderer.

Terminal play and the PlayTable widget draw through these functions, and the engine's reprs
(str and _repr_html_ of Game and View) through the same drawing (liarsdice.render_table, for
trusted values), so the same event reads the same everywhere. A move's words come from its
kind (liarsdice.moves). The words are in the language in force (liarsdice.i18n; English by
default); error messages stay English.

- action_words(rules, action): "bids 4x5 (4 fives)", "challenges", "calls calza (exactly
  right)", "shows 2 2 and rerolls the rest", "keeps their dice".
- move_text(rules, seat, action): "seat 2 bids 4x5 (4 fives)".
- moves_text(rules, history): a round's moves on one line, or "none yet".
- view_text(view, hands, you) / view_html(view, hands, you): a table from one view, drawing the
  hidden dice of the seats in `hands` and a cup for the others; `you` marks your seat.
- reveal_text(result, rules, you) / reveal_html(result, rules, you): a settled round's dice
  and the count (the HTML highlights the matching dice and adds the settlement).
- event_text(event, rules, you): one line (or block) per match event (liarsdice.match): a
  round starting, a move, a reveal, a settlement, the end of the game.
- not_legal_text(rules, bid, previous, total): why a bid picked on the board cannot be bid.
- error_html(message): a refusal, in the error colour.
- check_view(view): the view if every field is in range (2..MAX_PLAYERS_LIMIT seats of
  0..MAX_DICE_PER_PLAYER dice, one tuple of shown faces per seat...); render and review call it, since
  a View may be built by hand.

Checks: rules is a Rules or a preset name; an action is a Bid, Challenge, Calza,
ShowAndReroll or Pass; seats (and `you`) are integers 0..MAX_PLAYERS_LIMIT - 1 (None for
`you`: nobody); a history holds at most MAX_HISTORY (seat, action) pairs; `hands` maps seats to
faces 1..6; a view is a View whose fields are in range (check_view), a result a RoundResult
whose fields are (its seats those of the view), an event a match event holding what it
claims (the events check their fields when made, and again here); total is
0..MAX_QUANTITY; a message is text. Wrong kinds raise ArgumentTypeError, values out of range
ValueError, each quoting the input.
"""

from __future__ import annotations

import html
import itertools
from typing import TYPE_CHECKING, Literal, overload

from liarsdice.actions import Action
from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_counts, check_faces, check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_DICE_PER_PLAYER, MAX_PLAYERS_LIMIT, MAX_QUANTITY
from liarsdice.moves import Effect, is_action, kind_of
from liarsdice.render_table import faces_text, move_words, table_html, table_text
from liarsdice.rules import resolve
from liarsdice.svg import hand_svg

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from liarsdice.engine import RoundResult, View
    from liarsdice.match import Event
    from liarsdice.rules import Rules

ERROR_COLOUR = "#c0392b"
MAX_HISTORY = 6 * MAX_QUANTITY  # moves in one history: every bid of the longest ladder


@overload
def _check_seat(name: str, seat: object, optional: Literal[False] = False) -> int: ...
@overload
def _check_seat(name: str, seat: object, optional: bool) -> int | None: ...
def _check_seat(name: str, seat: object, optional: bool = False) -> int | None:
    """Return a seat 0..MAX_PLAYERS_LIMIT - 1 as an int (None allowed where optional)."""
    if seat is None and optional:
        return None
    return check_integer(name, seat, 0, MAX_PLAYERS_LIMIT - 1)


def _check_action(action: object) -> Action:
    """Return `action` if it is a move of a registered type; else raise ArgumentTypeError."""
    if is_action(action):
        return action  # type: ignore[return-value]
    raise ArgumentTypeError(
        f"action={quote(action)} is not an action: expected a Bid, Challenge(), Calza(), "
        "ShowAndReroll or Pass()"
    )


def _check_seats(name: str, value: object, seats: int, optional: bool = False) -> int | None:
    """Return a seat 0..seats - 1 of a view as an int (None allowed where optional)."""
    if value is None and optional:
        return None
    return check_integer(name, value, 0, seats - 1)


def check_view(view: object) -> View:
    """Return `view` if it is a View whose fields are in range; else raise quoting the field.

    A View is a plain record (Game.view(seat) makes it), so one built by hand is checked here
    before it is drawn or reviewed: rules a Rules; dice 2..MAX_PLAYERS_LIMIT counts
    0..MAX_DICE_PER_PLAYER; seat a seat of the view, current_player and bidder too (or None); hand faces
    1..6; shown one tuple of faces per seat, at most that seat's dice; history at most
    MAX_HISTORY (seat, action) pairs; phase a Phase; round >= 1; palifico True or False;
    previous None or a Bid; last_round None or a RoundResult of the same seats (as
    reveal_text checks it); legal a tuple of actions.
    """
    from liarsdice.rules import Rules
    from liarsdice.view import Phase, View

    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (Game.view(seat))")
    if not isinstance(view.rules, Rules):
        raise ArgumentTypeError(f"view.rules={quote(view.rules)}: expected a Rules")
    dice = check_counts("view.dice", view.dice, 0, 2)
    if len(dice) > MAX_PLAYERS_LIMIT or max(dice) > MAX_DICE_PER_PLAYER:
        raise ValueError(
            f"view.dice={quote(view.dice)}: expected 2..{MAX_PLAYERS_LIMIT} seats of "
            f"0..{MAX_DICE_PER_PLAYER} dice"
        )
    seats = len(dice)
    _check_seats("view.seat", view.seat, seats)
    _check_seats("view.current_player", view.current_player, seats, optional=True)
    _check_seats("view.bidder", view.bidder, seats, optional=True)
    if len(check_faces("view.hand", view.hand)) > MAX_QUANTITY:
        raise ValueError(f"view.hand={quote(view.hand)}: more than {MAX_QUANTITY:,} dice")
    shown = view.shown
    if not isinstance(shown, tuple):
        raise ArgumentTypeError(f"view.shown={quote(shown)}: expected a tuple per seat")
    if len(shown) != seats:
        raise ValueError(
            f"view.shown={quote(shown)}: expected one tuple of shown dice per seat ({seats})"
        )
    for seat, faces in enumerate(shown):
        if (
            not isinstance(faces, tuple)
            or len(check_faces(f"view.shown[{seat}]", faces)) > dice[seat]
        ):
            raise ValueError(
                f"view.shown[{seat}]={quote(faces)}: expected a tuple of at most "
                f"{dice[seat]} faces (the seat's dice)"
            )
    if not isinstance(view.history, tuple) or len(view.history) > MAX_HISTORY:
        raise ArgumentTypeError(
            f"view.history={quote(view.history)}: expected a tuple of at most {MAX_HISTORY:,} "
            "(seat, action) pairs"
        )
    for move in view.history:
        if not isinstance(move, tuple) or len(move) != 2:
            raise ArgumentTypeError(
                f"view.history: the move {quote(move)} is not a (seat, action) pair"
            )
        _check_seats("view.history seat", move[0], seats)
        _check_action(move[1])
    if not isinstance(view.phase, Phase):
        raise ArgumentTypeError(f"view.phase={quote(view.phase)}: expected a Phase")
    check_integer("view.round", view.round, low=1)
    check_flag("view.palifico", view.palifico)
    if view.previous is not None and not isinstance(view.previous, Bid):
        raise ArgumentTypeError(f"view.previous={quote(view.previous)}: expected None or a Bid")
    if view.last_round is not None:
        _check_result(view.last_round, seats)
    if not isinstance(view.legal, tuple):
        raise ArgumentTypeError(f"view.legal={quote(view.legal)}: expected a tuple of actions")
    for action in view.legal:
        _check_action(action)
    return view


def _check_hands(hands: object, view: View) -> dict[int, tuple[int, ...]]:
    """Return `hands` as {seat: faces} for the view's seats; else raise quoting it."""
    if not hasattr(hands, "items"):
        raise ArgumentTypeError(f"hands={quote(hands)}: expected a mapping seat -> dice")
    checked = {}
    for seat, dice in hands.items():
        seat = check_integer("hands seat", seat, 0, len(view.dice) - 1)
        checked[seat] = check_faces(f"hands[{seat}]", dice)
    return checked


def _check_result(result: object, seats: int | None = None) -> RoundResult:
    """Return `result` if it is a RoundResult whose fields are in range (of `seats` seats
    when given); else raise quoting the field."""
    from liarsdice.settlement import Settlement
    from liarsdice.view import RoundResult

    if not isinstance(result, RoundResult):
        raise ArgumentTypeError(f"result={quote(result)}: expected a RoundResult")
    check_integer("result.round", result.round, low=1)
    dice = result.dice
    if not isinstance(dice, tuple) or not 2 <= len(dice) <= MAX_PLAYERS_LIMIT:
        raise ArgumentTypeError(
            f"result.dice={quote(dice)}: expected a tuple of 2..{MAX_PLAYERS_LIMIT} seats' dice"
        )
    if seats is not None and len(dice) != seats:
        raise ValueError(f"result.dice={quote(dice)}: {len(dice)} seats, not the view's {seats}")
    hands = [check_faces(f"result.dice[{seat}]", faces) for seat, faces in enumerate(dice)]
    if sum(map(len, hands)) > MAX_QUANTITY:
        raise ValueError(f"result.dice={quote(dice)}: more than {MAX_QUANTITY:,} dice")
    if not isinstance(result.bid, Bid):
        raise ArgumentTypeError(f"result.bid={quote(result.bid)}: expected a Bid")
    _check_seats("result.bidder", result.bidder, len(dice))
    _check_seats("result.caller", result.caller, len(dice))
    kind = kind_of(result.action)
    if kind is None or kind.effect != Effect.CALL:
        raise ArgumentTypeError(
            f"result.action={quote(result.action)}: expected a call (Challenge(), Calza())"
        )
    check_integer("result.count", result.count, 0, sum(map(len, hands)))
    check_flag("result.palifico", result.palifico)
    if not isinstance(result.settlement, Settlement) or not isinstance(
        result.settlement.explanation, str
    ):
        raise ArgumentTypeError(
            f"result.settlement={quote(result.settlement)}: expected a Settlement"
        )
    return result


def _seat(seat: int, you: int | None) -> str:
    """Return "you" for your seat, else "seat 2"."""
    return _("you") if seat == you else _("seat {seat}").format(seat=seat)


def action_words(rules: Rules, action: Action) -> str:
    """Return what a move does, as a verb phrase: "bids 4x5 (4 fives)", "challenges".

    rules: a Rules or a preset name; action: a move of a registered type (liarsdice.moves).
    """
    return move_words(resolve(rules), _check_action(action))


def move_text(rules: Rules, seat: int, action: Action) -> str:
    """Return one line saying what a seat did: "seat 2 bids 4x5 (4 fives)".

    seat: an integer 0..MAX_PLAYERS_LIMIT - 1; rules and action as action_words takes them.
    """
    seat = _check_seat("seat", seat)
    return _("seat {seat} {words}").format(seat=seat, words=action_words(rules, action))


def moves_text(rules: Rules, history: Sequence[tuple[int, Action]]) -> str:
    """Return a round's moves on one line, "; " between them, or "none yet".

    history: at most MAX_HISTORY (seat, action) pairs (not text or a mapping).
    """
    rules = resolve(rules)
    if isinstance(history, str | bytes | dict) or not hasattr(history, "__iter__"):
        raise ArgumentTypeError(f"history={quote(history)}: expected (seat, action) pairs")
    moves = list(itertools.islice(history, MAX_HISTORY + 1))
    if len(moves) > MAX_HISTORY:
        raise ValueError(f"history={quote(history)}: more than {MAX_HISTORY:,} moves")
    for move in moves:
        if not isinstance(move, tuple | list) or len(move) != 2:
            raise ArgumentTypeError(
                f"history={quote(history)}: the move {quote(move)} is not a (seat, action) pair"
            )
    return "; ".join(move_text(rules, seat, action) for seat, action in moves) or _("none yet")


def view_text(view: View, hands: Mapping[int, Sequence[int]], you: int | None = None) -> str:
    """Return the table as text: every seat's dice (faces for the seats in `hands`, "?" for
    the others), shown dice, whose turn it is, this round's moves.

    view: a View; hands: a mapping seat -> faces 1..6 (seats of the view); you: None or a seat.
    """
    view = check_view(view)
    return table_text(view, _check_hands(hands, view), _check_seat("you", you, optional=True))


def view_html(
    view: View, hands: Mapping[int, Sequence[int]], you: int | None = None, bids: bool = True
) -> str:
    """Return the table as HTML: the dice of the seats in `hands` drawn, a cup with its count
    for the others, shown dice beside, a marker at the seat to play; this round's moves below
    unless `bids` is False.

    view: a View; hands: a mapping seat -> faces 1..6 (seats of the view); you: None or a
    seat; bids: True or False.
    """
    view = check_view(view)
    hands = _check_hands(hands, view)
    you = _check_seat("you", you, optional=True)
    return table_html(view, hands, you, check_flag("bids", bids))


def _count_text(result: RoundResult, rules: Rules) -> str:
    """Return "11 fives on the table"."""
    face = rules.face_name(result.bid.face, count=result.count)
    return _("{count} {face} on the table").format(count=result.count, face=face)


def reveal_text(result: RoundResult, rules: Rules, you: int | None = None) -> str:
    """Return a settled round's reveal: the count and every seat's dice.

    result: a RoundResult; rules: a Rules or a preset name; you: None or a seat.
    """
    result, rules = _check_result(result), resolve(rules)
    you = _check_seat("you", you, optional=True)
    said = _("Reveal of round {round}: {count}")
    lines = [said.format(round=result.round, count=_count_text(result, rules))]
    lines += [
        f"  {_seat(s, you)}: {faces_text(dice) or '-'}"
        for s, dice in enumerate(result.dice)
        if dice
    ]
    return "\n".join(lines)


def reveal_html(result: RoundResult, rules: Rules, you: int | None = None) -> str:
    """Return the reveal as HTML: every seat's dice, the matching ones highlighted, and why.

    result: a RoundResult; rules: a Rules or a preset name; you: None or a seat.
    """
    result, rules = _check_result(result), resolve(rules)
    you = _check_seat("you", you, optional=True)
    bid = result.bid
    rows = []
    for seat, dice in enumerate(result.dice):
        if not dice:
            continue
        matching = [i for i, d in enumerate(dice) if rules.count((d,), bid.face, result.palifico)]
        rows.append(
            f"<div>{html.escape(_seat(seat, you))}: "
            f"{hand_svg(dice, rules, highlight=matching, size=26)}</div>"
        )
    title = html.escape(_("Reveal of round {round}").format(round=result.round))
    count = html.escape(_("{count} (highlighted)").format(count=_count_text(result, rules)))
    return (
        f"<div class='ld-reveal'><b>{title}</b>: {count}{''.join(rows)}"
        f"<p><b>{html.escape(result.explanation)}</b></p></div>"
    )


def event_text(event: Event, rules: Rules, you: int | None = None) -> str:
    """Return what a match event says, in plain text (the terminal's lines, PlayTable's log).

    event: a match event (liarsdice.match); rules: a Rules or a preset name; you: None or a
    seat.
    """
    from liarsdice import match

    rules = resolve(rules)
    you = _check_seat("you", you, optional=True)

    # the events check their fields when made; a record changed since (object.__setattr__)
    # is caught by the same checks here, before any field is read
    if isinstance(event, match.RoundStarted | match.Moved | match.GameOver):
        event.__post_init__()
    if isinstance(event, match.RoundStarted):
        if event.opener == you:
            said = _("You open round {round} (palifico: wilds are not wild).")
            said = said if event.palifico else _("You open round {round}.")
        else:
            said = _("Seat {seat} opens round {round} (palifico: wilds are not wild).")
            said = said if event.palifico else _("Seat {seat} opens round {round}.")
        return said.format(seat=event.opener, round=event.round)
    if isinstance(event, match.Moved):
        return move_text(rules, event.seat, event.action)
    if isinstance(event, match.Revealed):
        return reveal_text(event.result, rules, you)
    if isinstance(event, match.Settled):
        return _check_result(event.result).explanation
    if isinstance(event, match.GameOver):
        if event.winner == you:
            return _("You win!")
        return _("Seat {seat} wins the game.").format(seat=event.winner)
    raise ArgumentTypeError(f"event={quote(event)}: expected a match event (liarsdice.match)")


def not_legal_text(rules: Rules, bid: Bid, previous: Bid | None, total: int) -> str:
    """Return "4 fives is not a legal bid after 5 fives with 20 dice on the table.".

    rules: a Rules or a preset name; bid: a Bid or bid text; previous: None, a Bid or bid
    text; total: an integer 0..MAX_QUANTITY.
    """
    rules = resolve(rules)
    bid = as_bid("bid", bid, rules)
    previous = None if previous is None else as_bid("previous", previous, rules)
    total = check_integer("total", total, 0, MAX_QUANTITY)
    if previous is None:
        said = _("{bid} is not a legal bid to open with {total} dice on the table.")
    else:
        said = _("{bid} is not a legal bid after {previous} with {total} dice on the table.")
    return said.format(
        bid=rules.describe(bid),
        previous=previous and rules.describe(previous),
        total=total,
    )


def error_html(message: str) -> str:
    """Return a refusal or error message as HTML in the error colour (message: text)."""
    if not isinstance(message, str):
        raise ArgumentTypeError(f"message={quote(message)}: expected text")
    return f"<span style='color:{ERROR_COLOUR}'>{html.escape(message)}</span>"
