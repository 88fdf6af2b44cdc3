"""Independent computations of the exercises' answers (brute-force enumeration, formulas, the
rules' settlement, published values): one module per lesson, EXPECTED = {exercise id: a
function returning the answer}; tests/test_teach.py gathers them all."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import liarsdice as ld
from liarsdice import odds, solver

BLEF = ld.preset("blef")
Expected = dict[str, Callable[[], object]]


def enumerated_tail(n: int, face: int, q: int, known: tuple[int, ...] = ()) -> Fraction:
    """Return P(at least q dice count for face) over all 6^n rolls beside the known dice."""
    rolls = itertools.product(range(1, 7), repeat=n)
    hits = sum(BLEF.count(roll + known, face) >= q for roll in rolls)
    return Fraction(hits, 6**n)


def binomial_tail(n: int, need: int, p: Fraction) -> Fraction:
    """Return P(Binomial(n, p) >= need) by the formula."""
    return sum(
        (math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(max(need, 0), n + 1)),
        Fraction(0),
    )


def fewest(raises: Callable[[int], bool]) -> int:
    """Return the smallest quantity q >= 1 with raises(q)."""
    return next(q for q in itertools.count(1) if raises(q))


def expected_loss(rules, bid, known, dice, bidder, challenger, seat=None) -> Fraction:
    """Return a seat's expected dice lost (the challenger's by default) over every count."""
    seat = challenger if seat is None else seat
    unknown = sum(dice) - len(known)
    distribution = odds.count_distribution(bid.face, rules, unknown, known, exact=True)
    return sum(
        (
            chance * ld.settle(rules, dice, bidder, challenger, bid, count).lost[seat]
            for count, chance in enumerate(distribution)
        ),
        Fraction(0),
    )


def wilson_width(wins: int, games: int) -> float:
    """Return the width of the 95% Wilson interval, with z from scipy's normal quantile."""
    from scipy.stats import norm

    z, p = norm.ppf(0.975), wins / games
    return 2 * z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)


def game_value_1v1() -> Fraction:
    """Return the published value -7/258, after checking it against the LP when scipy exists."""
    published = Fraction(-7, 258)
    try:
        value = solver.game_value(ld.preset("openspiel"), dice=(1, 1))
    except ImportError:
        return published
    assert abs(value - published) < 1e-9
    return published


def honest_opening_posterior() -> dict[int, Fraction]:
    """Return P(die | opened 1 five) for lesson 05's bidder (honest 1/4 of the time, else any of
    the 12 openings), by hand: an honest die opens 1 five only when it is a five."""
    chance = {
        die: Fraction(1, 4) * (die == 5) + Fraction(3, 4) * Fraction(1, 12) for die in range(1, 7)
    }
    total = sum(chance.values())
    return {die: c / total for die, c in chance.items()}


def strong_given_bid() -> Fraction:
    """Return lesson 05's base-rate answer by Bayes' rule over every roll of five dice."""
    rolls = list(itertools.product(range(1, 7), repeat=5))
    strong = Fraction(sum(BLEF.count(r, 5) >= 4 for r in rolls), len(rolls))
    return Fraction(4, 5) * strong / (Fraction(4, 5) * strong + Fraction(1, 5) * (1 - strong))
