"""Input checks shared by the modules.

- is_integer(value): an integer that is not a bool; numpy integers count (they have __index__).
"""

from __future__ import annotations


def is_integer(value: object) -> bool:
    """Return True for an integer that is not a bool (numpy integers included)."""
    return not isinstance(value, bool) and hasattr(value, "__index__")
