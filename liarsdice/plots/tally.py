"""A class's tally against fair dice: observed counts as bars, the expected counts as dots.

- tally_figure(cells, observed, expected, pooled_cells, title, cell_title): one bar per cell
  (a face, or a round's count), shaded by the pooled cell of the chi-square test it went into,
  with the counts expected from fair dice as dots on a dashed line (ClassTally reuses it).
- TALLY_OBSERVED, TALLY_EXPECTED: the indices of its two traces.
- MAX_CELLS: the most cells (and pooled cells) of one figure.

Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
The texts (titles, axes, trace names, hover texts) are in the language in force when the figure
is built (liarsdice.i18n); plotly writes the numbers with its decimal sign (style.localised).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY
from liarsdice.plots._inputs import (
    Integers,
    Numbers,
    check_integer,
    check_items,
    check_numbers,
    check_title,
    quoting,
)
from liarsdice.plots.style import localised

TALLY_OBSERVED, TALLY_EXPECTED = 0, 1
POOL_SHADES = ("#4c78a8", "#9ecae9")  # neighbouring pooled cells alternate between these
EXPECTED_COLOUR = "#e45756"
# The most cells, and pooled cells, of one figure (a round's count of 200 dice has 201 cells);
# pooling is matched cell by cell, so 1,000 of each is about a million steps.
MAX_CELLS = 1_000
MAX_COUNT = 2**53  # the largest observed count (a float holds every count up to it)


def _pool_index(cells: Integers, pooled_cells: Sequence[tuple[int, int]]) -> list[int]:
    """Return, per cell, the index of the pooled cell holding it (its own index if none does)."""
    where = {}
    for index, (first, last) in enumerate(pooled_cells):
        for cell in cells:
            if first <= cell <= last:
                where[cell] = index
    return [where.get(cell, i) for i, cell in enumerate(cells)]


def _check_pooled(pooled_cells: object) -> list[tuple[int, int]]:
    """Return the pooled cells as (first, last) pairs of integers; raise quoting them."""
    pairs = []
    for pair in check_items("pooled_cells", pooled_cells, MAX_CELLS, "a sequence of pairs"):
        if isinstance(pair, str | bytes) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ArgumentTypeError(
                f"pooled_cells={quote(pooled_cells)}: the item {quote(pair)} is not a pair "
                "(first, last) of cells"
            )
        with quoting("pooled_cells", pooled_cells):
            first, last = (check_integer("pooled cell", end, 0, MAX_QUANTITY) for end in pair)
        pairs.append((first, last))
    return pairs


def tally_figure(
    cells: Integers,
    observed: Integers,
    expected: Numbers,
    pooled_cells: Sequence[tuple[int, int]] = (),
    title: str | None = None,
    cell_title: str | None = None,
) -> go.Figure:
    """Return the observed counts as bars beside the counts fair dice lead us to expect.

    Args:
        cells: the cell labels on the x axis (faces 1..6, or counts 0..n).
        observed: how many dice (or rounds) fell in each cell.
        expected: how many fair dice would put there on average.
        pooled_cells: the (first, last) cells that the chi-square test pooled into one; bars of
            one pooled cell share a shade, neighbouring pooled cells alternate.
        title: the figure title (None: "Your tally against fair dice"); cell_title: what a
            cell is, the x axis title (None: "face"); both defaults in the language in force.

    Limits: at most MAX_CELLS (1,000) cells and pooled cells; cells and the pooled cells'
    ends are integers 0..MAX_QUANTITY, observed counts integers 0..MAX_COUNT (2**53),
    expected counts finite numbers >= 0;
    title and cell_title None or text of at most MAX_TEXT characters.
    """
    given = (cells, observed, expected)
    cells = check_numbers("cells", cells, 0, MAX_QUANTITY, integer=True, limit=MAX_CELLS)
    observed = check_numbers("observed", observed, 0, MAX_COUNT, integer=True, limit=MAX_CELLS)
    expected = check_numbers("expected", expected, 0, limit=MAX_CELLS)
    pooled_cells = _check_pooled(pooled_cells)
    title = check_title("title", title)
    if title is None:
        title = _("Your tally against fair dice")
    cell_title = check_title("cell_title", cell_title)
    if cell_title is None:
        cell_title = _("face")
    if not len(cells) == len(observed) == len(expected):
        raise ValueError(
            f"tally_figure: {len(cells)} cells, {len(observed)} observed and "
            f"{len(expected)} expected counts; give one of each per cell "
            f"(cells={quote(given[0])}, observed={quote(given[1])}, expected={quote(given[2])})"
        )
    pools = _pool_index(cells, pooled_cells)
    labels = [f"{first}–{last}" if first != last else str(first) for first, last in pooled_cells]
    pooled_with = [labels[p] if p < len(labels) else str(c) for p, c in zip(pools, cells)]
    bars = go.Bar(
        x=list(cells),
        y=[int(o) for o in observed],
        name=_("your tally"),
        marker_color=[POOL_SHADES[p % 2] for p in pools],
        customdata=pooled_with,
        hovertemplate=_("{cell} {x}: {count} observed (pooled cell {pooled})").format(
            cell=cell_title, x="%{x}", count="%{y}", pooled="%{customdata}"
        )
        + "<extra></extra>",
    )
    dots = go.Scatter(
        x=list(cells),
        y=[float(e) for e in expected],
        name=_("expected if fair"),
        mode="lines+markers",
        line=dict(color=EXPECTED_COLOUR, dash="dash", width=1),
        marker=dict(color=EXPECTED_COLOUR, size=8, symbol="diamond"),
        hovertemplate=_("{cell} {x}: {count} expected").format(
            cell=cell_title, x="%{x}", count="%{y:.2f}"
        )
        + "<extra></extra>",
    )
    fig = localised(go.Figure([bars, dots]))
    fig.update_layout(
        title=title,
        xaxis=dict(title=cell_title, dtick=1),
        yaxis=dict(title=_("how many"), rangemode="tozero"),
        legend=dict(orientation="h", y=-0.25),
        template="plotly_white",
        height=340,
        width=480,
        margin=dict(l=50, r=10, t=50, b=80),
        bargap=0.1,
    )
    return fig
