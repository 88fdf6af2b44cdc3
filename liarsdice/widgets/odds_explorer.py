"""OddsExplorer: the odds of every bid from one seat's view, live.

Controls: the rules (a preset, or any Rules, its options folded below), the dice on the table, your hand and any shown dice (toggle dice),
the chosen bid and, where the rules have it, a palifico round. Views: a heatmap of P(true) for
every face and quantity (plots.odds_heatmap), the count distribution of the chosen face
(plots.count_figure) and the chosen bid's exact fraction, P(exact) and expected dice lost.

Labels and texts are in the language in force when the widget is built or recomputes
(liarsdice.i18n), decimals with its decimal sign (format_number).
"""

from __future__ import annotations

import html

import ipywidgets as w

from liarsdice import odds, plots
from liarsdice.bids import Bid
from liarsdice.deprecation import aliases
from liarsdice.i18n import format_number, n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.render import error_html
from liarsdice.rules import Rules
from liarsdice.scenarios import NINE_FIVES
from liarsdice.widgets.controls import DicePicker, SeatWidget, update_figure
from liarsdice.widgets.figures import FigureWidget


def bid_summary_html(
    bid: Bid,
    rules: Rules,
    unknown: int,
    hand: tuple[int, ...],
    shown: tuple[int, ...] = (),
    palifico: bool = False,
) -> str:
    """Return the bid's exact odds, P(exact) and the expected dice lost on a challenge, as HTML.

    The cost assumes a heads-up challenge: you (holding `hand`) challenge a bidder who holds
    every other die on the table, the shown ones included.
    """
    known = hand + shown
    p_true = odds.bid_probability(bid, rules, unknown, known, exact=True, palifico=palifico)
    p_equal = odds.p_exact(bid, rules, unknown, known, exact=True, palifico=palifico)
    hidden = n_(
        "{bid} ({unknown} die hidden from you, {seen} seen)",
        "{bid} ({unknown} dice hidden from you, {seen} seen)",
        unknown,
    )
    said = _(
        "P(true) = {p} = {fraction} if the other players' bids say nothing about their dice "
        "(lesson 5 reads them)"
    )
    lines = [
        html.escape(hidden).format(
            bid=f"<b>{html.escape(rules.describe(bid))}</b>", unknown=unknown, seen=len(known)
        ),
        html.escape(said).format(
            p=f"<b>{format_number(float(p_true), 6)}</b>",
            fraction=f"<code style='word-break:break-all'>{p_true}</code>",
        ),
        html.escape(_("P(count exactly {q}) = {p}")).format(
            q=bid.quantity, p=format_number(float(p_equal), 6)
        ),
    ]
    if hand:
        dice = (unknown + len(shown), len(hand))
        cost = odds.challenge_cost(bid, rules, unknown, known, dice, 0, 1, palifico)
        said = _(
            "If you challenge it heads-up (the bidder holding every die you cannot see): you "
            "lose {yours} dice on average, the bidder {theirs}. At a table of more seats your "
            "cost is the same, the bidder's can differ (each seat's dice cap what it can lose; "
            "lesson 9 costs it seat by seat)."
        )
        yours = format_number(float(cost.expected_challenger_loss), 3)
        theirs = format_number(float(cost.expected_bidder_loss), 3)
        lines.append(html.escape(said.format(yours=yours, theirs=theirs)))
    else:
        lines.append(
            html.escape(_("Add dice to your hand to see what a challenge would cost you."))
        )
    return "<div class='ld-summary'>" + "<br>".join(lines) + "</div>"


class OddsExplorer(SeatWidget):
    """Controls for a seat's view of the table beside live figures of every bid's odds."""

    def __init__(
        self,
        rules: Rules | str = "blef",
        total: int = NINE_FIVES.total,
        hand: tuple[int, ...] = NINE_FIVES.hand,
        bid: Bid | None = None,
    ) -> None:
        super().__init__(rules, total, hand, min_total=1, max_total=MAX_TABLE_DICE)
        bid = bid or Bid(7, 5)
        self.face.value = bid.face
        self.shown = DicePicker((), self.rules, max_dice=20, description=_("shown dice"))
        self.quantity = w.BoundedIntText(
            value=bid.quantity, min=1, max=MAX_TABLE_DICE, description=_("bid q")
        )
        self.palifico = w.Checkbox(
            value=False, description=_("palifico round"), disabled=not self.rules.palifico
        )
        self.summary = w.HTML()
        self.message = w.HTML()
        self.heatmap = FigureWidget(plots.odds_heatmap(odds.table(self.rules, 1), self.rules))
        self.bars = FigureWidget(plots.count_figure([1.0], self.rules, bid))
        for control in (self.total, self.hand, self.shown, self.quantity, self.face, self.palifico):
            control.observe(self.on_control_change, names="value")
        self.add_class("ld-odds-explorer")
        self.children = [
            w.HBox([self.preset, self.total, self.palifico]),
            self.picker.options,
            self.hand,
            self.shown,
            w.HBox([self.quantity, self.face]),
            self.message,
            self.summary,
            w.HBox([self.heatmap, self.bars]),
        ]
        self.on_control_change()

    @property
    def known(self) -> tuple[int, ...]:
        """Return the dice this seat sees: its hand and the shown dice."""
        return self.hand.value + self.shown.value

    @property
    def bid(self) -> Bid:
        """Return the chosen bid."""
        return Bid(self.quantity.value, self.face.value)

    def on_rules_change(self) -> None:
        """Redraw the dice in the new rules' style and recompute."""
        self.shown.set_rules(self.rules)
        self.palifico.disabled = not self.rules.palifico
        if not self.rules.palifico:
            self.palifico.value = False
        self.on_control_change()

    def on_control_change(self, change: object = None) -> None:
        """Recompute every number and figure for the current controls."""
        unknown = self.total.value - len(self.known)
        if unknown < 0:
            cannot = _(
                "{total} dice on the table cannot hold your {seen} seen dice: add dice to the "
                "table or remove some."
            )
            self.message.value = error_html(
                cannot.format(total=self.total.value, seen=len(self.known))
            )
            self.summary.value = ""  # the numbers below no longer describe the controls
            return
        self.message.value = ""
        if self.quantity.value > self.total.value:
            self.quantity.value = self.total.value  # fires this handler again with a valid bid
            return
        palifico = self.palifico.value
        bid = self.bid
        probabilities = odds.table(self.rules, unknown, self.known, palifico=palifico)
        distribution = odds.count_distribution(
            bid.face, self.rules, unknown, self.known, palifico=palifico
        )
        update_figure(self.heatmap, plots.odds_heatmap(probabilities, self.rules, bid))
        update_figure(self.bars, plots.count_figure(distribution.tolist(), self.rules, bid))
        self.summary.value = bid_summary_html(
            bid, self.rules, unknown, self.hand.value, self.shown.value, palifico
        )


__getattr__ = aliases(
    "liarsdice.widgets.odds_explorer",
    {"MAX_DICE": (lambda: MAX_TABLE_DICE, "liarsdice.limits.MAX_TABLE_DICE")},
)
