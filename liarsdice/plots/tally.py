"""A class's tally against fair dice: observed counts as bars, the expected counts as dots.

- tally_figure(cells, observed, expected, pooled_cells, title, cell_title): one bar per cell
  (a face, or a round's count), shaded by the pooled cell of the chi-square test it went into,
  with the counts expected from fair dice as dots on a dashed line (ClassTally reuses it).
- TALLY_OBSERVED, TALLY_EXPECTED: the indices of its two traces.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

TALLY_OBSERVED, TALLY_EXPECTED = 0, 1
POOL_SHADES = ("#4c78a8", "#9ecae9")  # neighbouring pooled cells alternate between these
EXPECTED_COLOUR = "#e45756"


def _pool_index(cells: Sequence[int], pooled_cells: Sequence[tuple[int, int]]) -> list[int]:
    """Return, per cell, the index of the pooled cell holding it (its own index if none does)."""
    where = {}
    for index, (first, last) in enumerate(pooled_cells):
        for cell in cells:
            if first <= cell <= last:
                where[cell] = index
    return [where.get(cell, i) for i, cell in enumerate(cells)]


def tally_figure(
    cells: Sequence[int],
    observed: Sequence[int],
    expected: Sequence[float],
    pooled_cells: Sequence[tuple[int, int]] = (),
    title: str = "Your tally against fair dice",
    cell_title: str = "face",
) -> go.Figure:
    """Return the observed counts as bars beside the counts fair dice lead us to expect.

    Args:
        cells: the cell labels on the x axis (faces 1..6, or counts 0..n).
        observed: how many dice (or rounds) fell in each cell.
        expected: how many fair dice would put there on average.
        pooled_cells: the (first, last) cells that the chi-square test pooled into one; bars of
            one pooled cell share a shade, neighbouring pooled cells alternate.
        title: the figure title; cell_title: what a cell is (the x axis title).
    """
    if not len(cells) == len(observed) == len(expected):
        raise ValueError(
            f"tally_figure: {len(cells)} cells, {len(observed)} observed and "
            f"{len(expected)} expected counts; give one of each per cell"
        )
    pools = _pool_index(cells, pooled_cells)
    labels = [f"{first}–{last}" if first != last else str(first) for first, last in pooled_cells]
    pooled_with = [labels[p] if p < len(labels) else str(c) for p, c in zip(pools, cells)]
    bars = go.Bar(
        x=list(cells),
        y=[int(o) for o in observed],
        name="your tally",
        marker_color=[POOL_SHADES[p % 2] for p in pools],
        customdata=pooled_with,
        hovertemplate=f"{cell_title} %{{x}}: %{{y}} observed (pooled cell %{{customdata}})"
        "<extra></extra>",
    )
    dots = go.Scatter(
        x=list(cells),
        y=[float(e) for e in expected],
        name="expected if fair",
        mode="lines+markers",
        line=dict(color=EXPECTED_COLOUR, dash="dash", width=1),
        marker=dict(color=EXPECTED_COLOUR, size=8, symbol="diamond"),
        hovertemplate=f"{cell_title} %{{x}}: %{{y:.2f}} expected<extra></extra>",
    )
    fig = go.Figure([bars, dots])
    fig.update_layout(
        title=title,
        xaxis=dict(title=cell_title, dtick=1),
        yaxis=dict(title="how many", rangemode="tozero"),
        legend=dict(orientation="h", y=-0.25),
        template="plotly_white",
        height=340,
        width=480,
        margin=dict(l=50, r=10, t=50, b=80),
        bargap=0.1,
    )
    return fig
