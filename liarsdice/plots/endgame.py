"""Solved endgames as heatmaps: P(win) by the dice each player holds, per rule set.

- endgame_figure(endgames, title): one heatmap per solved Endgame (a column each), a row for
  each opener: seat 0's chance of winning the whole game by (seat 0's dice, seat 1's dice),
  outside palifico rounds; cells beyond the endgame's dice are blank. Its texts are in the
  language in force when it is built (liarsdice.i18n), the percentages with its decimal sign.
- MAX_ENDGAMES: the most endgames in one figure.

Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_percent
from liarsdice.i18n import translate as _
from liarsdice.plots._inputs import check_items, check_title
from liarsdice.plots.style import localised
from liarsdice.solver.endgame import Endgame

MAX_ENDGAMES = 12


def _grid(endgame: Endgame, opener: int) -> tuple[list[list[float]], list[list[str]]]:
    """Return P(seat 0 wins) per [seat 0's dice - 1][seat 1's dice - 1] and its cell labels."""
    size = max(max(s.dice) for s in endgame.states)
    z = [[math.nan] * size for _ in range(size)]
    text = [[""] * size for _ in range(size)]
    for state, solved in endgame.states.items():
        if state.opener == opener and not state.palifico:
            a, b = state.dice
            z[a - 1][b - 1] = solved.p_win
            text[a - 1][b - 1] = format_percent(solved.p_win, 1)
    return z, text


def endgame_figure(endgames: Sequence[Endgame], title: str | None = None) -> go.Figure:
    """Return the endgames' P(seat 0 wins) as heatmaps: a column per endgame, a row per opener.

    endgames: 1..MAX_ENDGAMES solved Endgame values (solve_endgame); title: the figure's title
    (None: "Who wins the endgame: P(seat 0 wins)", in the language in force).
    """
    items = check_items("endgames", endgames, MAX_ENDGAMES, "a sequence of solved endgames")
    if not items:
        raise ValueError(f"endgames={quote(endgames)}: expected at least one endgame")
    for item in items:
        if not isinstance(item, Endgame):
            raise ArgumentTypeError(
                f"endgames={quote(endgames)}: the item {quote(item)} is not an Endgame "
                "(solve_endgame returns one)"
            )
    title = check_title("title", title)
    if title is None:
        title = _("Who wins the endgame: P(seat 0 wins)")
    names = [e.rules.preset_name or _("custom rules") for e in items]
    opens = _("{rules}: seat {seat} opens")
    figure = localised(
        make_subplots(
            rows=2,
            cols=len(items),
            subplot_titles=[opens.format(rules=name, seat=o) for o in (0, 1) for name in names],
            horizontal_spacing=0.06,
            vertical_spacing=0.18,
        )
    )
    hover = _("seat 0: {dice0} dice, seat 1: {dice1} dice<br>P(seat 0 wins) {p}").format(
        dice0="%{y}", dice1="%{x}", p="%{z:.4f}"
    )
    x_title, y_title = _("seat 1's dice"), _("seat 0's dice")
    for column, endgame in enumerate(items, start=1):
        for opener in (0, 1):
            z, text = _grid(endgame, opener)
            dice = list(range(1, len(z) + 1))
            figure.add_trace(
                go.Heatmap(
                    z=z,
                    x=dice,
                    y=dice,
                    text=text,
                    texttemplate="%{text}",
                    zmin=0.0,
                    zmax=1.0,
                    colorscale="RdBu",
                    showscale=column == 1 and opener == 0,
                    colorbar={"title": _("P(seat 0 wins)")},
                    hovertemplate=hover + "<extra></extra>",
                ),
                row=opener + 1,
                col=column,
            )
            figure.update_xaxes(title_text=x_title, dtick=1, row=opener + 1, col=column)
            figure.update_yaxes(title_text=y_title, dtick=1, row=opener + 1, col=column)
    figure.update_layout(title=title, height=560, width=max(420, 300 * len(items)))
    return figure
