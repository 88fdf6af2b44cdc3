"""Tests of liarsdice.odds and its parts (odds_checks, odds_counts, odds_costs, odds_simulation):
every exact result against brute-force enumeration of 6^n rolls."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import math
import re
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import odds
from liarsdice.settlement import settle

BLEF = ld.preset("blef")
BLUFF = ld.preset("bluff")
RULES = [BLEF, BLUFF]  # the ace wild and the star (6) wild
FACES = range(1, 7)
# Every known hand of up to two dice, plus a few longer hands and shown dice.
SMALL_HANDS = [()] + [
    h for size in (1, 2) for h in itertools.combinations_with_replacement(FACES, size)
]
LONG_HANDS = [(1, 1, 3, 5, 6), (6, 6, 6), (2, 3, 4, 5)]


# ----- brute force ------------------------------------------------------------------------------


@cache
def rolls(n: int) -> np.ndarray:
    """Return every roll of n dice, one row each (6^n rows), from itertools.product."""
    return np.array(list(itertools.product(FACES, repeat=n)), dtype=np.int64).reshape(6**n, n)


def counts_on_table(n: int, face: int, rules: ld.Rules, known: tuple, palifico: bool) -> np.ndarray:
    """Return the count of `face` on the table for every roll of the n unknown dice."""
    dice = np.hstack([rolls(n), np.tile(np.array(known, dtype=np.int64), (6**n, 1))])
    wild_counts = face != rules.wild and not palifico
    return ((dice == face) | ((dice == rules.wild) & wild_counts)).sum(axis=1)


@cache
def enumerated_distribution(
    n: int, face: int, rules: ld.Rules, known: tuple, palifico: bool
) -> list[Fraction]:
    """Return P(count = c), c = 0..n + len(known), by counting all 6^n rolls."""
    counts = counts_on_table(n, face, rules, known, palifico)
    tally = np.bincount(counts, minlength=n + len(known) + 1)
    return [Fraction(int(t), 6**n) for t in tally]


def enumerated_tail(n: int, face: int, rules: ld.Rules, known: tuple, q: int, palifico=False):
    """Return P(count >= q) by counting all 6^n rolls."""
    return sum(enumerated_distribution(n, face, rules, known, palifico)[q:], Fraction(0))


def views(max_n: int, hands=SMALL_HANDS):
    """Yield (n, rules, known, palifico) for every small view of the table."""
    for n, rules, known, palifico in itertools.product(
        range(max_n + 1), RULES, hands, (False, True)
    ):
        yield n, rules, tuple(known), palifico


# ----- count distributions ----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(7))
def test_binomial_pmf_and_tails_equal_enumeration(n: int) -> None:
    for face, rules in itertools.product(FACES, RULES):
        expected = enumerated_distribution(n, face, rules, (), False)
        p = odds.match_chance(face, rules)
        assert odds.binomial_pmf(n, p, exact=True) == expected
        tails = odds.binomial_tails(n, p, exact=True)
        assert tails == [sum(expected[k:], Fraction(0)) for k in range(n + 2)]
        assert np.allclose(
            odds.binomial_pmf(n, p), [float(x) for x in expected], rtol=0, atol=1e-12
        )
        assert np.allclose(odds.binomial_tails(n, p), [float(x) for x in tails], rtol=0, atol=1e-12)


def test_match_chance_is_a_third_for_plain_and_a_sixth_for_wild_or_palifico() -> None:
    for rules in RULES:
        for face in FACES:
            expected = enumerated_tail(1, face, rules, (), 1)
            assert odds.match_chance(face, rules) == expected
            assert odds.match_chance(face, rules, palifico=True) == Fraction(1, 6)
        assert {odds.match_chance(f, rules) for f in rules.plain_faces} == {Fraction(1, 3)}


def test_count_distribution_equals_enumeration_and_sums_to_one() -> None:
    for n, rules, known, palifico in views(4, SMALL_HANDS + LONG_HANDS):
        for face in FACES:
            exact = odds.count_distribution(face, rules, n, known, exact=True, palifico=palifico)
            assert exact == enumerated_distribution(n, face, rules, known, palifico)
            assert sum(exact) == 1
            floats = odds.count_distribution(face, rules, n, known, palifico=palifico)
            assert np.allclose(floats, [float(x) for x in exact], rtol=0, atol=1e-12)


@pytest.mark.parametrize("n", range(6))
def test_joint_distribution_equals_enumeration_and_adds_up_to_the_joker_count(n: int) -> None:
    joint = odds.joint_distribution(n, exact=True)
    dice = rolls(n)
    plain, wild = (dice == 5).sum(axis=1), (dice == 1).sum(axis=1)
    for a, b in itertools.product(range(n + 1), repeat=2):
        assert joint[a, b] == Fraction(int(((plain == a) & (wild == b)).sum()), 6**n)
    assert sum(joint.ravel()) == 1
    by_count = [sum((joint[a, c - a] for a in range(c + 1)), Fraction(0)) for c in range(n + 1)]
    assert by_count == odds.count_distribution(5, BLEF, n, exact=True)
    assert np.allclose(odds.joint_distribution(n), joint.astype(float), rtol=0, atol=1e-12)


# ----- bids -------------------------------------------------------------------------------------


def test_table_and_bid_probability_equal_enumeration_for_every_face_quantity_and_hand() -> None:
    for n, rules, known, palifico in views(4):
        exact = odds.table(rules, n, known, palifico=palifico, exact=True)
        floats = odds.table(rules, n, known, palifico=palifico)
        total = n + len(known)
        assert exact.shape == floats.shape == (6, total + 1)
        for face, q in itertools.product(FACES, range(total + 1)):
            expected = enumerated_tail(n, face, rules, known, q, palifico)
            assert exact[face - 1, q] == expected
            assert abs(floats[face - 1, q] - expected) < 1e-12
            if q >= 1:
                bid = ld.Bid(q, face)
                args = (bid, rules, n, known)
                assert odds.bid_probability(*args, exact=True, palifico=palifico) == expected
                assert abs(odds.bid_probability(*args, palifico=palifico) - expected) < 1e-12


@pytest.mark.parametrize("n", [5, 6])
def test_bid_probability_equals_enumeration_for_larger_pools(n: int) -> None:
    for rules, known, face in itertools.product(RULES, [(), (1, 1, 3, 5, 6)], FACES):
        for q in range(1, n + len(known) + 2):
            expected = enumerated_tail(n, face, rules, known, q)
            assert odds.bid_probability(ld.Bid(q, face), rules, n, known, exact=True) == expected


def test_shown_dice_count_like_the_seats_own_hand() -> None:
    hand, shown = (1, 4, 5), (5, 6)
    for face, q in itertools.product(FACES, range(1, 10)):
        expected = enumerated_tail(4, face, BLEF, hand + shown, q)
        assert odds.bid_probability(ld.Bid(q, face), BLEF, 4, hand + shown, exact=True) == expected


def test_p_exact_equals_enumeration() -> None:
    for n, rules, known, palifico in views(4, [(), (1,), (5, 6), (1, 1, 3, 5, 6)]):
        for face, q in itertools.product(FACES, range(1, n + len(known) + 2)):
            dist = enumerated_distribution(n, face, rules, known, palifico)
            expected = dist[q] if q < len(dist) else 0
            bid = ld.Bid(q, face)
            assert odds.p_exact(bid, rules, n, known, exact=True, palifico=palifico) == expected
            assert abs(odds.p_exact(bid, rules, n, known, palifico=palifico) - expected) < 1e-12


def test_a_worked_example_from_the_cli_equals_enumeration() -> None:
    # 7 fives among 15 unknown dice with the hand 1,1,3,5,6 (3 matches): at least 4 of 15.
    expected = sum(Fraction(math.comb(15, j) * 2 ** (15 - j), 3**15) for j in range(4, 16))
    assert odds.bid_probability("7x5", BLEF, 15, (1, 1, 3, 5, 6), exact=True) == expected
    assert enumerated_tail(4, 5, BLEF, (1, 1, 3, 5, 6), 7) == odds.bid_probability(
        "7x5", BLEF, 4, (1, 1, 3, 5, 6), exact=True
    )


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(0, 4),
    known=st.lists(st.integers(1, 6), max_size=5),
    face=st.integers(1, 6),
    q=st.integers(1, 10),
    wild=st.sampled_from(RULES),
    palifico=st.booleans(),
)
def test_any_view_equals_enumeration(n, known, face, q, wild, palifico) -> None:
    known = tuple(known)
    expected = enumerated_tail(n, face, wild, known, q, palifico)
    got = odds.bid_probability(ld.Bid(q, face), wild, n, known, exact=True, palifico=palifico)
    assert got == expected


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(0, 300),
    known=st.lists(st.integers(1, 6), max_size=8),
    palifico=st.booleans(),
)
def test_p_true_never_rises_with_quantity_and_floats_match_fractions(n, known, palifico) -> None:
    floats = odds.table(BLEF, n, known, palifico=palifico)
    assert np.all(np.diff(floats, axis=1) <= 0)
    assert np.all(floats[:, 0] == 1)
    exact = odds.table(BLEF, n, known, palifico=palifico, exact=True)
    assert all(a >= b for row in exact for a, b in itertools.pairwise(row))
    assert np.max(np.abs(floats - exact.astype(float))) < 1e-12


@pytest.mark.parametrize("n", [0, 1, 100, 500, 1000])
def test_large_pools_give_no_overflow_nan_or_negative(n: int) -> None:
    for rules, palifico in itertools.product(RULES, (False, True)):
        floats = odds.table(rules, n, (1, 2, 6), palifico=palifico)
        assert np.all(np.isfinite(floats)) and np.all(floats >= 0) and np.all(floats <= 1)
        assert np.all(np.diff(floats, axis=1) <= 0)
        for face in (1, 5):
            dist = odds.count_distribution(face, rules, n, (1, 2, 6), palifico=palifico)
            assert np.all(np.isfinite(dist)) and np.all(dist >= 0)
            assert abs(dist.sum() - 1) < 1e-12


def test_floats_agree_with_fractions_for_a_thousand_dice() -> None:
    for p in (Fraction(1, 3), Fraction(1, 6)):
        exact = odds.binomial_tails(1000, p, exact=True)
        floats = odds.binomial_tails(1000, p)
        assert max(abs(f - float(e)) for f, e in zip(floats, exact)) < 1e-12


# ----- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: odds.bid_probability("3x5", BLEF, -1), "-1"),
        (lambda: odds.bid_probability("3x5", BLEF, 2.5), "2.5"),
        (lambda: odds.bid_probability("3x5", BLEF, True), "True"),
        (lambda: odds.bid_probability("3x5", BLEF, 4, (1, 7)), "7"),
        (lambda: odds.bid_probability("3x5", BLEF, 4, (0,)), "0"),
        (lambda: odds.bid_probability("3x5", BLEF, 4, ("5",)), "'5'"),
        (lambda: odds.bid_probability("3x5", BLEF, 4, "15"), "'15'"),
        (lambda: odds.bid_probability("0x5", BLEF, 4), "0x5"),
        (lambda: odds.bid_probability((3, 5), BLEF, 4), "(3, 5)"),
        (lambda: odds.p_exact(ld.Bid(2, 5), BLEF, -3), "-3"),
        (lambda: odds.table(BLEF, -2), "-2"),
        (lambda: odds.table(BLEF, 3, (1, 9)), "9"),
        (lambda: odds.count_distribution(7, BLEF, 3), "7"),
        (lambda: odds.binomial_pmf(3, Fraction(3, 2)), "Fraction(3, 2)"),
        (lambda: odds.simulate_counts(3, 10, 42), "42"),
        (lambda: odds.challenge_cost("3x5", BLEF, 4, (1,), dice=(2, 2)), "(2, 2)"),
    ],
)
def test_bad_input_raises_a_value_error_quoting_it(call, quoted: str) -> None:
    with pytest.raises(ValueError, match=re.escape(quoted)):
        call()


def test_a_zero_quantity_bid_is_refused() -> None:
    with pytest.raises(ValueError, match="quantity"):
        odds.bid_probability(ld.Bid(0, 5), BLEF, 4)


# ----- what a challenge costs -------------------------------------------------------------------


def enumerated_cost(bid, rules, n, known, dice, bidder, challenger):
    """Return the mean dice lost per seat by settling every roll of the n unknown dice."""
    counts = counts_on_table(n, bid.face, rules, tuple(known), False)
    lost = np.array([settle(rules, dice, bidder, challenger, bid, int(c)).lost for c in counts])
    return [Fraction(int(total), 6**n) for total in lost.sum(axis=0)]


@pytest.mark.parametrize(
    "rules", [ld.preset(name) for name in ("blef", "bluff", "liars_dice_endless", "perudo")]
)
def test_challenge_cost_equals_settling_every_roll(rules: ld.Rules) -> None:
    cases = [
        (ld.Bid(3, 5), 4, (1, 5), (2, 4), 1, 0),
        (ld.Bid(2, 1), 3, (1, 6, 6), (1, 3, 2), 2, 0),
        (ld.Bid(4, 2), 4, (), (1, 2, 1), 0, 1),
    ]
    for bid, n, known, dice, bidder, challenger in cases:
        cost = odds.challenge_cost(bid, rules, n, known, dice, bidder, challenger)
        expected = enumerated_cost(bid, rules, n, known, dice, bidder, challenger)
        assert list(cost.expected_loss) == expected
        assert all(sum(d.values()) == 1 for d in cost.loss)
        assert cost.p_true == enumerated_tail(n, bid.face, rules, tuple(known), bid.quantity)
        assert cost.expected_bidder_loss == expected[bidder]
        assert cost.expected_challenger_loss == expected[challenger]


@pytest.mark.parametrize("name", sorted(ld.PRESETS))
def test_float_challenge_cost_agrees_with_the_exact_one(name: str) -> None:
    rules = ld.preset(name)
    for bid, n, known, dice, bidder, challenger in [
        (ld.Bid(9, 5), 15, (1, 3, 5, 5, 6), (5, 5, 5, 5), 3, 0),
        (ld.Bid(3, rules.wild), 40, (1, 6), (14, 14, 14), 1, 2),
        (ld.Bid(60, 2), 100, (), (50, 50), 0, 1),
    ]:
        if len(dice) > rules.max_players:
            continue  # the research game seats two
        exact = odds.challenge_cost(bid, rules, n, known, dice, bidder, challenger)
        floats = odds.challenge_cost(bid, rules, n, known, dice, bidder, challenger, exact=False)
        assert all(type(v) is float for v in floats.expected_loss)
        assert floats.p_true == pytest.approx(float(exact.p_true), abs=1e-12)
        assert floats.expected_loss == pytest.approx(
            [float(v) for v in exact.expected_loss], abs=1e-12
        )
        for exact_dist, float_dist in zip(exact.loss, floats.loss):
            assert set(float_dist) <= set(exact_dist)
            assert all(abs(float_dist[k] - float(exact_dist[k])) < 1e-12 for k in float_dist)


def test_challenge_cost_under_loss_one_is_the_chance_of_being_wrong() -> None:
    perudo = ld.preset("perudo")
    cost = odds.challenge_cost("5x3", perudo, 12, (3, 1, 4))
    assert cost.dice == (12, 3) and (cost.bidder, cost.challenger) == (0, 1)
    assert cost.bidder_loss == {0: cost.p_true, 1: 1 - cost.p_true}
    assert cost.expected_challenger_loss == cost.p_true


def test_challenge_cost_under_difference_is_the_mean_distance() -> None:
    # Enough dice in every cup that no cap applies: the bidder loses E[max(q - count, 0)].
    dist = odds.count_distribution(5, BLEF, 6, (5, 2), exact=True)
    cost = odds.challenge_cost("4x5", BLEF, 6, (5, 2), dice=(4, 4))
    assert cost.expected_bidder_loss == sum(max(4 - c, 0) * pc for c, pc in enumerate(dist))
    assert cost.challenger_loss[1] >= dist[4]  # count == bid: others_lose_one costs a die


# ----- the halve/double equivalence -------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_halve_double_table_equals_enumeration(n: int) -> None:
    def tail(face, q):
        return enumerated_tail(n, face, BLEF, (), max(q, 0))

    for row in odds.halve_double_table(n):
        k = row.k
        assert row.wild == tail(1, k)
        plain = (row.plain_2k_minus_1, row.plain_2k, row.plain_2k_plus_1)
        assert plain == (tail(5, 2 * k - 1), tail(5, 2 * k), tail(5, 2 * k + 1))
        place = max(q for q in range(n + 2) if tail(5, q) >= tail(1, k))
        assert row.place == place == odds.wild_place(k, n)


def test_wild_bracket_follows_each_ace_rule() -> None:
    for k in range(1, 8):
        assert odds.wild_bracket(BLEF, k) == (2 * k - 1, 2 * k)
        assert odds.wild_bracket(ld.preset("perudo"), k) == (2 * k, 2 * k + 1)
        assert odds.wild_bracket(ld.preset("openspiel"), k) == (k, k + 1)


@pytest.mark.parametrize("n", range(1, 6))
def test_ladder_rises_equal_a_brute_force_walk_of_the_ladder(n: int) -> None:
    report = odds.ladder_monotonicity([n])
    for ace_rule in odds.ACE_RULES:
        rules = dataclasses.replace(BLEF, ace_rule=ace_rule)
        ladder = rules.ladder(n)
        chance = [enumerated_tail(n, b.face, rules, (), b.quantity) for b in ladder]
        rises = [
            (ladder[i], ladder[i + 1]) for i in range(len(ladder) - 1) if chance[i + 1] > chance[i]
        ]
        assert odds.ladder_rises(rules, n) == rises
        assert odds.first_rise(rules, n) == report[ace_rule][n] == (rises[0] if rises else None)


# ----- symbols ----------------------------------------------------------------------------------


def test_symbolic_tail_evaluates_to_the_exact_odds() -> None:
    n, q, p = sp.symbols("n q p", nonnegative=True)
    expr = odds.symbolic_tail()
    for size, quantity, chance in [
        (5, 2, Fraction(1, 3)),
        (6, 3, Fraction(1, 6)),
        (4, 0, Fraction(1, 3)),
    ]:
        value = expr.subs(
            {n: size, q: quantity, p: sp.Rational(chance.numerator, chance.denominator)}
        )
        assert (
            Fraction(str(value.doit())) == odds.binomial_tails(size, chance, exact=True)[quantity]
        )


def test_symbolic_moments_equal_the_exact_mean_and_variance() -> None:
    n = sp.symbols("n", nonnegative=True)
    for chance in (Fraction(1, 3), Fraction(1, 6)):
        moments = odds.symbolic_moments(chance)
        for size in (1, 4, 9):
            dist = odds.binomial_pmf(size, chance, exact=True)
            mean = sum(j * pj for j, pj in enumerate(dist))
            variance = sum(j * j * pj for j, pj in enumerate(dist)) - mean**2
            assert Fraction(str(moments["mean"].subs(n, size))) == mean
            assert Fraction(str(moments["variance"].subs(n, size))) == variance


def test_binomial_terms_sum_to_the_exact_odds() -> None:
    for bid, n, known in [("3x5", 4, (1,)), ("2x1", 5, ()), ("1x2", 3, (2,)), ("9x4", 3, ())]:
        expr = odds.binomial_terms(bid, BLEF, n, known)
        exact = odds.bid_probability(bid, BLEF, n, known, exact=True)
        assert Fraction(str(sp.nsimplify(expr.doit()))) == exact


# ----- simulation -------------------------------------------------------------------------------


def test_simulate_counts_is_seeded_and_counts_every_die() -> None:
    counts = odds.simulate_counts(7, 1000, np.random.default_rng(3))
    assert counts.shape == (1000, 6) and np.all(counts.sum(axis=1) == 7)
    again = odds.simulate_counts(7, 1000, np.random.default_rng(3))
    assert np.array_equal(counts, again)


def test_simulated_frequencies_converge_to_the_exact_odds() -> None:
    n, trials = 10, 40_000
    counts = odds.simulate_counts(n, trials, np.random.default_rng(2024))
    for face, rules in itertools.product((1, 5), RULES):
        freq = np.bincount(odds.joker_counts(counts, face, rules), minlength=n + 1) / trials
        exact = odds.count_distribution(face, rules, n)
        sigma = np.sqrt(exact * (1 - exact) / trials)
        assert np.all(np.abs(freq - exact) <= 5 * sigma + 1e-9)


# ----- hostile input (issue 14): refused at once, quoting it -----------------------------------

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402
from liarsdice.limits import MAX_EXACT_UNKNOWN, MAX_QUANTITY, MAX_UNKNOWN  # noqa: E402

HUGE = 10**5000  # past Python's 4,300-digit int/str limit: repr fails, quote must not
RNG = np.random.default_rng(0)


def refused(call, kind: type, shown: object) -> str:
    """Call, expecting `kind` with `shown` (a value: its quote; text: itself) in the message."""
    with pytest.raises(kind) as info:
        call()
    text = shown if isinstance(shown, str) else quote(shown)
    assert text in str(info.value), (text, str(info.value))
    return str(info.value)


@pytest.mark.parametrize("flag", ["no", "yes", "", None, 1, 0, 0.0, [], [True], "False"])
@pytest.mark.parametrize(
    "call",
    [
        lambda v: odds.bid_probability("3x5", BLEF, 4, palifico=v),
        lambda v: odds.bid_probability("3x5", BLEF, 4, exact=v),
        lambda v: odds.p_exact("3x5", BLEF, 4, exact=v),
        lambda v: odds.p_exact("3x5", BLEF, 4, palifico=v),
        lambda v: odds.table(BLEF, 4, palifico=v),
        lambda v: odds.table(BLEF, 4, exact=v),
        lambda v: odds.count_distribution(5, BLEF, 4, exact=v),
        lambda v: odds.count_distribution(5, BLEF, 4, palifico=v),
        lambda v: odds.binomial_pmf(4, Fraction(1, 3), exact=v),
        lambda v: odds.binomial_tails(4, Fraction(1, 3), exact=v),
        lambda v: odds.joint_distribution(3, exact=v),
        lambda v: odds.challenge_cost("3x5", BLEF, 4, exact=v),
        lambda v: odds.challenge_cost("3x5", BLEF, 4, palifico=v),
        lambda v: odds.matching_faces(5, BLEF, palifico=v),
        lambda v: odds.match_chance(5, BLEF, palifico=v),
        lambda v: odds.joker_counts(np.ones((2, 6), dtype=int), 5, BLEF, palifico=v),
    ],
)
def test_flags_are_bools_only(call, flag) -> None:
    # The issue's example: palifico="no" was taken as True.
    refused(lambda: call(flag), ArgumentTypeError, flag)


def test_numpy_bools_are_flags() -> None:
    assert odds.bid_probability("3x5", BLEF, 4, palifico=np.bool_(False)) == odds.bid_probability(
        "3x5", BLEF, 4
    )


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [
        # sizes: refused at once, naming the limit
        (lambda: odds.bid_probability("3x5", BLEF, 10**5, exact=True), ValueError, "100000"),
        (lambda: odds.bid_probability("3x5", BLEF, 10**5, exact=True), ValueError, "MAX_EXACT"),
        (lambda: odds.bid_probability("3x5", BLEF, MAX_EXACT_UNKNOWN + 1, exact=True), ValueError,
         "MAX_EXACT_UNKNOWN"),
        (lambda: odds.table(BLEF, 10**8), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.table(BLEF, MAX_UNKNOWN + 1), ValueError, MAX_UNKNOWN + 1),
        (lambda: odds.table(BLEF, HUGE), ValueError, HUGE),
        (lambda: odds.table(BLEF, 2**20000), ValueError, 2**20000),
        (lambda: odds.table(BLEF, MAX_UNKNOWN, (5,)), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.table(BLEF, 0, [5] * (MAX_UNKNOWN + 1)), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.table(BLEF, 0, iter(lambda: 5, 0)), ValueError, "MAX_UNKNOWN"),  # endless
        (lambda: odds.count_distribution(5, BLEF, MAX_UNKNOWN + 1), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.p_exact("3x5", BLEF, MAX_EXACT_UNKNOWN + 1, exact=True), ValueError,
         "MAX_EXACT_UNKNOWN"),
        (lambda: odds.challenge_cost("3x5", BLEF, MAX_EXACT_UNKNOWN + 1), ValueError,
         "MAX_EXACT_UNKNOWN"),
        (lambda: odds.challenge_cost("3x5", BLEF, 10**5, exact=False), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.simulate_counts(10**6, 10**6, RNG), ValueError, "MAX_SIMULATED_DICE"),
        (lambda: odds.simulate_counts(HUGE, 1, RNG), ValueError, "MAX_SIMULATED_DICE"),
        (lambda: odds.simulate_counts(1, 10**8, RNG), ValueError, "MAX_TRIALS"),
        (lambda: odds.joint_distribution(10**4), ValueError, "MAX_JOINT_DICE"),
        (lambda: odds.joint_distribution(odds.MAX_JOINT_DICE + 1), ValueError, "201"),
        (lambda: odds.binomial_tails(10**8, Fraction(1, 3)), ValueError, "MAX_UNKNOWN"),
        (lambda: odds.binomial_pmf(1000, Fraction(1, 10**20), exact=True), ValueError,
         "MAX_EXACT_DIGITS"),
        (lambda: odds.binomial_tails(1, Fraction(1, 10**5000), exact=True), ValueError,
         "MAX_EXACT_DIGITS"),
        # huge quantities in text, refused before int(), the text quoted (shortened)
        (lambda: odds.bid_probability("9" * 5000 + "x5", BLEF, 4), ValueError, "9" * 30),
        (lambda: odds.bid_probability("9" * 5000 + "x5", BLEF, 4), ValueError, "characters"),
        (lambda: odds.bid_probability("9" * 900 + "x5", BLEF, 4), InvalidBidError, "9" * 30),
        (lambda: odds.bid_probability(f"{MAX_QUANTITY + 1}x5", BLEF, 4), InvalidBidError,
         "10001"),
        (lambda: odds.p_exact("9" * 998 + "x5", BLEF, 4), InvalidBidError, "9" * 30),
        # wrong kinds
        (lambda: odds.bid_probability(None, BLEF, 4), ArgumentTypeError, None),
        (lambda: odds.bid_probability((3, 5), BLEF, 4), ArgumentTypeError, (3, 5)),
        (lambda: odds.bid_probability("3x5", None, 4), ArgumentTypeError, None),
        (lambda: odds.bid_probability("3x5", "nonesuch", 4), ValueError, "nonesuch"),
        (lambda: odds.table(3, 4), ArgumentTypeError, "rules=3"),
        (lambda: odds.matching_faces(5, [1]), ArgumentTypeError, [1]),
        (lambda: odds.match_chance(5, object), ArgumentTypeError, object),
        (lambda: odds.bid_probability("3x5", BLEF, None), ArgumentTypeError, None),
        (lambda: odds.bid_probability("3x5", BLEF, np.float64(4.0)), ArgumentTypeError,
         np.float64(4.0)),
        (lambda: odds.table(BLEF, 4, None), ArgumentTypeError, None),
        (lambda: odds.table(BLEF, 4, 5), ArgumentTypeError, 5),
        (lambda: odds.table(BLEF, 4, (True, 2)), ArgumentTypeError, True),
        (lambda: odds.table(BLEF, 4, (2.0,)), ArgumentTypeError, 2.0),
        (lambda: odds.count_distribution(None, BLEF, 4), ArgumentTypeError, None),
        (lambda: odds.count_distribution(5.5, BLEF, 4), ArgumentTypeError, 5.5),
        # numerics: p must be a chance strictly between 0 and 1, never NaN or infinite
        (lambda: odds.binomial_tails(3, float("nan")), ValueError, "nan"),
        (lambda: odds.binomial_tails(3, float("inf")), ValueError, "inf"),
        (lambda: odds.binomial_pmf(3, 1), ValueError, "p=1"),
        (lambda: odds.binomial_pmf(3, 0.0), ValueError, "p=0.0"),
        (lambda: odds.binomial_pmf(3, "1/3"), ArgumentTypeError, "'1/3'"),
        (lambda: odds.binomial_pmf(3, None), ArgumentTypeError, None),
        (lambda: odds.binomial_pmf(3, True), ArgumentTypeError, True),
        (lambda: odds.binomial_pmf(3, 1j), ArgumentTypeError, 1j),
        (lambda: odds.binomial_pmf(2.5, Fraction(1, 3)), ArgumentTypeError, 2.5),
        (lambda: odds.binomial_pmf(-1, Fraction(1, 3)), ValueError, -1),
        # challenge costs: seats and dice
        (lambda: odds.challenge_cost("3x5", BLEF, 4, (1,), dice=(5, 0), bidder=1), ValueError,
         "bidder=1"),
        (lambda: odds.challenge_cost("3x5", BLEF, 4, (1,), dice=(3, 2), challenger="1"),
         ArgumentTypeError, "'1'"),
        (lambda: odds.challenge_cost("3x5", BLEF, 4, (1,), dice=(3, 2), bidder=5), ValueError,
         "bidder=5"),
        (lambda: odds.challenge_cost("3x5", BLEF, 4, bidder=None), ArgumentTypeError, None),
        (lambda: odds.challenge_cost("3x5", BLEF, 2, dice=(0,) * 10**5 + (1, 1)), ValueError,
         "MAX_SEATS"),
        (lambda: odds.challenge_cost("3x5", BLEF, 4, (1,), dice="32"), ArgumentTypeError, "'32'"),
        (lambda: odds.cost_of_counts([0.5, 0.5], ld.Bid(1, 5), BLEF, (1, 1), 0, 1), ValueError,
         "[0.5, 0.5]"),
        (lambda: odds.cost_of_counts([1.5, -0.5, 0], ld.Bid(1, 5), BLEF, (1, 1), 0, 1),
         ValueError, "1.5"),
        (lambda: odds.cost_of_counts([0.5, 0.5, 0.5], ld.Bid(1, 5), BLEF, (1, 1), 0, 1),
         ValueError, "sum to 1.5"),
        (lambda: odds.cost_of_counts([float("nan"), 0.5, 0.5], ld.Bid(1, 5), BLEF, (1, 1), 0, 1),
         ValueError, "nan"),
        (lambda: odds.cost_of_counts(["1", 0, 0], ld.Bid(1, 5), BLEF, (1, 1), 0, 1),
         ArgumentTypeError, "'1'"),
        (lambda: odds.cost_of_counts(np.float64(1), ld.Bid(1, 5), BLEF, (1, 1), 0, 1),
         ArgumentTypeError, np.float64(1)),
        (lambda: odds.cost_of_counts([1, 0, 0], (1, 5), BLEF, (1, 1), 0, 1), ArgumentTypeError,
         (1, 5)),
        (lambda: odds.cost_of_counts([1, 0, 0], ld.Bid(1, 5), None, (1, 1), 0, 1),
         ArgumentTypeError, None),
        (lambda: odds.cost_of_counts([1, 0, 0], ld.Bid(1, 5), BLEF, (1, 1), 0, 0), ValueError,
         "differ"),
        # simulation and counting
        (lambda: odds.simulate_counts(3, 2.0, RNG), ArgumentTypeError, 2.0),
        (lambda: odds.simulate_counts(3, 2, None), ArgumentTypeError, None),
        (lambda: odds.simulate_counts(3, 2, np.random.RandomState(0)), ArgumentTypeError,
         "RandomState"),
        (lambda: odds.joker_counts(None, 5, BLEF), ArgumentTypeError, None),
        (lambda: odds.joker_counts([[1]], 5, BLEF), ArgumentTypeError, [[1]]),
        (lambda: odds.joker_counts([1, 2, 3, 4, 5, 6], 5, BLEF), ArgumentTypeError,
         [1, 2, 3, 4, 5, 6]),
        (lambda: odds.joker_counts([[1, 2], [1]], 5, BLEF), ArgumentTypeError, [[1, 2], [1]]),
        (lambda: odds.joker_counts(np.full((2, 6), 0.5), 5, BLEF), ArgumentTypeError, "0.5"),
        (lambda: odds.joker_counts(np.full((2, 6), -1), 5, BLEF), ValueError, "-1"),
        (lambda: odds.joker_counts(np.ones((2, 6), dtype=int), 7, BLEF), ValueError, "face=7"),
        (lambda: odds.joker_counts(np.ones((2, 6), dtype=int), 5, "x"), ValueError, "'x'"),
    ],
    ids=lambda v: "call" if callable(v) and not isinstance(v, type) else quote(v, 30),
)  # fmt: skip
def test_hostile_input_is_refused_quoting_it(call, kind, shown) -> None:
    refused(call, kind, shown)


def test_a_refused_known_iterator_is_read_no_further_than_the_limit() -> None:
    read = []

    def dice():
        while True:
            read.append(5)
            yield 5

    refused(lambda: odds.table(BLEF, MAX_UNKNOWN - 3, dice()), ValueError, "MAX_UNKNOWN")
    assert len(read) == 4


# The issue's example: p within 1e-20 of 1 gave NaN; every size allowed stays in [0, 1].
NEAR = [
    Fraction(10**20 - 1, 10**20),
    Fraction(1, 10**20),
    Fraction(1, 10**400),
    Fraction(10**400 - 1, 10**400),
    1e-300,
    1 - 2**-53,
    5e-324,
    Fraction(1, 3),
    Fraction(1, 6),
]


@pytest.mark.parametrize("n", [0, 1, 2, 10, 100, 1000, MAX_UNKNOWN])
@pytest.mark.parametrize("p", NEAR, ids=repr)
def test_tails_and_pmf_stay_in_0_1_without_nan_at_every_size_and_p(n: int, p) -> None:
    tails, pmf = odds.binomial_tails(n, p), odds.binomial_pmf(n, p)
    assert np.isfinite(tails).all() and np.isfinite(pmf).all()
    assert ((tails >= 0) & (tails <= 1)).all() and ((pmf >= 0) & (pmf <= 1)).all()
    assert tails[0] == 1 and tails[n + 1] == 0 and (np.diff(tails) <= 0).all()
    p = Fraction(p)
    if n <= 100:  # against the exact answer where it is cheap
        q = 1 - p
        assert abs(tails[n] - float(p**n)) <= 1e-12 * max(float(p**n), 1e-300) + 1e-300
        assert abs(pmf[0] - float(q**n)) <= 1e-12 * float(q**n) + 1e-300


def test_the_issues_nan_example_is_now_the_right_number() -> None:
    p = Fraction(10**20 - 1, 10**20)
    tails = odds.binomial_tails(3, p)
    exact = odds.binomial_tails(3, p, exact=True)
    assert [float(t) for t in exact] == pytest.approx(tails.tolist(), rel=1e-12, abs=1e-300)
    assert tails[3] == pytest.approx(1 - 3e-20, rel=1e-15) and tails[1] == 1.0


@pytest.mark.parametrize("n", [MAX_UNKNOWN - 1, MAX_UNKNOWN])
def test_float_odds_at_the_limit_stay_in_0_1(n: int) -> None:
    floats = odds.table(BLEF, n - 1, (5,))
    assert ((floats >= 0) & (floats <= 1)).all()
    dice = (n - 19 * 500, *([500] * 19))  # 20 seats: the most dice a table holds
    cost = odds.challenge_cost(f"{n // 3}x5", BLEF, n - 1, (5,), dice=dice, exact=False)
    assert 0 <= cost.p_true <= 1
    assert all(0 <= v <= 1 for d in cost.loss for v in d.values())
    assert 0 <= odds.bid_probability("1x5", BLEF, n) <= 1


def test_exact_odds_at_the_limit_can_be_printed() -> None:
    n = MAX_EXACT_UNKNOWN
    p = odds.bid_probability(f"{n // 3}x2", BLEF, n, exact=True)
    assert 0 < p < 1 and len(str(p)) > 700  # a 779-digit denominator, printable
    cost = odds.challenge_cost(f"{n // 3}x2", BLEF, n - 1, (2,), dice=(n // 2, n - n // 2))
    assert str(cost.p_true) and cost.p_true == odds.bid_probability(
        f"{n // 3}x2", BLEF, n - 1, (2,), exact=True
    )
    assert all(len(str(t)) < 4300 for t in odds.binomial_tails(n, Fraction(1, 6), exact=True))


def test_float_costs_are_clipped_where_rounding_overshoots() -> None:
    # A distribution that sums to 1 within rounding but whose tail sums past 1.
    dist = [0.0, 0.5 + 2**-50, 0.5]
    cost = odds.cost_of_counts(dist, ld.Bid(1, 5), BLEF, (1, 1), 0, 1)
    assert cost.p_true == 1.0 and all(v <= 1 for d in cost.loss for v in d.values())


def test_a_refusal_changes_nothing() -> None:
    known = [1, 5, 5]
    before = odds.table(BLEF, 4, known)
    refused(lambda: odds.table(BLEF, 4, known, palifico="no"), ArgumentTypeError, "'no'")
    assert known == [1, 5, 5] and np.array_equal(odds.table(BLEF, 4, known), before)
    rng = np.random.default_rng(7)
    state = rng.bit_generator.state
    refused(lambda: odds.simulate_counts(10**5, 10**5, rng), ValueError, "MAX_SIMULATED_DICE")
    assert rng.bit_generator.state == state


def test_simulate_counts_at_the_limit_counts_every_die_in_chunks() -> None:
    # Rows counted in chunks give the same counts as one bincount would.
    rng = np.random.default_rng(3)
    counts = odds.simulate_counts(3_000_000, 5, rng)
    assert (counts.sum(axis=1) == 3_000_000).all()
    rolls = np.random.default_rng(3).integers(0, 6, size=(5, 3_000_000), dtype=np.uint8)
    assert np.array_equal(counts, np.stack([np.bincount(r, minlength=6) for r in rolls]))


def test_preset_names_are_rules_too() -> None:
    assert odds.bid_probability("3x5", "blef", 4) == odds.bid_probability("3x5", BLEF, 4)


# ----- one module of names, split by idea (issue 23) --------------------------------------------

HOMES = {
    "liarsdice.odds_checks": ("Probability", "check_bid", "check_rules"),
    "liarsdice.odds_counts": (
        "MAX_EXACT_DIGITS",
        "MAX_JOINT_DICE",
        "binomial_pmf",
        "binomial_tails",
        "count_distribution",
        "joint_distribution",
        "match_chance",
        "matching_faces",
        "shortfall",
        "tails_fractions",
    ),
    "liarsdice.odds_costs": ("MAX_SEATS", "ChallengeCost", "challenge_cost", "cost_of_counts"),
    "liarsdice.odds_simulation": ("MAX_TRIALS", "joker_counts", "simulate_counts"),
    "liarsdice.limits": ("MAX_EXACT_UNKNOWN", "MAX_QUANTITY", "MAX_SIMULATED_DICE", "MAX_UNKNOWN"),
    "liarsdice.ladder": ("ACE_RULES",),
    "liarsdice.halve_double": ("Equivalence", "halve_double_table", "wild_place", "first_rise"),
    "liarsdice.symbolic": ("symbolic_tail", "symbolic_moments", "binomial_terms"),
}


@pytest.mark.parametrize(
    ("home", "name"), [(home, name) for home, names in HOMES.items() for name in names]
)
def test_odds_offers_each_name_of_its_parts_as_the_same_object(home: str, name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from liarsdice.odds import {name}", namespace)  # the form callers use
    assert namespace[name] is getattr(odds, name) is getattr(importlib.import_module(home), name)
    assert name in dir(odds)
