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
- check_view(view): the view itself if it is a liarsdice View; else ArgumentTypeError.

ExpectedLossBot weighs the same costs (challenge_loss, calza_loss, raise_loss: equal floats)
through a fast path, liarsdice.botkit_fast, cached on smaller keys: loss_options(view) and
cheapest_unchecked(options), unchecked (ExpectedLossBot checks the view first).

Limits: every view is a liarsdice View; unknown dice 0..limits.MAX_UNKNOWN (tables of more than
CACHED_DICE dice are computed but not cached); seats 0..len(dice) - 1; costs finite numbers;
chances 0..1. Bad arguments raise ValueError quoting them (ArgumentTypeError, also a
TypeError, for a wrong kind).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from liarsdice import odds
from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.checks import (
    check_counts,
    check_faces,
    check_flag,
    check_integer,
    check_number,
    check_probability,
    quote,
)
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import legal_bids
from liarsdice.limits import MAX_UNKNOWN
from liarsdice.moves import is_action
from liarsdice.rules import Rules
from liarsdice.view import Phase, View

CACHED_DICE = 200  # odds tables of at most this many dice (a full table: 20 x 10) are cached


def check_view(view: object) -> View:
    """Return `view` if it is a liarsdice View (what Game.view gives); else raise
    ArgumentTypeError quoting it."""
    if not isinstance(view, View):
        raise ArgumentTypeError(f"view={quote(view)}: expected a liarsdice View (Game.view(seat))")
    return view


def _check_bid(bid: object) -> Bid:
    """Return `bid` if it is a Bid; else raise ArgumentTypeError quoting it."""
    if not isinstance(bid, Bid):
        raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid")
    return bid


def is_move_turn(view: View) -> bool:
    """Return True if the view's seat must bid or call (not show-or-pass after its bid).

    Raises:
        ArgumentTypeError: `view` is no View.
        ValueError: it is not the seat's turn (it has no legal action).
    """
    check_view(view)
    if not view.legal_actions():
        raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
    return view.phase == Phase.BID


@lru_cache(maxsize=8192)  # each table of at most CACHED_DICE dice: at most 10 kB
def _odds_table(rules: Rules, unknown: int, known: tuple[int, ...], palifico: bool) -> np.ndarray:
    """Return odds.table, read-only (shared by every caller of the cache)."""
    table = odds.table(rules, unknown, known, palifico)
    table.flags.writeable = False
    return table


def odds_table(rules: Rules, unknown: int, known: tuple[int, ...], palifico: bool) -> np.ndarray:
    """Return odds.table for a view: P(true) indexed [face - 1, quantity] (do not modify).

    Limits: unknown 0..limits.MAX_UNKNOWN dice; known a sequence of faces 1..6; palifico
    True or False. Tables of at most CACHED_DICE dice in all are cached.
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules={quote(rules)}: expected a Rules (see liarsdice.preset)")
    unknown = check_integer("unknown", unknown, 0, MAX_UNKNOWN)
    if type(known) is not tuple or not all(type(d) is int and 1 <= d <= 6 for d in known):
        known = check_faces("known", known)
    if len(known) > MAX_UNKNOWN:
        raise ValueError(f"known={quote(known)}: at most {MAX_UNKNOWN:,} dice")
    palifico = check_flag("palifico", palifico)
    if unknown + len(known) <= CACHED_DICE:
        return _odds_table(rules, unknown, known, palifico)
    table = odds.table(rules, unknown, known, palifico)
    table.flags.writeable = False
    return table


def chances(view: View) -> np.ndarray:
    """Return P(true) of every bid from the view, indexed [face - 1, quantity]."""
    check_view(view)
    return odds_table(view.rules, view.unknown, view.known, view.palifico)


def bid_chance(view: View, bid: Bid) -> float:
    """Return P(bid true) from the view (0 for a quantity beyond the dice on the table)."""
    _check_bid(bid)
    table = chances(view)
    return float(table[bid.face - 1, bid.quantity]) if bid.quantity < table.shape[1] else 0.0


def raises(view: View) -> tuple[Bid, ...]:
    """Return the seat's legal bids, lowest first (a palifico round's face lock included)."""
    check_view(view)
    return legal_bids(view.rules, view.total, view.previous, view.palifico, view.locked)


def bid_arrays(bids: tuple[Bid, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Return the bids' faces - 1 and quantities as arrays, for fancy indexing of a table.

    bids: a tuple (or list) of Bids; tuples are cached.
    """
    given = bids
    if type(bids) is not tuple:
        if isinstance(bids, str | bytes) or not hasattr(bids, "__iter__"):
            raise ArgumentTypeError(f"bids={quote(bids)}: expected a tuple of Bids")
        bids = tuple(bids)
    for bid in bids:
        if not isinstance(bid, Bid):
            raise ArgumentTypeError(f"bids={quote(given)}: {quote(bid)} is not a Bid")
    return _bid_arrays(bids)


