"""Figures of play: solved strategies, bluffing, and tournament results.

- strategy_figure(strategy, history): a solved strategy's action probabilities per hand, as a
  heatmap (solver.Strategy in).
- bluff_figure(rates): the share of bluff bids per hand, one bar group per player.
- tournament_figure(names, rates, intervals, chance): each bot's win rate as a bar with its
  95% interval as an error bar, and a dashed line at the rate of a fair coin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from liarsdice.actions import action_text
from liarsdice.bids import Bid
from liarsdice.plots.style import PLAIN_COLOUR

if TYPE_CHECKING:
    from liarsdice.solver import Strategy


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
