"""Input checks shared by the modules: one integer check, one message shape, quoted input.

- quote(value, limit): the value's repr, shortened in the middle when long.
- is_integer(value): True for an integer that is not a bool (numpy integers included).
- check_integer(name, value, low, high): the value as a plain int, or an error saying
  "name=value: expected an integer <bounds>".
- check_flag(name, value): a bool (numpy bools included), or an error saying so.
- check_faces(name, dice): a tuple of faces 1..6 (a hand, shown dice).
- check_counts(name, values, low, size): a tuple of integers >= low (dice per seat).
- check_seed(name, value): a seed 0..limits.MAX_SEED (None refused: games must replay).
- check_number(name, value, low, high): a finite real number (not a bool) as a float.
- check_probability(name, value, exact): a chance in [0, 1], as a float or an exact Fraction.
- check_choice(name, value, choices): one of the choices (text compared exactly).
- check_text(name, value, limit): a str of at most `limit` characters (limits.MAX_TEXT).

Wrong kinds raise ArgumentTypeError, a TypeError that is also a ValueError (so code that
catches bad input as ValueError keeps working); values out of range raise ValueError.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from fractions import Fraction
from numbers import Rational, Real

from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_SEED, MAX_TEXT

QUOTE_LIMIT = 80  # characters of a repr kept in an error message
_SMALL_NUMBERS = {1: "one", 2: "two", 3: "three"}


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Return repr(value), cut in the middle with "..." when longer than `limit` characters."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails (huge ints, broken objects) still gets described
        text = _describe(value)
    if len(text) <= limit:
        return text
    keep = (limit - 3) // 2
    return f"{text[:keep]}...{text[-keep:]} ({len(text)} characters)"


def _describe(value: object) -> str:
    """Return a short description of a value whose repr fails: "<int of 5,001 digits>"."""
    name = type(value).__name__
    if isinstance(value, int):  # past Python's 4,300-digit int/str limit
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        return f"<{name} of about {digits:,} digits>"
    try:
        return f"<{name} of {len(value):,} items>"  # type: ignore[arg-type]
    except Exception:
        return f"<{name}>"


def is_integer(value: object) -> bool:
    """Return True for an integer that is not a bool (numpy integers included)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return False
    # numpy arrays have __index__ but only a 0-d integer array is one integer
    shape = getattr(value, "shape", ())
    return shape == () and getattr(getattr(value, "dtype", None), "kind", "i") in "iu"


def _is_numpy_bool(value: object) -> bool:
    """Return True for numpy's bool scalar (it has no __index__, so it is no integer)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")


def _bounds(low: float | None, high: float | None) -> str:
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
    if type(value) is int:  # the common case, first
        number = value
    elif is_integer(value):
        number = int(value.__index__())  # type: ignore[attr-defined]
    else:
        raise ArgumentTypeError(f"{name}={quote(value)}: expected an integer{_bounds(low, high)}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name}={quote(value)}: expected an integer{_bounds(low, high)}")
    return number


def check_flag(name: str, value: object) -> bool:
    """Return `value` as a bool if it is one (True, False or a numpy bool); else raise."""
    if isinstance(value, bool) or _is_numpy_bool(value):
        return bool(value)
    raise ArgumentTypeError(f"{name}={quote(value)}: expected True or False")


def check_faces(name: str, dice: object) -> tuple[int, ...]:
    """Return `dice` as a tuple of plain ints if every die is a face 1..6; else raise.

    Text is refused even though it iterates: "15" is not the dice (1, 5).
    """
    expected = "a sequence of faces 1..6, such as (1, 3, 5)"
    if isinstance(dice, str | bytes) or not hasattr(dice, "__iter__"):
        raise ArgumentTypeError(f"{name}={quote(dice)}: expected {expected}")
    faces = tuple(dice)
    for die in faces:
        if not is_integer(die):
            raise ArgumentTypeError(
                f"{name}={quote(faces)}: the die {quote(die)} is not a face 1..6"
            )
        if not 1 <= int(die) <= 6:
            raise ValueError(f"{name}={quote(faces)}: the die {quote(die)} is not a face 1..6")
    return tuple(int(die) for die in faces)


def check_counts(name: str, values: object, low: int = 0, size: int = 1) -> tuple[int, ...]:
    """Return `values` as a tuple of plain ints, each an integer >= low, at least `size` of
    them (such as the dice per seat); else raise."""
    expected = f"{_SMALL_NUMBERS.get(size, size)} or more integers >= {low}"
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    items = tuple(values)
    if len(items) < size or not all(is_integer(v) for v in items):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    numbers = tuple(int(v) for v in items)
    if any(v < low for v in numbers):
        raise ValueError(f"{name}={quote(values)}: expected {expected}")
    return numbers


def check_seed(name: str, value: object) -> int:
    """Return `value` as a plain int if it is a seed 0..MAX_SEED; None is refused, since a
    game or tournament without a seed could not be replayed."""
    if is_integer(value) and 0 <= int(value.__index__()) <= MAX_SEED:  # type: ignore[attr-defined]
        return int(value.__index__())  # type: ignore[attr-defined]
    error = ValueError if is_integer(value) else ArgumentTypeError
    raise error(f"{name}={quote(value)}: expected a seed, an integer 0..2**128 - 1")


def check_number(
    name: str, value: object, low: float | None = None, high: float | None = None
) -> float:
    """Return `value` as a float if it is a finite real number (not a bool) within [low, high]."""
    if isinstance(value, bool) or _is_numpy_bool(value) or not isinstance(value, Real):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected a number{_bounds(low, high)}")
    try:
        number = float(value)
    except OverflowError:  # an int or Fraction too large for a float
        number = -math.inf if value <= 0 else math.inf  # numbers.Real declares no __gt__
    if (
        not math.isfinite(number)
        or (low is not None and number < low)
        or (high is not None and number > high)
    ):
        raise ValueError(f"{name}={quote(value)}: expected a finite number{_bounds(low, high)}")
    return number


def check_probability(name: str, value: object, exact: bool = False) -> float | Fraction:
    """Return a chance in [0, 1]: as a Fraction when `exact` (ints, Fractions and finite floats
    are taken exactly), else as a float; NaN, infinities, bools and text are refused."""
    exact = check_flag("exact", exact)
    if exact and isinstance(value, Rational) and not isinstance(value, bool):
        chance = Fraction(value)
        if not 0 <= chance <= 1:
            raise ValueError(f"{name}={quote(value)}: expected a probability 0..1")
        return chance
    number = check_number(name, value, 0, 1)
    return Fraction(number) if exact else number


def check_choice(name: str, value: object, choices: Collection[str]) -> str:
    """Return `value` if it is one of `choices` (text, compared exactly); else raise."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected one of {sorted(choices)}")
    if value not in choices:
        raise ValueError(f"{name}={quote(value)}: expected one of {sorted(choices)}")
    return value


def check_text(name: str, value: object, limit: int = MAX_TEXT) -> str:
    """Return `value` if it is a str of at most `limit` characters; else raise."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected text")
    if len(value) > limit:
        raise ValueError(f"{name}={quote(value)}: text longer than {limit:,} characters")
    return value
