"""Input checks of the figure builders: series of numbers, tables, mappings, titles.

Each check refuses a wrong kind with ArgumentTypeError and a value out of range with
ValueError, both quoting the input (liarsdice.checks.quote); nothing is converted, so a valid
input draws exactly as before.

- MAX_POINTS: the most values in one series of a figure (20,000: a count distribution of
  limits.MAX_UNKNOWN dice has 10,001, a rolling table's path about 1,600; a figure of that many
  coloured bars takes about half a second to build); liarsdice.plots re-exports it.
- PROBABILITY_SLACK: how far past [0, 1] a probability computed in floats (a sum of chances)
  may stray and still be drawn.
- check_integer: checks.check_integer, re-exported for the builders.
- check_items(name, values, limit): a sized sequence (a list, tuple, range, 1-D array...).
- check_numbers(name, values, low, high, integer, limit): a series of finite real numbers.
- check_probabilities(name, values, limit): a series of chances in [0, 1].
- check_table(name, values): P(true) indexed [face - 1, quantity] (odds.table's layout).
- check_mapping(name, value, limit): a mapping (a dict) of at most `limit` items.
- check_title(name, value): None or text.
- check_flags(name, values, limit): a series of True/False flags.
- quoting(name, value): a context in which an error about one item of `value` is raised
  again (same class) with the whole input quoted in front.
- Items: what the series checks return (a list, or a 1-D numpy array as given); Numbers,
  Integers, Flags: the series the figure builders take (a sequence or a 1-D numpy array).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence, Set
from contextlib import contextmanager
from fractions import Fraction
from numbers import Real
from typing import Any, Literal, TypeAlias, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice import checks
from liarsdice.checks import check_integer as check_integer  # re-exported for the builders
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_TEXT

MAX_POINTS = 20_000
PROBABILITY_SLACK = 1e-9
_TEXT = str | bytes | bytearray | memoryview

# What check_items and the series checks return: the items as a list, or the 1-D array given.
Items: TypeAlias = list[Any] | NDArray[Any]
# The series a figure builder takes: a sequence (floats, or the core's exact Fractions), or a
# 1-D numpy array (returned as it is).
Numbers: TypeAlias = Sequence[float | Fraction] | NDArray[np.number[Any]]
Integers: TypeAlias = Sequence[int] | NDArray[np.integer[Any]]
Flags: TypeAlias = Sequence[bool] | NDArray[np.bool_]


@contextmanager
def quoting(name: str, value: object) -> Iterator[None]:
    """Raise an error about one item of `value` again, same class, with `value` quoted."""
    try:
        yield
    except ValueError as error:  # ArgumentTypeError and the bid errors too
        message = f"{name}={quote(value)}: {error}"
        try:
            again = type(error)(message)
        except Exception:  # an error class that takes other arguments
            again = (ArgumentTypeError if isinstance(error, TypeError) else ValueError)(message)
        raise again from None


def _is_number(value: object) -> bool:
    """Return True for a real number that is not a bool (numpy numbers and Fractions too)."""
    if type(value) is float or type(value) is int:
        return True
    kind = type(value)
    numpy_bool = kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    return isinstance(value, Real) and not isinstance(value, bool) and not numpy_bool


def check_items(
    name: str,
    values: object,
    limit: int = MAX_POINTS,
    what: str = "a sequence of numbers",
    sets: bool = False,
) -> Items:
    """Return `values` as a list of at most `limit` items (a 1-D numpy array is returned as
    it is); text, a mapping, a set (unless `sets`: unordered is fine) and anything that does
    not iterate are refused."""
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise ArgumentTypeError(
                f"{name}={quote(values)}: expected {what}, not an array of shape {values.shape}"
            )
        if len(values) > limit:
            raise ValueError(f"{name}={quote(values)}: at most {limit:,} values")
        return values
    if (
        isinstance(values, _TEXT | Mapping)
        or (isinstance(values, Set) and not sets)
        or not hasattr(values, "__iter__")
    ):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {what}")
    if hasattr(values, "__len__"):
        try:
            too_many = len(values) > limit
        except OverflowError:  # range(10**20)
            too_many = True
        if too_many:
            raise ValueError(f"{name}={quote(values)}: at most {limit:,} values")
    items = list(itertools.islice(values, limit + 1))
    if len(items) > limit:
        raise ValueError(f"{name}={quote(values)}: at most {limit:,} values")
    return items


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" {low:g}..{high:g}"
    if low is not None:
        return f" >= {low:g}"
    return f" <= {high:g}" if high is not None else ""


def _as_float(value: object) -> float:
    """Return float(value); a number too large for a float is an infinity."""
    try:
        return float(value)  # type: ignore[arg-type]  # a real number, checked by the caller
    except OverflowError:  # an int or a Fraction: both compare with 0
        return math.inf if value > 0 else -math.inf  # type: ignore[operator]


def _check_values(
    name: str,
    original: object,
    items: Items,
    low: float | None,
    high: float | None,
    integer: bool,
) -> None:
    """Raise unless every item is a finite real number (an integer if `integer`) in bounds."""
    expected = f"{'integers' if integer else 'finite numbers'}{_bounds(low, high)}"
    if isinstance(items, np.ndarray) and items.dtype.kind != "O":
        kinds = "iu" if integer else "iuf"
        if items.size and items.dtype.kind not in kinds:
            raise ArgumentTypeError(
                f"{name}={quote(original)}: expected {expected}, not an array of {items.dtype}"
            )
        numbers = items.astype(float) if items.dtype.kind in "iu" else items
    else:
        for index, item in enumerate(items):
            if not (checks.is_integer(item) if integer else _is_number(item)):
                raise ArgumentTypeError(
                    f"{name}={quote(original)}: item {index}, {quote(item)}, is not "
                    f"{'an integer' if integer else 'a number'}"
                )
        numbers = np.array([_as_float(item) for item in items], dtype=float)
    bad = ~np.isfinite(numbers)
    if low is not None:
        bad |= numbers < low
    if high is not None:
        bad |= numbers > high
    if bad.any():
        index = int(np.argmax(bad))
        raise ValueError(
            f"{name}={quote(original)}: item {index}, {quote(items[index])}, is not among "
            f"the {expected}"
        )


def check_numbers(
    name: str,
    values: object,
    low: float | None = None,
    high: float | None = None,
    integer: bool = False,
    limit: int = MAX_POINTS,
) -> Items:
    """Return `values` (as check_items does) if it holds at most `limit` finite real numbers
    within [low, high] (integers if `integer`; bools, NaN and infinities refused)."""
    what = "a sequence of integers" if integer else "a sequence of numbers"
    items = check_items(name, values, limit, what)
    _check_values(name, values, items, low, high, integer)
    return items


def check_probabilities(name: str, values: object, limit: int = MAX_POINTS) -> Items:
    """Return `values` (as check_items does) if it holds chances in [0, 1] (up to
    PROBABILITY_SLACK: sums of floats)."""
    return check_numbers(name, values, -PROBABILITY_SLACK, 1 + PROBABILITY_SLACK, limit=limit)


def check_probability(name: str, value: object) -> float:
    """Return a chance in [0, 1] (up to PROBABILITY_SLACK) as a float; raise quoting it."""
    if not _is_number(value):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected a probability 0..1")
    number = _as_float(value)
    if not -PROBABILITY_SLACK <= number <= 1 + PROBABILITY_SLACK:  # NaN fails too
        raise ValueError(f"{name}={quote(value)}: expected a probability 0..1")
    return number


def check_table(name: str, values: object, rows: int = 6) -> NDArray[Any]:
    """Return P(true) indexed [face - 1, quantity] as an array: `rows` rows of 1..MAX_POINTS
    chances in [0, 1]; a numeric array is returned as it is, nested sequences and an array of
    exact chances (odds.table(..., exact=True)) as a float array."""
    expected = f"an array of {rows} rows (faces) of chances, such as odds.table returns"
    if isinstance(values, np.ndarray):
        table = values
    else:
        if isinstance(values, _TEXT | Mapping | Set):
            raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
        lines = check_items(name, values, rows, expected)
        if len(lines) != rows:
            raise ValueError(f"{name}={quote(values)}: expected {expected}")
        with quoting(name, values):
            for line in lines:
                check_probabilities("row", line)
        if len({len(line) for line in lines}) > 1:
            raise ValueError(f"{name}={quote(values)}: rows of different lengths")
        table = np.array([[_as_float(v) for v in line] for line in lines], dtype=float)
    if table.ndim != 2 or table.shape[0] != rows or table.shape[1] < 1:
        raise ValueError(f"{name}={quote(values)}: expected {expected}, not shape {table.shape}")
    if table.shape[1] > MAX_POINTS:
        raise ValueError(f"{name}={quote(values)}: at most {MAX_POINTS:,} quantities")
    _check_values(
        name, values, table.ravel(), -PROBABILITY_SLACK, 1 + PROBABILITY_SLACK, integer=False
    )
    if table.dtype.kind == "O":  # exact chances (Fractions): floats draw, Fractions do not
        table = np.array([[_as_float(v) for v in row] for row in table], dtype=float)
    return table


def check_mapping(
    name: str, value: object, limit: int = MAX_POINTS, what: str = ""
) -> Mapping[Any, Any]:
    """Return `value` if it is a mapping (such as a dict) of at most `limit` items."""
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected a mapping{what}")
    if len(value) > limit:
        raise ValueError(f"{name}={quote(value)}: at most {limit:,} items")
    return value


@overload
def check_title(name: str, value: object, optional: Literal[False]) -> str: ...


@overload
def check_title(name: str, value: object, optional: bool = True) -> str | None: ...


def check_title(name: str, value: object, optional: bool = True) -> str | None:
    """Return `value` if it is text of at most MAX_TEXT characters (or None if `optional`)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ArgumentTypeError(
            f"{name}={quote(value)}: expected text{' or None' if optional else ''}"
        )
    if len(value) > MAX_TEXT:
        raise ValueError(f"{name}={quote(value)}: text longer than {MAX_TEXT:,} characters")
    return value


def check_flags(name: str, values: object, limit: int = MAX_POINTS) -> Items:
    """Return `values` (as check_items does) if every item is True or False (numpy bools
    included; 1 and "no" are not flags)."""
    items = check_items(name, values, limit, "a sequence of True/False flags")
    if isinstance(items, np.ndarray) and items.dtype.kind != "O":
        if items.size and items.dtype.kind != "b":
            raise ArgumentTypeError(
                f"{name}={quote(values)}: expected True/False flags, not an array of {items.dtype}"
            )
        return items
    for index, item in enumerate(items):
        kind = type(item)
        numpy_bool = kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
        if not (isinstance(item, bool) or numpy_bool):
            raise ArgumentTypeError(
                f"{name}={quote(values)}: item {index}, {quote(item)}, is not True or False"
            )
    return items
