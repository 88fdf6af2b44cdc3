"""Colours, marks and the language's number signs shared by the figure builders.

- PLAIN_COLOUR, WILD_COLOUR: the fill of plain and wild cells; COLOURSCALE: P(true) colours.
- LOSS_COLOURS: one colour per line of a challenge-loss figure.
- rings(x, y, name, size, colour, width): hollow ring markers (chosen or legal cells).
- localised(figure): the figure with the separators of the language in force (every builder
  passes its figure through it, so plotly writes the numbers of hover texts, ticks and
  texttemplates with a decimal comma in Polish and Czech).
- separators(): plotly's layout.separators for the language in force: the decimal sign, then
  the thousands separator (SEPARATORS: ".," in English, "," and a no-break space in Polish
  and Czech, Babel's signs for both).
Numbers written in Python into a figure's texts use liarsdice.i18n's format_general,
format_percent and format_number, as the widgets and the command line do.

The figures' texts are looked up (liarsdice.i18n) when a figure is built, never at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice.i18n import language

PLAIN_COLOUR = "#d9e6f2"
WILD_COLOUR = "#f2d9d9"
COLOURSCALE = "RdYlGn"
LOSS_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
# plotly's layout.separators: its first character is the decimal sign, its second the
# thousands separator (d3-format's, used by hover templates, ticks and texttemplates).
SEPARATORS = {"en": ".,", "pl": ",\u00a0", "cs": ",\u00a0"}


def separators() -> str:
    """Return plotly's layout.separators for the language in force (SEPARATORS)."""
    return SEPARATORS[language()]


def localised(figure: go.Figure) -> go.Figure:
    """Return `figure` with the separators of the language in force (set in place)."""
    figure.update_layout(separators=separators())
    return figure


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
