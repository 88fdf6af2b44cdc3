"""What a challenge costs: the dice each seat loses if a bid is challenged now.

Every possible count is settled by liarsdice.settlement (the rules' loss and exact options)
and weighted by its probability:
- ChallengeCost: the dice each seat loses (a distribution per seat) and the expected losses.
- challenge_cost(bid, rules, unknown, known, dice, bidder, challenger, palifico, exact): the
  cost from one seat's view (Fractions; floats with exact=False).
- cost_of_counts(distribution, bid, rules, dice, bidder, challenger): the same from any
  distribution of the count (liarsdice.inference gives one that reads bids).
- MAX_SEATS: the most seats in `dice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_integer, check_probability, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_UNKNOWN
from liarsdice.odds_checks import Probability, check_bid, check_rules, check_view
from liarsdice.odds_counts import count_distribution
from liarsdice.rules import MAX_PLAYERS_LIMIT, Rules
from liarsdice.settlement import settle_every_count

MAX_SEATS = MAX_PLAYERS_LIMIT  # seats in challenge_cost's and cost_of_counts' dice


def _check_seats(dice: object, bidder: object, challenger: object) -> tuple[int, ...]:
    """Return the dice per seat (two to MAX_SEATS seats); the seats are checked by settlement."""
    counts = check_counts("dice", dice, low=0, size=2)
    if len(counts) > MAX_SEATS:
        raise ValueError(f"dice={quote(dice)}: more than MAX_SEATS = {MAX_SEATS} seats")
    for name, seat in (("bidder", bidder), ("challenger", challenger)):
        check_integer(name, seat, 0, len(counts) - 1)
    return counts


@dataclass(frozen=True)
class ChallengeCost:
    """The dice each seat loses if a bid is challenged now, as distributions (exact by default).

    loss[seat] maps dice lost (negative: gained) to its probability; expected_loss[seat] is the
    mean. bidder_loss, challenger_loss and their expected_ forms pick out the two sides.
    """

    bid: Bid
    dice: tuple[int, ...]
    bidder: int
    challenger: int
    p_true: Probability
    loss: tuple[dict[int, Probability], ...]
    expected_loss: tuple[Probability, ...]

    @property
    def bidder_loss(self) -> dict[int, Probability]:
        """Return the bidder's distribution of dice lost."""
        return self.loss[self.bidder]

    @property
    def challenger_loss(self) -> dict[int, Probability]:
        """Return the challenger's distribution of dice lost."""
        return self.loss[self.challenger]

    @property
    def expected_bidder_loss(self) -> Probability:
        """Return the bidder's expected dice lost."""
        return self.expected_loss[self.bidder]

    @property
    def expected_challenger_loss(self) -> Probability:
        """Return the challenger's expected dice lost."""
        return self.expected_loss[self.challenger]


