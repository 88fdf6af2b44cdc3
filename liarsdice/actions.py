"""The moves of the game as small frozen values, their kinds, and their text form.

- Bid (from liarsdice.bids): raise to "at least q dice show face f".
- Challenge(): "I don't believe" (dudo): the previous bid is settled against the dice.
- Calza(): Perudo's claim that the previous bid is exactly right.
- ShowAndReroll(shown): right after a bid, show some hidden dice and reroll the rest (Bluff).
- Pass(): right after a bid, decline to show and reroll (offered only with show_and_reroll).
- Action: the union of these types (a move type added through liarsdice.moves is an action too).
- BidKind, ChallengeKind, CalzaKind, PassKind, ShowKind: each built-in move's whole behaviour
  (legality, effect, text, what it bets on), registered in liarsdice.moves in the order the
  engine lists the moves: challenge, calza, the bids; pass, the shows.
- action_text(action): the text form ("3x5", "challenge", "calza", "show 2 5", "pass").
- parse_action(text, rules): the inverse, also reading "3 fives", "liar", "dudo", "exact".

A kind's describe phrase ("bids 4x5 (4 fives)", "challenges") is in the language in force
(liarsdice.i18n); the text form and parse_action stay English, and so do refusals.

Every repr pastes back: Challenge(), ShowAndReroll((2, 5)), Bid(3, 5).

Limits: ShowAndReroll shows 1..MAX_SHOWN dice; action text is at most limits.MAX_TEXT
characters. Wrong kinds raise ArgumentTypeError, bad values ValueError, quoting the input.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Union, cast

from liarsdice.bids import Bid
from liarsdice.checks import check_faces, check_text, quote
from liarsdice.errors import ArgumentTypeError, IllegalBidError, InvalidBidError
from liarsdice.i18n import translate as _
from liarsdice.ladder import ladder_positions, legal_bids
from liarsdice.moves import BUILT_IN, MOVES, Effect, MoveKind, Phase, Turn, kind_of, register_move
from liarsdice.rules import Rules, resolve
from liarsdice.settlement import Settlement, outcome_unchecked

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


def _faces(dice: tuple[int, ...]) -> str:
    """Return dice as "2 5"."""
    return " ".join(map(str, dice))


class BidKind(MoveKind):
    """A raise: legal when it is above the bid on the table (the palifico lock kept)."""

    type = Bid
    name = "bid"
    effect = Effect.RAISE
    bets = "true"
    depends = ("rules", "total", "previous", "palifico", "locked")

    def offered(self, turn: Turn) -> tuple[Bid, ...]:
        """Return the legal bids, lowest first (cached by liarsdice.ladder)."""
        return legal_bids(turn.rules, turn.total, turn.previous, turn.palifico, turn.locked)

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True if the bid is legal, in O(1): its ladder position above the previous."""
        previous, total = turn.previous, turn.total
        if previous is None:  # the openings: one cached set per table
            return action in self.openings(turn.rules, total, turn.palifico, turn.locked)
        if turn.locked:
            return bool(
                action.face == previous.face and previous.quantity < action.quantity <= total
            )
        positions = ladder_positions(turn.rules, total, turn.palifico)[1]
        at, below = positions.get(action), positions.get(previous)
        if at is None or below is None:  # off the ladder: ask the full list
            return action in self.openings(turn.rules, total, turn.palifico, turn.locked, previous)
        return at > below

    @staticmethod
    @lru_cache(maxsize=4096)
    def openings(
        rules: Rules, total: int, palifico: bool, locked: bool, previous: Bid | None = None
    ) -> frozenset[Bid]:
        """Return the legal bids after `previous` (None: the openings) as a set (cached)."""
        return frozenset(legal_bids(rules, total, previous, palifico, locked))

    def refusal(self, turn: Turn, action: Any) -> str:
        """Return why the bid is not legal: the palifico lock, or the rules' reason."""
        if turn.locked and turn.previous is not None:
            return (
                f"in a palifico round seat {turn.seat} (more than one die) must keep "
                f"the face {turn.previous.face}"
            )
        try:
            turn.rules.check_bid(turn.previous, action, turn.total, palifico=turn.palifico)
        except IllegalBidError as error:
            return str(error)
        return "not allowed here"

    def text(self, action: Any) -> str:
        """Return the bid as "3x5"."""
        return str(action)

    def parse(self, text: str, rules: Rules | None) -> Bid | None:
        """Return the bid `text` writes (InvalidBidError, quoting it, if none)."""
        return Bid.parse(text, rules=rules)

    def describe(self, rules: Rules, action: Any) -> str:
        """Return "bids 4x5 (4 fives)"."""
        return _("bids {bid} ({words})").format(bid=action, words=rules.describe(action))


