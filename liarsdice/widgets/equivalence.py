"""EquivalenceExplorer: where k wilds belong among plain bids, board and Perudo side by side.

A slider sets n, the unknown dice. For each ace rule a figure (plots.equivalence_figure) draws
P(at least k wilds) inside the band where that rule puts k wilds; where the curve leaves its
band the ladder stops being monotone in probability, and the text names the first such raise.
A heatmap (plots.monotonicity_figure) marks the current n among all n.
"""

from __future__ import annotations

import dataclasses
import html

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice import odds, plots
from liarsdice.rules import PRESETS, Rules
from liarsdice.widgets.controls import update_figure

ACE_RULES_SHOWN = ("board", "perudo")
MONOTONICITY_NS = range(1, 41)


def first_rise_html(rules: Rules, n: int, ace_rules: tuple[str, ...] = ACE_RULES_SHOWN) -> str:
    """Return, per ace rule, the first raise more likely than the bid it beats, as HTML."""
    lines = []
    for ace_rule in ace_rules:
        rise = odds.first_rise(dataclasses.replace(rules, ace_rule=ace_rule), n)
        if rise is None:
            lines.append(f"<b>{ace_rule}</b>: monotone for n = {n} (every raise is less likely)")
        else:
            bid, higher = (rules.describe(b) for b in rise)
            lines.append(
                f"<b>{ace_rule}</b>: first breaks at {html.escape(bid)} → {html.escape(higher)} "
                f"(the raise is more likely)"
            )
    return "<br>".join(lines)


class EquivalenceExplorer(w.VBox):
    """A slider for n beside each ace rule's equivalence figure and the monotonicity map."""

    def __init__(self, n: int = 20, rules: str = "blef") -> None:
        super().__init__()
        self.rules = PRESETS[rules]
        self.n = w.IntSlider(
            value=n, min=1, max=200, description="unknown n", continuous_update=False
        )
        self.text = w.HTML()
        self.figures = [go.FigureWidget(self._figure(rule, n)) for rule in ACE_RULES_SHOWN]
        self.map = go.FigureWidget(
            plots.monotonicity_figure(MONOTONICITY_NS, ACE_RULES_SHOWN, self.rules)
        )
        self.n.observe(self.on_n_change, names="value")
        self.add_class("ld-equivalence-explorer")
        self.children = [self.n, self.text, w.HBox(self.figures), self.map]
        self.on_n_change()

    def _figure(self, ace_rule: str, n: int) -> go.Figure:
        """Return the equivalence figure of one ace rule, titled by it."""
        figure = plots.equivalence_figure(n, (ace_rule,), rules=self.rules)
        figure.update_layout(title=f"{ace_rule}: k wilds among {n} unknown dice", width=480)
        return figure

    def on_n_change(self, change: object = None) -> None:
        """Redraw both ladders' figures and the text for the new n; mark n on the map."""
        n = self.n.value
        for widget, ace_rule in zip(self.figures, ACE_RULES_SHOWN):
            update_figure(widget, self._figure(ace_rule, n))
        with self.map.batch_update():
            self.map.layout.shapes = [
                dict(
                    type="rect",
                    x0=n - 0.5,
                    x1=n + 0.5,
                    y0=-0.5,
                    y1=len(ACE_RULES_SHOWN) - 0.5,
                    line=dict(color="black", width=3),
                )
            ]
        self.text.value = first_rise_html(self.rules, n)