def challenge_cost(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    dice: Sequence[int] | None = None,
    bidder: int = 0,
    challenger: int = 1,
    palifico: bool = False,
    exact: bool = True,
) -> ChallengeCost:
    """Return what challenging `bid` now costs each seat, from one seat's view.

    Every possible count is settled by settlement.settle (the rules' loss and exact options)
    and weighted by its probability: a Fraction, or a float with exact=False (for bots).

    Args:
        bid, rules, unknown, known, palifico: as in bid_probability: unknown + len(known) at
            most MAX_EXACT_UNKNOWN dice (exact=True, the default) or MAX_UNKNOWN (exact=False).
        dice: dice per seat before settlement (2..MAX_SEATS seats); their sum must be
            unknown + len(known). None means two seats: the bidder (seat 0) holding the unknown
            dice and the challenger (seat 1) holding the known ones, a heads-up challenger's view.
        bidder, challenger: the seats that bid and challenge (integers, seats of `dice`).
        exact: True or False.
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    rules, n, known, exact, palifico = check_view(rules, unknown, known, exact, palifico)
    if dice is None:
        check_integer("bidder", bidder, low=0)
        check_integer("challenger", challenger, low=0)
        dice, bidder, challenger = (n, len(known)), 0, 1
    dice = _check_seats(dice, bidder, challenger)
    if sum(dice) != n + len(known):
        raise ValueError(
            f"dice={quote(dice)}, unknown={quote(unknown)}, known={quote(known)}: expected dice "
            f"counts per seat summing to unknown + len(known) = {n + len(known)}"
        )
    dist = count_distribution(bid.face, rules, n, known, exact=exact, palifico=palifico)
    return cost_of_counts(dist, bid, rules, dice, bidder, challenger)


def _check_distribution(distribution: object, size: int) -> list[Probability]:
    """Return the chances of counts 0..size - 1 as a list of floats, or of Fractions when every
    one is exact: each in [0, 1], their total 1 (within 1e-9); else raise quoting them."""
    expected = f"{size} probabilities (counts 0..{size - 1}) summing to 1"
    given: list[object]
    if isinstance(distribution, np.ndarray):
        if distribution.ndim != 1:
            raise ArgumentTypeError(f"distribution={quote(distribution)}: expected {expected}")
        given = distribution.tolist()
    elif isinstance(distribution, Sequence) and not isinstance(distribution, str | bytes):
        given = list(distribution)
    else:
        raise ArgumentTypeError(f"distribution={quote(distribution)}: expected {expected}")
    if len(given) != size:
        raise ValueError(
            f"distribution={quote(distribution)}: {len(given)} counts for a table of "
            f"{size - 1} dice (dice={{dice}}): expected {expected}"
        )
    exact = bool(given) and all(isinstance(c, Fraction) for c in given)
    chances: list[Probability] = []
    for count, chance in enumerate(given):
        try:
            chances.append(check_probability(f"distribution[{count}]", chance, exact=exact))
        except ValueError as error:
            raise type(error)(f"{error} (distribution={quote(distribution)})") from None
    total: Probability = sum(chances, Fraction(0) if exact else 0.0)
    if not -1e-9 <= total - 1 <= 1e-9:  # |total - 1| > 1e-9 (abs of a union types as object)
        raise ValueError(
            f"distribution={quote(distribution)}: the probabilities sum to {total!r}, not 1"
        )
    return chances


def cost_of_counts(
    distribution: Sequence[Probability] | NDArray[np.floating[Any]],
    bid: Bid,
    rules: Rules,
    dice: Sequence[int],
    bidder: int,
    challenger: int,
) -> ChallengeCost:
    """Return what challenging `bid` costs each seat when the table's count of its face has
    `distribution` (count -> probability, as count_distribution gives; Fractions stay exact).

    challenge_cost uses the odds of one seat's view; liarsdice.inference supplies a
    distribution that reads the other players' bids.

    Limits: dice per seat 2..MAX_SEATS seats holding at most MAX_UNKNOWN dice in all;
    `distribution` holds sum(dice) + 1 probabilities in [0, 1] summing to 1 (within 1e-9);
    the bid's quantity 1..MAX_QUANTITY. Float probabilities in the result are clipped into
    [0, 1], where rounding could overshoot.
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    dice = _check_seats(dice, bidder, challenger)
    if sum(dice) > MAX_UNKNOWN:
        raise ValueError(f"dice={quote(dice)}: more than MAX_UNKNOWN = {MAX_UNKNOWN:,} dice")
    try:
        chances = _check_distribution(distribution, sum(dice) + 1)
    except ValueError as error:
        raise type(error)(str(error).replace("{dice}", quote(dice))) from None
    zero = Fraction(0) if chances and isinstance(chances[0], Fraction) else 0.0
    loss: list[dict[int, Probability]] = [{} for _ in dice]
    outcomes = settle_every_count(rules, dice, bidder, challenger, bid)
    for count, chance in enumerate(chances):
        if chance:
            for seat, lost in enumerate(outcomes[count].lost):
                loss[seat][lost] = loss[seat].get(lost, zero) + chance
    if not isinstance(zero, Fraction):  # rounded sums may pass 1 by an ulp or two
        loss = [{k: min(v, 1.0) for k, v in d.items()} for d in loss]
    p_true = sum(chances[bid.quantity :], zero)
    return ChallengeCost(
        bid=bid,
        dice=tuple(dice),
        bidder=bidder,
        challenger=challenger,
        p_true=p_true if isinstance(zero, Fraction) else min(max(p_true, 0.0), 1.0),
        loss=tuple(dict(sorted(d.items())) for d in loss),
        expected_loss=tuple(sum((k * v for k, v in d.items()), zero) for d in loss),
    )
