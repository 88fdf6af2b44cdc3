"""Running a student's code so that it always returns: under a time limit, every exception
caught but KeyboardInterrupt.

- run_limited(function, *args, seconds, **kwargs): the function's value, run in a daemon
  thread and given at most `seconds`; raises OutOfTime past the limit (the thread is then
  stopped at its next Python instruction, so the kernel stays usable) and StudentError, holding
  the original, for anything else the student's code raises (BaseException subclasses too).
- OutOfTime, StudentError: what run_limited raises instead of hanging or leaking.
- MIN_SECONDS, MAX_SECONDS: the shortest and the longest limit a caller may set.

A KeyboardInterrupt (the kernel's interrupt button, delivered to the waiting main thread, or
raised by the student's code) passes through, as a user expects.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable
from typing import TypeVar

from liarsdice.checks import check_number

T = TypeVar("T")
MIN_SECONDS, MAX_SECONDS = 0.001, 3600.0  # the limits a caller may set


class OutOfTime(Exception):
    """The student's code did not finish within its time limit."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not finish within {seconds:g} seconds")
        self.seconds = seconds


class StudentError(Exception):
    """The student's code raised; .error is what it raised."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(repr(error))
        self.error = error


class _Stop(BaseException):
    """Raised inside a thread past its limit, to end it (a BaseException: student code that
    catches Exception does not swallow it)."""


def run_limited(function: Callable[..., T], *args: object, seconds: float, **kwargs: object) -> T:
    """Return function(*args, **kwargs), run for at most `seconds` (MIN_SECONDS..MAX_SECONDS).

    Raises OutOfTime past the limit and StudentError for anything the function raises, but
    KeyboardInterrupt, which passes through.
    """
    seconds = check_number("seconds", seconds, MIN_SECONDS, MAX_SECONDS)
    outcome: dict[str, object] = {}

    def work() -> None:
        try:
            outcome["value"] = function(*args, **kwargs)
        except _Stop:
            pass
        except BaseException as error:  # the student's code may raise anything
            outcome["error"] = error

    thread = threading.Thread(target=work, name="liarsdice-student-code", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        _stop(thread)
        raise OutOfTime(seconds)
    if "error" in outcome:
        error = outcome["error"]
        assert isinstance(error, BaseException)
        if isinstance(error, KeyboardInterrupt):
            raise error
        raise StudentError(error)
    return outcome["value"]  # type: ignore[return-value]


def _stop(thread: threading.Thread, tries: int = 20) -> None:
    """Raise _Stop in the thread at its next Python instruction, again while it runs (code that
    catches BaseException swallows one); a call blocked in C, such as a long sleep, ends only
    when that call returns, and the thread is a daemon, so it never holds the interpreter."""
    assert thread.ident is not None
    for _ in range(tries):
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident), ctypes.py_object(_Stop)
        )
        thread.join(0.05)
        if not thread.is_alive():
            return
