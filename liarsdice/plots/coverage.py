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

Limits: at most MAX_METHODS methods (text keys of the mappings), at most plots.MAX_POINTS
(20,000) samples or points; rates, bounds, coverages, shares and the confidence are chances
in [0, 1]; games are integers 1..stats.MAX_COUNT (10**9, as stats.intervals and
stats.coverage take them), wins integers 0..games; the chosen x and
the x values finite numbers. Wrong kinds raise ArgumentTypeError, values out of range
ValueError, each quoting the input.

A widget that only draws new samples may rebuild just interval_traces and share_trace (the
layout and the exact curves stay); the figure builders are those traces plus a layout. Marker lines are traces, not layout shapes:
a FigureWidget updates a trace several times faster than a shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat, SupportsIndex, TypeVar, cast

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice.checks import check_number, check_probability, is_integer, quote
from liarsdice.plots._inputs import (
    Flags,
    Integers,
    Numbers,
    check_flags,
    check_integer,
    check_items,
    check_mapping,
    check_numbers,
    check_probabilities,
    check_title,
    quoting,
)
from liarsdice.plots._inputs import check_probability as check_chance
from liarsdice.stats import MAX_COUNT

METHOD_LABELS = {"wilson": "Wilson", "wald": "Wald"}
METHOD_COLOURS = {"wilson": "#7b3294", "wald": "#e08214"}
COVERS_COLOUR = "#4c78a8"
MISSES_COLOUR = "#d62728"
NOMINAL_COLOUR = "#555555"
CHOSEN_COLOUR = "#aaaaaa"  # the dashed line at the chosen p or g
_GAP = 0.06  # the paper width between the interval panels

SHARES_TRACE = 4  # the index of the simulated shares' trace in coverage_traces (two methods)
MAX_METHODS = 10  # the most methods (panels, curves) of one figure

Bounds = tuple[Numbers, Numbers]  # the low ends and the high ends (sequences or arrays)
Mark = tuple[float, float, float]  # a simulated share with its interval: (share, low, high)
_V = TypeVar("_V")


def _check_methods(name: str, value: object, what: str) -> Mapping[Any, Any]:
    """Return `value` if it maps at most MAX_METHODS methods (text) to something."""
    methods = check_mapping(name, value, MAX_METHODS, what)  # `value` itself
    for method in methods:
        check_title(f"{name} method", method, optional=False)
    return methods


def _entry(name: str, mapping: Mapping[str, _V], method: str) -> _V:
    """Return mapping[method]; raise quoting the mapping when the method is missing."""
    if method not in mapping:
        raise ValueError(f"{name}={quote(mapping)}: no entry for the method {quote(method)}")
    return mapping[method]


def _check_samples(
    rate: object, games: object, wins: object, bounds: object, covers: object
) -> tuple[float, int]:
    """Check the samples of interval_traces; return the rate and the games."""
    rate = float(check_probability("rate", rate))  # a float already (exact=False)
    games = check_integer("games", games, 1, MAX_COUNT)
    samples = len(check_numbers("wins", wins, 0, games, integer=True))
    pairs = _check_methods("bounds", bounds, " from methods to (low ends, high ends)")
    flags = check_mapping("covers", covers, MAX_METHODS, " from methods to flags")
    for method, pair in pairs.items():
        where = f"bounds[{quote(method)}]"
        ends = check_items(where, pair, 2, "a pair (low ends, high ends)")
        if len(ends) != 2:
            raise ValueError(f"{where}={quote(pair)}: expected a pair (low ends, high ends)")
        hits = check_flags(f"covers[{quote(method)}]", _entry("covers", flags, method))
        for values in (*ends, hits):
            if len(check_items(where, values)) != samples:
                raise ValueError(
                    f"{where} or covers[{quote(method)}]: {len(values)} values for {samples} "
                    f"samples (wins={quote(wins)})"
                )
        for end in ends:
            check_probabilities(where, end)
    return rate, games


