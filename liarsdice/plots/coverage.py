"""Figures of interval coverage: many samples' intervals, and the exact coverage curves.

- intervals_figure(rate, games, wins, bounds, covers, confidence): one panel per method, each
  sample's interval as a horizontal bar around its win share k/g (a dot, so a zero-width
  interval still shows), coloured by whether it covers the true rate (the dashed line).
  interval_traces(rate, games, wins, bounds, covers): its traces alone, per method in order
  the intervals that cover the rate, those that miss it, the dashed line.
- coverage_by_rate_figure(rates, curves, confidence, games, rate, exact, simulated): each
  method's exact coverage against the true rate at a fixed number of games, the nominal level
  as a dotted line, the chosen rate marked: its exact coverage (rings) and a simulation's
  covering shares (dots, with bars for the share's interval).
- coverage_by_games_figure(games, curves, confidence, rate, at, exact, simulated): the same
  against the number of games at a fixed rate (log axis).
  coverage_traces(xs, curves, confidence, at, exact, simulated, x_name): the traces of both,
  in order: one curve per method, the nominal level, the rings, the dots (trace SHARES_TRACE
  for two methods), the dashed line; share_trace(at, simulated, methods, x_name): the dots.
- METHOD_LABELS, METHOD_COLOURS, COVERS_COLOUR, MISSES_COLOUR: the names and colours they share.

A widget that only draws new samples may rebuild just interval_traces and share_trace (the
layout and the exact curves stay); the figure builders are those traces plus a layout. Marker lines are traces, not layout shapes:
a FigureWidget updates a trace several times faster than a shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

METHOD_LABELS = {"wilson": "Wilson", "wald": "Wald"}
METHOD_COLOURS = {"wilson": "#7b3294", "wald": "#e08214"}
COVERS_COLOUR = "#4c78a8"
MISSES_COLOUR = "#d62728"
NOMINAL_COLOUR = "#555555"
CHOSEN_COLOUR = "#aaaaaa"  # the dashed line at the chosen p or g
_GAP = 0.06  # the paper width between the interval panels

SHARES_TRACE = 4  # the index of the simulated shares' trace in coverage_traces (two methods)

Bounds = tuple[Sequence[float], Sequence[float]]  # the low ends and the high ends
Mark = tuple[float, float, float]  # a simulated share with its interval: (share, low, high)


def _label(method: str) -> str:
    """Return a method's display name ("Wilson" for "wilson"; other names as given)."""
    return METHOD_LABELS.get(method, method)


def _axis(index: int) -> str:
    """Return the x axis of panel `index`: "x", "x2", ..."""
    return "x" if index == 0 else f"x{index + 1}"


def _marker_line(
    at: float, span: tuple[float, float], axis: str, name: str, legend: bool, colour: str = "black"
) -> go.Scatter:
    """Return a dashed vertical line at x = `at` across `span` (a trace: it updates faster
    than a layout shape)."""
    return go.Scatter(
        x=[at, at],
        y=list(span),
        xaxis=axis,
        mode="lines",
        name=name,
        showlegend=legend,
        line=dict(color=colour, dash="dash", width=1.5),
        hoverinfo="skip",
    )


def _interval_trace(
    rows: np.ndarray,
    games: int,
    wins: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    axis: str,
    covering: bool,
    legend: bool,
) -> go.Scatter:
    """Return the intervals of the samples `rows` as bars around k/g, in one colour."""
    share = wins[rows] / games
    colour = COVERS_COLOUR if covering else MISSES_COLOUR
    return go.Scatter(
        x=share,
        y=rows + 1,
        xaxis=axis,
        yaxis="y",
        mode="markers",
        name="covers p" if covering else "misses p",
        legendgroup="covers" if covering else "misses",
        showlegend=legend,
        marker=dict(color=colour, size=6),
        error_x=dict(
            type="data",
            symmetric=False,
            array=high[rows] - share,
            arrayminus=share - low[rows],
            color=colour,
            thickness=2,
            width=3,
        ),
        customdata=np.column_stack([wins[rows], low[rows], high[rows]]),
        hovertemplate=(
            f"sample %{{y}}: %{{customdata[0]}} of {games} games won, "
            "interval [%{customdata[1]:.3f}, %{customdata[2]:.3f}]<extra></extra>"
        ),
    )


