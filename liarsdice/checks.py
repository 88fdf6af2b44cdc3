"""Input checks shared by the modules: one integer check, one message shape, quoted input.

- quote(value, limit): the value's repr, shortened in the middle when long.
- is_integer(value): True for an integer that is not a bool (numpy integers included).
- check_integer(name, value, low, high): the value as a plain int, or an error saying
  "name=value: expected an integer <bounds>".
- check_flag(name, value): a bool (numpy bools included), or an error saying so.

Wrong kinds raise ArgumentTypeError, a TypeError that is also a ValueError (so code that
catches bad input as ValueError keeps working); values out of range raise ValueError.
"""

from __future__ import annotations

from liarsdice.errors import ArgumentTypeError

QUOTE_LIMIT = 80  # characters of a repr kept in an error message


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Return repr(value), cut in the middle with "..." when longer than `limit` characters."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails (huge ints, broken objects) still gets a name
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    keep = (limit - 3) // 2
    return f"{text[:keep]}...{text[-keep:]} ({len(text)} characters)"


def is_integer(value: object) -> bool:
    """Return True for an integer that is not a bool (numpy integers included)."""
    return not isinstance(value, bool) and hasattr(type(value), "__index__")


def _is_numpy_bool(value: object) -> bool:
    """Return True for numpy's bool scalar (it has no __index__, so it is no integer)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")


def _bounds(low: int | None, high: int | None) -> str:
    """Return the bounds in words: ">= 1", "1..6", "<= 9", or "" without bounds."""
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" >= {low}"
    return f" <= {high}" if high is not None else ""


def check_integer(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """Return `value` as a plain int if it is an integer within [low, high].

    Raises:
        ArgumentTypeError: not an integer (a bool, a float, text...).
        ValueError: an integer outside the bounds.
    """
    expected = f"expected an integer{_bounds(low, high)}"
    if not is_integer(value):
        raise ArgumentTypeError(f"{name}={quote(value)}: {expected}")
    number = int(value.__index__())  # type: ignore[attr-defined]
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name}={quote(value)}: {expected}")
    return number


def check_flag(name: str, value: object) -> bool:
    """Return `value` as a bool if it is one (True, False or a numpy bool); else raise."""
    if isinstance(value, bool) or _is_numpy_bool(value):
        return bool(value)
    raise ArgumentTypeError(f"{name}={quote(value)}: expected True or False")
