"""Deprecated: the old name of liarsdice.halve_double; importing it warns.

- Every public name of liarsdice.halve_double (Equivalence, halve_double_table, wild_place,
  wild_bracket, ladder_rises, first_rise, ladder_monotonicity and the limits MONOTONICITY_BUDGET,
  CALL_WEIGHT, MAX_NS), the same objects, re-exported here.

The ace rules themselves live in liarsdice.ladder; import liarsdice.halve_double instead.
"""

from __future__ import annotations

import warnings

from liarsdice.halve_double import *  # noqa: F403  (the alias serves every public name)
from liarsdice.halve_double import __all__ as __all__

warnings.warn(
    "liarsdice.aces is deprecated: use liarsdice.halve_double", DeprecationWarning, stacklevel=2
)
