"""The odds of bids: a heatmap of every bid, a count's distribution, what a challenge costs.

- odds_heatmap(probabilities, rules, bid): P(true) of every bid, faces by quantities
  (odds.table in); OddsExplorer reuses it.
- count_figure(distribution, rules, bid): the distribution of a face's count as bars, the bars
  that make the bid true in another colour.
- challenge_loss_figure(quantities, challenger, bidder): the expected dice the challenger
  (solid) and the bidder (dashed) lose against the bid's quantity, one colour per label
  (odds.challenge_cost in; a loss below 0 is dice gained, as under Bluff's exact-count rule).

rules: a Rules or a preset name; a bid: a Bid or bid text. Every series holds at most
plots.MAX_POINTS (20,000) values; challenge_loss_figure draws at most MAX_LINES labels, each
loss a finite number MIN_LOSS..MAX_LOSS (-1..10,000: what odds.challenge_cost can return).
Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
The texts (titles, axes, trace names, hover texts) are in the language in force when the figure
is built (liarsdice.i18n); plotly writes the numbers with its decimal sign (style.localised).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import plotly.graph_objects as go

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import quote
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY, MAX_UNKNOWN
from liarsdice.plots._inputs import (
    Integers,
    Numbers,
    check_mapping,
    check_numbers,
    check_probabilities,
    check_table,
    check_title,
)
from liarsdice.plots.style import COLOURSCALE, LOSS_COLOURS, localised, rings
from liarsdice.rules import Rules, resolve

MAX_LINES = 100  # challenge_loss_figure: the most labels (two lines each)
# challenge_loss_figure: the range of an expected loss in dice, as odds.challenge_cost returns
# it. A settlement takes at most the dice on the table (at most MAX_UNKNOWN in challenge_cost)
# from a seat and gives it at most one die (settlement.Settlement.lost: -1 under Bluff's exact
# count, where the challenger gives the bidder a die).
MIN_LOSS, MAX_LOSS = -1, MAX_UNKNOWN


def _face_labels(rules: Rules) -> list[str]:
    """Return the face names in ladder order (plain faces, then the wild face)."""
    return [rules.face_name(f, plural=True) for f in (*rules.plain_faces, rules.wild)]


def odds_heatmap(
    probabilities: np.ndarray, rules: Rules | str, bid: Bid | None = None
) -> go.Figure:
    """Return P(true) of every bid as a heatmap: faces as rows, quantities 1..total as columns.

    Args:
        probabilities: P(true) indexed [face - 1, quantity] (odds.table's layout): 6 rows of
            1..MAX_POINTS (20,000) chances in [0, 1].
        rules: name the faces; rows go plain faces first, the wild face last.
        bid: a bid to mark with a ring (a Bid, bid text or None).
    """
    rules = resolve(rules)
    probabilities = check_table("probabilities", probabilities)
    bid = None if bid is None else as_bid("bid", bid, rules)
    order = [f - 1 for f in (*rules.plain_faces, rules.wild)]
    z = probabilities[order, 1:]
    quantities = np.arange(1, probabilities.shape[1])
    heat = go.Heatmap(
        z=z,
        x=quantities,
        y=_face_labels(rules),
        zmin=0,
        zmax=1,
        colorscale=COLOURSCALE,
        colorbar=dict(title=_("P(true)"), thickness=12),
        hovertemplate=_("{faces}, q = {quantity}: P(true) = {p}").format(
            faces="%{y}", quantity="%{x}", p="%{z:.4f}"
        )
        + "<extra></extra>",
    )
    at_bid = ([bid.quantity], [rules.face_name(bid.face, plural=True)]) if bid else ([], [])
    marks = rings(*at_bid, _("bid"), 16, "black", 3)
    fig = localised(go.Figure([heat, marks]))
    fig.update_layout(
        title=_("P(the bid is true) from your seat"),
        xaxis_title=_("quantity q"),
        height=330,
        margin=dict(l=10, r=10, t=40, b=40),
    )
    return fig


def count_figure(distribution: Numbers, rules: Rules | str, bid: Bid) -> go.Figure:
    """Return the distribution of the bid's face count as bars; counts >= q are coloured true.

    distribution: P(count = k), k = 0, 1, ...: at most MAX_POINTS (20,000) chances in [0, 1]; rules: a
    Rules or a preset name; bid: a Bid or bid text.
    """
    rules = resolve(rules)
    distribution = check_probabilities("distribution", distribution)
    bid = as_bid("bid", bid, rules)
    counts = np.arange(len(distribution))
    colours = np.where(counts >= bid.quantity, "#2ca02c", "#d62728")
    fig = localised(
        go.Figure(
            go.Bar(
                x=counts,
                y=np.asarray(distribution, dtype=float),
                marker_color=colours,
                hovertemplate=_("count {count}: {p}").format(count="%{x}", p="%{y:.4f}")
                + "<extra></extra>",
            )
        )
    )
    heading = _("How many {faces} on the table? (green: {bid} is true)")
    fig.update_layout(
        title=heading.format(faces=rules.face_name(bid.face, count=5), bid=rules.describe(bid)),
        xaxis_title=_("count"),
        yaxis_title=_("probability"),
        height=300,
        margin=dict(l=10, r=10, t=40, b=40),
        bargap=0.05,
    )
    return fig


def challenge_loss_figure(
    quantities: Integers,
    challenger: Mapping[str, Numbers],
    bidder: Mapping[str, Numbers],
    title: str | None = None,
) -> go.Figure:
    """Return the expected dice lost on a challenge against the bid's quantity q.

    Args:
        quantities: the quantities q on the x axis: integers 1..MAX_QUANTITY, at most
            MAX_POINTS (20,000) of them.
        challenger: label (text, such as a rule set) -> the challenger's expected loss at each
            q, as odds.challenge_cost's expected_challenger_loss: finite numbers (Fractions
            too) MIN_LOSS..MAX_LOSS (-1..10,000); below 0 the seat expects to gain a die, as
            Bluff's bidder does on an exact count. At most MAX_LINES (100) labels.
        bidder: the same labels -> the bidder's expected loss at each q (likewise).
        title: the figure title (text of at most MAX_TEXT characters, or None).

    Returns:
        A figure whose traces are, for each label in order, the challenger's line (solid) and
        the bidder's (dashed, same colour); where they cross, a challenge is an even trade.
    """
    given = quantities
    quantities = check_numbers("quantities", quantities, 1, MAX_QUANTITY, integer=True)
    for side, lines in (("challenger", challenger), ("bidder", bidder)):
        check_mapping(side, lines, MAX_LINES, " from labels to expected losses")
        for label, values in lines.items():
            check_title(f"{side} label", label, optional=False)
            check_numbers(f"{side}[{quote(label)}]", values, MIN_LOSS, MAX_LOSS)
    title = check_title("title", title)
    if set(challenger) != set(bidder):
        raise ValueError(
            f"challenger and bidder label different lines: {sorted(challenger)} vs {sorted(bidder)}"
            f" (challenger={quote(challenger)}, bidder={quote(bidder)})"
        )
    xs = list(quantities)
    traces = []
    hover = _("{line}, q = {q}: {loss} dice")
    for i, label in enumerate(challenger):
        colour = LOSS_COLOURS[i % len(LOSS_COLOURS)]
        for side, values, dash, name in (
            ("challenger", challenger[label], "solid", _("challenger, {label}")),
            ("bidder", bidder[label], "dash", _("bidder, {label}")),
        ):
            if len(values) != len(xs):
                raise ValueError(
                    f"{side} losses for {quote(label)}: {len(values)} values for {len(xs)} "
                    f"quantities ({quote(values)}; quantities={quote(given)})"
                )
            traces.append(
                go.Scatter(
                    x=xs,
                    y=[float(v) for v in values],
                    mode="lines+markers",
                    line=dict(color=colour, dash=dash),
                    name=name.format(label=label),
                    legendgroup=label,
                    hovertemplate=hover.format(
                        line=name.format(label=label), q="%{x}", loss="%{y:.3f}"
                    )
                    + "<extra></extra>",
                )
            )
    fig = localised(go.Figure(traces))
    fig.update_layout(
        title=title or _("Expected dice lost on a challenge (solid: challenger, dashed: bidder)"),
        xaxis=dict(title=_("quantity q of the bid"), dtick=1),
        yaxis=dict(title=_("expected dice lost"), rangemode="tozero"),
        hovermode="x unified",
        template="plotly_white",
        width=760,
        height=420,
    )
    return fig
