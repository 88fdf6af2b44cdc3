"""Small SVG drawings for rich reprs: dice, a hand of dice, a bid.

- die_svg(face, rules, x, y, size, highlight): one die as an SVG group (a star on star dice).
- hand_svg(dice, rules, highlight): a row of dice as a whole SVG document.
- bid_svg(bid, rules): "3 x" beside the bid's die.
- cup_svg(count): a dice cup with the number of dice under it (an opponent's hidden hand).
- Hand(dice, rules): a hand of dice that shows itself as SVG dice in Jupyter.
- DEFAULT_RULES: the rules drawn with when none are given (Blef); HIGHLIGHT, WILD_COLOUR: the
  fill of a highlighted die and the colour of the wild face.

The drawing itself is in liarsdice.svg_dice (for checked arguments; Bid._repr_svg_ uses it);
this module checks the arguments of the public functions.

Drawings follow the rules' wild style: the wild face is drawn as an ace (one large pip) or a star.

Checks: faces are 1..6; rules is None (Blef), a Rules or a preset name; x and y are finite
numbers within +-MAX_COORDINATE; size is a number in (0, MAX_SIZE]; a hand holds at most
MAX_DRAWN_DICE dice and highlights indices 0..len - 1; a cup holds 0..MAX_QUANTITY dice.
Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
"""

from __future__ import annotations

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
from liarsdice.svg_dice import HIGHLIGHT as HIGHLIGHT
from liarsdice.svg_dice import WILD_COLOUR as WILD_COLOUR
from liarsdice.svg_dice import draw_bid, draw_die, svg_document

DEFAULT_RULES = Rules()
MAX_DRAWN_DICE = 1_000  # dice in one hand_svg (about 330 kB of SVG, in milliseconds)
MAX_SIZE = 1_000  # a die's side, in pixels
MAX_COORDINATE = 1_000_000  # |x| and |y| of a die, in pixels


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
    return draw_die(face, rules, x, y, size, highlight)


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
        draw_die(face, rules, i * (size + gap), 0, size, i in marked) for i, face in enumerate(dice)
    )
    width = max(len(dice) * (size + gap) - gap, size)
    return svg_document(width, size, body)


def bid_svg(bid: Bid, rules: Rules | None = None, size: float = 40) -> str:
    """Return the bid drawn as its quantity, a times sign and its die.

    bid: a Bid or bid text; rules: None, a Rules or a preset name; size: a number in
    (0, MAX_SIZE].
    """
    rules, size = _rules(rules), _size(size)
    return draw_bid(as_bid("bid", bid, rules), rules, size)


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
    return svg_document(w, h, f'<g class="cup"><title>{count} dice</title>{body}</g>')


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
