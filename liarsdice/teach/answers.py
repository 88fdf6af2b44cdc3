"""Reading and marking answers: check(exercise_id, answer) -> Feedback.

Kinds of answer:
- "fraction": an exact probability or mean; any equivalent exact form (Fraction, int, "a/b",
  sympy Rational) must equal it, a float or decimal string must lie within the tolerance.
- "decimal": a number known only as a float; any number within the tolerance.
- "integer": a whole number (int, "3", 3.0, Fraction(3)).
- "bid": a Bid or text Bid.parse reads under the exercise's rules ("5 aces", "5x1").
- "choice": one word among the exercise's choices, case-insensitive (in Polish or Czech, the
  word in that language too: core.choice_word).
- "code": the student's function, run by the exercise's grader (wrong results, exceptions and
  wrong types each get their own message).
- "proof": an argument for a person to read; the checker points to the worked solution.
- "open": a question with no single answer, for discussion; the checker says so.

A wrong answer that a usual mistake gives (the wild forgotten, 1/6 for a plain face, "at most"
for "at least", q - m off by one...) gets that mistake's own hint; a probability below 0 or
above 1 gets one too. predict(exercise_id, guess) records a guess made before computing, and
check() recalls it once the answer is right.

A wrong answer gets the exercise's hint; a malformed one a message saying what was expected,
never an exception; neither ever holds the answer. The student's code (a function, a bot, an
answer's own methods) runs under TIME_LIMIT seconds (liarsdice.teach.limited): past it, or
when it raises anything at all (but KeyboardInterrupt), the check says so and the kernel stays
usable. Limits: a text answer (or prediction) is at
most limits.MAX_TEXT characters; a number's numerator and denominator at most
MAX_ANSWER_DIGITS digits; NaN and infinities are refused. Every message quotes the answer
(checks.quote, shortened when long). An exercise id that is unknown or not text raises
ValueError (ArgumentTypeError for a wrong kind): a programming error, not a wrong answer.

Every message a student reads back is in the language in force (liarsdice.i18n): the verdicts,
the explanations of unreadable answers, the hints (the core track's; the advanced track's hints
are not in the catalogs and stay English). In Polish and Czech a decimal written as text may use
the decimal comma ("0,375") as well as the point.
"""

from __future__ import annotations

import decimal
import functools
import math
import numbers
import re
from collections.abc import Callable
from fractions import Fraction
from numbers import Rational
from typing import cast

from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.i18n import format_number, language
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TEXT
from liarsdice.rules import preset
from liarsdice.teach.core import (
    NEAR_FACTOR,
    WRITTEN,
    Exercise,
    Feedback,
    Unreadable,
    choice_word,
    either,
    find,
    key_value,
    not_yet,
    number_text,
    right,
)
from liarsdice.teach.limited import OutOfTime, StudentError, run_limited

TIME_LIMIT = 60  # seconds a check may take, the student's code included (a bot's games too)
_FRACTION_TEXT = re.compile(r"^([+-]?\d+)\s*/\s*([+-]?\d+)$")
_INTEGER_TEXT = re.compile(r"^[+-]?\d+$")
_COMMA_DECIMAL = re.compile(r"^[+-]?\d*,\d+$")  # "0,375": Polish and Czech text only
MAX_ANSWER_DIGITS = 1_000  # digits of an answer's numerator or denominator
_MAX_ANSWER_BITS = int(MAX_ANSWER_DIGITS * math.log2(10)) + 1


def _too_long(answer: object) -> Unreadable | None:
    """Return the refusal of text longer than MAX_TEXT characters, else None."""
    if isinstance(answer, str) and len(answer) > MAX_TEXT:
        return Unreadable(
            _("Could not read {answer}: an answer is at most {limit} characters.").format(
                answer=quote(answer), limit=_count(MAX_TEXT)
            )
        )
    return None


def _count(n: int) -> str:
    """Return a whole number with English thousands commas ("1,000"); plain in Polish, Czech."""
    return f"{n:,}" if language() == "en" else format_number(n, 0)


def _unreadable(answer: object, expected: str) -> Unreadable:
    """Return "Could not read <answer>: expected <expected>." in the language in force."""
    message = _("Could not read {answer}: expected {expected}.")
    return Unreadable(message.format(answer=quote(answer), expected=expected))


