"""Tests of liarsdice.teach: every exercise's answer and checker, the registry, the teacher's view.

Each answer is compared with a computation of its own (brute-force enumeration, the binomial
formula, the settlement of the rules, a published value), so a wrong answer function fails here.
"""

from __future__ import annotations

import dataclasses
import decimal
import itertools
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

import liarsdice as ld
from liarsdice import Bid, solver, teach
from liarsdice.cli import main
from liarsdice.teach import key
from tests.exercises import as_students

BLEF = ld.preset("blef")
EXERCISES = {e.id: e for e in teach.exercises()}
UNKNOWN_LESSON = max(teach.LESSONS) + 1  # a number no registered lesson has
SHIPPED_LESSONS = range(1, 13)  # the course as shipped: core 01-08, advanced 09-12


def ids_of(*kinds: str) -> list[str]:
    """Return the ids of the exercises of these kinds."""
    return [i for i, e in EXERCISES.items() if e.kind in kinds]


# ----- independent computations of every answer (tests/expected/lessonNN.py) -------------------


def _gather() -> dict[str, Callable[[], object]]:
    """Return every lesson module's EXPECTED, merged."""
    import importlib
    import pkgutil

    import tests.expected

    merged: dict[str, Callable[[], object]] = {}
    for module in pkgutil.iter_modules(tests.expected.__path__):
        merged.update(importlib.import_module(f"tests.expected.{module.name}").EXPECTED)
    return merged


EXPECTED = _gather()


def test_every_exercise_has_an_independent_check() -> None:
    assert set(EXPECTED) == set(EXERCISES)


@pytest.mark.parametrize("lesson", sorted(teach.LESSONS))
def test_every_lesson_has_an_exercise(lesson: int) -> None:
    assert teach.exercises(lesson), f"lesson {lesson:02d} has no exercise"


@pytest.mark.parametrize("exercise_id", list(EXPECTED))
def test_answer_matches_an_independent_computation(exercise_id: str) -> None:
    check_answer(EXERCISES[exercise_id], EXPECTED[exercise_id])


def check_answer(exercise: teach.Exercise, compute: Callable[[], object]) -> None:
    """Check the library's answer to `exercise` against an independent computation of it, in
    value and type (also run on a toy lesson by tests/test_extension_contract.py)."""
    exercise_id = exercise.id
    answer, expected = key.solution(exercise_id), compute()
    if exercise.kind == "decimal":
        assert answer == pytest.approx(expected, abs=1e-9)
    else:
        assert answer == expected
        assert type(answer) is {"fraction": Fraction, "integer": int}.get(
            exercise.kind, type(expected)
        )


def test_the_uniform_nash_conv_is_the_solvers() -> None:
    game = solver.SmallGame(ld.preset("openspiel"), dice=(1, 1))
    assert key.solution("11.uniform_nash_conv") == solver.nash_conv(solver.Strategy.uniform(game))


# ----- right, wrong and malformed answers -------------------------------------------------------


def right_forms(exercise: teach.Exercise) -> list[object]:
    """Return the answer written in every form the exercise's kind accepts."""
    if exercise.kind in teach.WRITTEN:
        return []
    answer = key.solution(exercise.id)
    if exercise.kind == "code":
        return [as_students(answer)]
    if exercise.kind == "fraction":
        a, b = answer.numerator, answer.denominator
        forms = [answer, f"{a}/{b}", f"{2 * a}/{2 * b}", f" {3 * a} / {3 * b} ", sp.Rational(a, b)]
        x = float(answer)
        forms += [x, np.float64(x), f"{x:.6f}", f"{x:.5e}", decimal.Decimal(f"{x:.7f}")]
        forms += [x + 0.9 * exercise.tolerance, sp.Float(x)]
        return forms + ([a, str(a)] if b == 1 else [])
    if exercise.kind == "decimal":
        return [answer, f"{answer:.6f}", Fraction(answer), answer - 0.9 * exercise.tolerance]
    if exercise.kind == "integer":
        return [
            answer,
            str(answer),
            f" {answer} ",
            Fraction(answer),
            float(answer),
            np.int64(answer),
        ]
    if exercise.kind == "bid":
        words = ld.preset(exercise.rules).describe(answer)
        return [answer, str(answer), words, words.upper(), f"{answer.quantity} x {answer.face}"]
    return [answer, answer.upper(), f"  {answer.title()} "]


