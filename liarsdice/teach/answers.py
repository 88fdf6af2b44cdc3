"""Reading and marking answers: check(exercise_id, answer) -> Feedback.

Kinds of answer:
- "fraction": an exact probability or mean; any equivalent exact form (Fraction, int, "a/b",
  sympy Rational) must equal it, a float or decimal string must lie within the tolerance.
- "decimal": a number known only as a float; any number within the tolerance.
- "integer": a whole number (int, "3", 3.0, Fraction(3)).
- "bid": a Bid or text Bid.parse reads under the exercise's rules ("5 aces", "5x1").
- "choice": one word among the exercise's choices, case-insensitive.

A wrong answer gets the exercise's hint; a malformed one a message saying what was expected,
never an exception; neither ever holds the answer.
"""

from __future__ import annotations

import decimal
import math
import numbers
import re
from collections.abc import Callable
from fractions import Fraction

from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import (
    NEAR_FACTOR,
    Exercise,
    Feedback,
    Unreadable,
    find,
    not_yet,
    right,
)

_FRACTION_TEXT = re.compile(r"^([+-]?\d+)\s*/\s*([+-]?\d+)$")
_INTEGER_TEXT = re.compile(r"^[+-]?\d+$")


def _read_number(answer: object, expected: str) -> tuple[Fraction, bool]:
    """Return (value, exact): exact for ints, fractions and "a/b" text; else raise Unreadable.

    `expected` says in words what the exercise expects, for the message.
    """
    if isinstance(answer, bool) or answer is None:
        raise Unreadable(f"Could not read {answer!r}: expected {expected}.")
    if isinstance(answer, numbers.Integral):
        return Fraction(int(answer)), True
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, numbers.Real | decimal.Decimal):
        value = float(answer)
        if not math.isfinite(value):
            raise Unreadable(f"Could not read {answer!r}: expected a finite number.")
        return Fraction(value), False
    if not isinstance(answer, str):
        raise Unreadable(
            f"Could not read a {type(answer).__name__} ({answer!r}): expected {expected}, "
            "as a number or as text."
        )
    text = answer.strip()
    if match := _FRACTION_TEXT.match(text):
        numerator, denominator = (int(part) for part in match.groups())
        if denominator == 0:
            raise Unreadable(
                f"Could not read {answer!r}: the denominator is zero; expected {expected}."
            )
        return Fraction(numerator, denominator), True
    if _INTEGER_TEXT.match(text):
        return Fraction(int(text)), True
    try:
        value = float(text)
    except ValueError:
        raise Unreadable(f"Could not read {answer!r}: expected {expected}.") from None
    if not math.isfinite(value):
        raise Unreadable(f"Could not read {answer!r}: expected a finite number.")
    return Fraction(value), False


_NUMBER_EXPECTED = {
    "fraction": "an exact fraction such as 3/8, or a decimal such as 0.375",
    "decimal": "a decimal number such as 0.375",
    "integer": "a whole number such as 7",
}


def _check_number(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a fraction or decimal answer."""
    value, exact = _read_number(answer, _NUMBER_EXPECTED[exercise.kind])
    target = exercise.answer()
    gap = abs(value - Fraction(target))
    if exercise.kind == "fraction" and exact:
        if value == target:
            return right()
        if gap <= exercise.tolerance:
            return not_yet(
                "close, but this fraction is not the exact one; compute it exactly, or give a "
                f"decimal within {exercise.tolerance:g}."
            )
        return not_yet(exercise.hint)
    if gap <= exercise.tolerance:
        return right()
    if gap <= NEAR_FACTOR * exercise.tolerance:
        exact_too = " or the exact fraction" if exercise.kind == "fraction" else ""
        return not_yet(
            f"close, but not within {exercise.tolerance:g}; give more decimal places{exact_too}."
        )
    return not_yet(exercise.hint)


def _check_integer(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a whole-number answer."""
    value, _ = _read_number(answer, _NUMBER_EXPECTED["integer"])
    if value.denominator != 1:
        raise Unreadable(f"Could not read {answer!r} as a whole number: expected one such as 7.")
    return right() if value == exercise.answer() else not_yet(exercise.hint)


def _check_bid(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a bid answer, read under the exercise's rules."""
    expected = "expected a bid such as 4x3 or 4 threes (faces one to six, or aces)"
    if not isinstance(answer, str | Bid):
        raise Unreadable(f"Could not read {answer!r} as a bid: {expected}.")
    try:
        bid = Bid.parse(answer, rules=preset(exercise.rules))
    except ValueError:
        raise Unreadable(f"Could not read {answer!r} as a bid: {expected}.") from None
    return right() if bid == exercise.answer() else not_yet(exercise.hint)


def _check_choice(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a one-word answer (case and spaces ignored)."""
    word = answer.strip().lower() if isinstance(answer, str) else None
    if word not in exercise.choices:
        raise Unreadable(
            f"Could not read {answer!r}: expected one word, {' or '.join(exercise.choices)}."
        )
    return right() if word == exercise.answer() else not_yet(exercise.hint)


_CHECKERS: dict[str, Callable[[Exercise, object], Feedback]] = {
    "fraction": _check_number,
    "decimal": _check_number,
    "integer": _check_integer,
    "bid": _check_bid,
    "choice": _check_choice,
}


def check(exercise_id: str, answer: object) -> Feedback:
    """Return Feedback on an answer: "Right!", "Not yet: <hint>", or what was expected.

    Args:
        exercise_id: such as "04.nine_fives"; an unknown id raises ValueError listing the
            ids of its lesson (a programming error, not a wrong answer).
        answer: in any form the exercise's kind accepts (see the module docstring); a
            malformed answer gets a message, never an exception.
    """
    exercise = find(exercise_id)
    if answer is None:  # the lesson's cell before the student has written anything
        return Feedback(False, "No answer yet: replace None with your answer, then run the cell.")
    try:
        return _CHECKERS[exercise.kind](exercise, answer)
    except Unreadable as error:
        return Feedback(False, str(error))
