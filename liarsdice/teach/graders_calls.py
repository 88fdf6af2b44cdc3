"""What the code graders share: calling the student's code under watch and describing what it
raised.

- Grade: a grader, a function of the student's answer returning (right, message).
- watched_call(function, arguments, forbidden) -> (value, error, called): the student's
  function(**arguments), what it raised (or None) and the first forbidden call it made ("" if
  none), noted by liarsdice.teach.watch.
- describe_error(error) -> str: the error as a message quotes it, shortened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from liarsdice.checks import quote
from liarsdice.teach.watch import watching

if TYPE_CHECKING:
    from types import CodeType

Grade = Callable[[object], tuple[bool, str]]


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
