"""Shared helpers for the tests of the lessons' exercises (tests/test_teach_lessonNN.py).

- hint_of(exercise_id, name): the feedback message a usual mistake gets.
- answer_forms(exercise): how a numeric answer would read in a notebook's source.
- as_students(answer): a reference answer handed in as a student would, from outside the package.
- ChanceBot: a bot written outside the package, deciding by the chance of the bid.
- shown_answer(message, reference, cases): the first case answer a grader's message shows.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from numbers import Rational
from typing import cast

from liarsdice.actions import Action, Challenge, Pass
from liarsdice.teach import key
from liarsdice.teach.core import Exercise, find
from liarsdice.view import View


def hint_of(exercise_id: str, name: str) -> str:
    """Return the feedback message of the exercise's usual mistake called `name`."""
    return "Not yet: " + next(m.hint for m in find(exercise_id).mistakes if m.name == name)


def answer_forms(exercise: Exercise) -> list[str]:
    """Return the ways a numeric answer would be written (a/b and four decimals; a whole number
    only from 10 up, smaller ones being too common to hunt); none for other kinds."""
    if exercise.kind not in ("integer", "fraction", "decimal"):
        return []
    answer = Fraction(key.solution(exercise.id))
    if answer.denominator == 1:
        return [str(answer.numerator)] if abs(answer) >= 10 else []
    return [f"{answer.numerator}/{answer.denominator}", f"{float(answer):.4f}"]


def as_students(answer: object) -> object:
    """Return a reference answer (or a usual mistake) as a student hands it in: a bot class or
    a function written outside the liarsdice package, as if the student had written the
    library's code (the graders refuse the package's own, and calls into it); others as given."""
    if isinstance(answer, type):
        act = _own(answer.act)  # type: ignore[attr-defined]
        return type(answer.__name__, (answer,), {"__module__": "__main__", "act": act})
    if callable(answer):
        return _own(cast(Callable[..., object], answer))
    return answer


def _own(function: Callable[..., object]) -> Callable[..., object]:
    """Return a function that runs `function` with the graders' watch lifted (sys.setprofile,
    liarsdice.teach.watch): the library's code, run as the student's own."""

    def students(*args: object, **kwargs: object) -> object:
        watch = sys.getprofile()
        sys.setprofile(None)
        try:
            return function(*args, **kwargs)
        finally:
            sys.setprofile(watch)

    return students


class ChanceBot:
    """A bot a student might write: it challenges a bid less likely than `patience` from its
    seat, else raises to its likeliest cheapest raise (the library's chances, its own rule)."""

    def __init__(self, patience: float = 0.3) -> None:
        self.patience = patience

    def act(self, view: View) -> Action:
        """Return Challenge() for an unlikely bid, else the likeliest cheapest raise."""
        from liarsdice import botkit

        if not botkit.is_move_turn(view):
            return Pass()
        if view.previous is not None and botkit.bid_chance(view, view.previous) < self.patience:
            return Challenge()
        raises = botkit.cheapest_raises(view)
        if not raises:
            return Challenge()
        return max(raises, key=lambda bid: botkit.bid_chance(view, bid))


def shown_answer(
    message: str, reference: Callable[..., object], cases: Sequence[Mapping[str, object]]
) -> str | None:
    """Return the first form of a case's answer (reference(**case)) that the message shows, or
    None: a whole number from 10 up, a fraction as a/b, a decimal to three or four places or in
    full (not Fraction(a, b): messages quote the student's own value that way)."""
    for case in cases:
        value = reference(**case)
        if isinstance(value, Rational) and value.denominator == 1:
            whole = int(value.numerator)
            if abs(whole) >= 10 and re.search(rf"(?<!\d){whole}(?!\d)", message):
                return str(whole)
            continue
        forms = [f"{float(value):.4f}", f"{float(value):.3f}", repr(float(value))]  # type: ignore[arg-type]
        if isinstance(value, Rational):
            a, b = value.numerator, value.denominator
            forms.append(f"{a}/{b}")
        found = next((form for form in forms if form in message), None)
        if found:
            return found
    return None