class _CallKind(MoveKind):
    """A call on the bid on the table: legal once there is one."""

    effect = Effect.CALL
    depends: ClassVar[tuple[str, ...]] = ("previous",)

    def offered(self, turn: Turn) -> tuple[Any, ...]:
        """Return the call once a bid is on the table."""
        return (self.type(),) if turn.previous is not None else ()

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True once a bid is on the table."""
        return turn.previous is not None

    def refusal(self, turn: Turn, action: Any) -> str:
        """Return why the call is not legal."""
        return (
            "there is no bid yet, so no bid to answer"
            if turn.previous is None
            else "not allowed here"
        )


class ChallengeKind(_CallKind):
    """Challenge the bid on the table: every die is shown and the bid settled."""

    type = Challenge
    name = "challenge"
    bets = "false"
    words = ("challenge", "liar", "dudo", "doubt")

    def describe(self, rules: Rules, action: Any) -> str:
        """Return "challenges"."""
        return _("challenges")

    def settle(
        self, rules: Rules, dice: tuple[int, ...], bidder: int, caller: int, bid: Bid, count: int
    ) -> Settlement:
        """Return the challenge's outcome (settlement.outcome)."""
        return outcome_unchecked(rules, dice, bidder, caller, bid, count, "challenge")


class CalzaKind(_CallKind):
    """Perudo's calza: the bid on the table is exactly right (under rules.calza)."""

    type = Calza
    name = "calza"
    bets = "exact"
    words = ("calza", "exact")
    depends = ("rules", "previous")

    def offered(self, turn: Turn) -> tuple[Any, ...]:
        """Return Calza() once a bid is on the table, under rules with calza."""
        return super().offered(turn) if turn.rules.calza else ()

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True once a bid is on the table, under rules with calza."""
        return turn.previous is not None and turn.rules.calza

    def refusal(self, turn: Turn, action: Any) -> str:
        """Return why calza is not legal."""
        return super().refusal(turn, action) if turn.rules.calza else "these rules have no calza"

    def describe(self, rules: Rules, action: Any) -> str:
        """Return "calls calza (exactly right)"."""
        return _("calls calza (exactly right)")

    def settle(
        self, rules: Rules, dice: tuple[int, ...], bidder: int, caller: int, bid: Bid, count: int
    ) -> Settlement:
        """Return the calza's outcome (settlement.outcome)."""
        return outcome_unchecked(rules, dice, bidder, caller, bid, count, "calza")


