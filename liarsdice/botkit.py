"""The bot toolkit: what a bot asks of a seat's View, answered fast and cached.

Every answer here assumes that the other players' bids carry no information: the dice a seat
cannot see are uniform and independent (liarsdice.inference reads bids instead).

From a view:
- is_move_turn(view): True when the seat must bid or call, False in its show-or-pass turn.
- chances(view): P(true) of every bid, indexed [face - 1, quantity] (odds.table, cached).
- bid_chance(view, bid): P(bid true) from the view.
- raises(view): the legal bids, lowest first (the palifico face lock included).
- cheapest_raises(view): the lowest legal raise of each face.
- challenge_loss(view): the dice the seat expects to lose by challenging the bid on the table.
- raise_loss(view, bid): the dice it expects to lose by bidding `bid` if the next seat
  challenges it.
- by_cost(options), cheapest(options): (cost, order, action) options cheapest first (ties to
  the lower order), and the cheapest's action.
- calza_loss(view): the dice it expects to lose by calling calza (a gained die counts -1);
  calza_cost(right, gains) and calza_gains(view), the same from any chance of being right.

Cached on hashable keys (the rules, dice counts, sorted faces), shared by every bot in a process:
- odds_table(rules, unknown, known, palifico): odds.table as a cached array.
- bid_arrays(bids): the faces - 1 and quantities of a tuple of bids, for numpy indexing.
- expected_loss(rules, bid, unknown, known, dice, bidder, challenger, palifico, seat).
- held(hand): how many of a hand's dice show each face, indexed face - 1.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from liarsdice import odds
from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.ladder import legal_bids
from liarsdice.rules import Rules
from liarsdice.view import Phase, View


def is_move_turn(view: View) -> bool:
    """Return True if the view's seat must bid or call (not show-or-pass after its bid).

    Raises:
        ValueError: it is not the seat's turn (it has no legal action).
    """
    if not view.legal_actions():
        raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
    return view.phase == Phase.BID


@lru_cache(maxsize=8192)
def odds_table(rules: Rules, unknown: int, known: tuple[int, ...], palifico: bool) -> np.ndarray:
    """Return odds.table for a view: P(true) indexed [face - 1, quantity] (do not modify)."""
    table = odds.table(rules, unknown, known, palifico)
    table.flags.writeable = False  # shared by every caller of the cache
    return table


def chances(view: View) -> np.ndarray:
    """Return P(true) of every bid from the view, indexed [face - 1, quantity]."""
    return odds_table(view.rules, view.unknown, view.known, view.palifico)


def bid_chance(view: View, bid: Bid) -> float:
    """Return P(bid true) from the view (0 for a quantity beyond the dice on the table)."""
    table = chances(view)
    return float(table[bid.face - 1, bid.quantity]) if bid.quantity < table.shape[1] else 0.0


def raises(view: View) -> tuple[Bid, ...]:
    """Return the seat's legal bids, lowest first (a palifico round's face lock included)."""
    return legal_bids(view.rules, view.total, view.previous, view.palifico, view.locked)


@lru_cache(maxsize=4096)
def bid_arrays(bids: tuple[Bid, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Return the bids' faces - 1 and quantities as arrays, for fancy indexing of a table."""
    faces = np.array([b.face - 1 for b in bids], dtype=np.intp)
    quantities = np.array([b.quantity for b in bids], dtype=np.intp)
    return faces, quantities


def held(hand: tuple[int, ...]) -> np.ndarray:
    """Return how many of the hand's dice show each face, indexed face - 1."""
    return np.bincount(np.asarray(hand, dtype=np.intp) - 1, minlength=6)


def lowest_of_each_face(bids: tuple[Bid, ...]) -> list[Bid]:
    """Return the first bid of each face among `bids` (given lowest first)."""
    lowest: dict[int, Bid] = {}
    for bid in bids:
        lowest.setdefault(bid.face, bid)
    return list(lowest.values())


def cheapest_raises(view: View) -> list[Bid]:
    """Return the lowest legal raise of each face (a higher one of a face only risks more)."""
    return lowest_of_each_face(raises(view))


@lru_cache(maxsize=65536)
def expected_loss(
    rules: Rules,
    bid: Bid,
    unknown: int,
    known: tuple[int, ...],
    dice: tuple[int, ...],
    bidder: int,
    challenger: int,
    palifico: bool,
    seat: int,
) -> float:
    """Return the dice `seat` expects to lose if `challenger` challenges `bid` by `bidder`."""
    cost = odds.challenge_cost(
        bid, rules, unknown, known, dice=dice, bidder=bidder, challenger=challenger,
        palifico=palifico, exact=False,
    )  # fmt: skip
    return float(cost.expected_loss[seat])


def challenge_loss(view: View) -> float:
    """Return the dice the view's seat expects to lose by challenging the bid on the table."""
    if view.previous is None or view.bidder is None:
        raise ValueError(f"seat {view.seat} cannot challenge: there is no bid yet")
    return expected_loss(
        view.rules, view.previous, view.unknown, view.known, view.dice, view.bidder,
        view.seat, view.palifico, view.seat,
    )  # fmt: skip


def raise_loss(view: View, bid: Bid) -> float:
    """Return the dice the view's seat expects to lose by bidding `bid`, if the next seat
    challenges it."""
    return expected_loss(
        view.rules, bid, view.unknown, view.known, view.dice, view.seat, view.next_seat,
        view.palifico, view.seat,
    )  # fmt: skip


TIE_DIGITS = 12  # costs equal to this many decimals are ties (floats add up in any order)


def by_cost(options: list[tuple[float, int, Action]]) -> list[tuple[float, int, Action]]:
    """Return (cost, order, action) options cheapest first; costs equal to TIE_DIGITS
    decimals tie, and the lower order comes first."""
    return sorted(options, key=lambda option: (round(option[0], TIE_DIGITS), option[1]))


def cheapest(options: list[tuple[float, int, Action]]) -> Action:
    """Return the action of the cheapest (cost, order, action) option (see by_cost)."""
    return by_cost(options)[0][2]


def calza_cost(right: float, gains: bool) -> float:
    """Return the dice a calza caller expects to lose when it is right with chance `right`:
    1 if wrong, -1 if right and it gains a die."""
    return (1 - right) - (right if gains else 0.0)


def calza_gains(view: View) -> bool:
    """Return True if a right calza would give the view's seat a die (below its start dice)."""
    return view.dice[view.seat] < view.rules.start_dice(len(view.dice))


@lru_cache(maxsize=65536)
def _calza_loss(
    rules: Rules, bid: Bid, unknown: int, known: tuple[int, ...], palifico: bool, gains: bool
) -> float:
    """Return calza_cost with the naive chance that the bid is exact."""
    return calza_cost(float(odds.p_exact(bid, rules, unknown, known, palifico=palifico)), gains)


def calza_loss(view: View) -> float:
    """Return the dice the view's seat expects to lose by calling calza on the bid on the table
    (a right call gains a die, -1, unless the seat holds its starting dice)."""
    if view.previous is None:
        raise ValueError(f"seat {view.seat} cannot call calza: there is no bid yet")
    rules, palifico = view.rules, view.palifico
    return _calza_loss(rules, view.previous, view.unknown, view.known, palifico, calza_gains(view))
