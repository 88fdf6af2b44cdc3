"""Text and HTML for actions, views, reveals and match events: the one renderer.

The engine's reprs (str and _repr_html_ of Game and View), terminal play and the PlayTable
widget all draw through these functions, so the same event reads the same everywhere.

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

Checks: rules is a Rules or a preset name; an action is a Bid, Challenge, Calza,
ShowAndReroll or Pass; seats (and `you`) are integers 0..MAX_PLAYERS_LIMIT - 1 (None for
`you`: nobody); a history holds at most MAX_HISTORY (seat, action) pairs; `hands` maps seats to
faces 1..6; a view is a View, a result a RoundResult, an event a match event; total is
0..MAX_QUANTITY; a message is text. Wrong kinds raise ArgumentTypeError, values out of range
ValueError, each quoting the input.
"""

from __future__ import annotations

import html
import itertools
from typing import TYPE_CHECKING, Literal, overload

from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_faces, check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules import MAX_PLAYERS_LIMIT, resolve
from liarsdice.svg import cup_svg, hand_svg

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
    """Return `action` if it is an action; else raise ArgumentTypeError quoting it."""
    if isinstance(action, Bid | Challenge | Calza | ShowAndReroll | Pass):
        return action
    raise ArgumentTypeError(
        f"action={quote(action)} is not an action: expected a Bid, Challenge(), Calza(), "
        "ShowAndReroll or Pass()"
    )


def _check_view(view: object) -> View:
    """Return `view` if it is a View; else raise ArgumentTypeError quoting it."""
    from liarsdice.view import View

    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (Game.view(seat))")
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


def _check_result(result: object) -> RoundResult:
    """Return `result` if it is a RoundResult; else raise ArgumentTypeError quoting it."""
    from liarsdice.view import RoundResult

    if not isinstance(result, RoundResult):
        raise ArgumentTypeError(f"result={quote(result)}: expected a RoundResult")
    return result


def _faces(dice: Sequence[int] | str) -> str:
    """Return dice as "1 3 5" (hidden dice, "???", as "? ? ?")."""
    return " ".join(map(str, dice))


def _seat(seat: int, you: int | None) -> str:
    """Return "you" for your seat, else "seat 2"."""
    return "you" if seat == you else f"seat {seat}"


def action_words(rules: Rules, action: Action) -> str:
    """Return what a move does, as a verb phrase: "bids 4x5 (4 fives)", "challenges".

    rules: a Rules or a preset name; action: a Bid, Challenge, Calza, ShowAndReroll or Pass.
    """
    rules, action = resolve(rules), _check_action(action)
    if isinstance(action, Bid):
        return f"bids {action} ({rules.describe(action)})"
    if isinstance(action, Challenge):
        return "challenges"
    if isinstance(action, Calza):
        return "calls calza (exactly right)"
    if isinstance(action, ShowAndReroll):
        return f"shows {_faces(action.shown)} and rerolls the rest"
    if isinstance(action, Pass):
        return "keeps their dice"
    raise ArgumentTypeError(f"action={quote(action)} is not an action")


def move_text(rules: Rules, seat: int, action: Action) -> str:
    """Return one line saying what a seat did: "seat 2 bids 4x5 (4 fives)".

    seat: an integer 0..MAX_PLAYERS_LIMIT - 1; rules and action as action_words takes them.
    """
    seat = _check_seat("seat", seat)
    return f"seat {seat} {action_words(rules, action)}"


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
    return "; ".join(move_text(rules, seat, action) for seat, action in moves) or "none yet"


def _caption(view: View) -> str:
    """Return "Round 3", "Round 3 (palifico: wilds are not wild)" or "Round 3 (game over)"."""
    if view.is_over:
        return f"Round {view.round} (game over)"
    return f"Round {view.round}" + (" (palifico: wilds are not wild)" if view.palifico else "")


def _drawn(
    view: View, hands: Mapping[int, Sequence[int]]
) -> tuple[Mapping[int, Sequence[int]], Sequence[tuple[int, ...]]]:
    """Return the hidden dice to draw per seat and the shown dice: once the game is over, every
    die of the last reveal (public by then), else `hands` and the view's shown dice."""
    if view.is_over and view.last_round is not None:
        return dict(enumerate(view.last_round.dice)), ((),) * len(view.dice)
    return hands, view.shown


