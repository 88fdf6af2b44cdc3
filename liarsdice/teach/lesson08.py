"""Lesson 08 (core track), hypothesis tests: a win count tested against chance (the p-value),
two win rates compared, and the chance of a false alarm among many tests.

It holds the exercises that were 06.beat_chance (old lesson 06) and 07.p_value and
07.false_alarm (old lesson 07), now 08.*. Every answer comes from liarsdice.stats or
liarsdice.odds; each exercise moves to a case the lesson does not compute (four players instead
of three, a new pair of win rates, ten tests at once), so that the lesson never shows its answer.
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

# 08.beat_chance: 16 wins of 40 four-player games.
FOUR_WINS, FOUR_GAMES, FOUR_PLAYERS = 16, 40, 4
# 08.p_value: a bot's wins under two rule sets, in independent games.
WINS_A, WINS_B, GAMES = 54, 40, 80
# 08.false_alarm: ten independent tests, each raising a false alarm with chance 5%.
LOOKS, LEVEL = 10, Fraction(1, 20)
# 08.exact_p_value: the cases (wins, games, chance) on which the student's p_value is called.
P_VALUE_CASES = (
    {"wins": 9, "games": 20, "chance": Fraction(1, 4)},
    {"wins": 7, "games": 12, "chance": Fraction(1, 3)},
    {"wins": 30, "games": 50, "chance": Fraction(1, 2)},
    {"wins": 2, "games": 15, "chance": Fraction(1, 5)},
)


def _tail(wins: int, share: float, alternative: str = "greater") -> float:
    """Return the one-sided binomial p-value of `wins` in FOUR_GAMES at chance `share`."""
    return stats.binomial_test(wins, FOUR_GAMES, share, alternative)


def _false_alarms(alarms: int) -> Fraction:
    """Return P(exactly `alarms` of the LOOKS independent tests raise a false alarm)."""
    return odds.binomial_pmf(LOOKS, LEVEL, exact=True)[alarms]


def _p_value(alternative: str = "two-sided") -> float:
    """Return the pooled two-proportion z-test's p-value of WINS_A/GAMES against WINS_B/GAMES."""
    return stats.two_proportion_test(WINS_A, GAMES, WINS_B, GAMES, alternative).p_value


def _corrected_p_value() -> float:
    """Return the two-sided p-value of the chi-square test of the 2x2 table with Yates'
    continuity correction (scipy's default): a mistake. Fisher's exact test gives a p-value
    within the tolerance of it, so this one mistake stands for both."""
    from scipy.stats import chi2_contingency

    table = [[WINS_A, GAMES - WINS_A], [WINS_B, GAMES - WINS_B]]
    return float(chi2_contingency(table, correction=True).pvalue)


def _unpooled_p_value() -> float:
    """Return the two-sided p-value with each rate's own variance (not pooled): a mistake."""
    from scipy.stats import norm

    a, b = WINS_A / GAMES, WINS_B / GAMES
    spread = (a * (1 - a) / GAMES + b * (1 - b) / GAMES) ** 0.5
    return float(2 * norm.sf(abs(a - b) / spread))


# ----- 08.exact_p_value: the student's one-sided p-value -----------------------------------------


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
        f"Four players. A bot wins {FOUR_WINS} of {FOUR_GAMES} games. If it were no better than "
        "the other three (each game won with chance 1/4, the games independent), what would be "
        f"the chance of {FOUR_WINS} wins or more? (That is the one-sided p-value of the test "
        "against chance.)",
        "decimal",
        lambda: _tail(FOUR_WINS, 1 / FOUR_PLAYERS),
        "under chance the wins are Binomial(40, 1/4): add P(k wins) = C(40, k) (1/4)^k "
        "(3/4)^(40-k) over every k from 16 up, or take one minus the sum below 16.",
        mistakes=(
            Mistake(
                "three players' chance",
                lambda: _tail(FOUR_WINS, 1 / 3),
                "at a table of four, a bot no better than the others wins one game in four, not "
                "one in three as at a table of three.",
            ),
            Mistake(
                "more than 16, not 16 or more",
                lambda: _tail(FOUR_WINS + 1, 1 / FOUR_PLAYERS),
                "'16 or more' includes 16 itself: start the sum at 16 wins.",
            ),
            Mistake(
                "at most read for at least",
                lambda: _tail(FOUR_WINS, 1 / FOUR_PLAYERS, "less"),
                "the p-value counts the results at least as good for the bot as the one seen: "
                "16 wins or more, not 16 or fewer.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "08.p_value",
        f"A bot won {WINS_A} of {GAMES} games under Perudo and {WINS_B} of {GAMES} under Blef, "
        "every game independent. Their 95% Wilson intervals overlap. What is the two-sided "
        "p-value of the pooled two-proportion z-test of 'the two win rates are equal'?",
        "decimal",
        _p_value,
        "pool the games to estimate the common rate p under 'equal', divide the gap between "
        "the two rates by sqrt(p(1 - p)(1/80 + 1/80)), and count both tails of the normal "
        "curve beyond it.",
        tolerance=1e-3,
        mistakes=(
            Mistake(
                "one tail only",
                lambda: _p_value("greater"),
                "the question asks 'equal or not', in either direction: count both tails.",
            ),
            Mistake(
                "the variances not pooled",
                _unpooled_p_value,
                "under 'equal' both rates share one p: estimate it from all the games pooled, "
                "and use it for both variances.",
            ),
            Mistake(
                "a continuity correction or an exact test",
                _corrected_p_value,
                "the question asks for the plain pooled z-test: no continuity correction "
                "(which a chi-square test of the 2x2 table may apply by default), and not an "
                "exact test.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "08.false_alarm",
        f"You run {LOOKS} independent tests, each at the 5% level, and in truth there is "
        "nothing to find: each test raises a false alarm with chance exactly 5%. What is the "
        "chance that at least one of them raises a false alarm?",
        "fraction",
        lambda: odds.binomial_tails(LOOKS, LEVEL, exact=True)[1],
        "'at least one' is the complement of 'none': each test stays quiet with chance "
        "19/20, and the tests are independent.",
        mistakes=(
            Mistake(
                "the chances added",
                lambda: LOOKS * LEVEL,
                "adding the ten chances counts twice the cases where two tests fire together: "
                "the sum is only an upper bound (Bonferroni's).",
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
        tags=("code",),
    ),
)
