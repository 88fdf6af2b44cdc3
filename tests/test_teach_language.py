"""The exercises in Polish and Czech (issue 25, item 3): after ld.set_language a core exercise's
prompt, its verdicts, its hints, its usual mistakes' hints, the graders' messages and the
explanations of unreadable answers are the catalog's translations (liarsdice.i18n's translate
of the English, which must differ from it, so a missing entry fails); choice words are read in
the language too; the advanced track's exercise texts stay English; English is unchanged by
default; and the catalogs' extractor (liarsdice.teach.catalog_texts) yields every core exercise
text and none of the advanced track's."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import liarsdice as ld
from liarsdice import teach
from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.i18n import translate
from liarsdice.rules import preset
from liarsdice.teach import answers, core
from liarsdice.teach.catalog_texts import core_texts, extract
from liarsdice.teach.graders_calls import grader_texts
from tests.language_helpers import TRANSLATED, in_language

LESSONS_DIR = Path(teach.__file__).resolve().parent
CORE = [e for e in teach.exercises() if teach.track(e.lesson) == "core"]
ADVANCED = [e for e in teach.exercises() if teach.track(e.lesson) == "advanced"]
# The answer form of each kind, in English (the tolerance filled in where there is one).
FORMS = {
    "fraction": "Answer with an exact fraction such as 3/8, or a decimal within {tolerance} "
    "(absolute).",
    "decimal": "Answer with a decimal within {tolerance} (absolute).",
    "integer": "Answer with a whole number.",
    "bid": "Answer with a bid such as 4x3 or 4 threes.",
    "code": "Answer with your function or class (its name, without calling it).",
    "proof": "Write the argument out; your teacher has a worked solution.",
    "open": "Write your answer in words; there is no single right one.",
}
NOT_YET = "Not yet: {hint}"


@pytest.fixture(params=TRANSLATED)
def lang(request: pytest.FixtureRequest) -> str:
    """Each translated language in turn, set for the test."""
    ld.set_language(request.param)
    return str(request.param)


def not_yet(lang: str, hint: str) -> str:
    """Return the wrong answer's message with the catalog's translation of the hint."""
    return in_language(lang, NOT_YET).format(hint=in_language(lang, hint))


def halve_nine() -> int:
    """Return 01.halve_nine's answer, from the rules (not from the teacher's key)."""
    return preset("blef").min_wild_after(9)


@pytest.mark.parametrize("exercise", CORE, ids=lambda e: e.id)
def test_a_core_prompt_is_the_catalogs_question_and_form(
    lang: str, exercise: core.Exercise
) -> None:
    question = in_language(lang, exercise.question)
    if exercise.kind == "choice":
        form = in_language(lang, "Answer with one word: {words}.").format(
            words=core.either(list(exercise.choices))
        )
    else:
        tolerance = f"{exercise.tolerance:g}".replace(".", ",")  # Polish and Czech: a comma
        form = in_language(lang, FORMS[exercise.kind]).format(tolerance=tolerance)
    assert teach.prompt(exercise.id) == f"{question} {form}"


def test_the_answer_forms_and_the_or_are_translated(lang: str) -> None:
    for english in (*FORMS.values(), "Answer with one word: {words}.", "{a} or {b}"):
        in_language(lang, english)
    ld.set_language(lang)
    assert core.number_text(1e-4) == "0,0001"  # the tolerances carry the decimal comma
    assert core.either(["a", "b", "c"]) == translate("{a} or {b}").format(
        a=translate("{a} or {b}").format(a="a", b="b"), b="c"
    )


def test_a_wrong_answer_gets_the_translated_hint(lang: str) -> None:
    exercise = core.find("01.halve_nine")
    wrong = halve_nine() + 7  # no usual mistake gives it
    assert all(m.compute() != wrong for m in exercise.mistakes)
    feedback = teach.check("01.halve_nine", wrong)
    assert not feedback.correct
    assert feedback.message == not_yet(lang, exercise.hint)


def test_a_right_answer_is_right_in_the_language(lang: str) -> None:
    right = in_language(lang, "Right!")
    feedback = teach.check("01.halve_nine", halve_nine())
    assert feedback.correct and feedback.message == right


def test_a_prediction_and_its_recall_are_translated(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the prediction is forgotten after the test (other tests expect a plain "Right!")
    monkeypatch.setitem(answers._PREDICTIONS, "01.rank_of_ten_twos", None)
    noted = in_language(lang, "Prediction noted: {guess}. Now compute the answer below.")
    assert teach.predict("01.rank_of_ten_twos", 40).message == noted.format(guess="40")
    none_yet = in_language(lang, "No answer yet: replace None with your answer, then run the cell.")
    assert teach.check("01.rank_of_ten_twos", None).message == none_yet
    recalled = in_language(lang, "Right! Your prediction was {guess}: how far off was it, and why?")
    rank = preset("blef").rank(Bid(10, 2))
    assert teach.check("01.rank_of_ten_twos", rank).message == recalled.format(guess="40")


@pytest.mark.parametrize("exercise", [e for e in CORE if e.mistakes], ids=lambda e: e.id)
def test_a_usual_mistake_gets_its_own_translated_hint(lang: str, exercise: core.Exercise) -> None:
    mistake = exercise.mistakes[0]
    feedback = teach.check(exercise.id, mistake.compute())  # a Bid for a bid exercise
    assert not feedback.correct
    assert feedback.message == not_yet(lang, mistake.hint)


def test_an_unreadable_answer_is_explained_in_the_language(lang: str) -> None:
    expected = in_language(lang, "a whole number such as 7")
    message = in_language(lang, "Could not read {answer}: expected {expected}.")
    feedback = teach.check("01.halve_nine", "many")
    assert feedback.message == message.format(answer=quote("many"), expected=expected)
    bid = in_language(
        lang,
        "Could not read {answer} as a bid: expected a bid such as 4x3 or 4 threes (faces 1 to 6; "
        "the wild face is {wild}).",
    )
    assert teach.check("01.after_fifteen_sixes", "lots").message == bid.format(
        answer=quote("lots"), wild=1
    )


def test_a_probability_out_of_range_is_explained_in_the_language(lang: str) -> None:
    exercise = core.find("02.p_plain")
    message = in_language(
        lang, "a probability is never negative; check the signs and what you divided by. {hint}"
    )
    hint = in_language(lang, exercise.hint)
    expected = in_language(lang, NOT_YET).format(
        hint=message.format(hint=hint[0].upper() + hint[1:])  # a sentence of its own
    )
    assert teach.check("02.p_plain", -0.25).message == expected


def test_a_decimal_comma_is_read_in_the_language(lang: str) -> None:
    ld.set_language(lang)
    feedback = teach.check("02.p_plain", "0,5")
    assert not feedback.message.startswith(
        translate("Could not read {answer}: expected {expected}.")[:8]
    )
    ld.set_language("en")
    assert teach.check("02.p_plain", "0,5").message.startswith("Could not read")


def test_the_code_grader_answers_in_the_language(lang: str) -> None:
    exercise = core.find("01.count_ways")
    assert exercise.grade is not None
    texts = grader_texts(exercise.grade)
    exactly = next(t for t in texts if "count the rolls with more too" in t)

    def ways(n: int, q: int, face: int) -> int:
        import itertools

        def counts(roll: tuple[int, ...]) -> int:
            return sum(d == face or (face != 1 and d == 1) for d in roll)

        return sum(counts(r) == q for r in itertools.product(range(1, 7), repeat=n))

    assert teach.check("01.count_ways", ways).message == not_yet(lang, exactly)

    def broken(n: int, q: int, face: int) -> int:
        raise ZeroDivisionError("oops")

    raised = in_language(lang, "your function raised {error} for f({case}).")
    start = raised.split("{error}")[0]
    assert teach.check("01.count_ways", broken).message.startswith(
        in_language(lang, NOT_YET).format(hint=start)
    )


def test_the_simulation_grader_answers_in_the_language(lang: str) -> None:
    returned = in_language(
        lang,
        "your function returned {a_type}; expected one number per trial ({what}), as a list or "
        "a numpy array.",
    )
    exercise = core.find("02.simulate")
    assert exercise.grade is not None
    what = in_language(lang, grader_texts(exercise.grade)[0])
    a_type = in_language(lang, "an {type}").format(type="int")
    message = teach.check("02.simulate", lambda n, trials, rng: 3).message
    assert message == in_language(lang, NOT_YET).format(
        hint=returned.format(a_type=a_type, what=what)
    )


@pytest.fixture
def yes_or_no(monkeypatch: pytest.MonkeyPatch) -> core.Exercise:
    """Register (for one test) a core exercise whose choices are words: yes, no."""
    exercise = core.Exercise(
        "01.test_yes_or_no", "Is 7 aces above 13 sixes?", "choice", lambda: "yes",
        "place both on the board.", choices=("yes", "no"),
    )  # fmt: skip
    monkeypatch.setitem(core._REGISTRY, exercise.id, exercise)
    return exercise


def test_choice_words_are_read_in_the_language(lang: str, yes_or_no: core.Exercise) -> None:
    yes, no = in_language(lang, "yes"), in_language(lang, "no")
    right = in_language(lang, "Right!")
    assert teach.check(yes_or_no.id, yes.upper()).message == right
    assert teach.check(yes_or_no.id, "yes").message == right  # English too
    assert not teach.check(yes_or_no.id, no).correct
    words = in_language(lang, "{a} or {b}").format(a=yes, b=no)
    form = in_language(lang, "Answer with one word: {words}.").format(words=words)
    assert yes_or_no.prompt.endswith(form)
    unreadable = in_language(lang, "Could not read {answer}: expected one word, {words}.")
    assert teach.check(yes_or_no.id, "maybe").message == unreadable.format(
        answer=quote("maybe"), words=words
    )


def test_the_sheet_titles_are_translated(lang: str) -> None:
    title = in_language(lang, teach.LESSONS[1])
    heading = in_language(lang, "Lesson {number}: {title}").format(number="01", title=title)
    assert teach.sheet(1).splitlines()[0] == heading


@pytest.mark.parametrize("exercise", ADVANCED[:12], ids=lambda e: e.id)
def test_advanced_exercise_texts_stay_english(lang: str, exercise: core.Exercise) -> None:
    ld.set_language(lang)
    assert translate(exercise.question) == exercise.question
    assert translate(exercise.hint) == exercise.hint
    assert teach.prompt(exercise.id).startswith(exercise.question + " ")
    assert all(translate(m.hint) == m.hint for m in exercise.mistakes)


def test_english_is_unchanged_by_default() -> None:
    ld.set_language(None)  # the suite's environment: English
    exercise = core.find("01.halve_nine")
    assert teach.prompt("01.halve_nine") == f"{exercise.question} {FORMS['integer']}"
    assert teach.check("01.halve_nine", halve_nine()).message == "Right!"
    assert teach.check("01.halve_nine", halve_nine() + 7).message == f"Not yet: {exercise.hint}"
    tolerance = core.find("02.p_plain").tolerance
    assert teach.prompt("02.p_plain").endswith(FORMS["fraction"].format(tolerance=f"{tolerance:g}"))
    assert teach.sheet(1).startswith(f"Lesson 01: {teach.LESSONS[1]}")


def extracted(lesson_file: str) -> list[str]:
    """Return the messages the catalogs' extractor yields for a lesson module."""
    path = LESSONS_DIR / lesson_file
    with path.open("rb") as file:
        keywords = {"_": None, "n_": (1, 2)}
        found = list(extract(file, keywords, [], {}))
    return [m for _line, _function, m, _comments in found if isinstance(m, str)]


