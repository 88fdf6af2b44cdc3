"""Bids: the claim "at least q dice show face f", as a small frozen value.

- Bid(quantity, face): a hashable value; str(Bid(3, 5)) == "3x5", repr pastes back.
- Bid.parse(text, rules=None): reads "3x5", "3 x 5", "3 fives", "2 aces", "2 stars", "2*".
- as_bid(name, value, rules): a Bid from a Bid or bid text; anything else is refused.
- NUMBER_WORDS: the English names of the faces 1..6, shared with the rules' face names.
- BidTypeError: a bid of the wrong kind (an ArgumentTypeError that is an InvalidBidError too).

A bid draws itself in Jupyter (_repr_svg_, by liarsdice.svg_dice); rules given by preset name
are looked up in liarsdice.rules_base, below the Rules class, which reads bids.

Limits: a quantity is 1..limits.MAX_QUANTITY; bid text is at most limits.MAX_TEXT characters
and its quantity is refused before it is converted when it has too many digits.

The order of bids is not here: it belongs to the rules (Rules.rank, Rules.is_raise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from liarsdice.checks import check_integer, check_text, quote
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules_base import named, resolve
from liarsdice.svg_dice import draw_bid

if TYPE_CHECKING:
    from liarsdice.rules_class import Rules

NUMBER_WORDS = ("one", "two", "three", "four", "five", "six")
WILD_WORDS = ("star", "wild", "joker")

_QUANTITY_DIGITS = len(str(MAX_QUANTITY))  # a longer quantity (leading zeros aside) is too large
_DIGIT_FORM = re.compile(r"^(\d+)\s*[x×]\s*([1-6*])$")
_STAR_FORM = re.compile(r"^(\d+)\s*\*$")
_WORD_FORM = re.compile(r"^(\d+)\s+([a-z]+)$")


class BidTypeError(ArgumentTypeError, InvalidBidError):
    """A bid argument of the wrong kind: a TypeError, and an InvalidBidError (a ValueError)."""


def _singular(word: str) -> str:
    """Return the word without a plural ending ("sixes" -> "six", "aces" -> "ace")."""
    if word.endswith("xes"):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


@dataclass(frozen=True, order=False)
class Bid:
    """A claim that at least `quantity` dice on the table show `face` (wilds count for plain).

    quantity: an integer 1..MAX_QUANTITY (limits.MAX_QUANTITY); face: an integer 1..6. Numpy
    integers are stored as ints; bools, floats and text raise BidTypeError (a TypeError and an
    InvalidBidError), values out of range InvalidBidError, each quoting the input.
    """

    quantity: int
    face: int

    def __post_init__(self) -> None:
        try:
            quantity = check_integer("quantity", self.quantity, 1, MAX_QUANTITY)
            face = check_integer("face", self.face, 1, 6)
        except ArgumentTypeError as error:
            raise BidTypeError(
                f"bid ({quote(self.quantity)}, {quote(self.face)}): {error}"
            ) from None
        except ValueError as error:
            raise InvalidBidError(
                f"bid ({quote(self.quantity)}, {quote(self.face)}): {error}"
            ) from None
        # Store plain ints so that numpy integers hash and compare like the Python ones.
        object.__setattr__(self, "quantity", quantity)
        object.__setattr__(self, "face", face)

    def __str__(self) -> str:
        return f"{self.quantity}x{self.face}"

    def __repr__(self) -> str:
        return f"Bid({self.quantity}, {self.face})"

    @classmethod
    def parse(cls, text: str | Bid, rules: Rules | str | None = None) -> Bid:
        """Return the bid written in `text`; "stars", "*", "wilds", "jokers" mean the wild face.

        Args:
            text: "3x5", "3 x 5", "3 fives", "2 aces", "2 stars", "2*" (any case), at most
                MAX_TEXT characters, the quantity 1..MAX_QUANTITY; a Bid is returned as is.
            rules: a Rules or a preset name ("perudo"); decides which face is wild (6 without
                rules); "aces" always mean 1.

        Raises:
            InvalidBidError: the text is not a bid; the message quotes it (shortened).
            BidTypeError: `text` is not text (nor a Bid), or `rules` not a Rules or a name.
        """
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise BidTypeError(f"cannot read a bid from {quote(text)}: expected text such as '3x5'")
        if rules is not None:
            rules = resolve(rules)
        try:
            check_text("bid", text)
        except ValueError as error:
            raise InvalidBidError(f"cannot read a bid: {error}") from None
        wild = rules.wild if rules is not None else 6
        cleaned = " ".join(text.strip().lower().split())
        face: int | None = None
        quantity_text = None
        if match := _DIGIT_FORM.match(cleaned):
            quantity_text, face_text = match.groups()
            face = wild if face_text == "*" else int(face_text)
        elif match := _STAR_FORM.match(cleaned):
            quantity_text, face = match.group(1), wild
        elif match := _WORD_FORM.match(cleaned):
            quantity_text, word = match.group(1), _singular(match.group(2))
            if word == "ace":
                face = 1
            elif word in WILD_WORDS:
                face = wild
            elif word in NUMBER_WORDS:
                face = NUMBER_WORDS.index(word) + 1
        if face is None or quantity_text is None:
            raise InvalidBidError(
                f"cannot read a bid from {quote(text)}: "
                "write it as '3x5', '3 fives', '2 aces' or '2*'"
            )
        if len(quantity_text.lstrip("0")) > _QUANTITY_DIGITS:  # too large to convert
            raise InvalidBidError(
                f"cannot use the bid {quote(text)}: the quantity is more than {MAX_QUANTITY:,}"
            )
        try:
            return cls(int(quantity_text), face)
        except InvalidBidError as error:
            raise InvalidBidError(f"cannot use the bid {quote(text)}: {error}") from None

    def _repr_svg_(self) -> str:
        """Return the bid drawn as its quantity beside one die (in Blef's style)."""
        return draw_bid(self, named("blef"), 40)


def as_bid(name: str, value: object, rules: Rules | str | None = None) -> Bid:
    """Return `value` as a Bid: a Bid itself, or bid text read by Bid.parse under `rules`.

    Raises:
        BidTypeError: neither a Bid nor text (None, a number, a tuple...), quoting it.
        InvalidBidError: text that is not a bid (see Bid.parse), quoting it.
    """
    if isinstance(value, Bid):
        return value
    if isinstance(value, str):
        return Bid.parse(value, rules)
    raise BidTypeError(f"{name}={quote(value)}: expected a Bid or bid text such as '3x5'")
