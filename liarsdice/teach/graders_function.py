"""The function grader: the student's function of a case (a chance, a mean, a posterior) is
called on cases the lesson never printed and compared with the library's exact answer.

- function_grader(reference, cases, ...) -> Grade: an answer that is the library's own, a call
  into the library's computing modules, an exception and a value that is no number each get
  their own message; usual wrong functions get their own hints.
- MAX_CASES: the most cases (calls) a function grader makes.
- WRITE_IT: what the messages ask for instead of the library's answer.

Messages are in the language in force (liarsdice.i18n), `what` and the mistakes' hints too
(looked up in the catalogs, which hold the core track's; graders_calls.with_texts notes them).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import cast

from liarsdice.checks import check_number, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import translate as _
from liarsdice.teach.graders_calls import Grade, describe_error, watched_call, with_texts
from liarsdice.teach.watch import computing, from_the_package, name

MAX_CASES = 100  # the calls function_grader makes
WRITE_IT = "write the computation yourself (math.comb, itertools, fractions)"


def function_grader(
    reference: Callable[..., object],
    cases: Sequence[Mapping[str, object]],
    mistakes: Sequence[tuple[Callable[..., object], str]] = (),
    tolerance: float = 1e-9,
    what: str = "the chance",
) -> Grade:
    """Return a grader of a function the student writes: it is called on every case (keyword
    arguments the lesson never printed) and must return what `reference` returns there.

    Args:
        reference: the library's answer for a case, a number (exact where it is a Fraction).
        cases: the keyword arguments of each call, 1..MAX_CASES of them.
        mistakes: (wrong reference, hint): a function that agrees with a usual wrong
            reference on every case gets that hint.
        tolerance: how far a float may be from the exact value (relative to 1, absolute).
        what: what the function returns, for the messages.

    An exact value (a Fraction) may be returned as a Fraction, an int, a sympy Rational or a
    float within the tolerance; the messages show the student's value and the case, never
    the expected value.
    """
    if not callable(reference) or not all(callable(m) and isinstance(h, str) for m, h in mistakes):
        raise ArgumentTypeError(f"reference={quote(reference)}: expected functions and hints")
    if not 1 <= len(cases) <= MAX_CASES or not all(isinstance(c, Mapping) for c in cases):
        raise ValueError(f"cases={quote(cases)}: expected 1..{MAX_CASES} dicts of arguments")
    check_number("tolerance", tolerance, 0, 1)
    check_text("what", what)

    def grade(function: object) -> tuple[bool, str]:
        if not callable(function):
            return False, _("expected your function itself (its name, without calling it).")
        if from_the_package(function):
            message = _(
                "{function} is the library's own: write the computation yourself (math.comb, "
                "itertools, fractions)."
            )
            return False, message.format(function=name(function, qualified=True))
        got = []
        for case in cases:
            shown = ", ".join(f"{k}={v!r}" for k, v in case.items())
            value, error, called = watched_call(function, case, computing)
            if called:
                message = _(
                    "your function calls {called}: write the computation yourself (math.comb, "
                    "itertools, fractions)."
                )
                return False, message.format(called=called)
            if error is not None:
                message = _("your function raised {error} for f({case}).")
                return False, message.format(error=describe_error(error), case=shown)
            number = _number(value)
            if number is None:
                message = _(
                    "your function returned {value} for f({case}); expected {what}, a number (a "
                    "Fraction for an exact answer)."
                )
                return False, message.format(value=quote(value), case=shown, what=_(what))
            got.append(number)
        for wrong, hint in mistakes:
            if all(_agrees(g, wrong(**c), tolerance) for g, c in zip(got, cases)):
                return False, _(hint)
        for number, case in zip(got, cases):
            if not _agrees(number, reference(**case), tolerance):
                shown = ", ".join(f"{k}={v!r}" for k, v in case.items())
                message = _(
                    "your function returned {value} for f({case}), which is not {what} there; try "
                    "that case by hand."
                )
                return False, message.format(value=quote(number), case=shown, what=_(what))
        return True, "right"

    return with_texts(grade, (what, *(hint for _wrong, hint in mistakes)))


def _number(value: object) -> Fraction | float | None:
    """Return a returned value as a Fraction (exact kinds) or a float, or None if no number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real) or hasattr(value, "__float__"):
        try:
            number = float(cast(float, value))
        except (TypeError, ValueError, OverflowError):
            return None
        return number if math.isfinite(number) else None
    return None


def _agrees(got: Fraction | float, expected: object, tolerance: float) -> bool:
    """Return whether a returned number is the expected one: exactly, or a float within the
    tolerance."""
    if isinstance(got, Fraction) and isinstance(expected, numbers.Rational):
        return bool(got == Fraction(int(expected.numerator), int(expected.denominator)))
    return abs(float(got) - float(expected)) <= tolerance  # type: ignore[arg-type]
