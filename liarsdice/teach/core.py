"""The exercise machinery: exercises, their registry, feedback and the teacher's sheet.

- Feedback: the verdict on an answer (.correct, .message); a notebook cell shows its message.
- Exercise: one question (id, question, kind, compute, hint, tolerance, choices, rules); its
  answer is computed by the library on first use and cached. An Exercise shows no answer: its
  `compute` and `worked` are kept for key_value and worked_text, the checker's and the
  teacher's key (liarsdice.teach.key), which record every read from outside the checker
  (key_reads: the autograder refuses a submission that read the key).
- register_lesson(number, title, track) and register(*exercises): how each lesson module of
  liarsdice.teach adds its exercises; LESSONS maps a lesson number to its title, LESSON_TRACKS
  to its track (one of TRACKS: "core" or "advanced"), and track(lesson) reads it.
- ALIASES: an exercise's old id (before the course was renumbered) -> its id now; find, prompt
  (and teach.check, teach.predict, and the key's functions) accept either.
- exercises(lesson=None), prompt(id), sheet(lesson): the registry read back, in lesson order,
  without answers.
- KINDS, TOLERANCE, NEAR_FACTOR: the kinds of answer and the default tolerances; WRITTEN, the
  kinds a person reads (a proof, an open question), which carry notes for the teacher.
- BLEF_TEXT, words(dice): phrases the lessons' questions share.
- exact_fraction(p), exact_fractions(ps): a probability (or list of them) the library computed
  exactly, typed as the Fraction(s) it is (the library's types say "a Fraction or a float").
- either(words), number_text(x), choice_word(word): "a or b", a tolerance, a choice's word in
  the language in force.

Language (liarsdice.i18n): the registry keeps the English texts; they are looked up when shown,
in the language in force. A prompt is the question and the answer form translated; right() and
not_yet() translate their sentence (the checker translates the hint it passes); the sheet's lesson
titles too. The catalogs hold the core track's exercise texts (lessons 01-08: questions, hints,
usual mistakes' hints, word choices, graders' texts; liarsdice.teach.catalog_texts extracts them):
the advanced track's are not in them, so its questions and hints stay English (translate returns
the English) around the translated answer forms and verdicts.
"""

from __future__ import annotations

import difflib
import functools
import html
import sys
import textwrap
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, SupportsFloat, SupportsInt, cast

from liarsdice.checks import check_integer, is_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_general
from liarsdice.i18n import translate as _

LESSONS: dict[int, str] = {}
TRACKS = ("core", "advanced")  # the course's two tracks, in the order they are taught
LESSON_TRACKS: dict[int, str] = {}
# The ids the exercises had before the course was renumbered (issue 20), and their ids now.
ALIASES: dict[str, str] = {
    "04.challenge_cost": "09.challenge_cost",
    "04.decision": "09.decision",
    "04.break_even": "09.break_even",
    "06.settle_over": "10.settle_over",
    "06.settle_exact": "10.settle_exact",
    "06.wilson_width": "07.wilson_width",
    "06.width_four_times": "07.width_four_times",
    "06.beat_chance": "08.beat_chance",
    "07.last_die": "09.last_die",
    "07.perudo_loss": "09.perudo_loss",
    "07.false_alarm": "08.false_alarm",
    "07.p_value": "08.p_value",
    "07.loss_identity": "09.loss_identity",
    "07.beat_threshold": "10.beat_threshold",
    "08.perudo_histories": "11.perudo_histories",
    "08.uniform_nash_conv": "11.uniform_nash_conv",
    "08.game_value": "11.game_value",
    "08.fewest_faces": "11.fewest_faces",
    "08.second_player_value": "11.second_player_value",
    "08.exploit_or_not": "11.exploit_or_not",
}
KINDS = ("fraction", "decimal", "integer", "bid", "choice", "code", "proof", "open")
WRITTEN = ("proof", "open")  # read by a person; `worked` holds the teacher's notes
TAGS = ("predict", "transfer", "proof", "code", "open")
TOLERANCE = 1e-4  # the default absolute tolerance for decimal answers
NEAR_FACTOR = 100  # a decimal within NEAR_FACTOR * tolerance is "close"
BLEF_TEXT = "In Blef (aces wild, the board ladder)"
MAX_ID_CHARS = 100  # an id longer than this is refused without a search for similar ids
MIN_WIDTH, MAX_WIDTH = 20, 1_000  # sheet(width=...): the characters of a line
CHECKER = "liarsdice.teach.answers"  # the one module whose reads of the key are not recorded
_REGISTRY: dict[str, Exercise] = {}
_KEY_READS: set[str] = set()

if TYPE_CHECKING:
    import numpy as np