@lru_cache(maxsize=4096)
def _bid_arrays(bids: tuple[Bid, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Return bid_arrays of checked bids."""
    faces = np.array([b.face - 1 for b in bids], dtype=np.intp)
    quantities = np.array([b.quantity for b in bids], dtype=np.intp)
    return faces, quantities


def held(hand: tuple[int, ...]) -> np.ndarray:
    """Return how many of the hand's dice show each face, indexed face - 1 (hand: faces 1..6)."""
    if type(hand) is not tuple or not all(type(d) is int and 1 <= d <= 6 for d in hand):
        hand = check_faces("hand", hand)
    return np.bincount(np.asarray(hand, dtype=np.intp) - 1, minlength=6)


def lowest_of_each_face(bids: tuple[Bid, ...]) -> list[Bid]:
    """Return the first bid of each face among `bids` (Bids, given lowest first)."""
    if isinstance(bids, str | bytes) or not hasattr(bids, "__iter__"):
        raise ArgumentTypeError(f"bids={quote(bids)}: expected a sequence of Bids")
    lowest: dict[int, Bid] = {}
    for bid in bids:
        if not isinstance(bid, Bid):
            raise ArgumentTypeError(f"bids={quote(bids)}: {quote(bid)} is not a Bid")
        lowest.setdefault(bid.face, bid)
    return list(lowest.values())


def cheapest_raises(view: View) -> list[Bid]:
    """Return the lowest legal raise of each face (a higher one of a face only risks more)."""
    return lowest_of_each_face(raises(view))


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
    """Return the dice `seat` expects to lose if `challenger` challenges `bid` by `bidder`.

    Limits: unknown 0..limits.MAX_UNKNOWN; known faces 1..6; dice two or more counts >= 0;
    bidder, challenger and seat 0..len(dice) - 1 (the rest is checked by odds.challenge_cost).
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules={quote(rules)}: expected a Rules (see liarsdice.preset)")
    _check_bid(bid)
    unknown = check_integer("unknown", unknown, 0, MAX_UNKNOWN)
    if type(known) is not tuple or not all(type(d) is int and 1 <= d <= 6 for d in known):
        known = check_faces("known", known)
    if type(dice) is not tuple or not all(type(n) is int and n >= 0 for n in dice):
        dice = check_counts("dice", dice, low=0, size=2)
    if len(dice) < 2:
        raise ValueError(f"dice={quote(dice)}: expected two or more dice counts")
    bidder = check_integer("bidder", bidder, 0, len(dice) - 1)
    challenger = check_integer("challenger", challenger, 0, len(dice) - 1)
    seat = check_integer("seat", seat, 0, len(dice) - 1)
    palifico = check_flag("palifico", palifico)
    if sum(dice) != unknown + len(known):
        raise ValueError(
            f"dice={quote(dice)}, unknown={unknown}, known={quote(known)}: the dice per seat "
            "must add up to unknown + len(known)"
        )
    return _expected_loss(rules, bid, unknown, known, dice, bidder, challenger, palifico, seat)


@lru_cache(maxsize=65536)
def _expected_loss(
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
    """Return expected_loss of checked arguments."""
    cost = odds.challenge_cost(
        bid, rules, unknown, known, dice=dice, bidder=bidder, challenger=challenger,
        palifico=palifico, exact=False,
    )  # fmt: skip
    return float(cost.expected_loss[seat])


def challenge_loss(view: View) -> float:
    """Return the dice the view's seat expects to lose by challenging the bid on the table."""
    check_view(view)
    if view.previous is None or view.bidder is None:
        raise ValueError(f"seat {view.seat} cannot challenge: there is no bid yet")
    return expected_loss(
        view.rules, view.previous, view.unknown, view.known, view.dice, view.bidder,
        view.seat, view.palifico, view.seat,
    )  # fmt: skip


def raise_loss(view: View, bid: Bid) -> float:
    """Return the dice the view's seat expects to lose by bidding `bid`, if the next seat
    challenges it."""
    check_view(view)
    _check_bid(bid)
    return expected_loss(
        view.rules, bid, view.unknown, view.known, view.dice, view.seat, view.next_seat,
        view.palifico, view.seat,
    )  # fmt: skip


TIE_DIGITS = 12  # costs equal to this many decimals are ties (floats add up in any order)


def _check_options(options: object) -> list[tuple[float, int, Action]]:
    """Return the (cost, order, action) options as a list; else raise quoting the bad one."""
    if isinstance(options, str | bytes) or not hasattr(options, "__iter__"):
        raise ArgumentTypeError(f"options={quote(options)}: expected (cost, order, action) triples")
    checked = list(options)
    for option in checked:
        if not (type(option) is tuple and len(option) == 3):
            raise ArgumentTypeError(f"option {quote(option)}: expected a (cost, order, action)")
        cost, order, action = option
        try:
            check_number("cost", cost)
            check_integer("order", order)
        except ValueError as error:
            raise type(error)(f"option {quote(option)}: {error}") from None
        if not is_action(action):
            raise ArgumentTypeError(f"option {quote(option)}: {quote(action)} is not an action")
    return checked


def by_cost(options: list[tuple[float, int, Action]]) -> list[tuple[float, int, Action]]:
    """Return (cost, order, action) options cheapest first; costs equal to TIE_DIGITS
    decimals tie, and the lower order comes first. Costs are finite numbers, orders integers."""
    checked = _check_options(options)
    return sorted(checked, key=lambda option: (round(option[0], TIE_DIGITS), option[1]))


def cheapest(options: list[tuple[float, int, Action]]) -> Action:
    """Return the action of the cheapest (cost, order, action) option (see by_cost); one or
    more options."""
    ranked = by_cost(options)
    if not ranked:
        raise ValueError(f"options={quote(options)}: no option to choose from")
    return ranked[0][2]


def calza_cost(right: float, gains: bool) -> float:
    """Return the dice a calza caller expects to lose when it is right with chance `right`
    (0..1): 1 if wrong, -1 if right and it gains a die (gains: True or False)."""
    right = float(check_probability("right", right))
    gains = check_flag("gains", gains)
    return (1 - right) - (right if gains else 0.0)


def calza_gains(view: View) -> bool:
    """Return True if a right calza would give the view's seat a die (below its start dice)."""
    check_view(view)
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
    check_view(view)
    if view.previous is None:
        raise ValueError(f"seat {view.seat} cannot call calza: there is no bid yet")
    rules, palifico = view.rules, view.palifico
    return _calza_loss(rules, view.previous, view.unknown, view.known, palifico, calza_gains(view))
