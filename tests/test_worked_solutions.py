"""Tests of the code exercises' worked solutions (liarsdice.teach.key.format_solution): each is
a notebook cell a student could write, that the checker passes, written without the library."""

from __future__ import annotations

import pytest

from liarsdice import teach
from liarsdice.teach import key

CODE = [e.id for e in teach.exercises() if e.kind == "code"]
BOTS = {"10.beat_threshold"}  # a bot may use liarsdice.botkit's helpers, as its lesson says


def test_every_code_exercise_of_the_course_is_here() -> None:
    assert CODE == [
        "01.count_ways",
        "02.simulate",
        "03.spread",
        "04.p_true",
        "05.posterior",
        "06.normal_estimate",
        "07.beta_update",
        "08.exact_p_value",
        "10.beat_threshold",
        "13.log_likelihood",
    ]


@pytest.mark.parametrize("exercise_id", CODE)
def test_the_worked_solution_passes_the_checker(exercise_id: str) -> None:
    text = key.format_solution(exercise_id)
    namespace: dict[str, object] = {"__name__": "__main__"}
    exec(compile(text, f"<worked {exercise_id}>", "exec"), namespace)
    feedback = teach.check(exercise_id, namespace["answer"])
    assert feedback.correct, feedback.message


@pytest.mark.parametrize("exercise_id", CODE)
def test_the_worked_solution_is_a_students_cell(exercise_id: str) -> None:
    text = key.format_solution(exercise_id)
    for word in ("liarsdice.teach", "key.", "solution("):
        assert word not in text, word
    if exercise_id not in BOTS:
        assert "liarsdice" not in text
    assert text.rstrip().splitlines()[-1].startswith("answer = ")
    assert "#" in text  # a comment says what is counted
