"""BidReader: what the other players' bids say about their dice, by Bayes' rule.

Controls: the rules (a RulesPicker), the dice per seat (you are seat 0), your hand, this round's bids
as typed text ("1:3x5, 2:4x5", you being seat 0) or taken from a PlayTable's round (a button,
given play_table=), a bidder
model (uniform, quantal with its knob beta, or a trembling bot with its epsilon), the seat to
read and the bid to judge. Views (liarsdice.plots.beliefs): that seat's count of the bid's face
before and after reading its bids, side by side, and what its last move did to each count (the
likelihood ratio); the text gives P(bid true) naive and given the bids, from
liarsdice.inference. A refused text field's message names the field and quotes its input.

Labels, the bidder models' names, the status texts and the summary are in the language in force
when the widget is built or recomputes (liarsdice.i18n; decimals by format_number); the typed
texts (bids such as 3x5 and pass, a move shown in that form) and refusals quoting them stay as
typed, in English, as liarsdice.actions reads them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Protocol, cast

import ipywidgets as w

from liarsdice import inference, plots
from liarsdice.actions import action_text
from liarsdice.agents import BAYES_BETA, ExpectedLossBot, ThresholdBot
from liarsdice.bidders import Bidder
from liarsdice.bids import Bid
from liarsdice.checks import check_text, quote
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.render import error_html
from liarsdice.rules import Rules
from liarsdice.scenarios import SEVEN_FIVES
from liarsdice.tally import parse_numbers
from liarsdice.view import View
from liarsdice.widgets.controls import LABEL_STYLE, DicePicker, RulesPicker, update_figure
from liarsdice.widgets.figures import FigureWidget

YOU = 0
MODELS: dict[str, Callable[[float, float], Bidder]] = {
    "uniform (bids say nothing)": lambda beta, epsilon: inference.UNIFORM,
    "quantal (knob: beta)": lambda beta, epsilon: inference.quantal(beta),
    "ThresholdBot, trembling (knob: epsilon)": lambda beta, epsilon: inference.trembling(
        ThresholdBot(), epsilon
    ),
    "ExpectedLossBot, trembling (knob: epsilon)": lambda beta, epsilon: inference.trembling(
        ExpectedLossBot(), epsilon
    ),
}
DEFAULT_HISTORY = "1:3x5, 2:4x5"


def model_labels() -> dict[str, str]:
    """Return each bidder model's name (a key of MODELS) as the model dropdown shows it, in
    the language in force."""
    return {
        "uniform (bids say nothing)": _("uniform (bids say nothing)"),
        "quantal (knob: beta)": _("quantal (knob: beta)"),
        "ThresholdBot, trembling (knob: epsilon)": _("ThresholdBot, trembling (knob: epsilon)"),
        "ExpectedLossBot, trembling (knob: epsilon)": _(
            "ExpectedLossBot, trembling (knob: epsilon)"
        ),
    }


class _Table(Protocol):
    """What read_table takes from a PlayTable: its game."""

    game: Game


class BidReader(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """Read one seat's bids: its count of a face before and after, and P(bid true) both ways."""

    def __init__(
        self,
        rules: Rules | str = "blef",
        dice: Sequence[int] = SEVEN_FIVES.dice,
        hand: tuple[int, ...] = SEVEN_FIVES.hand,
        history: str = DEFAULT_HISTORY,
        bid: Bid | None = SEVEN_FIVES.bid,
        beta: float = BAYES_BETA,
        play_table: object = None,
    ) -> None:
        super().__init__()
        self.play_table = None if play_table is None else _check_table("play_table", play_table)
        self.picker = RulesPicker(rules)
        self.preset = self.picker.preset
        self.dice = w.Text(
            value=", ".join(map(str, dice)), description=_("dice per seat"), style=LABEL_STYLE,
            placeholder=_("5, 5, 5, 5 (you are seat 0)"),
        )  # fmt: skip
        self.hand = DicePicker(hand, self.picker.rules, max_dice=10, description=_("your hand"))
        self.history = w.Text(
            value=history, description=_("bids (seat:bid)"), style=LABEL_STYLE,
            placeholder="1:3x5, 2:4x5", layout=w.Layout(width="420px"),
        )  # fmt: skip
        labels = model_labels()
        self.model = w.Dropdown(
            options=[(labels[name], name) for name in MODELS], index=1, description=_("bidders")
        )
        self.beta = w.FloatSlider(
            value=beta, min=0, max=20, step=0.5, description="beta", continuous_update=False
        )
        self.epsilon = w.FloatLogSlider(
            value=0.05, base=10, min=-3, max=0, description="epsilon", continuous_update=False
        )
        self.seat = w.Dropdown(description=_("read seat"))
        self.quantity = w.BoundedIntText(value=1, min=1, max=200, description=_("bid q"))
        self.face = w.Dropdown(description=_("face"))
        self.message = w.HTML()
        self.summary = w.HTML()
        self.bars = FigureWidget(plots.belief_figure([1.0], [1.0], self.rules, 5, 1))
        self.ratios = FigureWidget(plots.ratio_figure({0: 1.0}, self.rules, 5, 1))
        self.view: View | None = None
        self._setting = False  # True while controls are set from code
        self.picker.observe(self.on_table_change, names="rules")
        for control in (self.dice, self.hand, self.history):
            control.observe(self.on_table_change, names="value")
        for control in (self.model, self.beta, self.epsilon, self.seat, self.quantity, self.face):
            control.observe(self.on_reading_change, names="value")
        self.take = w.Button(description=_("Read the PlayTable's round"), icon="download")
        self.take.on_click(lambda _: self.read_table(self.play_table))
        self.take.layout.display = None if play_table is not None else "none"
        self.add_class("ld-bid-reader")
        self.children = [
            w.HBox([self.preset, self.dice, self.take]),
            self.picker.options,
            self.hand,
            self.history,
            w.HBox([self.model, self.beta, self.epsilon]),
            w.HBox([self.seat, self.quantity, self.face]),
            self.message,
            self.summary,
            w.HBox([self.bars, self.ratios]),
        ]
        self.on_table_change(bid=bid)

    @property
    def rules(self) -> Rules:
        """Return the chosen rules."""
        return self.picker.rules

    @property
    def bidder_model(self) -> Bidder:
        """Return the chosen bidder model with its knob."""
        return MODELS[self.model.value](self.beta.value, self.epsilon.value)

    def read_table(self, table: object) -> None:
        """Take the rules, dice, your hand and this round's bids from a PlayTable."""
        view = _check_table("table", table).game.view(YOU)
        bids = [(s, a) for s, a in view.history if isinstance(a, Bid)]
        if len(bids) != len(view.history) or not view.dice[YOU]:
            self.message.value = error_html(
                _("This reader takes rounds of bids only (no shown dice), with dice in your cup.")
            )
            return
        self._setting = True
        try:
            self.picker.set_rules(view.rules)
            self.dice.value = ", ".join(map(str, view.dice))
            self.hand.value = view.hand
        finally:
            self._setting = False
        self.history.value = ", ".join(f"{s}:{b}" for s, b in bids)
        self.on_table_change()

    def on_table_change(self, change: object = None, bid: Bid | None = None) -> None:
        """Rebuild the view from the table and its bids; refuse one the rules do not allow."""
        if self._setting:
            return
        self.hand.set_rules(self.rules)
        faces = (*self.rules.plain_faces, self.rules.wild)
        # each field's errors name it: the dice per seat (and the hand) first, then the bids
        try:
            dice = _dice(self.dice.value)
            inference.table_view(self.rules, dice, YOU, self.hand.value, (), palifico=False)
        except ValueError as error:
            self.message.value = error_html(_field_error("dice per seat", self.dice.value, error))
            return
        try:
            moves = inference.parse_history(self.history.value)
            self.view = inference.table_view(
                self.rules, dice, YOU, self.hand.value, moves, palifico=False
            )
        except ValueError as error:
            self.message.value = error_html(_field_error("bids", self.history.value, error))
            return
        self.message.value = ""
        view = self.view
        readable = list(inference.decisions(view))
        last = view.bidder if view.bidder in readable else (readable[0] if readable else None)
        bid = bid or view.previous or Bid(1, faces[0])
        self._setting = True
        try:
            self.seat.options = [(_("seat {seat}").format(seat=s), s) for s in readable]
            self.seat.value = last
            self.face.options = [(self.rules.face_name(f, plural=True), f) for f in faces]
            self.face.value = bid.face
            self.quantity.max = view.total
            self.quantity.value = min(bid.quantity, view.total)
        finally:
            self._setting = False
        self.on_reading_change()

    def on_reading_change(self, change: object = None) -> None:
        """Recompute the posterior, P(true) and the likelihood ratios for the controls."""
        if self._setting or self.view is None:
            return
        knob = self.model.value.split("knob: ")[-1].rstrip(")")
        self.beta.layout.display = None if knob == "beta" else "none"
        self.epsilon.layout.display = None if knob == "epsilon" else "none"
        view, model, seat = self.view, self.bidder_model, self.seat.value
        bid = Bid(self.quantity.value, self.face.value)
        try:
            belief = inference.Belief(view, model)
            prior = inference.Belief(view, inference.UNIFORM)
            read = belief.bid_probability(bid)
        except ValueError as error:
            self.message.value = error_html(str(error))
            return
        self.message.value = ""
        naive = prior.bid_probability(bid)
        said = _(
            "P({bid} is true) from your seat: {naive} if the bids say nothing, {read} reading "
            "them as {model} bidders"
        )
        lines = [
            html.escape(said).format(
                bid=html.escape(self.rules.describe(bid)),
                naive=f"<b>{format_number(float(naive), 4)}</b>",
                read=f"<b>{format_number(float(read), 4)}</b>",
                model=html.escape(model.name),
            )
        ]
        if seat is None:
            lines.append(html.escape(_("No other seat has made a move to read.")))
            self.summary.value = "<div class='ld-reading'>" + "<br>".join(lines) + "</div>"
            return
        update_figure(
            self.bars,
            plots.belief_figure(
                [float(p) for p in prior.seat_counts(seat, bid.face)],  # floats: exact=False
                [float(p) for p in belief.seat_counts(seat, bid.face)],
                self.rules, bid.face, seat, model.name,
            ),
        )  # fmt: skip
        ratios = inference.likelihood_ratios(view, model, seat, bid.face)
        update_figure(self.ratios, plots.ratio_figure(ratios, self.rules, bid.face, seat))
        moves = inference.decisions(view)[seat]
        if moves:
            action = moves[-1].action  # a bid, or a pass or show under show_and_reroll
            said = self.rules.describe(action) if isinstance(action, Bid) else action_text(action)
            last = _("Seat {seat}'s last move, {move}, is the evidence on the right.")
            lines.append(html.escape(last.format(seat=seat, move=said)))
        self.summary.value = "<div class='ld-reading'>" + "<br>".join(lines) + "</div>"


def _check_table(name: str, table: object) -> _Table:
    """Return `table` if it holds a Game as a PlayTable does; else raise ArgumentTypeError."""
    if not isinstance(getattr(table, "game", None), Game):
        raise ArgumentTypeError(
            f"{name}={quote(table)}: expected a PlayTable (a table with a game)"
        )
    return cast(_Table, table)


def _dice(text: str) -> tuple[int, ...]:
    """Return "5, 5, 4" as (5, 5, 4); ValueError names the field and quotes other text."""
    counts = parse_numbers(check_text("dice per seat", text), "dice per seat")
    if len(counts) < 2 or min(counts) < 0:
        raise ValueError(
            f"dice per seat {quote(text)}: write counts such as 5, 5, 5, 5 (you first)"
        )
    return counts


def _field_error(label: str, text: str, error: ValueError) -> str:
    """Return an error's message naming the text field `label` and quoting its input once."""
    reason, shown = str(error), quote(text)
    if reason.startswith(label):
        return reason
    return f"{label}: {reason}" if shown in reason else f"{label} {shown}: {reason}"
