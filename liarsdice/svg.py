"""Small SVG drawings for rich reprs: dice, a hand of dice, a bid.

- die_svg(face, rules, x, y, size, highlight): one die as an SVG group (a star on star dice).
- hand_svg(dice, rules, highlight): a row of dice as a whole SVG document.
- bid_svg(bid, rules): "3 x" beside the bid's die.
- cup_svg(count): a dice cup with the number of dice under it (an opponent's hidden hand).
- Hand(dice, rules): a hand of dice that shows itself as SVG dice in Jupyter.

Drawings follow the rules' wild style: the wild face is drawn as an ace (one large pip) or a star.

Checks: faces are 1..6; rules is None (Blef), a Rules or a preset name; x and y are finite
numbers within +-MAX_COORDINATE; size is a number in (0, MAX_SIZE]; a hand holds at most
MAX_DRAWN_DICE dice and highlights indices 0..len - 1; a cup holds 0..MAX_QUANTITY dice.
Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import (
    check_counts,
    check_faces,
    check_flag,
    check_integer,
    check_number,
    quote,
)
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules import Rules, resolve

DEFAULT_RULES = Rules()
MAX_DRAWN_DICE = 1_000  # dice in one hand_svg (about 330 kB of SVG, in milliseconds)
MAX_SIZE = 1_000  # a die's side, in pixels
MAX_COORDINATE = 1_000_000  # |x| and |y| of a die, in pixels
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


def _rules(rules: Rules | str | None) -> Rules:
    """Return the rules to draw with: Blef for None, else a Rules or the preset named."""
    return DEFAULT_RULES if rules is None else resolve(rules)


def _plain(value: object, number: float) -> float:
    """Return `value` itself if it is a plain int or float (so that it prints as before), else
    its checked value as a float."""
    return value if type(value) in (int, float) else number  # type: ignore[return-value]


def _coordinate(name: str, value: object) -> float:
    """Return a coordinate, a finite number within +-MAX_COORDINATE; else raise quoting it."""
    return _plain(value, check_number(name, value, -MAX_COORDINATE, MAX_COORDINATE))


def _size(size: object) -> float:
    """Return a drawing size, a number in (0, MAX_SIZE]; else raise quoting it."""
    number = check_number("size", size, 0, MAX_SIZE)
    if number <= 0:
        raise ValueError(f"size={quote(size)}: expected a number above 0, at most {MAX_SIZE}")
    return _plain(size, number)


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
    """Return one die as an SVG <g> element, the wild face drawn in the rules' style.

    face: an integer 1..6; rules: None, a Rules or a preset name; x, y: numbers within
    +-MAX_COORDINATE; size: a number in (0, MAX_SIZE]; highlight: True or False.
    """
    face = check_integer("face", face, 1, 6)
    rules = _rules(rules)
    x, y = _coordinate("x", x), _coordinate("y", y)
    size, highlight = _size(size), check_flag("highlight", highlight)
    return _die(face, rules, x, y, size, highlight)


def _die(face: int, rules: Rules, x: float, y: float, size: float, highlight: bool) -> str:
    """Return die_svg's drawing, for checked arguments."""
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
    """Return a row of dice as an SVG document; dice whose index is in `highlight` are marked.

    dice: 0..MAX_DRAWN_DICE faces 1..6; rules: None, a Rules or a preset name; highlight:
    indices 0..len(dice) - 1; size: a number in (0, MAX_SIZE].
    """
    sized = hasattr(dice, "__len__") and not isinstance(dice, str | bytes)
    if sized and len(dice) > MAX_DRAWN_DICE:
        raise ValueError(f"dice={quote(dice)}: at most {MAX_DRAWN_DICE:,} dice are drawn")
    dice = check_faces("dice", dice)
    if len(dice) > MAX_DRAWN_DICE:
        raise ValueError(f"dice={quote(dice)}: at most {MAX_DRAWN_DICE:,} dice are drawn")
    rules, size = _rules(rules), _size(size)
    marked = set(check_counts("highlight", highlight, low=0, size=0))
    if marked and max(marked) >= len(dice):
        raise ValueError(
            f"highlight={quote(highlight)}: expected indices 0..{len(dice) - 1} of the dice"
        )
    gap = size * 0.2
    body = "".join(
        _die(face, rules, i * (size + gap), 0, size, i in marked) for i, face in enumerate(dice)
    )
    width = max(len(dice) * (size + gap) - gap, size)
    return _document(width, size, body)


def bid_svg(bid: Bid, rules: Rules | None = None, size: float = 40) -> str:
    """Return the bid drawn as its quantity, a times sign and its die.

    bid: a Bid or bid text; rules: None, a Rules or a preset name; size: a number in
    (0, MAX_SIZE].
    """
    rules, size = _rules(rules), _size(size)
    bid = as_bid("bid", bid, rules)
    text_width = size * (0.45 + 0.3 * len(str(bid.quantity)))
    body = (
        f'<text x="{text_width - 4}" y="{size * 0.68}" font-size="{size * 0.55}" '
        f'font-family="sans-serif" text-anchor="end">{bid.quantity} ×</text>'
        + _die(bid.face, rules, text_width, 0, size, False)
    )
    return _document(text_width + size, size, body)


def cup_svg(count: int, size: float = 34) -> str:
    """Return a dice cup (upside down, hiding its dice) labelled with how many dice it holds.

    count: an integer 0..MAX_QUANTITY; size: a number in (0, MAX_SIZE].
    """
    count, size = check_integer("count", count, 0, MAX_QUANTITY), _size(size)
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
    """A hand of dice (faces 1..6) that draws itself as SVG dice in Jupyter.

    dice: faces 1..6 (at most MAX_DRAWN_DICE); rules: None, a Rules or a preset name (kept
    as the Rules it names).
    """

    dice: tuple[int, ...]
    rules: Rules | None = None

    def __post_init__(self) -> None:
        dice = check_faces("hand", self.dice)
        if len(dice) > MAX_DRAWN_DICE:
            raise ValueError(f"hand={quote(dice)}: at most {MAX_DRAWN_DICE:,} dice are drawn")
        object.__setattr__(self, "dice", dice)
        if self.rules is not None:
            object.__setattr__(self, "rules", resolve(self.rules))

    def count(self, face: int) -> int:
        """Return how many dice of the hand match `face` (wilds count for a plain face);
        face: an integer 1..6."""
        return (self.rules or DEFAULT_RULES).count(self.dice, face)

    def _repr_svg_(self) -> str:
        """Return the hand drawn as a row of dice."""
        return hand_svg(self.dice, self.rules)
