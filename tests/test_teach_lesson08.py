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
from tests.expected import binomial_tail
from tests.expected.lesson08 import mixed_tail


def test_beat_chance_by_enumeration_and_its_mistakes_by_hand() -> None:
    answer = mixed_tail(31)  # 20 heads-up wins and 11 five-player wins
    assert key.solution("08.beat_chance") == answer and round(float(answer), 4) == 0.0039
    assert teach.check("08.beat_chance", float(answer)).correct
    cases = {
        "one chance for every game": binomial_tail(60, 31, Fraction(7, 20)),  # (15 + 6) / 60
        "the heads-up games alone": binomial_tail(30, 20, Fraction(1, 2)),
        "the five-player games alone": binomial_tail(30, 11, Fraction(1, 5)),
        "more than 31, not 31 or more": mixed_tail(32),
        "at most read for at least": 1 - mixed_tail(32),
    }
    for name, value in cases.items():
        assert mistake_value(find("08.beat_chance"), name) == value, name
        assert teach.check("08.beat_chance", float(value)).message == hint_of(
            "08.beat_chance", name
        )


def test_beat_chance_is_not_one_argument_away_from_the_lessons_test() -> None:
    """Section 1 calls stats.binomial_test(wins, 90, 1 / 3, ...): with one binomial, whatever
    its arguments (the 60 games, 31 wins, any chance of a table or their average), the answer
    never comes out; the total of two binomials with different chances is no binomial."""
    answer = key.solution("08.beat_chance")
    for chance in (Fraction(1, 2), Fraction(1, 5), Fraction(7, 20), Fraction(1, 3)):
        for games, wins in ((60, 31), (30, 20), (30, 11)):
            assert abs(float(binomial_tail(games, wins, chance)) - float(answer)) > 1e-3


def sign_test(wins: int, of: int) -> Fraction:
    """Return the two-sided sign test's p-value, 2 P(Binomial(of, 1/2) >= wins), by hand."""
    return 2 * binomial_tail(of, wins, Fraction(1, 2))


def test_p_value_is_the_sign_test_on_the_games_either_bot_won() -> None:
    # A won 30 and B 15 of the same 80 games; the 45 games one of them won decide it
    answer = sign_test(30, 45)
    assert key.solution("08.p_value") == answer and round(float(answer), 4) == 0.0357
    assert teach.check("08.p_value", 0.0357).correct
    from scipy.stats import binomtest

    assert abs(binomtest(30, 45, 0.5).pvalue - float(answer)) < 1e-12  # scipy's two-sided


def test_p_value_mistakes_worked_by_hand() -> None:
    from scipy.stats import norm

    exercise = find("08.p_value")
    pooled = Fraction(45, 160)
    z = (Fraction(30, 80) - Fraction(15, 80)) / math.sqrt(pooled * (1 - pooled) * Fraction(2, 80))
    two_samples = 2 * norm.sf(float(z))  # the two-proportion test of section 2, on these games
    assert mistake_value(exercise, "two independent samples assumed") == pytest.approx(
        two_samples, abs=1e-12
    )
    assert mistake_value(exercise, "one tail only") == binomial_tail(45, 30, Fraction(1, 2))
    # all 80 games as trials at 1/2: A's 30 wins are as far below 40 as 50 above it
    every_game = binomial_tail(80, 50, Fraction(1, 2)) + (1 - binomial_tail(80, 31, Fraction(1, 2)))
    assert mistake_value(exercise, "every game counted") == every_game
    for m in exercise.mistakes:
        value = float(mistake_value(exercise, m.name))
        assert abs(value - float(key.solution("08.p_value"))) > exercise.tolerance, m.name
        assert teach.check("08.p_value", value).message == f"Not yet: {m.hint}"


def test_the_p_value_exercise_has_overlapping_intervals_and_a_small_p() -> None:
    from liarsdice import stats

    a, b = stats.wilson_interval(30, 80), stats.wilson_interval(15, 80)
    assert b[1] > a[0]  # the intervals overlap, as the question says
    assert key.solution("08.p_value") < 0.05  # and yet the test finds a difference
    # section 2's printed two-proportion call, its four numbers changed, is a usual mistake
    two = stats.two_proportion_test(30, 80, 15, 80).p_value
    assert abs(two - float(key.solution("08.p_value"))) > 0.02


def test_the_false_alarm_under_bonferroni_and_its_mistakes_by_hand() -> None:
    alarms = find("08.false_alarm")
    level = Fraction(1, 200)  # 0.05 / 10
    assert key.solution("08.false_alarm") == 1 - (1 - level) ** 10 < Fraction(1, 20)
    assert mistake_value(alarms, "the chances added") == Fraction(1, 20)
    assert mistake_value(alarms, "each test at 0.05") == 1 - Fraction(19, 20) ** 10
    assert mistake_value(alarms, "no alarm at all") == (1 - level) ** 10
    assert mistake_value(alarms, "exactly one alarm") == 10 * level * (1 - level) ** 9
    # section 4 prints 1 - 0.95^6; with the 6 changed to 10 it gives a usual mistake, not this
    assert round(1 - 0.95**10, 4) != round(float(key.solution("08.false_alarm")), 4)


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
