"""Independent computations of lesson 07's answers: the Wilson widths from scipy's normal
quantile and the formula; the posterior chance as the Beta integral, done exactly with
Fractions (the posterior density p^k (1 - p)^(n - k), integrated term by term)."""

from __future__ import annotations

import math
from fractions import Fraction

from liarsdice.teach.lesson07 import posterior_mean as posterior_mean_reference
from tests.expected import Expected, wilson_width


def beta_integral(k: int, losses: int, low: Fraction, high: Fraction) -> Fraction:
    """Return the integral of p^k (1 - p)^losses from low to high, exactly: (1 - p)^losses
    expanded by the binomial theorem and each power of p integrated."""
    return sum(
        (
            math.comb(losses, j)
            * (-1) ** j
            * (high ** (k + j + 1) - low ** (k + j + 1))
            / (k + j + 1)
            for j in range(losses + 1)
        ),
        Fraction(0),
    )


def posterior_above(wins: int, games: int, share: Fraction) -> Fraction:
    """Return P(p > share | wins in games) from the uniform prior: the posterior density is
    proportional to prior (1) times likelihood p^wins (1 - p)^(games - wins)."""
    losses = games - wins
    whole = beta_integral(wins, losses, Fraction(0), Fraction(1))
    return beta_integral(wins, losses, share, Fraction(1)) / whole


EXPECTED: Expected = {
    "07.wilson_width": lambda: wilson_width(12, 40),
    "07.width_four_times": lambda: wilson_width(48, 160) / wilson_width(12, 40),
    "07.posterior_chance": lambda: float(posterior_above(7, 20, Fraction(1, 4))),
    "07.beta_update": lambda: posterior_mean_reference,
}
