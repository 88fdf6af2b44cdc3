"""Tests of liarsdice.settlement: every loss, exact and next_opener option (RULES.md 3, 4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid
from liarsdice.settlement import next_seat_with_dice, settle, settle_calza

BLEF = ld.preset("blef")
BLUFF = ld.preset("bluff")
BLUFF_ORIGINAL = ld.preset("bluff_original")
ENDLESS = ld.preset("liars_dice_endless")
PERUDO = ld.preset("perudo")
OPENSPIEL = ld.preset("openspiel")


# --- RULES.md's worked example ---------------------------------------------------------------


def test_rules_example_nine_fives_with_eleven_on_the_table_costs_the_challenger_two() -> None:
    table = (1, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1, 2, 3, 4, 6)  # 7 fives and 4 aces
    count = BLEF.count(table, 5)
    assert count == 11
    result = settle(BLEF, (5, 5, 5), bidder=0, challenger=1, bid=Bid(9, 5), count=count)
    assert result.dice == (5, 3, 5)
    assert result.lost == (0, 2, 0)
    assert (result.winner, result.loser, result.next_opener) == (0, 1, 0)
    assert (
        result.explanation == "9 fives bid, 11 on the table: the challenger, seat 1, loses 2 dice"
    )


# --- loss --------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [BLEF, BLUFF, BLUFF_ORIGINAL, ENDLESS])
def test_difference_the_bidder_loses_the_shortfall(rules: ld.Rules) -> None:
    result = settle(rules, (5, 5, 5), bidder=2, challenger=0, bid=Bid(9, 3), count=6)
    assert result.lost == (0, 0, 3)
    assert (result.winner, result.loser) == (0, 2)


def test_difference_never_takes_more_dice_than_a_seat_has() -> None:
    result = settle(BLEF, (2, 5), bidder=0, challenger=1, bid=Bid(6, 4), count=0)
    assert result.dice == (0, 5)
    assert result.lost == (2, 0)
    assert result.next_opener == 1


@pytest.mark.parametrize(("count", "loser"), [(3, 1), (4, 1), (2, 0)])
def test_one_loss_the_wrong_side_loses_one_and_a_tie_makes_the_bid_right(
    count: int, loser: int
) -> None:
    result = settle(PERUDO, (5, 5), bidder=0, challenger=1, bid=Bid(3, 4), count=count)
    assert result.lost[loser] == 1
    assert sum(result.lost) == 1
    assert result.loser == loser


# --- exact (count == bid under difference) ----------------------------------------------------


@pytest.mark.parametrize("rules", [BLEF, BLUFF_ORIGINAL])
def test_exact_others_lose_one(rules: ld.Rules) -> None:
    result = settle(rules, (5, 1, 5, 0, 3), bidder=2, challenger=4, bid=Bid(4, 2), count=4)
    assert result.dice == (4, 0, 5, 0, 2)
    assert result.lost == (1, 1, 0, 0, 1)
    assert (result.winner, result.loser) == (2, 4)
    assert "every player but the bidder, seat 2, loses 1 die" in result.explanation


def test_exact_challenger_to_bidder_moves_a_die() -> None:
    result = settle(BLUFF, (4, 5, 6), bidder=0, challenger=1, bid=Bid(4, 2), count=4)
    assert result.dice == (5, 4, 6)
    assert result.lost == (-1, 1, 0)
    assert sum(result.dice) == sum((4, 5, 6))


def test_exact_challenger_to_bidder_cap_at_the_starting_dice_sends_the_die_away() -> None:
    cap = BLUFF.start_dice(3)
    assert cap == 6
    result = settle(BLUFF, (cap, 5, 6), bidder=0, challenger=1, bid=Bid(4, 2), count=4)
    assert result.dice == (cap, 4, 6)
    assert result.lost == (0, 1, 0)
    assert "leaves the game" in result.explanation


def test_exact_challenger_to_bidder_cap_follows_the_box_at_six_players() -> None:
    assert BLUFF.start_dice(6) == 5  # a box of 30 dice
    dice = (5, 4, 5, 5, 5, 5)
    result = settle(BLUFF, dice, bidder=0, challenger=1, bid=Bid(6, 3), count=6)
    assert result.dice == (5, 3, 5, 5, 5, 5)


def test_exact_last_die_protected_keeps_last_dice_except_the_challengers() -> None:
    dice = (1, 1, 3, 1, 2)  # five seats: a group that brings a second set of dice
    result = settle(
        ld.preset("liars_dice_endless", max_players=5),
        dice,
        bidder=2,
        challenger=3,
        bid=Bid(3, 6),
        count=3,
    )
    assert result.dice == (1, 1, 3, 0, 1)
    assert result.lost == (0, 0, 0, 1, 1)
    assert "last die is kept" in result.explanation


def test_exact_last_die_protected_a_challenger_with_more_dice_loses_one() -> None:
    result = settle(ENDLESS, (1, 4, 2), bidder=0, challenger=1, bid=Bid(2, 3), count=2)
    assert result.dice == (1, 3, 1)


# --- the next opener ---------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "opener"), [(5, 0), (2, 1)])
def test_next_opener_winner_is_the_bidder_if_right_else_the_challenger(
    count: int, opener: int
) -> None:
    result = settle(BLEF, (5, 5, 5), bidder=0, challenger=1, bid=Bid(4, 3), count=count)
    assert result.next_opener == opener


@pytest.mark.parametrize(("count", "opener"), [(5, 1), (2, 0)])
def test_next_opener_loser_is_whoever_lost_dice(count: int, opener: int) -> None:
    result = settle(PERUDO, (5, 5, 5), bidder=0, challenger=1, bid=Bid(4, 3), count=count)
    assert result.next_opener == opener


def test_next_opener_loser_with_several_losers_is_the_challenger() -> None:
    rules = ld.preset("blef", next_opener="loser")
    result = settle(rules, (5, 5, 5, 5), bidder=0, challenger=1, bid=Bid(4, 3), count=4)
    assert result.lost == (0, 1, 1, 1)
    assert result.next_opener == 1


def test_next_opener_winner_when_exact_is_the_bidder() -> None:
    result = settle(BLEF, (5, 5, 5, 5), bidder=3, challenger=0, bid=Bid(4, 3), count=4)
    assert result.next_opener == 3


def test_an_eliminated_opener_passes_to_the_next_seat_with_dice() -> None:
    # Perudo: the loser opens; seat 2 loses its last die, seat 3 is empty, so seat 0 opens.
    result = settle(PERUDO, (3, 2, 1, 0), bidder=2, challenger=1, bid=Bid(5, 4), count=2)
    assert result.dice == (3, 2, 0, 0)
    assert result.next_opener == 0


def test_an_eliminated_losing_challenger_passes_the_opening_over_empty_seats() -> None:
    rules = ld.preset("blef", next_opener="loser")
    result = settle(rules, (2, 0, 3), bidder=2, challenger=0, bid=Bid(2, 5), count=5)
    assert result.dice == (0, 0, 3)
    assert result.next_opener == 2


def test_next_seat_with_dice() -> None:
    assert next_seat_with_dice((0, 2, 0, 1), 0) == 1
    assert next_seat_with_dice((0, 2, 0, 1), 2) == 3
    assert next_seat_with_dice((1, 0, 0, 0), 3) == 0
    with pytest.raises(ValueError, match="no seat has dice"):
        next_seat_with_dice((0, 0), 0)


# --- calza -------------------------------------------------------------------------------------


def test_calza_right_gains_a_die_and_opens() -> None:
    result = settle_calza(PERUDO, (5, 3, 4), caller=1, bid=Bid(4, 6), count=4)
    assert result.dice == (5, 4, 4)
    assert result.lost == (0, -1, 0)
    assert (result.winner, result.loser, result.next_opener) == (1, None, 1)


def test_calza_right_never_above_the_starting_dice() -> None:
    result = settle_calza(PERUDO, (5, 5, 4), caller=1, bid=Bid(4, 6), count=4)
    assert result.dice == (5, 5, 4)
    assert "gains none" in result.explanation


def test_calza_wrong_loses_one_and_an_eliminated_caller_passes_the_opening_on() -> None:
    result = settle_calza(PERUDO, (5, 1, 4), caller=1, bid=Bid(4, 6), count=5)
    assert result.dice == (5, 0, 4)
    assert (result.winner, result.loser, result.next_opener) == (None, 1, 2)


# --- bad input and invariants ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "bidder", "challenger", "count", "message"),
    [
        ((5,), 0, 0, 1, "two or more"),
        ((5, 0), 0, 1, 1, "challenger=1"),
        ((5, 5), 0, 0, 1, "must differ"),
        ((5, 5), 0, 1, 11, "count=11"),
    ],
)
def test_bad_arguments_are_refused_quoting_them(
    dice: tuple, bidder: int, challenger: int, count: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        settle(BLEF, dice, bidder, challenger, Bid(2, 3), count)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(ld.PRESETS)),
    dice=st.lists(st.integers(0, 6), min_size=2, max_size=6),
    data=st.data(),
)
def test_settlement_never_goes_negative_and_grows_only_by_a_transfer(
    name: str, dice: list[int], data: st.DataObject
) -> None:
    rules = ld.preset(name, max_players=20)
    alive = [s for s, n in enumerate(dice) if n]
    if len(alive) < 2 or sum(dice) < 1:
        return
    bidder, challenger = data.draw(st.permutations(alive))[:2]
    cap = rules.start_dice(len(dice))
    dice = [min(n, cap) for n in dice]
    if not dice[bidder] or not dice[challenger]:
        return
    count = data.draw(st.integers(0, sum(dice)))
    bid = Bid(data.draw(st.integers(1, sum(dice))), data.draw(st.integers(1, 6)))
    result = settle(rules, tuple(dice), bidder, challenger, bid, count)
    assert all(n >= 0 for n in result.dice)
    assert sum(result.dice) <= sum(dice)
    assert all(n <= cap for n in result.dice)
    assert result.dice[result.next_opener] > 0
    assert sum(n for n in result.lost if n > 0) >= 1  # somebody always loses a die
    assert sum(result.lost) >= 0  # a die is gained only when another is lost


def test_a_loss_larger_than_the_hand_is_capped_and_explained() -> None:
    result = ld.settle(ld.preset("blef"), (5, 5), 0, 1, ld.Bid(1, 5), 9)
    assert result.dice == (5, 0) and result.lost == (0, 5)
    assert "loses 5 dice" in result.explanation and "owed 8" in result.explanation


@pytest.mark.parametrize("name", sorted(ld.PRESETS))
def test_settle_every_count_equals_settling_each_count(name: str) -> None:
    rules = ld.preset(name)
    dice = (2, 1) if rules.max_players == 2 else (3, 1, 2)
    outcomes = ld.settlement.settle_every_count(rules, dice, 0, 1, Bid(2, 3))
    assert outcomes == tuple(settle(rules, dice, 0, 1, Bid(2, 3), c) for c in range(sum(dice) + 1))
    with pytest.raises(ValueError, match="must differ"):
        ld.settlement.settle_every_count(rules, dice, 0, 0, Bid(2, 3))


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402
from liarsdice.settlement import settle_every_count  # noqa: E402

HUGE = 10**5000

SETTLE_REFUSALS = [
    (lambda: settle(None, (3, 3), 0, 1, Bid(2, 5), 2), ArgumentTypeError, "rules=None"),
    (lambda: settle(42, (3, 3), 0, 1, Bid(2, 5), 2), ArgumentTypeError, "rules=42"),
    (lambda: settle("nope", (3, 3), 0, 1, Bid(2, 5), 2), ValueError, "'nope'"),
    (lambda: settle(BLEF, None, 0, 1, Bid(2, 5), 2), ArgumentTypeError, "dice=None"),
    (lambda: settle(BLEF, "33", 0, 1, Bid(2, 5), 2), ArgumentTypeError, "dice='33'"),
    (lambda: settle(BLEF, (3,), 0, 1, Bid(2, 5), 2), ArgumentTypeError, "dice=(3,)"),
    (lambda: settle(BLEF, (3, -1), 0, 1, Bid(2, 5), 2), ValueError, "dice=(3, -1)"),
    (lambda: settle(BLEF, (3, 2.0), 0, 1, Bid(2, 5), 2), ArgumentTypeError, "dice=(3, 2.0)"),
    (lambda: settle(BLEF, (HUGE, 3), 0, 1, Bid(2, 5), 2), ValueError, "dice="),
    (lambda: settle(BLEF, (1,) * 21, 0, 1, Bid(2, 5), 2), ValueError, "dice=(1, 1"),
    (lambda: settle(BLEF, (1,) * 10**6, 0, 1, Bid(2, 5), 2), ValueError, "dice=(1, 1"),
    (lambda: settle(BLUFF, (3,) * 7, 0, 1, Bid(2, 5), 2), ValueError, "dice=(3, 3"),
    (lambda: settle(BLEF, (0, 0), 0, 1, Bid(2, 5), 0), ValueError, "dice=(0, 0)"),
    (lambda: settle(BLEF, (3, 3), -1, 1, Bid(2, 5), 2), ValueError, "bidder=-1"),
    (lambda: settle(BLEF, (3, 3), 0, 2, Bid(2, 5), 2), ValueError, "challenger=2"),
    (lambda: settle(BLEF, (3, 3), 0, HUGE, Bid(2, 5), 2), ValueError, quote(HUGE)),
    (lambda: settle(BLEF, (3, 3), 0, 0, Bid(2, 5), 2), ValueError, "'bidder': 0"),
    (lambda: settle(BLEF, (3, 0), 0, 1, Bid(2, 5), 2), ValueError, "challenger=1"),
    (lambda: settle(BLEF, (3, 3), 0, 1, None, 2), ArgumentTypeError, "bid=None"),
    (lambda: settle(BLEF, (3, 3), 0, 1, (2, 5), 2), ArgumentTypeError, "bid=(2, 5)"),
    (lambda: settle(BLEF, (3, 3), 0, 1, "banana", 2), InvalidBidError, "'banana'"),
    (lambda: settle(BLEF, (3, 3), 0, 1, Bid(2, 5), 7), ValueError, "count=7"),
    (lambda: settle(BLEF, (3, 3), 0, 1, Bid(2, 5), -1), ValueError, "count=-1"),
    (lambda: settle(BLEF, (3, 3), 0, 1, Bid(2, 5), HUGE), ValueError, quote(HUGE)),
    (lambda: settle(BLEF, (3, 3), 0, 1, Bid(2, 5), None), ArgumentTypeError, "count=None"),
    (lambda: settle_calza(PERUDO, (3, 3), 5, Bid(2, 5), 2), ValueError, "caller=5"),
    (lambda: settle_calza(PERUDO, (3, 3), 0, None, 2), ArgumentTypeError, "bid=None"),
    (lambda: settle_calza(PERUDO, (3, 3), 0, Bid(2, 5), 2.0), ArgumentTypeError, "count=2.0"),
    (lambda: settle_calza(None, (3, 3), 0, Bid(2, 5), 2), ArgumentTypeError, "rules=None"),
    (lambda: settle_every_count(BLEF, (3, 3), 0, 1, "x"), InvalidBidError, "'x'"),
    (lambda: settle_every_count(BLEF, [[3], 3], 0, 1, Bid(2, 5)), ArgumentTypeError, "[[3], 3]"),
    (lambda: next_seat_with_dice(None, 0), ArgumentTypeError, "dice=None"),
    (lambda: next_seat_with_dice((1, 2), 5), ValueError, "seat=5"),
    (lambda: next_seat_with_dice((1, 2), 2.5), ArgumentTypeError, "seat=2.5"),
    (lambda: next_seat_with_dice(("a", 2), 0), ArgumentTypeError, "dice=('a', 2)"),
    (lambda: next_seat_with_dice((), 0), ArgumentTypeError, "dice=()"),
    (lambda: next_seat_with_dice((0, 0), 0), ValueError, "dice=(0, 0)"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), SETTLE_REFUSALS)
def test_bad_input_to_settlement_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600


def test_settlement_takes_preset_names_and_bid_text() -> None:
    assert settle("blef", (3, 3), 0, 1, "2x5", 2) == settle(BLEF, (3, 3), 0, 1, Bid(2, 5), 2)
    assert settle_calza("perudo", [3, 3], 0, "2x5", 2) == settle_calza(
        PERUDO, (3, 3), 0, Bid(2, 5), 2
    )
