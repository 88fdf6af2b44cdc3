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

Limits: ShowAndReroll shows 1..MAX_SHOWN dice; action text is at most limits.MAX_TEXT
characters. Wrong kinds raise ArgumentTypeError, bad values ValueError, quoting the input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from liarsdice.bids import Bid
from liarsdice.checks import check_faces, check_text, quote
from liarsdice.errors import ArgumentTypeError, InvalidBidError

if TYPE_CHECKING:
    from liarsdice.rules import Rules


MAX_SHOWN = 200  # the most dice one ShowAndReroll shows (a full table: 20 players x 10 dice)


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
    """Show the dice `shown` (faces, taken from one's hidden dice) and reroll the other ones.

    shown: 1..MAX_SHOWN faces 1..6 (not text); a wrong kind raises ArgumentTypeError, an
    empty, too long or bad hand ValueError, quoting it.
    """

    shown: tuple[int, ...]

    def __post_init__(self) -> None:
        message = (
            f"ShowAndReroll({quote(self.shown)}): show one or more dice, each a face 1..6 "
            f"(at most {MAX_SHOWN})"
        )
        sized = hasattr(self.shown, "__len__") and not isinstance(self.shown, str | bytes)
        if sized and len(self.shown) > MAX_SHOWN:  # refused before looking at each die
            raise ValueError(message)
        try:
            shown = check_faces("shown", self.shown)
        except ArgumentTypeError:
            raise ArgumentTypeError(message) from None
        except ValueError:
            shown = ()
        if not 1 <= len(shown) <= MAX_SHOWN:
            raise ValueError(message)
        object.__setattr__(self, "shown", tuple(sorted(shown)))

    def __repr__(self) -> str:
        return f"ShowAndReroll({self.shown!r})"


Action = Union[Bid, Challenge, Calza, ShowAndReroll, Pass]  # noqa: UP007 (a runtime alias)

_WORDS: dict[str, Action] = {
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
    """Return the action as text that parse_action reads back: "3x5", "show 2 5", "challenge".

    action: a Bid, Challenge, Calza, ShowAndReroll or Pass (else ArgumentTypeError).
    """
    if isinstance(action, Bid):
        return str(action)
    if isinstance(action, ShowAndReroll):
        return "show " + " ".join(map(str, action.shown))
    if isinstance(action, Challenge | Calza | Pass):
        return type(action).__name__.lower()
    raise ArgumentTypeError(
        f"action={quote(action)} is not an action: expected a Bid, Challenge(), Calza(), "
        "ShowAndReroll or Pass()"
    )


def parse_action(text: str, rules: Rules | None = None) -> Action:
    """Return the action written in `text`; raise ValueError quoting text that is none.

    Reads bids ("3x5", "3 fives", "2 aces", "2*"), "challenge" (or "liar", "dudo", "doubt"),
    "calza" (or "exact"), "pass" and "show 2 5" (the faces to show).
    text: at most MAX_TEXT characters (not text: ArgumentTypeError); rules: None, a Rules or a
    preset name.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"cannot read an action from {quote(text)}: expected text")
    if rules is not None:
        from liarsdice.rules import resolve

        rules = resolve(rules)
    check_text("action", text)
    cleaned = " ".join(text.strip().lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    if cleaned.startswith("show"):
        faces = cleaned[4:].replace(",", " ").split()
        if faces and all(f.isdecimal() and len(f) <= 3 for f in faces):
            try:
                return ShowAndReroll(tuple(int(f) for f in faces))
            except ValueError as error:
                raise ValueError(f"cannot read {quote(text)}: {error}") from None
        raise ValueError(f"cannot read {quote(text)}: write the faces to show, as in 'show 2 5'")
    try:
        return Bid.parse(cleaned, rules=rules)
    except InvalidBidError as error:
        raise InvalidBidError(
            f"{error}; or write 'challenge'"
            + (", 'calza'" if rules is not None and rules.calza else "")
            + (", 'show 2 5', 'pass'" if rules is not None and rules.show_and_reroll else "")
        ) from None
