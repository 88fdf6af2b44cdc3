"""Lesson 06 (core track), the law of large numbers and the central limit theorem: how many
rolls a simulation needs for a given precision, and the normal approximation (with the
continuity correction) against the exact binomial.

Every answer comes from the library (liarsdice.odds for the exact chances, liarsdice.stats for
the normal approximation). The lesson works seven fives with fifteen unknown dice and the
tails of fifteen dice; each exercise moves to a case it did not compute (three aces among ten
dice, ten sixes among twenty, ten aces among thirty), so the lesson never prints these answers.
Each usual mistake is the answer that mistake gives, computed, so the checker answers it with
its own hint. The old lesson 06's exercises moved to lessons 07, 08 and 10 (their old ids are
aliases: core.ALIASES). In 06.normal_estimate the student writes the approximation as a function
(normal_tail, the solution shown), which the grader calls on cases (n, p, k) the lesson never
computed, against the library's values; each usual wrong function gets its own hint.
"""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice import odds, stats
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import (
    BLEF_TEXT,
    Exercise,
    Mistake,
    exact_fraction,
    register,
    register_lesson,
)
from liarsdice.teach.graders import function_grader

register_lesson(6, "The law of large numbers and the central limit theorem", "core")

# 06.band_rolls: the bid 3 aces among 10 rolled dice; the band's half-width at most 1/50.
BAND_BID, BAND_DICE, HALF_WIDTH = Bid(3, 1), 10, Fraction(1, 50)
# 06.normal_tail: at least 10 sixes among 20 unknown dice (a plain face).
TAIL_DICE, TAIL_NEED, TAIL_FACE = 20, 10, 6
# 06.wild_ratio: at least 10 aces among 30 unknown dice (the wild face).
RATIO_DICE, RATIO_NEED = 30, 10
# 06.normal_estimate: the cases (n, p, k) on which the student's normal_tail is called.
ESTIMATE_CASES = (
    {"n": 12, "p": 1 / 3, "k": 6},
    {"n": 25, "p": 1 / 6, "k": 7},
    {"n": 40, "p": 0.5, "k": 24},
    {"n": 9, "p": 0.3, "k": 2},
)


# ----- 06.band_rolls: the rolls for a band of half-width 0.02 -----------------------------------


def _band_chance() -> Fraction:
    """Return the exact P(true) of BAND_BID among BAND_DICE dice in Blef."""
    return exact_fraction(odds.bid_probability(BAND_BID, preset("blef"), BAND_DICE, exact=True))


def _rolls(chance: Fraction, half_width: Fraction = HALF_WIDTH, errors: int = 2) -> int:
    """Return the fewest rolls t with errors * sqrt(P(1 - P)/t) <= half_width, P = chance:
    t = ceil(errors^2 P(1 - P) / half_width^2), computed exactly."""
    return math.ceil(errors**2 * chance * (1 - chance) / half_width**2)


def _band_rolls() -> int:
    """Return the rolls needed for BAND_BID's band."""
    return _rolls(_band_chance())


# ----- 06.normal_tail and 06.wild_ratio: the normal approximation -------------------------------


