"""Figures of interval coverage: many samples' intervals, and the exact coverage curves.

- intervals_figure(rate, games, wins, bounds, covers, confidence): one panel per method, each
  sample's interval as a horizontal bar around its win share k/g (a dot, so a zero-width
  interval still shows), coloured by whether it covers the true rate (the dashed line).
- coverage_by_rate_figure(rates, curves, confidence, games, rate, exact, simulated): each
  method's exact coverage against the true rate at a fixed number of games, the nominal level
  as a dotted line, the chosen rate marked: its exact coverage (rings) and a simulation's
  covering shares (dots, with bars for the share's interval).
- coverage_by_games_figure(games, curves, confidence, rate, at, exact, simulated): the same
  against the number of games at a fixed rate (log axis).
- Re-exported from liarsdice.plots.coverage_traces (the figures are those traces plus a
  layout): interval_traces, coverage_traces, share_trace, SHARES_TRACE, METHOD_LABELS,
  METHOD_COLOURS, COVERS_COLOUR, MISSES_COLOUR, NOMINAL_COLOUR, CHOSEN_COLOUR; and from
  liarsdice.plots.coverage_checks (the input checks): MAX_METHODS, Bounds, Mark.

Limits: at most MAX_METHODS methods (text keys of the mappings), at most plots.MAX_POINTS
(20,000) samples or points; rates, bounds, coverages, shares and the confidence are chances
in [0, 1]; games are integers 1..stats.MAX_COUNT (10**9, as stats.intervals and
stats.coverage take them), wins integers 0..games; the chosen x and
the x values finite numbers. Wrong kinds raise ArgumentTypeError, values out of range
ValueError, each quoting the input.

A widget that only draws new samples may rebuild just interval_traces and share_trace (the
layout and the exact curves stay). Marker lines are traces, not layout shapes: a FigureWidget
updates a trace several times faster than a shape.

The texts (titles, axes, trace names, hover texts) are in the language in force when a figure
is built (liarsdice.i18n), its numbers with the language's decimal sign (style.localised).
"""

from __future__ import annotations

from collections.abc import Mapping

import plotly.graph_objects as go

from liarsdice.checks import check_probability
from liarsdice.i18n import format_general, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.plots._inputs import (
    Flags,
    Integers,
    Numbers,
    check_integer,
    check_numbers,
    check_probabilities,
)
from liarsdice.plots.coverage_checks import (
    MAX_METHODS,
    Bounds,
    Mark,
    check_samples,
    plain_number,
)
from liarsdice.plots.coverage_traces import (
    CHOSEN_COLOUR,
    COVERS_COLOUR,
    METHOD_COLOURS,
    METHOD_LABELS,
    MISSES_COLOUR,
    NOMINAL_COLOUR,
    SHARES_TRACE,
    coverage_traces,
    interval_traces,
    method_label,
    share_trace,
)
from liarsdice.plots.style import localised
from liarsdice.stats import MAX_COUNT

__all__ = [
    "CHOSEN_COLOUR",
    "COVERS_COLOUR",
    "MAX_METHODS",
    "METHOD_COLOURS",
    "METHOD_LABELS",
    "MISSES_COLOUR",
    "NOMINAL_COLOUR",
    "SHARES_TRACE",
    "Bounds",
    "Mark",
    "coverage_by_games_figure",
    "coverage_by_rate_figure",
    "coverage_traces",
    "interval_traces",
    "intervals_figure",
    "share_trace",
]

_GAP = 0.06  # the paper width between the interval panels