@pytest.mark.parametrize("lesson", sorted({e.lesson for e in CORE}))
def test_the_extractor_yields_every_core_text(lesson: int) -> None:
    messages = set(extracted(f"lesson{lesson:02d}.py"))
    for exercise in teach.exercises(lesson):
        wanted = {exercise.question, exercise.hint, *(m.hint for m in exercise.mistakes)}
        if exercise.grade is not None:
            wanted |= set(grader_texts(exercise.grade))
        assert wanted <= messages, (exercise.id, wanted - messages)
    assert teach.LESSONS[lesson] in messages
    assert {t for _id, t in core_texts(lesson)} <= messages


@pytest.mark.parametrize("lesson", sorted({e.lesson for e in ADVANCED}))
def test_the_extractor_yields_nothing_of_the_advanced_exercises(lesson: int) -> None:
    messages = set(extracted(f"lesson{lesson:02d}.py"))
    assert core_texts(lesson) == []
    for exercise in teach.exercises(lesson):
        texts = {exercise.question, exercise.hint, *(m.hint for m in exercise.mistakes)}
        assert not texts & messages, exercise.id


def test_the_extractor_passes_the_python_extractors_messages() -> None:
    source = b'from liarsdice.i18n import translate as _\nx = _("A sentence of its own.")\n'
    found = list(extract(io.BytesIO(source), {"_": None}, [], {}))
    assert [m for _line, _f, m, _c in found] == ["A sentence of its own."]


def test_babel_cfg_maps_the_lessons_to_the_extractor() -> None:
    from babel.messages.frontend import parse_mapping_cfg

    with (LESSONS_DIR.parents[1] / "babel.cfg").open() as file:
        method_map, _options = parse_mapping_cfg(file)
    assert method_map[0] == (
        "liarsdice/teach/lesson*.py",
        "liarsdice.teach.catalog_texts:extract",
    )
    assert method_map[-1] == ("liarsdice/**.py", "python")