def interval_traces(
    rate: float,
    games: int,
    wins: Sequence[int],
    bounds: Mapping[str, Bounds],
    covers: Mapping[str, Sequence[bool]],
) -> list[go.Scatter]:
    """Return the traces of intervals_figure: per method, the covering intervals, the missing
    ones (sample i at height i, the first sample 1) and the dashed line at the true rate."""
    wins = np.asarray(wins)
    rows = np.arange(len(wins))
    traces = []
    legend = {True: True, False: True}  # whether "covers p" / "misses p" still needs an entry
    for i, method in enumerate(bounds):
        low, high = (np.asarray(b, dtype=float) for b in bounds[method])
        hit = np.asarray(covers[method], dtype=bool)
        for covering in (True, False):
            chosen = rows[hit] if covering else rows[~hit]
            # An empty trace shows no legend entry: give it to the first panel that has some.
            entry = legend[covering] and len(chosen) > 0
            legend[covering] &= not entry
            traces.append(
                _interval_trace(chosen, games, wins, low, high, _axis(i), covering, entry)
            )
        traces.append(_marker_line(rate, (0.5, len(wins) + 0.5), _axis(i), "true p", legend=i == 0))
    return traces


def intervals_figure(
    rate: float,
    games: int,
    wins: Sequence[int],
    bounds: Mapping[str, Bounds],
    covers: Mapping[str, Sequence[bool]],
    confidence: float = 0.95,
) -> go.Figure:
    """Return each sample's interval as a bar, one panel per method, coloured by covering.

    Args:
        rate: the true win rate p, drawn as a dashed line in every panel.
        games: the games g per sample.
        wins: each sample's wins k (sample 1 first, drawn at the top).
        bounds: method -> (low ends, high ends), one per sample.
        covers: method -> whether each sample's interval covers `rate`.
        confidence: the intervals' level, for the title.
    """
    panels = max(len(bounds), 1)
    width = (1 - _GAP * (panels - 1)) / panels
    axes = {
        f"xaxis{i + 1 if i else ''}": dict(
            domain=[i * (width + _GAP), i * (width + _GAP) + width],
            range=[-0.03, 1.03],
            title=f"<b>{_label(method)}</b> intervals (win rate)",
            anchor="y",
        )
        for i, method in enumerate(bounds)
    }
    rows = len(wins)
    fig = go.Figure(interval_traces(rate, games, wins, bounds, covers))
    fig.update_layout(
        **axes,
        yaxis=dict(title="sample", range=[rows + 0.5, 0.5], zeroline=False),
        title=dict(
            text=f"{confidence:.0%} intervals of the first {rows} samples of g = {games} games "
            f"at p = {rate:g} (dot: the sample's share k/g)",
            font=dict(size=14),
        ),
        legend=dict(orientation="h", x=1, xanchor="right", y=1.0, yanchor="bottom"),
        height=max(320, 11 * rows + 140),
        width=960,
        margin=dict(l=50, r=20, t=70, b=50),
    )
    return fig


def coverage_traces(
    xs: Sequence[float],
    curves: Mapping[str, Sequence[float]],
    confidence: float,
    at: float,
    exact: Mapping[str, float],
    simulated: Mapping[str, Mark] | None,
    x_name: str,
) -> list[go.Scatter]:
    """Return the traces of a coverage figure: one exact curve per method against `xs`, the
    nominal level, rings at (`at`, exact coverage), dots at (`at`, simulated share) with bars
    for the share's interval (no dots when `simulated` is None), a dashed line at `at`."""
    xs = np.asarray(xs, dtype=float)
    methods = list(curves)
    colours = [METHOD_COLOURS.get(m, NOMINAL_COLOUR) for m in methods]
    traces = [
        go.Scatter(
            x=xs,
            y=np.asarray(curves[m], dtype=float),
            mode="lines",
            name=f"{_label(m)} (exact)",
            line=dict(color=colour, width=1.5),
            hovertemplate=f"{_label(m)}, {x_name} = %{{x}}: coverage %{{y:.2%}}<extra></extra>",
        )
        for m, colour in zip(methods, colours)
    ]
    traces.append(
        go.Scatter(
            x=[xs.min(), xs.max()],
            y=[confidence, confidence],
            mode="lines",
            name=f"nominal {confidence:.0%}",
            line=dict(color=NOMINAL_COLOUR, dash="dot", width=1.5),
            hoverinfo="skip",
        )
    )
    traces.append(
        go.Scatter(
            x=[at] * len(methods),
            y=[float(exact[m]) for m in methods],
            mode="markers",
            name=f"exact at {x_name} = {at:g}",
            marker=dict(size=13, color="rgba(0,0,0,0)", line=dict(color=colours, width=2.5)),
            text=[_label(m) for m in methods],
            hovertemplate="%{text}: exact coverage %{y:.2%}<extra></extra>",
        )
    )
    traces.append(share_trace(at, simulated, methods))
    # Grey, so that the marks on it stay readable.
    traces.append(_marker_line(at, (0, 1.03), "x", f"chosen {x_name}", False, CHOSEN_COLOUR))
    return traces


