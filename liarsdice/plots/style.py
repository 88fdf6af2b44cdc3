"""Colours and marks shared by the figure builders.

- PLAIN_COLOUR, WILD_COLOUR: the fill of plain and wild cells; COLOURSCALE: P(true) colours.
- LOSS_COLOURS: one colour per line of a challenge-loss figure.
- rings(x, y, name, size, colour, width): hollow ring markers (chosen or legal cells).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go
from numpy.typing import NDArray

PLAIN_COLOUR = "#d9e6f2"
WILD_COLOUR = "#f2d9d9"
COLOURSCALE = "RdYlGn"
LOSS_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


def rings(
    x: Sequence[object] | NDArray[Any],
    y: Sequence[object] | NDArray[Any],
    name: str,
    size: int,
    colour: str,
    width: int,
) -> go.Scatter:
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