def exact_fraction(value: Fraction | float) -> Fraction:
    """Return a probability computed exactly (exact=True, or from Fractions) as the Fraction it
    is; only its type changes."""
    return cast(Fraction, value)


def exact_fractions(values: list[Fraction] | np.ndarray) -> list[Fraction]:
    """Return a list of probabilities computed exactly (exact=True) as the list of Fractions it
    is; only its type changes."""
    return cast(list[Fraction], values)


def words(dice: tuple[int, ...]) -> str:
    """Return dice as text: (1, 3, 5) -> "1, 3, 5"."""
    return ", ".join(map(str, dice))


def either(words: list[str] | tuple[str, ...]) -> str:
    """Return the words joined by "or" in the language in force: "a or b or c"."""
    return functools.reduce(lambda a, b: _("{a} or {b}").format(a=a, b=b), words)


def number_text(x: float) -> str:
    """Return x as f"{x:g}" writes it, with the decimal sign of the language in force."""
    return format_general(x)


def choice_word(word: str) -> str:
    """Return a choice's word in the language in force: yes, no, true and false, and a core
    exercise's own words (extracted with its texts), from the catalog; letters as they are."""
    common = {"yes": _("yes"), "no": _("no"), "true": _("true"), "false": _("false")}
    return common.get(word) or _(word)


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: .correct, and a .message that never holds the answer."""

    correct: bool
    message: str

    def __bool__(self) -> bool:
        """Return whether the answer was right, so `assert check(...)` reads naturally."""
        return self.correct

    def __str__(self) -> str:
        """Return the message."""
        return self.message

    def __repr__(self) -> str:
        """Return the message, so a notebook cell shows just the verdict."""
        return self.message

    def _repr_html_(self) -> str:
        """Return the message in green (right) or dark red (not yet), escaped."""
        colour = "#1a7f37" if self.correct else "#b42318"
        return f'<div style="color: {colour}; font-weight: 600">{html.escape(self.message)}</div>'


class Unreadable(ValueError):
    """An answer that cannot be read as the kind the exercise expects; the message says why."""


def right() -> Feedback:
    """Return the feedback for a right answer."""
    return Feedback(True, _("Right!"))


def not_yet(hint: str) -> Feedback:
    """Return the feedback for a wrong answer, with a hint (already in the language in force)."""
    return Feedback(False, _("Not yet: {hint}").format(hint=hint))


@dataclass(frozen=True)
class Mistake:
    """A usual mistake: `compute` returns the wrong answer it leads to, `hint` aims at it."""

    name: str
    compute: Callable[[], object] = field(repr=False, compare=False)
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One question of a lesson; `compute` returns its answer from the library's core.

    compute and worked are taken, not shown: the answer and the worked solution are read with
    key_value and worked_text (liarsdice.teach.key for teachers). mistakes: the usual mistakes, each recognised from the wrong answer it gives and answered
    with its own hint. tags: "predict" (the notebook asks for a guess first, teach.predict),
    "transfer" (a case the lesson did not compute), "proof", "code", "open". probability: the
    answer is a probability (a negative one, or one above 1, gets a hint of its own). grade:
    for "code", the function that runs a student's code and returns (right, message). worked:
    for "proof", the worked solution; for "open", what a good answer holds; for "code", the
    worked solution, a notebook cell ending in `answer = <name>` (teachers' material).
    """

    id: str
    question: str
    kind: str
    compute: InitVar[Callable[[], object]]
    hint: str
    tolerance: float = TOLERANCE
    choices: tuple[str, ...] = ()
    rules: str = "blef"  # the preset that reads bid answers
    mistakes: tuple[Mistake, ...] = ()
    probability: bool = False
    grade: Callable[[object], tuple[bool, str]] | None = field(
        default=None, repr=False, compare=False
    )
    worked: InitVar[str] = ""
    tags: tuple[str, ...] = ()  # what the exercise trains: TAGS

    def __post_init__(self, compute: Callable[[], object], worked: str) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id!r}: kind {self.kind!r} is not one of {KINDS}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"exercise {self.id!r}: choices go with the kind 'choice' only")
        if (self.kind == "code") != (self.grade is not None):
            raise ValueError(f"exercise {self.id!r}: a grade goes with the kind 'code' only")
        if (self.kind in (*WRITTEN, "code")) != bool(worked):
            raise ValueError(
                f"exercise {self.id!r}: a worked solution goes with {', '.join(WRITTEN)} and code "
                "only, and each of them needs one"
            )
        if not set(self.tags) <= set(TAGS):
            raise ValueError(f"exercise {self.id!r}: tags {self.tags!r} are not among {TAGS}")
        if not callable(compute):
            raise ArgumentTypeError(
                f"exercise {self.id!r}: compute={quote(compute)} is no function"
            )
        object.__setattr__(self, "_compute", compute)  # kept off the fields: no repr, no answer
        object.__setattr__(self, "_worked", worked)

    @property
    def lesson(self) -> int:
        """Return the lesson number, the part of the id before the dot."""
        return int(self.id.split(".")[0])

    @property
    def prompt(self) -> str:
        """Return the question followed by the form of answer it expects, in the language in
        force (the advanced track's questions stay English: they are not in the catalogs)."""
        return f"{_(self.question)} {_answer_form(self)}"


