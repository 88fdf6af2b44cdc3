"""Small SVG drawings for rich reprs: dice, a hand of dice, a bid.

- die_svg(face, rules, x, y, size, highlight): one die as an SVG group (a star on star dice).
- hand_svg(dice, rules, highlight): a row of dice as a whole SVG document.
- bid_svg(bid, rules): "3 x" beside the bid's die.
- cup_svg(count): a dice cup with the number of dice under it (an opponent's hidden hand).
- Hand(dice, rules): a hand of dice that shows itself as SVG dice in Jupyter.

Drawings follow the rules' wild style: the wild face is drawn as an ace (one large pip) or a star.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from liarsdice.bids import Bid
from liarsdice.checks import check_faces
from liarsdice.rules import Rules

DEFAULT_RULES = Rules()
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
HIGHLIGHT = "#f6c744"
WILD_COLOUR = "#c0392b"


def _star_points(cx: float, cy: float, outer: float) -> str:
    """Return the polygon points of a five-pointed star centred on (cx, cy)."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def die_svg(
    face: int,
    rules: Rules | None = None,
    x: float = 0,
    y: float = 0,
    size: float = 40,
    highlight: bool = False,
) -> str:
    """Return one die as an SVG <g> element, the wild face drawn in the rules' style."""
    rules = rules or DEFAULT_RULES
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


def _document(width: float, height: float, body: str) -> str:
    """Return a whole SVG document around `body`."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">{body}</svg>'
    )


def hand_svg(
    dice: Sequence[int], rules: Rules | None = None, highlight: Iterable[int] = (), size: float = 40
) -> str:
    """Return a row of dice as an SVG document; dice whose index is in `highlight` are marked."""
    marked = set(highlight)
    gap = size * 0.2
    body = "".join(
        die_svg(face, rules, i * (size + gap), 0, size, i in marked) for i, face in enumerate(dice)
    )
    width = max(len(dice) * (size + gap) - gap, size)
    return _document(width, size, body)


def bid_svg(bid: Bid, rules: Rules | None = None, size: float = 40) -> str:
    """Return the bid drawn as its quantity, a times sign and its die."""
    text_width = size * (0.45 + 0.3 * len(str(bid.quantity)))
    body = (
        f'<text x="{text_width - 4}" y="{size * 0.68}" font-size="{size * 0.55}" '
        f'font-family="sans-serif" text-anchor="end">{bid.quantity} ×</text>'
        + die_svg(bid.face, rules, text_width, 0, size)
    )
    return _document(text_width + size, size, body)


def cup_svg(count: int, size: float = 34) -> str:
    """Return a dice cup (upside down, hiding its dice) labelled with how many dice it holds."""
    w, h = size * 0.9, size
    body = (
        f'<polygon points="{w * 0.2:.1f},2 {w * 0.8:.1f},2 {w - 1:.1f},{h - 2:.1f} 1,{h - 2:.1f}" '
        f'fill="#8e5a2b" stroke="#4a2e14" stroke-width="1.5"/>'
        f'<text x="{w / 2:.1f}" y="{h * 0.68:.1f}" font-size="{size * 0.45:.1f}" fill="white" '
        f'font-family="sans-serif" text-anchor="middle">{count}</text>'
    )
    return _document(w, h, f'<g class="cup"><title>{count} dice</title>{body}</g>')


@dataclass(frozen=True)
class Hand:
    """A hand of dice (faces 1..6) that draws itself as SVG dice in Jupyter."""

    dice: tuple[int, ...]
    rules: Rules | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", check_faces("hand", self.dice))

    def count(self, face: int) -> int:
        """Return how many dice of the hand match `face` (wilds count for a plain face)."""
        return (self.rules or DEFAULT_RULES).count(self.dice, face)

    def _repr_svg_(self) -> str:
        """Return the hand drawn as a row of dice."""
        return hand_svg(self.dice, self.rules)
