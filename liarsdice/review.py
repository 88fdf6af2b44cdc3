"""After a game, a review of your decisions: the odds at that moment and what ExpectedLossBot
would have done, and why.

- Reviewed: one decision: the round and move, the bid on the table, its P(true) from your seat
  (naive: bids read as saying nothing, as ExpectedLossBot reads them), your move, the bot's
  move and the expected dice lost of every move it weighed.
- review(decisions): a Reviewed per (view, action) you made in a bidding turn (show turns are
  left out: the bot always passes).
- review_text(rows, rules) / review_html(rows, rules): the review as lines, or as an HTML table
  (PlayTable shows it when the game ends), in the language in force (liarsdice.i18n: the
  words through the catalogs, decimals with the language's sign).

Limits: at most MAX_DECISIONS decisions per review (a long game of one seat has some
hundreds); each a (View, action) pair, the view's fields in range (render.check_view). Bad
arguments raise ValueError quoting them (ArgumentTypeError, also a TypeError, for a wrong
kind); a move the view does not allow (a bid that is no raise there, a challenge with no bid
before it) raises IllegalMoveError naming the move: a review only covers legal moves.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from liarsdice import botkit
from liarsdice.actions import Action
from liarsdice.agents import ExpectedLossBot
from liarsdice.bids import Bid
from liarsdice.checks import check_integer, check_number, check_probability, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError, IllegalMoveError
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.moves import is_action
from liarsdice.render import action_words, check_view
from liarsdice.rules import Rules, resolve
from liarsdice.view import Phase, View

MAX_DECISIONS = 100_000  # decisions in one review


def _sized(name: str, values: object, what: str) -> list[Any]:  # items checked by the caller
    """Return `values` (a list, tuple or other sized sequence, not text) as a list of at most
    MAX_DECISIONS items; else raise quoting it."""
    if isinstance(values, str | bytes | dict) or not (
        hasattr(values, "__len__") and hasattr(values, "__iter__")
    ):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected a list of {what}")
    if len(values) > MAX_DECISIONS:
        raise ValueError(f"{name}={quote(values)}: at most {MAX_DECISIONS:,} {what}")
    return list(values)


@dataclass(frozen=True)
class Reviewed:
    """One of your decisions beside ExpectedLossBot's, with the costs it weighed."""

    round: int
    move: int  # the move's number in the round, from 1
    bid: Bid | None  # the bid on the table when you moved
    p_true: float | None  # its P(true) from your seat, bids unread
    chosen: Action
    advised: Action
    costs: tuple[tuple[Action, float], ...]  # (move, expected dice lost), cheapest first

    def __post_init__(self) -> None:
        check_integer("round", self.round, low=1)
        check_integer("move", self.move, low=1)
        if self.bid is not None and not isinstance(self.bid, Bid):
            raise ArgumentTypeError(f"bid={quote(self.bid)}: expected None or a Bid")
        if (self.p_true is None) != (self.bid is None):
            raise ValueError(f"p_true={quote(self.p_true)}: give it exactly when there is a bid")
        if self.p_true is not None:
            check_probability("p_true", self.p_true)
        for name in ("chosen", "advised"):
            if not is_action(getattr(self, name)):
                raise ArgumentTypeError(f"{name}={quote(getattr(self, name))}: expected an action")
        costs = self.costs
        if not isinstance(costs, tuple) or not all(
            isinstance(c, tuple) and len(c) == 2 and is_action(c[0]) for c in costs
        ):
            raise ArgumentTypeError(f"costs={quote(costs)}: expected (action, cost) pairs")
        for _action, cost in costs:
            check_number("cost", cost)

    @property
    def agrees(self) -> bool:
        """Return True if you made ExpectedLossBot's move."""
        return self.chosen == self.advised

    def cost_of(self, action: Action) -> float | None:
        """Return the expected dice lost of a move the bot weighed (None if it did not)."""
        return next((cost for a, cost in self.costs if a == action), None)


def _check_decision(number: int, pair: object) -> None:
    """Raise quoting decisions[number] unless it is a (view, action) pair of a View whose fields
    are in range (render.check_view) and, in a bidding turn, a move the engine allows there
    (engine.legal_actions_for, from the view's fields): a bid that raises the bid on the
    table, a challenge or calza only after a bid."""
    if not (isinstance(pair, tuple | list) and len(pair) == 2):
        raise ArgumentTypeError(
            f"decisions[{number}]={quote(pair)}: expected a (view, action) pair"
        )
    view, action = pair
    if not isinstance(view, View):
        raise ArgumentTypeError(
            f"decisions[{number}]: the view {quote(view)} is not a liarsdice View"
        )
    if not is_action(action):
        raise ArgumentTypeError(
            f"decisions[{number}]: the action {quote(action)} is not an action "
            "(Bid, Challenge, Calza, ShowAndReroll, Pass)"
        )
    try:
        check_view(view)
    except ValueError as error:
        raise type(error)(f"decisions[{number}]: {error}") from None
    if view.phase != Phase.BID or not view.legal_actions():
        return  # not a bidding turn of this seat: left out of the review
    if len(view.hand) > view.dice[view.seat]:
        raise ValueError(
            f"decisions[{number}]: view.hand={quote(view.hand)} holds more than the seat's "
            f"{view.dice[view.seat]} dice"
        )
    previous = view.previous
    try:  # the engine's own rule for the turn, from the view's fields (not its legal tuple)
        legal = legal_actions_for(
            view.rules, view.phase, view.dice, view.seat, previous, view.palifico, view.hand
        )
    except ValueError as error:
        raise type(error)(f"decisions[{number}]: {error}") from None
    if action not in legal:
        table = "no bid on the table" if previous is None else f"the bid {previous} on the table"
        raise IllegalMoveError(
            f"decisions[{number}]: the move {quote(action)} ({action_words(view.rules, action)}) "
            f"is not legal with {table} and {view.total} dice: a review only covers moves "
            "the game allowed"
        )


