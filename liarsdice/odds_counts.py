"""The count on the table: which dice match a face, and the binomial behind the count.

From one seat's view `known` dice are seen and `unknown` are hidden; each hidden die matches a
plain face with p = 1/3 (the face or the wild), the wild face with p = 1/6, and any face in a
palifico round with p = 1/6. Exact Fractions first, numpy floats beside:
- matching_faces(face, rules, palifico): the faces that count for `face` (it, and the wild).
- match_chance(face, rules, palifico): p, the chance that one unknown die counts for `face`.
- binomial_pmf(n, p, exact): P(X = j) for X ~ Binomial(n, p), j = 0..n.
- binomial_tails(n, p, exact): P(X >= k), k = 0..n+1.
- count_distribution(face, rules, unknown, known, exact, palifico): P(count on the table = c).
- joint_distribution(n, exact): P(a dice show one plain face and b dice are wild), [a, b].
- MAX_JOINT_DICE, MAX_EXACT_DIGITS: the limits of joint_distribution and of an exact binomial.

Unchecked, for checked arguments only (shared with liarsdice.odds, halve_double, symbolic):
tails_fractions(n, p) and tails_floats(n, ps) (the tails, exact, or floats one row per p) and
shortfall(q, matched, n) (a tail index).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_flag, check_integer, check_probability, quote
from liarsdice.odds_checks import check_dice, check_rules, check_view
from liarsdice.rules import Rules

MAX_JOINT_DICE = 200  # joint_distribution's n: (n + 1)^2 exact Fractions (a real table's 200 dice)
MAX_EXACT_DIGITS = 1_000  # digits of d^n, an exact binomial's denominator (p = a/d)


def _check_p(p: object, n: int, exact: bool) -> Fraction:
    """Return p as a Fraction strictly between 0 and 1; with exact, refuse a p = a/d whose d^n
    has more than MAX_EXACT_DIGITS digits. Raise ValueError (ArgumentTypeError) quoting it."""
    chance = Fraction(check_probability("p", p, exact=True))  # a Fraction already: exact=True
    if not 0 < chance < 1:
        raise ValueError(f"p={quote(p)}: expected a probability strictly between 0 and 1")
    if exact:
        digits = n * math.log10(chance.denominator)
        if digits > MAX_EXACT_DIGITS:
            raise ValueError(
                f"p={quote(p)}: with n={n} the exact odds need a denominator of about "
                f"{digits:,.0f} digits, more than MAX_EXACT_DIGITS = {MAX_EXACT_DIGITS:,}; "
                "use exact=False"
            )
    return chance


def matching_faces(face: int, rules: Rules, palifico: bool = False) -> tuple[int, ...]:
    """Return the faces that count for `face`: the face itself, and the wild for a plain face.

    face: 1..6; rules: a Rules or a preset name; palifico: True or False.
    """
    face = check_integer("face", face, 1, 6)
    rules, palifico = check_rules(rules), check_flag("palifico", palifico)
    if face == rules.wild or palifico:
        return (face,)
    return (face, rules.wild)


def match_chance(face: int, rules: Rules, palifico: bool = False) -> Fraction:
    """Return p, the chance that one unknown die counts for `face` (1/3 plain, 1/6 wild).

    face: 1..6; rules: a Rules or a preset name; palifico: True or False.
    """
    return Fraction(len(matching_faces(face, rules, palifico)), 6)


@lru_cache(maxsize=256)
def _binomial_weights(n: int, p: Fraction) -> tuple[tuple[int, ...], int]:
    """Return integers w_j = C(n, j) a^j (d-a)^(n-j) and d^n, where p = a/d: P(X = j) = w_j/d^n."""
    a, d = p.numerator, p.denominator
    powers_a, powers_b = [1], [1]
    for _ in range(n):
        powers_a.append(powers_a[-1] * a)
        powers_b.append(powers_b[-1] * (d - a))
    weights, choose = [], 1
    for j in range(n + 1):
        weights.append(choose * powers_a[j] * powers_b[n - j])
        choose = choose * (n - j) // (j + 1)
    return tuple(weights), d**n


@lru_cache(maxsize=64)
def _log_factorials(n: int) -> NDArray[np.float64]:
    """Return log(j!) for j = 0..n, each correctly rounded by math.lgamma."""
    return np.array([math.lgamma(j + 1) for j in range(n + 1)])


def _log_chances(p: Fraction) -> tuple[float, float]:
    """Return log(p) and log(1 - p), both finite and accurate even when p is within 1e-300 of
    0 or 1 (float(p) would round to 0 or 1 there): the small side is taken from the exact
    Fraction, the large side by log1p of the small one."""
    a, d = p.numerator, p.denominator
    small, flipped = (p, False) if 2 * a <= d else (1 - p, True)
    small_float = float(small)
    log_small = (
        math.log(small_float)
        if small_float > 1e-300
        else math.log(small.numerator) - math.log(small.denominator)
    )
    log_large = math.log1p(-small_float)
    return (log_large, log_small) if flipped else (log_small, log_large)


def _pmf_floats(n: int, ps: Sequence[Fraction]) -> NDArray[np.float64]:
    """Return P(X = j) for X ~ Binomial(n, p), one row per p, by log-factorials (no overflow,
    no NaN: each p is strictly between 0 and 1, its logs finite)."""
    j = np.arange(n + 1)
    log_factorials = _log_factorials(n)
    log_choose = log_factorials[n] - log_factorials - log_factorials[::-1]
    logs = np.array([_log_chances(p) for p in ps]).reshape(-1, 2)
    pmf: NDArray[np.float64] = np.exp(log_choose + j * logs[:, :1] + (n - j) * logs[:, 1:])
    return pmf


def tails_floats(n: int, ps: Sequence[Fraction]) -> NDArray[np.float64]:
    """Return P(X >= k), k = 0..n+1, one row per p, summed from the small end, in [0, 1]."""
    tails = np.zeros((len(ps), n + 2))
    tails[:, : n + 1] = np.cumsum(_pmf_floats(n, ps)[:, ::-1], axis=1)[:, ::-1]
    tails[:, 0] = 1.0  # P(X >= 0) is exactly 1, not a rounded sum
    return np.clip(tails, 0.0, 1.0, out=tails)


def tails_fractions(n: int, p: Fraction) -> list[Fraction]:
    """Return the exact P(X >= k), k = 0..n+1, for X ~ Binomial(n, p)."""
    weights, denominator = _binomial_weights(n, p)
    tails, running = [Fraction(0)], 0
    for weight in reversed(weights):
        running += weight
        tails.append(Fraction(running, denominator))
    return tails[::-1]


@overload
def binomial_pmf(
    n: int, p: Fraction | float, exact: Literal[False] = False
) -> NDArray[np.float64]: ...
@overload
def binomial_pmf(n: int, p: Fraction | float, exact: Literal[True]) -> list[Fraction]: ...
@overload
def binomial_pmf(
    n: int, p: Fraction | float, exact: bool = False
) -> list[Fraction] | NDArray[np.float64]: ...
def binomial_pmf(
    n: int, p: Fraction | float, exact: bool = False
) -> list[Fraction] | NDArray[np.float64]:
    """Return P(X = j), j = 0..n, for X ~ Binomial(n, p): Fractions if exact, else floats.

    Limits: n 0..MAX_UNKNOWN (0..MAX_EXACT_UNKNOWN with exact=True); p a Fraction, int or
    finite float strictly between 0 and 1 (no text); with exact=True, p = a/d such that d^n has
    at most MAX_EXACT_DIGITS digits (so that every result prints); exact: True or False.
    """
    exact = check_flag("exact", exact)
    n = check_dice("n", n, exact)
    p = _check_p(p, n, exact)
    if exact:
        weights, denominator = _binomial_weights(n, p)
        return [Fraction(w, denominator) for w in weights]
    pmf: NDArray[np.float64] = np.clip(_pmf_floats(n, [p])[0], 0.0, 1.0)
    return pmf


@overload
def binomial_tails(
    n: int, p: Fraction | float, exact: Literal[False] = False
) -> NDArray[np.float64]: ...
@overload
def binomial_tails(n: int, p: Fraction | float, exact: Literal[True]) -> list[Fraction]: ...
@overload
def binomial_tails(
    n: int, p: Fraction | float, exact: bool = False
) -> list[Fraction] | NDArray[np.float64]: ...
def binomial_tails(
    n: int, p: Fraction | float, exact: bool = False
) -> list[Fraction] | NDArray[np.float64]:
    """Return P(X >= k), k = 0..n+1, for X ~ Binomial(n, p): Fractions if exact, else floats.

    The floats are summed from the far tail in log space, so they stay in [0, 1] with no NaN
    even for p within 1e-20 of 0 or 1. Limits as in binomial_pmf: n 0..MAX_UNKNOWN
    (0..MAX_EXACT_UNKNOWN and at most MAX_EXACT_DIGITS digits in d^n with exact=True); p
    strictly between 0 and 1; exact: True or False.
    """
    exact = check_flag("exact", exact)
    n = check_dice("n", n, exact)
    p = _check_p(p, n, exact)
    return tails_fractions(n, p) if exact else tails_floats(n, [p])[0]


@overload
def shortfall(q: int, matched: int, n: int) -> np.integer[Any]: ...
@overload
def shortfall(
    q: NDArray[np.integer[Any]], matched: NDArray[np.integer[Any]], n: int
) -> NDArray[np.intp]: ...
def shortfall(
    q: int | NDArray[np.integer[Any]], matched: int | NDArray[np.integer[Any]], n: int
) -> np.integer[Any] | NDArray[np.intp]:
    """Return how many unknown dice must match, q - matched, clipped to 0..n+1 (tail index)."""
    need: np.integer[Any] | NDArray[np.intp] = np.clip(q - matched, 0, n + 1)
    return need


@overload
def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: Literal[False] = False,
    palifico: bool = False,
) -> NDArray[np.float64]: ...
@overload
def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int],
    exact: Literal[True],
    palifico: bool = False,
) -> list[Fraction]: ...
@overload
def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    *,
    exact: Literal[True],
    palifico: bool = False,
) -> list[Fraction]: ...
@overload
def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> list[Fraction] | NDArray[np.float64]: ...
def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> list[Fraction] | NDArray[np.float64]:
    """Return P(the table's joker-inclusive count of `face` is c), c = 0..unknown + len(known).

    The known dice add a fixed number m of matches; the unknown ones add Binomial(unknown, p).

    Limits: face 1..6; unknown + len(known) at most MAX_UNKNOWN dice (MAX_EXACT_UNKNOWN with
    exact=True); known dice are faces 1..6; exact and palifico are True or False.
    """
    face = check_integer("face", face, 1, 6)
    rules, n, known, exact, palifico = check_view(rules, unknown, known, exact, palifico)
    m = rules.count(known, face, palifico)
    p = match_chance(face, rules, palifico)
    after = len(known) - m  # known dice that do not match: the count cannot reach them
    if exact:
        return [Fraction(0)] * m + binomial_pmf(n, p, exact=True) + [Fraction(0)] * after
    return np.concatenate([np.zeros(m), binomial_pmf(n, p), np.zeros(after)])


@overload
def joint_distribution(n: int, exact: Literal[False] = False) -> NDArray[np.float64]: ...
@overload
def joint_distribution(n: int, exact: Literal[True]) -> NDArray[np.object_]: ...
@overload
def joint_distribution(
    n: int, exact: bool = False
) -> NDArray[np.object_] | NDArray[np.float64]: ...
def joint_distribution(n: int, exact: bool = False) -> NDArray[np.object_] | NDArray[np.float64]:
    """Return P(a dice show one plain face and b are wild among n), indexed [a, b].

    Each die shows the plain face with 1/6, the wild with 1/6, another face with 4/6; the sum
    over a + b = c is P(count = c) with p = 1/3, which is why one wild is worth two plain dice.

    Limits: n 0..MAX_JOINT_DICE (200: the array holds (n + 1)^2 exact Fractions); exact: True
    or False.
    """
    exact = check_flag("exact", exact)
    n = check_integer("n", n, low=0)
    if n > MAX_JOINT_DICE:
        raise ValueError(f"n={quote(n)}: more than MAX_JOINT_DICE = {MAX_JOINT_DICE} dice")
    joint: NDArray[np.object_] = np.full((n + 1, n + 1), Fraction(0), dtype=object)
    for a in range(n + 1):
        for b in range(n + 1 - a):
            ways = math.comb(n, a) * math.comb(n - a, b) * 4 ** (n - a - b)
            joint[a, b] = Fraction(ways, 6**n)
    return joint if exact else joint.astype(float)