def _too_many_digits(answer: object) -> Unreadable:
    """Return the refusal of a number of more than MAX_ANSWER_DIGITS digits."""
    message = _("Could not read {answer}: a number of more than {limit} digits is no answer here.")
    return Unreadable(message.format(answer=quote(answer), limit=_count(MAX_ANSWER_DIGITS)))


def _bounded(answer: object, value: Fraction) -> Fraction:
    """Return `value` if its numerator and denominator have at most MAX_ANSWER_DIGITS digits."""
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > _MAX_ANSWER_BITS:
        raise _too_many_digits(answer)
    return value


def _read_number(answer: object, expected: str) -> tuple[Fraction, bool]:
    """Return (value, exact): exact for ints, fractions and "a/b" text; else raise Unreadable.

    `expected` says in words what the exercise expects, for the message.
    """
    value, exact = _read_unbounded(answer, expected)
    return _bounded(answer, value), exact


def _read_unbounded(answer: object, expected: str) -> tuple[Fraction, bool]:
    """Return (value, exact) as _read_number does, before the bound on digits."""
    finite = _("a finite number")
    if isinstance(answer, bool) or answer is None:
        raise _unreadable(answer, expected)
    if isinstance(answer, numbers.Integral):
        return Fraction(int(answer)), True
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, decimal.Decimal) and not answer.is_finite():  # NaN, sNaN, infinity
        raise _unreadable(answer, finite)
    if isinstance(answer, numbers.Real | decimal.Decimal):
        try:
            value = float(answer)
        except (OverflowError, ValueError):
            value = math.inf
        if not math.isfinite(value):
            raise _unreadable(answer, finite)
        return Fraction(value), False
    if not isinstance(answer, str):
        message = _(
            "Could not read a {type} ({answer}): expected {expected}, as a number or as text."
        )
        raise Unreadable(
            message.format(type=type(answer).__name__, answer=quote(answer), expected=expected)
        )
    if refusal := _too_long(answer):
        raise refusal
    text = answer.strip()
    if match := _FRACTION_TEXT.match(text):
        if max(len(part.lstrip("+-")) for part in match.groups()) > MAX_ANSWER_DIGITS:
            raise _too_many_digits(answer)
        numerator, denominator = (int(part) for part in match.groups())
        if denominator == 0:
            message = _("Could not read {answer}: the denominator is zero; expected {expected}.")
            raise Unreadable(message.format(answer=quote(answer), expected=expected))
        return Fraction(numerator, denominator), True
    if _INTEGER_TEXT.match(text):
        if len(text.lstrip("+-")) > MAX_ANSWER_DIGITS:
            raise _too_many_digits(answer)
        return Fraction(int(text)), True
    if language() != "en" and _COMMA_DECIMAL.match(text):
        text = text.replace(",", ".")  # the decimal comma of Polish and Czech
    try:
        value = float(text)
    except ValueError:
        raise _unreadable(answer, expected) from None
    if not math.isfinite(value):
        raise _unreadable(answer, finite)
    return Fraction(value), False


def _number_expected(kind: str) -> str:
    """Return what a number answer of this kind looks like, in the language in force."""
    if kind == "fraction":
        return _("an exact fraction such as 3/8, or a decimal such as 0.375")
    if kind == "decimal":
        return _("a decimal number such as 0.375")
    return _("a whole number such as 7")


def _same(exercise: Exercise, value: Fraction, exact: bool, target: object) -> bool:
    """Return True if a read answer equals `target` as the exercise compares (exactly, or
    within its tolerance for a decimal)."""
    if isinstance(target, Bid | str) or target is None:
        return False
    gap = abs(value - Fraction(cast("Rational | float", target)))  # a number from here on
    if exercise.kind in ("fraction", "integer") and exact:
        return gap == 0
    return gap <= exercise.tolerance


def _wrong(exercise: Exercise, value: object, read: tuple[Fraction, bool] | None) -> Feedback:
    """Return the hint for a wrong answer: a usual mistake's own hint when the answer is the
    one that mistake gives, else the exercise's hint."""
    for mistake in exercise.mistakes:
        wrong = mistake_value(exercise, mistake.name)
        matches = _same(exercise, *read, wrong) if read else value == wrong
        if matches:
            return not_yet(_(mistake.hint))
    return not_yet(_(exercise.hint))


