"""The tables the lessons return to, defined once for the exercises, figures and widgets.

- Scenario: a table seen from one seat: the preset, dice per seat, your seat and hand, the bid on
  the table and who made it; total, unknown and rules follow.
- NINE_FIVES: lesson 04's question (four Blef players with five dice each; you hold
  1 3 5 5 6; the player before you bids 9 fives). The figures and the explorers open on it.
- SEVEN_FIVES: lesson 02's question (you hold 1 1 3 5 6 and 15 dice are unknown: 7 fives?).
"""

from __future__ import annotations

from dataclasses import dataclass

from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_faces, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import MAX_PLAYERS_LIMIT, PRESETS, Rules, preset


@dataclass(frozen=True)
class Scenario:
    """A table from one seat: `dice` per seat; you are `seat` holding `hand`; `bidder` bid `bid`.

    Checked when made: rules_name a preset name; dice 2..MAX_PLAYERS_LIMIT seats of integers
    >= 0; seat and bidder seats of the table (the bidder another seat with dice); hand faces
    1..6, as many as the seat holds; bid a Bid (or text such as "9x5"). Bad input raises
    ValueError (ArgumentTypeError, also a TypeError, for a wrong kind) quoting it.
    """

    rules_name: str
    dice: tuple[int, ...]
    seat: int
    hand: tuple[int, ...]
    bid: Bid
    bidder: int

    def __post_init__(self) -> None:
        if not isinstance(self.rules_name, str):
            raise ArgumentTypeError(f"rules_name={quote(self.rules_name)}: expected a preset name")
        if self.rules_name not in PRESETS:
            raise ValueError(
                f"rules_name={quote(self.rules_name)}: expected one of {', '.join(PRESETS)}"
            )
        dice = check_counts("dice", self.dice, low=0, size=2)
        if len(dice) > MAX_PLAYERS_LIMIT:
            raise ValueError(f"dice={quote(self.dice)}: more than {MAX_PLAYERS_LIMIT} seats")
        seat = check_integer("seat", self.seat, 0, len(dice) - 1)
        bidder = check_integer("bidder", self.bidder, 0, len(dice) - 1)
        hand = check_faces("hand", self.hand)
        if len(hand) != dice[seat]:
            raise ValueError(f"hand={quote(self.hand)}: seat {seat} holds {dice[seat]} dice")
        if bidder == seat or dice[bidder] == 0:
            raise ValueError(f"bidder={quote(self.bidder)}: expected another seat with dice")
        bid = self.bid
        if isinstance(bid, str):
            bid = Bid.parse(bid, rules=preset(self.rules_name))
        elif not isinstance(bid, Bid):
            raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid or text such as '9x5'")
        for name, value in (("dice", dice), ("seat", seat), ("hand", hand), ("bid", bid),
                            ("bidder", bidder)):  # fmt: skip
            object.__setattr__(self, name, value)

    @property
    def rules(self) -> Rules:
        """Return the scenario's preset."""
        return preset(self.rules_name)

    @property
    def total(self) -> int:
        """Return the dice on the table."""
        return sum(self.dice)

    @property
    def unknown(self) -> int:
        """Return the dice you cannot see."""
        return self.total - len(self.hand)


NINE_FIVES = Scenario("blef", (5, 5, 5, 5), seat=0, hand=(1, 3, 5, 5, 6), bid=Bid(9, 5), bidder=3)
SEVEN_FIVES = Scenario("blef", (5, 5, 5, 5), seat=0, hand=(1, 1, 3, 5, 6), bid=Bid(7, 5), bidder=3)
