"""Tests of lesson 06's exercises and notebook: a student who follows the lesson's formula is
marked right, each usual mistake worked by hand gets its own hint, no hint names the function
that computes the answer, and the notebook asks each exercise in the course's exact form."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

import liarsdice as ld
from liarsdice import teach

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "06_play_and_simulate.ipynb"
IDS = [e.id for e in teach.exercises(6)]


def by_formula(wins: int, games: int, z: float = 1.96) -> float:
    """Return the width of the Wilson interval by the lesson's formula, z = 1.96."""
    p = wins / games
    return 2 * z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)


def wald_width(wins: int, games: int, z: float = 1.96) -> float:
    """Return the width of the textbook interval p +- z sqrt(p(1-p)/n), unclipped."""
    p = wins / games
    return 2 * z * math.sqrt(p * (1 - p) / games)


def exercise(exercise_id: str) -> teach.Exercise:
    """Return the lesson's exercise with this id."""
    return next(e for e in teach.exercises(6) if e.id == exercise_id)


def hint_of(exercise_id: str, name: str) -> str:
    """Return the feedback message of the named usual mistake."""
    mistakes = exercise(exercise_id).mistakes
    return "Not yet: " + next(m.hint for m in mistakes if m.name == name)


def tail(n: int, need: int, p: Fraction) -> float:
    """Return P(Binomial(n, p) >= need), summed exactly."""
    return float(sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(need, n + 1)))


def test_the_lessons_formula_with_z_1_96_is_marked_right() -> None:
    assert teach.check("06.wilson_width", by_formula(12, 40)).correct
    ratio = by_formula(48, 160) / by_formula(12, 40)
    assert teach.check("06.width_four_times", ratio).correct
    assert teach.check("06.width_four_times", f"{ratio:.4f}").correct


def test_the_wald_interval_by_hand_gets_its_own_hint() -> None:
    wald = teach.check("06.wilson_width", wald_width(12, 40))
    assert wald.message == hint_of("06.wilson_width", "the Wald interval")
    half = teach.check("06.wilson_width", by_formula(12, 40) / 2)
    assert half.message == hint_of("06.wilson_width", "the half-width")
    undivided = by_formula(12, 40) * (1 + 1.96**2 / 40)  # the hint, followed without dividing
    assert round(undivided, 4) == 0.2998 and round(by_formula(12, 40), 4) == 0.2736
    assert teach.check("06.wilson_width", undivided).message == hint_of(
        "06.wilson_width", "the division by 1 + z^2/n forgotten"
    )
    for ratio in ("1/2", 0.5, wald_width(48, 160) / wald_width(12, 40)):
        feedback = teach.check("06.width_four_times", ratio)
        assert feedback.message == hint_of("06.width_four_times", "the Wald interval"), ratio
    assert teach.check("06.width_four_times", "1/4").message == hint_of(
        "06.width_four_times", "the width like 1/n"
    )


def test_the_predicted_ratio_is_not_close_to_one_half() -> None:
    # A student who answers 1/2 must get the Wald hint, not "close, give more decimals".
    answer = teach.solution("06.width_four_times")
    assert abs(answer - 0.5) > 100 * exercise("06.width_four_times").tolerance


def test_settlement_mistakes_worked_by_hand() -> None:
    bluff = ld.preset("bluff")
    fours_only = bluff.count([4] * 5 + [2] * 3, 4)  # the stars read as plain dice
    assert fours_only < 6  # the bid looks false: the challenger seems to lose nothing
    assert teach.check("06.settle_over", 0).message == hint_of(
        "06.settle_over", "the wild forgotten"
    )
    assert teach.check("06.settle_over", 1).message == hint_of(
        "06.settle_over", "one die, not the difference"
    )
    assert teach.check("06.settle_over", bluff.count([4] * 5 + [6] * 3, 4) - 6).correct
    assert teach.check("06.settle_exact", 2 + 1 + 3 + 1 - 1).message == hint_of(
        "06.settle_exact", "only the challenger pays"
    )
    assert teach.check("06.settle_exact", 1 + 0 + 3 + 0).correct
    # Every seat holds a die, and each seat loses at most one: the hint speaks of last dice.
    assert "last die" in exercise("06.settle_exact").hint


def test_p_value_mistakes_worked_by_hand() -> None:
    quarter, third = Fraction(1, 4), Fraction(1, 3)
    assert teach.check("06.beat_chance", tail(40, 16, quarter)).correct
    cases = {
        "three players' chance": tail(40, 16, third),
        "more than 16, not 16 or more": tail(40, 17, quarter),
        "at most read for at least": 1 - tail(40, 17, quarter),
    }
    for name, value in cases.items():
        assert teach.check("06.beat_chance", value).message == hint_of("06.beat_chance", name)


FUNCTION_NAMES = re.compile(
    r"wilson_interval|wald_interval|binomial_test|two_proportion|settle\(|stats\.|odds\.|botkit"
)


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_hint_names_a_library_function(exercise_id: str) -> None:
    asked = exercise(exercise_id)
    for hint in (asked.hint, *(m.hint for m in asked.mistakes)):
        assert not FUNCTION_NAMES.search(hint), hint


def test_the_lesson_has_predict_and_transfer_exercises_and_mistakes() -> None:
    exercises = teach.exercises(6)
    assert 3 <= len(exercises) <= 6
    assert any("predict" in e.tags for e in exercises)
    assert sum("transfer" in e.tags for e in exercises) >= 2
    assert all(e.mistakes for e in exercises)
    for asked in exercises:
        hints = [m.hint for m in asked.mistakes]
        assert len(set(hints)) == len(hints) and asked.hint not in hints


# ----- the notebook ------------------------------------------------------------------------------


def cells() -> list[dict]:
    """Return the notebook's cells."""
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    """Return a cell's source as one string."""
    return "".join(cell["source"])


def test_check_cells_are_hidden_and_the_notebook_is_stored_clean() -> None:
    ids = [c["id"] for c in cells()]
    assert len(set(ids)) == len(ids)
    for cell in cells():
        text = source(cell)
        assert "NBVAL" not in text and "--solutions" not in text
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert "assert" in text


def test_naive_odds_always_come_with_their_assumption() -> None:
    seat = re.compile(r"from (its|your|their) seat", re.IGNORECASE)
    for cell in cells():
        text = " ".join(source(cell).split())
        if cell["cell_type"] == "markdown" and seat.search(text):
            assert "no information" in text, text[:120]
            assert "lesson 5" in text.lower() or "Lesson 5" in text, text[:120]
