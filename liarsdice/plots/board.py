"""The bidding board as a ring of fields: board_fields and board_figure (BoardView reuses it).

- board_fields(rules, max_plain): the fields of the board in clockwise ladder order.
- board_figure(rules, ...): the ring, optionally coloured by P(true), the legal raises
  outlined and the current bid marked.
- BOARD_CELLS, BOARD_LEGAL, BOARD_BID, BOARD_LABELS: board_figure's trace order.
- MAX_PLAIN: the largest max_plain (the printed board stops at 20; a table holds at most 200
  dice).

Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
The texts (title, hover texts, trace names) are in the language in force when the figure is
built (liarsdice.i18n), its numbers with the language's decimal sign.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import plotly.graph_objects as go

from liarsdice.bids import Bid, as_bid
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.plots._inputs import (
    MAX_POINTS,
    check_integer,
    check_items,
    check_table,
    check_title,
    quoting,
)
from liarsdice.plots.style import COLOURSCALE, PLAIN_COLOUR, WILD_COLOUR, localised, rings
from liarsdice.rules import Rules, resolve

# The trace order of board_figure, for widgets that update it in place.
BOARD_CELLS, BOARD_LEGAL, BOARD_BID, BOARD_LABELS = range(4)
# The largest max_plain: a board of 1,000 plain fields (6,000 cells) is drawn in well under a
# second; past MAX_QUANTITY - 1 its last bid could not even be built.
MAX_PLAIN = 1_000


def _check_max_plain(max_plain: object) -> int:
    """Return max_plain as an int 1..MAX_PLAIN; raise quoting it."""
    return check_integer("max_plain", max_plain, 1, MAX_PLAIN)


def board_fields(rules: Rules | str, max_plain: int = 20) -> list[tuple[str, int]]:
    """Return the board's fields clockwise: ("plain", n) or ("wild", k), up to plain max_plain.

    The fields follow the rules' ladder, so the Perudo ladder is drawn the same way as the board.
    Wild fields that sit before the plain field max_plain + 1 are included.
    rules: a Rules or a preset name; max_plain: an integer 1..MAX_PLAIN (1,000).
    """
    rules = resolve(rules)
    max_plain = _check_max_plain(max_plain)
    end = rules.rank(Bid(max_plain + 1, rules.plain_faces[0]))
    fields: list[tuple[str, int]] = []
    for rank in range(end):
        bid = rules.bid_at(rank)
        field = ("wild", bid.quantity) if bid.face == rules.wild else ("plain", bid.quantity)
        if not fields or fields[-1] != field:
            fields.append(field)
    return fields


def _field_angles(count: int) -> list[float]:
    """Return the angles of `count` fields placed clockwise from the top of the ring."""
    return [math.pi / 2 - 2 * math.pi * i / count for i in range(count)]


def _board_cells(rules: Rules, max_plain: int) -> tuple[list[Bid], np.ndarray, np.ndarray]:
    """Return every bid of the board with its x and y position on the ring."""
    fields = board_fields(rules, max_plain)
    bids, xs, ys = [], [], []
    for (kind, quantity), angle in zip(fields, _field_angles(len(fields))):
        faces = (rules.wild,) if kind == "wild" else rules.plain_faces
        for j, face in enumerate(faces):
            radius = 0.8 if kind == "wild" else 0.6 + 0.1 * j
            bids.append(Bid(quantity, face))
            xs.append(radius * math.cos(angle))
            ys.append(radius * math.sin(angle))
    return bids, np.array(xs), np.array(ys)


def board_figure(
    rules: Rules | str,
    max_plain: int = 20,
    bid: Bid | None = None,
    legal: Iterable[Bid] = (),
    probabilities: np.ndarray | None = None,
    title: str | None = None,
) -> go.Figure:
    """Return the board as a ring of fields in clockwise ladder order.

    Args:
        rules: decide the field order and which face is wild (a Rules or a preset name).
        max_plain: the last plain field (the printed board stops at 20), an integer
            1..MAX_PLAIN (1,000).
        bid: the current bid (a Bid, bid text or None), drawn as a large ring on its field
            and face.
        legal: bids (Bids or bid text) to outline as the legal raises, at most
            plots.MAX_POINTS (20,000) of them; bids off the board are left out.
        probabilities: P(true) indexed [face - 1, quantity] (as odds.table returns): 6 rows of
            1..MAX_POINTS (20,000) chances in [0, 1]; colours every cell, with quantities beyond the array
            counted as 0.
        title: the figure title (text of at most MAX_TEXT characters, or None).

    Returns:
        A figure whose traces are, in order, the cells (customdata = [quantity, face]), the
        legal raises, the current bid and the field labels.
    """
    rules = resolve(rules)
    max_plain = _check_max_plain(max_plain)
    bid = None if bid is None else as_bid("bid", bid, rules)
    raises = check_items("legal", legal, MAX_POINTS, "bids", sets=True)
    with quoting("legal", legal):
        legal = [as_bid("bid", b, rules) for b in raises]
    if probabilities is not None:
        probabilities = check_table("probabilities", probabilities)
    title = check_title("title", title)
    bids, xs, ys = _board_cells(rules, max_plain)
    names = [rules.describe(b) for b in bids]
    if probabilities is not None:
        values = [
            float(probabilities[b.face - 1, b.quantity])
            if b.quantity < probabilities.shape[1]
            else 0.0
            for b in bids
        ]
        marker = dict(
            color=values,
            colorscale=COLOURSCALE,
            cmin=0,
            cmax=1,
            size=15,
            colorbar=dict(title=_("P(true)"), thickness=12),
            line=dict(color="#555", width=0.5),
        )
        said = _("{bid}: P(true) = {p}")
        hover = [said.format(bid=n, p=format_number(v, 3)) for n, v in zip(names, values)]
    else:
        colours = [WILD_COLOUR if b.face == rules.wild else PLAIN_COLOUR for b in bids]
        marker = dict(color=colours, size=15, line=dict(color="#555", width=0.5))
        hover = names
    symbols = ["star" if b.face == rules.wild else "square" for b in bids]
    marker["symbol"] = symbols
    cells = go.Scatter(
        x=xs,
        y=ys,
        mode="markers",
        marker=marker,
        hovertext=hover,
        hoverinfo="text",
        customdata=[[b.quantity, b.face] for b in bids],
        name=_("bids"),
    )
    index = {b: i for i, b in enumerate(bids)}
    legal_at = [index[b] for b in legal if b in index]
    legal_trace = rings(xs[legal_at], ys[legal_at], _("legal raises"), 19, "#1f77b4", 2)
    at = [index[bid]] if bid in index else []
    bid_trace = rings(xs[at], ys[at], _("current bid"), 26, "black", 3)
    fields = board_fields(rules, max_plain)
    label_angles = _field_angles(len(fields))
    labels = go.Scatter(
        x=[1.1 * math.cos(a) for a in label_angles],
        y=[1.1 * math.sin(a) for a in label_angles],
        mode="text",
        hoverinfo="skip",
        name=_("fields"),
        text=[f"{q}" if kind == "plain" else f"*{q}" for kind, q in fields],
    )
    fig = localised(go.Figure([cells, legal_trace, bid_trace, labels]))
    rule_name = rules.preset_name or _("custom rules")
    heading = _("The board ({rules}, ace rule '{ace_rule}'), clockwise")
    fig.update_layout(
        title=title or heading.format(rules=rule_name, ace_rule=rules.ace_rule),
        xaxis=dict(visible=False, range=[-1.2, 1.2], scaleanchor="y"),
        yaxis=dict(visible=False, range=[-1.2, 1.2]),
        width=560,
        height=560,
        showlegend=False,
        plot_bgcolor="white",
        margin=dict(l=10, r=10, t=50, b=10),
    )
    return fig
