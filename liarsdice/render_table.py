"""Drawing a table and a move, for values already checked: the engine's and the View's reprs.

The words are in the language in force (liarsdice.i18n's _ and n_; English by default).

liarsdice.render checks what it is given, then draws through these; Game and View draw their
own (trusted) state through them directly, so neither needs the checking renderer.

- faces_text(dice): "1 3 5".
- move_words(rules, action): what a move does, from its kind (liarsdice.moves): "bids 4x5
  (4 fives)", "challenges".
- moves_line(rules, history): a round's moves, "; " between them, or "none yet".
- table_text(view, hands, you) / table_html(view, hands, you, bids): the table from one view,
  the hidden dice of the seats in `hands` drawn and a cup for the others.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.moves import Phase, kind_of
from liarsdice.svg import cup_svg, hand_svg

if TYPE_CHECKING:
    from liarsdice.rules import Rules
    from liarsdice.view import View


def faces_text(dice: Sequence[int] | str) -> str:
    """Return dice as "1 3 5" (hidden dice, "???", as "? ? ?")."""
    return " ".join(map(str, dice))


def move_words(rules: Rules, action: Any) -> str:
    """Return what a move of a registered type does, as a verb phrase (its kind's words)."""
    kind = kind_of(action)
    assert kind is not None  # callers check the action
    return kind.describe(rules, action)


def moves_line(rules: Rules, history: Iterable[tuple[int, Any]]) -> str:
    """Return a round's moves on one line, "; " between them, or "none yet"."""
    seat = _("seat {seat} {words}")
    moves = "; ".join(seat.format(seat=s, words=move_words(rules, a)) for s, a in history)
    return moves or _("none yet")


def _caption(view: View) -> str:
    """Return "Round 3", "Round 3 (palifico: wilds are not wild)" or "Round 3 (game over)"."""
    if view.phase == Phase.OVER:
        return _("Round {round} (game over)").format(round=view.round)
    if view.palifico:
        return _("Round {round} (palifico: wilds are not wild)").format(round=view.round)
    return _("Round {round}").format(round=view.round)


def _drawn(
    view: View, hands: Mapping[int, Sequence[int]]
) -> tuple[Mapping[int, Sequence[int]], Sequence[tuple[int, ...]]]:
    """Return the hidden dice to draw per seat and the shown dice: once the game is over, every
    die of the last reveal (public by then), else `hands` and the view's shown dice."""
    if view.phase == Phase.OVER and view.last_round is not None:
        return dict(enumerate(view.last_round.dice)), ((),) * len(view.dice)
    return hands, view.shown


def table_text(view: View, hands: Mapping[int, Sequence[int]], you: int | None) -> str:
    """Return the table as text: every seat's dice (faces for the seats in `hands`, "?" for
    the others), shown dice, whose turn it is, this round's moves."""
    over = view.phase == Phase.OVER
    hands, shown = _drawn(view, hands)
    lines = [_caption(view)]
    if you is not None and not over:
        dice = faces_text(hands.get(you, ())) or _("none")
        lines.append("  " + _("your dice (seat {seat}): {dice}").format(seat=you, dice=dice))
    for seat, n in enumerate(view.dice):
        if n == 0 and not shown[seat]:
            lines.append("  " + _("seat {seat}: out").format(seat=seat))
            continue
        hidden = hands[seat] if seat in hands else "?" * (n - len(shown[seat]))
        line = "  " + n_("seat {seat}: {n} die", "seat {seat}: {n} dice", n).format(seat=seat, n=n)
        line += f"  [{faces_text(hidden)}]"
        line += " " + _("shown {dice}").format(dice=faces_text(shown[seat])) if shown[seat] else ""
        line += " " + _("(you)") if seat == you else ""
        line += " " + _("<- to play") if seat == view.current_player else ""
        lines.append(line)
    lines.append("  " + _("bids: {moves}").format(moves=moves_line(view.rules, view.history)))
    if over and view.last_round is not None:
        last = view.last_round.explanation
        lines.append("  " + _("last round: {explanation}").format(explanation=last))
    return "\n".join(lines)


def _seat_html(seat: int) -> str:
    """Return "seat 2" in the language in force, escaped for HTML."""
    return html.escape(_("seat {seat}").format(seat=seat))


def table_html(
    view: View, hands: Mapping[int, Sequence[int]], you: int | None, bids: bool = True
) -> str:
    """Return the table as HTML: the dice of the seats in `hands` drawn, a cup with its count
    for the others, shown dice beside, a marker at the seat to play; this round's moves below
    unless `bids` is False."""
    hands, shown = _drawn(view, hands)
    rules, rows = view.rules, []
    for seat, n in enumerate(view.dice):
        who = f"<b>{html.escape(_('you'))}</b>" if seat == you else _seat_html(seat)
        out = html.escape(_("out"))
        if seat in hands:
            dice = hand_svg(hands[seat], rules, size=34 if seat == you else 24) if n else out
        else:
            dice = cup_svg(n - len(shown[seat])) if n else out
        extra = hand_svg(shown[seat], rules, size=22) if shown[seat] else ""
        turn = " &#9664;" if seat == view.current_player else ""
        rows.append(f"<div class='ld-seat'>{who} ({n}): {dice} {extra}{turn}</div>")
    said = _("bids: {moves}").format(moves=moves_line(rules, view.history))
    moves = f"<p>{html.escape(said)}</p>" if bids else ""
    return f"<div class='ld-table'><b>{html.escape(_caption(view))}</b>{''.join(rows)}{moves}</div>"
