"""Tests of lesson 07's exercises: a student who follows the lesson's Wilson formula is marked
right, and each usual mistake worked by hand (the Wald interval, the half-width, the division
forgotten, the width read as 1/n) gets its own hint; the Beta posterior's chance computed by
hand (Bayes' rule on a fine grid, the binomial identity, exact Fractions) is marked right, and
its usual mistakes get their own hints."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from liarsdice import teach
from liarsdice.teach import key
from liarsdice.teach.core import find
from tests.exercises import hint_of, shown_answer
from tests.expected.lesson07 import posterior_above


def by_formula(wins: int, games: int, z: float = 1.96) -> float:
    """Return the width of the Wilson interval by the lesson's formula, z = 1.96."""
    p = wins / games
    return 2 * z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)


def wald_width(wins: int, games: int, z: float = 1.96) -> float:
    """Return the width of the textbook interval p +- z sqrt(p(1-p)/n), unclipped."""
    p = wins / games
    return 2 * z * math.sqrt(p * (1 - p) / games)


def test_the_lessons_formula_with_z_1_96_is_marked_right() -> None:
    assert teach.check("07.wilson_width", by_formula(12, 40)).correct
    ratio = by_formula(48, 160) / by_formula(12, 40)
    assert teach.check("07.width_four_times", ratio).correct
    assert teach.check("07.width_four_times", f"{ratio:.4f}").correct


def test_the_wald_interval_by_hand_gets_its_own_hint() -> None:
    wald = teach.check("07.wilson_width", wald_width(12, 40))
    assert wald.message == hint_of("07.wilson_width", "the Wald interval")
    half = teach.check("07.wilson_width", by_formula(12, 40) / 2)
    assert half.message == hint_of("07.wilson_width", "the half-width")
    undivided = by_formula(12, 40) * (1 + 1.96**2 / 40)  # the hint, followed without dividing
    assert round(undivided, 4) == 0.2998 and round(by_formula(12, 40), 4) == 0.2736
    assert teach.check("07.wilson_width", undivided).message == hint_of(
        "07.wilson_width", "the division by 1 + z^2/n forgotten"
    )
    for ratio in ("1/2", 0.5, wald_width(48, 160) / wald_width(12, 40)):
        feedback = teach.check("07.width_four_times", ratio)
        assert feedback.message == hint_of("07.width_four_times", "the Wald interval"), ratio
    assert teach.check("07.width_four_times", "1/4").message == hint_of(
        "07.width_four_times", "the width like 1/n"
    )


def test_the_predicted_ratio_is_not_close_to_one_half() -> None:
    # A student who answers 1/2 must get the Wald hint, not "close, give more decimals".
    answer = key.solution("07.width_four_times")
    assert abs(answer - 0.5) > 100 * find("07.width_four_times").tolerance


def bayes_on_a_grid(wins: int, games: int, share: float, prior=(1, 1), cells=400_000) -> float:
    """Return P(p > share | wins in games) by Bayes' rule on a grid of p: prior density times
    the likelihood p^wins (1 - p)^(games - wins), normalised (cell midpoints)."""
    p = (np.arange(cells) + 0.5) / cells
    weight = p ** (prior[0] - 1 + wins) * (1 - p) ** (prior[1] - 1 + games - wins)
    return float(weight[p > share].sum() / weight.sum())


def binomial_at_most(n: int, most: int, x: Fraction) -> Fraction:
    """Return P(Binomial(n, x) <= most), exactly."""
    return sum((math.comb(n, j) * x**j * (1 - x) ** (n - j) for j in range(most + 1)), Fraction(0))


def test_the_beta_posterior_by_hand_is_marked_right() -> None:
    by_grid = bayes_on_a_grid(7, 20, 0.25)
    exact = posterior_above(7, 20, Fraction(1, 4))
    # P(Beta(k + 1, n - k + 1) > x) = P(Binomial(n + 1, x) <= k): a second exact road
    assert exact == binomial_at_most(21, 7, Fraction(1, 4))
    assert abs(by_grid - float(exact)) < 1e-6
    assert teach.check("07.posterior_chance", by_grid).correct
    assert teach.check("07.posterior_chance", f"{float(exact):.4f}").correct


def test_the_beta_posterior_mistakes_worked_by_hand() -> None:
    quarter = Fraction(1, 4)
    cases = {
        "the prior left out": bayes_on_a_grid(7, 20, 0.25, prior=(0, 0)),
        "the chance below": 1 - float(posterior_above(7, 20, quarter)),
        "the games for the losses": float(posterior_above(7, 27, quarter)),  # 20 losses
        "the p-value instead": float(1 - binomial_at_most(20, 6, quarter)),
    }
    for name, value in cases.items():
        feedback = teach.check("07.posterior_chance", value)
        assert feedback.message == hint_of("07.posterior_chance", name), name


