"""Tests of lesson 03's exercises beyond the course-wide ones: the numbers their questions and
the worked proof state, and hints that point at reasoning rather than at the library."""

from __future__ import annotations

from fractions import Fraction

import pytest

import liarsdice as ld
from liarsdice import Bid, odds, teach
from liarsdice.teach import key, lesson03
from tests.exercises import as_students, shown_answer
from tests.expected import binomial_tail

SIXTH, THIRD = Fraction(1, 6), Fraction(1, 3)


def place(k: int, n: int) -> int:
    """Return the largest q with P(>= q plain) >= P(>= k wilds) among n dice, by the formula."""
    wilds = binomial_tail(n, k, SIXTH)
    return max(q for q in range(n + 1) if binomial_tail(n, q, THIRD) >= wilds)


def test_the_worked_proof_is_a_short_argument() -> None:
    lines = lesson03.WORKED.splitlines()
    assert 5 <= len(lines) <= 12 and all(len(line) <= 100 for line in lines)
    assert key.format_solution("03.no_fixed_rule") == lesson03.WORKED


def test_the_proofs_instance_forces_two_places_for_two_wilds() -> None:
    for n, q in ((3, 2), (5, 3)):
        assert binomial_tail(n, q, THIRD) >= binomial_tail(n, 2, SIXTH)
        assert binomial_tail(n, 2, SIXTH) > binomial_tail(n, q + 1, THIRD)
        assert place(2, n) == odds.wild_place(2, n) == q < n


def test_the_proofs_bound_holds_and_every_fixed_place_of_one_wild_fails() -> None:
    for q in range(5):
        for n in range(1, 61):
            short = 1 - binomial_tail(n, q + 1, THIRD)  # P(X <= q)
            assert short <= (q + 1) * n**q * Fraction(2, 3) ** n
        failing = next(n for n in range(q + 1, 200) if place(1, n) > q)
        assert binomial_tail(failing, q + 1, THIRD) > binomial_tail(failing, 1, SIXTH)


def test_the_rise_gap_question_describes_perudos_ladder() -> None:
    perudo = ld.preset("perudo")
    ladder = perudo.ladder(18)
    after_one_ace = ladder[ladder.index(Bid(1, 1)) + 1]
    assert after_one_ace == Bid(3, 2) and odds.wild_bracket(perudo, 1) == (2, 3)
    assert (Bid(1, 1), Bid(3, 2)) in odds.ladder_rises(perudo, 18)
    assert key.solution("03.rise_gap") > 0  # the question's "positive: a rise"


def test_the_spread_ratio_for_six_sided_dice_is_the_lessons() -> None:
    assert lesson03._spread_ratio(SIXTH, THIRD) == Fraction(20, 8)
    assert key.solution("03.spread_ratio") < Fraction(5, 2)  # wilds spread less with 8 faces


def test_the_stars_answer_reads_under_bluffs_rules() -> None:
    answer = key.solution("03.stars_place")
    bluff = ld.preset("bluff")
    assert answer.face == bluff.plain_faces[-1] and answer.quantity > 2 * lesson03.STARS
    assert teach.check("03.stars_place", f"{answer.quantity} fives").correct
    stars = teach.check("03.stars_place", f"{answer.quantity} stars")
    assert not stars.correct and stars.message.startswith("Not yet")


def test_the_board_mistake_of_the_stars_is_bluffs_own_rule() -> None:
    bluff = ld.preset("bluff")
    assert bluff.ace_rule == "board" and odds.wild_bracket(bluff, lesson03.STARS)[0] == 5
    result = teach.check("03.stars_place", "5 fives")
    assert not result.correct and "where the board puts 3 stars" in result.message


def test_the_board_exercise_cannot_be_read_off_the_lessons_twenty_dice() -> None:
    answer = key.solution("03.board_agrees")
    assert lesson03.BOARD_DICE == 30 and answer == 5
    at_twenty = next(k for k in range(1, 21) if place(k, 20) == 2 * k - 1)
    assert at_twenty == 4 != answer
    mistakes = [
        m.compute()
        for m in next(e for e in teach.exercises(3) if e.id == "03.board_agrees").mistakes
    ]
    assert mistakes == [4, 7] and answer not in mistakes


def test_hints_point_at_reasoning_not_at_the_library() -> None:
    names = ("odds.", "wild_place", "first_rise", "ladder_", "symbolic", "halve_double")
    for exercise in teach.exercises(3):
        texts = [exercise.hint, *(m.hint for m in exercise.mistakes)]
        assert not any(name in text for text in texts for name in names), exercise.id


def test_the_lesson_has_each_kind_of_exercise() -> None:
    tags = [set(e.tags) for e in teach.exercises(3)]
    assert any("predict" in t for t in tags) and any("transfer" in t for t in tags)
    assert [e.kind for e in teach.exercises(3)].count("proof") == 1
    assert 3 <= len(tags) <= 6


# ----- 03.spread: the student's function ------------------------------------------------------


def variance_by_convolution(n: int, face: int) -> Fraction:
    """Return Var(count of `face` among n Blef dice) from the count's distribution, built die by
    die from the faces that count (a bid on aces counts aces only)."""
    p = Fraction(sum(d == face or (face != 1 and d == 1) for d in range(1, 7)), 6)
    chances = [Fraction(1)]
    for _ in range(n):
        chances = [
            (chances[c] if c < len(chances) else 0) * (1 - p) + (chances[c - 1] * p if c > 0 else 0)
            for c in range(len(chances) + 1)
        ]
    mean = sum(c * x for c, x in enumerate(chances))
    return sum(c * c * x for c, x in enumerate(chances)) - mean**2


def spread_leaks(message: str) -> bool:
    """Return True if the message shows the answer of one of the grader's cases."""
    return shown_answer(message, lesson03.count_variance, lesson03.SPREAD_CASES) is not None


def test_the_spread_reference_and_a_convolution_pass_on_unprinted_cases() -> None:
    assert teach.check("03.spread", as_students(lesson03.count_variance)).correct
    assert teach.check("03.spread", variance_by_convolution).correct
    assert teach.check("03.spread", lambda n, face: float(variance_by_convolution(n, face))).correct
    for case in lesson03.SPREAD_CASES:
        assert lesson03.count_variance(**case) == variance_by_convolution(**case)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (as_students(lesson03._variance_wild_forgotten), "aces are wild"),
        (as_students(lesson03._variance_as_mean), "that is the mean count"),
        (as_students(lesson03._variance_aces_as_plain), "a bid on aces counts aces only"),
        (lambda n, face: variance_by_convolution(n, face) + 1, "which is not the variance"),
        (lambda n, face: 1 / 0, "raised ZeroDivisionError"),
        (lambda n, face: [1, 2], "expected the variance, a number"),
        (lambda n: 0, "raised TypeError"),
    ],
    ids=["wild", "mean", "aces", "off", "raises", "list", "signature"],
)
def test_each_wrong_spread_gets_its_own_message_without_the_answer(function, words) -> None:
    feedback = teach.check("03.spread", function)
    assert not feedback.correct and words in feedback.message, feedback.message
    assert not spread_leaks(feedback.message), feedback.message
