"""Lesson 02 (core track), the binomial with a wild face: which dice count for a bid, binomial
tails, the mean count, and a simulation written by the student.

Every answer comes from liarsdice.odds. The lesson works fives and aces in Blef, four and fifteen
unknown dice; the exercises move to other cases (a palifico round, Bluff's stars, the mean of the
whole table, a table of three players) so that the lesson never prints their answers. Each usual
mistake (the wild forgotten or kept, "exactly" or "at most" read for "at least", q - m off by
one) is the answer that mistake gives, computed, so the checker answers it with its own hint.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import (
    BLEF_TEXT,
    Exercise,
    Mistake,
    exact_fraction,
    exact_fractions,
    register,
    register_lesson,
    words,
)
from liarsdice.teach.graders import simulation_grader

register_lesson(2, "The binomial with a wild face", "core")

HAND = (1, 1, 3, 5, 6)  # your hand in the lesson's question and in 02.seven_fives
MEAN_HAND = (1, 2, 4, 5, 6)  # your hand in 02.mean_fifteen
UNKNOWN = 15  # the lesson's table: four players with five dice each
SMALL_TABLE = 10  # 02.seven_fives: three players with five dice each
SEVEN = Bid(7, 5)
STARS = Bid(2, 6)  # 02.two_of_four: 2 stars in Bluff, among four unknown dice
SIMULATED = {"n": 15, "trials": 20_000}  # how 02.simulate calls the student's function
BLUFF_TEXT = "In Bluff (the six is the wild star; the plain faces are 1 to 5)"
FROM_YOUR_SEAT = (
    "from your seat (assuming, as lessons 2 to 4 do, that the other players' bids carry no "
    "information about their dice; lesson 5 drops that assumption)"
)


# ----- 02.p_plain: p in a palifico round --------------------------------------------------------


def _p_palifico() -> Fraction:
    """Return p for a bid on fours in a palifico round, where aces are not wild."""
    return odds.match_chance(4, preset("perudo"), palifico=True)


def _p_wild_kept() -> Fraction:
    """Return p for fours with the ace still wild (the palifico rule forgotten)."""
    return odds.match_chance(4, preset("perudo"))


# ----- 02.two_of_four: 2 stars among four dice in Bluff ------------------------------------------


def _two_stars() -> Fraction:
    """Return P(at least 2 of 4 unknown dice are stars) in Bluff."""
    return exact_fraction(odds.bid_probability(STARS, preset("bluff"), 4, exact=True))


def _two_stars_as_plain() -> Fraction:
    """Return the chance for a plain face (p = 1/3): the star taken to be matched twice."""
    return exact_fraction(
        odds.bid_probability(Bid(STARS.quantity, 4), preset("bluff"), 4, exact=True)
    )


def _exactly_two_stars() -> Fraction:
    """Return P(exactly 2 of 4 dice are stars): "exactly" read for "at least"."""
    return exact_fraction(odds.p_exact(STARS, preset("bluff"), 4, exact=True))


def _at_most_two_stars() -> Fraction:
    """Return P(at most 2 of 4 dice are stars): "at most" read for "at least"."""
    more = Bid(STARS.quantity + 1, STARS.face)
    return 1 - exact_fraction(odds.bid_probability(more, preset("bluff"), 4, exact=True))


# ----- 02.mean_fifteen: the mean count of fives on the whole table -------------------------------


def _mean(distribution: list[Fraction]) -> Fraction:
    """Return the mean of a distribution given as P(count = c), c = 0, 1, ..."""
    return sum((c * chance for c, chance in enumerate(distribution)), Fraction(0))


def _table_mean() -> Fraction:
    """Return the mean count of fives on the table: your hand's matches and the unknown dice's."""
    return _mean(
        exact_fractions(odds.count_distribution(5, preset("blef"), UNKNOWN, MEAN_HAND, exact=True))
    )


def _unknown_mean() -> Fraction:
    """Return the mean count among the unknown dice alone (your hand forgotten)."""
    return _mean(exact_fractions(odds.count_distribution(5, preset("blef"), UNKNOWN, exact=True)))


def _mean_without_wilds() -> Fraction:
    """Return the mean count of fives with aces not counted, in the hand or among the unknown."""
    return MEAN_HAND.count(5) + UNKNOWN * Fraction(1, 6)


def _mean_all_unknown() -> Fraction:
    """Return the mean count if all twenty dice were unknown (your own dice given p each)."""
    return _mean(
        exact_fractions(odds.count_distribution(5, preset("blef"), UNKNOWN + len(HAND), exact=True))
    )


# ----- 02.seven_fives: 7 fives at a table of three ---------------------------------------------


def _seven_fives() -> Fraction:
    """Return P(at least 7 fives on the table) with your hand and 10 unknown dice."""
    return exact_fraction(
        odds.bid_probability(SEVEN, preset("blef"), SMALL_TABLE, HAND, exact=True)
    )


def _seven_fives_without_wilds() -> Fraction:
    """Return the chance with aces not counted: m from the fives alone, p = 1/6."""
    tails = odds.binomial_tails(SMALL_TABLE, Fraction(1, 6), exact=True)
    return tails[SEVEN.quantity - HAND.count(5)]


def _eight_or_more() -> Fraction:
    """Return P(at least 8 fives): q - m + 1 matches asked of the unknown dice."""
    eight = Bid(SEVEN.quantity + 1, SEVEN.face)
    return exact_fraction(
        odds.bid_probability(eight, preset("blef"), SMALL_TABLE, HAND, exact=True)
    )


def _at_most_seven() -> Fraction:
    """Return P(at most 7 fives): "at most" read for "at least"."""
    return 1 - _eight_or_more()


# ----- 02.simulate: the student's simulation ----------------------------------------------------


_WORKED_SIMULATE = '''\
import numpy as np

# One row per trial, one column per die, faces 1 to 6; a die counts for fives if it shows a
# five or an ace (the wild face), and each row's count is the trial's count of fives.


def simulate(n, trials, rng):
    """Return the count of fives (aces included) among n dice, for each of `trials` rolls."""
    dice = rng.integers(1, 7, size=(trials, n))  # the high end 7 is left out
    counts_for_fives = (dice == 5) | (dice == 1)
    return np.sum(counts_for_fives, axis=1)


answer = simulate
'''  # the worked solution: a notebook cell, as a student writes it


def simulate_fives(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return the count of fives, aces included, among n rolled dice, one count per trial."""
    dice = rng.integers(1, 7, size=(trials, n))  # faces 1 to 6: the high end 7 is left out
    counts: np.ndarray = np.count_nonzero((dice == 5) | (dice == 1), axis=1)
    return counts


