"""Tests that no grader passes the library: a function of the liarsdice package is refused by
name, and so is a student's function that calls the library's computing modules while it runs
(liarsdice.teach.watch); a function of one's own still passes, and the watch always ends."""

from __future__ import annotations

import sys
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from liarsdice import Bid, odds, preset, teach
from liarsdice.rules import resolve
from liarsdice.teach import key, lesson04
from liarsdice.teach.graders import function_grader
from liarsdice.teach.watch import computing, watching

P_TRUE = "04.p_true"
WRITE_IT = "write the computation yourself (math.comb, itertools, fractions)"


def p_true(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return a student's P(bid true | hand): the binomial tail, written out."""
    counting = {face} if face == 1 else {face, 1}
    need, p = max(q - sum(die in counting for die in hand), 0), Fraction(len(counting), 6)
    return sum(
        (comb(unknown, j) * p**j * (1 - p) ** (unknown - j) for j in range(need, unknown + 1)),
        Fraction(0),
    )


def called_as(function: object) -> str:
    """Return how the watch names a call of a library function: where it is defined (a public
    name of liarsdice.odds may live in one of its helper modules)."""
    return f"{function.__module__}.{function.__qualname__}"  # type: ignore[attr-defined]


def wraps_the_library(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> object:
    """Return the library's chance: a wrapper, not a computation of one's own."""
    return odds.bid_probability(Bid(q, face), preset("blef"), unknown, hand, exact=True)


def test_a_function_of_ones_own_passes() -> None:
    assert teach.check(P_TRUE, p_true).correct


@pytest.mark.parametrize(
    "wrapper",
    [
        wraps_the_library,
        lambda q, face, unknown, hand: wraps_the_library(q, face, unknown, hand),
        lambda **case: lesson04.chance_true(**case),  # the reference, called from outside
    ],
    ids=["def", "lambda", "reference"],
)
def test_a_wrapper_around_the_library_is_refused_naming_the_call(wrapper: object) -> None:
    feedback = teach.check(P_TRUE, wrapper)
    assert not feedback.correct and WRITE_IT in feedback.message
    called = "liarsdice.odds.bid_probability" if wrapper is wraps_the_library else "liarsdice."
    assert f"your function calls {called}" in feedback.message, feedback.message


@pytest.mark.parametrize(
    ("function", "named"),
    [
        (lambda: key.solution(P_TRUE), "liarsdice.teach.lesson04.chance_true"),
        (lambda: odds.bid_probability, "liarsdice.odds.bid_probability"),
    ],
    ids=["the reference", "a library function"],
)
def test_a_function_of_the_package_is_refused_by_name(function: object, named: str) -> None:
    feedback = teach.check(P_TRUE, function())  # type: ignore[operator]
    assert not feedback.correct
    assert f"{named} is the library's own: {WRITE_IT}" in feedback.message, feedback.message
    assert " at 0x" not in feedback.message


def test_a_simulation_that_calls_the_library_is_refused() -> None:
    def simulate(n: int, trials: int, rng: np.random.Generator) -> object:
        return odds.joker_counts(odds.simulate_counts(n, trials, rng), 5, preset("blef"))

    feedback = teach.check("02.simulate", simulate)
    assert not feedback.correct, feedback.message
    assert f"your function calls {called_as(odds.simulate_counts)}" in feedback.message
    assert "roll the dice yourself" in feedback.message


def test_a_simulation_of_ones_own_passes_through_the_watched_generator() -> None:
    def simulate(n: int, trials: int, rng: np.random.Generator) -> list[int]:
        rolls = [[int(rng.integers(1, 7)) for _ in range(n)] for _ in range(trials)]
        return [sum(die in (1, 5) for die in roll) for roll in rolls]

    assert teach.check("02.simulate", simulate).correct


def test_the_rules_stay_free_to_use() -> None:
    """Only the computing modules are refused: the rules say which faces count."""

    def with_rules(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
        resolve("blef")
        return p_true(q, face, unknown, hand)

    assert teach.check(P_TRUE, with_rules).correct


def test_the_watch_ends_after_grading_even_when_the_function_raises() -> None:
    def raises(**case: object) -> object:
        odds.binomial_pmf(3, Fraction(1, 3), exact=True)
        raise ZeroDivisionError("on purpose")

    grade = function_grader(lesson04.chance_true, lesson04.P_TRUE_CASES)
    assert sys.getprofile() is None
    for function in (raises, p_true, wraps_the_library):
        grade(function)
        assert sys.getprofile() is None
    good, message = grade(raises)
    assert not good and f"your function calls {called_as(odds.binomial_pmf)}" in message
    assert not teach.check(P_TRUE, raises).correct and sys.getprofile() is None


def test_watching_restores_the_previous_profile_and_notes_the_first_call() -> None:
    def previous(frame: object, event: str, arg: object) -> None:
        """A profile function already set (a profiler's)."""

    sys.setprofile(previous)
    try:
        with pytest.raises(ZeroDivisionError), watching(computing) as called:
            odds.binomial_pmf(2, Fraction(1, 2), exact=True)
            odds.binomial_tails(2, Fraction(1, 2), exact=True)
            _ = 1 / 0
        assert sys.getprofile() is previous
    finally:
        sys.setprofile(None)
    assert called == [called_as(odds.binomial_pmf)]


def test_a_bot_that_asks_the_lessons_reference_bot_is_refused() -> None:
    from liarsdice.teach.lesson10 import PatientBot

    feedback = teach.check("10.beat_threshold", lambda view: PatientBot().act(view))
    assert not feedback.correct
    assert "(liarsdice.teach.lesson10.PatientBot.act)" in feedback.message, feedback.message
    assert sys.getprofile() is None
