"""What the engine hands out: a seat's View, a settled round's RoundResult, the turn's Phase.

- Phase (from liarsdice.moves): the phase of a turn, an Enum: BID (a move), SHOW (show or pass
  after one's own bid under show_and_reroll), OVER (the game has ended); a str Enum.
- View: what one seat may see (its hidden dice, shown dice, dice counts, this round's moves,
  the last round's reveal); bots get views, never the Game. Besides the record it answers
  what bots keep asking: total, known, unknown, locked (the palifico face lock), next_seat
  (who answers this seat's bid) and legal_actions().
- RoundResult: the reveal of a settled round: every seat's dice, the bid, the count, the
  Settlement (from liarsdice.settlement) and its explanation.
- face_locked(palifico, dice): whether a seat holding `dice` dice must keep the bid's face.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer
from liarsdice.limits import MAX_DICE_PER_PLAYER
from liarsdice.moves import Phase as Phase  # re-exported: a turn's phase lives with the moves
from liarsdice.render_table import table_html, table_text
from liarsdice.rules import Rules
from liarsdice.settlement import Settlement, next_seat_with_dice


def face_locked(palifico: bool, dice: int) -> bool:
    """Return True if a seat holding `dice` dice must keep the face (palifico, more than one).

    palifico: True or False; dice: an integer 0..MAX_DICE_PER_PLAYER (liarsdice.limits.MAX_DICE_PER_PLAYER).
    """
    if type(palifico) is not bool:
        palifico = check_flag("palifico", palifico)
    if not (type(dice) is int and 0 <= dice <= MAX_DICE_PER_PLAYER):
        dice = check_integer("dice", dice, 0, MAX_DICE_PER_PLAYER)
    return palifico and dice > 1


@dataclass(frozen=True)
class RoundResult:
    """The reveal of a settled round: every seat's dice, the call and its settlement."""

    round: int
    dice: tuple[tuple[int, ...], ...]  # every seat's dice at the reveal, hidden and shown
    bid: Bid
    bidder: int
    caller: int  # the challenger, or the player who called calza
    action: Action  # Challenge() or Calza()
    count: int
    palifico: bool
    settlement: Settlement

    @property
    def explanation(self) -> str:
        """Return the settlement's one-line English explanation."""
        return self.settlement.explanation


@dataclass(frozen=True)
class View:
    """What one seat may see: its own hidden dice, shown dice and the public record."""

    seat: int
    rules: Rules
    hand: tuple[int, ...]  # this seat's hidden dice
    shown: tuple[tuple[int, ...], ...]  # every seat's shown dice (show-and-reroll)
    dice: tuple[int, ...]  # every seat's dice count
    history: tuple[tuple[int, Action], ...]  # this round's moves, (seat, action)
    current_player: int | None
    phase: Phase
    round: int
    palifico: bool
    previous: Bid | None  # the bid on the table
    bidder: int | None  # who made it
    last_round: RoundResult | None
    legal: tuple[Action, ...]  # this seat's legal actions (empty when it is not its turn)

    def legal_actions(self) -> tuple[Action, ...]:
        """Return this seat's legal actions, as Game.legal_actions() would."""
        return self.legal

    @property
    def total(self) -> int:
        """Return the number of dice on the table."""
        return sum(self.dice)

    @property
    def known(self) -> tuple[int, ...]:
        """Return the dice this seat knows: its hidden dice and every shown die, sorted."""
        return tuple(sorted(self.hand + tuple(itertools.chain.from_iterable(self.shown))))

    @property
    def unknown(self) -> int:
        """Return how many dice on the table this seat cannot see."""
        return self.total - len(self.hand) - sum(map(len, self.shown))

    @property
    def is_over(self) -> bool:
        """Return True once the game has ended."""
        return self.phase == Phase.OVER

    @property
    def locked(self) -> bool:
        """Return True if this seat must keep the bid's face (palifico, more than one die)."""
        return face_locked(self.palifico, self.dice[self.seat])

    @property
    def next_seat(self) -> int:
        """Return the next seat clockwise after this one that has dice (who answers its bid)."""
        return next_seat_with_dice(self.dice, (self.seat + 1) % len(self.dice))

    def __str__(self) -> str:
        return table_text(self, {self.seat: self.hand}, you=self.seat)

    def _repr_html_(self) -> str:
        """Return the view as HTML with the seat's own dice drawn."""
        return table_html(self, {self.seat: self.hand}, you=self.seat)
