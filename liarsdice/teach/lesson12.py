"""Lesson 12 (advanced track), many degrees of freedom: many paths, the 1/sqrt(t) law, the
chi-square test with many degrees of freedom, and many tests at once.

Every answer comes from the library, and the lesson prints none of them: each exercise moves to
a case the lesson does not compute (another chance and number of trials for the exact variance
ratio, twenty tests instead of seven, a table of cells the lesson never tests).
"""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice import odds, stats
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson

register_lesson(12, "Many degrees of freedom", "advanced")

# 12.variance_ratio: one die matching a plain face (chance 1/3), four trials.
RATIO_CHANCE, RATIO_TRIALS = Fraction(1, 3), 4
# 12.family_alarm: twenty independent tests, each at the Bonferroni level 0.05 / 20.
TESTS, FAMILY_LEVEL = 20, Fraction(1, 20)
# 12.chi_square_sd: the sums of two dice, 2 to 12, tested against their exact chances.
SUMS = tuple(range(2, 13))


def _moments(chance: Fraction, trials: int) -> tuple[Fraction, Fraction]:
    """Return E[e^2] and E[e^4] for the error e = share - chance of a share after `trials`
    trials, exactly, from the binomial distribution."""
    pmf = odds.binomial_pmf(trials, chance, exact=True)
    errors = [Fraction(k, trials) - chance for k in range(trials + 1)]
    second = sum((p * e**2 for p, e in zip(pmf, errors)), Fraction(0))
    fourth = sum((p * e**4 for p, e in zip(pmf, errors)), Fraction(0))
    return second, fourth


def _variance_ratio(divide: bool = True, centre: bool = True) -> Fraction:
    """Return Var(Z^2) / 2 for Z^2 = e^2 / E[e^2] (the exact variance of one standardised
    squared error over the chi-square's with one degree of freedom); divide=False leaves out
    the division by 2, centre=False gives E[Z^4] / 2 (the mean of Z^2 not subtracted)."""
    second, fourth = _moments(RATIO_CHANCE, RATIO_TRIALS)
    value = fourth / second**2 - (1 if centre else 0)
    return value / 2 if divide else value


def _family_alarm(level: Fraction | None = None) -> float:
    """Return P(at least one of TESTS independent tests raises a false alarm), each at `level`
    (the Bonferroni level FAMILY_LEVEL / TESTS by default), from the binomial distribution."""
    level = FAMILY_LEVEL / TESTS if level is None else level
    return float(1 - odds.binomial_pmf(TESTS, level, exact=True)[0])


def _sum_chances() -> list[Fraction]:
    """Return the exact chance of each sum of two fair dice, 2 to 12."""
    chances = [Fraction(0)] * len(SUMS)
    for first in range(1, 7):
        for second in range(1, 7):
            chances[first + second - SUMS[0]] += Fraction(1, 36)
    return chances


def _sum_test_dof() -> int:
    """Return the degrees of freedom of the chi-square test of two-dice sums (no cell pooled:
    a tally of 360 rolls with every count at its expected value)."""
    chances = _sum_chances()
    expected = [int(360 * c) for c in chances]
    return stats.chi_square_fit(expected, [float(c) for c in chances], min_expected=0).dof


register(
    Exercise(
        "12.variance_ratio",
        "A simulated share after t = 4 trials of an event of chance θ = 1/3 (one die matching a "
        "plain face): its error is e = share - θ, and Z^2 = e^2 / (θ(1 - θ)/t) is its "
        "standardised squared error, of mean exactly 1. What is the exact variance of Z^2 "
        "divided by 2 (the variance of a chi-square with one degree of freedom)?",
        "fraction",
        _variance_ratio,
        "compute E[e^4] from the binomial distribution of the hits in 4 trials; then "
        "Var(Z^2) = E[Z^4] - (E[Z^2])^2 with E[Z^4] = E[e^4] / (θ(1 - θ)/t)^2. Or use the "
        "lesson's formula for the ratio.",
        mistakes=(
            Mistake(
                "the normal's value assumed",
                lambda: Fraction(1),
                "1 is what normal errors would give; these errors come from a binomial share "
                "with only five values, so compute the fourth moment exactly.",
            ),
            Mistake(
                "not divided by 2",
                lambda: _variance_ratio(divide=False),
                "that is Var(Z^2) itself; the question asks for it divided by 2, the "
                "chi-square's variance with one degree of freedom.",
            ),
            Mistake(
                "the square of the mean not subtracted",
                lambda: _variance_ratio(centre=False),
                "that is E[Z^4] / 2; the variance subtracts (E[Z^2])^2 = 1 first.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "12.family_alarm",
        "Twenty independent tests, each run at Bonferroni's level 0.05 / 20, on data where "
        "nothing is there to find (each test raises a false alarm with chance exactly its "
        "level). What is the chance that at least one of them raises a false alarm?",
        "decimal",
        _family_alarm,
        "the chance of no false alarm is the product of the twenty chances of none; take it "
        "from 1.",
        mistakes=(
            Mistake(
                "the uncorrected level",
                lambda: _family_alarm(FAMILY_LEVEL),
                "that is for twenty tests at 5% each; here each test runs at 0.05 / 20.",
            ),
            Mistake(
                "the bound taken as the chance",
                lambda: float(FAMILY_LEVEL),
                "0.05 is Bonferroni's bound, the sum of the twenty levels; for independent "
                "tests the exact chance is a little smaller: 1 minus the chance of no alarm.",
            ),
            Mistake(
                "one test's level",
                lambda: float(FAMILY_LEVEL / TESTS),
                "that is one test's chance; the question asks for any of the twenty.",
            ),
        ),
        probability=True,
        tags=("predict", "transfer"),
    ),
    Exercise(
        "12.chi_square_sd",
        "A chi-square test of the sums of two dice: roll two dice many times, tally each sum "
        "from 2 to 12, and compare the tally with the exact chances of the sums (nothing "
        "estimated from the data, no cell pooled). The statistic is compared with a "
        "chi-square distribution: what is that distribution's standard deviation?",
        "decimal",
        lambda: math.sqrt(2 * _sum_test_dof()),
        "count the cells, take one off because the counts add up to the number of rolls: "
        "that is the degrees of freedom k; a chi-square with k degrees of freedom has "
        "variance 2k, and the standard deviation is its square root.",
        tolerance=1e-3,
        mistakes=(
            Mistake(
                "one degree of freedom per cell",
                lambda: math.sqrt(2 * len(SUMS)),
                "that counts a degree of freedom for every cell; the counts must add up to the "
                "number of rolls, so one fewer is free.",
            ),
            Mistake(
                "the variance, not its square root",
                lambda: 2 * _sum_test_dof(),
                "that is the variance 2k; the standard deviation is its square root.",
            ),
            Mistake(
                "the degrees of freedom, not the standard deviation",
                _sum_test_dof,
                "that is the degrees of freedom k (the distribution's mean); its variance is 2k.",
            ),
            Mistake(
                "the square root of the degrees of freedom",
                lambda: math.sqrt(_sum_test_dof()),
                "that would make the variance k; a chi-square with k degrees of freedom has "
                "variance 2k (each squared standard normal adds 2).",
            ),
            Mistake(
                "the ordered pairs counted",
                lambda: math.sqrt(2 * (36 - 1)),
                "that counts the 36 ordered pairs of faces as cells; the test tallies the "
                "sums, 2 to 12.",
            ),
        ),
        tags=("transfer",),
    ),
)
