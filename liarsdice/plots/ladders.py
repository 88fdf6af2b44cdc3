"""Aces, halve and double: where k wilds belong, by ace rule (lesson 03, EquivalenceExplorer).

- equivalence_figure(n, ace_rules, k_max, rules): P(at least k wilds) inside each ace rule's
  band of plain quantities.
- monotonicity_figure(ns, ace_rules, rules): how many raises on each ladder are more likely
  than the bid they beat, by ace rule and n.

Both draw every registered ace rule (liarsdice.ladder.ACE_RULES) unless told which, each in
the rule's own colour. Their texts are in the language in force when they are built
(liarsdice.i18n); the ace rules keep their names ("board", "perudo"), the values of Rules'
ace_rule option.

Limits: equivalence_figure's n is 0..limits.MAX_UNKNOWN and k_max 1..limits.MAX_QUANTITY,
its points k_max x (2 x the rules + 1) at most MAX_EQUIVALENCE_POINTS;
monotonicity_figure's ns are at most halve_double.MAX_NS integers
0..limits.MAX_EXACT_UNKNOWN within halve_double.MONOTONICITY_BUDGET (as ladder_monotonicity);
ace_rules is None or a sequence (not one name as text) of at most MAX_ACE_RULES registered
names; rules is None (Blef), a Rules or a preset name. Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting
the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import plotly.graph_objects as go

from liarsdice import odds
from liarsdice.checks import check_choice, quote
from liarsdice.halve_double import (
    CALL_WEIGHT,
    MAX_NS,
    MONOTONICITY_BUDGET,
    ladder_rises,
    wild_bracket,
)
from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.ladder import ACE_RULES
from liarsdice.ladder import ace_rule as ace_rule_class
from liarsdice.limits import MAX_EXACT_UNKNOWN, MAX_QUANTITY, MAX_UNKNOWN
from liarsdice.plots._inputs import check_integer, check_items, quoting
from liarsdice.plots.style import localised
from liarsdice.rules import Rules, resolve

MAX_ACE_RULES = 10  # the most ace rules drawn in one figure (repeats allowed)
# equivalence_figure: the most points, k_max x (2 x the ace rules + 1) (about half a second)
MAX_EQUIVALENCE_POINTS = 100_000


def _ace_rules(value: object) -> tuple[str, ...]:
    """Return the ace rules to draw: every registered one for None, else the names given."""
    if value is None:
        return tuple(ACE_RULES)
    names = check_items(
        "ace_rules", value, MAX_ACE_RULES, "a sequence of ace rule names, such as ('board',)"
    )
    with quoting("ace_rules", value):
        return tuple(check_choice("ace rule", name, ACE_RULES) for name in names)


def _band_name(ace_rule: str) -> str:
    """Return the name of an ace rule's band: "board: k wilds between 2k-1 and 2k plain"."""
    low, high = ace_rule_class(ace_rule).bounds()
    said = _("{rule}: k wilds between {low} and {high} plain")
    return said.format(rule=ace_rule, low=low, high=high)


