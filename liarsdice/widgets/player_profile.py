"""PlayerProfile: how one seat bids, fitted from its own games (liarsdice.profiles).

Built from saved games (`records`: Game objects or JSON records) or from a PlayTable
(`table`: each finished game it has played, read with the "Read the table's game" button, as
the table keeps only its current game). Controls pick the seat, the bidder family
(profiles.FAMILIES) and the level of the intervals. For the chosen seat it shows the
log-likelihood curve over the family's parameter with the maximum-likelihood estimate and the
profile-likelihood interval (plots.likelihood_figure), the grid posterior with its credible
interval shaded (plots.posterior_figure), the estimate with both intervals and the bluff rate
in words, the model comparison of every family (plots.comparison_figure), and how the bots
read the seat: the beta BayesBot assumes for every opponent (bots_bayes.BAYES_BETA) beside the
seat's fitted quantal beta, in one sentence. A fit that fails (a seat that never moved, say)
is explained in the message line and the figures are cleared.

Its labels, the family names (profiles_families.family_label; the values stay FAMILIES' keys),
the texts and the messages are in the language in force when it is built or redrawn
(liarsdice.set_language: English, Polish or Czech), decimals with the language's decimal sign
(plots.profiles.number_text, liarsdice.i18n.format_general and format_percent); the message of a refused fit,
an error, stays English.

Limits: at most profiles_data.MAX_RECORDS (10,000) records, each checked as profiles.fit
checks them (JSON records replayed once); seat a seat of every game that it moved in; family one of
profiles.FAMILIES; level a number in [MIN_LEVEL, MAX_LEVEL]. Bad arguments raise ValueError
quoting them (ArgumentTypeError, also a TypeError, for a wrong kind).
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice import plots
from liarsdice.bots_bayes import BAYES_BETA
from liarsdice.checks import check_integer, check_number, quote
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_general, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.plots.profiles import number_text, parameter_symbol
from liarsdice.profiles_data import Records, read_records
from liarsdice.profiles_families import FAMILIES, family_label
from liarsdice.render import error_html
from liarsdice.widgets.controls import update_figure
from liarsdice.widgets.figures import FigureWidget
from liarsdice.widgets.play_table import YOU, PlayTable

if TYPE_CHECKING:
    from liarsdice.profiles import Fit

MIN_LEVEL, MAX_LEVEL = 0.5, 0.99  # the level slider's range


def _blank(traces: int, title: str) -> go.Figure:
    """Return a figure of empty traces: what a figure shows when there is no fit."""
    figure = go.Figure([go.Scatter(x=[], y=[]) for _ in range(traces)])
    figure.update_layout(title=title)
    return figure


def _interval_text(pair: tuple[float, float] | None) -> str:
    """Return an interval as "low to high"."""
    if pair is None:
        return ""
    return _("{low} to {high}").format(low=number_text(pair[0]), high=number_text(pair[1]))


def _used_text(fit: Fit) -> str:
    """Return the decisions the fit used (and those it left out), after "from" or "over"."""
    if fit.skipped:
        used = n_(
            "{n} decision ({skipped} left out: the records do not hold what the seat knew)",
            "{n} decisions ({skipped} left out: the records do not hold what the seat knew)",
            fit.decisions,
        )
    else:
        used = n_("{n} decision", "{n} decisions", fit.decisions)
    return used.format(n=fit.decisions, skipped=fit.skipped)


def _summary_html(fit: Fit) -> str:
    """Return the fit in words: the estimate, both intervals, the decisions and the bluff rate."""
    family = html.escape(family_label(fit.family))
    if fit.parameter is None:
        first = _(
            "<b>{family}</b> has no parameter: its log-likelihood is {log_likelihood} over {used}."
        ).format(
            family=family, log_likelihood=number_text(fit.max_log_likelihood), used=_used_text(fit)
        )
    else:
        first = _(
            "<b>{family}</b>: {symbol} = <b>{estimate}</b> from {used}; {level} "
            "profile-likelihood interval {interval}, {level} credible interval {credible} under "
            "{prior}."
        ).format(
            family=family,
            symbol=parameter_symbol(fit.parameter),
            estimate=number_text(fit.estimate),
            used=_used_text(fit),
            level=format_percent(fit.level, 0),
            interval=_interval_text(fit.interval),
            credible=_interval_text(fit.credible),
            prior=html.escape(fit.prior),
        )
    bluffs = _(
        "Bluff rate: <b>{rate}</b> of seat {seat}'s bids had less than an even chance of being "
        "true from its own dice (bids unread)."
    ).format(rate=format_percent(fit.bluff_rate, 0), seat=fit.seat)
    note = f"<br>{html.escape(fit.note)}" if fit.note else ""
    return f"{first}<br>{bluffs}{note}"


def _reading_html(fit: Fit) -> str:
    """Return, in one sentence, BayesBot's beta for every opponent beside the seat's fitted
    quantal beta (fit: a quantal profiles.Fit)."""
    estimate = fit.estimate if fit.estimate is not None else math.nan
    low, high = fit.interval or (estimate, estimate)
    if low <= BAYES_BETA <= high:
        said = _(
            "How the bots read you: BayesBot reads every opponent as quantal with β = {beta}; "
            "seat {seat}'s fitted β is {estimate} ({level} interval {interval}), so {beta} is "
            "inside that interval: the bots read your bids about right."
        )
    elif high < BAYES_BETA:
        said = _(
            "How the bots read you: BayesBot reads every opponent as quantal with β = {beta}; "
            "seat {seat}'s fitted β is {estimate} ({level} interval {interval}), so {beta} is "
            "above that interval: the bots take your bids as surer signs of your dice than "
            "they are, so your bluffs work on them."
        )
    else:
        said = _(
            "How the bots read you: BayesBot reads every opponent as quantal with β = {beta}; "
            "seat {seat}'s fitted β is {estimate} ({level} interval {interval}), so {beta} is "
            "below that interval: your bids follow the odds more closely than the bots assume, "
            "so they read less into them than they could."
        )
    return said.format(
        beta=format_general(BAYES_BETA),
        seat=fit.seat,
        estimate=number_text(fit.estimate),
        level=format_percent(fit.level, 0),
        interval=_interval_text(fit.interval),
    )


class PlayerProfile(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """One seat's fitted bidder model: likelihood, posterior, intervals, bluff rate, comparison."""

    def __init__(
        self,
        records: Records | None = None,
        table: PlayTable | None = None,
        seat: int | None = None,
        family: str = "quantal",
        level: float = 0.95,
    ) -> None:
        super().__init__()
        if (records is None) == (table is None):
            raise ValueError(
                f"records={quote(records)}, table={quote(table)}: give one of them, the games "
                "to read or the PlayTable that plays them"
            )
        if table is not None and not isinstance(table, PlayTable):
            raise ArgumentTypeError(f"table={quote(table)}: expected a PlayTable")
        if not isinstance(family, str) or family not in FAMILIES:
            raise ValueError(f"family={quote(family)}: expected one of {FAMILIES}")
        level = check_number("level", level, MIN_LEVEL, MAX_LEVEL)
        self.table = table
        self.games: list[Game] = []
        if records is not None:  # checked, the chosen seat (0 by default) in every game
            read = read_records(records, 0 if seat is None else seat)
            self.games = [game for game in read]  # SeatRecorders: Games replayed once
        self.fits: dict[tuple[int, str, float], Fit] = {}  # cached per seat, family, level
        self.comparisons: dict[int, list[dict[str, Any]]] = {}  # cached per seat
        self._quiet = False  # True while the seat choices are reset (no redraw meanwhile)
        self.seat = w.Dropdown(description=_("seat"))
        self.family = w.Dropdown(
            options=[(family_label(f), f) for f in FAMILIES], value=family, description=_("model")
        )
        self.level = w.FloatSlider(
            value=level,
            min=MIN_LEVEL,
            max=MAX_LEVEL,
            step=0.01,
            description=_("level"),
            readout_format=".0%",
            continuous_update=False,
        )
        self.read_button = w.Button(description=_("Read the table's game"), icon="download")
        self.read_button.layout.display = None if table is not None else "none"
        self.message = w.HTML()
        self.summary = w.HTML()
        self.reading = w.HTML()
        self.likelihood = FigureWidget(_blank(3, ""))
        self.posterior = FigureWidget(_blank(3, ""))
        self.comparison = FigureWidget(go.Figure([go.Table()]))
        self._set_seats(YOU if seat is None and table is not None else seat)
        if table is not None:
            self.read_table()
        self.seat.observe(self.on_seat_change, names="value")
        self.family.observe(self.on_family_change, names="value")
        self.level.observe(self.on_level_change, names="value")
        self.read_button.on_click(self.on_read_click)
        self.add_class("ld-player-profile")
        self.children = [
            w.HBox([self.seat, self.family, self.level]),
            self.read_button,
            self.message,
            self.summary,
            self.reading,
            self.likelihood,
            self.posterior,
            self.comparison,
        ]
        self.redraw()

    # ----- the games -----------------------------------------------------------------------------

    def _set_seats(self, seat: int | None) -> None:
        """Offer the seats of every game held (of the table's game before any is held) and
        choose `seat`, checked against them (None: keep the chosen seat where it still is)."""
        games = self.games or ([self.table.game] if self.table is not None else [])
        seats = min(game.players for game in games)
        if seat is not None:
            try:
                check_integer("seat", seat, 0, seats - 1)
            except ValueError as error:
                raise type(error)(f"{error}: not a seat of every game") from None
        chosen = self.seat.value if seat is None else seat
        yours, other = _("seat {seat} (you)"), _("seat {seat}")
        names = [
            ((yours if self.table is not None and s == YOU else other).format(seat=s), s)
            for s in range(seats)
        ]
        self._quiet = True
        try:
            self.seat.options = names
            self.seat.value = chosen if chosen is not None and chosen < seats else 0
        finally:
            self._quiet = False

    def read_table(self) -> bool:
        """Add the table's game if it is over and not read yet; return True if it was added."""
        game = self.table.game if self.table is not None else None
        if game is None or not game.is_over or any(game is held for held in self.games):
            return False
        self.games.append(game)
        self.fits.clear()
        self.comparisons.clear()
        self._set_seats(None)
        return True

    def on_read_click(self, button: object = None) -> None:
        """Read the table's finished game and redraw; say why when there is none to read."""
        if self.read_table():
            self.redraw()
        elif self.table is not None and not self.table.game.is_over:
            self.message.value = error_html(
                _("The table's game is not over yet: finish it, then read it.")
            )
        else:
            self.message.value = error_html(_("That game is read already: play a new one."))

    # ----- fitting and drawing -------------------------------------------------------------------

    def fit(self, family: str | None = None) -> Fit:
        """Return the chosen seat's fit under `family` (default: the chosen one), cached."""
        from liarsdice import profiles  # scipy's optimiser, loaded when a fit is first drawn

        key = (self.seat.value, family or self.family.value, round(self.level.value, 2))
        if key not in self.fits:
            self.fits[key] = profiles.fit(self.games, key[0], key[1], level=key[2])
        return self.fits[key]

    def compared(self) -> list[dict[str, Any]]:
        """Return profiles.compare's rows for the chosen seat, cached."""
        from liarsdice import profiles

        seat = self.seat.value
        if seat not in self.comparisons:
            self.comparisons[seat] = profiles.compare(self.games, seat)
        return self.comparisons[seat]

    def redraw(self) -> None:
        """Fit the chosen seat and family, redraw the figures and the texts; explain a failure."""
        if not self.games:
            self._clear(_("No finished game at the table yet: play one, then read it."))
            return
        try:
            fit = self.fit()
            rows = self.compared()
            quantal = self.fit("quantal")
        except ValueError as error:  # ArgumentTypeError too
            self._clear(str(error))
            return
        self.message.value = ""
        self.summary.value = _summary_html(fit)
        self.reading.value = _reading_html(quantal)
        update_figure(self.likelihood, plots.likelihood_figure(fit))
        update_figure(self.posterior, plots.posterior_figure(fit))
        update_figure(self.comparison, plots.comparison_figure(rows))

    def _clear(self, message: str) -> None:
        """Show `message` as an error and clear the texts and the figures."""
        self.message.value = error_html(message)
        self.summary.value = self.reading.value = ""
        update_figure(self.likelihood, _blank(3, _("no fit")))
        update_figure(self.posterior, _blank(3, _("no fit")))
        update_figure(self.comparison, plots.comparison_figure([]))

    def on_seat_change(self, change: object = None) -> None:
        """Fit the newly chosen seat."""
        if not self._quiet:
            self.redraw()

    def on_family_change(self, change: object = None) -> None:
        """Fit the chosen seat under the newly chosen family."""
        self.redraw()

    def on_level_change(self, change: object = None) -> None:
        """Draw the intervals at the new level."""
        self.redraw()
