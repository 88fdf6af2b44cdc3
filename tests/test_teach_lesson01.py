"""Tests of lesson 01's exercises beyond tests/test_teach.py: each usual mistake is what a
student types and is the answer of the order of bids it models; the players' guide's example
that exercise 01.halve_nine asks for is compared with the guide's number here, not in the
notebook; the notebook asks each exercise in the course's form, keeps its checks out of the way,
names its sources and shows no exercise's answer in its check cells."""

from __future__ import annotations

import itertools
import re

import pytest

import liarsdice as ld
from liarsdice import Bid, teach
from liarsdice.teach import counting_rolls, key, lesson01
from liarsdice.teach.answers import _PREDICTIONS, mistake_value
from tests.course import NOTEBOOKS, cells, source
from tests.exercises import as_students, hint_of, shown_answer

NOTEBOOK = NOTEBOOKS / "core" / "01_outcomes_and_counting.ipynb"
BLEF, BLUFF, PERUDO = ld.preset("blef"), ld.preset("bluff"), ld.preset("perudo")
EXERCISES = {e.id: e for e in teach.exercises(1)}


# ----- the exercises ----------------------------------------------------------------------------


def test_three_to_six_exercises_with_a_prediction_and_a_transfer() -> None:
    assert 3 <= len(EXERCISES) <= 7  # six to type and one function to write
    assert [e.id for e in EXERCISES.values() if "predict" in e.tags] == ["01.rank_of_ten_twos"]
    assert [e.id for e in EXERCISES.values() if "transfer" in e.tags] == [
        "01.bluff_after_thirteen_fives"
    ]


def test_every_numeric_or_bid_exercise_has_usual_mistakes_with_distinct_values() -> None:
    for exercise in EXERCISES.values():
        if exercise.kind == "code":  # its usual mistakes are functions: tested below
            continue
        values = [mistake_value(exercise, m.name) for m in exercise.mistakes]
        assert values, exercise.id
        assert len(set(map(str, values))) == len(values), exercise.id
        assert key.solution(exercise.id) not in values, exercise.id
        hints = [m.hint for m in exercise.mistakes]
        assert len(set(hints)) == len(hints) and exercise.hint not in hints


@pytest.mark.parametrize(
    ("exercise_id", "typed", "name"),
    [
        ("01.halve_nine", 4, "halved without adding one"),
        ("01.halve_nine", "6", "rounded up and added one"),
        ("01.halve_nine", 9, "aces not converted"),
        ("01.double_seven_aces", 15, "doubled and added one (Perudo's rule)"),
        ("01.double_seven_aces", "13", "the board read the wrong way round"),
        ("01.double_seven_aces", 8, "aces not converted"),
        ("01.after_fifteen_sixes", "16 twos", "the wild field skipped (Perudo's order)"),
        ("01.after_fifteen_sixes", "15x1", "the ace as a face above the six"),
        ("01.after_fifteen_sixes", "7 aces", "halved without adding one"),
        ("01.not_a_raise", "B", "aces at face value"),
        ("01.not_a_raise", " a ", "the face must rise too (8 twos)"),
        ("01.not_a_raise", "d", "the face must rise too (12 threes)"),
        ("01.rank_of_ten_twos", 45, "the aces forgotten"),
        ("01.rank_of_ten_twos", 51, "counted from one"),
        ("01.rank_of_ten_twos", 54, "an ace field after every plain field"),
        ("01.bluff_after_thirteen_fives", "13 sixes", "the six read as a plain face"),
        ("01.bluff_after_thirteen_fives", "14x1", "the wild field skipped"),
        ("01.bluff_after_thirteen_fives", "7 aces", "the ace taken as the wild face"),
        ("01.bluff_after_thirteen_fives", "6 stars", "halved without adding one"),
    ],
)
def test_what_a_student_types_gets_the_mistakes_hint(
    exercise_id: str, typed: object, name: str
) -> None:
    assert teach.check(exercise_id, typed).message == hint_of(exercise_id, name)


