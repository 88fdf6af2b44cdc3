"""Tests of lesson 10's exercises and notebook: the settlements' usual mistakes worked by hand,
the bot exercise's grader (a reference that passes, a second right bot, a weak one, and bots
that fail in each way), the power exercise against scipy and the normal approximation, and a
notebook stored clean whose odds come with their assumption."""

from __future__ import annotations

import math
import re

import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, teach
from liarsdice.actions import Action
from liarsdice.agents import Bot, ExpectedLossBot, ThresholdBot
from liarsdice.teach import key, lesson10
from liarsdice.teach.answers import mistake_value
from liarsdice.teach.core import find
from liarsdice.view import View
from tests.course import NOTEBOOKS, cells, source
from tests.exercises import ChanceBot, as_students, hint_of

NOTEBOOK = NOTEBOOKS / "advanced" / "10_tournaments_tests_and_power.ipynb"
BOT = "10.beat_threshold"


def test_settlement_mistakes_worked_by_hand() -> None:
    bluff = ld.preset("bluff")
    fours_only = bluff.count([4] * 5 + [2] * 3, 4)  # the stars read as plain dice
    assert fours_only < 6  # the bid looks false: the challenger seems to lose nothing
    assert teach.check("10.settle_over", 0).message == hint_of(
        "10.settle_over", "the wild forgotten"
    )
    assert teach.check("10.settle_over", 1).message == hint_of(
        "10.settle_over", "one die, not the difference"
    )
    assert teach.check("10.settle_over", bluff.count([4] * 5 + [6] * 3, 4) - 6).correct
    assert teach.check("10.settle_exact", 2 + 1 + 3 + 1 - 1).message == hint_of(
        "10.settle_exact", "only the challenger pays"
    )
    assert teach.check("10.settle_exact", 1 + 0 + 3 + 0).correct
    # Every seat holds a die, and each seat loses at most one: the hint speaks of last dice.
    assert "last die" in find("10.settle_exact").hint


def test_the_reference_bot_beats_threshold_bot() -> None:
    assert teach.check(BOT, as_students(lesson10.PatientBot)).correct
    assert "class MyBot(Bot)" in key.format_solution(BOT)  # the worked solution


def test_the_packages_own_bots_and_answer_are_refused() -> None:
    for bot in (lesson10.PatientBot, key.solution(BOT), ExpectedLossBot, ThresholdBot(0.2)):
        feedback = teach.check(BOT, bot)
        assert not feedback.correct and "comes from the liarsdice package" in feedback.message


def test_a_bot_of_ones_own_passes_as_a_class_an_instance_or_a_function() -> None:
    assert teach.check(BOT, ChanceBot).correct and teach.check(BOT, ChanceBot()).correct
    assert teach.check(BOT, ChanceBot(0.2).act).correct


def test_a_wrapper_around_a_package_bot_is_refused() -> None:
    def rarely_challenges(view: View) -> Action:
        """Return what a threshold bot of 0.2 plays: it challenges only unlikely bids."""
        return ThresholdBot(0.2).act(view)

    class Inherits(ExpectedLossBot):
        """Keeps the package bot's act."""

    for bot in (rarely_challenges, Inherits):
        feedback = teach.check(BOT, bot)
        assert not feedback.correct and "asks the package's bots" in feedback.message


def test_a_weak_bot_fails_with_its_win_rate() -> None:
    feedback = teach.check(BOT, ChanceBot(0.5))  # ThresholdBot's own rule: about even
    assert not feedback.correct
    assert "won" in feedback.message and "of 200 seeded games" in feedback.message
    assert "does not lie above 1/2" in feedback.message


class Raises(Bot):
    """A bot whose act raises."""

    def act(self, view: View) -> Action:
        raise KeyError("oops")


class NoAction(Bot):
    """A bot that returns text, not an action."""

    def act(self, view: View) -> Action:
        return "3 fives"  # type: ignore[return-value]


