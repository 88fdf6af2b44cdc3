"""Lesson 02, counting with jokers: p for plain and wild faces, binomial tails, the mean count."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.scenarios import SEVEN_FIVES
from liarsdice.teach.core import Exercise, register, register_lesson, words

register_lesson(2, "Counting with jokers")


def _mean_count() -> Fraction:
    """Return the mean joker-inclusive count of fives among 15 unknown dice."""
    distribution = odds.count_distribution(5, preset("blef"), 15, exact=True)
    return sum((c * chance for c, chance in enumerate(distribution)), Fraction(0))


def _seven_fives() -> Fraction:
    """Return P(7 fives true) from lesson 02's seat."""
    s = SEVEN_FIVES
    return odds.bid_probability(s.bid, s.rules, s.unknown, s.hand, exact=True)


register(
    Exercise(
        "02.p_plain",
        "In Blef, what is p, the chance that one unknown die counts for a bid on fours?",
        "fraction",
        lambda: odds.match_chance(4, preset("blef")),
        "count the faces of one die that count for fours, out of all its faces.",
    ),
    Exercise(
        "02.p_wild",
        "In Blef, what is p, the chance that one unknown die counts for a bid on aces?",
        "fraction",
        lambda: odds.match_chance(1, preset("blef")),
        "a bid on the wild face is matched by the wild face alone.",
    ),
    Exercise(
        "02.two_of_four",
        "Four dice are rolled and you see none of them. What is the chance that at least two "
        "of them count for fives (a five or an ace)?",
        "fraction",
        lambda: odds.bid_probability(Bid(2, 5), preset("blef"), 4, exact=True),
        "take one minus the chance of no match and of exactly one match, with p for a plain face.",
    ),
    Exercise(
        "02.seven_fives",
        f"In Blef you hold {words(SEVEN_FIVES.hand)} and {SEVEN_FIVES.unknown} dice are unknown. "
        "What is the "
        "chance that the table holds at least 7 fives (aces included)?",
        "fraction",
        _seven_fives,
        "your hand has m matches (fives and aces); the unknown dice must hold at least q - m: "
        "a binomial tail with p for a plain face.",
    ),
    Exercise(
        "02.mean_fifteen",
        "What is the mean joker-inclusive count of fives among 15 unknown dice?",
        "fraction",
        _mean_count,
        "each die adds p matches on average, and n dice add n times as much.",
    ),
)
