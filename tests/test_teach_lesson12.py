"""Tests of lesson 12's exercises beyond tests/test_teach.py: the usual mistakes' wrong answers
recomputed by hand, distinct hints, a notebook whose sources never hold an answer of its own
exercises, and the lesson's claims about the chi-square's variance, recomputed exactly."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

from liarsdice import teach
from liarsdice.teach import key
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells
from tests.exercises import answer_forms
from tests.expected import lesson12 as expected

NOTEBOOK = NOTEBOOKS / "advanced" / "12_many_degrees_of_freedom.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(12)}


def exact_ratio(theta: Fraction, t: int) -> Fraction:
    """Return Var(Z^2) / 2 for the share after t trials of chance theta, from the binomial
    formula written out (math.comb), exactly."""
    pmf = [math.comb(t, k) * theta**k * (1 - theta) ** (t - k) for k in range(t + 1)]
    second = sum(p * (Fraction(k, t) - theta) ** 2 for k, p in enumerate(pmf))
    fourth = sum(p * (Fraction(k, t) - theta) ** 4 for k, p in enumerate(pmf))
    return (fourth / second**2 - 1) / 2


def test_the_answers_are_the_ones_computed_by_hand() -> None:
    assert key.solution("12.variance_ratio") == Fraction(13, 16) == exact_ratio(Fraction(1, 3), 4)
    assert key.solution("12.family_alarm") == pytest.approx(1 - (399 / 400) ** 20, abs=1e-12)
    assert key.solution("12.chi_square_sd") == pytest.approx(math.sqrt(2 * (11 - 1)), abs=1e-12)


def test_the_lessons_claims_about_the_variance_hold_exactly() -> None:
    seven_fives = Fraction(11346539, 14348907)  # P(7 fives) with 1 1 3 5 6 and 15 hidden dice

    def formula(theta: Fraction, t: int) -> Fraction:
        s = theta * (1 - theta)
        return 1 + (1 - 6 * s) / (2 * t * s)

    for theta in (Fraction(1, 3), Fraction(38, 100), Fraction(1, 10), seven_fives):
        for t in (1, 4, 10, 30):  # the lesson's formula is the exact ratio
            assert exact_ratio(theta, t) == formula(theta, t)
    for t in (10, 30, 100, 300, 1_000, 3_000, 10_000):
        assert abs(formula(seven_fives, t) - 1) < Fraction(1, 100)
    assert round(1 - float(exact_ratio(Fraction(38, 100), 10)), 2) == 0.09
    assert round(float(exact_ratio(Fraction(1, 10), 10)) - 1, 2) == 0.26


def test_the_usual_mistakes_give_the_wrong_answers_they_name() -> None:
    def wrong(exercise_id: str, name: str) -> object:
        return mistake_value(EXERCISES[exercise_id], name)

    ratio = key.solution("12.variance_ratio")
    assert wrong("12.variance_ratio", "the normal's value assumed") == 1
    assert wrong("12.variance_ratio", "not divided by 2") == 2 * ratio
    assert wrong("12.variance_ratio", "the square of the mean not subtracted") == ratio + Fraction(
        1, 2
    )
    assert wrong("12.family_alarm", "the uncorrected level") == pytest.approx(1 - 0.95**20)
    assert wrong("12.family_alarm", "the bound taken as the chance") == pytest.approx(0.05)
    assert wrong("12.family_alarm", "one test's level") == pytest.approx(0.05 / 20)
    sd = "12.chi_square_sd"
    assert wrong(sd, "one degree of freedom per cell") == pytest.approx(math.sqrt(22))
    assert wrong(sd, "the variance, not its square root") == 20
    assert wrong(sd, "the degrees of freedom, not the standard deviation") == 10
    assert wrong(sd, "the square root of the degrees of freedom") == pytest.approx(math.sqrt(10))
    assert wrong(sd, "the ordered pairs counted") == pytest.approx(math.sqrt(70))


def test_each_exercise_has_distinct_mistakes_and_hints() -> None:
    for exercise in EXERCISES.values():
        values = [mistake_value(exercise, m.name) for m in exercise.mistakes]
        for i, v in enumerate(values):
            assert all(abs(float(v) - float(w)) > 1e-3 for w in values[i + 1 :]), exercise.id
            assert abs(float(v) - float(key.solution(exercise.id))) > 10 * exercise.tolerance, (
                exercise.id
            )
        hints = [exercise.hint, *(m.hint for m in exercise.mistakes)]
        assert len(set(hints)) == len(hints), exercise.id


def test_the_right_answer_passes_and_a_usual_mistake_gets_its_hint() -> None:
    assert teach.check("12.variance_ratio", "13/16").correct
    assert teach.check("12.family_alarm", round(expected.family_alarm(), 6)).correct
    assert teach.check("12.chi_square_sd", 4.472).correct
    feedback = teach.check("12.family_alarm", 0.05)
    assert not feedback.correct and "bound" in feedback.message
    feedback = teach.check("12.chi_square_sd", 20)
    assert not feedback.correct and "square root" in feedback.message


def test_the_lesson_has_predict_and_transfer_exercises() -> None:
    tags = {e.id: e.tags for e in EXERCISES.values()}
    assert sum("predict" in t for t in tags.values()) >= 1
    assert sum("transfer" in t for t in tags.values()) >= 1


def test_the_notebooks_sources_never_hold_an_answer() -> None:
    text = "\n".join("".join(c["source"]) for c in cells(NOTEBOOK))
    for exercise in EXERCISES.values():
        for form in answer_forms(exercise):
            assert not re.search(rf"(?<![\d/.]){re.escape(form)}(?![\d])", text), form
