"""EquivalenceExplorer: where k wilds belong among plain bids, ace rules side by side.

A slider sets n, the unknown dice; a list picks the ace rules to compare (every rule of the
registry liarsdice.ladder.ACE_RULES; board and Perudo at first). For each chosen rule a figure
(plots.equivalence_figure) draws P(at least k wilds) inside the band where that rule puts k
wilds; where the curve leaves its band the ladder stops being monotone in probability, and the
text names the first such raise. A heatmap (plots.monotonicity_figure) marks the current n
among all n.

Labels, figure titles and the text are in the language in force (liarsdice.i18n); the ace
rules keep their names ("board", "perudo"), the values of Rules' ace_rule option.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice import plots
from liarsdice.halve_double import first_rise
from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.ladder import ACE_RULES
from liarsdice.rules import Rules, resolve
from liarsdice.widgets.controls import replace_figure, update_figure
from liarsdice.widgets.figures import FigureWidget

ACE_RULES_SHOWN = ("board", "perudo")
MONOTONICITY_NS = range(1, 41)


def first_rise_html(rules: Rules, n: int, ace_rules: Sequence[str] = ACE_RULES_SHOWN) -> str:
    """Return, per ace rule, the first raise more likely than the bid it beats, as HTML."""
    lines = []
    for ace_rule in ace_rules:
        rise = first_rise(dataclasses.replace(rules, ace_rule=ace_rule), n)
        name = f"<b>{html.escape(ace_rule)}</b>"
        if rise is None:
            said = _("{rule}: monotone for n = {n} (no raise is more likely)")
            lines.append(html.escape(said).format(rule=name, n=n))
        else:
            bid, higher = (html.escape(rules.describe(b)) for b in rise)
            said = _("{rule}: first breaks at {bid} → {higher} (the raise is more likely)")
            lines.append(html.escape(said).format(rule=name, bid=bid, higher=higher))
    return "<br>".join(lines)


class EquivalenceExplorer(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """A slider for n beside each chosen ace rule's equivalence figure and the monotonicity map."""

    def __init__(
        self,
        n: int = 20,
        rules: Rules | str = "blef",
        ace_rules: Sequence[str] = ACE_RULES_SHOWN,
    ) -> None:
        super().__init__()
        self.rules = resolve(rules)
        self.n = w.IntSlider(
            value=n, min=1, max=200, description=_("unknown n"), continuous_update=False
        )
        self.ace_rules = w.SelectMultiple(
            options=list(ACE_RULES), value=tuple(ace_rules), description=_("ace rules"), rows=3
        )
        self.text = w.HTML()
        self.row = w.HBox()
        self.figures: list[go.FigureWidget] = []
        self.map = FigureWidget()
        self.n.observe(self.on_n_change, names="value")
        self.ace_rules.observe(self.on_ace_rules_change, names="value")
        self.add_class("ld-equivalence-explorer")
        self.children = [w.HBox([self.n, self.ace_rules]), self.text, self.row, self.map]
        self.on_ace_rules_change()

    @property
    def shown(self) -> tuple[str, ...]:
        """Return the chosen ace rules (board at least, when nothing is chosen)."""
        return tuple(self.ace_rules.value) or ACE_RULES_SHOWN[:1]

    def _figure(self, ace_rule: str, n: int) -> go.Figure:
        """Return the equivalence figure of one ace rule, titled by it."""
        figure = plots.equivalence_figure(n, (ace_rule,), rules=self.rules)
        title = n_(
            "{rule}: k wilds among {n} unknown die", "{rule}: k wilds among {n} unknown dice", n
        )
        figure.update_layout(title=title.format(rule=ace_rule, n=n), width=480)
        return figure

    def on_ace_rules_change(self, change: object = None) -> None:
        """Build a figure per chosen ace rule and the map of them, then draw for n."""
        n = self.n.value
        self.figures = [FigureWidget(self._figure(rule, n)) for rule in self.shown]
        self.row.children = self.figures
        replace_figure(self.map, plots.monotonicity_figure(MONOTONICITY_NS, self.shown, self.rules))
        self.on_n_change()

    def on_n_change(self, change: object = None) -> None:
        """Redraw every chosen ladder's figure and the text for the new n; mark n on the map."""
        n = self.n.value
        for widget, ace_rule in zip(self.figures, self.shown):
            update_figure(widget, self._figure(ace_rule, n))
        with self.map.batch_update():
            self.map.layout.shapes = [
                dict(
                    type="rect",
                    x0=n - 0.5,
                    x1=n + 0.5,
                    y0=-0.5,
                    y1=len(self.shown) - 0.5,
                    line=dict(color="black", width=3),
                )
            ]
        self.text.value = first_rise_html(self.rules, n, self.shown)
