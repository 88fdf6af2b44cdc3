"""Tests of lesson 08's exercises: the p-value against chance, the two-proportion test and the
false alarms, each usual mistake's wrong answer worked by hand and answered with its own hint."""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice import teach
from liarsdice.teach.answers import mistake_value
from liarsdice.teach.core import find
from tests.exercises import hint_of


def tail(n: int, need: int, p: Fraction) -> float:
    """Return P(Binomial(n, p) >= need), summed exactly."""
    return float(sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(need, n + 1)))


def test_p_value_mistakes_worked_by_hand() -> None:
    quarter, third = Fraction(1, 4), Fraction(1, 3)
    assert teach.check("08.beat_chance", tail(40, 16, quarter)).correct
    cases = {
        "three players' chance": tail(40, 16, third),
        "more than 16, not 16 or more": tail(40, 17, quarter),
        "at most read for at least": 1 - tail(40, 17, quarter),
    }
    for name, value in cases.items():
        assert teach.check("08.beat_chance", value).message == hint_of("08.beat_chance", name)


def test_the_false_alarm_mistakes_worked_by_hand() -> None:
    alarms = find("08.false_alarm")
    assert mistake_value(alarms, "the chances added") == Fraction(1, 2)
    assert mistake_value(alarms, "no alarm at all") == Fraction(19, 20) ** 10


def test_a_corrected_or_exact_test_gets_its_own_hint() -> None:
    from scipy.stats import chi2_contingency, fisher_exact

    table = [[54, 26], [40, 40]]
    exercise = find("08.p_value")
    (hint,) = (m.hint for m in exercise.mistakes if m.name.startswith("a continuity correction"))
    for p_value in (chi2_contingency(table).pvalue, fisher_exact(table).pvalue):
        feedback = teach.check("08.p_value", float(p_value))
        assert not feedback.correct and feedback.message == f"Not yet: {hint}"
    # the plain test on the same table is the answer: no correction, both tails
    plain = chi2_contingency(table, correction=False).pvalue
    assert abs(plain - teach.solution("08.p_value")) < 1e-12


def test_the_p_value_exercise_has_overlapping_intervals_and_a_small_p() -> None:
    from liarsdice import stats

    a, b = stats.wilson_interval(54, 80), stats.wilson_interval(40, 80)
    assert b[1] > a[0]  # the intervals overlap, as the question says
    assert teach.solution("08.p_value") < 0.05  # and yet the test finds a difference


def test_the_lesson_has_predict_and_transfer_exercises_with_distinct_hints() -> None:
    exercises = teach.exercises(8)
    assert {e.id for e in exercises} == {"08.beat_chance", "08.false_alarm", "08.p_value"}
    assert [e.id for e in exercises if "predict" in e.tags] == ["08.false_alarm"]
    assert sum("transfer" in e.tags for e in exercises) >= 2
    for asked in exercises:
        hints = [m.hint for m in asked.mistakes]
        assert hints and len(set(hints)) == len(hints) and asked.hint not in hints
