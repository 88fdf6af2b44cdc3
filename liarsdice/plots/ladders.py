"""Aces, halve and double: where k wilds belong, by ace rule (lesson 03, EquivalenceExplorer).

- equivalence_figure(n, ace_rules, k_max, rules): P(at least k wilds) inside each ace rule's
  band of plain quantities.
- monotonicity_figure(ns, ace_rules, rules): how many raises on each ladder are more likely
  than the bid they beat, by ace rule and n.

Both draw every registered ace rule (liarsdice.ladder.ACE_RULES) unless told which, each in
the rule's own colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import numpy as np
import plotly.graph_objects as go

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.ladder import ACE_RULES
from liarsdice.ladder import ace_rule as ace_rule_class
from liarsdice.rules import Rules, resolve


def equivalence_figure(
    n: int,
    ace_rules: Sequence[str] | None = None,
    k_max: int | None = None,
    rules: Rules | str | None = None,
) -> go.Figure:
    """Return P(at least k wilds) against k, inside the band each ace rule puts k wilds in.

    Args:
        n: the unknown dice; nothing else is known.
        ace_rules: the ladder conventions to draw; the band of a rule spans P(at least q) to
            P(at least q + 1) of a plain face, (q, q + 1) being the plain quantities between
            which the rule puts k wilds. Where the curve leaves a band, that ladder rises there.
        k_max: the largest k drawn (default n // 2, at least 1).
        rules: the other options (default Blef); only ace_rule changes between bands.

    Returns:
        A figure whose traces are, for each ace rule in order, the band's upper edge and its
        lower edge (filled between them), then the k-wild curve last.
    """
    base = resolve(rules) if rules is not None else Rules()
    ace_rules = tuple(ACE_RULES) if ace_rules is None else tuple(ace_rules)
    ks = np.arange(1, (k_max if k_max is not None else max(1, n // 2)) + 1)
    plain_face = base.plain_faces[0]

    def chance(quantity: int, face: int) -> float:
        """Return P(at least `quantity` dice show `face`) among the n unknown dice."""
        return odds.bid_probability(Bid(int(quantity), face), base, n)

    traces = []
    for ace_rule in ace_rules:
        bracket = [odds.wild_bracket(replace(base, ace_rule=ace_rule), int(k)) for k in ks]
        colour = ace_rule_class(ace_rule).colour
        lower_q = [q for q, _ in bracket]
        traces.append(
            go.Scatter(
                x=ks,
                y=[chance(q, plain_face) for q in lower_q],
                mode="lines",
                line=dict(color=colour, width=1),
                name=f"{ace_rule}: P(at least q plain)",
                legendgroup=ace_rule,
                showlegend=False,
                hovertext=[f"{ace_rule}: {q} plain before" for q in lower_q],
            )
        )
        traces.append(
            go.Scatter(
                x=ks,
                y=[chance(q + 1, plain_face) for q in lower_q],
                mode="lines",
                fill="tonexty",
                line=dict(color=colour, width=1),
                opacity=0.3,
                name=f"{ace_rule}: k wilds between {ace_rule_class(ace_rule).between()} plain",
                legendgroup=ace_rule,
                hovertext=[f"{ace_rule}: {q + 1} plain after" for q in lower_q],
            )
        )
    traces.append(
        go.Scatter(
            x=ks,
            y=[chance(k, base.wild) for k in ks],
            mode="lines+markers",
            line=dict(color="black", width=3),
            name="P(at least k wilds)",
        )
    )
    fig = go.Figure(traces)
    fig.update_layout(
        title=f"Where k wilds belong among {n} unknown dice: inside its band, the ladder falls",
        xaxis=dict(title="k, the wilds bid", dtick=1),
        yaxis=dict(title="P(bid true)", range=[0, 1.02]),
        hovermode="x unified",
        plot_bgcolor="white",
        width=760,
        height=460,
    )
    return fig


def monotonicity_figure(
    ns: Iterable[int],
    ace_rules: Sequence[str] | None = None,
    rules: Rules | str | None = None,
) -> go.Figure:
    """Return, for each ace rule and n, how many raises on the ladder are more likely than
    the bid they beat (0: monotone), with the first such raise in the hover text."""
    base = resolve(rules) if rules is not None else Rules()
    ace_rules = tuple(ACE_RULES) if ace_rules is None else tuple(ace_rules)
    ns = list(ns)
    rises = [
        [odds.ladder_rises(replace(base, ace_rule=ace_rule), n) for n in ns]
        for ace_rule in ace_rules
    ]
    hover = [
        [
            f"{ace_rule}, n = {n}: "
            + (f"{len(r)} rises, first {r[0][0]} -> {r[0][1]}" if r else "monotone")
            for n, r in zip(ns, row)
        ]
        for ace_rule, row in zip(ace_rules, rises)
    ]
    fig = go.Figure(
        go.Heatmap(
            x=ns,
            y=list(ace_rules),
            z=[[len(r) for r in row] for row in rises],
            text=hover,
            hoverinfo="text",
            colorscale=[[0, "#1a9850"], [1e-9, "#fee08b"], [1, "#d73027"]],
            colorbar=dict(title="rises"),
            xgap=1,
            ygap=1,
        )
    )
    fig.update_layout(
        title="Raises that are more likely than the bid they beat, by ace rule and n",
        xaxis=dict(title="n, the unknown dice", dtick=1 if len(ns) <= 30 else None),
        yaxis=dict(title="ace rule"),
        width=760,
        height=300,
    )
    return fig