def share_trace(
    at: float, simulated: Mapping[str, Mark] | None, methods: Sequence[str]
) -> go.Scatter:
    """Return the simulated shares of `methods` as dots at x = `at` with bars for each share's
    interval (no dots when `simulated` is None): what a new draw changes in a coverage figure."""
    shown = list(methods) if simulated else []
    marks = [simulated[m] for m in shown] if simulated else []
    return go.Scatter(
        x=[at] * len(marks),
        y=[share for share, _, _ in marks],
        mode="markers",
        name="simulated share",
        marker=dict(size=7, color=[METHOD_COLOURS.get(m, NOMINAL_COLOUR) for m in shown]),
        error_y=dict(
            type="data",
            symmetric=False,
            array=[high - share for share, _, high in marks],
            arrayminus=[share - low for share, low, _ in marks],
            thickness=1.5,
            width=4,
        ),
        text=[_label(m) for m in shown],
        hovertemplate="%{text}: simulated share %{y:.2%}<extra></extra>",
    )


def _coverage_figure(traces: list[go.Scatter], title: str, x_axis: dict) -> go.Figure:
    """Return the coverage traces with the title and the x axis."""
    fig = go.Figure(traces)
    fig.update_layout(
        title=dict(text=title, font=dict(size=14)),
        xaxis=x_axis,
        yaxis=dict(title="coverage", range=[0, 1.03], tickformat=".0%"),
        legend=dict(orientation="h", x=0, y=-0.2, yanchor="top"),
        height=440,
        width=480,
        margin=dict(l=50, r=20, t=50, b=40),
    )
    return fig


def coverage_by_rate_figure(
    rates: Sequence[float],
    curves: Mapping[str, Sequence[float]],
    confidence: float,
    games: int,
    rate: float,
    exact: Mapping[str, float],
    simulated: Mapping[str, Mark] | None = None,
) -> go.Figure:
    """Return each method's exact coverage against the true rate p at `games` games.

    Args:
        rates: the true rates on the x axis.
        curves: method -> the exact coverage at each rate (stats.coverage).
        confidence: the nominal level, drawn as a dotted line.
        games: the games per sample, for the title.
        rate: the chosen rate, marked by a dashed line.
        exact: method -> the exact coverage at `rate` (rings).
        simulated: method -> (share, low, high): a simulation's covering share at `rate` and
            its interval (dots with bars); None draws none.
    """
    traces = coverage_traces(rates, curves, confidence, rate, exact, simulated, "p")
    title = f"Exact coverage at g = {games} games, for every true rate p"
    return _coverage_figure(traces, title, dict(title="true win rate p", range=[0, 1]))


def coverage_by_games_figure(
    games: Sequence[int],
    curves: Mapping[str, Sequence[float]],
    confidence: float,
    rate: float,
    at: int,
    exact: Mapping[str, float],
    simulated: Mapping[str, Mark] | None = None,
) -> go.Figure:
    """Return each method's exact coverage against the games per sample g at the rate `rate`.

    Args:
        games: the numbers of games on the (log) x axis.
        curves: method -> the exact coverage at each number of games (stats.coverage).
        confidence: the nominal level, drawn as a dotted line.
        rate: the true rate, for the title.
        at: the chosen number of games, marked by a dashed line.
        exact: method -> the exact coverage at `at` games (rings).
        simulated: method -> (share, low, high) at `at` games (dots with bars); None: none.
    """
    traces = coverage_traces(games, curves, confidence, at, exact, simulated, "g")
    title = f"Exact coverage at p = {rate:g}, for every number of games g"
    return _coverage_figure(traces, title, dict(title="games per sample g", type="log"))
