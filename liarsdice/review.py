"""After a game, a review of your decisions: the odds at that moment and what ExpectedLossBot
would have done, and why.

- Reviewed: one decision: the round and move, the bid on the table, its P(true) from your seat
  (naive: bids read as saying nothing, as ExpectedLossBot reads them), your move, the bot's
  move and the expected dice lost of every move it weighed.
- review(decisions): a Reviewed per (view, action) you made in a bidding turn (show turns are
  left out: the bot always passes).
- review_text(rows, rules) / review_html(rows, rules): the review as lines, or as an HTML table
  (PlayTable shows it when the game ends).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from liarsdice import botkit
from liarsdice.actions import Action
from liarsdice.agents import ExpectedLossBot
from liarsdice.bids import Bid
from liarsdice.render import action_words
from liarsdice.rules import Rules
from liarsdice.view import Phase, View


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

    @property
    def agrees(self) -> bool:
        """Return True if you made ExpectedLossBot's move."""
        return self.chosen == self.advised

    def cost_of(self, action: Action) -> float | None:
        """Return the expected dice lost of a move the bot weighed (None if it did not)."""
        return next((cost for a, cost in self.costs if a == action), None)


def review(decisions: Sequence[tuple[View, Action]]) -> list[Reviewed]:
    """Return the review of each (view, action) made in a bidding turn, in order."""
    bot, rows = ExpectedLossBot(), []
    for view, action in decisions:
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
    best = row.costs[0][1]
    parts = [f"{action_words(rules, row.advised)} costs {best:.2f} dice on average"]
    if len(row.costs) > 1:
        other, cost = row.costs[1]
        parts.append(f"the next best, {action_words(rules, other)}, {cost:.2f}")
    mine = row.cost_of(row.chosen)
    if not row.agrees:
        yours = (
            f"{mine:.2f}" if mine is not None else "more (a raise above the cheapest of its face)"
        )
        parts.append(f"yours {yours}")
    return "; ".join(parts)


def review_text(rows: Sequence[Reviewed], rules: Rules) -> list[str]:
    """Return one line per decision: the bid and its odds, your move, the bot's, and why."""
    lines = []
    for row in rows:
        table = (
            "you open"
            if row.bid is None
            else (f"on {rules.describe(row.bid)} (P(true) {row.p_true:.2f})")
        )
        verdict = "as the bot" if row.agrees else f"the bot {action_words(rules, row.advised)}"
        lines.append(
            f"round {row.round}, move {row.move}, {table}: you {action_words(rules, row.chosen)}, "
            f"{verdict}: {_why(row, rules)}"
        )
    return lines


def review_html(rows: Sequence[Reviewed], rules: Rules) -> str:
    """Return the review as an HTML table (rows where you and the bot differ are marked)."""
    if not rows:
        return "<p>No decisions of yours to review.</p>"
    body = []
    for row in rows:
        shade = "" if row.agrees else " style='background:#fff4e5'"
        bid = "-" if row.bid is None else html.escape(rules.describe(row.bid))
        odds = "-" if row.p_true is None else f"{row.p_true:.2f}"
        body.append(
            f"<tr{shade}><td>{row.round}.{row.move}</td><td>{bid}</td><td>{odds}</td>"
            f"<td>{html.escape(action_words(rules, row.chosen))}</td>"
            f"<td>{html.escape(action_words(rules, row.advised))}</td>"
            f"<td>{html.escape(_why(row, rules))}</td></tr>"
        )
    agree = sum(r.agrees for r in rows)
    return (
        f"<div class='ld-review'><b>Your decisions</b> ({agree} of {len(rows)} as "
        "ExpectedLossBot; P(true) from your seat, bids unread; a raise is costed as if the next "
        "player challenged it)<table><tr><th>round.move</th><th>bid on the table</th>"
        "<th>P(true)</th><th>you</th><th>ExpectedLossBot</th><th>why</th></tr>"
        + "".join(body)
        + "</table></div>"
    )