def test_the_mistakes_are_the_answers_of_other_orders_of_bids() -> None:
    """Each wrong value is what another ladder, or a slip in the rule, gives."""
    face_order = ld.preset("blef", ace_rule="face")
    halve = EXERCISES["01.halve_nine"]
    assert mistake_value(halve, "halved without adding one") == 9 // 2
    assert not BLEF.is_raise(Bid(9, 3), Bid(9 // 2, 1))  # that many aces sit below 9 threes
    assert mistake_value(halve, "aces not converted") == face_order.min_wild_after(9)
    double = EXERCISES["01.double_seven_aces"]
    assert mistake_value(double, "doubled and added one (Perudo's rule)") == 2 * 7 + 1
    assert PERUDO.min_plain_after(7) == 2 * 7 + 1
    before = mistake_value(double, "the board read the wrong way round")
    assert not BLEF.is_raise(Bid(7, 1), Bid(int(before), 6))  # the field before 7 aces
    assert BLEF.min_plain_after(2) - 1 == 3  # the same slip gives the guide's erratum
    after = EXERCISES["01.after_fifteen_sixes"]
    assert PERUDO.bid_at(PERUDO.rank(Bid(15, 6)) + 1) == mistake_value(
        after, "the wild field skipped (Perudo's order)"
    )
    assert mistake_value(after, "the ace as a face above the six") == Bid(15, 1)
    assert not BLEF.is_raise(Bid(15, 6), mistake_value(after, "halved without adding one"))
    bluff = EXERCISES["01.bluff_after_thirteen_fives"]
    six = mistake_value(bluff, "the six read as a plain face")
    assert BLUFF.describe(six) == "13 stars" and BLUFF.is_raise(Bid(13, 5), six)
    assert BLUFF.describe(mistake_value(bluff, "the ace taken as the wild face")).endswith("ones")
    assert not BLUFF.is_raise(Bid(13, 5), mistake_value(bluff, "halved without adding one"))


def test_both_options_with_a_lower_face_get_the_face_must_rise_hint() -> None:
    """8 twos and 12 threes are ruled out by the same slip; neither hint points at the answer."""
    exercise = EXERCISES["01.not_a_raise"]
    slips = [m for m in exercise.mistakes if m.name.startswith("the face must rise too")]
    assert sorted(mistake_value(exercise, m.name) for m in slips) == ["a", "d"]
    for letter in "ad":
        bid = Bid.parse(dict(zip("abcd", ["8 twos", "4 aces", "7 fives", "12 threes"]))[letter])
        assert bid.face < 6 and bid.quantity > 7 and BLEF.is_raise(Bid(7, 6), bid)
    for hint in [exercise.hint, *(m.hint for m in exercise.mistakes)]:
        assert "7 fives" not in hint and "c)" not in hint


def test_the_fields_asked_about_lie_past_the_printed_line() -> None:
    """The notebook prints the fields up to plain 8 (and the guide's line ends 19 *10 20):
    exercises 1.3 and 1.6 ask about fields past 8 and other than 19, so no printed pair of
    fields gives their answer."""
    for exercise_id, bid in (
        ("01.after_fifteen_sixes", Bid(15, 6)),
        ("01.bluff_after_thirteen_fives", Bid(13, 5)),
    ):
        assert f"{bid.quantity} " in EXERCISES[exercise_id].prompt
        assert 8 < bid.quantity < 19 and key.solution(exercise_id).quantity > 4


def test_the_players_guides_example_left_to_exercise_1_1_is_its_answer() -> None:
    """The players' guide: '9x[3] przebija 5x[1] bo 9/2 = 4,5 + 1 = 5,5 czyli 5'. The notebook
    does not compare this example (its check cells would show the answer); this test does."""
    guide_nine_threes, guide_aces = Bid.parse("9 threes"), Bid.parse("5 aces")
    assert "9 threes" in EXERCISES["01.halve_nine"].prompt
    assert key.solution("01.halve_nine") == guide_aces.quantity
    assert BLEF.is_raise(guide_nine_threes, guide_aces)
    assert not BLEF.is_raise(guide_nine_threes, Bid(guide_aces.quantity - 1, 1))


def test_the_rank_counts_plain_and_wild_fields() -> None:
    """Below plain 10: nine plain fields of five bids, and a wild field after 1, 3, 5, 7, 9."""
    wild_fields = [k for k in range(1, 10) if 2 * k - 1 < 10]
    assert key.solution("01.rank_of_ten_twos") == 5 * 9 + len(wild_fields)


def test_not_a_raise_reads_letters_and_names_its_options() -> None:
    exercise = EXERCISES["01.not_a_raise"]
    assert exercise.choices == ("a", "b", "c", "d")
    for option in ("8 twos", "4 aces", "7 fives", "12 threes"):
        assert option in exercise.prompt
    assert "Could not read" in teach.check("01.not_a_raise", "7 fives").message


def test_the_prediction_is_recalled_after_the_right_answer() -> None:
    try:
        assert teach.predict("01.rank_of_ten_twos", 45).correct
        right = teach.check("01.rank_of_ten_twos", key.solution("01.rank_of_ten_twos"))
        assert right.correct and "45" in right.message
    finally:
        _PREDICTIONS.pop("01.rank_of_ten_twos", None)


def test_hints_point_at_reasoning_not_at_library_functions() -> None:
    names = ("min_wild_after", "min_plain_after", "bid_at", "rank(", "is_raise", "next_bids")
    for exercise in EXERCISES.values():
        for hint in [exercise.hint, *(m.hint for m in exercise.mistakes)]:
            assert not any(name in hint for name in names), hint


# ----- the notebook -----------------------------------------------------------------------------


def test_check_cells_are_tagged_and_hidden() -> None:
    for cell in cells(NOTEBOOK):
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        statements = [line for line in text.splitlines() if line and not line.startswith(" ")]
        only_checks = all(
            line.startswith(("assert", "for ", "from ", ")")) or "=" in line for line in statements
        ) and any(line.startswith("assert") for line in statements)
        if only_checks:  # a check cell in a "Going further" aside is tagged "aside" too
            assert "checks" in cell["metadata"].get("tags", []), text[:60]
            assert cell["metadata"]["jupyter"]["source_hidden"] is True


def test_the_notebook_names_its_sources_and_leaves_the_displayed_board_alone() -> None:
    text = "\n".join(source(c) for c in cells(NOTEBOOK))
    assert not re.search(r"seed 00\d|RULES\.md", text)
    assert "Kości - poradnik gracza" in text and "SOURCES" in text and "ERRATA" in text
    assert "board.pick(" not in text.replace("check_board.pick(", "")
    assert "ld.settle(" in text
    for name in ("players' guide", "encyclopedia", "game page"):
        assert name in text, name


def test_the_notebook_shows_no_answer_in_its_source() -> None:
    """Not in outputs only (tests/test_notebooks.py): not in a hidden check cell either."""
    text = "\n".join(source(c) for c in cells(NOTEBOOK))
    assert "9 // 2 + 1" not in text and '"5 aces"' not in text
    for exercise_id in ("01.after_fifteen_sixes", "01.bluff_after_thirteen_fives"):
        answer = key.solution(exercise_id)
        rules = ld.preset(EXERCISES[exercise_id].rules)
        for form in (str(answer), repr(answer), rules.describe(answer)):
            assert form not in text, (exercise_id, form)


# ----- 01.count_ways: the student's function --------------------------------------------------


def ways_by_enumeration(n: int, q: int, face: int) -> int:
    """Return the rolls of n dice with at least q dice counting for `face`, every roll listed."""
    counting = {face} if face == 1 else {face, 1}
    return sum(
        sum(d in counting for d in roll) >= q for roll in itertools.product(range(1, 7), repeat=n)
    )


def leaks(message: str) -> bool:
    """Return True if the message shows the answer of one of the grader's cases."""
    return shown_answer(message, lesson01.count_ways, lesson01.WAYS_CASES) is not None


def test_the_reference_and_an_enumeration_pass_on_unprinted_cases() -> None:
    assert teach.check("01.count_ways", as_students(lesson01.count_ways)).correct
    assert teach.check("01.count_ways", ways_by_enumeration).correct
    for case in lesson01.WAYS_CASES:
        assert lesson01.count_ways(**case) == ways_by_enumeration(**case)
    assert type(lesson01.count_ways(3, 2, 4)) is int


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (as_students(counting_rolls.ways_wild_forgotten), "aces are wild"),
        (as_students(counting_rolls.ways_exactly), "count the rolls with more too"),
        (as_students(counting_rolls.ways_more_than), "a roll with exactly q counts too"),
        (lambda n, q, face: ways_by_enumeration(n, q, face) + 1, "which is not the number"),
        (lambda n, q, face: 1 / 0, "raised ZeroDivisionError"),
        (lambda n, q, face: "many", "expected the number of rolls, a number"),
        (lambda n, q: 0, "raised TypeError"),
    ],
    ids=["wild", "exactly", "more than", "off", "raises", "text", "signature"],
)
def test_each_wrong_function_gets_its_own_message_without_the_answer(function, words) -> None:
    feedback = teach.check("01.count_ways", function)
    assert not feedback.correct and words in feedback.message, feedback.message
    assert not leaks(feedback.message), feedback.message
