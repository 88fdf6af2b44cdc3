"""Tests of lesson 06's exercises and notebook beyond tests/test_teach.py: a student who follows
the lesson's formulas is marked right, each usual mistake worked by hand gets its own hint, the
notebook asks each exercise and never holds an answer, and the lesson's claims about the normal
approximation are recomputed outside the library (math.comb sums and scipy's normal curve)."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

from liarsdice import teach
from liarsdice.teach import key
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells, source
from tests.exercises import hint_of, shown_answer
from tests.expected import binomial_tail
from tests.expected import lesson06 as expected

NOTEBOOK = NOTEBOOKS / "core" / "06_law_of_large_numbers_and_the_clt.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(6)}
SEVEN_FIVES = Fraction(11346539, 14348907)  # P(7 fives) with 1 1 3 5 6 and 15 hidden dice


def curve(n: int, p: float, need: float, scale: float | None = None) -> float:
    """Return P(Z >= (need - np)/scale) for a standard normal Z, scale sqrt(np(1 - p)) unless
    given, by scipy."""
    from scipy.stats import norm

    scale = math.sqrt(n * p * (1 - p)) if scale is None else scale
    return float(norm.sf((need - n * p) / scale))


def tails(n: int, p: Fraction) -> list[float]:
    """Return the exact P(X >= k), k = 0..n, for X ~ Binomial(n, p), summed with math.comb."""
    return [float(binomial_tail(n, k, p)) for k in range(n + 1)]


def test_the_answers_are_the_ones_computed_by_hand() -> None:
    chance = 1 - sum(
        math.comb(10, j) * Fraction(1, 6) ** j * Fraction(5, 6) ** (10 - j) for j in range(3)
    )
    rolls = math.ceil(4 * chance * (1 - chance) * 2500)
    assert key.solution("06.band_rolls") == rolls == expected.band_rolls()
    assert 2 * math.sqrt(chance * (1 - chance) / rolls) <= 0.02
    assert 2 * math.sqrt(chance * (1 - chance) / (rolls - 1)) > 0.02
    assert key.solution("06.normal_tail") == pytest.approx(curve(20, 1 / 3, 9.5), abs=1e-12)
    ratio = curve(30, 1 / 6, 9.5) / float(binomial_tail(30, 10, Fraction(1, 6)))
    assert key.solution("06.wild_ratio") == pytest.approx(ratio, abs=1e-12)


def test_a_student_following_the_lesson_is_marked_right() -> None:
    chance = 0.2248  # P(true) of 3 aces among 10 dice, rounded to four decimals
    assert teach.check("06.band_rolls", math.ceil(4 * chance * (1 - chance) / 0.02**2)).correct
    by_hand = 0.5 * math.erfc((10 - 0.5 - 20 / 3) / math.sqrt(20 * 2 / 9) / math.sqrt(2))
    assert teach.check("06.normal_tail", round(by_hand, 4)).correct
    assert teach.check("06.wild_ratio", f"{expected.wild_ratio():.3f}").correct


def test_the_usual_mistakes_give_the_wrong_answers_they_name() -> None:
    def wrong(exercise_id: str, name: str) -> float:
        return float(mistake_value(EXERCISES[exercise_id], name))

    chance = binomial_tail(10, 3, Fraction(1, 6))
    assert wrong("06.band_rolls", "one standard error") == math.ceil(chance * (1 - chance) * 2500)
    assert wrong("06.band_rolls", "the die's chance for the bid's") == math.ceil(4 * 5 / 36 * 2500)
    assert wrong("06.band_rolls", "the worst case") == 2500
    assert wrong("06.band_rolls", "the whole width") == math.ceil(16 * chance * (1 - chance) * 2500)
    assert wrong("06.band_rolls", "rounded down") == expected.band_rolls() - 1
    sd = math.sqrt(20 * 2 / 9)
    for name, value in (
        ("no continuity correction", curve(20, 1 / 3, 10)),
        ("corrected the wrong way", curve(20, 1 / 3, 10.5)),
        ("the variance for the standard deviation", curve(20, 1 / 3, 9.5, scale=sd**2)),
        ("the exact tail", float(binomial_tail(20, 10, Fraction(1, 3)))),
    ):
        assert wrong("06.normal_tail", name) == pytest.approx(value, abs=1e-12), name
    exact = float(binomial_tail(30, 10, Fraction(1, 6)))
    ratio = expected.wild_ratio()
    assert wrong("06.wild_ratio", "the ratio upside down") == pytest.approx(1 / ratio)
    assert wrong("06.wild_ratio", "no continuity correction") == pytest.approx(
        curve(30, 1 / 6, 10) / exact
    )
    assert wrong("06.wild_ratio", "the aces counted as a plain face") == pytest.approx(
        curve(30, 1 / 3, 9.5) / float(binomial_tail(30, 10, Fraction(1, 3)))
    )
    assert wrong("06.wild_ratio", "the difference, not the ratio") == pytest.approx(
        curve(30, 1 / 6, 9.5) - exact
    )


def test_a_usual_mistake_gets_its_hint() -> None:
    feedback = teach.check("06.band_rolls", 2500)
    assert feedback.message == hint_of("06.band_rolls", "the worst case")
    feedback = teach.check("06.normal_tail", round(curve(20, 1 / 3, 10), 6))
    assert feedback.message == hint_of("06.normal_tail", "no continuity correction")


def test_the_lesson_has_predict_and_transfer_exercises() -> None:
    assert any("predict" in e.tags for e in EXERCISES.values())
    assert any("transfer" in e.tags for e in EXERCISES.values())
    for exercise in EXERCISES.values():
        assert exercise.mistakes or exercise.kind == "code", exercise.id
        for mistake in (exercise.hint, *(m.hint for m in exercise.mistakes)):
            assert "normal_approximation" not in mistake and "bid_probability" not in mistake


def test_the_notebook_asks_each_exercise_and_never_holds_an_answer() -> None:
    text = "\n".join(source(c) for c in cells(NOTEBOOK))
    for exercise in EXERCISES.values():
        assert f'print(teach.prompt("{exercise.id}"))' in text, exercise.id
        if exercise.kind == "code":  # its answers are the cases', checked in their own test
            continue
        answer = Fraction(key.solution(exercise.id))
        forms = [f"{float(answer):.4f}", f"{float(answer):.3f}"]
        if answer.denominator == 1:
            forms = [str(answer.numerator), f"{answer.numerator:,}"]
        for form in forms:
            assert not re.search(rf"(?<![\d/.]){re.escape(form)}(?![\d])", text), form
    assert not re.search(r"chi[-_ ]?squar|χ²|chi2", text, flags=re.IGNORECASE)


# ----- the lesson's claims, recomputed outside the library ---------------------------------------


def test_the_normal_curve_is_within_11_percent_where_challenges_are_decided() -> None:
    """Fifteen dice, a plain face: for P between 0.03 and 0.5 (k = 6..9) normal/exact lies in
    0.89..1.03; the relative error passes 30% only from k = 12, where P = 0.0003."""
    exact = tails(15, Fraction(1, 3))
    ratio = [curve(15, 1 / 3, k - 0.5) / exact[k] for k in range(16)]
    decided = [k for k in range(16) if 0.03 <= exact[k] <= 0.5]
    assert decided == [6, 7, 8, 9]
    assert min(ratio[k] for k in decided) > 0.89 and max(ratio[k] for k in decided) < 1.03
    far = [k for k in range(16) if abs(ratio[k] - 1) > 0.3]
    assert far[0] == 12 and round(exact[12], 4) == 0.0003
    assert round(1 - ratio[11], 2) == 0.28
    for n in range(10, 31):  # every table of 10 to 30 dice, a plain face
        exact = tails(n, Fraction(1, 3))
        for k in range(n + 1):
            if 0.03 <= exact[k] <= 0.5:
                assert 0.89 < curve(n, 1 / 3, k - 0.5) / exact[k] < 1.04, (n, k)


def test_the_wild_face_is_off_where_challenges_are_decided() -> None:
    exact = tails(15, Fraction(1, 6))
    assert round(exact[6], 3) == 0.027 and round(curve(15, 1 / 6, 5.5), 3) == 0.019
    assert round(1 - curve(15, 1 / 6, 5.5) / exact[6], 2) == 0.31
    assert round(exact[3], 3) == 0.468 and curve(15, 1 / 6, 2.5) == pytest.approx(0.5)
    ratios = [
        curve(n, 1 / 6, k - 0.5) / e
        for n in range(10, 31)
        for k, e in enumerate(tails(n, Fraction(1, 6)))
        if 0.03 <= e <= 0.5
    ]
    assert 0.72 < min(ratios) < 0.73 and 1.08 < max(ratios) < 1.09


def test_the_law_of_large_numbers_and_the_band_recomputed() -> None:
    """The chance of a miss by more than 0.01, and of the share inside P +- 2 SE, summed over
    the binomial with math.comb (t = 100) and compared with the lesson's numbers."""
    theta, t = SEVEN_FIVES, 100
    pmf = [math.comb(t, k) * theta**k * (1 - theta) ** (t - k) for k in range(t + 1)]
    miss = sum(p for k, p in enumerate(pmf) if abs(Fraction(k, t) - theta) > Fraction(1, 100))
    assert round(float(miss), 2) == 0.81
    se = math.sqrt(theta * (1 - theta) / t)
    inside = sum(p for k, p in enumerate(pmf) if abs(k / t - float(theta)) <= 2 * se)
    assert abs(float(inside) - 0.9545) < 0.01
    assert float(miss) <= float(theta * (1 - theta)) / (t * 0.01**2)  # Chebyshev