def _upper(z: float) -> float:
    """Return P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def _curve(n: int, p: float, need: int, shift: float = -0.5, spread: str = "sd") -> float:
    """Return the normal curve's P(X >= need), X ~ Binomial(n, p), read from need + shift
    (-1/2 is the continuity correction, 0 none, +1/2 the wrong way); spread="variance" divides
    by the variance instead of the standard deviation (a mistake)."""
    variance = n * p * (1 - p)
    scale = math.sqrt(variance) if spread == "sd" else variance
    return _upper((need + shift - n * p) / scale)


def _plain_p() -> float:
    """Return p for TAIL_FACE, a plain face (1/3)."""
    return float(odds.match_chance(TAIL_FACE, preset("blef")))


def _wild_p() -> float:
    """Return p for the wild face (1/6)."""
    rules = preset("blef")
    return float(odds.match_chance(rules.wild, rules))


def _normal_tail() -> float:
    """Return the continuity-corrected normal approximation of P(at least TAIL_NEED sixes)."""
    return float(stats.normal_approximation(TAIL_DICE, _plain_p()).normal[TAIL_NEED])


def _exact_tail() -> float:
    """Return the exact binomial P(at least TAIL_NEED sixes) (the approximation skipped)."""
    return float(stats.normal_approximation(TAIL_DICE, _plain_p()).exact[TAIL_NEED])


def _wild_ratio(p: float | None = None) -> float:
    """Return normal / exact for P(at least RATIO_NEED aces among RATIO_DICE dice)."""
    tails = stats.normal_approximation(RATIO_DICE, _wild_p() if p is None else p)
    return float(tails.normal[RATIO_NEED] / tails.exact[RATIO_NEED])


def _wild_exact() -> float:
    """Return the exact P(at least RATIO_NEED aces among RATIO_DICE dice)."""
    return float(stats.normal_approximation(RATIO_DICE, _wild_p()).exact[RATIO_NEED])


# ----- 06.normal_estimate: the student's normal approximation ------------------------------------


_WORKED_NORMAL_ESTIMATE = '''\
import math

# The curve with X's mean np and standard deviation sqrt(np(1 - p)); X takes whole values, so
# P(X >= k) is read from k - 1/2 (the continuity correction): 1 - Phi(z), where
# Phi(z) = (1 + erf(z / sqrt(2))) / 2.


def normal_tail(n, p, k):
    """Return the normal curve's P(X >= k), continuity-corrected, for X ~ Binomial(n, p)."""
    mean = n * p
    sd = math.sqrt(n * p * (1 - p))
    z = (k - 0.5 - mean) / sd
    phi = (1 + math.erf(z / math.sqrt(2))) / 2
    return 1 - phi


