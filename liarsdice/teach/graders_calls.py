"""What the code graders share: calling the student's code under watch and describing what it
raised.

- Grade: a grader, a function of the student's answer returning (right, message).
- watched_call(function, arguments, forbidden) -> (value, error, called): the student's
  function(**arguments), what it raised (or None) and the first forbidden call it made ("" if
  none), noted by liarsdice.teach.watch.
- describe_error(error) -> str: the error as a message quotes it, shortened.
- with_texts(grade, texts) -> grade, grader_texts(grade) -> texts: the exercise's own texts a
  grader shows (its usual mistakes' hints, what the function returns), noted for the catalogs'
  extraction (liarsdice.teach.catalog_texts); the graders translate them when they show them.

The graders' messages are in the language in force (liarsdice.i18n); what the student's code
raised is quoted as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from liarsdice.checks import quote
from liarsdice.teach.watch import watching

if TYPE_CHECKING:
    from types import CodeType

Grade = Callable[[object], tuple[bool, str]]
_TEXTS: dict[Grade, tuple[str, ...]] = {}  # each grader's own texts, English


def with_texts(grade: Grade, texts: tuple[str, ...]) -> Grade:
    """Return `grade`, its texts (English: the lesson's hints, what it returns) noted."""
    _TEXTS[grade] = texts
    return grade


def grader_texts(grade: Grade) -> tuple[str, ...]:
    """Return the texts noted for a grader (none for a grader made otherwise)."""
    return _TEXTS.get(grade, ())


def describe_error(error: BaseException) -> str:
    """Return "ValueError('...')", shortened."""
    return quote(error, limit=160)


def watched_call(
    function: object, arguments: Mapping[str, object], forbidden: Callable[[CodeType], bool]
) -> tuple[object, BaseException | None, str]:
    """Return the student's function(**arguments), what it raised (or None) and the first call
    it made for which forbidden(code) is true (or "")."""
    with watching(forbidden) as called:
        try:
            value, error = function(**arguments), None  # type: ignore[operator]
        except (Exception, SystemExit) as raised:  # the student's code may raise anything
            value, error = None, raised
    return value, error, called[0] if called else ""