def review(decisions: Sequence[tuple[View, Action]]) -> list[Reviewed]:
    """Return the review of each (view, action) made in a bidding turn, in order.

    decisions: a list of at most MAX_DECISIONS (View, action) pairs, every one checked
    before any is reviewed: each view's fields in range (render.check_view), and in a bidding
    turn the action one the view allows (a bid that raises the bid on the table with at most
    the dice on the table; a challenge or calza only after a bid); else IllegalMoveError
    naming the move.
    """
    checked = _sized("decisions", decisions, "(view, action) pairs")
    for number, pair in enumerate(checked):
        _check_decision(number, pair)
    bot, rows = ExpectedLossBot(), []
    for view, action in checked:
        if view.phase != Phase.BID or not view.legal_actions():
            continue
        options = botkit.by_cost(bot.options(view))
        chance = botkit.bid_chance(view, view.previous) if view.previous is not None else None
        rows.append(
            Reviewed(
                view.round,
                len(view.history) + 1,
                view.previous,
                chance,
                action,
                options[0][2],
                tuple((a, cost) for cost, _, a in options),
            )
        )
    return rows


def _why(row: Reviewed, rules: Rules) -> str:
    """Return why the bot chose its move: its cost beside the next cheapest, and yours."""
    parts = [
        _("{move} costs {cost} dice on average").format(
            move=action_words(rules, row.advised), cost=format_number(row.costs[0][1], 2)
        )
    ]
    if len(row.costs) > 1:
        other, cost = row.costs[1]
        parts.append(
            _("the next best, {move}, {cost}").format(
                move=action_words(rules, other), cost=format_number(cost, 2)
            )
        )
    mine = row.cost_of(row.chosen)
    if not row.agrees:
        if mine is None:
            parts.append(_("yours more (a raise above the cheapest of its face)"))
        else:
            parts.append(_("yours {cost}").format(cost=format_number(mine, 2)))
    return "; ".join(parts)


def _check_rows(rows: object, rules: Rules | str) -> tuple[list[Reviewed], Rules]:
    """Return the rows (Reviewed values) as a list and the rules (a Rules or preset name)."""
    checked = _sized("rows", rows, "Reviewed rows")
    for number, row in enumerate(checked):
        if not isinstance(row, Reviewed):
            raise ArgumentTypeError(f"rows[{number}]={quote(row)}: expected a Reviewed row")
    return checked, resolve(rules)


def review_text(rows: Sequence[Reviewed], rules: Rules) -> list[str]:
    """Return one line per decision: the bid and its odds, your move, the bot's, and why.

    rows: at most MAX_DECISIONS Reviewed rows (from review); rules: a Rules or preset name.
    """
    rows, rules = _check_rows(rows, rules)
    lines = []
    for row in rows:
        if row.bid is None:
            table = _("you open")
        else:
            table = _("on {bid} (P(true) {p})").format(
                bid=rules.describe(row.bid), p=format_number(row.p_true or 0.0, 2)
            )
        verdict = (
            _("as the bot")
            if row.agrees
            else _("the bot: {move}").format(move=action_words(rules, row.advised))
        )
        line = _("round {round}, move {move}, {table}: you: {yours}, {verdict}: {why}")
        lines.append(
            line.format(
                round=row.round,
                move=row.move,
                table=table,
                yours=action_words(rules, row.chosen),
                verdict=verdict,
                why=_why(row, rules),
            )
        )
    return lines


def review_html(rows: Sequence[Reviewed], rules: Rules) -> str:
    """Return the review as an HTML table (rows where you and the bot differ are marked).

    rows: at most MAX_DECISIONS Reviewed rows (from review); rules: a Rules or preset name.
    """
    rows, rules = _check_rows(rows, rules)
    if not rows:
        return "<p>" + html.escape(_("No decisions of yours to review.")) + "</p>"
    body = []
    for row in rows:
        shade = "" if row.agrees else " style='background:#fff4e5'"
        bid = "-" if row.bid is None else html.escape(rules.describe(row.bid))
        odds = "-" if row.p_true is None else format_number(row.p_true, 2)
        body.append(
            f"<tr{shade}><td>{row.round}.{row.move}</td><td>{bid}</td><td>{odds}</td>"
            f"<td>{html.escape(action_words(rules, row.chosen))}</td>"
            f"<td>{html.escape(action_words(rules, row.advised))}</td>"
            f"<td>{html.escape(_why(row, rules))}</td></tr>"
        )
    agree = sum(r.agrees for r in rows)
    heading = _(
        "{agree} of {total} as ExpectedLossBot; P(true) from your seat, bids unread; a raise is "
        "costed as if the next player challenged it"
    ).format(agree=agree, total=len(rows))
    headers = (
        _("round.move"),
        _("bid on the table"),
        "P(true)",
        _("you"),
        "ExpectedLossBot",
        _("why"),
    )
    cells = "".join(f"<th>{html.escape(text)}</th>" for text in headers)
    title = html.escape(_("Your decisions"))
    return (
        f"<div class='ld-review'><b>{title}</b> ({html.escape(heading)})"
        f"<table><tr>{cells}</tr>" + "".join(body) + "</table></div>"
    )