delattr(
    Exercise, "worked"
)  # the InitVar's default, left on the class by dataclass; __init__ keeps it


def _answer_form(exercise: Exercise) -> str:
    """Return the sentence saying how to write the answer (and the tolerance), in the language
    in force."""
    tolerance = number_text(exercise.tolerance)
    if exercise.kind == "fraction":
        return _(
            "Answer with an exact fraction such as 3/8, or a decimal within {tolerance} (absolute)."
        ).format(tolerance=tolerance)
    if exercise.kind == "decimal":
        return _("Answer with a decimal within {tolerance} (absolute).").format(tolerance=tolerance)
    if exercise.kind == "integer":
        return _("Answer with a whole number.")
    if exercise.kind == "bid":
        return _("Answer with a bid such as 4x3 or 4 threes.")
    if exercise.kind == "code":
        return _("Answer with your function or class (its name, without calling it).")
    if exercise.kind == "proof":
        return _("Write the argument out; your teacher has a worked solution.")
    if exercise.kind == "open":
        return _("Write your answer in words; there is no single right one.")
    words = either([choice_word(c) for c in exercise.choices])
    return _("Answer with one word: {words}.").format(words=words)


def _lesson_number(lesson: int | str) -> int:
    """Return a lesson given as 4, "4" or "04" as an int; raise ValueError naming the lessons
    (ArgumentTypeError, also a ValueError, for a lesson that is neither an integer nor text)."""
    message = f"lesson={quote(lesson)}: the lessons are {', '.join(f'{n:02d}' for n in LESSONS)}"
    if isinstance(lesson, str):  # (text is no integer: it has no __index__)
        text = lesson.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 3):
            raise ValueError(message)
        number = int(text)
    elif is_integer(lesson):
        number = int(lesson.__index__())
    else:
        raise ArgumentTypeError(message)
    if number not in LESSONS:
        raise ValueError(message)
    return number


def register_lesson(number: int, title: str, track: str) -> None:
    """Add a lesson's title and track under its number (a lesson module calls this first).

    number: 1..99; title: non-empty text; track: one of TRACKS ("core" or "advanced").
    """
    number = check_integer("number", number, 1, 99)
    if not isinstance(title, str) or not title.strip():
        raise ArgumentTypeError(f"title={quote(title)}: expected a lesson's title (text)")
    if track not in TRACKS:
        raise ValueError(f"track={quote(track)}: expected one of {', '.join(TRACKS)}")
    if number in LESSONS and (LESSONS[number], LESSON_TRACKS[number]) != (title, track):
        raise ValueError(
            f"lesson {number:02d} is already {LESSONS[number]!r} ({LESSON_TRACKS[number]})"
        )
    LESSONS[number] = title
    LESSON_TRACKS[number] = track


def track(lesson: int | str) -> str:
    """Return the track ("core" or "advanced") of a registered lesson given as 4, "4" or "04"."""
    return LESSON_TRACKS[_lesson_number(lesson)]


def register(*new: Exercise) -> None:
    """Add exercises to the registry by id; their lesson must be registered first."""
    for exercise in new:
        if not isinstance(exercise, Exercise):
            raise ArgumentTypeError(f"{quote(exercise)}: expected an Exercise")
        if exercise.lesson not in LESSONS:
            raise ValueError(
                f"exercise {exercise.id!r}: lesson {exercise.lesson} is not registered"
            )
        if exercise.id in _REGISTRY:
            raise ValueError(f"exercise id {exercise.id!r} is already registered")
        if exercise.id in ALIASES:
            raise ValueError(
                f"exercise id {exercise.id!r} is the old id of {ALIASES[exercise.id]!r}: "
                "choose another name"
            )
        _REGISTRY[exercise.id] = exercise


def exercises(lesson: int | str | None = None) -> list[Exercise]:
    """Return the exercises of one lesson (4, "04"), or of every lesson, in lesson order.

    lesson: None, or a registered lesson number (an integer, or its digits as text).
    """
    every = sorted(_REGISTRY.values(), key=lambda e: e.lesson)  # stable: registration order
    if lesson is None:
        return every
    number = _lesson_number(lesson)
    return [e for e in every if e.lesson == number]


