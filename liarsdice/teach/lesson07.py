"""Lesson 07, strategy: the expected loss of a challenge under each penalty rule."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.rules import preset
from liarsdice.scenarios import SIX_FOURS
from liarsdice.teach.core import Exercise, register, register_lesson, words

register_lesson(7, "Strategy: expected loss under each penalty rule")

TABLE = (
    f"Three players with five dice each. You (seat 0) hold {words(SIX_FOURS.hand)}; "
    "seat 2 bids 6 fours and you challenge."
)


def _six_fours_loss(preset_name: str) -> Fraction:
    """Return the dice seat 0 expects to lose by challenging 6 fours (lesson 07's table)."""
    s = SIX_FOURS
    cost = odds.challenge_cost(
        s.bid, preset(preset_name), s.unknown, s.hand, dice=s.dice, bidder=s.bidder,
        challenger=s.seat,
    )  # fmt: skip
    return cost.expected_challenger_loss


def _cheaper_penalty() -> str:
    """Return the loss option ("one" or "difference") under which challenging costs less."""
    return "one" if _six_fours_loss("perudo") < _six_fours_loss("blef") else "difference"


register(
    Exercise(
        "07.loss_difference",
        f"{TABLE} Under Blef's 'difference' penalty, how many dice do you expect to lose?",
        "fraction",
        lambda: _six_fours_loss("blef"),
        "sum over the counts: a count c above the bid costs you c - q dice, an exact count "
        "costs you a die, a lower count costs you nothing (odds.challenge_cost).",
    ),
    Exercise(
        "07.loss_one",
        f"{TABLE} Under Perudo's 'one' penalty (whoever is wrong loses a single "
        "die), how many dice do you expect to lose?",
        "fraction",
        lambda: _six_fours_loss("perudo"),
        "you lose a single die exactly when the bid is true, so the expected loss is a "
        "probability.",
    ),
    Exercise(
        "07.cheaper_penalty",
        f"{TABLE} Under which penalty rule does challenging cost you less on average?",
        "choice",
        _cheaper_penalty,
        "set the two expected losses you computed side by side.",
        choices=("one", "difference"),
    ),
)
