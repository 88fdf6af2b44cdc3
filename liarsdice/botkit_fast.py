"""ExpectedLossBot's moves, fast: the same costs as liarsdice.botkit's, computed once each.

- loss_options(view): ExpectedLossBot's options for a View at its move turn (checked by the
  caller): (expected dice lost, order, move) for a challenge, calza where offered, and the
  cheapest raise of each face; the same floats, bit for bit, as botkit.challenge_loss,
  calza_loss and raise_loss.
- cheapest_unchecked(options): botkit.cheapest for checked options.

Both are unchecked: ExpectedLossBot (liarsdice.bots_basic) checks the view first.
"""

from __future__ import annotations

from functools import lru_cache

from liarsdice import odds
from liarsdice.actions import Action, Calza, Challenge
from liarsdice.bids import Bid
from liarsdice.botkit import TIE_DIGITS, calza_loss, lowest_of_each_face
from liarsdice.ladder import legal_bids
from liarsdice.rules import Rules
from liarsdice.settlement import next_seat_unchecked, outcome_unchecked, settle
from liarsdice.view import View

# ----- ExpectedLossBot's moves, fast -----------------------------------------------------------
#
# loss_options(view) gives exactly the costs that challenge_loss, calza_loss and raise_loss give
# (the same floats, bit for bit: the same binomial row, and the same sums in the same order as
# odds.cost_of_counts), but it checks the view once and caches on smaller keys:
# - a bid's cost depends on the view only through the rules, the dice per seat, the seats,
#   the bid, palifico, and how many of the seen dice match the bid's face and how many do not;
# - a settlement's dice lost depend on the count and the bid's quantity only through
#   count - quantity (rules.dice_owed takes only that difference: the contract of a loss
#   option), so one row of losses per (rules, dice, bidder, challenger), read from
#   settlement.outcome, serves every bid (tests/test_botkit.py checks it for every preset).


@lru_cache(maxsize=8192)  # every table of 4 seats of 0..5 dice, a bidder each; a few kB each
def _shifted_losses(
    rules: Rules, dice: tuple[int, ...], bidder: int, challenger: int
) -> tuple[tuple[int, ...], ...]:
    """Return the dice each seat loses when `challenger` challenges a bid of `bidder`, by
    count - quantity: losses[seat][d + sum(dice)] for d = -sum(dice)..sum(dice), each read from
    settlement.outcome (a lower d loses what -sum(dice) loses; d = sum(dice) cannot happen and
    repeats sum(dice) - 1)."""
    # The public check refuses what settlement refuses: seats without dice, equal seats, ...
    settle(rules, dice, bidder, challenger, Bid(1, 2), 0)
    total = sum(dice)
    rows: list[tuple[int, ...]] = []
    for d in range(-total, total):
        # a bid of quantity q with count q + d: q = -d from count 0, or q = 1 from count d + 1
        q, count = (-d, 0) if d < 0 else (1, d + 1)
        rows.append(outcome_unchecked(rules, dice, bidder, challenger, Bid(q, 2), count).lost)
    rows.append(rows[-1])
    return tuple(zip(*rows, strict=True))


@lru_cache(maxsize=1024)
def _pmf_row(rules: Rules, face: int, palifico: bool, unknown: int) -> tuple[float, ...]:
    """Return odds.binomial_pmf of the unknown dice for `face`, as count_distribution has it."""
    return tuple(odds.binomial_pmf(unknown, odds.match_chance(face, rules, palifico)).tolist())


@lru_cache(maxsize=4096)
def _matches(rules: Rules, known: tuple[int, ...], palifico: bool) -> tuple[int, ...]:
    """Return how many of the known dice count for each face, indexed face - 1."""
    return tuple(rules.count(known, face, palifico) for face in range(1, 7))


@lru_cache(maxsize=1 << 17)  # a key and a float: at most some tens of MB
def _loss(
    rules: Rules,
    dice: tuple[int, ...],
    bidder: int,
    challenger: int,
    seat: int,
    bid: Bid,
    palifico: bool,
    matched: int,
    seen: int,
) -> float:
    """Return expected_loss for a seat that sees `seen` dice, `matched` of them counting for
    the bid's face: odds.cost_of_counts' sum for `seat`, term by term."""
    total = sum(dice)
    row = _pmf_row(rules, bid.face, palifico, total - seen)
    lost = _shifted_losses(rules, dice, bidder, challenger)[seat]
    start = matched - bid.quantity + total  # where count `matched` sits in `lost`
    if start < 0:  # a quantity above the dice: every count loses what the lowest d loses
        lost, start = (lost[0],) * -start + lost, 0
    groups: dict[int, float] = {}
    for j, chance in enumerate(row, start):  # count matched + j, in order, as cost_of_counts
        if chance:
            k = lost[j]
            groups[k] = groups.get(k, 0.0) + chance
    # Summed in the order the losses first occur (not sorted), as cost_of_counts sums them.
    return sum((k * min(v, 1.0) for k, v in groups.items()), 0.0)


@lru_cache(maxsize=4096)
def _cheapest_raises(
    rules: Rules, total: int, previous: Bid | None, palifico: bool, locked: bool
) -> tuple[Bid, ...]:
    """Return cheapest_raises for a view of these (cached)."""
    return tuple(lowest_of_each_face(legal_bids(rules, total, previous, palifico, locked)))


def loss_options(view: View) -> list[tuple[float, int, Action]]:
    """Return ExpectedLossBot's options for a View at its move turn (checked by the caller):
    challenge_loss, calza_loss and raise_loss of each cheapest raise, computed once each."""
    rules, dice, seat, palifico = view.rules, view.dice, view.seat, view.palifico
    known = view.known
    matches, seen = _matches(rules, known, palifico), len(known)
    previous = view.previous
    options: list[tuple[float, int, Action]] = []
    if previous is not None:
        bidder = view.bidder
        if bidder is None:
            raise ValueError(f"seat {seat} cannot challenge: there is no bid yet")
        cost = _loss(rules, dice, bidder, seat, seat, previous, palifico,
                     matches[previous.face - 1], seen)  # fmt: skip
        options.append((cost, 0, Challenge()))
        # The engine offers calza only under rules.calza (a long scan of the bids spared).
        if rules.calza and Calza() in view.legal_actions():
            options.append((calza_loss(view), 1, Calza()))
    total = sum(dice)
    raises = _cheapest_raises(rules, total, previous, palifico, view.locked)
    if raises:
        answers = next_seat_unchecked(dice, (seat + 1) % len(dice))
        for order, bid in enumerate(raises, start=2):
            cost = _loss(rules, dice, seat, answers, seat, bid, palifico,
                         matches[bid.face - 1], seen)  # fmt: skip
            options.append((cost, order, bid))
    return options


def _rank(option: tuple[float, int, Action]) -> tuple[float, int]:
    """Return by_cost's sort key of an option."""
    return round(option[0], TIE_DIGITS), option[1]


def cheapest_unchecked(options: list[tuple[float, int, Action]]) -> Action:
    """Return cheapest(options) for checked options, one or more (the first of by_cost)."""
    return min(options, key=_rank)[2]