def find(exercise_id: str) -> Exercise:
    """Return the exercise with this id, or with the id an old one (ALIASES) became; raise
    ValueError naming similar ids (if any) and listing the ids of its lesson (or of the course).
    An id that is not text raises ArgumentTypeError (also a ValueError); ids are at most
    MAX_ID_CHARS characters."""
    if isinstance(exercise_id, str):
        if exercise_id in _REGISTRY:
            return _REGISTRY[exercise_id]
        if exercise_id in ALIASES:
            return _REGISTRY[ALIASES[exercise_id]]
    if not isinstance(exercise_id, str):
        raise ArgumentTypeError(
            f"unknown exercise id {quote(exercise_id)}: expected text such as '04.nine_fives'"
        )
    every = [e.id for e in exercises()]
    if len(exercise_id) > MAX_ID_CHARS:
        raise ValueError(
            f"unknown exercise id {quote(exercise_id)}: an id is at most {MAX_ID_CHARS} "
            f"characters, such as {every[0]!r}"
        )
    prefix = exercise_id.strip().split(".")[0]
    same_lesson = [i for i in every if i.split(".")[0] == prefix]
    known = same_lesson or every
    where = f"lesson {prefix}" if same_lesson else "the course"
    similar = difflib.get_close_matches(exercise_id.strip(), every, n=3, cutoff=0.75)
    hint = f"did you mean {' or '.join(map(repr, similar))}? " if similar else ""
    raise ValueError(
        f"unknown exercise id {quote(exercise_id)}: {hint}the exercises of {where} are "
        f"{', '.join(known)}"
    )


def key_value(exercise: Exercise) -> object:
    """Return the exercise's answer (Fraction, float, int, Bid, str or the reference function),
    the checker's key; a read from any module but the checker's is recorded (key_reads)."""
    if sys._getframe(1).f_globals.get("__name__") != CHECKER:
        _KEY_READS.add(exercise.id)
    return _answer(exercise.id)


def worked_text(exercise: Exercise) -> str:
    """Return the teacher's notes of a proof or an open question, or a code exercise's worked
    solution ("" for other kinds); the read is recorded (key_reads)."""
    _KEY_READS.add(exercise.id)
    return str(getattr(exercise, "_worked"))  # noqa: B009 (set in __post_init__, untyped)


def key_reads() -> frozenset[str]:
    """Return the ids whose answer or worked solution was read outside the checker in this
    process (the autograder's hidden tests refuse a notebook that read any)."""
    return frozenset(_KEY_READS)


@functools.cache
def _answer(exercise_id: str) -> object:
    """Return the exercise's answer, computed by the library (once per process)."""
    exercise = _REGISTRY[exercise_id]
    value = getattr(exercise, "_compute")()  # noqa: B009 (set in __post_init__, untyped)
    # the numeric kinds' answers are numbers (ints, Fractions, floats, numpy numbers)
    if exercise.kind == "fraction":
        return Fraction(cast("Rational | float", value))
    if exercise.kind == "decimal":
        return float(cast(SupportsFloat, value))
    if exercise.kind == "integer":
        return int(cast(SupportsInt, value))
    return value


def prompt(exercise_id: str) -> str:
    """Return the exercise's question with the form of answer it expects."""
    return find(exercise_id).prompt


def sheet(
    lesson: int | str | None = None,
    width: int = 96,
    answer: Callable[[Exercise], str] | None = None,
) -> str:
    """Return the exercises' prompts as text, lesson by lesson, in the language in force;
    `answer` (the teacher's key, liarsdice.teach.key.sheet) adds each exercise's answer in words.

    lesson: None (all), or a registered lesson as 4, "4" or "04"; width: MIN_WIDTH..MAX_WIDTH
    characters a line.
    """
    width = check_integer("width", width, MIN_WIDTH, MAX_WIDTH)
    chosen = exercises(lesson)
    lines: list[str] = []
    # one lesson is shown even before it has exercises; the whole course, lessons that have some
    numbers = sorted({e.lesson for e in chosen}) if lesson is None else [_lesson_number(lesson)]
    for number in numbers:
        if lines:
            lines.append("")
        title = _(LESSONS[number])  # the core track's titles are in the catalogs
        lines.append(_("Lesson {number}: {title}").format(number=f"{number:02d}", title=title))
        for exercise in (e for e in chosen if e.lesson == number):
            lines += ["", f"  {exercise.id}"]
            lines += textwrap.wrap(
                exercise.prompt, width, initial_indent="    ", subsequent_indent="    "
            )
            if answer is not None:
                text = answer(exercise).splitlines()
                lines.append("    " + _("Answer: {answer}").format(answer=text[0]))
                lines += [f"      {line}" for line in text[1:]]
    return "\n".join(lines)