def _check_number(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a fraction or decimal answer."""
    value, exact = _read_number(answer, _number_expected(exercise.kind))
    target = key_value(exercise)
    gap = abs(value - Fraction(cast("Rational | float", target)))  # a fraction or decimal kind
    tolerance = number_text(exercise.tolerance)
    if exercise.probability and not 0 <= value <= 1:
        if value < 0:
            message = _(
                "a probability is never negative; check the signs and what you divided by. {hint}"
            )
        else:
            message = _(
                "a probability is never above 1; check the signs and what you divided by. {hint}"
            )
        hint = _(exercise.hint)
        return not_yet(message.format(hint=hint[:1].upper() + hint[1:]))  # a sentence of its own
    if exercise.kind == "fraction" and exact:
        if value == target:
            return right()
        if gap <= exercise.tolerance:
            return not_yet(
                _(
                    "close, but this fraction is not the exact one; compute it exactly, or give a "
                    "decimal within {tolerance}."
                ).format(tolerance=tolerance)
            )
        return _wrong(exercise, answer, (value, exact))
    if gap <= exercise.tolerance:
        return right()
    if any(
        _same(exercise, value, exact, mistake_value(exercise, m.name)) for m in exercise.mistakes
    ):
        return _wrong(exercise, answer, (value, exact))
    if gap <= NEAR_FACTOR * exercise.tolerance:
        if exercise.kind == "fraction":
            message = _(
                "close, but not within {tolerance}; give more decimal places or the exact fraction."
            )
        else:
            message = _("close, but not within {tolerance}; give more decimal places.")
        return not_yet(message.format(tolerance=tolerance))
    return _wrong(exercise, answer, (value, exact))


def _check_integer(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a whole-number answer."""
    value, _exact = _read_number(answer, _number_expected("integer"))
    if value.denominator != 1:
        message = _("Could not read {answer} as a whole number: expected one such as 7.")
        raise Unreadable(message.format(answer=quote(answer)))
    return right() if value == key_value(exercise) else _wrong(exercise, answer, (value, True))


def _check_bid(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a bid answer, read under the exercise's rules."""
    rules = preset(exercise.rules)
    unreadable = Unreadable(
        _(
            "Could not read {answer} as a bid: expected a bid such as 4x3 or 4 threes (faces 1 "
            "to 6; the wild face is {wild})."
        ).format(answer=quote(answer), wild=rules.wild)
    )
    if not isinstance(answer, str | Bid):
        raise unreadable
    if refusal := _too_long(answer):
        raise refusal
    try:
        bid = Bid.parse(answer, rules=rules)
    except ValueError:
        raise unreadable from None
    return right() if bid == key_value(exercise) else _wrong(exercise, bid, None)


def _check_choice(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a one-word answer (case and spaces ignored), in English or in the
    language in force."""
    if refusal := _too_long(answer):
        raise refusal
    words = {choice_word(c).lower(): c for c in exercise.choices} | {c: c for c in exercise.choices}
    word = words.get(answer.strip().lower()) if isinstance(answer, str) else None
    if word is None:
        shown = either([choice_word(c) for c in exercise.choices])
        message = _("Could not read {answer}: expected one word, {words}.")
        raise Unreadable(message.format(answer=quote(answer), words=shown))
    return right() if word == key_value(exercise) else _wrong(exercise, word, None)


def _check_code(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a student's function, as the exercise's grader judges it."""
    if not (callable(answer) or callable(getattr(answer, "act", None))):
        message = _(
            "Could not read {answer} as code: expected your function or class itself (its name, "
            "without calling it), or a bot."
        )
        raise Unreadable(message.format(answer=quote(answer)))
    assert exercise.grade is not None
    good, message = exercise.grade(answer)
    return right() if good else not_yet(message)  # the grader's message, already translated


def _check_proof(exercise: Exercise, answer: object) -> Feedback:
    """Return the note for a proof: it is read by a person, not by the checker."""
    return Feedback(
        False, _("A proof is read by a person, not by this checker: compare yours with your "
        "teacher's worked solution, or present it to the class.")
    )  # fmt: skip


def _check_open(exercise: Exercise, answer: object) -> Feedback:
    """Return the note for an open question: it has no single answer to mark."""
    return Feedback(
        False, _("An open question has no single right answer, so this checker does not mark "
        "it: bring yours to class, with the evidence for it.")
    )  # fmt: skip


_CHECKERS: dict[str, Callable[[Exercise, object], Feedback]] = {
    "fraction": _check_number,
    "decimal": _check_number,
    "integer": _check_integer,
    "bid": _check_bid,
    "choice": _check_choice,
    "code": _check_code,
    "proof": _check_proof,
    "open": _check_open,
}

_PREDICTIONS: dict[str, object] = {}


def predict(exercise_id: str, guess: object) -> Feedback:
    """Record a prediction made before computing; check() recalls it once the answer is right.

    exercise_id: as in check (unknown: ValueError). guess: anything but None (no guess yet),
    NaN or an infinity, or text longer than MAX_TEXT characters (each gets a message and is not
    recorded); it is kept as its repr, shortened (checks.quote).
    """
    exercise = find(exercise_id)
    if guess is None:
        return Feedback(
            False, _("No prediction yet: replace None with your guess, then run the cell.")
        )
    if isinstance(guess, str) and len(guess) > MAX_TEXT:
        message = _("Could not read {answer}: a prediction is at most {limit} characters.")
        return Feedback(False, message.format(answer=quote(guess), limit=_count(MAX_TEXT)))
    if isinstance(guess, numbers.Real | decimal.Decimal) and not isinstance(guess, bool):
        try:
            finite = math.isfinite(guess)
        except (OverflowError, ValueError):  # a huge int or Fraction, a signalling NaN
            finite = isinstance(guess, numbers.Rational)
        if not finite:
            message = _("Could not note {guess}: guess a finite number.")
            return Feedback(False, message.format(guess=quote(guess)))
    _PREDICTIONS[exercise.id] = quote(guess)
    message = _("Prediction noted: {guess}. Now compute the answer below.")
    return Feedback(True, message.format(guess=quote(guess)))


def check(exercise_id: str, answer: object) -> Feedback:
    """Return Feedback on an answer: "Right!", "Not yet: <hint>", or what was expected.

    Args:
        exercise_id: such as "04.nine_fives" (or an old id, core.ALIASES); an unknown id raises
            ValueError listing the ids of its lesson (a programming error, not a wrong answer).
        answer: in any form the exercise's kind accepts (see the module docstring); a
            malformed answer gets a message, never an exception. None means no answer yet;
            text is at most MAX_TEXT characters, a number at most MAX_ANSWER_DIGITS digits.
    """
    exercise = find(exercise_id)
    if answer is None:  # the lesson's cell before the student has written anything
        return Feedback(
            False, _("No answer yet: replace None with your answer, then run the cell.")
        )
    if exercise.kind not in ("code", *WRITTEN):
        key_value(exercise)  # the library's own work, computed (once) outside the student's limit
    try:
        feedback = run_limited(_CHECKERS[exercise.kind], exercise, answer, seconds=TIME_LIMIT)
    except OutOfTime:
        message = _(
            "your code did not finish within {seconds} seconds, the time limit: look for a loop "
            "that never ends, or a much slower way than needed. It was stopped, and this notebook "
            "still works."
        )
        return not_yet(message.format(seconds=TIME_LIMIT))
    except StudentError as error:
        if isinstance(error.error, Unreadable):
            return Feedback(False, str(error.error))
        message = _("your answer {answer} raised {error} when it was checked.")
        return not_yet(message.format(answer=quote(answer), error=quote(error.error, limit=160)))
    if feedback.correct and exercise.id in _PREDICTIONS:
        message = _("Right! Your prediction was {guess}: how far off was it, and why?")
        return Feedback(True, message.format(guess=_PREDICTIONS[exercise.id]))
    return feedback


@functools.cache
def mistake_value(exercise: Exercise, name: str) -> object:
    """Return the wrong answer a usual mistake gives (computed once)."""
    mistake = next(m for m in exercise.mistakes if m.name == name)
    value = mistake.compute()
    if exercise.kind in ("fraction", "decimal", "integer"):
        return Fraction(cast(Rational, value)) if not isinstance(value, float) else value
    return value