def equivalence_figure(
    n: int,
    ace_rules: Sequence[str] | None = None,
    k_max: int | None = None,
    rules: Rules | str | None = None,
) -> go.Figure:
    """Return P(at least k wilds) against k, inside the band each ace rule puts k wilds in.

    Args:
        n: the unknown dice (an integer 0..MAX_UNKNOWN); nothing else is known.
        ace_rules: the ladder conventions to draw (None: every registered one; else a
            sequence of at most MAX_ACE_RULES names); the band of a rule spans P(at least q)
            to P(at least q + 1) of a plain face, (q, q + 1) being the plain quantities between
            which the rule puts k wilds. Where the curve leaves a band, that ladder rises there.
        k_max: the largest k drawn (default n // 2, at least 1), an integer 1..MAX_QUANTITY;
            k_max x (2 x len(ace_rules) + 1) is at most MAX_EQUIVALENCE_POINTS (100,000).
        rules: the other options (default Blef; a Rules or a preset name); only ace_rule
            changes between bands.

    Returns:
        A figure whose traces are, for each ace rule in order, the band's upper edge and its
        lower edge (filled between them), then the k-wild curve last.
    """
    n = check_integer("n", n, 0, MAX_UNKNOWN)
    ace_rules = _ace_rules(ace_rules)
    if k_max is not None:
        k_max = check_integer("k_max", k_max, 1, MAX_QUANTITY)
    base = resolve(rules) if rules is not None else Rules()
    last = k_max if k_max is not None else max(1, n // 2)
    if last * (2 * len(ace_rules) + 1) > MAX_EQUIVALENCE_POINTS:
        raise ValueError(
            f"k_max={quote(last)} with {len(ace_rules)} ace rules: too many points "
            f"(k_max x (2 x the rules + 1) is at most {MAX_EQUIVALENCE_POINTS:,})"
        )
    ks = np.arange(1, last + 1)
    plain_face = base.plain_faces[0]
    tails = odds.table(base, n)  # P(at least q) of each face, q = 0..n: one pass for all k

    def chance(quantity: int | np.integer[Any], face: int) -> float:
        """Return P(at least `quantity` dice show `face`) among the n unknown dice."""
        return float(tails[face - 1, quantity]) if quantity <= n else 0.0

    traces = []
    below, above = _("{rule}: {q} plain before"), _("{rule}: {q} plain after")
    for ace_rule in ace_rules:
        ladder = replace(base, ace_rule=ace_rule)
        bracket = [wild_bracket(ladder, int(k)) for k in ks]
        colour = ace_rule_class(ace_rule).colour
        lower_q = [q for q, _upper in bracket]
        traces.append(
            go.Scatter(
                x=ks,
                y=[chance(q, plain_face) for q in lower_q],
                mode="lines",
                line=dict(color=colour, width=1),
                name=_("{rule}: P(at least q plain)").format(rule=ace_rule),
                legendgroup=ace_rule,
                showlegend=False,
                hovertext=[below.format(rule=ace_rule, q=q) for q in lower_q],
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
                name=_band_name(ace_rule),
                legendgroup=ace_rule,
                hovertext=[above.format(rule=ace_rule, q=q + 1) for q in lower_q],
            )
        )
    traces.append(
        go.Scatter(
            x=ks,
            y=[chance(k, base.wild) for k in ks],
            mode="lines+markers",
            line=dict(color="black", width=3),
            name=_("P(at least k wilds)"),
        )
    )
    fig = localised(go.Figure(traces))
    heading = n_(
        "Where k wilds belong among {n} unknown die: inside its band, the ladder falls",
        "Where k wilds belong among {n} unknown dice: inside its band, the ladder falls",
        n,
    )
    fig.update_layout(
        title=heading.format(n=n),
        xaxis=dict(title=_("k, the wilds bid"), dtick=1),
        yaxis=dict(title=_("P(bid true)"), range=[0, 1.02]),
        hovermode="x unified",
        plot_bgcolor="white",
        width=760,
        height=460,
    )
    return fig


def _rises_text(ace_rule: str, n: int, rises: Sequence[tuple[object, object]]) -> str:
    """Return a monotonicity cell's hover text: how many rises, and the first one."""
    if not rises:
        return _("{rule}, n = {n}: monotone").format(rule=ace_rule, n=n)
    said = n_(
        "{rule}, n = {n}: {count} rise, first {bid} -> {higher}",
        "{rule}, n = {n}: {count} rises, first {bid} -> {higher}",
        len(rises),
    )
    bid, higher = rises[0]
    return said.format(rule=ace_rule, n=n, count=len(rises), bid=bid, higher=higher)


def monotonicity_figure(
    ns: Iterable[int],
    ace_rules: Sequence[str] | None = None,
    rules: Rules | str | None = None,
) -> go.Figure:
    """Return, for each ace rule and n, how many raises on the ladder are more likely than
    the bid they beat (0: monotone), with the first such raise in the hover text.

    ns: at most halve_double.MAX_NS (1,000) integers 0..MAX_EXACT_UNKNOWN (a sequence, not
    text); ace_rules: None (every registered rule) or a sequence of at most MAX_ACE_RULES names;
    rules: None (Blef), a Rules or a preset name. The work, sum(n**2 +
    halve_double.CALL_WEIGHT for n in ns) x len(ace_rules), is at most
    halve_double.MONOTONICITY_BUDGET (about a second).
    """
    given = ns
    items = check_items("ns", ns, MAX_NS, "a sequence of numbers of dice, such as [5, 10]")
    with quoting("ns", ns):
        ns = [check_integer("n", n, 0, MAX_EXACT_UNKNOWN) for n in items]
    ace_rules = _ace_rules(ace_rules)
    base = resolve(rules) if rules is not None else Rules()
    work = sum(n * n + CALL_WEIGHT for n in ns) * len(ace_rules)
    if work > MONOTONICITY_BUDGET:
        raise ValueError(
            f"ns={quote(given)} with {len(ace_rules)} ace rules: too much work (the sum of "
            f"n**2 + {CALL_WEIGHT:,} over ns, times the rules: {work:,}, at most "
            f"{MONOTONICITY_BUDGET:,})"
        )
    rises = [
        [ladder_rises(replace(base, ace_rule=ace_rule), n) for n in ns] for ace_rule in ace_rules
    ]
    hover = [
        [_rises_text(ace_rule, n, r) for n, r in zip(ns, row)]
        for ace_rule, row in zip(ace_rules, rises)
    ]
    fig = localised(
        go.Figure(
            go.Heatmap(
                x=ns,
                y=list(ace_rules),
                z=[[len(r) for r in row] for row in rises],
                text=hover,
                hoverinfo="text",
                colorscale=[[0, "#1a9850"], [1e-9, "#fee08b"], [1, "#d73027"]],
                colorbar=dict(title=_("rises")),
                xgap=1,
                ygap=1,
            )
        )
    )
    fig.update_layout(
        title=_("Raises that are more likely than the bid they beat, by ace rule and n"),
        xaxis=dict(title=_("n, the unknown dice"), dtick=1 if len(ns) <= 30 else None),
        yaxis=dict(title=_("ace rule")),
        width=760,
        height=300,
    )
    return fig
