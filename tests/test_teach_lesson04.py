"""Tests of lesson 04's exercise: the assumption its prompt states (shared with lesson 09's
exercises on the same tables), a usual mistake worked by hand, and the notebook's cells."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

import liarsdice as ld
from liarsdice import Bid, odds, teach
from liarsdice.teach import key, lesson04
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells, source
from tests.exercises import as_students, shown_answer

NOTEBOOK = NOTEBOOKS / "core" / "04_conditional_probability.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(4)}


def test_the_lesson_has_its_exercise() -> None:
    assert list(EXERCISES) == ["04.nine_fives", "04.p_true"]
    assert EXERCISES["04.nine_fives"].tags == ("predict", "transfer")


def test_every_prompt_on_the_lessons_tables_states_the_no_information_assumption() -> None:
    # lesson 09's exercises state their tables with lesson 04's words
    stated = [e for e in teach.exercises() if lesson04.NO_INFORMATION in e.prompt]
    assert [e.id for e in stated] == [
        "04.nine_fives",
        "09.challenge_cost",
        "09.decision",
        "09.break_even",
    ]
    for exercise in stated:
        assert "uniform and independent" in exercise.prompt, exercise.id
        assert "lesson 5" in exercise.prompt and teach.LESSONS[5] in exercise.prompt
        short_fifth = exercise.id == "04.nine_fives"  # four seats of five dice and one of three
        table = "four with five dice each" if short_fifth else "players with five dice each play"
        assert table in exercise.prompt, exercise.id


def test_the_wild_forgotten_in_m_is_two_matches_instead_of_three() -> None:
    exercise = EXERCISES["04.nine_fives"]
    assert ld.preset("blef").count(lesson04.HAND, 5) == 3 and lesson04.HAND.count(5) == 2
    wrong = mistake_value(exercise, "the wild forgotten in m")
    assert wrong == odds.bid_probability(Bid(10, 5), ld.preset("blef"), 18, lesson04.HAND, True)


def at_least(n: int, need: int, p: Fraction) -> Fraction:
    """Return P(Binomial(n, p) >= need), the binomial terms summed by hand."""
    return sum(
        (math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(max(need, 0), n + 1)),
        Fraction(0),
    )


NINE_FIVES = "04.nine_fives"
THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)


def test_nine_fives_at_the_short_fifth_table_by_hand() -> None:
    # 5 + 5 + 5 + 5 + 3 dice, your 5 seen: 18 unknown; your ace and two fives make m = 3
    assert "down to three dice" in EXERCISES[NINE_FIVES].prompt
    answer = at_least(18, 9 - 3, THIRD)
    assert key.solution(NINE_FIVES) == answer == Fraction(227709257, 3**18)
    assert teach.check(NINE_FIVES, answer).correct and teach.check(NINE_FIVES, "0.5878").correct


def test_nine_fives_usual_mistakes_by_hand() -> None:
    exercise = EXERCISES[NINE_FIVES]
    by_hand = {
        "the wild forgotten in m": at_least(18, 9 - 2, THIRD),
        "1/6 for a plain face": at_least(18, 6, SIXTH),
        "at most read for at least": 1 - at_least(18, 7, THIRD),
        "five dice for the fifth player": at_least(20, 6, THIRD),
        "q - m off by one": at_least(18, 5, THIRD),
    }
    assert {m.name: mistake_value(exercise, m.name) for m in exercise.mistakes} == by_hand
    assert (
        len(set(by_hand.values())) == len(by_hand)
        and key.solution(NINE_FIVES) not in by_hand.values()
    )


def test_nine_fives_is_on_no_table_of_twenty_dice() -> None:
    """Lesson 01's board (20 dice unknown, P(true) on hover) and lesson 03's n = 20 table show
    every bid's chance among 20 dice; the exercise's 18 unknown dice give none of them."""
    answer = key.solution(NINE_FIVES)
    twenty = {at_least(20, q, p) for q in range(21) for p in (THIRD, SIXTH)}
    assert at_least(20, 6, THIRD) in twenty and answer not in twenty
    rows = odds.halve_double_table(20)
    shown = {v for r in rows for v in (r.wild, r.plain_2k_minus_1, r.plain_2k, r.plain_2k_plus_1)}
    assert all(round(float(v), 4) != round(float(answer), 4) for v in shown | twenty)


def test_the_notebooks_check_cells_are_collapsed_and_its_widgets_untouched() -> None:
    for cell in cells(NOTEBOOK):
        text = source(cell)
        assert not re.search(r"\b(explorer|board)\.\w+\.value\s*=", text), text[:80]
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert cell["cell_type"] == "code"
        if cell["cell_type"] == "code" and text.startswith("assert"):
            assert "checks" in cell["metadata"].get("tags", []), text[:80]


# ----- 04.p_true: the student's function ------------------------------------------------------


def p_true_by_convolution(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return P(at least q dice count for `face` | hand) in Blef: the hand's matches counted by
    hand, the unknown dice's count built die by die from the faces that count."""
    counts = {face} if face == 1 else {face, 1}
    p = Fraction(len(counts), 6)
    chances = [Fraction(1)]
    for _ in range(unknown):
        chances = [
            (chances[c] if c < len(chances) else 0) * (1 - p) + (chances[c - 1] * p if c > 0 else 0)
            for c in range(len(chances) + 1)
        ]
    need = q - sum(d in counts for d in hand)
    return sum((x for c, x in enumerate(chances) if c >= need), Fraction(0))


def p_true_leaks(message: str) -> bool:
    """Return True if the message shows the answer of one of the grader's cases."""
    return shown_answer(message, lesson04.chance_true, lesson04.P_TRUE_CASES) is not None


def test_the_p_true_reference_and_a_convolution_pass_on_unprinted_cases() -> None:
    assert teach.check("04.p_true", as_students(lesson04.chance_true)).correct
    assert teach.check("04.p_true", p_true_by_convolution).correct
    for case in lesson04.P_TRUE_CASES:
        assert lesson04.chance_true(**case) == p_true_by_convolution(**case)
    assert any(c["face"] == 1 for c in lesson04.P_TRUE_CASES)  # the wild face
    assert any(lesson04.chance_true(**c) == 1 for c in lesson04.P_TRUE_CASES)  # made by the hand


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (as_students(lesson04._true_hand_forgotten), "your hand counts too"),
        (as_students(lesson04._true_wild_forgotten), "aces are wild"),
        (as_students(lesson04._true_more_than), "exactly q dice are enough"),
        (lambda q, face, unknown, hand: Fraction(1, 2), "which is not the chance"),
        (lambda q, face, unknown, hand: 1 / 0, "raised ZeroDivisionError"),
        (lambda q, face, unknown, hand: None, "expected the chance, a number"),
        (lambda q, face, unknown: 0, "raised TypeError"),
    ],
    ids=["hand", "wild", "more than", "off", "raises", "none", "signature"],
)
def test_each_wrong_p_true_gets_its_own_message_without_the_answer(function, words) -> None:
    feedback = teach.check("04.p_true", function)
    assert not feedback.correct and words in feedback.message, feedback.message
    assert not p_true_leaks(feedback.message), feedback.message
