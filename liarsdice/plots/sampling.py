"""Rolling the dice again and again: the running frequency and the histogram of the count.

- frequency_data(trials, frequencies, p_true): the x and y of each trace of the running
  frequency figure, by trace index (BAND_LOW, BAND_HIGH, EXACT_LINE, FREQUENCY); a widget's
  animation copies only these.
- frequency_figure(trials, frequencies, p_true, title): the share of rolls so far on which
  the bid was true against the number of rolls t (log scale), the exact P(true) as a line and
  the band P +- 2 sqrt(P(1 - P)/t) that shrinks like 1/sqrt(t).
- observed_shares(histogram): the share of rolls that gave each count (zeros before any roll).
- histogram_figure(histogram, distribution, normal, quantity, face_name): the observed share
  of each count 0..n as bars (trace OBSERVED) beside the exact distribution (EXACT_PMF) and
  the normal curve with the continuity correction (NORMAL_PMF); the counts that make the bid
  true (count >= q) shaded and their bars green.

Limits: every series holds at most plots.MAX_POINTS (20,000) values; trials are integers
1..MAX_ROLLS, frequencies and chances in [0, 1], histogram counts finite numbers >= 0, the
quantity an integer 0..limits.MAX_QUANTITY, titles text of at most limits.MAX_TEXT
characters. Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting
the input.

The texts (titles, axes, trace names, hover texts, the shading's note) are in the language in
force when a figure is built (liarsdice.i18n), its numbers with the language's decimal sign.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go

from liarsdice.checks import check_probability, quote
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY
from liarsdice.plots._inputs import (
    Numbers,
    check_integer,
    check_numbers,
    check_probabilities,
    check_title,
)
from liarsdice.plots.style import localised
from liarsdice.sampling import MAX_TRIALS, half_width

BAND_LOW, BAND_HIGH, EXACT_LINE, FREQUENCY = range(4)  # the frequency figure's traces
OBSERVED, EXACT_PMF, NORMAL_PMF = range(3)  # the histogram figure's traces
TRUE_COLOUR, FALSE_COLOUR = "#2ca02c", "#d62728"  # as in plots.count_figure
BAND_COLOUR = "rgba(31, 119, 180, 0.18)"
EMPTY_RUN_ROLLS = 100  # how far the exact line reaches before any roll
MARGIN = dict(l=10, r=10, t=50, b=40)
MAX_ROLLS = MAX_TRIALS  # the largest number of rolls t drawn: as many as a run holds


def frequency_data(
    trials: Sequence[int] | np.ndarray,
    frequencies: Numbers,
    p_true: float | Fraction,
) -> dict[int, dict[str, np.ndarray]]:
    """Return {trace index: {"x": ..., "y": ...}} of the running frequency figure.

    trials: integers 1..MAX_ROLLS; frequencies: as many chances in [0, 1]; p_true: a chance
    in [0, 1] (a float or a Fraction); at most MAX_POINTS of each.
    """
    given = (trials, frequencies)
    trials = check_numbers("trials", trials, 1, MAX_ROLLS, integer=True)
    frequencies = check_probabilities("frequencies", frequencies)
    p_true = float(check_probability("p_true", p_true))  # a float already (exact=False)
    if len(trials) != len(frequencies):
        raise ValueError(
            f"trials={quote(given[0])} and frequencies={quote(given[1])} differ in length: "
            f"{len(trials)}, {len(frequencies)}"
        )
    t = np.asarray(trials, dtype=np.int64)
    half = half_width(t, p_true)
    end = max(int(t[-1]) if len(t) else 0, EMPTY_RUN_ROLLS)
    return {
        BAND_LOW: dict(x=t, y=p_true - half),
        BAND_HIGH: dict(x=t, y=p_true + half),
        EXACT_LINE: dict(x=np.array([1, end]), y=np.array([p_true, p_true])),
        FREQUENCY: dict(x=t, y=np.asarray(frequencies, dtype=float)),
    }


def frequency_figure(
    trials: Sequence[int] | np.ndarray,
    frequencies: Numbers,
    p_true: float | Fraction,
    title: str | None = None,
) -> go.Figure:
    """Return the running frequency of "the bid is true" against the rolls t (log scale).

    Args:
        trials: the numbers of rolls t at which the frequency is drawn, increasing.
        frequencies: the share of the first t rolls on which the bid was true, at each t.
        p_true: the exact P(true); the band is p_true +- 2 sqrt(p_true(1 - p_true)/t).
        title: the figure's title (None: "How often is the bid true?", in the language in
            force).

    Limits: trials are integers 1..MAX_ROLLS, frequencies and p_true chances in [0, 1], as
    many frequencies as trials, at most MAX_POINTS (20,000); title: None or text of at most
    MAX_TEXT characters.
    """
    title = check_title("title", title)
    if title is None:
        title = _("How often is the bid true?")
    p_true = float(check_probability("p_true", p_true))  # a float already (exact=False)
    data = frequency_data(trials, frequencies, p_true)
    traces = [
        go.Scatter(
            data[BAND_LOW], mode="lines", line=dict(width=0), name="P − 2 SE",
            showlegend=False, hoverinfo="skip",
        ),
        go.Scatter(
            data[BAND_HIGH], mode="lines", line=dict(width=0), fill="tonexty",
            fillcolor=BAND_COLOUR, name="P ± 2 SE = P ± 2√(P(1−P)/t)", hoverinfo="skip",
        ),
        go.Scatter(
            data[EXACT_LINE], mode="lines", line=dict(color="black", dash="dash"),
            name=_("exact P(true) = {p}").format(p=format_number(p_true, 4)), hoverinfo="skip",
        ),
        go.Scatter(
            data[FREQUENCY], mode="lines", line=dict(color="#1f77b4", width=2),
            name=_("frequency so far"),
            hovertemplate=_("after {rolls} rolls: {share}").format(
                rolls="%{x:,}", share="%{y:.4f}"
            ) + "<extra></extra>",
        ),
    ]  # fmt: skip
    fig = localised(go.Figure(traces))
    fig.update_layout(
        title=title,
        xaxis=dict(title=_("rolls so far, t (log scale)"), type="log"),
        yaxis=dict(title=_("share of rolls with the bid true"), range=[-0.02, 1.02]),
        legend=dict(orientation="h", y=-0.2),
        height=400,
        width=520,
        margin=MARGIN,
    )
    return fig


def observed_shares(histogram: Sequence[int] | np.ndarray) -> np.ndarray:
    """Return each count's share of the rolls (all zeros before any roll).

    histogram: at most MAX_POINTS finite numbers >= 0 (how many rolls gave each count).
    """
    histogram = check_numbers("histogram", histogram, 0)
    counts = np.asarray(histogram, dtype=float)
    total = counts.sum()
    return counts / total if total else counts


def histogram_figure(
    histogram: Sequence[int] | np.ndarray,
    distribution: Numbers,
    normal: Numbers,
    quantity: int,
    face_name: str | None = None,
) -> go.Figure:
    """Return the observed share of each count 0..n beside the exact and normal P(count = k).

    Args:
        histogram: how many rolls gave each count 0..n.
        distribution: the exact P(count = k), k = 0..n (odds.count_distribution).
        normal: the normal curve's P(count = k) with the continuity correction.
        quantity: the bid's q; counts >= q (the bid is true) are shaded, their bars green.
        face_name: what is counted, for the title "How many {face_name}?": the form that
            follows "how many" (Rules.face_name(face, count=5): "fives", Polish "piątek");
            None: "matching dice", in the language in force.

    Limits: histogram holds 1..MAX_POINTS (20,000) finite numbers >= 0; distribution and
    normal as many chances in [0, 1]; quantity an integer 0..MAX_QUANTITY; face_name None or
    text of at most MAX_TEXT characters.
    """
    given = (histogram, distribution, normal)
    histogram = check_numbers("histogram", histogram, 0)
    distribution = check_probabilities("distribution", distribution)
    normal = check_probabilities("normal", normal)
    quantity = check_integer("quantity", quantity, 0, MAX_QUANTITY)
    face_name = check_title("face_name", face_name)
    if face_name is None:
        face_name = _("matching dice")
    n = len(histogram) - 1
    if n < 0:
        raise ValueError(f"histogram={quote(given[0])}: expected one count or more (0..n)")
    if len(distribution) != n + 1 or len(normal) != n + 1:
        raise ValueError(
            f"histogram_figure: {n + 1} counts but {len(distribution)} exact and "
            f"{len(normal)} normal chances; give one per count 0..{n} "
            f"(histogram={quote(given[0])}, distribution={quote(given[1])}, "
            f"normal={quote(given[2])})"
        )
    counts = np.arange(n + 1)
    point = dict(count="%{x}", p="%{y:.4f}")
    traces = [
        go.Bar(
            x=counts, y=observed_shares(histogram), name=_("observed share"),
            marker=dict(color=np.where(counts >= quantity, TRUE_COLOUR, FALSE_COLOUR),
                        opacity=0.55),
            hovertemplate=_("count {count}: observed {p}").format(**point) + "<extra></extra>",
        ),
        go.Scatter(
            x=counts, y=np.asarray(distribution, dtype=float), mode="markers",
            marker=dict(color="black", size=7, symbol="diamond"), name=_("exact"),
            hovertemplate=_("count {count}: exact {p}").format(**point) + "<extra></extra>",
        ),
        go.Scatter(
            x=counts, y=np.asarray(normal, dtype=float), mode="lines+markers",
            line=dict(color="#ff7f0e", dash="dot"), marker=dict(size=4),
            name=_("normal curve (continuity-corrected)"),
            hovertemplate=_("count {count}: normal {p}").format(**point) + "<extra></extra>",
        ),
    ]  # fmt: skip
    fig = localised(go.Figure(traces))
    fig.add_vrect(
        x0=quantity - 0.5,
        x1=n + 0.5,
        fillcolor=TRUE_COLOUR,
        opacity=0.08,
        line_width=0,
        annotation_text=_("bid true: count ≥ {q}").format(q=quantity),
        annotation_position="top left",
    )
    fig.update_layout(
        title=_("How many {faces}?").format(faces=face_name),
        xaxis=dict(title=_("count on the table"), range=[-0.5, n + 0.5]),
        yaxis=dict(title=_("share of rolls / probability"), rangemode="tozero"),
        legend=dict(orientation="h", y=-0.2),
        bargap=0.05,
        height=400,
        width=520,
        margin=MARGIN,
    )
    return fig
