"""Old names kept working for a while: a module's __getattr__ that warns and forwards.

- aliases(module, names): the __getattr__ for `module`, serving each old name in `names`
  (old name -> (a function returning the new value, the new name to mention)) with a
  DeprecationWarning.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable


def aliases(
    module: str, names: dict[str, tuple[Callable[[], object], str]]
) -> Callable[[str], object]:
    """Return a module-level __getattr__ that serves the old `names` with a DeprecationWarning."""

    def __getattr__(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value, instead = names[name]
        warnings.warn(
            f"{module}.{name} is deprecated: use {instead}", DeprecationWarning, stacklevel=2
        )
        return value()

    return __getattr__
