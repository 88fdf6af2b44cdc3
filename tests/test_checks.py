"""Tests of liarsdice.checks through every public entry point: numpy integers are taken as
ints, bools and floats are refused, with one message shape ("name=value: expected an integer")."""

from __future__ import annotations

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid, Game, odds, settle, settle_calza, solver
from liarsdice.agents import RandomBot
from liarsdice.checks import check_counts, check_faces, check_integer, quote
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.tournament import tournament

BLEF = ld.preset("blef")
N = np.int64


def test_check_integer_takes_numpy_integers_and_refuses_bools_and_floats() -> None:
    for value in (3, N(3), np.int8(3), np.uint16(3)):
        result = check_integer("n", value, 1, 6)
        assert result == 3 and type(result) is int
    for value in (True, np.bool_(True), 3.0, np.float64(3), "3", None):
        with pytest.raises(ArgumentTypeError, match=r"^n=.*: expected an integer 1\.\.6$"):
            check_integer("n", value, 1, 6)
    with pytest.raises(ValueError, match=r"^n=7: expected an integer 1\.\.6$"):
        check_integer("n", 7, 1, 6)
    assert issubclass(ArgumentTypeError, TypeError) and issubclass(ArgumentTypeError, ValueError)


def test_faces_counts_and_quotes() -> None:
    assert check_faces("hand", np.array([1, 3, 5])) == (1, 3, 5)
    for bad in ("135", (1, True), (1, 2.0), (0,), 5):
        with pytest.raises(ValueError, match="hand="):
            check_faces("hand", bad)
    assert check_counts("dice", [N(5), 0]) == (5, 0)
    for bad in ((5,), (5, -1), (5, False), "55"):
        with pytest.raises(ValueError, match="dice="):
            check_counts("dice", bad, size=2)
    long = quote("x" * 500)
    assert len(long) < 120 and long.endswith("(502 characters)")


# Each entry point: (call with numpy integers, expected result), and calls with a bool.
ACCEPTS = [
    (lambda: Bid(N(3), np.int8(5)), Bid(3, 5)),
    (lambda: ld.Rules(dice=N(6)), ld.preset("blef", dice=6)),
    (lambda: ld.Rules(wild=N(6), wild_name="star"), ld.Rules(wild=6, wild_name="star")),
    (lambda: ld.preset("blef", dice=np.int32(4), max_players=N(3)).dice, 4),
    (
        lambda: Game(BLEF, players=N(3), seed=np.uint8(4), opener=N(1)).to_json(),
        Game(BLEF, players=3, seed=4, opener=1).to_json(),
    ),
    (lambda: Game(BLEF, 3, 4).view(N(2)), Game(BLEF, 3, 4).view(2)),
    (
        lambda: settle(BLEF, np.array([5, 5, 5]), N(0), N(1), Bid(3, 5), N(4)),
        settle(BLEF, (5, 5, 5), 0, 1, Bid(3, 5), 4),
    ),
    (
        lambda: settle_calza(BLEF, [N(5), N(4)], N(1), Bid(3, 5), N(3)),
        settle_calza(BLEF, (5, 4), 1, Bid(3, 5), 3),
    ),
    (
        lambda: odds.bid_probability("7x5", BLEF, N(15), np.array([1, 3, 5]), exact=True),
        odds.bid_probability("7x5", BLEF, 15, (1, 3, 5), exact=True),
    ),
    (
        lambda: odds.count_distribution(N(5), BLEF, N(4), exact=True),
        odds.count_distribution(5, BLEF, 4, exact=True),
    ),
    (
        lambda: odds.challenge_cost("3x5", BLEF, N(4), (1,), dice=(N(3), N(2))).expected_loss,
        odds.challenge_cost("3x5", BLEF, 4, (1,), dice=(3, 2)).expected_loss,
    ),
    (lambda: BLEF.ladder(N(3)), BLEF.ladder(3)),
    (lambda: BLEF.bid_at(N(11)), BLEF.bid_at(11)),
    (lambda: (BLEF.min_wild_after(N(9)), BLEF.min_plain_after(N(2))), (5, 4)),
    (lambda: BLEF.face_name(N(5)), "five"),
    (lambda: BLEF.start_dice(N(4)), 5),
    (lambda: solver.check_size((N(1), N(2)), N(6)), (1, 2)),
]


@pytest.mark.parametrize(("call", "expected"), ACCEPTS)
def test_numpy_integers_are_taken_as_ints_everywhere(call, expected) -> None:
    assert call() == expected


REFUSES = [
    (lambda: Bid(True, 5), "quantity=True"),
    (lambda: Bid(3, 5.0), "face=5.0"),
    (lambda: ld.Rules(dice=True), "dice=True"),
    (lambda: ld.Rules(wild=True), "wild=True"),
    (lambda: ld.preset("blef", max_players=2.0), "max_players=2.0"),
    (lambda: Game(BLEF, players=True), "players=True"),
    (lambda: Game(BLEF, 3, seed=True), "seed=True"),
    (lambda: Game(BLEF, 3, seed=1.5), "seed=1.5"),
    (lambda: Game(BLEF, 3, opener=True), "opener=True"),
    (lambda: Game(BLEF, 3).view(False), "seat=False"),
    (lambda: settle(BLEF, (5, True), 0, 1, Bid(3, 5), 4), "dice="),
    (lambda: settle(BLEF, (5, 5), True, 0, Bid(3, 5), 4), "bidder=True"),
    (lambda: settle(BLEF, (5, 5), 0, 1, Bid(3, 5), 4.0), "count=4.0"),
    (lambda: odds.bid_probability("7x5", BLEF, True), "unknown=True"),
    (lambda: odds.bid_probability("7x5", BLEF, 15.0), "unknown=15.0"),
    (lambda: odds.table(BLEF, 3, (True,)), "known="),
    (lambda: odds.count_distribution(True, BLEF, 3), "face=True"),
    (lambda: BLEF.ladder(True), "max_quantity=True"),
    (lambda: BLEF.ladder(3.0), "max_quantity=3.0"),
    (lambda: BLEF.bid_at(False), "rank=False"),
    (lambda: BLEF.min_wild_after(True), "q=True"),
    (lambda: BLEF.min_plain_after(2.5), "k=2.5"),
    (lambda: BLEF.face_name(True), "face=True"),
    (lambda: solver.check_size((True, 1), 6), "dice="),
    (lambda: solver.check_size((1, 1), 6.0), "faces=6.0"),
    (lambda: tournament([RandomBot()] * 2, games=True, progress=False), "games=True"),
    (lambda: tournament([RandomBot()] * 2, games=2, workers=1.0, progress=False), "workers=1.0"),
    (lambda: tournament([RandomBot()] * 2, games=2, seed=None, progress=False), "seed=None"),
]


@pytest.mark.parametrize(("call", "quoted"), REFUSES)
def test_bools_and_floats_are_refused_everywhere_quoting_them(call, quoted: str) -> None:
    with pytest.raises(
        ValueError,
        match=r"expected an integer|expected a seed, an integer|not a face|integers >= |allowed",
    ) as e:
        call()
    assert quoted in str(e.value)
    assert isinstance(e.value, TypeError | InvalidBidError)  # a wrong kind, or a bad bid
