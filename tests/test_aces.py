"""Tests of liarsdice.halve_double, liarsdice.symbolic and liarsdice.view's face_locked (issue 14): bad
input refused clearly, quoting it, and the limits that keep each call quick."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy as sp

import liarsdice as ld
from liarsdice import halve_double, symbolic
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.limits import MAX_EXACT_UNKNOWN
from liarsdice.view import face_locked

BLEF = ld.preset("blef")
HUGE = 10**5000

REFUSALS = [
    (lambda: halve_double.halve_double_table(3000), ValueError, "n=3000"),
    (lambda: halve_double.halve_double_table(-1), ValueError, "n=-1"),
    (lambda: halve_double.halve_double_table(2.5), ArgumentTypeError, "n=2.5"),
    (lambda: halve_double.halve_double_table(HUGE), ValueError, f"n={quote(HUGE)}"),
    (lambda: halve_double.wild_place(-1, 3), ValueError, "k=-1"),
    (lambda: halve_double.wild_place(HUGE, 3), ValueError, f"k={quote(HUGE)}"),
    (lambda: halve_double.wild_place(1, 10**6), ValueError, "n=1000000"),
    (lambda: halve_double.wild_place(1, None), ArgumentTypeError, "n=None"),
    (lambda: halve_double.wild_bracket(BLEF, -1), ValueError, "k=-1"),
    (lambda: halve_double.wild_bracket(None, 1), ArgumentTypeError, "rules=None"),
    (lambda: halve_double.wild_bracket("nope", 1), ValueError, "'nope'"),
    (lambda: halve_double.ladder_rises(None, 3), ArgumentTypeError, "rules=None"),
    (lambda: halve_double.ladder_rises(BLEF, MAX_EXACT_UNKNOWN + 1), ValueError, "n=1001"),
    (lambda: halve_double.first_rise(BLEF, 2.5), ArgumentTypeError, "n=2.5"),
    (lambda: halve_double.first_rise(BLEF, True), ArgumentTypeError, "n=True"),
    (lambda: halve_double.ladder_monotonicity(5), ArgumentTypeError, "ns=5"),
    (lambda: halve_double.ladder_monotonicity("12"), ArgumentTypeError, "ns='12'"),
    (lambda: halve_double.ladder_monotonicity([3.0]), ArgumentTypeError, "n=3.0"),
    (
        lambda: halve_double.ladder_monotonicity(range(1, 10**9)),
        ValueError,
        "ns=range(1, 1000000000)",
    ),
    (lambda: halve_double.ladder_monotonicity([1000] * 3), ValueError, "ns=[1000, 1000, 1000]"),
    (lambda: halve_double.ladder_monotonicity([3], ace_rules=["x"]), ValueError, "ace_rule='x'"),
    (
        lambda: halve_double.ladder_monotonicity([3], ace_rules="board"),
        ArgumentTypeError,
        "'board'",
    ),
    (lambda: halve_double.ladder_monotonicity([3], rules=42), ArgumentTypeError, "rules=42"),
    (lambda: symbolic.binomial_terms(None, BLEF, 10), ArgumentTypeError, "bid=None"),
    (lambda: symbolic.binomial_terms("banana", BLEF, 10), InvalidBidError, "'banana'"),
    (lambda: symbolic.binomial_terms("3x5", None, 10), ArgumentTypeError, "rules=None"),
    (lambda: symbolic.binomial_terms("3x5", BLEF, 10**6), ValueError, "unknown=1000000"),
    (lambda: symbolic.binomial_terms("3x5", BLEF, HUGE), ValueError, quote(HUGE)),
    (lambda: symbolic.binomial_terms("3x5", BLEF, -1), ValueError, "unknown=-1"),
    (lambda: symbolic.binomial_terms("3x5", BLEF, 10, known="15"), ArgumentTypeError, "'15'"),
    (lambda: symbolic.binomial_terms("3x5", BLEF, 10, known=(0,)), ValueError, "(0,)"),
    (lambda: symbolic.binomial_terms("3x5", BLEF, 3, palifico="no"), ArgumentTypeError, "'no'"),
    (lambda: symbolic.symbolic_moments("x"), ArgumentTypeError, "p='x'"),
    (lambda: symbolic.symbolic_moments('__import__("os")'), ArgumentTypeError, "__import__"),
    (lambda: symbolic.symbolic_moments([]), ArgumentTypeError, "p=[]"),
    (lambda: symbolic.symbolic_moments(True), ArgumentTypeError, "p=True"),
    (lambda: symbolic.symbolic_moments(2), ValueError, "p=2"),
    (lambda: symbolic.symbolic_moments(Fraction(4, 3)), ValueError, "p=Fraction(4, 3)"),
    (lambda: symbolic.symbolic_moments(math.nan), ValueError, "p=nan"),
    (lambda: symbolic.symbolic_moments(-0.5), ValueError, "p=-0.5"),
    (lambda: symbolic.symbolic_moments(sp.Integer(2)), ValueError, "p=2"),
    (lambda: symbolic.symbolic_moments(sp.nan), ValueError, "p=nan"),
    (lambda: face_locked("yes", 3), ArgumentTypeError, "palifico='yes'"),
    (lambda: face_locked(True, "a"), ArgumentTypeError, "dice='a'"),
    (lambda: face_locked(True, -1), ValueError, "dice=-1"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), REFUSALS)
def test_bad_input_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600


def test_valid_input_still_answers() -> None:
    assert halve_double.wild_bracket("blef", 1) == (1, 2)
    assert halve_double.ladder_rises("blef", 3) == halve_double.ladder_rises(BLEF, 3)
    assert halve_double.ladder_monotonicity(range(1, 4), rules="perudo")["perudo"][3] is not None
    assert halve_double.ladder_monotonicity((n for n in (2, 3)), ace_rules=("board",)).keys() == {
        "board"
    }
    terms = symbolic.binomial_terms("3x5", "blef", 4, [1])
    assert Fraction(str(sp.nsimplify(terms.doit()))) == ld.odds.bid_probability(
        "3x5", BLEF, 4, (1,), exact=True
    )
    n = sp.symbols("n", nonnegative=True)
    assert symbolic.symbolic_moments(Fraction(1, 3))["mean"] == n / 3
    assert symbolic.symbolic_moments(0.5)["mean"] == sp.Float(0.5) * n
    p = sp.symbols("p")
    assert symbolic.symbolic_moments(p)["mean"] == n * p
    assert face_locked(True, 2) and not face_locked(False, 2) and not face_locked(True, 1)


def test_halve_double_table_at_its_limit_matches_wild_place() -> None:
    table = halve_double.halve_double_table(MAX_EXACT_UNKNOWN)
    assert len(table) == MAX_EXACT_UNKNOWN
    for row in table[:3] + table[-2:]:
        assert row.place == halve_double.wild_place(row.k, MAX_EXACT_UNKNOWN)


def test_wild_place_is_the_largest_q_as_before() -> None:
    wild, plain = halve_double._wild_and_plain_tails(30)
    for k in range(0, 32):
        target = halve_double._tail_at(wild, k)
        assert halve_double.wild_place(k, 30) == max(
            q for q in range(len(plain)) if plain[q] >= target
        )
