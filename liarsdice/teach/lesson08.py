"""Lesson 08 (core track), hypothesis tests: a win count tested against chance (the p-value),
two win rates compared, and the chance of a false alarm among many tests.

It holds the exercises that were 06.beat_chance (old lesson 06) and 07.p_value and
07.false_alarm (old lesson 07), now 08.*. Every answer comes from liarsdice.odds (exact
binomial distributions) or liarsdice.stats; no exercise is one argument away from a cell of the
lesson: 08.beat_chance tests wins at two sizes of table (the null distribution a sum of two
binomials), 08.p_value compares two bots in the same games (the sign test, to be chosen over
section 2's two-proportion test), and 08.false_alarm holds ten tests to Bonferroni's level.
In 08.exact_p_value the student writes the one-sided p-value as a binomial sum, which the grader
calls on cases the lesson never computed and compares with liarsdice.odds's exact tails.
"""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice import odds, stats
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson
from liarsdice.teach.graders import function_grader

register_lesson(8, "Hypothesis tests", "core")

# 08.beat_chance: 20 wins of 30 heads-up games and 11 of 30 five-player games.
HEADS_UP = (30, 20, Fraction(1, 2))  # games, wins, the chance of a win under the null
FIVE_SEATS = (30, 11, Fraction(1, 5))
# 08.p_value: bots A and B in the same games of three players; a third bot won the rest.
WINS_A, WINS_B, GAMES = 30, 15, 80
# 08.false_alarm: ten independent tests, each held to Bonferroni's level 0.05 / 10.
LOOKS, LEVEL = 10, Fraction(1, 20)
BONFERRONI = LEVEL / LOOKS
# 08.exact_p_value: the cases (wins, games, chance) on which the student's p_value is called.
P_VALUE_CASES = (
    {"wins": 9, "games": 20, "chance": Fraction(1, 4)},
    {"wins": 7, "games": 12, "chance": Fraction(1, 3)},
    {"wins": 30, "games": 50, "chance": Fraction(1, 2)},
    {"wins": 2, "games": 15, "chance": Fraction(1, 5)},
)


def total_wins() -> list[Fraction]:
    """Return P(k wins in all), k = 0..60, under the null: the sum of the two tables' independent
    binomial counts (their distributions convolved)."""
    (n1, _, p1), (n2, _, p2) = HEADS_UP, FIVE_SEATS
    first, second = odds.binomial_pmf(n1, p1, exact=True), odds.binomial_pmf(n2, p2, exact=True)
    return [
        sum((first[i] * second[k - i] for i in range(max(0, k - n2), min(n1, k) + 1)), Fraction(0))
        for k in range(n1 + n2 + 1)
    ]


WINS = HEADS_UP[1] + FIVE_SEATS[1]  # 31 wins of 60 games


def _beat_chance(wins: int = WINS) -> Fraction:
    """Return P(`wins` wins or more in all) under the null: the one-sided p-value."""
    return sum(total_wins()[wins:], Fraction(0))


def _one_chance() -> Fraction:
    """Return the p-value with one binomial at the games' average chance (a mistake)."""
    games = HEADS_UP[0] + FIVE_SEATS[0]
    average = (HEADS_UP[0] * HEADS_UP[2] + FIVE_SEATS[0] * FIVE_SEATS[2]) / games
    return odds.binomial_tails(games, average, exact=True)[WINS]


def _one_table(table: tuple[int, int, Fraction]) -> Fraction:
    """Return the one-sided p-value of one table's games alone (a mistake)."""
    games, wins, chance = table
    return odds.binomial_tails(games, chance, exact=True)[wins]


def _false_alarms(alarms: int, level: Fraction = BONFERRONI) -> Fraction:
    """Return P(exactly `alarms` of the LOOKS independent tests raise a false alarm)."""
    return odds.binomial_pmf(LOOKS, level, exact=True)[alarms]


def _sign_test(tails: int = 2) -> Fraction:
    """Return the sign test's exact p-value: of the games A or B won, A's share against 1/2, one
    or two tails (Binomial(45, 1/2) is symmetric, so two tails are twice one)."""
    return tails * odds.binomial_tails(WINS_A + WINS_B, Fraction(1, 2), exact=True)[WINS_A]