class PassKind(MoveKind):
    """Right after one's own bid: keep the dice (under show_and_reroll)."""

    type = Pass
    name = "pass"
    phase = Phase.SHOW
    effect = Effect.PASS
    words = ("pass", "no")
    depends = ()

    def offered(self, turn: Turn) -> tuple[Any, ...]:
        """Return Pass()."""
        return (Pass(),)

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True: a show turn may always pass."""
        return True

    def describe(self, rules: Rules, action: Any) -> str:
        """Return "keeps their dice"."""
        return _("keeps their dice")


class ShowKind(MoveKind):
    """Right after one's own bid: show some but not all hidden dice and reroll the rest."""

    type = ShowAndReroll
    name = "show"
    phase = Phase.SHOW
    effect = Effect.SHOW
    depends = ("hand",)

    def offered(self, turn: Turn) -> tuple[Any, ...]:
        """Return every ShowAndReroll of 1..len(hand) - 1 of the hidden dice, sorted."""
        return _shows(turn.hand)

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True if the shown dice are some but not all of the hidden dice."""
        hand = turn.hand
        return len(action.shown) < len(hand) and not Counter(action.shown) - Counter(hand)

    def text(self, action: Any) -> str:
        """Return "show 2 5"."""
        return "show " + _faces(action.shown)

    def parse(self, text: str, rules: Rules | None) -> ShowAndReroll | None:
        """Return the show `text` writes ("show 2 5"), None for no show, ValueError if bad."""
        if not text.startswith("show"):
            return None
        faces = text[4:].replace(",", " ").split()
        if faces and all(f.isdecimal() and len(f) <= 3 for f in faces):
            try:
                return ShowAndReroll(tuple(int(f) for f in faces))
            except ValueError as error:
                raise ValueError(f"cannot read {quote(text)}: {error}") from None
        raise ValueError(f"cannot read {quote(text)}: write the faces to show, as in 'show 2 5'")

    def describe(self, rules: Rules, action: Any) -> str:
        """Return "shows 2 2 and rerolls the rest"."""
        return _("shows {dice} and rerolls the rest").format(dice=_faces(action.shown))

    def revealed(self, action: Any) -> tuple[int, ...]:
        """Return the shown dice."""
        shown: tuple[int, ...] = action.shown
        return shown


@lru_cache(maxsize=4096)
def _shows(hand: tuple[int, ...]) -> tuple[Any, ...]:
    """Return every ShowAndReroll of 1..len(hand) - 1 of the hidden dice, sorted (cached)."""
    subsets = sorted(
        {combo for size in range(1, len(hand)) for combo in itertools.combinations(hand, size)}
    )
    return tuple(ShowAndReroll(s) for s in subsets)


for _kind in (ChallengeKind(), CalzaKind(), BidKind(), PassKind(), ShowKind()):
    BUILT_IN.add(register_move(_kind).type)


def action_text(action: Action) -> str:
    """Return the action as text that parse_action reads back: "3x5", "show 2 5", "challenge".

    action: a move of a registered type (else ArgumentTypeError).
    """
    kind = kind_of(action)
    if kind is None:
        raise ArgumentTypeError(
            f"action={quote(action)} is not an action: expected a Bid, Challenge(), Calza(), "
            "ShowAndReroll or Pass()"
        )
    return kind.text(action)


def parse_action(text: str, rules: Rules | None = None) -> Action:
    """Return the action written in `text`; raise ValueError quoting text that is none.

    Reads bids ("3x5", "3 fives", "2 aces", "2*"), "challenge" (or "liar", "dudo", "doubt"),
    "calza" (or "exact"), "pass", "show 2 5" (the faces to show), and the words of any move
    type registered in liarsdice.moves.
    text: at most MAX_TEXT characters (not text: ArgumentTypeError); rules: None, a Rules or a
    preset name.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"cannot read an action from {quote(text)}: expected text")
    if rules is not None:
        rules = resolve(rules)
    check_text("action", text)
    cleaned = " ".join(text.strip().lower().split())
    for kind in MOVES.values():
        if kind.type is not Bid:
            found = kind.parse(cleaned, rules)
            if found is not None:
                return cast(Action, found)
    try:
        return Bid.parse(cleaned, rules=rules)
    except InvalidBidError as error:
        raise InvalidBidError(
            f"{error}; or write 'challenge'"
            + (", 'calza'" if rules is not None and rules.calza else "")
            + (", 'show 2 5', 'pass'" if rules is not None and rules.show_and_reroll else "")
        ) from None
