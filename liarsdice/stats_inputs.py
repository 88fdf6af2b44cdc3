"""What the statistics accept: the shared limits and the checks of win counts, chances,
confidence levels and arrays of numbers (liarsdice.stats re-exports the limits).

- MAX_COUNT, MAX_CELLS_COMPUTED, MAX_MAGNITUDE, MIN_CONFIDENCE, MAX_CONFIDENCE: the limits
  that every statistics module shares (their meaning beside each).
- Numbers, Counts: what a function taking many numbers (or whole counts) accepts.
- check_wins(wins, games): wins and games as ints, 0 <= wins <= games <= MAX_COUNT.
- check_open_chance(name, value): a chance strictly between 0 and 1, as a float.
- check_confidence(confidence): a confidence level in MIN_CONFIDENCE..MAX_CONFIDENCE.
- check_numbers(name, values, kinds): a 1-D array of finite numbers of bounded magnitude.

Each raises ValueError quoting the input (an ArgumentTypeError, both a TypeError and a
ValueError, for a wrong kind: text, a bool, None).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError

MAX_COUNT = 10**9  # the most wins, games or observations in one call
MAX_CELLS_COMPUTED = 1_000_000  # the most numbers one call computes at once (8 MB of floats)
MIN_CONFIDENCE = 0.5  # the lowest confidence level: z = 0.67
MAX_CONFIDENCE = 0.999_999  # the highest: z = 4.89; at 1 - 1e-16 z would be infinite
MAX_MAGNITUDE = 1e300  # the largest |number| in a sample: sums of 10**6 of them stay finite

# What the functions taking many numbers accept: a sequence, or a numpy array of them.
Numbers = Sequence[float] | NDArray[np.floating[Any]] | NDArray[np.integer[Any]]
Counts = Sequence[int] | NDArray[np.integer[Any]] | NDArray[np.floating[Any]]  # whole numbers


def check_wins(wins: object, games: object) -> tuple[int, int]:
    """Return wins and games as ints with 0 <= wins <= games <= MAX_COUNT; else raise
    ValueError (ArgumentTypeError for a wrong kind) quoting them."""
    games = check_integer("games", games, 0, MAX_COUNT)
    wins = check_integer("wins", wins, 0, games)
    return wins, games


def check_open_chance(name: str, value: object) -> float:
    """Return a chance strictly between 0 and 1 as a float; else raise quoting it."""
    number = check_number(name, value, 0, 1)
    if not 0 < number < 1:
        raise ValueError(f"{name}={quote(value)}: expected a number strictly between 0 and 1")
    return number


def check_confidence(confidence: object) -> float:
    """Return the confidence level as a float in MIN_CONFIDENCE..MAX_CONFIDENCE; else raise."""
    return check_number("confidence", confidence, MIN_CONFIDENCE, MAX_CONFIDENCE)


def check_numbers(
    name: str, values: object, kinds: str = "iuf"
) -> NDArray[np.integer[Any] | np.floating[Any] | np.bool_]:
    """Return `values` as a 1-D array of at most MAX_CELLS_COMPUTED finite numbers of magnitude
    at most MAX_MAGNITUDE (numpy kinds `kinds`: integers, floats, bools with "b"); text, None,
    nested or ragged lists raise ArgumentTypeError quoting them."""
    expected = "a sequence of numbers"
    if isinstance(values, str | bytes):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    if hasattr(values, "__len__") and len(values) > MAX_CELLS_COMPUTED:  # before converting
        raise ValueError(f"{name}={quote(values)}: more than {MAX_CELLS_COMPUTED:,} numbers")
    try:
        array = np.asarray(values)
    except (ValueError, TypeError):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}") from None
    if (
        array.dtype == object
        and array.ndim == 1
        and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in array.tolist())
    ):
        try:  # Fractions, huge ints: as floats (an int past 1e308 is refused below)
            array = np.array([check_number(name, v) for v in array.tolist()], dtype=float)
        except ValueError:
            raise ValueError(f"{name}={quote(values)}: expected finite numbers") from None
    if array.ndim != 1 or array.dtype.kind not in kinds:
        raise ArgumentTypeError(f"{name}={quote(values)}: expected {expected}")
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        raise ValueError(f"{name}={quote(values)}: expected finite numbers (no NaN or infinity)")
    if array.dtype.kind in "iuf" and len(array) and np.abs(array).max() > MAX_MAGNITUDE:
        raise ValueError(
            f"{name}={quote(values)}: expected numbers of magnitude at most "
            f"MAX_MAGNITUDE = {MAX_MAGNITUDE:g} (their sums must stay finite)"
        )
    return array
