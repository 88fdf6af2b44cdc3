"""What the graders refuse: an answer that is the library's own, or code that asks the library
for the answer while it runs.

- watching(forbidden): a context manager for the calling thread; while it is open, a profile
  function notes (in the list it yields) the first call of Python code for which
  forbidden(code) is true, by name ("liarsdice.odds.bid_probability"). The thread's previous
  profile function is restored on leaving, whatever the code inside raised.
- computing(code): whether code lies in one of the library's computing modules, COMPUTING
  (odds, stats, sampling, symbolic, inference, bidders, halve_double, solver, each with the
  parts it is split into, name_*.py, and all of liarsdice.teach): what a function exercise may
  not call. The other modules (rules, bids, ladder...) say what the game is, not what its
  chances are, and stay free to use.
- borrowed_act(code): whether code is a bot's act from the bots (agents, bot, bots_*.py) or a
  computing module:
  what a bot exercise may not call (botkit's and odds' helpers stay free to use).
- from_the_package(answer), name(answer): whether an answer (a function, a class, an instance
  or a bound method) is defined in liarsdice, and its readable name (a qualified name, never
  a repr with an address).
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import liarsdice

if TYPE_CHECKING:
    from types import CodeType, FrameType

COMPUTING = (
    "odds",
    "stats",
    "sampling",
    "symbolic",
    "inference",
    "bidders",
    "halve_double",
    "solver",
)
_ROOT = os.path.dirname(liarsdice.__file__)  # spelled as the code objects' co_filename is


def _where(name: str) -> tuple[str, ...]:
    """Return the paths of a module of liarsdice and its parts: name.py, name_*.py (the
    modules it was split into) and the folder name/."""
    base = os.path.join(_ROOT, name)
    return base + ".py", base + "_", base + os.sep


_COMPUTING_FILES = tuple(path for name in (*COMPUTING, "teach") for path in _where(name))
_BOTS = (*_where("agents"), *_where("bots"), os.path.join(_ROOT, "bot.py"))


def computing(code: CodeType) -> bool:
    """Return whether code lies in a computing module of the library (COMPUTING, or teach)."""
    return code.co_filename.startswith(_COMPUTING_FILES)


def borrowed_act(code: CodeType) -> bool:
    """Return whether code is the act of a bot of the package (agents, or a computing module)."""
    return code.co_name == "act" and (code.co_filename.startswith(_BOTS) or computing(code))


@contextmanager
def watching(forbidden: Callable[[CodeType], bool]) -> Iterator[list[str]]:
    """Yield a list that receives the name of the first forbidden call made in this thread
    while the context is open (sys.setprofile acts on the calling thread only)."""
    noted: list[str] = []

    def note(frame: FrameType, event: str, arg: object) -> None:
        # Only "call" events, of Python code: every computation of the library begins with a
        # call of its Python code, so the C calls (numpy, math.comb), the student's own, are
        # left unread and cost one comparison each. This generator, resumed on leaving, passes.
        code = frame.f_code
        if event == "call" and not noted and code.co_filename != __file__ and forbidden(code):
            module = frame.f_globals.get("__name__", "")
            noted.append(f"{module}.{code.co_qualname}".lstrip("."))

    previous = sys.getprofile()
    sys.setprofile(note)
    try:
        yield noted
    finally:
        sys.setprofile(previous)


def _origin(answer: object) -> object:
    """Return what defines an answer: a class or a function itself, an instance's (or a bound
    method's instance's) class."""
    if inspect.ismethod(answer):
        return type(answer.__self__)
    if isinstance(answer, type) or inspect.isfunction(answer) or inspect.isbuiltin(answer):
        return answer
    return type(answer)


def from_the_package(answer: object) -> bool:
    """Return whether an answer (a class, an instance, a function) is defined in liarsdice."""
    module = getattr(_origin(answer), "__module__", None) or ""
    return module == "liarsdice" or module.startswith("liarsdice.")


def name(answer: object, qualified: bool = False) -> str:
    """Return an answer's readable name: its class's or its function's qualified name, with
    its module's name before it if `qualified`."""
    origin = _origin(answer)
    short = str(getattr(origin, "__qualname__", "your answer"))
    module = getattr(origin, "__module__", None)
    return f"{module}.{short}" if qualified and module else short