def _every_game() -> Fraction:
    """Return the two-sided p-value of A's wins in all GAMES at chance 1/2 (a mistake: the games
    the third bot won are counted as A's losses)."""
    below = WINS_A if 2 * WINS_A < GAMES else GAMES - WINS_A  # the tail away from GAMES / 2
    return 2 * (1 - odds.binomial_tails(GAMES, Fraction(1, 2), exact=True)[below + 1])


def _two_proportion() -> float:
    """Return the pooled two-proportion z-test's p-value, as if A's and B's games were two
    independent samples (a mistake: they played the same games)."""
    return stats.two_proportion_test(WINS_A, GAMES, WINS_B, GAMES).p_value


# ----- 08.exact_p_value: the student's one-sided p-value -----------------------------------------


_WORKED_EXACT_P_VALUE = '''\
from math import comb

# P(X >= wins) adds the chance of exactly k wins, C(games, k) chance**k (1 - chance)**(games - k),
# for every k from wins up to games. With a Fraction chance every term, and the sum, is exact.


def p_value(wins, games, chance):
    """Return P(X >= wins) for X ~ Binomial(games, chance), exactly for a Fraction chance."""
    total = 0
    for k in range(wins, games + 1):
        total += comb(games, k) * chance**k * (1 - chance) ** (games - k)
    return total


answer = p_value
'''  # the worked solution: a notebook cell, as a student writes it