# ----- 06.normal_estimate: the student's normal_tail ---------------------------------------------

ESTIMATE = "06.normal_estimate"


def erf_tail(n: int, p: float, k: int, shift: float = -0.5, variance: bool = False) -> float:
    """Return the normal curve's P(X >= k), X ~ Binomial(n, p), read from k + shift, by math.erf
    (shift -1/2 is the continuity correction; variance=True divides by the variance)."""
    mean, spread = n * p, n * p * (1 - p)
    scale = spread if variance else math.sqrt(spread)
    return 0.5 * (1 - math.erf((k + shift - mean) / scale / math.sqrt(2)))


def by_normal_dist(n: int, p: float, k: int) -> float:
    """Return the same approximation by statistics.NormalDist, as a student might."""
    from statistics import NormalDist

    return 1 - NormalDist(n * p, math.sqrt(n * p * (1 - p))).cdf(k - 0.5)


def estimate_messages_hide_the_answers(message: str) -> None:
    """Assert that a message shows no case's answer."""
    from liarsdice.teach.lesson06 import ESTIMATE_CASES, normal_tail

    assert shown_answer(message, normal_tail, ESTIMATE_CASES) is None, message


def test_the_normal_estimate_reference_is_the_curve_by_hand() -> None:
    from liarsdice.teach.lesson06 import ESTIMATE_CASES, library_normal_tail, normal_tail

    for case in ESTIMATE_CASES:
        assert normal_tail(**case) == pytest.approx(erf_tail(**case), abs=1e-12)
        assert library_normal_tail(**case) == pytest.approx(erf_tail(**case), abs=1e-12)
        n, p, k = case["n"], case["p"], case["k"]
        assert normal_tail(**case) == pytest.approx(curve(n, p, k - 0.5), abs=1e-12)
        assert (n, p) not in (
            (15, 1 / 3),
            (15, 1 / 6),
            (20, 1 / 3),
            (30, 1 / 6),
        )  # not the lesson's


