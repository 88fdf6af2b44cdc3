"""Shared helpers for the tests of the lessons' exercises (tests/test_teach_lessonNN.py).

- hint_of(exercise_id, name): the feedback message a usual mistake gets.
- answer_forms(exercise): how a numeric answer would read in a notebook's source.
- as_students(answer): a reference answer handed in as a student would, from outside the package.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import cast

from liarsdice.teach.core import Exercise, find


def hint_of(exercise_id: str, name: str) -> str:
    """Return the feedback message of the exercise's usual mistake called `name`."""
    return "Not yet: " + next(m.hint for m in find(exercise_id).mistakes if m.name == name)


def answer_forms(exercise: Exercise) -> list[str]:
    """Return the ways a numeric answer would be written (a/b and four decimals; a whole number
    only from 10 up, smaller ones being too common to hunt); none for other kinds."""
    if exercise.kind not in ("integer", "fraction", "decimal"):
        return []
    answer = Fraction(exercise.answer())
    if answer.denominator == 1:
        return [str(answer.numerator)] if abs(answer) >= 10 else []
    return [f"{answer.numerator}/{answer.denominator}", f"{float(answer):.4f}"]


def as_students(answer: object) -> object:
    """Return a reference answer as a student hands it in: a bot class or a function written
    outside the liarsdice package (the bot grader refuses the package's own); others as given."""
    if isinstance(answer, type):
        return type(answer.__name__, (answer,), {"__module__": "__main__"})
    if callable(answer):
        function = cast(Callable[..., object], answer)

        def students(*args: object, **kwargs: object) -> object:
            return function(*args, **kwargs)

        return students
    return answer
