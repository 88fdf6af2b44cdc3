"""Tests of lesson 13's exercises beyond tests/test_teach.py: the student's log-likelihood
against liarsdice.profiles on the lesson's games, the usual mistakes and their hints, the
classmate's games, and a notebook whose sources never hold an answer of its own exercises."""

from __future__ import annotations

import math
import re

import pytest

from liarsdice import profiles, teach
from liarsdice.agents import ModelBot
from liarsdice.bidders import Quantal
from liarsdice.errors import ArgumentTypeError
from liarsdice.teach import key, lesson13
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells
from tests.exercises import answer_forms, as_students, shown_answer

NOTEBOOK = NOTEBOOKS / "advanced" / "13_reading_a_player.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(13)}


def test_the_lesson_has_its_exercises_in_order() -> None:
    assert list(EXERCISES) == [
        "13.estimate",
        "13.narrowing",
        "13.log_likelihood",
        "13.own_games",
    ]
    assert "predict" in EXERCISES["13.narrowing"].tags
    assert "transfer" in EXERCISES["13.estimate"].tags
    assert EXERCISES["13.own_games"].kind == "open" and key.format_solution("13.own_games")


def test_the_classmate_is_a_model_bot_and_the_series_nest() -> None:
    short, long = lesson13.classmate_games(3), lesson13.classmate_games(6)
    assert [g.to_json() for g in short] == [g.to_json() for g in long[:3]]
    assert [g.to_json() for g in lesson13.classmate_games(3, beta=2.0)] != [
        g.to_json() for g in short
    ]
    assert isinstance(ModelBot(Quantal(1.0), seed=0), ModelBot)
    for bad in (0, lesson13.MAX_GAMES + 1):
        with pytest.raises(ValueError, match=str(bad)):
            lesson13.classmate_games(bad)
    with pytest.raises(ArgumentTypeError, match="beta"):
        lesson13.classmate_games(2, beta="six")  # type: ignore[arg-type]


def seat_decisions(games: int) -> list[tuple[tuple[float, ...], int]]:
    """Return seat 0's decisions in the lesson's games as the exercise hands them to the
    student: each legal move's quantal score, in legal order, and the index of the move made."""
    moves, _ = profiles.decisions(lesson13.classmate_games(games), 0)
    out = []
    for view, move in moves:
        scores = Quantal(1.0).scores(view)
        legal = list(view.legal_actions())
        out.append((tuple(scores[a] for a in legal), legal.index(move)))
    return out


def test_the_reference_is_profiles_log_likelihood_on_the_lessons_games() -> None:
    decisions = seat_decisions(5)
    games = lesson13.classmate_games(5)
    for beta in (0.0, 1.5, 6.0, 20.0):
        ours = lesson13.seat_log_likelihood(decisions, beta)
        assert ours == pytest.approx(profiles.log_likelihood(games, 0, "quantal", beta), abs=1e-8)
    uniform = -sum(math.log(len(scores)) for scores, _ in decisions)
    assert lesson13.seat_log_likelihood(decisions, 0.0) == pytest.approx(uniform, abs=1e-9)


def numpy_log_likelihood(decisions, beta):
    """Return the log-likelihood with numpy's log-sum-exp: a student's independent version."""
    import numpy as np

    total = 0.0
    for scores, chosen in decisions:
        logits = beta * np.asarray(scores, dtype=float)
        total += logits[chosen] - (logits.max() + np.log(np.exp(logits - logits.max()).sum()))
    return float(total)


def leaks(message: str) -> bool:
    """Return True if the message shows the answer of one of the grader's cases."""
    found = shown_answer(message, lesson13.seat_log_likelihood, lesson13.LOG_LIKELIHOOD_CASES)
    return found is not None


def test_the_reference_and_an_independent_version_pass() -> None:
    assert teach.check("13.log_likelihood", as_students(lesson13.seat_log_likelihood)).correct
    assert teach.check("13.log_likelihood", numpy_log_likelihood).correct
    for case in lesson13.LOG_LIKELIHOOD_CASES:
        assert numpy_log_likelihood(**case) == pytest.approx(
            lesson13.seat_log_likelihood(**case), abs=1e-12
        )


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lambda decisions, beta: beta * sum(s[c] for s, c in decisions), "denominator"),
        (
            lambda decisions, beta: math.exp(numpy_log_likelihood(decisions, beta)),
            "the likelihood itself",
        ),
        (
            lambda decisions, beta: numpy_log_likelihood(decisions, beta) / len(decisions),
            "averages",
        ),
        (
            lambda decisions, beta: sum(
                beta * s[c] - math.log(sum(math.exp(x) for x in s)) for s, c in decisions
            ),
            "beta is missing",
        ),
        (lambda decisions, beta: 0.0, "which is not the log-likelihood"),
        (lambda decisions, beta: 1 / 0, "raised ZeroDivisionError"),
        (lambda decisions, beta: "low", "expected the log-likelihood, a number"),
    ],
    ids=["no-normaliser", "not-log", "mean", "beta-once", "off", "raises", "text"],
)
def test_each_wrong_function_gets_its_own_message_without_the_answer(function, words) -> None:
    feedback = teach.check("13.log_likelihood", function)
    assert not feedback.correct and words in feedback.message, feedback.message
    assert not leaks(feedback.message), feedback.message


def test_the_usual_mistakes_give_the_wrong_answers_they_name() -> None:
    narrowing = EXERCISES["13.narrowing"]
    ratio = key.solution("13.narrowing")
    assert mistake_value(narrowing, "the games' ratio") == 0.5
    assert mistake_value(narrowing, "the law taken for the answer") == pytest.approx(2**-0.5)
    assert mistake_value(narrowing, "the ratio upside down") == pytest.approx(1 / ratio)
    assert 0.5 < ratio < 1  # the posterior narrows, by less than half
    lessons = mistake_value(EXERCISES["13.estimate"], "the lesson's classmate")
    fit = profiles.fit(lesson13.classmate_games(lesson13.LESSON_GAMES), 0, "quantal")
    assert lessons == round(fit.estimate, 2)


def test_each_exercise_has_distinct_mistakes_and_hints() -> None:
    for exercise in EXERCISES.values():
        if exercise.kind != "decimal":
            continue
        values = [float(mistake_value(exercise, m.name)) for m in exercise.mistakes]
        for i, v in enumerate(values):
            assert all(abs(v - w) > 1e-3 for w in values[i + 1 :]), exercise.id
            assert abs(v - float(key.solution(exercise.id))) > 10 * exercise.tolerance, exercise.id
        hints = [exercise.hint, *(m.hint for m in exercise.mistakes)]
        assert len(set(hints)) == len(hints), exercise.id


def test_the_estimate_recovers_the_other_classmates_beta() -> None:
    games = lesson13.classmate_games(lesson13.OTHER_GAMES, lesson13.OTHER_BETA, lesson13.OTHER_SEED)
    fit = profiles.fit(games, 0, "quantal")
    assert fit.interval[0] <= lesson13.OTHER_BETA <= fit.interval[1]
    assert key.solution("13.estimate") == round(fit.estimate, 2)
    assert teach.check("13.estimate", round(fit.estimate, 2)).correct


def test_the_notebooks_sources_never_hold_an_answer() -> None:
    text = "\n".join("".join(c["source"]) for c in cells(NOTEBOOK))
    for exercise in EXERCISES.values():
        for form in answer_forms(exercise):
            assert not re.search(rf"(?<![\d/.]){re.escape(form)}(?![\d])", text), form