def test_a_right_normal_tail_written_by_a_student_passes() -> None:
    from liarsdice.teach.lesson06 import normal_tail
    from tests.exercises import as_students

    for right in (as_students(normal_tail), erf_tail, by_normal_dist):
        feedback = teach.check(ESTIMATE, right)
        assert feedback.correct, feedback.message


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (lambda n, p, k: erf_tail(n, p, k, shift=0), "read from k - 1/2, the continuity"),
        (lambda n, p, k: erf_tail(n, p, k, shift=0.5), "reads the curve from k + 1/2"),
        (lambda n, p, k: erf_tail(n, p, k, variance=True), "divides by the variance"),
        (lambda n, p, k: float(binomial_tail(n, k, Fraction(p))), "exact binomial tail"),
    ],
    ids=["no correction", "the wrong way", "variance", "exact"],
)
def test_each_usual_normal_tail_mistake_gets_its_own_hint(wrong, words) -> None:
    feedback = teach.check(ESTIMATE, wrong)
    assert not feedback.correct and words in feedback.message, feedback.message
    estimate_messages_hide_the_answers(feedback.message)


def test_a_normal_tail_that_raises_returns_no_number_or_takes_other_arguments_is_told() -> None:
    def raises(n: int, p: float, k: int) -> float:
        return 1 / (k - k)

    cases = [
        (raises, "raised ZeroDivisionError"),
        (lambda n, p, k: "about a half", "a number"),
        (lambda n, p, k: [n, p, k], "a number"),
        (lambda n, p, k: None, "a number"),
        (lambda n, k: 0.5, "raised TypeError"),
        (lambda n, p, k: erf_tail(n, p, k) + 0.01, "not the normal approximation"),
        (0.5, "without calling it"),
    ]
    for wrong, words in cases:
        feedback = teach.check(ESTIMATE, wrong)
        assert not feedback.correct and words in feedback.message, (words, feedback.message)
        estimate_messages_hide_the_answers(feedback.message)
