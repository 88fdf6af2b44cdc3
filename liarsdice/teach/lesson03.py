"""Lesson 03, aces: halve and double: where k wilds belong, and which ladder keeps order."""

from __future__ import annotations

from liarsdice import odds
from liarsdice.ladder import ACE_RULES
from liarsdice.rules import preset
from liarsdice.teach.core import BLEF_TEXT, Exercise, register, register_lesson

register_lesson(3, "Aces: halve and double")


def _monotone_rule() -> str:
    """Return the only ace rule whose ladder for 4 dice is monotone in probability."""
    report = odds.ladder_monotonicity([4], preset("blef"), ("board", "perudo", "face"))
    (rule,) = [name for name, first in report.items() if first[4] is None]
    return rule


register(
    Exercise(
        "03.wild_place",
        "Among n = 20 unknown dice, what is the largest q with P(at least q fives) >= "
        "P(at least 3 aces)? (By probability, 3 aces belong between q and q + 1 fives.)",
        "integer",
        lambda: odds.wild_place(3, 20),
        "compare P(at least k aces) with P(at least q fives) for q near 2k; the place column "
        "of odds.halve_double_table holds it.",
    ),
    Exercise(
        "03.first_rise_board",
        f"{BLEF_TEXT}, with n = 3 dice on the table and none of them seen, which raise is the "
        "first on the ladder that is MORE likely than the bid it beats? Give the higher bid.",
        "bid",
        lambda: odds.first_rise(preset("blef"), 3)[1],
        "list the ladder up to quantity n with each bid's chance; look where the wild bids "
        "enter (odds.first_rise).",
    ),
    Exercise(
        "03.monotone_rule",
        "For a table of n = 4 dice, which ace rule keeps the ladder monotone in probability "
        "(every raise at most as likely as the bid it beats)?",
        "choice",
        _monotone_rule,
        "walk each ladder of quantities up to n and look for a raise more likely than the bid "
        "before it (odds.ladder_monotonicity).",
        choices=tuple(ACE_RULES),
    ),
)