def test_the_lesson_has_predict_and_transfer_exercises_with_distinct_hints() -> None:
    exercises = teach.exercises(7)
    assert [e.id for e in exercises] == [
        "07.wilson_width",
        "07.width_four_times",
        "07.posterior_chance",
        "07.beta_update",
    ]
    assert any("predict" in e.tags for e in exercises)
    assert sum("transfer" in e.tags for e in exercises) >= 2
    assert [e.id for e in exercises if e.kind == "code"] == ["07.beta_update"]
    for asked in exercises:
        if asked.kind == "code":  # its usual mistakes are the grader's, tested above
            continue
        hints = [m.hint for m in asked.mistakes]
        assert hints and len(set(hints)) == len(hints) and asked.hint not in hints


# ----- 07.beta_update: the student's posterior_mean ----------------------------------------------

UPDATE = "07.beta_update"


def mean_by_bayes(wins: int, games: int, a: int = 1, b: int = 1) -> Fraction:
    """Return the posterior mean by Bayes' rule, exactly: the integrals of p^(a - 1 + wins)
    (1 - p)^(b - 1 + games - wins), times p or not, are Beta functions, whose ratio is a
    ratio of factorials."""
    x, y = a + wins, b + games - wins  # the posterior's exponents plus one

    def beta_function(u: int, v: int) -> Fraction:
        return Fraction(math.factorial(u - 1) * math.factorial(v - 1), math.factorial(u + v - 1))

    return beta_function(x + 1, y) / beta_function(x, y)


def update_messages_hide_the_answers(message: str) -> None:
    """Assert that a message shows no case's answer."""
    from liarsdice.teach.lesson07 import UPDATE_CASES, posterior_mean

    assert shown_answer(message, posterior_mean, UPDATE_CASES) is None, message


def test_the_posterior_mean_reference_is_bayes_rule_and_scipys() -> None:
    from scipy.stats import beta

    from liarsdice.teach.lesson07 import UPDATE_CASES, posterior_mean

    for case in UPDATE_CASES:
        wins, games = case["wins"], case["games"]
        a, b = case.get("a", 1), case.get("b", 1)
        assert posterior_mean(**case) == mean_by_bayes(**case)
        assert float(posterior_mean(**case)) == pytest.approx(
            beta.mean(a + wins, b + games - wins), abs=1e-12
        )
        assert games not in (20, 40, 90, 160)  # none of the lesson's cases
    grid = (np.arange(400_000) + 0.5) / 400_000  # Bayes' rule on a grid, for one case
    weight = grid ** (1 + 3) * (1 - grid) ** (1 + 7)  # prior Beta(2, 2), 3 wins of 10
    assert abs((grid * weight).sum() / weight.sum() - float(posterior_mean(3, 10, 2, 2))) < 1e-9


def test_a_right_posterior_mean_written_by_a_student_passes() -> None:
    from liarsdice.teach.lesson07 import posterior_mean
    from tests.exercises import as_students

    def as_floats(wins, games, a=1, b=1):
        return (a + wins) / (a + b + games)

    for right in (as_students(posterior_mean), mean_by_bayes, as_floats):
        feedback = teach.check(UPDATE, right)
        assert feedback.correct, feedback.message


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (lambda wins, games, a=1, b=1: Fraction(wins, games), "the share of games won"),
        (lambda wins, games, a=1, b=1: mean_by_bayes(wins, games), "always takes the uniform"),
        (lambda wins, games, a=1, b=1: mean_by_bayes(wins, games + wins, a, b), "games played"),
        (lambda wins, games, a=1, b=1: mean_by_bayes(wins, games, b, a), "swaps the prior's"),
    ],
    ids=["prior forgotten", "uniform always", "games for losses", "a and b swapped"],
)
def test_each_usual_posterior_mean_mistake_gets_its_own_hint(wrong, words) -> None:
    feedback = teach.check(UPDATE, wrong)
    assert not feedback.correct and words in feedback.message, feedback.message
    update_messages_hide_the_answers(feedback.message)


def test_a_posterior_mean_that_raises_returns_no_number_or_takes_other_arguments_is_told() -> None:
    def raises(wins, games, a=1, b=1):
        return Fraction(wins, games - games)

    cases = [
        (raises, "raised ZeroDivisionError"),
        (lambda wins, games, a=1, b=1: "a half", "a number"),
        (lambda wins, games, a=1, b=1: (wins, games), "a number"),
        (lambda wins, games: Fraction(wins + 1, games + 2), "raised TypeError"),
        (lambda wins, games, a=1, b=1: mean_by_bayes(wins, games, a, b) + 1, "not the posterior"),
        (Fraction(1, 2), "without calling it"),
    ]
    for wrong, words in cases:
        feedback = teach.check(UPDATE, wrong)
        assert not feedback.correct and words in feedback.message, (words, feedback.message)
        update_messages_hide_the_answers(feedback.message)
