"""Bids: the claim "at least q dice show face f", as a small frozen value.

- Bid(quantity, face): a hashable value; str(Bid(3, 5)) == "3x5", repr pastes back.
- Bid.parse(text, rules=None): reads "3x5", "3 x 5", "3 fives", "2 aces", "2 stars", "2*".
- NUMBER_WORDS: the English names of the faces 1..6, shared with the rules' face names.

The order of bids is not here: it belongs to the rules (Rules.rank, Rules.is_raise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from liarsdice.checks import check_integer, quote
from liarsdice.errors import InvalidBidError

if TYPE_CHECKING:
    from liarsdice.rules import Rules

NUMBER_WORDS = ("one", "two", "three", "four", "five", "six")
WILD_WORDS = ("star", "wild", "joker")

_DIGIT_FORM = re.compile(r"^(\d+)\s*[x×]\s*([1-6*])$")
_STAR_FORM = re.compile(r"^(\d+)\s*\*$")
_WORD_FORM = re.compile(r"^(\d+)\s+([a-z]+)$")


def _singular(word: str) -> str:
    """Return the word without a plural ending ("sixes" -> "six", "aces" -> "ace")."""
    if word.endswith("xes"):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


@dataclass(frozen=True, order=False)
class Bid:
    """A claim that at least `quantity` dice on the table show `face` (wilds count for plain)."""

    quantity: int
    face: int

    def __post_init__(self) -> None:
        try:
            quantity = check_integer("quantity", self.quantity, low=1)
            face = check_integer("face", self.face, 1, 6)
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
    def parse(cls, text: str, rules: Rules | None = None) -> Bid:
        """Return the bid written in `text`; "stars", "*", "wilds", "jokers" mean the wild face.

        Args:
            text: "3x5", "3 x 5", "3 fives", "2 aces", "2 stars", "2*" (any case).
            rules: decides which face is wild (6 without rules); "aces" always mean 1.

        Raises:
            InvalidBidError: the text is not a bid; the message quotes it.
        """
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise InvalidBidError(f"cannot read a bid from {text!r}: expected text such as '3x5'")
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
                f"cannot read a bid from {text!r}: write it as '3x5', '3 fives', '2 aces' or '2*'"
            )
        try:
            return cls(int(quantity_text), face)
        except InvalidBidError as error:
            raise InvalidBidError(f"cannot use the bid {text!r}: {error}") from None

    def _repr_svg_(self) -> str:
        """Return the bid drawn as its quantity beside one die."""
        from liarsdice.svg import bid_svg

        return bid_svg(self)