class Illegal(Bot):
    """A bot that always opens 1 two."""

    def act(self, view: View) -> Action:
        return Bid(1, 2)  # the lowest opening: illegal once any bid is on the table


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        (Raises, "your bot raised KeyError('oops') when asked for a move"),
        (NoAction, "your bot returned '3 fives'; expected an action"),
        (Illegal, "your bot made an illegal move in game"),
    ],
)
def test_a_broken_bot_gets_its_own_message(bot: type[Bot], words: str) -> None:
    feedback = teach.check(BOT, bot)
    assert not feedback.correct and words in feedback.message, feedback.message


def test_a_bot_that_cannot_be_built_is_named() -> None:
    class NeedsArgument(Bot):
        def __init__(self, level: int) -> None:
            self.level = level

        def act(self, view: View) -> Action:
            return Challenge()

    assert "making your bot raised TypeError" in teach.check(BOT, NeedsArgument).message


def test_the_bot_exercise_is_a_matchup_the_lesson_never_plays() -> None:
    # lesson 09 sweeps thresholds against ThresholdBot() in Blef only; the exercise is Perudo
    assert lesson10.BEAT_RULES == "perudo" and "in Perudo" in teach.prompt(BOT)
    assert "sweep" not in find(BOT).hint


# ----- the notebook ------------------------------------------------------------------------------


def test_check_cells_are_hidden_and_the_notebook_is_stored_clean() -> None:
    ids = [c["id"] for c in cells(NOTEBOOK)]
    assert len(set(ids)) == len(ids)
    for cell in cells(NOTEBOOK):
        text = source(cell)
        assert "NBVAL" not in text and "--solutions" not in text
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert "assert" in text


def test_naive_odds_always_come_with_their_assumption() -> None:
    seat = re.compile(r"from (its|your|their) seat", re.IGNORECASE)
    for cell in cells(NOTEBOOK):
        text = " ".join(source(cell).split())
        if cell["cell_type"] == "markdown" and seat.search(text):
            assert "no information" in text, text[:120]
            assert "lesson 5" in text.lower(), text[:120]


# ----- the power exercise ------------------------------------------------------------------------


def test_the_power_exercise_rejects_from_32_wins_of_50() -> None:
    from scipy.stats import binom

    # the tail under 1/2 is at most 5% from 32 wins on, above it from 31
    assert lesson10.critical_wins(50) == 32
    assert binom.sf(31, 50, 0.5) <= 0.05 < binom.sf(30, 50, 0.5)
    answer = key.solution("10.power")
    assert answer == lesson10.power() and abs(float(answer) - binom.sf(31, 50, 0.65)) < 1e-12
    assert "predict" in find("10.power").tags


def test_the_power_exercise_agrees_with_the_library_test() -> None:
    from liarsdice import stats

    k = lesson10.critical_wins(50)
    assert stats.binomial_test(k, 50, 0.5, "greater") <= 0.05
    assert stats.binomial_test(k - 1, 50, 0.5, "greater") > 0.05


def test_the_power_mistakes_give_the_wrong_answers_worked_by_hand() -> None:
    from scipy.stats import binom

    exercise = find("10.power")
    values = {m.name: float(mistake_value(exercise, m.name)) for m in exercise.mistakes}
    power = float(key.solution("10.power"))
    assert abs(values["the level, not the power"] - binom.sf(31, 50, 0.5)) < 1e-12
    assert abs(values["the chance of a miss"] - (1 - power)) < 1e-12
    assert abs(values["one win too few"] - binom.sf(30, 50, 0.65)) < 1e-12
    # two-sided at 5%: 2.5% in the upper tail, from 33 wins on
    assert binom.sf(32, 50, 0.5) <= 0.025 < binom.sf(31, 50, 0.5)
    assert abs(values["a two-sided test"] - binom.sf(32, 50, 0.65)) < 1e-12
    # the normal approximation's rejection point is the mistake of one win too few
    assert math.ceil(25 + 1.645 * math.sqrt(50 / 4)) == lesson10.critical_wins(50) - 1


def test_the_lesson_never_tabulates_the_power_exercise() -> None:
    text = "\n".join(source(c) for c in cells(NOTEBOOK))
    assert "0.65" not in text.split("## Exercises")[0]
    assert lesson10.POWER_GAMES not in (30, 60, 120, 240, 480)
