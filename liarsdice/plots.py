"""Plotly figure builders: data in, go.Figure out; no widgets and no game state.

- board_fields(rules, max_plain): the fields of the bidding board in clockwise order.
- board_figure(rules, ...): the board as a ring of fields, optionally coloured by P(true),
  with the legal raises outlined and the current bid marked. BoardView reuses it.
- equivalence_figure(n, ace_rules): P(at least k wilds) inside each ace rule's band of plain
  quantities; EquivalenceExplorer reuses it.
- monotonicity_figure(ns, ace_rules): how many raises on each ladder are more likely than the
  bid they beat, by ace rule and n.
- strategy_figure(strategy, history): a solved strategy's action probabilities per hand, as a
  heatmap (solver.Strategy in).
- bluff_figure(rates): the share of bluff bids per hand, one bar group per player.
- odds_heatmap(probabilities, rules, bid): P(true) of every bid as a face-by-quantity heatmap
  (odds.table in); OddsExplorer reuses it.
- count_figure(distribution, rules, bid): the distribution of a face's count as bars, the bars
  that make the bid true in another colour.
- challenge_loss_figure(quantities, challenger, bidder): the expected dice the challenger
  (solid) and the bidder (dashed) lose against the bid's quantity, one colour per rule set.
- tournament_figure(names, rates, intervals, chance): each bot's win rate as a bar with its
  95% interval as an error bar, and a dashed line at the rate of a fair coin (1 / players).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

from liarsdice import odds
from liarsdice.actions import action_text
from liarsdice.bids import Bid
from liarsdice.rules import Rules

if TYPE_CHECKING:
    from liarsdice.solver import Strategy

PLAIN_COLOUR = "#d9e6f2"
WILD_COLOUR = "#f2d9d9"
COLOURSCALE = "RdYlGn"

# The trace order of board_figure, for widgets that update it in place.
BOARD_CELLS, BOARD_LEGAL, BOARD_BID, BOARD_LABELS = range(4)


def board_fields(rules: Rules, max_plain: int = 20) -> list[tuple[str, int]]:
    """Return the board's fields clockwise: ("plain", n) or ("wild", k), up to plain max_plain.

    The fields follow the rules' ladder, so the Perudo ladder is drawn the same way as the board.
    Wild fields that sit before the plain field max_plain + 1 are included.
    """
    if max_plain < 1:
        raise ValueError(f"max_plain={max_plain!r}: the board needs at least one plain field")
    end = rules.rank(Bid(max_plain + 1, rules.plain_faces[0]))
    fields: list[tuple[str, int]] = []
    for rank in range(end):
        bid = rules.bid_at(rank)
        field = ("wild", bid.quantity) if bid.face == rules.wild else ("plain", bid.quantity)
        if not fields or fields[-1] != field:
            fields.append(field)
    return fields


def _field_angles(count: int) -> list[float]:
    """Return the angles of `count` fields placed clockwise from the top of the ring."""
    return [math.pi / 2 - 2 * math.pi * i / count for i in range(count)]


def _board_cells(rules: Rules, max_plain: int) -> tuple[list[Bid], np.ndarray, np.ndarray]:
    """Return every bid of the board with its x and y position on the ring."""
    fields = board_fields(rules, max_plain)
    bids, xs, ys = [], [], []
    for (kind, quantity), angle in zip(fields, _field_angles(len(fields))):
        faces = (rules.wild,) if kind == "wild" else rules.plain_faces
        for j, face in enumerate(faces):
            radius = 0.8 if kind == "wild" else 0.6 + 0.1 * j
            bids.append(Bid(quantity, face))
            xs.append(radius * math.cos(angle))
            ys.append(radius * math.sin(angle))
    return bids, np.array(xs), np.array(ys)


def _rings(x: Sequence, y: Sequence, name: str, size: int, colour: str, width: int) -> go.Scatter:
    """Return hollow ring markers at (x, y): how figures mark chosen or legal cells."""
    return go.Scatter(
        x=list(x),
        y=list(y),
        mode="markers",
        name=name,
        hoverinfo="skip",
        showlegend=False,
        marker=dict(size=size, color="rgba(0,0,0,0)", line=dict(color=colour, width=width)),
    )


def board_figure(
    rules: Rules,
    max_plain: int = 20,
    bid: Bid | None = None,
    legal: Iterable[Bid] = (),
    probabilities: np.ndarray | None = None,
    title: str | None = None,
) -> go.Figure:
    """Return the board as a ring of fields in clockwise ladder order.

    Args:
        rules: decide the field order and which face is wild.
        max_plain: the last plain field (the printed board stops at 20).
        bid: the current bid, drawn as a large ring on its field and face.
        legal: bids to outline as the legal raises.
        probabilities: P(true) indexed [face - 1, quantity] (as odds.table returns); colours
            every cell, with quantities beyond the array counted as 0.
        title: the figure title.

    Returns:
        A figure whose traces are, in order, the cells (customdata = [quantity, face]), the
        legal raises, the current bid and the field labels.
    """
    bids, xs, ys = _board_cells(rules, max_plain)
    names = [rules.describe(b) for b in bids]
    if probabilities is not None:
        values = [
            float(probabilities[b.face - 1, b.quantity])
            if b.quantity < probabilities.shape[1]
            else 0.0
            for b in bids
        ]
        marker = dict(
            color=values,
            colorscale=COLOURSCALE,
            cmin=0,
            cmax=1,
            size=15,
            colorbar=dict(title="P(true)", thickness=12),
            line=dict(color="#555", width=0.5),
        )
        hover = [f"{n}: P(true) = {v:.3f}" for n, v in zip(names, values)]
    else:
        colours = [WILD_COLOUR if b.face == rules.wild else PLAIN_COLOUR for b in bids]
        marker = dict(color=colours, size=15, line=dict(color="#555", width=0.5))
        hover = names
    symbols = ["star" if b.face == rules.wild else "square" for b in bids]
    marker["symbol"] = symbols
    cells = go.Scatter(
        x=xs,
        y=ys,
        mode="markers",
        marker=marker,
        hovertext=hover,
        hoverinfo="text",
        customdata=[[b.quantity, b.face] for b in bids],
        name="bids",
    )
    index = {b: i for i, b in enumerate(bids)}
    legal_at = [index[b] for b in legal if b in index]
    legal_trace = _rings(xs[legal_at], ys[legal_at], "legal raises", 19, "#1f77b4", 2)
    at = [index[bid]] if bid in index else []
    bid_trace = _rings(xs[at], ys[at], "current bid", 26, "black", 3)
    fields = board_fields(rules, max_plain)
    label_angles = _field_angles(len(fields))
    labels = go.Scatter(
        x=[1.1 * math.cos(a) for a in label_angles],
        y=[1.1 * math.sin(a) for a in label_angles],
        mode="text",
        hoverinfo="skip",
        name="fields",
        text=[f"{q}" if kind == "plain" else f"*{q}" for kind, q in fields],
    )
    fig = go.Figure([cells, legal_trace, bid_trace, labels])
    rule_name = rules.preset_name or "custom rules"
    fig.update_layout(
        title=title or f"The board ({rule_name}, ace rule '{rules.ace_rule}'), clockwise",
        xaxis=dict(visible=False, range=[-1.2, 1.2], scaleanchor="y"),
        yaxis=dict(visible=False, range=[-1.2, 1.2]),
        width=560,
        height=560,
        showlegend=False,
        plot_bgcolor="white",
        margin=dict(l=10, r=10, t=50, b=10),
    )
    return fig


# ----- aces: halve and double (lesson 03, EquivalenceExplorer) ------------------------------------

ACE_RULE_COLOURS = {"board": "#1f77b4", "perudo": "#2ca02c", "face": "#ff7f0e"}


def equivalence_figure(
    n: int,
    ace_rules: Sequence[str] = odds.ACE_RULES,
    k_max: int | None = None,
    rules: Rules | None = None,
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
    base = rules if rules is not None else Rules()
    ks = np.arange(1, (k_max if k_max is not None else max(1, n // 2)) + 1)
    plain_face = base.plain_faces[0]

    def chance(quantity: int, face: int) -> float:
        """Return P(at least `quantity` dice show `face`) among the n unknown dice."""
        return odds.bid_probability(Bid(int(quantity), face), base, n)

    traces = []
    for ace_rule in ace_rules:
        bracket = [odds.wild_bracket(replace(base, ace_rule=ace_rule), int(k)) for k in ks]
        colour = ACE_RULE_COLOURS.get(ace_rule, "#7f7f7f")
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
                name=f"{ace_rule}: k wilds between q and q+1 plain",
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
    ns: Iterable[int], ace_rules: Sequence[str] = odds.ACE_RULES, rules: Rules | None = None
) -> go.Figure:
    """Return, for each ace rule and n, how many raises on the ladder are more likely than
    the bid they beat (0: monotone), with the first such raise in the hover text."""
    base = rules if rules is not None else Rules()
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


def strategy_figure(
    strategy: Strategy, history: Sequence = (), title: str | None = None
) -> go.Figure:
    """Return a heatmap of P(action) for each hand of the player to move after `history`.

    `strategy` is a liarsdice.solver.Strategy; rows are the mover's hands, columns the legal
    actions (raises lowest first, then the challenge).
    """
    rules = strategy.game.rules
    hands, actions, probabilities = strategy.table(history)
    mover = len(history) % 2
    rows = ["-".join(map(str, h)) for h in hands]
    columns = [rules.describe(a) if isinstance(a, Bid) else action_text(a) for a in actions]
    after = ", ".join(map(str, history)) or "nothing yet"
    fig = go.Figure(
        go.Heatmap(
            z=probabilities,
            x=columns,
            y=rows,
            zmin=0,
            zmax=1,
            colorscale="Blues",
            colorbar=dict(title="P(action)", thickness=12),
            hovertemplate="hand %{y}: %{x} with probability %{z:.3f}<extra></extra>",
        )
    )
    fig.update_layout(
        title=title or f"Player {mover}'s strategy after: {after}",
        xaxis=dict(title="action", type="category"),
        yaxis=dict(title="hand", type="category", autorange="reversed"),
        width=max(420, 60 * len(columns) + 200),
        height=max(300, 40 * len(rows) + 160),
    )
    return fig


def bluff_figure(
    rates: dict[str, dict[tuple[int, ...], float]], title: str | None = None
) -> go.Figure:
    """Return bars of the share of bluff bids per hand, one group per player.

    `rates` maps a player's label to {hand: share}, as solver.bluff_rates returns.
    """
    fig = go.Figure(
        [
            go.Bar(
                name=label,
                x=["-".join(map(str, h)) for h in shares],
                y=list(shares.values()),
                hovertemplate="hand %{x}: %{y:.1%} of bids are bluffs<extra></extra>",
            )
            for label, shares in rates.items()
        ]
    )
    fig.update_layout(
        title=title or "How often the bids are bluffs, by hand",
        barmode="group",
        xaxis=dict(title="hand", type="category"),
        yaxis=dict(title="share of bids that are bluffs", tickformat=".0%", range=[0, 1]),
        width=640,
        height=380,
    )
    return fig


def _face_labels(rules: Rules) -> list[str]:
    """Return the face names in ladder order (plain faces, then the wild face)."""
    return [rules.face_name(f, plural=True) for f in (*rules.plain_faces, rules.wild)]


def odds_heatmap(probabilities: np.ndarray, rules: Rules, bid: Bid | None = None) -> go.Figure:
    """Return P(true) of every bid as a heatmap: faces as rows, quantities 1..total as columns.

    Args:
        probabilities: P(true) indexed [face - 1, quantity] (odds.table's layout).
        rules: name the faces; rows go plain faces first, the wild face last.
        bid: a bid to mark with a ring.
    """
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
        colorbar=dict(title="P(true)", thickness=12),
        hovertemplate="%{x} %{y}: P(true) = %{z:.4f}<extra></extra>",
    )
    at_bid = ([bid.quantity], [rules.face_name(bid.face, plural=True)]) if bid else ([], [])
    marks = _rings(*at_bid, "bid", 16, "black", 3)
    fig = go.Figure([heat, marks])
    fig.update_layout(
        title="P(the bid is true) from your seat",
        xaxis_title="quantity q",
        height=330,
        margin=dict(l=10, r=10, t=40, b=40),
    )
    return fig


def count_figure(distribution: Sequence[float], rules: Rules, bid: Bid) -> go.Figure:
    """Return the distribution of the bid's face count as bars; counts >= q are coloured true."""
    counts = np.arange(len(distribution))
    colours = np.where(counts >= bid.quantity, "#2ca02c", "#d62728")
    fig = go.Figure(
        go.Bar(
            x=counts,
            y=np.asarray(distribution, dtype=float),
            marker_color=colours,
            hovertemplate="count %{x}: %{y:.4f}<extra></extra>",
        )
    )
    fig.update_layout(
        title=f"How many {rules.face_name(bid.face, plural=True)} on the table? "
        f"(green: {rules.describe(bid)} is true)",
        xaxis_title="count",
        yaxis_title="probability",
        height=300,
        margin=dict(l=10, r=10, t=40, b=40),
        bargap=0.05,
    )
    return fig


LOSS_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


def challenge_loss_figure(
    quantities: Sequence[int],
    challenger: Mapping[str, Sequence[float]],
    bidder: Mapping[str, Sequence[float]],
    title: str | None = None,
) -> go.Figure:
    """Return the expected dice lost on a challenge against the bid's quantity q.

    Args:
        quantities: the quantities q on the x axis.
        challenger: label (such as a rule set) -> the challenger's expected loss at each q.
        bidder: the same labels -> the bidder's expected loss at each q.
        title: the figure title.

    Returns:
        A figure whose traces are, for each label in order, the challenger's line (solid) and
        the bidder's (dashed, same colour); where they cross, a challenge is an even trade.
    """
    if set(challenger) != set(bidder):
        raise ValueError(
            f"challenger and bidder label different lines: {sorted(challenger)} vs {sorted(bidder)}"
        )
    xs = list(quantities)
    traces = []
    for i, label in enumerate(challenger):
        colour = LOSS_COLOURS[i % len(LOSS_COLOURS)]
        for side, values, dash in (
            ("challenger", challenger[label], "solid"),
            ("bidder", bidder[label], "dash"),
        ):
            if len(values) != len(xs):
                raise ValueError(
                    f"{side} losses for {label!r}: {len(values)} values for {len(xs)} quantities"
                )
            traces.append(
                go.Scatter(
                    x=xs,
                    y=[float(v) for v in values],
                    mode="lines+markers",
                    line=dict(color=colour, dash=dash),
                    name=f"{side}, {label}",
                    legendgroup=label,
                    hovertemplate=f"{side}, {label}, q = %{{x}}: %{{y:.3f}} dice<extra></extra>",
                )
            )
    fig = go.Figure(traces)
    fig.update_layout(
        title=title or "Expected dice lost on a challenge (solid: challenger, dashed: bidder)",
        xaxis=dict(title="quantity q of the bid", dtick=1),
        yaxis=dict(title="expected dice lost", rangemode="tozero"),
        hovermode="x unified",
        template="plotly_white",
        width=760,
        height=420,
    )
    return fig


def tournament_figure(
    names: Sequence[str],
    rates: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    chance: float | None = None,
) -> go.Figure:
    """Return the win rates as bars with their intervals (low, high) as asymmetric error bars.

    `chance` draws a dashed line at the win rate of a player no better than the others.
    """
    if not len(names) == len(rates) == len(intervals):
        raise ValueError(
            f"names, rates and intervals differ in length: {len(names)}, {len(rates)}, "
            f"{len(intervals)}"
        )
    above = [high - rate for rate, (_, high) in zip(rates, intervals)]
    below = [rate - low for rate, (low, _) in zip(rates, intervals)]
    fig = go.Figure(
        go.Bar(
            x=list(names),
            y=list(rates),
            error_y={"type": "data", "symmetric": False, "array": above, "arrayminus": below},
            marker_color=PLAIN_COLOUR,
            marker_line_color="#34495e",
            marker_line_width=1,
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
            name="win rate",
        )
    )
    if chance is not None:
        fig.add_hline(
            y=chance,
            line_dash="dash",
            line_color="#7f8c8d",
            annotation_text="no better than chance",
        )
    fig.update_layout(
        title="Win rates with 95% intervals",
        yaxis={"title": "share of games won", "tickformat": ".0%", "range": [0, 1]},
        xaxis={"title": "bot"},
        showlegend=False,
        template="plotly_white",
    )
    return fig
