"""Tests of lesson 04's exercises: the assumptions their prompts state, the answers they give
under those assumptions, their usual mistakes, and the notebook cells that ask for them."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import liarsdice as ld
from liarsdice import Bid, odds, stats, teach
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach import lesson04
from liarsdice.teach.answers import mistake_value

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "04_bid_odds_explorer.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(4)}


def test_the_lesson_has_its_exercises_in_order_of_difficulty() -> None:
    assert list(EXERCISES) == [
        "04.nine_fives",
        "04.challenge_cost",
        "04.decision",
        "04.break_even",
    ]
    assert {tag for e in EXERCISES.values() for tag in e.tags} == {"predict", "transfer"}
    assert all("transfer" in e.tags for e in EXERCISES.values())


def test_every_prompt_states_the_no_information_assumption_and_points_to_lesson_5() -> None:
    for exercise in EXERCISES.values():
        assert "uniform and independent" in exercise.prompt, exercise.id
        assert "lesson 5" in exercise.prompt and "Reading a bid" in exercise.prompt


def test_the_decision_holds_under_its_stated_assumption_and_any_other_chance() -> None:
    exercise = EXERCISES["04.decision"]
    assert "always challenges" in exercise.prompt
    s = lesson04.FIVE_PLAYERS
    challenge, (best, raised) = lesson04.challenge_loss(s), lesson04.best_raise(s)
    assert teach.solution("04.decision") == "raise" and raised < challenge
    # raising costs c * raised, at most raised: raise is cheaper for every c in [0, 1]
    assert lesson04.break_even(s) > 1
    assert best in s.rules.next_bids(s.bid, max_quantity=s.total)


def test_at_the_lessons_own_table_the_answer_depends_on_the_chance() -> None:
    c = lesson04.break_even(NINE_FIVES)
    assert 0 < c < 1 and round(float(c), 2) == 0.31
    assert lesson04.best_raise(NINE_FIVES)[0] == Bid(5, 1)


def test_the_break_even_chance_balances_the_two_moves() -> None:
    exercise = EXERCISES["04.break_even"]
    assert "with chance c" in exercise.prompt and "costs you nothing" in exercise.prompt
    c, s = teach.solution("04.break_even"), lesson04.PERUDO
    challenge, (_, raised) = lesson04.challenge_loss(s), lesson04.best_raise(s)
    assert c * raised == challenge
    assert (c - Fraction(1, 100)) * raised < challenge < (c + Fraction(1, 100)) * raised
    # the prediction it asks for: Perudo's one-die penalty makes a challenged raise cheaper,
    # so the break-even chance is higher than Blef's
    assert lesson04.break_even(NINE_FIVES) < c < 1


def test_the_penalty_rule_keeps_the_decision_at_nine_fives_and_flips_it_at_eight() -> None:
    def cheaper(rules: str, bid: Bid) -> str:
        s = Scenario(rules, NINE_FIVES.dice, 0, NINE_FIVES.hand, bid, 3)
        return "challenge" if lesson04.break_even(s) < 1 else "raise"

    assert cheaper("blef", Bid(9, 5)) == cheaper("perudo", Bid(9, 5)) == "challenge"
    assert (cheaper("blef", Bid(8, 5)), cheaper("perudo", Bid(8, 5))) == ("challenge", "raise")


def test_the_wild_forgotten_in_m_is_two_matches_instead_of_three() -> None:
    exercise = EXERCISES["04.nine_fives"]
    assert ld.preset("blef").count(lesson04.HAND, 5) == 3 and lesson04.HAND.count(5) == 2
    wrong = mistake_value(exercise, "the wild forgotten in m")
    assert wrong == odds.bid_probability(Bid(10, 5), ld.preset("blef"), 20, lesson04.HAND, True)


@pytest.mark.parametrize("exercise_id", [i for i, e in EXERCISES.items() if e.mistakes])
def test_mistakes_are_told_apart_from_each_other_and_from_the_answer(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    values = [Fraction(mistake_value(exercise, m.name)) for m in exercise.mistakes]
    answer = Fraction(exercise.answer())
    for a, b in itertools.combinations([answer, *values], 2):
        assert abs(a - b) > exercise.tolerance, (a, b)
    hints = [exercise.hint, *(m.hint for m in exercise.mistakes)]
    assert len(set(hints)) == len(hints)
    if exercise.probability:
        assert all(0 <= v <= 1 for v in values), "out-of-range mistakes get the generic hint"


def test_hints_never_name_a_library_function() -> None:
    names = {
        name
        for module in (odds, stats)
        for name in dir(module)
        if "_" in name.strip("_") and not name.startswith("_")
    }
    for exercise in EXERCISES.values():
        for hint in (exercise.hint, *(m.hint for m in exercise.mistakes)):
            assert not re.search(r"\w\.\w+\(|\w+\(\)", hint), hint
            assert not {word for word in re.findall(r"\w+", hint)} & names, hint


def cells() -> list[dict]:
    """Return the notebook's cells."""
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def test_the_notebook_asks_each_exercise_in_the_lessons_form() -> None:
    code = ["".join(c["source"]) for c in cells() if c["cell_type"] == "code"]
    for exercise in EXERCISES.values():
        prompt = f'print(teach.prompt("{exercise.id}"))'
        answer = f'answer = None  # your answer here\nteach.check("{exercise.id}", answer)'
        at = code.index(prompt)
        if "predict" in exercise.tags:
            guess = (
                "guess = None  # your prediction, before computing\n"
                f'teach.predict("{exercise.id}", guess)'
            )
            assert code[at + 1 : at + 3] == [guess, answer], exercise.id
        else:
            assert code[at + 1] == answer, exercise.id


def test_the_notebooks_check_cells_are_collapsed_and_its_widgets_untouched() -> None:
    for cell in cells():
        text = "".join(cell["source"])
        assert not re.search(r"\b(explorer|board)\.\w+\.value\s*=", text), text[:80]
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert cell["cell_type"] == "code"
        if cell["cell_type"] == "code" and text.startswith("assert"):
            assert "checks" in cell["metadata"].get("tags", []), text[:80]
