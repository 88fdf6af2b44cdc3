"""Tests of lesson 08's exercises: the p-value against chance, the two-proportion test and the
false alarms, each usual mistake's wrong answer worked by hand and answered with its own hint."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from liarsdice import teach
from liarsdice.teach import key
from liarsdice.teach.answers import mistake_value
from liarsdice.teach.core import find
from tests.exercises import hint_of, shown_answer


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
    assert abs(plain - key.solution("08.p_value")) < 1e-12


def test_the_p_value_exercise_has_overlapping_intervals_and_a_small_p() -> None:
    from liarsdice import stats

    a, b = stats.wilson_interval(54, 80), stats.wilson_interval(40, 80)
    assert b[1] > a[0]  # the intervals overlap, as the question says
    assert key.solution("08.p_value") < 0.05  # and yet the test finds a difference


def test_the_lesson_has_predict_and_transfer_exercises_with_distinct_hints() -> None:
    exercises = teach.exercises(8)
    assert {e.id for e in exercises} == {
        "08.beat_chance",
        "08.false_alarm",
        "08.p_value",
        "08.exact_p_value",
    }
    assert [e.id for e in exercises if "predict" in e.tags] == ["08.false_alarm"]
    assert sum("transfer" in e.tags for e in exercises) >= 2
    assert [e.id for e in exercises if e.kind == "code"] == ["08.exact_p_value"]
    for asked in exercises:
        if asked.kind == "code":  # its usual mistakes are the grader's, tested above
            continue
        hints = [m.hint for m in asked.mistakes]
        assert hints and len(set(hints)) == len(hints) and asked.hint not in hints


# ----- 08.exact_p_value: the student's p_value ---------------------------------------------------

EXACT = "08.exact_p_value"


def at_least(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return P(X >= wins), X ~ Binomial(games, chance), by the binomial sum with math.comb."""
    return sum(
        (
            math.comb(games, k) * chance**k * (1 - chance) ** (games - k)
            for k in range(wins, games + 1)
        ),
        Fraction(0),
    )


def exactly(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return P(X = wins) alone."""
    return math.comb(games, wins) * chance**wins * (1 - chance) ** (games - wins)


def two_sided(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return the two-sided p-value: the chance of a result no likelier than `wins`."""
    seen = exactly(wins, games, chance)
    return sum(
        (exactly(k, games, chance) for k in range(games + 1) if exactly(k, games, chance) <= seen),
        Fraction(0),
    )


def exact_messages_hide_the_answers(message: str) -> None:
    """Assert that a message shows no case's answer."""
    from liarsdice.teach.lesson08 import P_VALUE_CASES, p_value

    assert shown_answer(message, p_value, P_VALUE_CASES) is None, message


def test_the_p_value_reference_is_the_binomial_sum_and_scipys_one_sided_test() -> None:
    from scipy.stats import binomtest

    from liarsdice.teach.lesson08 import P_VALUE_CASES, library_p_value, p_value

    for case in P_VALUE_CASES:
        assert p_value(**case) == at_least(**case) and type(p_value(**case)) is Fraction
        assert library_p_value(**case) == at_least(**case)
        scipy = binomtest(case["wins"], case["games"], float(case["chance"]), "greater").pvalue
        assert abs(float(p_value(**case)) - scipy) < 1e-12
        assert case["games"] not in (40, 80, 90)  # none of the lesson's cases


def test_a_right_p_value_written_by_a_student_passes() -> None:
    from liarsdice.teach.lesson08 import p_value
    from tests.exercises import as_students

    def by_complement(wins, games, chance):
        return 1 - sum(exactly(k, games, chance) for k in range(wins))

    def in_floats(wins, games, chance):
        return float(at_least(wins, games, Fraction(chance)))

    for right in (as_students(p_value), at_least, by_complement, in_floats):
        feedback = teach.check(EXACT, right)
        assert feedback.correct, feedback.message


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (lambda wins, games, chance: at_least(wins + 1, games, chance), "leaves out `wins`"),
        (exactly, "exactly `wins` wins"),
        (two_sided, "two-sided p-value"),
        (lambda wins, games, chance: 1 - at_least(wins + 1, games, chance), "from 0 up"),
    ],
    ids=["strictly more", "exactly", "two-sided", "at most"],
)
def test_each_usual_p_value_mistake_gets_its_own_hint(wrong, words) -> None:
    feedback = teach.check(EXACT, wrong)
    assert not feedback.correct and words in feedback.message, feedback.message
    exact_messages_hide_the_answers(feedback.message)


def test_a_p_value_that_raises_returns_no_number_or_takes_other_arguments_is_told() -> None:
    def raises(wins, games, chance):
        return math.comb(games, wins) / (games - games)

    cases = [
        (raises, "raised ZeroDivisionError"),
        (lambda wins, games, chance: "small", "a number"),
        (lambda wins, games, chance: [wins, games], "a number"),
        (lambda wins, games, chance: True, "a number"),
        (lambda wins, games: Fraction(1, 2), "raised TypeError"),
        (lambda wins, games, chance: at_least(wins, games, chance) / 2, "not the one-sided"),
        (Fraction(1, 2), "without calling it"),
    ]
    for wrong, words in cases:
        feedback = teach.check(EXACT, wrong)
        assert not feedback.correct and words in feedback.message, (words, feedback.message)
        exact_messages_hide_the_answers(feedback.message)
