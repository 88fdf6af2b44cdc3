"""Independent computations of lesson 03's answers."""

from __future__ import annotations

import dataclasses

from liarsdice import odds
from tests.expected import BLEF, Expected, first_rise_by_enumeration

EXPECTED: Expected = {
    "03.wild_place": lambda: odds.halve_double_table(20)[3 - 1].place,
    "03.first_rise_board": lambda: first_rise_by_enumeration(BLEF, 3)[1],
    "03.monotone_rule": lambda: next(
        rule
        for rule in odds.ACE_RULES
        if first_rise_by_enumeration(dataclasses.replace(BLEF, ace_rule=rule), 4) is None
    ),
}
