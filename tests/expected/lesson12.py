"""Independent computations of lesson 12's answers: the variance ratio by enumerating every
sequence of four rolls of a die, the family-wise false-alarm chance by the complement rule, the
chi-square's variance from the cells of the two-dice sums (counted by enumerating the 36 rolls)
and scipy's chi-square distribution."""

from __future__ import annotations

import itertools
from fractions import Fraction

from scipy.stats import chi2

import liarsdice as ld
from tests.expected import Expected

BLEF = ld.preset("blef")


def enumerated_ratio(face: int = 5, trials: int = 4) -> Fraction:
    """Return Var(Z^2) / 2 for the share of `trials` rolls of one die that count for `face`
    under Blef (the face or an ace: chance 1/3), over every sequence of rolls."""
    rolls = list(itertools.product(range(1, 7), repeat=trials))
    theta = Fraction(sum(BLEF.count((d,), face) for d in range(1, 7)), 6)
    errors = [Fraction(sum(BLEF.count((d,), face) for d in roll), trials) - theta for roll in rolls]
    second = sum(e**2 for e in errors) / len(rolls)
    fourth = sum(e**4 for e in errors) / len(rolls)
    assert theta == Fraction(1, 3) and second == theta * (1 - theta) / trials
    squares = [e**2 / second for e in errors]  # Z^2, of mean 1
    variance = sum((z - 1) ** 2 for z in squares) / len(rolls)
    assert variance == fourth / second**2 - 1
    return variance / 2


def family_alarm(tests: int = 20, family: float = 0.05) -> float:
    """Return P(at least one false alarm) among independent tests at family / tests each."""
    return 1 - (1 - family / tests) ** tests


def sum_test_sd() -> float:
    """Return the standard deviation of the chi-square for a test of the two-dice sums: the
    cells are the distinct sums of the 36 rolls, one degree of freedom fewer than the cells."""
    cells = {a + b for a, b in itertools.product(range(1, 7), repeat=2)}
    assert chi2(len(cells) - 1).var() == 2 * (len(cells) - 1)
    return float(chi2(len(cells) - 1).std())


EXPECTED: Expected = {
    "12.variance_ratio": enumerated_ratio,
    "12.family_alarm": family_alarm,
    "12.chi_square_sd": sum_test_sd,
}
