"""The kinds of values a rule option allows, and a row of the option table.

- Choice, Flag, Whole: the kinds of allowed values (one of a list, True/False, an integer); each
  has check(name, value) (the value as stored, else raise quoting it), describe() (in words)
  and, for Choice and Flag, values() (the allowed values in order).
- Option: one row of the option table (liarsdice.rules_class.OPTIONS): name, values, default,
  meaning.
- option_field(default, values, meaning): the dataclass field that declares an option of Rules.

A wrong kind (a bool or a float for an integer, text for a flag) raises ArgumentTypeError, a
value out of range ValueError, each quoting the value.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from liarsdice.checks import check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError


@dataclass(frozen=True)
class Choice:
    """One of a fixed list of values, or of a live registry (such as ladder.ACE_RULES)."""

    options: Collection[object]

    def values(self) -> tuple[object, ...]:
        """Return the allowed values, in order."""
        return tuple(self.options)

    def check(self, name: str, value: object) -> object:
        """Return the allowed value equal to `value` (numpy integers become ints); else raise."""
        kinds = 0  # how many allowed values are of the value's kind
        for allowed in self.options:
            same_kind = type(value) is type(allowed) or (
                isinstance(allowed, int) and not isinstance(value, bool) and _is_int(value)
            )
            if value is allowed or (same_kind and _equal(value, allowed)):
                return allowed
            kinds += same_kind
        error = ValueError if kinds else ArgumentTypeError
        raise error(f"Rules option {name}={quote(value)}: allowed values are {self.describe()}")

    def describe(self) -> str:
        """Return the allowed values in words."""
        return ", ".join(map(repr, self.options))


@dataclass(frozen=True)
class Flag:
    """True or False."""

    def values(self) -> tuple[bool, bool]:
        """Return (False, True)."""
        return (False, True)

    def check(self, name: str, value: object) -> bool:
        """Return `value` as a bool; else raise."""
        return check_flag(f"Rules option {name}", value)

    def describe(self) -> str:
        """Return "True, False"."""
        return "True, False"


@dataclass(frozen=True)
class Whole:
    """An integer in [low, high] (high None: no upper bound), or None where optional."""

    low: int
    high: int | None = None
    optional: bool = False

    def check(self, name: str, value: object) -> int | None:
        """Return `value` as an int (or None where allowed); else raise."""
        if value is None and self.optional:
            return None
        return check_integer(f"Rules option {name}", value, self.low, self.high)

    def describe(self) -> str:
        """Return the allowed values in words."""
        upper = f"..{self.high}" if self.high is not None else " or more"
        return ("None or " if self.optional else "") + f"an integer {self.low}{upper}"


def _equal(value: object, allowed: object) -> bool:
    """Return value == allowed as a bool (False where the comparison fails or is no bool)."""
    try:
        return bool(value == allowed)
    except (TypeError, ValueError):  # a numpy array and the like
        return False


def _is_int(value: object) -> bool:
    """Return True for an integer that is not a bool (numpy integers included, numpy arrays
    not)."""
    return (
        not isinstance(value, bool)
        and hasattr(type(value), "__index__")
        and getattr(value, "ndim", 0) == 0
    )


@dataclass(frozen=True)
class Option:
    """One row of the option table: the option's name, allowed values, default and meaning."""

    name: str
    values: Choice | Flag | Whole
    default: object
    meaning: str


def option_field(default: object, values: Choice | Flag | Whole, meaning: str) -> Any:
    """Return the dataclass field of an option, its allowed values and meaning as metadata."""
    return field(default=default, metadata={"values": values, "meaning": meaning})