def intervals_figure(
    rate: float,
    games: int,
    wins: Integers,
    bounds: Mapping[str, Bounds],
    covers: Mapping[str, Flags],
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

    Limits: rate and confidence chances in [0, 1]; games an integer 1..MAX_COUNT; at most
    MAX_POINTS samples, wins integers 0..games; at most MAX_METHODS methods (text), each with
    a low end, a high end (chances) and a flag per sample.
    """
    rate, games = check_samples(rate, games, wins, bounds, covers)
    confidence = float(check_probability("confidence", confidence))  # a float already
    panels = max(len(bounds), 1)
    width = (1 - _GAP * (panels - 1)) / panels
    axis_title = _("{method} intervals (win rate)")
    axes = {
        f"xaxis{i + 1 if i else ''}": dict(
            domain=[i * (width + _GAP), i * (width + _GAP) + width],
            range=[-0.03, 1.03],
            title=axis_title.format(method=f"<b>{method_label(method)}</b>"),
            anchor="y",
        )
        for i, method in enumerate(bounds)
    }
    rows = len(wins)
    fig = localised(go.Figure(interval_traces(rate, games, wins, bounds, covers)))
    heading = n_(
        "{level} intervals of the first {rows} sample of g = {games} games at p = {p} "
        "(dot: the sample's share k/g)",
        "{level} intervals of the first {rows} samples of g = {games} games at p = {p} "
        "(dot: the sample's share k/g)",
        rows,
    )
    fig.update_layout(
        **axes,
        yaxis=dict(title=_("sample"), range=[rows + 0.5, 0.5], zeroline=False),
        title=dict(
            text=heading.format(
                level=format_percent(confidence), rows=rows, games=games, p=format_general(rate)
            ),
            font=dict(size=14),
        ),
        legend=dict(orientation="h", x=1, xanchor="right", y=1.0, yanchor="bottom"),
        height=max(320, 11 * rows + 140),
        width=960,
        margin=dict(l=50, r=20, t=70, b=50),
    )
    return fig


def _coverage_figure(traces: list[go.Scatter], title: str, x_axis: dict[str, object]) -> go.Figure:
    """Return the coverage traces with the title and the x axis."""
    fig = localised(go.Figure(traces))
    fig.update_layout(
        title=dict(text=title, font=dict(size=14)),
        xaxis=x_axis,
        yaxis=dict(title=_("coverage"), range=[0, 1.03], tickformat=".0%"),
        legend=dict(orientation="h", x=0, y=-0.2, yanchor="top"),
        height=440,
        width=480,
        margin=dict(l=50, r=20, t=50, b=40),
    )
    return fig


def coverage_by_rate_figure(
    rates: Numbers,
    curves: Mapping[str, Numbers],
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

    Limits: rates 1..MAX_POINTS chances; curves at most MAX_METHODS methods (text), each with
    a coverage per rate; confidence, rate and the coverages chances in [0, 1]; games an
    integer 1..MAX_COUNT; exact and simulated (when given) an entry per method.
    """
    check_probabilities("rates", rates)
    games = check_integer("games", games, 1, MAX_COUNT)
    check_probability("rate", rate)
    rate = plain_number(rate)
    traces = coverage_traces(rates, curves, confidence, rate, exact, simulated, "p")
    title = _("Exact coverage at g = {games} games, for every true rate p").format(games=games)
    return _coverage_figure(traces, title, dict(title=_("true win rate p"), range=[0, 1]))


def coverage_by_games_figure(
    games: Integers,
    curves: Mapping[str, Numbers],
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

    Limits: games 1..MAX_POINTS integers 1..MAX_COUNT; curves at most MAX_METHODS methods
    (text), each with a coverage per number of games; confidence, rate and the coverages
    chances in [0, 1]; at an integer 1..MAX_COUNT; exact and simulated (when given) an entry
    per method.
    """
    check_numbers("games", games, 1, MAX_COUNT, integer=True)
    rate = plain_number(check_probability("rate", rate))
    at = check_integer("at", at, 1, MAX_COUNT)
    traces = coverage_traces(games, curves, confidence, at, exact, simulated, "g")
    title = _("Exact coverage at p = {p}, for every number of games g").format(
        p=format_general(rate)
    )
    return _coverage_figure(traces, title, dict(title=_("games per sample g"), type="log"))