def _exact_fives() -> list[float]:
    """Return P(count of fives = c), c = 0..n, among the n dice 02.simulate rolls."""
    return [float(c) for c in odds.count_distribution(5, preset("blef"), SIMULATED["n"])]


WILD_FORGOTTEN_CODE = (
    "your counts look like fives alone: an ace counts for fives too, so mark the dice showing a "
    "five or an ace."
)
NO_SIXES_CODE = (
    "your counts are too high for dice with six faces: rng.integers(low, high) never returns "
    "high itself, so a die is rng.integers(1, 7)."
)

register(
    Exercise(
        "02.p_plain",
        "Perudo has palifico rounds, in which the aces are not wild: every die counts only for the "
        "face it shows. In a palifico round, what is p, the chance that one unknown die counts "
        "for a bid on fours?",
        "fraction",
        _p_palifico,
        "list the faces of one die that count for fours in this round, and divide by the number "
        "of faces.",
        mistakes=(
            Mistake(
                "the wild kept",
                _p_wild_kept,
                "in a palifico round the ace is not wild: it no longer counts for fours.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "02.two_of_four",
        f"{BLUFF_TEXT}, a bid on stars is matched by stars alone. Four dice are rolled and you "
        "see none of them. What is the chance that at least two of them are stars, so that the "
        "bid 2 stars is true?",
        "fraction",
        _two_stars,
        "each die is a star with chance p: take one minus the chance of no star and of exactly "
        "one star, or add the binomial terms for two, three and four stars.",
        mistakes=(
            Mistake(
                "the star taken for a plain face",
                _two_stars_as_plain,
                "that is the chance for a plain face, matched by two faces of six; a bid on "
                "stars is matched by one face only.",
            ),
            Mistake(
                "exactly for at least",
                _exactly_two_stars,
                "that is the chance of exactly two stars; at least two includes three and four "
                "stars too.",
            ),
            Mistake(
                "at most for at least",
                _at_most_two_stars,
                "that is the chance of at most two stars; the bid needs at least two.",
            ),
        ),
        probability=True,
        tags=("predict", "transfer"),
    ),
    Exercise(
        "02.mean_fifteen",
        f"{BLEF_TEXT}, you hold {words(MEAN_HAND)} and {UNKNOWN} dice are unknown. What is the "
        "mean (expected) joker-inclusive count of fives on the whole table, your own five dice "
        f"included, {FROM_YOUR_SEAT}?",
        "fraction",
        _table_mean,
        "your own dice add their matches for sure; each unknown die adds p on average, and means "
        "add.",
        mistakes=(
            Mistake(
                "the hand forgotten",
                _unknown_mean,
                "that is the mean among the unknown dice only; the table includes your hand: add "
                "its fives and aces.",
            ),
            Mistake(
                "the wild forgotten",
                _mean_without_wilds,
                "aces are wild: they count for fives in your hand, and each unknown die counts "
                "with two faces of six.",
            ),
            Mistake(
                "your dice taken as unknown",
                _mean_all_unknown,
                "you can see your own dice: they add exactly the matches they show, not p each.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "02.seven_fives",
        f"{BLEF_TEXT}, at a table of three players with five dice each, you hold {words(HAND)}, "
        f"so {SMALL_TABLE} dice are unknown. What is the chance, {FROM_YOUR_SEAT}, that the table "
        f"holds at least {SEVEN.quantity} fives (aces included)?",
        "fraction",
        _seven_fives,
        "your hand has m matches (fives and aces); the unknown dice must hold at least q - m of "
        "them: a binomial tail with p for a plain face.",
        mistakes=(
            Mistake(
                "the wild forgotten",
                _seven_fives_without_wilds,
                "aces are wild: they count for fives in your hand, and each unknown die counts "
                "with two faces of six.",
            ),
            Mistake(
                "at most for at least",
                _at_most_seven,
                "that is the chance of at most that many fives; the bid says at least.",
            ),
            Mistake(
                "q - m off by one",
                _eight_or_more,
                "the unknown dice need q - m matches or more: exactly q - m is enough, so start "
                "the tail there.",
            ),
        ),
        probability=True,
        tags=("predict", "transfer"),
    ),
    Exercise(
        "02.simulate",
        "Write simulate(n, trials, rng): roll n dice, `trials` times, with the numpy Generator "
        "rng (rng.integers draws whole numbers; use no other source of randomness), and return, "
        "for each trial, the joker-inclusive count of fives among the n dice (those showing a "
        "five or an ace), as a numpy array of length trials.",
        "code",
        lambda: simulate_fives,
        "roll an array of faces 1 to 6 with one row per trial and n columns, mark the dice that "
        "count for fives, and add along each row.",
        grade=simulation_grader(
            call=SIMULATED,
            exact=_exact_fives,
            seed=2025,
            mistakes=[
                (SIMULATED["n"] / 6, WILD_FORGOTTEN_CODE),
                (SIMULATED["n"] * 2 / 5, NO_SIXES_CODE),
            ],
            what="the joker-inclusive count of fives among the n dice",
            faces=6,
        ),
        worked=_WORKED_SIMULATE,
        tags=("code",),
    ),
)
