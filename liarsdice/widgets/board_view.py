"""BoardView: the bidding board made live.

The ring of plain and wild fields in the ladder's clockwise order (plots.board_figure), with the
current bid on its field, the legal raises outlined and every cell coloured by P(true) from one
seat's view. Clicking a cell (or using the quantity and face controls) chooses a bid; only a
legal raise can be chosen, anything else is explained in the message line. The view's own labels
and messages are marked for translation (liarsdice.i18n: English, Polish or Czech, as set when
the view is made; P(true) with the language's decimal sign).
"""

from __future__ import annotations

import html

import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from liarsdice import odds, plots
from liarsdice.bids import Bid
from liarsdice.errors import InvalidBidError
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.render import error_html, not_legal_text
from liarsdice.rules import Rules
from liarsdice.scenarios import NINE_FIVES
from liarsdice.widgets.controls import SeatWidget, update_figure
from liarsdice.widgets.figures import FigureWidget

BOARD_FIELDS_SHOWN = 30  # the printed board has 20 plain fields; more would crowd the ring


def board_size(total: int) -> int:
    """Return how many plain fields to draw for `total` dice on the table (6..30, 20 at 20)."""
    return max(6, min(total, BOARD_FIELDS_SHOWN))


def clicked_bids(figure: go.FigureWidget, points: object) -> list[Bid]:
    """Return the bids of the board cells a click landed on (plotly's `points`)."""
    cells = figure.data[plots.BOARD_CELLS].customdata
    return [Bid(int(cells[i][0]), int(cells[i][1])) for i in getattr(points, "point_inds", [])]


class BoardView(SeatWidget):
    """The board coloured by odds from a seat's view; `chosen` is the bid picked on it."""

    chosen = traitlets.Instance(Bid, allow_none=True)

    def __init__(
        self,
        rules: Rules | str = "blef",
        total: int = NINE_FIVES.total,
        hand: tuple[int, ...] = NINE_FIVES.hand,
        bid: Bid | None = None,
    ) -> None:
        super().__init__(rules, total, hand, min_total=2, max_total=200)
        self.current = w.Text(
            value="" if bid is None else str(bid),
            description=_("current bid"),
            placeholder=_("none: an opening bid"),
        )
        self.quantity = w.BoundedIntText(value=1, min=1, max=200, description=_("choose q"))
        self.choose = w.Button(description=_("Choose bid"), button_style="primary")
        self.message = w.HTML()
        self.figure = FigureWidget(plots.board_figure(self.rules, board_size(total)))
        self.figure.data[plots.BOARD_CELLS].on_click(self.on_cell_click)
        self.choose.on_click(self.on_choose_click)
        for control in (self.total, self.hand, self.current):
            control.observe(self.on_control_change, names="value")
        self.add_class("ld-board-view")
        self.children = [
            w.HBox([self.preset, self.total]),
            self.picker.options,
            self.hand,
            self.current,
            w.HBox([self.quantity, self.face, self.choose]),
            self.message,
            self.figure,
        ]
        self.on_control_change()

    @property
    def current_bid(self) -> Bid | None:
        """Return the current bid read from its text box (None when empty)."""
        text = self.current.value.strip()
        return Bid.parse(text, rules=self.rules) if text else None

    def legal_raises(self) -> list[Bid]:
        """Return the raises over the current bid that fit on the table."""
        return self.rules.next_bids(self.current_bid, self.total.value)

    def on_rules_change(self) -> None:
        """Redraw for the new rules."""
        self.on_control_change()

    def on_control_change(self, change: object = None) -> None:
        """Recolour the board for the current rules, table, hand and bid."""
        unknown = self.total.value - len(self.hand.value)
        try:
            current = self.current_bid
        except InvalidBidError as error:
            self.message.value = error_html(str(error))
            return
        if unknown < 0:
            self.message.value = error_html(
                _("{total} dice cannot hold your hand of {hand}.").format(
                    total=self.total.value, hand=len(self.hand.value)
                )
            )
            return
        self.message.value = ""
        probabilities = odds.table(self.rules, unknown, self.hand.value)
        figure = plots.board_figure(
            self.rules,
            board_size(self.total.value),
            bid=current,
            legal=self.legal_raises(),
            probabilities=probabilities,
        )
        update_figure(self.figure, figure)
        self.quantity.max = self.total.value

    def on_cell_click(self, trace: object, points: object, state: object = None) -> None:
        """Choose the clicked cell's bid."""
        for bid in clicked_bids(self.figure, points):
            self.pick(bid)

    def on_choose_click(self, event: object = None) -> None:
        """Choose the bid set in the quantity and face controls."""
        self.pick(Bid(self.quantity.value, self.face.value))

    def pick(self, bid: Bid) -> None:
        """Choose `bid` if it is a legal raise here; otherwise explain why not."""
        if bid not in self.legal_raises():
            self.message.value = error_html(
                not_legal_text(self.rules, bid, self.current_bid, self.total.value)
            )
            return
        self.chosen = bid
        p_true = odds.bid_probability(
            bid, self.rules, self.total.value - len(self.hand.value), self.hand.value
        )
        said = f"<b>{html.escape(self.rules.describe(bid))}</b>"
        self.message.value = html.escape(_("You chose {bid}: P(true) = {p}")).format(
            bid=said, p=format_number(float(p_true), 4)
        )
