"""From the engine to the solver: a two-player round as the solver's game sees it.

- round_of(view): the solver's (dice of the round's opener and of the other player, bids so
  far) for a seat's View, or None where the round is not the solver's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from liarsdice.actions import Pass
from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
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
    from liarsdice.view import View

    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
    seats = [seat for seat, n in enumerate(view.dice) if n]
    if len(seats) != 2 or view.palifico or any(view.shown) or view.phase != Phase.BID:
        return None
    if view.current_player != view.seat:
        return None
    moves = [action for _, action in view.history if not isinstance(action, Pass)]
    bids = [action for action in moves if isinstance(action, Bid)]
    if len(bids) != len(moves):  # a challenge, calza or show: not the solver's game
        return None
    opener = view.history[0][0] if view.history else view.seat
    other = seats[1] if opener == seats[0] else seats[0]
    if (view.seat == opener) != (len(moves) % 2 == 0):
        return None
    return (view.dice[opener], view.dice[other]), tuple(bids)