def p_value(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return the one-sided exact binomial p-value P(X >= wins), X ~ Binomial(games, chance),
    by the binomial sum, written as a student would (the solution shown); the grader compares
    with the library's."""
    return sum(
        (
            math.comb(games, k) * chance**k * (1 - chance) ** (games - k)
            for k in range(wins, games + 1)
        ),
        Fraction(0),
    )


def library_p_value(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return the same p-value by the library, exactly: the grader's answer for each case."""
    return odds.binomial_tails(games, chance, exact=True)[wins]


def _at_most(wins: int, games: int, chance: Fraction) -> Fraction:
    """Return P(X <= wins): the tail the wrong way (a mistake)."""
    return 1 - odds.binomial_tails(games, chance, exact=True)[wins + 1]


register(
    Exercise(
        "08.beat_chance",
        f"A bot played {HEADS_UP[0]} heads-up games and {FIVE_SEATS[0]} games at tables of "
        f"five, and won {HEADS_UP[1]} and {FIVE_SEATS[1]} of them: {WINS} wins of 60. If it "
        "were no better than its opponents (a heads-up game won with chance 1/2, a five-player "
        "game with chance 1/5, every game independent), what would be the chance of "
        f"{WINS} wins or more in all? (That is the one-sided p-value of the test against "
        "chance, on all 60 games.)",
        "fraction",
        _beat_chance,
        "under chance the wins at each size of table are binomial, each with its own chance, "
        "and independent of the other table's. The total's distribution: add the chances of "
        "every pair of counts (heads-up, five-player) with the same sum. Then add the totals "
        f"from {WINS} up.",
        mistakes=(
            Mistake(
                "one chance for every game",
                _one_chance,
                "the games do not share one chance: under chance a heads-up game is won with "
                "1/2 and a five-player game with 1/5, so the total is not one binomial at the "
                "average chance. Combine the two tables' distributions.",
            ),
            Mistake(
                "the heads-up games alone",
                lambda: _one_table(HEADS_UP),
                "that tests the heads-up games alone; the question tests all 60 games at once.",
            ),
            Mistake(
                "the five-player games alone",
                lambda: _one_table(FIVE_SEATS),
                "that tests the five-player games alone; the question tests all 60 games at once.",
            ),
            Mistake(
                f"more than {WINS}, not {WINS} or more",
                lambda: _beat_chance(WINS + 1),
                f"'{WINS} or more' includes {WINS} itself: start the sum at {WINS} wins.",
            ),
            Mistake(
                "at most read for at least",
                lambda: 1 - _beat_chance(WINS + 1),
                "the p-value counts the results at least as good for the bot as the one seen: "
                f"{WINS} wins or more, not {WINS} or fewer.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "08.p_value",
        f"Bots A and B played the same {GAMES} games of Perudo at a table of three, against a "
        f"third bot: A won {WINS_A} of them, B {WINS_B} and the third bot the other "
        f"{GAMES - WINS_A - WINS_B}. Their 95% Wilson intervals (of {WINS_A}/{GAMES} and "
        f"{WINS_B}/{GAMES}) overlap. Test 'A and B are equally strong', either way, with a "
        "test whose assumptions these games meet: what is its two-sided p-value?",
        "fraction",
        _sign_test,
        "A and B played the same games, and a game that one won the other lost: their win "
        "counts are not independent samples. Which games tell A and B apart, and what does "
        "'equally strong' say about them?",
        tolerance=1e-3,
        mistakes=(
            Mistake(
                "two independent samples assumed",
                _two_proportion,
                "the two-proportion test assumes two independent samples, but A and B played "
                "the same games. Take the games that one of the two won: if they are equally "
                "strong, each is A's with chance 1/2.",
            ),
            Mistake(
                "one tail only",
                lambda: _sign_test(tails=1),
                "the question asks 'equally strong or not', in either direction: count both tails.",
            ),
            Mistake(
                "every game counted",
                _every_game,
                "the games the third bot won say nothing about A against B: count only the "
                "games that A or B won.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "08.false_alarm",
        f"You run {LOOKS} independent tests, and in truth there is nothing to find. You hold "
        "each to Bonferroni's level, 0.05 / 10: each test raises a false alarm with chance "
        "exactly 0.005. What is the chance that at least one of them raises a false alarm?",
        "fraction",
        lambda: odds.binomial_tails(LOOKS, BONFERRONI, exact=True)[1],
        "'at least one' is the complement of 'none': find the chance that a test stays quiet, "
        "and use that the tests are independent.",
        mistakes=(
            Mistake(
                "the chances added",
                lambda: LOOKS * BONFERRONI,
                "adding the ten chances counts twice the cases where two tests fire together: "
                "the sum, 0.05, is only an upper bound (Bonferroni's).",
            ),
            Mistake(
                "each test at 0.05",
                lambda: odds.binomial_tails(LOOKS, LEVEL, exact=True)[1],
                "each test is held to Bonferroni's level, 0.05 / 10, not to 0.05.",
            ),
            Mistake(
                "no alarm at all",
                lambda: _false_alarms(0),
                "that is the chance that no test fires; the question asks for its complement.",
            ),
            Mistake(
                "exactly one alarm",
                lambda: _false_alarms(1),
                "that is the chance of exactly one false alarm; two or more count too.",
            ),
        ),
        probability=True,
        tags=("predict",),
    ),
    Exercise(
        "08.exact_p_value",
        "Write p_value(wins, games, chance): if each of `games` independent games is won with "
        "chance `chance`, return the one-sided p-value of `wins` wins, the chance of `wins` "
        "wins or more, P(X >= wins) for X ~ Binomial(games, chance). Sum the binomial terms "
        "(math.comb helps), and return a Fraction, exactly, when chance is a Fraction. The "
        "checker calls it on cases the lesson never computed.",
        "code",
        lambda: p_value,
        "add C(games, k) chance^k (1 - chance)^(games - k) over every k from wins to games.",
        grade=function_grader(
            library_p_value,
            P_VALUE_CASES,
            mistakes=[
                (
                    lambda wins, games, chance: library_p_value(wins + 1, games, chance),
                    "your function leaves out `wins` itself: 'wins or more' starts the sum at "
                    "wins, not wins + 1.",
                ),
                (
                    lambda wins, games, chance: odds.binomial_pmf(games, chance, exact=True)[wins],
                    "your function returns the chance of exactly `wins` wins; the p-value adds "
                    "every result at least as good, wins or more.",
                ),
                (
                    lambda wins, games, chance: stats.binomial_test(
                        wins, games, float(chance), "two-sided"
                    ),
                    "your function returns the two-sided p-value; the exercise asks for the "
                    "one-sided one, wins or more only.",
                ),
                (
                    _at_most,
                    "your function adds the results from 0 up to `wins`; the p-value adds those "
                    "from wins up to games.",
                ),
            ],
            what="the one-sided p-value",
        ),
        worked=_WORKED_EXACT_P_VALUE,
        tags=("code",),
    ),
)