def view_text(view: View, hands: Mapping[int, Sequence[int]], you: int | None = None) -> str:
    """Return the table as text: every seat's dice (faces for the seats in `hands`, "?" for
    the others), shown dice, whose turn it is, this round's moves.

    view: a View; hands: a mapping seat -> faces 1..6 (seats of the view); you: None or a seat.
    """
    view = _check_view(view)
    hands = _check_hands(hands, view)
    you = _check_seat("you", you, optional=True)
    hands, shown = _drawn(view, hands)
    lines = [_caption(view)]
    if you is not None and not view.is_over:
        lines.append(f"  your dice (seat {you}): {_faces(hands.get(you, ())) or 'none'}")
    for seat, n in enumerate(view.dice):
        if n == 0 and not shown[seat]:
            lines.append(f"  seat {seat}: out")
            continue
        hidden = hands[seat] if seat in hands else "?" * (n - len(shown[seat]))
        line = f"  seat {seat}: {n} {'die' if n == 1 else 'dice'}  [{_faces(hidden)}]"
        line += f" shown {_faces(shown[seat])}" if shown[seat] else ""
        line += " (you)" if seat == you else ""
        line += " <- to play" if seat == view.current_player else ""
        lines.append(line)
    lines.append(f"  bids: {moves_text(view.rules, view.history)}")
    if view.is_over and view.last_round is not None:
        lines.append(f"  last round: {view.last_round.explanation}")
    return "\n".join(lines)


def view_html(
    view: View, hands: Mapping[int, Sequence[int]], you: int | None = None, bids: bool = True
) -> str:
    """Return the table as HTML: the dice of the seats in `hands` drawn, a cup with its count
    for the others, shown dice beside, a marker at the seat to play; this round's moves below
    unless `bids` is False.

    view: a View; hands: a mapping seat -> faces 1..6 (seats of the view); you: None or a
    seat; bids: True or False.
    """
    view = _check_view(view)
    hands = _check_hands(hands, view)
    you = _check_seat("you", you, optional=True)
    bids = check_flag("bids", bids)
    hands, shown = _drawn(view, hands)
    rules, rows = view.rules, []
    for seat, n in enumerate(view.dice):
        who = "<b>you</b>" if seat == you else f"seat {seat}"
        if seat in hands:
            dice = hand_svg(hands[seat], rules, size=34 if seat == you else 24) if n else "out"
        else:
            dice = cup_svg(n - len(shown[seat])) if n else "out"
        extra = hand_svg(shown[seat], rules, size=22) if shown[seat] else ""
        turn = " &#9664;" if seat == view.current_player else ""
        rows.append(f"<div class='ld-seat'>{who} ({n}): {dice} {extra}{turn}</div>")
    moves = f"<p>bids: {html.escape(moves_text(rules, view.history))}</p>" if bids else ""
    return f"<div class='ld-table'><b>{html.escape(_caption(view))}</b>{''.join(rows)}{moves}</div>"


def _count_text(result: RoundResult, rules: Rules) -> str:
    """Return "11 fives on the table"."""
    face = rules.face_name(result.bid.face, plural=result.count != 1)
    return f"{result.count} {face} on the table"


def reveal_text(result: RoundResult, rules: Rules, you: int | None = None) -> str:
    """Return a settled round's reveal: the count and every seat's dice.

    result: a RoundResult; rules: a Rules or a preset name; you: None or a seat.
    """
    result, rules = _check_result(result), resolve(rules)
    you = _check_seat("you", you, optional=True)
    lines = [f"Reveal of round {result.round}: {_count_text(result, rules)}"]
    lines += [
        f"  {_seat(s, you)}: {_faces(dice) or '-'}" for s, dice in enumerate(result.dice) if dice
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
            f"<div>{_seat(seat, you)}: {hand_svg(dice, rules, highlight=matching, size=26)}</div>"
        )
    return (
        f"<div class='ld-reveal'><b>Reveal of round {result.round}</b>: "
        f"{html.escape(_count_text(result, rules))} (highlighted){''.join(rows)}"
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

    if isinstance(event, match.RoundStarted):
        note = " (palifico: wilds are not wild)" if event.palifico else ""
        who = "You open" if event.opener == you else f"Seat {event.opener} opens"
        return f"{who} round {event.round}{note}."
    if isinstance(event, match.Moved):
        return move_text(rules, event.seat, event.action)
    if isinstance(event, match.Revealed):
        return reveal_text(event.result, rules, you)
    if isinstance(event, match.Settled):
        return event.result.explanation
    if isinstance(event, match.GameOver):
        if event.winner == you:
            return "You win!"
        return f"Seat {event.winner} wins the game."
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
    after = f"after {rules.describe(previous)}" if previous else "to open"
    return f"{rules.describe(bid)} is not a legal bid {after} with {total} dice on the table."


def error_html(message: str) -> str:
    """Return a refusal or error message as HTML in the error colour (message: text)."""
    if not isinstance(message, str):
        raise ArgumentTypeError(f"message={quote(message)}: expected text")
    return f"<span style='color:{ERROR_COLOUR}'>{html.escape(message)}</span>"
