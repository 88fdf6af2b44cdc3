"""From the engine to the solver: a two-player round as the solver's game sees it.

- round_of(view): the solver's (dice of the round's opener and of the other player, bids so
  far) for a seat's View, or None where the round is not the solver's game.
- endgame_of(view): the endgame state (the two seats with dice as seats 0 and 1, the opener,
  the palifico flag) and the bids so far, palifico rounds included, or None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from liarsdice.actions import Pass
from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.solver.endgame import EndgameState
from liarsdice.solver.game import MAX_SOLVED_DICE
from liarsdice.view import Phase

if TYPE_CHECKING:
    from liarsdice.view import View


def round_of(view: View) -> tuple[tuple[int, int], tuple[Bid, ...]] | None:
    """Return the solver's (dice of opener and other, bids so far) for the view, or None.

    None unless exactly two seats have dice, the round is no palifico round, no die is shown,
    the round holds only bids (and passes, which change nothing) and the view's seat must bid
    or challenge in the turn that alternation from this round's opener gives it. A `view`
    that is no View raises ArgumentTypeError.
    """
    found = _two_player_round(view)
    if found is None or view.palifico:
        return None
    seats, opener, bids = found
    other = seats[1] if opener == seats[0] else seats[0]
    return (view.dice[opener], view.dice[other]), bids


def endgame_of(view: View) -> tuple[EndgameState, tuple[Bid, ...]] | None:
    """Return the view's endgame state and the round's bids so far, or None.

    The two seats with dice become seats 0 and 1 in table order; None where round_of gives
    None for another reason than a palifico round, or the dice exceed an endgame's (MAX_SOLVED_DICE
    in all). A `view` that is no View raises ArgumentTypeError.
    """
    found = _two_player_round(view)
    if found is None:
        return None
    seats, opener, bids = found
    dice = (view.dice[seats[0]], view.dice[seats[1]])
    if sum(dice) > MAX_SOLVED_DICE or (view.palifico and view.dice[opener] != 1):
        return None
    return EndgameState(dice, seats.index(opener), view.palifico), bids


def _two_player_round(view: View) -> tuple[list[int], int, tuple[Bid, ...]] | None:
    """Return (the two seats with dice, the round's opener, the bids so far), or None where
    the view is not a two-player round of bids in which its seat is to move by alternation."""
    from liarsdice.view import View

    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
    seats = [seat for seat, n in enumerate(view.dice) if n]
    if len(seats) != 2 or any(view.shown) or view.phase != Phase.BID:
        return None
    if view.current_player != view.seat:
        return None
    moves = [action for _, action in view.history if not isinstance(action, Pass)]
    bids = [action for action in moves if isinstance(action, Bid)]
    if len(bids) != len(moves):  # a challenge, calza or show: not the solver's game
        return None
    opener = view.history[0][0] if view.history else view.seat
    if (view.seat == opener) != (len(moves) % 2 == 0):
        return None
    return seats, opener, tuple(bids)
