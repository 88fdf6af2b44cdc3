"""Tests of lesson 07's exercises beyond tests/test_teach.py: the bot exercise's grader (a
reference that passes, a second right bot, a weak one, and bots that fail in each way) and the
usual mistakes' wrong answers, recomputed by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from liarsdice import Bid, Challenge, teach
from liarsdice.actions import Action
from liarsdice.agents import Bot, ExpectedLossBot, ThresholdBot
from liarsdice.teach import lesson07
from liarsdice.teach.answers import mistake_value
from liarsdice.view import View

BOT = "07.beat_threshold"


def test_the_reference_bot_beats_threshold_bot() -> None:
    assert teach.check(BOT, lesson07.PatientBot).correct
    assert "class PatientBot(Bot)" in teach.format_solution(BOT)


def test_a_second_right_bot_passes_as_a_class_or_a_function() -> None:
    assert teach.check(BOT, ExpectedLossBot).correct

    def rarely_challenges(view: View) -> Action:
        """Return what a threshold bot of 0.2 plays: it challenges only unlikely bids."""
        return ThresholdBot(0.2).act(view)

    assert teach.check(BOT, rarely_challenges).correct


def test_a_bot_instance_is_graded_like_its_class() -> None:
    assert teach.check(BOT, ThresholdBot(0.2)).correct == teach.check(BOT, rarely).correct
    assert teach.check(BOT, ExpectedLossBot()).correct


def rarely(view: View) -> Action:
    """Return what a threshold bot of 0.2 plays."""
    return ThresholdBot(0.2).act(view)


def test_a_weak_bot_fails_with_its_win_rate() -> None:
    feedback = teach.check(BOT, ThresholdBot)  # ThresholdBot() against itself: about even
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


def test_the_usual_mistakes_give_the_wrong_answers_worked_by_hand() -> None:
    # last die: the count is 1 + Binomial(4, 1/3); its chances times 81 are 16, 32, 24, 8, 1.
    last = teach.exercises(7)[0]
    assert teach.solution("07.last_die") == Fraction(32 + 24 + 8 + 1, 81)
    assert mistake_value(last, "the capped loss forgotten") == Fraction(32 + 24 + 2 * 8 + 3, 81)
    assert mistake_value(last, "the exact count's rule forgotten") == Fraction(24 + 8 + 1, 81)
    # Perudo: the count is 3 + Binomial(5, 1/3); chances times 243: 32, 80, 80, 40, 10, 1.
    perudo = teach.exercises(7)[1]
    assert teach.solution("07.perudo_loss") == Fraction(80 + 40 + 10 + 1, 243)
    assert mistake_value(perudo, "the one-die loss read as the difference") == Fraction(
        80 + 40 + 2 * 10 + 3, 243
    )
    assert mistake_value(perudo, "the sides swapped") == Fraction(32 + 80, 243)
    alarms = teach.exercises(7)[2]
    assert mistake_value(alarms, "the chances added") == Fraction(1, 2)
    assert mistake_value(alarms, "no alarm at all") == Fraction(19, 20) ** 10


def test_a_corrected_or_exact_test_gets_its_own_hint() -> None:
    from scipy.stats import chi2_contingency, fisher_exact

    table = [[54, 26], [40, 40]]
    exercise = teach.exercises(7)[3]
    (hint,) = (m.hint for m in exercise.mistakes if m.name.startswith("a continuity correction"))
    for p_value in (chi2_contingency(table).pvalue, fisher_exact(table).pvalue):
        feedback = teach.check("07.p_value", float(p_value))
        assert not feedback.correct and feedback.message == f"Not yet: {hint}"
    # the plain test on the same table is the answer: no correction, both tails
    plain = chi2_contingency(table, correction=False).pvalue
    assert abs(plain - teach.solution("07.p_value")) < 1e-12


def test_the_bot_exercise_is_a_matchup_the_lesson_never_plays() -> None:
    # the lesson sweeps thresholds against ThresholdBot() in Blef only; the exercise is Perudo
    assert lesson07.BEAT_RULES == "perudo" and "in Perudo" in teach.prompt(BOT)
    assert "sweep" not in teach.exercises(7)[5].hint


def test_the_p_value_exercise_has_overlapping_intervals_and_a_small_p() -> None:
    from liarsdice import stats

    a, b = stats.wilson_interval(54, 80), stats.wilson_interval(40, 80)
    assert b[1] > a[0]  # the intervals overlap, as the question says
    assert teach.solution("07.p_value") < 0.05  # and yet the test finds a difference
