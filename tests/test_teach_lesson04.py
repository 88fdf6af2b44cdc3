"""Tests of lesson 04's exercise: the assumption its prompt states (shared with lesson 09's
exercises on the same tables), a usual mistake worked by hand, and the notebook's cells."""

from __future__ import annotations

import re

import liarsdice as ld
from liarsdice import Bid, odds, teach
from liarsdice.teach import lesson04
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells, source

NOTEBOOK = NOTEBOOKS / "core" / "04_conditional_probability.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(4)}


def test_the_lesson_has_its_exercise() -> None:
    assert list(EXERCISES) == ["04.nine_fives"]
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
        assert "players with five dice each play" in exercise.prompt, exercise.id


def test_the_wild_forgotten_in_m_is_two_matches_instead_of_three() -> None:
    exercise = EXERCISES["04.nine_fives"]
    assert ld.preset("blef").count(lesson04.HAND, 5) == 3 and lesson04.HAND.count(5) == 2
    wrong = mistake_value(exercise, "the wild forgotten in m")
    assert wrong == odds.bid_probability(Bid(10, 5), ld.preset("blef"), 20, lesson04.HAND, True)


def test_the_notebooks_check_cells_are_collapsed_and_its_widgets_untouched() -> None:
    for cell in cells(NOTEBOOK):
        text = source(cell)
        assert not re.search(r"\b(explorer|board)\.\w+\.value\s*=", text), text[:80]
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert cell["cell_type"] == "code"
        if cell["cell_type"] == "code" and text.startswith("assert"):
            assert "checks" in cell["metadata"].get("tags", []), text[:80]