answer = normal_tail
'''  # the worked solution: a notebook cell, as a student writes it


def normal_tail(n: int, p: float, k: int) -> float:
    """Return the continuity-corrected normal approximation of P(X >= k), X ~ Binomial(n, p),
    written as a student would (the solution shown); the grader compares with the library's."""
    mean, sd = n * p, math.sqrt(n * p * (1 - p))
    z = (k - 0.5 - mean) / sd  # the continuity correction: P(X >= k) read from k - 1/2
    return 0.5 * (1 - math.erf(z / math.sqrt(2)))  # 1 - Φ(z)


def library_normal_tail(n: int, p: float, k: int) -> float:
    """Return the same approximation by the library: the grader's answer for each case."""
    return float(stats.normal_approximation(n, p).normal[k])


def _exact_binomial_tail(n: int, p: float, k: int) -> float:
    """Return the exact P(X >= k), X ~ Binomial(n, p) (the approximation skipped: a mistake)."""
    return float(stats.normal_approximation(n, p).exact[k])


register(
    Exercise(
        "06.band_rolls",
        f"{BLEF_TEXT}, ten dice are rolled, and the bid {BAND_BID.quantity} aces says that at "
        "least three of them show an ace. A simulation rolls the ten dice t times. How many "
        "rolls t are needed, at least, for the band's half-width 2 sqrt(P(1 - P)/t) to be at "
        "most 0.02, where P is the bid's exact P(true)?",
        "integer",
        _band_rolls,
        "first find the bid's P(true), a binomial tail (lesson 2); then solve "
        "2 sqrt(P(1 - P)/t) <= 0.02 for t, and round up to a whole number of rolls.",
        mistakes=(
            Mistake(
                "one standard error",
                lambda: _rolls(_band_chance(), errors=1),
                "that makes one standard error 0.02; the band reaches two standard errors on "
                "each side of P.",
            ),
            Mistake(
                "the die's chance for the bid's",
                lambda: _rolls(Fraction(1, 6)),
                "that uses 1/6, the chance that one die is an ace; the band is about P, the "
                "chance that the whole bid is true.",
            ),
            Mistake(
                "the worst case",
                lambda: _rolls(Fraction(1, 2)),
                "that is the worst case P = 1/2, where P(1 - P) is largest; this bid's P is "
                "smaller, so fewer rolls do.",
            ),
            Mistake(
                "the whole width",
                lambda: _rolls(_band_chance(), half_width=HALF_WIDTH / 2),
                "that makes the whole band, both sides, 0.02 wide; the question asks for 0.02 on "
                "each side of P.",
            ),
            Mistake(
                "rounded down",
                lambda: _band_rolls() - 1,
                "with that many rolls the half-width is still a little above 0.02: round up.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "06.normal_tail",
        f"{BLEF_TEXT}, {TAIL_DICE} dice are unknown, and a bid needs at least {TAIL_NEED} sixes "
        "(aces included) among them. Using the normal curve with the same mean and variance as "
        "the count, and the continuity correction, what is the approximate chance that the "
        f"count reaches {TAIL_NEED}?",
        "decimal",
        _normal_tail,
        "the count is Binomial(n, p) with p = 1/3: take its mean np and standard deviation "
        "sqrt(np(1 - p)), and read P(X >= k) from k - 1/2 as 1 - Φ((k - 1/2 - np)/sd).",
        mistakes=(
            Mistake(
                "no continuity correction",
                lambda: _curve(TAIL_DICE, _plain_p(), TAIL_NEED, shift=0),
                "the count takes whole values: read P(X >= k) from k - 1/2, the continuity "
                "correction.",
            ),
            Mistake(
                "corrected the wrong way",
                lambda: _curve(TAIL_DICE, _plain_p(), TAIL_NEED, shift=0.5),
                "P(X >= k) includes k itself, so the curve is read from k - 1/2, not k + 1/2.",
            ),
            Mistake(
                "the variance for the standard deviation",
                lambda: _curve(TAIL_DICE, _plain_p(), TAIL_NEED, spread="variance"),
                "divide by the standard deviation sqrt(np(1 - p)), not by the variance np(1 - p).",
            ),
            Mistake(
                "the exact tail",
                _exact_tail,
                "that is the exact binomial tail; the question asks what the normal curve gives.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "06.wild_ratio",
        f"{BLEF_TEXT}, {RATIO_DICE} dice are unknown, and a bid needs at least {RATIO_NEED} "
        "aces among them. What is the ratio of the normal approximation (same mean and "
        f"variance, continuity correction) of P(at least {RATIO_NEED} aces) to the exact "
        "binomial chance, normal divided by exact?",
        "decimal",
        _wild_ratio,
        "a bid on aces is matched by aces alone, p = 1/6; compute the exact tail as a binomial "
        "sum, the curve's as 1 - Φ((k - 1/2 - np)/sqrt(np(1 - p))), and divide the second by "
        "the first.",
        tolerance=1e-3,
        mistakes=(
            Mistake(
                "the ratio upside down",
                lambda: 1 / _wild_ratio(),
                "that is exact divided by normal; the question asks for normal divided by exact.",
            ),
            Mistake(
                "no continuity correction",
                lambda: _curve(RATIO_DICE, _wild_p(), RATIO_NEED, shift=0) / _wild_exact(),
                "the count takes whole values: read the curve's P(X >= k) from k - 1/2, the "
                "continuity correction.",
            ),
            Mistake(
                "the aces counted as a plain face",
                lambda: _wild_ratio(p=_plain_p()),
                "a bid on aces is matched by aces alone: p = 1/6, not 1/3.",
            ),
            Mistake(
                "the difference, not the ratio",
                lambda: _wild_ratio() * _wild_exact() - _wild_exact(),
                "that is the difference normal - exact; the question asks for their ratio.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "06.normal_estimate",
        "Write normal_tail(n, p, k): for a count X ~ Binomial(n, p), return the normal "
        "curve's approximation of P(X >= k), with the same mean and variance as X and the "
        "continuity correction, as a float. Use math.erf or statistics.NormalDist, not the "
        "liarsdice package. The checker calls it on cases the lesson never computed.",
        "code",
        lambda: normal_tail,
        "compute the mean np and the standard deviation sqrt(np(1 - p)), then return "
        "1 - Φ((k - 1/2 - np)/sd), where Φ(z) = (1 + erf(z/sqrt(2)))/2.",
        grade=function_grader(
            library_normal_tail,
            ESTIMATE_CASES,
            mistakes=[
                (
                    lambda n, p, k: _curve(n, p, k, shift=0),
                    "your function reads the curve from k: the count takes whole values, so "
                    "P(X >= k) is read from k - 1/2, the continuity correction.",
                ),
                (
                    lambda n, p, k: _curve(n, p, k, shift=0.5),
                    "your function reads the curve from k + 1/2: P(X >= k) includes k itself, "
                    "so read it from k - 1/2.",
                ),
                (
                    lambda n, p, k: _curve(n, p, k, spread="variance"),
                    "your function divides by the variance np(1 - p); divide by the standard "
                    "deviation, its square root.",
                ),
                (
                    _exact_binomial_tail,
                    "your function returns the exact binomial tail; the exercise asks for the "
                    "normal curve's approximation of it.",
                ),
            ],
            what="the normal approximation of P(X >= k)",
        ),
        worked=_WORKED_NORMAL_ESTIMATE,
        tags=("code",),
    ),
)
