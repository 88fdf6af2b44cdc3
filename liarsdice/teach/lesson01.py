"""Lesson 01, the rules and the board: the ladder's conversions and what counts as a raise."""

from __future__ import annotations

from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import BLEF_TEXT, Exercise, register, register_lesson

register_lesson(1, "The rules and the board")

_NOT_A_RAISE_OPTIONS = ("8 twos", "4 aces", "7 fives", "12 threes")


def _halve_nine() -> int:
    """Return the fewest aces that raise 9 threes in Blef."""
    return preset("blef").min_wild_after(Bid.parse("9 threes").quantity)


def _double_two_aces() -> int:
    """Return the fewest threes that raise 2 aces in Blef."""
    return preset("blef").min_plain_after(Bid.parse("2 aces").quantity)


def _after_five_sixes() -> Bid:
    """Return the lowest bid that raises 5 sixes in Blef."""
    blef = preset("blef")
    return blef.bid_at(blef.rank(Bid.parse("5 sixes")) + 1)


def _not_a_raise() -> Bid:
    """Return the only option that does not raise 7 sixes in Blef."""
    blef = preset("blef")
    options = [Bid.parse(text, rules=blef) for text in _NOT_A_RAISE_OPTIONS]
    (found,) = [b for b in options if not blef.is_raise(Bid.parse("7 sixes"), b)]
    return found


register(
    Exercise(
        "01.halve_nine",
        f"{BLEF_TEXT}, the last bid was 9 threes. What is the fewest aces you may bid next?",
        "integer",
        _halve_nine,
        "from a plain bid to aces: halve the quantity, drop the fraction, add one.",
    ),
    Exercise(
        "01.double_two_aces",
        f"{BLEF_TEXT}, the last bid was 2 aces. What is the fewest threes you may bid next?",
        "integer",
        _double_two_aces,
        "from aces back to a plain face you double; the erratum in seed 000 is wrong.",
    ),
    Exercise(
        "01.after_five_sixes",
        f"{BLEF_TEXT}, what is the lowest bid that raises 5 sixes?",
        "bid",
        _after_five_sixes,
        "sixes are the highest plain face, so the bid must move to the next field of the board; "
        "wild fields sit between the plain ones.",
    ),
    Exercise(
        "01.not_a_raise",
        f"{BLEF_TEXT}, the last bid was 7 sixes. Which one of these bids is NOT a raise: "
        f"{', '.join(_NOT_A_RAISE_OPTIONS)}?",
        "bid",
        _not_a_raise,
        "keeping the quantity is a raise only with a higher plain face; k aces sit after "
        "2k-1 plain.",
    ),
)
