"""Figures of play: solved strategies, bluffing, and tournament results.

- strategy_figure(strategy, history): a solved strategy's action probabilities per hand, as a
  heatmap (solver.Strategy in).
- bluff_figure(rates): the share of bluff bids per hand, one bar group per player.
- tournament_figure(names, rates, intervals, chance): each bot's win rate as a bar with its
  95% interval as an error bar, and a dashed line at the rate of a fair coin.

Every series holds at most plots.MAX_POINTS (20,000) values; rates, shares and intervals
are chances in [0, 1]; titles and names are text of at most limits.MAX_TEXT characters.
Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
The texts (titles, axes, trace names, hover texts, the chance line's note) are in the language
in force when the figure is built (liarsdice.i18n); plotly writes the numbers with its decimal
sign (style.localised).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from liarsdice.actions import Challenge, action_text
from liarsdice.bids import Bid
from liarsdice.checks import check_faces, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_percent
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY
from liarsdice.plots._inputs import (
    MAX_POINTS,
    check_items,
    check_mapping,
    check_probabilities,
    check_probability,
    check_title,
    quoting,
)
from liarsdice.plots.style import PLAIN_COLOUR, localised
from liarsdice.rules import Rules

if TYPE_CHECKING:
    from liarsdice.solver import Strategy


def _action_label(rules: Rules, action: object) -> str:
    """Return a strategy column's label: the bid in words, "challenge", else the action's text."""
    if isinstance(action, Bid):
        return rules.describe(action)
    if isinstance(action, Challenge):
        return _("challenge")
    return action_text(action)  # type: ignore[arg-type]  # an action of the strategy's game


def strategy_figure(
    strategy: Strategy, history: Sequence[Bid | str] = (), title: str | None = None
) -> go.Figure:
    """Return a heatmap of P(action) for each hand of the player to move after `history`.

    `strategy` is a liarsdice.solver.Strategy; rows are the mover's hands, columns the legal
    actions (raises lowest first, then the challenge). history: a sequence of bids (Bids or
    bid text) that the strategy's game allows; title: text of at most MAX_TEXT characters or
    None.
    """
    from liarsdice.solver import Strategy

    if not isinstance(strategy, Strategy):
        raise ArgumentTypeError(f"strategy={quote(strategy)}: expected a liarsdice.solver.Strategy")
    given = history
    history = tuple(check_items("history", history, MAX_QUANTITY, "a sequence of bids"))
    title = check_title("title", title)
    rules = strategy.game.rules
    with quoting("history", given):
        hands, actions, probabilities = strategy.table(history)
    mover = len(history) % 2
    rows = ["-".join(map(str, h)) for h in hands]
    columns = [_action_label(rules, a) for a in actions]
    after = ", ".join(map(str, history)) or _("nothing yet")
    hover = _("hand {hand}: {action} with probability {p}").format(
        hand="%{y}", action="%{x}", p="%{z:.3f}"
    )
    fig = localised(
        go.Figure(
            go.Heatmap(
                z=probabilities,
                x=columns,
                y=rows,
                zmin=0,
                zmax=1,
                colorscale="Blues",
                colorbar=dict(title=_("P(action)"), thickness=12),
                hovertemplate=hover + "<extra></extra>",
            )
        )
    )
    heading = _("Player {player}'s strategy after: {history}")
    fig.update_layout(
        title=title or heading.format(player=mover, history=after),
        xaxis=dict(title=_("action"), type="category"),
        yaxis=dict(title=_("hand"), type="category", autorange="reversed"),
        width=max(420, 60 * len(columns) + 200),
        height=max(300, 40 * len(rows) + 160),
    )
    return fig


def bluff_figure(
    rates: dict[str, dict[tuple[int, ...], float]], title: str | None = None
) -> go.Figure:
    """Return bars of the share of bluff bids per hand, one group per player.

    `rates` maps a player's label (text) to {hand: share}, as solver.bluff_rates returns: a
    hand is a tuple of faces 1..6, a share a chance in [0, 1]; at most MAX_POINTS bars in all.
    title: text of at most MAX_TEXT characters or None.
    """
    check_mapping("rates", rates, MAX_POINTS, " from labels to {hand: share}")
    bars = 0
    for label, shares in rates.items():
        check_title("rates label", label, optional=False)
        check_mapping(f"rates[{quote(label)}]", shares, MAX_POINTS, " from hands to shares")
        bars += len(shares)
        if bars > MAX_POINTS:
            raise ValueError(f"rates={quote(rates)}: at most {MAX_POINTS:,} bars in all")
        for hand in shares:
            if not isinstance(hand, tuple):
                raise ArgumentTypeError(
                    f"rates[{quote(label)}]: the hand {quote(hand)} is not a tuple of faces 1..6"
                )
            with quoting("rates", rates):
                check_faces("hand", hand)
        check_probabilities(f"rates[{quote(label)}]", list(shares.values()))
    title = check_title("title", title)
    hover = _("hand {hand}: {share} of bids are bluffs").format(hand="%{x}", share="%{y:.1%}")
    fig = localised(
        go.Figure(
            [
                go.Bar(
                    name=label,
                    x=["-".join(map(str, h)) for h in shares],
                    y=list(shares.values()),
                    hovertemplate=hover + "<extra></extra>",
                )
                for label, shares in rates.items()
            ]
        )
    )
    fig.update_layout(
        title=title or _("How often the bids are bluffs, by hand"),
        barmode="group",
        xaxis=dict(title=_("hand"), type="category"),
        yaxis=dict(title=_("share of bids that are bluffs"), tickformat=".0%", range=[0, 1]),
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
    names: text (at most MAX_TEXT characters each); rates: chances in [0, 1]; intervals:
    pairs (low, high) of chances; as many of each, at most MAX_POINTS; chance: None or a
    chance in [0, 1].
    """
    labels = check_items("names", names, MAX_POINTS, "a sequence of names")
    with quoting("names", names):
        for name in labels:
            check_title("name", name, optional=False)
    shares = check_probabilities("rates", rates)
    pairs = []
    given = check_items("intervals", intervals, MAX_POINTS, "a sequence of (low, high) pairs")
    with quoting("intervals", intervals):
        for pair in given:
            bounds = check_probabilities("interval", pair)
            if len(bounds) != 2:
                raise ValueError(f"interval {quote(pair)}: expected a pair (low, high)")
            pairs.append(bounds)
    if chance is not None:
        check_probability("chance", chance)
    if not len(labels) == len(shares) == len(pairs):
        raise ValueError(
            f"names, rates and intervals differ in length: {len(labels)}, {len(shares)}, "
            f"{len(pairs)} (names={quote(names)}, rates={quote(rates)}, "
            f"intervals={quote(intervals)})"
        )
    above = [high - rate for rate, (_, high) in zip(shares, pairs)]
    below = [rate - low for rate, (low, _) in zip(shares, pairs)]
    fig = localised(
        go.Figure(
            go.Bar(
                x=list(labels),
                y=list(shares),
                error_y={"type": "data", "symmetric": False, "array": above, "arrayminus": below},
                marker_color=PLAIN_COLOUR,
                marker_line_color="#34495e",
                marker_line_width=1,
                hovertemplate="%{x}: %{y:.1%}<extra></extra>",
                name=_("win rate"),
            )
        )
    )
    if chance is not None:
        fig.add_hline(
            y=chance,
            line_dash="dash",
            line_color="#7f8c8d",
            annotation_text=_("no better than chance"),
        )
    fig.update_layout(
        title=_("Win rates with {level} intervals").format(level=format_percent(0.95)),
        yaxis={"title": _("share of games won"), "tickformat": ".0%", "range": [0, 1]},
        xaxis={"title": _("bot")},
        showlegend=False,
        template="plotly_white",
    )
    return fig
