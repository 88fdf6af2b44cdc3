"""The moves of the game as small frozen values, and their text form.

- Bid (from liarsdice.bids): raise to "at least q dice show face f".
- Challenge(): "I don't believe" (dudo): the previous bid is settled against the dice.
- Calza(): Perudo's claim that the previous bid is exactly right.
- ShowAndReroll(shown): right after a bid, show some hidden dice and reroll the rest (Bluff).
- Pass(): right after a bid, decline to show and reroll (offered only with show_and_reroll).
- Action: the union of these types.
- action_text(action): the text form ("3x5", "challenge", "calza", "show 2 5", "pass").
- parse_action(text, rules): the inverse, also reading "3 fives", "liar", "dudo", "exact".

Every repr pastes back: Challenge(), ShowAndReroll((2, 5)), Bid(3, 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from liarsdice.bids import Bid
from liarsdice.checks import check_faces, quote
from liarsdice.errors import InvalidBidError

if TYPE_CHECKING:
    from liarsdice.rules import Rules


@dataclass(frozen=True)
class Challenge:
    """Challenge the previous bid: every die is shown and the bid settled."""


@dataclass(frozen=True)
class Calza:
    """Claim the previous bid is exactly right (Perudo's calza)."""


@dataclass(frozen=True)
class Pass:
    """Decline to show and reroll after one's own bid."""


@dataclass(frozen=True)
class ShowAndReroll:
    """Show the dice `shown` (faces, taken from one's hidden dice) and reroll the other ones."""

    shown: tuple[int, ...]

    def __post_init__(self) -> None:
        try:
            shown = check_faces("shown", self.shown)
        except ValueError:
            shown = ()
        if not shown:
            raise ValueError(
                f"ShowAndReroll({quote(self.shown)}): show one or more dice, each a face 1..6"
            )
        object.__setattr__(self, "shown", tuple(sorted(shown)))

    def __repr__(self) -> str:
        return f"ShowAndReroll({self.shown!r})"


Action = Union[Bid, Challenge, Calza, ShowAndReroll, Pass]  # noqa: UP007 (a runtime alias)

_WORDS = {
    "challenge": Challenge(),
    "liar": Challenge(),
    "dudo": Challenge(),
    "doubt": Challenge(),
    "calza": Calza(),
    "exact": Calza(),
    "pass": Pass(),
    "no": Pass(),
}


def action_text(action: Action) -> str:
    """Return the action as text that parse_action reads back: "3x5", "show 2 5", "challenge"."""
    if isinstance(action, Bid):
        return str(action)
    if isinstance(action, ShowAndReroll):
        return "show " + " ".join(map(str, action.shown))
    return type(action).__name__.lower()


def parse_action(text: str, rules: Rules | None = None) -> Action:
    """Return the action written in `text`; raise ValueError quoting text that is none.

    Reads bids ("3x5", "3 fives", "2 aces", "2*"), "challenge" (or "liar", "dudo", "doubt"),
    "calza" (or "exact"), "pass" and "show 2 5" (the faces to show).
    """
    if not isinstance(text, str):
        raise ValueError(f"cannot read an action from {text!r}: expected text")
    cleaned = " ".join(text.strip().lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    if cleaned.startswith("show"):
        faces = cleaned[4:].replace(",", " ").split()
        if faces and all(f.isdigit() for f in faces):
            return ShowAndReroll(tuple(int(f) for f in faces))
        raise ValueError(f"cannot read {text!r}: write the faces to show, as in 'show 2 5'")
    try:
        return Bid.parse(cleaned, rules=rules)
    except InvalidBidError as error:
        raise InvalidBidError(
            f"{error}; or write 'challenge'"
            + (", 'calza'" if rules is not None and rules.calza else "")
            + (", 'show 2 5', 'pass'" if rules is not None and rules.show_and_reroll else "")
        ) from None