def wrong_forms(exercise: teach.Exercise) -> list[object]:
    """Return wrong answers, well formed, in several forms (code: in the lesson's own tests)."""
    if exercise.kind in ("code", *teach.WRITTEN):
        return []
    answer = key.solution(exercise.id)
    if exercise.kind == "fraction":
        off = answer + Fraction(1, 7)
        return [off, f"{off.numerator}/{off.denominator}", float(answer) + 0.05, "-12.5"]
    if exercise.kind == "decimal":
        return [answer + 0.05, f"{answer - 0.05:.6f}", Fraction(answer) + 1]
    if exercise.kind == "integer":
        return [answer + 1, str(answer - 1), float(answer + 2)]
    if exercise.kind == "bid":
        rules = ld.preset(exercise.rules)
        above, below = rules.bid_at(rules.rank(answer) + 1), rules.bid_at(rules.rank(answer) - 1)
        return [above, str(below), rules.describe(above)]
    return [choice for choice in exercise.choices if choice != answer]


def reveals(message: str, exercise: teach.Exercise) -> bool:
    """Return True if the message shows the exercise's answer in a recognisable form."""
    if exercise.kind in ("code", *teach.WRITTEN):
        return False
    answer = key.solution(exercise.id)
    if exercise.kind in ("fraction", "decimal"):
        value = Fraction(answer)
        forms = [str(value), f"{float(value):.3f}", f"{float(value):.4f}"]
        if value.denominator == 1:
            return re.search(rf"(?<![\d./]){value.numerator}(?![\d/])", message) is not None
        return any(form in message for form in forms)
    if exercise.kind == "integer":
        return re.search(rf"(?<![\d./]){answer}(?![\d/])", message) is not None
    if exercise.kind == "bid":
        words = ld.preset(exercise.rules).describe(answer)
        return str(answer) in message or words.lower() in message.lower()
    return re.search(rf"\b{answer}\b", message, re.IGNORECASE) is not None


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_right_answers_in_every_form(exercise_id: str) -> None:
    for form in right_forms(EXERCISES[exercise_id]):
        feedback = teach.check(exercise_id, form)
        assert feedback.correct, (form, feedback)
        assert feedback.message == "Right!" and repr(feedback) == "Right!" and feedback


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_wrong_answers_get_a_hint_without_the_answer(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    for form in wrong_forms(exercise):
        feedback = teach.check(exercise_id, form)
        assert not feedback.correct and not feedback, form
        assert feedback.message.startswith("Not yet: "), feedback.message
        assert not reveals(feedback.message, exercise), feedback.message
        assert not reveals(feedback._repr_html_(), exercise)


@pytest.mark.parametrize("exercise_id", ids_of("fraction", "decimal"))
def test_a_decimal_just_outside_the_tolerance_is_close_but_not_right(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    near = float(key.solution(exercise.id)) + 5 * exercise.tolerance
    for form in (near, f"{near:.8f}"):
        feedback = teach.check(exercise_id, form)
        assert not feedback.correct and "close" in feedback.message
        assert f"{exercise.tolerance:g}" in feedback.message
        assert not reveals(feedback.message, exercise)


@pytest.mark.parametrize("exercise_id", ids_of("fraction"))
def test_a_nearby_fraction_is_not_the_exact_one(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    nearby = key.solution(exercise.id) + Fraction(1, 10**7)
    feedback = teach.check(exercise_id, f"{nearby.numerator}/{nearby.denominator}")
    assert not feedback.correct and "close" in feedback.message
    assert not reveals(feedback.message, exercise)


MALFORMED = ["abc", "1/0", [1, 2], "7 sevens", "", "nan", "inf", True, {"q": 3}, object()]


@pytest.mark.parametrize(
    "exercise_id", [i for i, e in EXERCISES.items() if e.kind not in teach.WRITTEN]
)
def test_malformed_answers_get_a_message_saying_what_was_expected(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    for answer in MALFORMED:
        feedback = teach.check(exercise_id, answer)
        assert not feedback.correct, answer
        assert feedback.message.startswith("Could not read") and "expected" in feedback.message
        said = feedback.message.replace(repr(answer), "")  # the message quotes the input
        if exercise.kind != "choice":  # a choice's message lists the choices, the answer too
            assert not reveals(said, exercise), feedback.message


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_the_lessons_empty_answer_asks_for_one(exercise_id: str) -> None:
    feedback = teach.check(exercise_id, None)
    assert not feedback.correct and feedback.message.startswith("No answer yet")
    assert not reveals(feedback.message, EXERCISES[exercise_id])


MISTAKES = [(e.id, m) for e in EXERCISES.values() for m in e.mistakes]


@pytest.mark.parametrize(
    ("exercise_id", "mistake"), MISTAKES, ids=[f"{i}-{m.name}" for i, m in MISTAKES]
)
def test_each_usual_mistake_gets_its_own_hint(exercise_id: str, mistake: teach.Mistake) -> None:
    from liarsdice.teach.answers import mistake_value

    exercise = EXERCISES[exercise_id]
    wrong = mistake_value(exercise, mistake.name)
    assert wrong != key.solution(exercise.id), "a mistake must give a wrong answer"
    forms = [wrong]
    if isinstance(wrong, Fraction):
        forms += [f"{wrong.numerator}/{wrong.denominator}", float(wrong)]
    for form in forms:
        feedback = teach.check(exercise_id, form)
        assert not feedback.correct and feedback.message == f"Not yet: {mistake.hint}", form
        assert not reveals(feedback.message, exercise)
    assert mistake.hint != exercise.hint and not reveals(mistake.hint, exercise)


@pytest.mark.parametrize("exercise_id", [i for i, e in EXERCISES.items() if e.probability])
def test_a_probability_out_of_range_is_named(exercise_id: str) -> None:
    for value, word in ((-0.25, "negative"), (Fraction(5, 4), "above 1")):
        feedback = teach.check(exercise_id, value)
        assert not feedback.correct and f"never {word}" in feedback.message


@pytest.mark.parametrize("exercise_id", ids_of("code"))
def test_code_exercises_explain_exceptions_and_wrong_types(exercise_id: str) -> None:
    def raises(*args: object, **kwargs: object) -> object:
        raise ZeroDivisionError("on purpose")

    def returns_text(*args: object, **kwargs: object) -> object:
        return "no"

    assert "raised ZeroDivisionError('on purpose')" in teach.check(exercise_id, raises).message
    assert "returned" in teach.check(exercise_id, returns_text).message
    assert teach.check(exercise_id, as_students(key.solution(exercise_id))).correct
    assert "Could not read" in teach.check(exercise_id, "def f(): pass").message


def test_predictions_are_recalled_once_the_answer_is_right() -> None:
    from liarsdice.teach.answers import _PREDICTIONS

    assert "No prediction yet" in teach.predict("04.nine_fives", None).message
    try:
        assert teach.predict("04.nine_fives", 0.5).correct
        right = teach.check("04.nine_fives", key.solution("04.nine_fives"))
        assert right.correct and "0.5" in right.message
        assert not teach.check("04.nine_fives", "1/2").correct
    finally:
        _PREDICTIONS.pop("04.nine_fives", None)  # other tests expect a plain "Right!"


def test_malformed_messages_name_the_kind_of_answer() -> None:
    assert "fraction" in teach.check("02.seven_fives", "abc").message
    assert "whole number" in teach.check("01.halve_nine", "2.5").message
    assert "bid" in teach.check("01.after_fifteen_sixes", "7 sevens").message
    assert "challenge or raise" in teach.check("09.decision", "fold").message
    assert "zero" in teach.check("02.p_plain", "1/0").message
    assert "list" in teach.check("02.p_plain", [1, 3]).message


def test_bids_are_read_under_the_exercises_rules() -> None:
    answer = key.solution("01.after_fifteen_sixes")
    wilds = f"{answer.quantity} stars"
    assert Bid.parse(wilds) != answer  # without rules, stars are sixes
    assert teach.check("01.after_fifteen_sixes", wilds).correct  # in Blef, the wild face is the ace


# ----- the registry -----------------------------------------------------------------------------


def test_ids_name_their_lesson_and_prompts_state_the_tolerance() -> None:
    for exercise_id, exercise in EXERCISES.items():
        assert re.fullmatch(r"\d\d\.[a-z0-9_]+", exercise_id)
        assert exercise.lesson == int(exercise_id[:2]) and exercise.lesson in teach.LESSONS
        assert teach.prompt(exercise_id) == exercise.prompt
        assert not reveals(exercise.hint, exercise), exercise_id
        if exercise.kind in ("fraction", "decimal"):
            assert f"within {exercise.tolerance:g}" in exercise.prompt
        if exercise.kind == "choice":
            assert all(choice in exercise.prompt for choice in exercise.choices)


def test_exercises_by_lesson() -> None:
    assert teach.exercises(4) == teach.exercises("04") == teach.exercises("4")
    assert [e.id for e in teach.exercises(4)] == [i for i in EXERCISES if i.startswith("04.")]
    assert teach.exercises() == list(EXERCISES.values())
    for bad in (UNKNOWN_LESSON, "x", True, 0):
        with pytest.raises(ValueError, match="the lessons are 01"):
            teach.exercises(bad)


def test_unknown_ids_raise_listing_the_known_ones() -> None:
    with pytest.raises(ValueError, match=re.escape("04.nine_fives")) as info:
        teach.check("04.nine_sixes", "1/2")
    assert "01.halve_nine" not in str(info.value)  # only lesson 04's ids
    with pytest.raises(ValueError, match=r"01\.halve_nine.*11\.game_value"):
        teach.check("nine_fives", 1)
    for function in (teach.prompt, key.solution, key.format_solution):
        with pytest.raises(ValueError, match="unknown exercise id"):
            function("99.x")
    with pytest.raises(ValueError, match="unknown exercise id None"):
        teach.check(None, 1)


# ----- tracks and the old ids (issue 20 renumbered the course) ---------------------------------

# Every id of old lessons 04 (but nine_fives), 06, 07 and 08, as the notebooks before issue 20 used.
OLD_IDS = {
    "04.challenge_cost",
    "04.decision",
    "04.break_even",
    "06.settle_over",
    "06.settle_exact",
    "06.wilson_width",
    "06.width_four_times",
    "06.beat_chance",
    "07.last_die",
    "07.perudo_loss",
    "07.false_alarm",
    "07.p_value",
    "07.loss_identity",
    "07.beat_threshold",
    "08.perudo_histories",
    "08.uniform_nash_conv",
    "08.game_value",
    "08.fewest_faces",
    "08.second_player_value",
    "08.exploit_or_not",
}


def test_lessons_have_their_tracks() -> None:
    assert teach.TRACKS == ("core", "advanced")
    assert set(teach.LESSON_TRACKS) == set(teach.LESSONS) >= set(SHIPPED_LESSONS)
    for lesson in teach.LESSONS:
        assert teach.track(lesson) == teach.track(f"{lesson:02d}") in teach.TRACKS, lesson
    for lesson in SHIPPED_LESSONS:  # the shipped course's tracks, pinned on purpose
        assert teach.track(lesson) == ("core" if lesson <= 8 else "advanced"), lesson
    with pytest.raises(ValueError, match="the lessons are 01"):
        teach.track(UNKNOWN_LESSON)


def test_a_lesson_is_registered_with_a_known_track_and_keeps_it() -> None:
    with pytest.raises(ValueError, match="track='extra'"):
        teach.register_lesson(98, "A lesson", "extra")
    with pytest.raises(ValueError, match=r"lesson 04 is already .*\(core\)"):
        teach.register_lesson(4, teach.LESSONS[4], "advanced")
    teach.register_lesson(4, teach.LESSONS[4], "core")  # the same again changes nothing
    assert 98 not in teach.LESSONS and teach.track(4) == "core"


@pytest.mark.parametrize("old", sorted(teach.ALIASES))
def test_an_old_id_acts_on_the_exercise_it_became(old: str) -> None:
    from liarsdice.teach.core import find

    new = teach.ALIASES[old]
    assert new in EXERCISES and old not in EXERCISES  # no alias shadows a live id
    assert old.split(".")[1] == new.split(".")[1]  # the name stays, the lesson changes
    assert find(old) is find(new) is EXERCISES[new]
    assert teach.prompt(old) == teach.prompt(new)
    assert key.format_solution(old) == key.format_solution(new)
    assert key.solution(old) is key.solution(new)
    if EXERCISES[new].kind not in teach.WRITTEN:
        assert teach.check(old, as_students(key.solution(new))).correct
    if wrong := wrong_forms(EXERCISES[new]):
        assert teach.check(old, wrong[0]).message == teach.check(new, wrong[0]).message


def test_every_old_id_is_an_alias() -> None:
    assert set(teach.ALIASES) == OLD_IDS
    assert len(set(teach.ALIASES.values())) == len(OLD_IDS)  # no two old ids on one exercise


def test_an_old_id_cannot_be_registered_again() -> None:
    with pytest.raises(ValueError, match=r"old id of '07\.wilson_width'"):
        teach.register(teach.Exercise("06.wilson_width", "q?", "integer", lambda: 3, "hint"))
    assert "06.wilson_width" not in EXERCISES


def test_a_prediction_under_an_old_id_is_recalled_under_the_new_one() -> None:
    from liarsdice.teach.answers import _PREDICTIONS

    try:
        assert teach.predict("06.width_four_times", 0.5).correct
        right = teach.check("07.width_four_times", key.solution("07.width_four_times"))
        assert right.correct and "Your prediction was 0.5" in right.message
    finally:
        _PREDICTIONS.pop("07.width_four_times", None)


def test_the_guide_lists_the_lessons_by_track() -> None:
    from liarsdice.teach.guide import exercises_markdown

    text = exercises_markdown()
    core, advanced = text.index("## Core track"), text.index("## Advanced track")
    for track, start, end in (("core", core, advanced), ("advanced", advanced, len(text))):
        lessons = [n for n in sorted(teach.LESSONS) if teach.track(n) == track]
        places = [text.index(f"### Lesson {n:02d}: {teach.LESSONS[n]}") for n in lessons]
        assert places == sorted(places) and all(start < at < end for at in places), track


def test_feedback_shows_its_message() -> None:
    feedback = teach.Feedback(False, "Not yet: a < b")
    assert repr(feedback) == str(feedback) == "Not yet: a < b"
    assert "a &lt; b" in feedback._repr_html_()
    assert teach.Feedback(True, "Right!")._repr_html_() != feedback._repr_html_()
    with pytest.raises(dataclasses.FrozenInstanceError):
        feedback.correct = True


def test_format_solution() -> None:
    assert key.format_solution("02.two_of_four") == (
        f"{EXPECTED['02.two_of_four']()} (about {float(EXPECTED['02.two_of_four']()):.6f})"
    )
    bid = EXPECTED["01.after_fifteen_sixes"]()
    assert key.format_solution("01.after_fifteen_sixes") == f"{bid} ({BLEF.describe(bid)})"
    assert key.format_solution("02.mean_fifteen") == str(EXPECTED["02.mean_fifteen"]())


# ----- the teacher's view on the command line ---------------------------------------------------


def flat(text: str) -> str:
    """Return the text with all runs of whitespace made one space."""
    return " ".join(text.split())


def test_cli_prints_a_lessons_prompts_without_answers(capsys: pytest.CaptureFixture) -> None:
    assert main(["exercises", "--lesson", "04"]) == 0
    out = capsys.readouterr().out
    assert "Lesson 04" in out and "Lesson 02" not in out
    for exercise in teach.exercises(4):
        assert exercise.id in out and flat(exercise.prompt) in flat(out)
        assert f"Answer: {key.format_solution(exercise.id)}" not in out
    assert "Answer:" not in out


def test_the_teachers_sheet_holds_every_answer() -> None:
    out = key.sheet()
    for exercise_id in EXERCISES:
        assert f"Answer: {key.format_solution(exercise_id).splitlines()[0]}" in out
    assert out.count("Answer:") == len(EXERCISES)


def test_the_cli_sends_solutions_to_the_teachers_build(capsys: pytest.CaptureFixture) -> None:
    assert main(["exercises", "--solutions"]) == 2
    err = capsys.readouterr().err
    assert "python -m liarsdice assignments --out DIR" in err and "Answer:" not in err


def test_the_student_side_names_no_key() -> None:
    """teach offers no answer: no solution function, no answer or notes on an Exercise, and
    importing it leaves the key module unloaded."""
    code = (
        "import sys, liarsdice.teach as t; "
        "assert not {'solution', 'format_solution'} & set(dir(t)); "
        "e = t.exercises()[0]; "
        "assert not {'answer', 'compute', 'worked'} & set(dir(e)), dir(e); "
        "assert 'liarsdice.teach.key' not in sys.modules; "
        "t.check(e.id, 3); "
        "from liarsdice.teach.core import key_reads; assert key_reads() == frozenset(), key_reads()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_read_of_the_key_outside_the_checker_is_recorded() -> None:
    code = (
        "from liarsdice import teach; from liarsdice.teach.core import key_reads; "
        "teach.check('04.nine_fives', '1/2'); assert key_reads() == frozenset(); "
        "from liarsdice.teach import key; key.solution('04.nine_fives'); "
        "assert key_reads() == {'04.nine_fives'}, key_reads()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_cli_unknown_lesson_is_an_error(capsys: pytest.CaptureFixture) -> None:
    assert main(["exercises", "--lesson", str(UNKNOWN_LESSON)]) == 2
    assert "the lessons are 01" in capsys.readouterr().err


def test_importing_teach_stays_cheap() -> None:
    code = (
        "import sys, liarsdice, liarsdice.teach; "
        "assert not {'scipy', 'sympy'} & set(sys.modules), 'heavy import'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "exercise_id", [i for i, e in EXERCISES.items() if e.kind in teach.WRITTEN]
)
def test_proofs_and_open_questions_point_to_a_person(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    feedback = teach.check(exercise_id, "my argument, written out")
    assert not feedback.correct
    words = "proof is read by a person" if exercise.kind == "proof" else "open question"
    assert words in feedback.message
    assert key.format_solution(exercise_id).strip() != ""


@pytest.mark.parametrize("kind", [*teach.WRITTEN, "code"])
def test_notes_go_with_written_kinds_only(kind: str) -> None:
    """A proof, an open question and a code exercise need a worked solution; others have none."""
    grade: dict[str, object] = {"grade": lambda answer: (True, "right")} if kind == "code" else {}
    with pytest.raises(ValueError, match="worked solution goes with"):
        teach.Exercise("99.x", "question?", kind, lambda: None, "hint", **grade)
    with pytest.raises(ValueError, match="worked solution goes with"):
        teach.Exercise("99.x", "question?", "integer", lambda: 3, "hint", worked="notes")
    made = teach.Exercise("99.x", "q?", kind, lambda: None, "hint", worked="notes", **grade)
    assert made.kind == kind


NUMERIC_WITH_MISTAKES = [
    i for i, e in EXERCISES.items() if e.mistakes and e.kind in ("fraction", "decimal", "integer")
]


@pytest.mark.parametrize("exercise_id", NUMERIC_WITH_MISTAKES)
def test_mistakes_are_told_apart_from_each_other_and_from_the_answer(exercise_id: str) -> None:
    from liarsdice.teach.answers import mistake_value

    exercise = EXERCISES[exercise_id]
    values = [Fraction(mistake_value(exercise, m.name)) for m in exercise.mistakes]
    for a, b in itertools.combinations([Fraction(key.solution(exercise.id)), *values], 2):
        assert abs(a - b) > exercise.tolerance, (a, b)
    hints = [exercise.hint, *(m.hint for m in exercise.mistakes)]
    assert len(set(hints)) == len(hints)
    if exercise.probability:  # an out-of-range value gets the range hint, not the mistake's
        assert all(0 <= v <= 1 for v in values)


def test_hints_never_name_a_library_function() -> None:
    from liarsdice import botkit, inference, odds, stats

    names = {
        name
        for module in (odds, stats, inference, botkit)
        for name in dir(module)
        if "_" in name.strip("_") and not name.startswith("_")
    }
    for exercise in EXERCISES.values():
        for hint in (exercise.hint, *(m.hint for m in exercise.mistakes)):
            assert not re.search(r"\w\.\w+\(|\w+\(\)", hint), (exercise.id, hint)
            assert not set(re.findall(r"\w+", hint)) & names, (exercise.id, hint)
            # nor a module, nor the settlement (the hints of old lesson 06's exercises)
            assert not re.search(r"\b(odds|stats|inference|botkit|scipy)\.|\bsettle\(", hint), hint


# ----- issue 14: odd answers and ids get a message, never a crash ------------------------------

ONE_OF_EACH_KIND = {e.kind: e.id for e in reversed(list(EXERCISES.values()))}
ODD_ANSWERS = [
    ("9" * 5000, "(5002 characters)"),
    ("9" * 5000 + "/7", "(5004 characters)"),
    ("1/" + "9" * 999 + "9", "(1004 characters)"),
    (10**5000, "<int of about"),
    (2**20000, "<int of about"),
    (Fraction(10**5000, 3), "<Fraction>"),
    (float("nan"), "nan"),
    (float("inf"), "inf"),
    (decimal.Decimal("sNaN"), "Decimal('sNaN')"),
    (decimal.Decimal("NaN"), "Decimal('NaN')"),
    ([[1]], "[[1]]"),
    ([], "[]"),
    (np.array([0.5, 0.25]), "array([0.5 , 0.25])"),
    (True, "True"),
    (np.float64("nan"), "nan"),
    (3 + 0j, "(3+0j)"),
    ("x" * 10**6, "(1000002 characters)"),
]


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH_KIND))
@pytest.mark.parametrize(("answer", "quoted"), ODD_ANSWERS, ids=[q for _, q in ODD_ANSWERS])
def test_odd_answers_get_a_message_never_an_exception(kind: str, answer, quoted: str) -> None:
    exercise_id = ONE_OF_EACH_KIND[kind]
    feedback = teach.check(exercise_id, answer)
    assert isinstance(feedback, teach.Feedback) and not feedback.correct
    assert len(feedback.message) < 600
    if kind not in ("code", "proof", "open"):  # those do not read the answer as a value
        assert quoted.replace(" ", "") in feedback.message.replace(" ", "")


def test_the_issues_example_a_5000_digit_answer_does_not_crash_the_checker() -> None:
    for exercise_id in ids_of("integer", "fraction", "decimal", "bid", "choice"):
        feedback = teach.check(exercise_id, "9" * 5000)
        assert not feedback.correct and "(5002 characters)" in feedback.message


def test_none_is_no_answer_yet_for_every_kind() -> None:
    for exercise_id in ONE_OF_EACH_KIND.values():
        assert "No answer yet" in teach.check(exercise_id, None).message


def test_a_long_but_readable_exact_answer_is_still_marked() -> None:
    exercise_id = ids_of("fraction")[0]
    answer = Fraction(key.solution(exercise_id))
    scaled = f"{answer.numerator * 10**400}/{answer.denominator * 10**400}"
    assert teach.check(exercise_id, scaled).correct


@pytest.mark.parametrize(
    ("bad", "error", "quoted"),
    [
        (None, ld.errors.ArgumentTypeError, "None"),
        (4, ld.errors.ArgumentTypeError, "4"),
        (b"04.nine_fives", ld.errors.ArgumentTypeError, "b'04.nine_fives'"),
        (["04.nine_fives"], ld.errors.ArgumentTypeError, "['04.nine_fives']"),
        (float("nan"), ld.errors.ArgumentTypeError, "nan"),
        ("x" * 10**6, ValueError, "(1000002 characters)"),
        ("", ValueError, "''"),
    ],
)
def test_ids_of_the_wrong_kind_or_size_are_refused_quoting_them(bad, error, quoted) -> None:
    for function in (teach.prompt, key.solution, key.format_solution):
        with pytest.raises(error) as info:
            function(bad)
        assert quoted in str(info.value) and len(str(info.value)) < 2000
    for function in (teach.check, teach.predict):
        with pytest.raises(error) as info:
            function(bad, 1)
        assert quoted in str(info.value)


def test_an_unknown_id_names_similar_ids() -> None:
    with pytest.raises(ValueError, match=r"did you mean '04\.nine_fives'\?"):
        teach.check("04.nine_five", 1)
    with pytest.raises(ValueError, match=r"did you mean '04\.nine_fives'\?"):
        teach.prompt("4.nine_fives")


def test_predictions_of_odd_kinds() -> None:
    exercise_id = "04.nine_fives"
    for guess, words in [
        (float("nan"), "nan"),
        (float("inf"), "inf"),
        (decimal.Decimal("sNaN"), "sNaN"),
        ("x" * 5000, "(5002 characters)"),
    ]:
        feedback = teach.predict(exercise_id, guess)
        assert not feedback.correct and words in feedback.message
    assert teach.predict(exercise_id, 10**5000).correct  # a huge guess is noted, shortened
    right = teach.check(exercise_id, key.solution(exercise_id))
    assert right.correct and "Your prediction was <int of about" in right.message
    teach.answers._PREDICTIONS.pop(exercise_id)


@pytest.mark.parametrize(
    ("lesson", "error"),
    [
        (10**5000, ValueError),
        ("x" * 10**6, ValueError),
        (4.0, ld.errors.ArgumentTypeError),
        ([4], ld.errors.ArgumentTypeError),
        ("\u0664", ValueError),  # an Arabic-Indic four: not the ASCII digits of an id
    ],
    ids=["huge", "long", "float", "list", "arabic"],
)
def test_lessons_of_odd_kinds_are_refused(lesson, error) -> None:
    with pytest.raises(error, match="the lessons are 01"):
        teach.exercises(lesson)


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        (dict(width=0), ValueError, "width=0"),
        (dict(width=10**9), ValueError, "width=1000000000"),
        (dict(width=2.5), ld.errors.ArgumentTypeError, "width=2.5"),
        (dict(width="x"), ld.errors.ArgumentTypeError, "width='x'"),
    ],
)
def test_sheet_refuses_bad_options(kwargs, error, quoted) -> None:
    with pytest.raises(error) as info:
        teach.sheet(4, **kwargs)
    assert quoted in str(info.value)
