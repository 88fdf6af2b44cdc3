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
from liarsdice.rules import Rules, preset


@dataclass(frozen=True)
class Scenario:
    """A table from one seat: `dice` per seat; you are `seat` holding `hand`; `bidder` bid `bid`."""

    rules_name: str
    dice: tuple[int, ...]
    seat: int
    hand: tuple[int, ...]
    bid: Bid
    bidder: int

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
