"""The traces of the coverage figures (liarsdice.plots.coverage), and the names and colours
they share. A widget that only draws new samples rebuilds just interval_traces and
share_trace: the layout and the exact curves stay.

- interval_traces(rate, games, wins, bounds, covers): per method in order the intervals that
  cover the rate, those that miss it (bars around the win share k/g, a dot in the middle),
  the dashed line at the rate.
- coverage_traces(xs, curves, confidence, at, exact, simulated, x_name): one exact curve per
  method, the nominal level, the rings, the dots (trace SHARES_TRACE for two methods), the
  dashed line at the chosen x.
- share_trace(at, simulated, methods): the simulated shares as dots with bars.
- method_label(method), panel_axis(index), marker_line(at, span, axis, name, legend, colour):
  a method's display name, panel i's x axis, a dashed vertical line (a trace: a FigureWidget
  updates a trace several times faster than a layout shape).
- METHOD_LABELS, METHOD_COLOURS, COVERS_COLOUR, MISSES_COLOUR, NOMINAL_COLOUR, CHOSEN_COLOUR.

Limits as liarsdice.plots.coverage's (checked by liarsdice.plots.coverage_checks). The trace
names and hover texts are in the language in force when the traces are built
(liarsdice.i18n), numbers written in Python with its decimal sign (liarsdice.i18n.format_general, format_percent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice.i18n import format_general, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.plots._inputs import Flags, Integers, Numbers
from liarsdice.plots.coverage_checks import (
    Bounds,
    Mark,
    check_curves,
    check_marks,
    check_samples,
    plain_number,
)

METHOD_LABELS = {"wilson": "Wilson", "wald": "Wald"}
METHOD_COLOURS = {"wilson": "#7b3294", "wald": "#e08214"}
COVERS_COLOUR = "#4c78a8"
MISSES_COLOUR = "#d62728"
NOMINAL_COLOUR = "#555555"
CHOSEN_COLOUR = "#aaaaaa"  # the dashed line at the chosen p or g

SHARES_TRACE = 4  # the index of the simulated shares' trace in coverage_traces (two methods)


def method_label(method: str) -> str:
    """Return a method's display name ("Wilson" for "wilson"; other names as given)."""
    return METHOD_LABELS.get(method, method)


def panel_axis(index: int) -> str:
    """Return the x axis of panel `index`: "x", "x2", ..."""
    return "x" if index == 0 else f"x{index + 1}"


def marker_line(
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
        name=_("covers p") if covering else _("misses p"),
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
        hovertemplate=n_(
            "sample {sample}: {wins} of {games} game won, interval [{low}, {high}]",
            "sample {sample}: {wins} of {games} games won, interval [{low}, {high}]",
            games,
        ).format(
            sample="%{y}",
            wins="%{customdata[0]}",
            games=games,
            low="%{customdata[1]:.3f}",
            high="%{customdata[2]:.3f}",
        )
        + "<extra></extra>",
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
    check_samples(rate, games, wins, bounds, covers)
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
                _interval_trace(chosen, games, wins, low, high, panel_axis(i), covering, entry)
            )
        traces.append(
            marker_line(rate, (0.5, len(wins) + 0.5), panel_axis(i), _("true p"), legend=i == 0)
        )
    return traces


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
    check_curves(xs, curves, confidence, at, exact, simulated, x_name)
    confidence, at = plain_number(confidence), plain_number(at)
    xs = np.asarray(xs, dtype=float)
    methods = list(curves)
    colours = [METHOD_COLOURS.get(m, NOMINAL_COLOUR) for m in methods]
    name, hover = _("{method} (exact)"), _("{method}, {x} = {value}: coverage {coverage}")
    traces = [
        go.Scatter(
            x=xs,
            y=np.asarray(curves[m], dtype=float),
            mode="lines",
            name=name.format(method=method_label(m)),
            line=dict(color=colour, width=1.5),
            hovertemplate=hover.format(
                method=method_label(m), x=x_name, value="%{x}", coverage="%{y:.2%}"
            )
            + "<extra></extra>",
        )
        for m, colour in zip(methods, colours)
    ]
    traces.append(
        go.Scatter(
            x=[xs.min(), xs.max()],
            y=[confidence, confidence],
            mode="lines",
            name=_("nominal {level}").format(level=format_percent(confidence)),
            line=dict(color=NOMINAL_COLOUR, dash="dot", width=1.5),
            hoverinfo="skip",
        )
    )
    traces.append(
        go.Scatter(
            x=[at] * len(methods),
            y=[float(exact[m]) for m in methods],
            mode="markers",
            name=_("exact at {x} = {value}").format(x=x_name, value=format_general(at)),
            marker=dict(size=13, color="rgba(0,0,0,0)", line=dict(color=colours, width=2.5)),
            text=[method_label(m) for m in methods],
            hovertemplate=_("{method}: exact coverage {coverage}").format(
                method="%{text}", coverage="%{y:.2%}"
            )
            + "<extra></extra>",
        )
    )
    traces.append(share_trace(at, simulated, methods))
    # Grey, so that the marks on it stay readable.
    chosen = _("chosen {x}").format(x=x_name)
    traces.append(marker_line(at, (0, 1.03), "x", chosen, False, CHOSEN_COLOUR))
    return traces


def share_trace(
    at: float, simulated: Mapping[str, Mark] | None, methods: Sequence[str]
) -> go.Scatter:
    """Return the simulated shares of `methods` as dots at x = `at` with bars for each share's
    interval (no dots when `simulated` is None): what a new draw changes in a coverage figure.

    Limits: at a finite number; methods at most MAX_METHODS names (text); simulated None or a
    mapping with (share, low, high), three chances, for each of the methods.
    """
    at, simulated, methods = check_marks(at, simulated, methods)
    shown = list(methods) if simulated else []
    marks = [simulated[m] for m in shown] if simulated else []
    return go.Scatter(
        x=[at] * len(marks),
        y=[mark[0] for mark in marks],
        mode="markers",
        name=_("simulated share"),
        marker=dict(size=7, color=[METHOD_COLOURS.get(m, NOMINAL_COLOUR) for m in shown]),
        error_y=dict(
            type="data",
            symmetric=False,
            array=[high - share for share, _low, high in marks],
            arrayminus=[share - low for share, low, _high in marks],
            thickness=1.5,
            width=4,
        ),
        text=[method_label(m) for m in shown],
        hovertemplate=_("{method}: simulated share {share}").format(
            method="%{text}", share="%{y:.2%}"
        )
        + "<extra></extra>",
    )
