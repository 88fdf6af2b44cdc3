"""The SVG drawing of dice and bids, for arguments already checked (liarsdice.svg checks them).

- draw_die(face, rules, x, y, size, highlight): one die as an SVG <g> element, the wild face
  drawn in the rules' style (one large red pip for an ace, a red star on star dice).
- draw_bid(bid, rules, size): the bid as its quantity, a times sign and its die (a document).
- svg_document(width, height, body): a whole SVG document around `body`.
- HIGHLIGHT, WILD_COLOUR: the fill of a highlighted die and the colour of the wild face.

Bid._repr_svg_ (liarsdice.bids) draws with draw_bid, so it sits below the bids: it reads a bid
and a rule set but imports neither.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from liarsdice.bids import Bid
    from liarsdice.rules_class import Rules

HIGHLIGHT = "#f6c744"
WILD_COLOUR = "#c0392b"
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _star_points(cx: float, cy: float, outer: float) -> str:
    """Return the polygon points of a five-pointed star centred on (cx, cy)."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def draw_die(face: int, rules: Rules, x: float, y: float, size: float, highlight: bool) -> str:
    """Return one die as an SVG <g> element (face 1..6, size > 0: checked by the caller)."""
    fill = HIGHLIGHT if highlight else "white"
    parts = [
        f'<g class="die face-{face}"><title>{rules.face_name(face)}</title>'
        f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" height="{size - 2}" rx="{size * 0.15}" '
        f'fill="{fill}" stroke="#333" stroke-width="1.5"/>'
    ]
    if face == rules.wild and rules.wild_name == "star":
        parts.append(
            f'<polygon points="{_star_points(x + size / 2, y + size / 2, size * 0.36)}" '
            f'fill="{WILD_COLOUR}"/>'
        )
    else:
        big = face == rules.wild  # the ace: one large red pip
        radius = size * (0.14 if big else 0.085)
        colour = WILD_COLOUR if big else "#222"
        parts.extend(
            f'<circle cx="{x + px * size:.1f}" cy="{y + py * size:.1f}" r="{radius:.1f}" '
            f'fill="{colour}"/>'
            for px, py in _PIPS[face]
        )
    parts.append("</g>")
    return "".join(parts)


def draw_bid(bid: Bid, rules: Rules, size: float) -> str:
    """Return the bid drawn as its quantity, a times sign and its die (a whole SVG document)."""
    text_width = size * (0.45 + 0.3 * len(str(bid.quantity)))
    body = (
        f'<text x="{text_width - 4}" y="{size * 0.68}" font-size="{size * 0.55}" '
        f'font-family="sans-serif" text-anchor="end">{bid.quantity} ×</text>'
        + draw_die(bid.face, rules, text_width, 0, size, False)
    )
    return svg_document(text_width + size, size, body)


def svg_document(width: float, height: float, body: str) -> str:
    """Return a whole SVG document around `body`."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">{body}</svg>'
    )