def _check_marks(
    at: object, simulated: object, methods: object, name: str = "methods"
) -> tuple[float, Mapping[str, Mark] | None, list[str]]:
    """Check share_trace's input; return at, simulated and the methods (called `name`) as a
    list."""
    check_number("at", at)
    names = check_items(name, methods, MAX_METHODS, "a sequence of method names")
    with quoting(name, methods):
        for method in names:
            check_title("method", method, optional=False)
    marks: Mapping[str, Mark] | None = None
    if simulated is not None:
        marks = _check_methods("simulated", simulated, " from methods to (share, low, high)")
        if marks:
            for method in names:
                with quoting(name, methods):
                    mark = _entry("simulated", marks, method)
                where = f"simulated[{quote(method)}]"
                if len(check_probabilities(where, check_items(where, mark, 3))) != 3:
                    raise ValueError(f"{where}={quote(mark)}: expected (share, low, high)")
    return _plain(at), marks, list(names)


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
    rows: NDArray[np.intp],
    games: int,
    wins: NDArray[Any],
    low: NDArray[np.float64],
    high: NDArray[np.float64],
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
    wins: Integers,
    bounds: Mapping[str, Bounds],
    covers: Mapping[str, Flags],
) -> list[go.Scatter]:
    """Return the traces of intervals_figure: per method, the covering intervals, the missing
    ones (sample i at height i, the first sample 1) and the dashed line at the true rate.
    Limits as intervals_figure's."""
    _check_samples(rate, games, wins, bounds, covers)
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
    rate, games = _check_samples(rate, games, wins, bounds, covers)
    confidence = float(check_probability("confidence", confidence))  # a float already
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
    xs: Numbers,
    curves: Mapping[str, Numbers],
    confidence: float,
    at: float,
    exact: Mapping[str, float],
    simulated: Mapping[str, Mark] | None,
    x_name: str,
) -> list[go.Scatter]:
    """Return the traces of a coverage figure: one exact curve per method against `xs`, the
    nominal level, rings at (`at`, exact coverage), dots at (`at`, simulated share) with bars
    for the share's interval (no dots when `simulated` is None), a dashed line at `at`.

    Limits: xs 1..MAX_POINTS finite numbers; curves at most MAX_METHODS methods (text), each
    with a coverage (a chance in [0, 1]) per x; confidence a chance; at a finite number;
    exact a chance per method; simulated None or (share, low, high) chances per method;
    x_name text of at most MAX_TEXT characters.
    """
    _check_curves(xs, curves, confidence, at, exact, simulated, x_name)
    confidence, at = _plain(confidence), _plain(at)
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


def _check_curves(
    xs: object,
    curves: object,
    confidence: object,
    at: object,
    exact: object,
    simulated: object,
    x_name: object,
) -> None:
    """Check coverage_traces's input; raise quoting what is wrong."""
    count = len(check_numbers("xs", xs))
    if count == 0:
        raise ValueError(f"xs={quote(xs)}: expected one x or more")
    methods = _check_methods("curves", curves, " from methods to coverages")  # `curves` itself
    for method, values in methods.items():
        where = f"curves[{quote(method)}]"
        if len(check_probabilities(where, values)) != count:
            raise ValueError(
                f"{where}={quote(values)}: {len(values)} values for {count} x values "
                f"(xs={quote(xs)})"
            )
    check_probability("confidence", confidence)
    coverages = check_mapping("exact", exact, MAX_METHODS, " from methods to coverages")
    for method in methods:
        check_chance(f"exact[{quote(method)}]", _entry("exact", coverages, method))
    _check_marks(at, simulated, list(methods), "curves' methods")
    check_title("x_name", x_name, optional=False)


def _plain(value: object) -> int | float:
    """Return a checked number as an int or a float (a Fraction or a numpy number cannot be
    formatted as "%" or "g" everywhere); ints and floats are kept as they are."""
    if isinstance(value, int | float):
        return value
    if is_integer(value):
        return int(cast(SupportsIndex, value))  # an integer: it has __index__
    return float(cast(SupportsFloat, value))  # a checked real number (a Fraction, numpy...)


def share_trace(
    at: float, simulated: Mapping[str, Mark] | None, methods: Sequence[str]
) -> go.Scatter:
    """Return the simulated shares of `methods` as dots at x = `at` with bars for each share's
    interval (no dots when `simulated` is None): what a new draw changes in a coverage figure.

    Limits: at a finite number; methods at most MAX_METHODS names (text); simulated None or a
    mapping with (share, low, high), three chances, for each of the methods.
    """
    at, simulated, methods = _check_marks(at, simulated, methods)
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


def _coverage_figure(traces: list[go.Scatter], title: str, x_axis: dict[str, object]) -> go.Figure:
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
    rate = _plain(rate)
    traces = coverage_traces(rates, curves, confidence, rate, exact, simulated, "p")
    title = f"Exact coverage at g = {games} games, for every true rate p"
    return _coverage_figure(traces, title, dict(title="true win rate p", range=[0, 1]))


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
    rate = _plain(check_probability("rate", rate))
    at = check_integer("at", at, 1, MAX_COUNT)
    traces = coverage_traces(games, curves, confidence, at, exact, simulated, "g")
    title = f"Exact coverage at p = {rate:g}, for every number of games g"
    return _coverage_figure(traces, title, dict(title="games per sample g", type="log"))
