"""A Rules option added from outside the package: the text, the engine, the bots' costs and the
endgame all read the one outcome function (issue 23, item 1).

The toy option `max_loss` caps the dice a challenge costs. It is declared the way
docs/extending.md says: a Rules subclass with one option_field and its own dice_owed.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

import pytest

import liarsdice as ld
from liarsdice import botkit_fast, settlement
from liarsdice.rules import Whole, option_field, rules_key
from liarsdice.solver.endgame import EndgameState, next_state


@dataclass(frozen=True)
class CappedRules(ld.Rules):
    """Blef, but a challenge costs at most `max_loss` dice."""

    max_loss: int = option_field(10, Whole(1, 10), "the most dice a challenge costs")

    def dice_owed(
        self, table: tuple[int, ...], bidder: int, challenger: int, difference: int
    ) -> dict[int, int]:
        owed = super().dice_owed(table, bidder, challenger, difference)
        return {seat: min(n, self.max_loss) for seat, n in owed.items()}


CAPPED = CappedRules(max_loss=2)


def test_the_option_is_checked_and_keyed() -> None:
    with pytest.raises(ValueError, match="max_loss"):
        CappedRules(max_loss=0)
    assert rules_key(CAPPED) == '{"max_loss":2}'
    assert rules_key(CappedRules()) == rules_key(ld.preset("blef")) == "{}"


def test_the_explanation_says_the_dice_actually_lost() -> None:
    result = ld.settle(CAPPED, (5, 5), bidder=0, challenger=1, bid=ld.Bid(8, 5), count=3)
    assert result.lost == (2, 0) and result.dice == (3, 5)
    assert "loses 2 dice" in result.explanation and "5" not in result.explanation.split(":")[1]


def test_the_engine_settles_by_the_option() -> None:
    for seed in range(40):
        game = ld.Game(CAPPED, players=2, seed=seed, opener=0)
        game.apply(ld.Bid(10, 6))  # every die a six or an ace: almost surely false
        game.apply(ld.Challenge())
        result = game.last_round
        assert result is not None
        owed = 10 - result.count
        assert result.settlement.lost[0] == min(owed, 2), (seed, result)
        assert result.settlement == settlement.outcome(
            CAPPED, (5, 5), 0, 1, ld.Bid(10, 6), result.count
        )


def test_the_bots_costs_read_the_option() -> None:
    """ExpectedLossBot's cost of challenging equals the dice lost summed over every count,
    by brute force over every roll of the unknown dice."""
    game = ld.Game(CAPPED, players=2, seed=3, opener=0)
    game.apply(ld.Bid(7, 4))
    view = game.view(1)
    hand = view.hand
    costs = dict((action, cost) for cost, _, action in botkit_fast.loss_options(view))
    total = Fraction(0)
    for roll in itertools.product(range(1, 7), repeat=5):
        count = CAPPED.count(roll + hand, 4)
        lost = settlement.outcome(CAPPED, (5, 5), 0, 1, ld.Bid(7, 4), count).lost[1]
        total += lost
    assert costs[ld.Challenge()] == pytest.approx(float(total / 6**5), abs=1e-12)
    assert costs[ld.Challenge()] <= 2


def test_the_endgame_reads_the_option() -> None:
    state = EndgameState((2, 1), 0)
    bid = ld.Bid(3, 2)  # none on the table: the bidder owes 3
    assert next_state(ld.preset("blef"), state, bidder=0, bid=bid, count=0) == -1.0
    capped = next_state(CappedRules(max_loss=1), state, bidder=0, bid=bid, count=0)
    assert capped == EndgameState((1, 1), 1)  # one die lost, the winner (seat 1) opens
