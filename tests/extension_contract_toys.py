"""Toy extensions defined outside the package, for tests/test_extension_contract.py.

- FifthsRule: a toy ace rule ("contract_fifths": k wilds right after 5k-2 of a plain face).
- PatientBot: a toy bot ("contract_patient": tests/exercises.py's ChanceBot, a student's bot,
  as a registered Bot).
- LESSON, EXERCISE_ID, EXPECTED: a toy lesson (the first number no lesson has, advanced
  track) with one exercise, and the independent computation of its answer.
- register(): registers the ace rule, the bot and the lesson (global: call it only in a fresh
  interpreter); pytest_configure calls it, so `pytest -p tests.extension_contract_toys` runs
  the suite's checks with the toys registered.

Importing this module registers nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

import liarsdice as ld
from liarsdice import ladder, odds, teach
from liarsdice.bot import Bot, register_bot
from tests.exercises import ChanceBot

RULE_NAME = "contract_fifths"
BOT_NAME = "contract_patient"
LESSON = max(teach.LESSONS) + 1
EXERCISE_ID = f"{LESSON:02d}.three_of_six"
REGISTERED: list[bool] = []  # [True] once register() ran in this interpreter


class FifthsRule(ladder.AceRule):
    """k wilds sit right after 5k-2 of a plain face: a wild is worth about five."""

    name = RULE_NAME
    meaning = "a toy rule: k wilds between 5k-2 and 5k-1 plain"
    colour = "#8c564b"

    def plain_below(self, k: int) -> int:
        """Return 5k - 2."""
        return 5 * k - 2


class PatientBot(Bot):
    """ChanceBot (tests/exercises.py) as a registered Bot: challenges a bid less likely than a
    third, else the likeliest cheapest raise."""

    name = BOT_NAME
    patience = 1 / 3
    act = ChanceBot.act


def _three_of_six() -> Fraction:
    """Return P(at least 3 of 6 dice count for fives in Blef), by the binomial formula."""
    return sum((Fraction(comb(6, c) * 2 ** (6 - c), 3**6) for c in range(3, 7)), Fraction(0))


EXPECTED: dict[str, Callable[[], object]] = {EXERCISE_ID: _three_of_six}


def register() -> None:
    """Register the toy ace rule, bot and lesson (once per interpreter)."""
    if REGISTERED:
        return
    ladder.register(FifthsRule())
    register_bot(PatientBot)
    teach.register_lesson(LESSON, "A toy lesson", "advanced")
    teach.register(
        teach.Exercise(
            EXERCISE_ID,
            "Six unknown dice: what is the chance that at least three count for fives?",
            "fraction",
            lambda: odds.bid_probability("3x5", ld.preset("blef"), 6, exact=True),
            "a binomial tail with p = 1/3, from 3 to 6.",
        )
    )
    REGISTERED.append(True)


def pytest_configure(config: object) -> None:
    """Register the toys before the test modules are collected."""
    register()
