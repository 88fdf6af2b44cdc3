"""Exact odds for joker-inclusive counts: Fractions first, numpy floats beside.

From one seat's view `known` dice are seen (its own hand and any shown dice, faces 1..6) and
`unknown` dice are hidden; each hidden die matches a plain face with p = 1/3 (the face or the
wild), the wild face with p = 1/6, and any face in a palifico round with p = 1/6. Notation:
q is a bid's quantity, n the number of unknown dice, p the chance that one die matches.

Counting:
- matching_faces(face, rules, palifico): the faces that count for `face` (it, and the wild).
- match_chance(face, rules, palifico): p, the chance that one unknown die counts for `face`.
- binomial_pmf(n, p, exact): P(X = j) for X ~ Binomial(n, p), j = 0..n.
- binomial_tails(n, p, exact): P(X >= k), k = 0..n+1.
- count_distribution(face, rules, unknown, known, exact, palifico): P(count on the table = c).
- joint_distribution(n, exact): P(a dice show one plain face and b dice are wild), [a, b].

Bids:
- bid_probability(bid, rules, unknown, known, exact, palifico): P(the bid is true).
- p_exact(bid, rules, unknown, known, exact, palifico): P(the count equals the bid).
- table(rules, unknown, known, palifico, exact): P(true) for every face and quantity, [face - 1, q].
- ChallengeCost / challenge_cost(bid, rules, unknown, known, dice, bidder, challenger,
  palifico, exact): the dice each seat loses if the bid is challenged now, and the expected
  losses (Fractions; floats with exact=False); cost_of_counts(distribution, ...) the same
  from any distribution of the count (liarsdice.inference gives one that reads bids).

Aces, halve and double (defined in liarsdice.halve_double, read here on first use):
- Equivalence / halve_double_table(n): k wilds beside 2k-1, 2k and 2k+1 of a plain face.
- wild_place(k, n), wild_bracket(rules, k): where k wilds belong by probability, and where
  the rules put them.
- ladder_rises(rules, n), first_rise(rules, n), ladder_monotonicity(ns, rules, ace_rules):
  the raises on a ladder more likely than the bid they beat.
- ACE_RULES: the registered ace rules (liarsdice.ladder), "board", "perudo", "face" and any
  registered since.

Symbols (sympy; defined in liarsdice.symbolic, read here on first use): symbolic_tail(),
symbolic_moments(p), binomial_terms(bid, rules, unknown, known, palifico).

Simulation:
- simulate_counts(n, trials, rng): how many of n rolled dice show each face, per trial.
- joker_counts(face_counts, face, rules, palifico): the joker-inclusive counts of `face`.

Shared with liarsdice.inference, aces and symbolic: check_rules(rules) and check_bid(bid, rules)
(checked values, or an error quoting the input); unchecked, for checked arguments only:
tails_fractions(n, p) (exact tails) and shortfall(q, matched, n) (a tail index).
"""

from __future__ import annotations

import importlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.bids import Bid
from liarsdice.checks import (
    check_counts,
    check_faces,
    check_flag,
    check_integer,
    check_probability,
    check_text,
    is_integer,
    quote,
)
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.ladder import ACE_RULES as ACE_RULES  # re-exported: the registered ace rules
from liarsdice.limits import MAX_EXACT_UNKNOWN, MAX_QUANTITY, MAX_SIMULATED_DICE, MAX_UNKNOWN
from liarsdice.rules import MAX_PLAYERS_LIMIT, Rules, resolve
from liarsdice.settlement import settle_every_count

Probability = float | Fraction

# ----- checking input ---------------------------------------------------------------------------

MAX_JOINT_DICE = 200  # joint_distribution's n: (n + 1)^2 exact Fractions (a real table's 200 dice)
MAX_TRIALS = 1_000_000  # simulate_counts' trials: one row of six counts each
MAX_EXACT_DIGITS = 1_000  # digits of d^n, an exact binomial's denominator (p = a/d)
MAX_SEATS = MAX_PLAYERS_LIMIT  # seats in challenge_cost's and cost_of_counts' dice


def check_rules(rules: object) -> Rules:
    """Return `rules` as Rules (a preset name is looked up); raise quoting anything else."""
    if isinstance(rules, Rules | str):
        return resolve(rules)
    raise ArgumentTypeError(
        f"rules={quote(rules)}: expected a Rules, such as liarsdice.preset('blef'), or a preset name"
    )


def _dice_limit(exact: bool) -> tuple[int, str]:
    """Return the most dice an odds computation takes, and the limit's name."""
    return (MAX_EXACT_UNKNOWN, "MAX_EXACT_UNKNOWN") if exact else (MAX_UNKNOWN, "MAX_UNKNOWN")


def _check_count(name: str, value: object, exact: bool = False) -> int:
    """Return `value` as an int if it is an integer 0..MAX_UNKNOWN (MAX_EXACT_UNKNOWN when
    exact); else raise ValueError (ArgumentTypeError for a wrong kind) quoting it."""
    number = check_integer(name, value, low=0)
    limit, limit_name = _dice_limit(exact)
    if number > limit:
        kind = "exact" if exact else "float"
        raise ValueError(
            f"{name}={quote(value)}: more than {limit_name} = {limit:,} dice for {kind} odds"
        )
    return number


def _check_known(known: object, unknown: int = 0, exact: bool = False) -> tuple[int, ...]:
    """Return the known dice as a tuple of ints (faces 1..6), refusing more than the table may
    hold: unknown + len(known) <= MAX_UNKNOWN (MAX_EXACT_UNKNOWN when exact)."""
    limit, limit_name = _dice_limit(exact)
    room = limit - unknown
    if isinstance(known, str | bytes) or not hasattr(known, "__iter__"):
        return check_faces("known", known)  # raises, quoting it
    if hasattr(known, "__len__"):
        size = len(known)
    else:  # an iterator: read no more than the limit allows, plus one
        known = tuple(itertools.islice(known, room + 1))
        size = len(known)
    if size > room:
        raise ValueError(
            f"known={quote(known)}: {unknown:,} unknown and {size:,}{'+' * (size == room + 1)} "
            f"known dice make more than {limit_name} = {limit:,} dice"
        )
    return check_faces("known", known)


def check_bid(bid: object, rules: Rules) -> Bid:
    """Return `bid` as a Bid (text such as "3x5" is parsed) of quantity 1..MAX_QUANTITY; raise
    ValueError (ArgumentTypeError for a wrong kind) quoting it."""
    if isinstance(bid, str):
        bid = Bid.parse(check_text("bid", bid), rules=rules)
    elif not isinstance(bid, Bid):
        raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid or text such as '3x5'")
    if bid.quantity > MAX_QUANTITY:
        raise InvalidBidError(f"bid={quote(bid)}: a quantity above MAX_QUANTITY = {MAX_QUANTITY:,}")
    return bid


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


def _check_seats(dice: object, bidder: object, challenger: object) -> tuple[int, ...]:
    """Return the dice per seat (two to MAX_SEATS seats); the seats are checked by settlement."""
    counts = check_counts("dice", dice, low=0, size=2)
    if len(counts) > MAX_SEATS:
        raise ValueError(f"dice={quote(dice)}: more than MAX_SEATS = {MAX_SEATS} seats")
    for name, seat in (("bidder", bidder), ("challenger", challenger)):
        check_integer(name, seat, 0, len(counts) - 1)
    return counts


# ----- counting ---------------------------------------------------------------------------------


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


def _tails_floats(n: int, ps: Sequence[Fraction]) -> NDArray[np.float64]:
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
    n = _check_count("n", n, exact)
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
    n = _check_count("n", n, exact)
    p = _check_p(p, n, exact)
    return tails_fractions(n, p) if exact else _tails_floats(n, [p])[0]


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


def _check_view(
    rules: object, unknown: object, known: object, exact: object, palifico: object
) -> tuple[Rules, int, tuple[int, ...], bool, bool]:
    """Return one seat's view checked: rules, unknown, known, exact, palifico."""
    exact, palifico = check_flag("exact", exact), check_flag("palifico", palifico)
    rules, n = check_rules(rules), _check_count("unknown", unknown, exact)
    return rules, n, _check_known(known, n, exact), exact, palifico


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
    rules, n, known, exact, palifico = _check_view(rules, unknown, known, exact, palifico)
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


# ----- bids -------------------------------------------------------------------------------------


@overload
def bid_probability(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: Literal[False] = False,
    palifico: bool = False,
) -> float: ...
@overload
def bid_probability(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int],
    exact: Literal[True],
    palifico: bool = False,
) -> Fraction: ...
@overload
def bid_probability(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    *,
    exact: Literal[True],
    palifico: bool = False,
) -> Fraction: ...
@overload
def bid_probability(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> Probability: ...
def bid_probability(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> Probability:
    """Return P(bid true) = P(Binomial(unknown, p) >= q - m), m the matches among known dice.

    Args:
        bid: a Bid, or text such as "3x5" or "2 aces" (at most MAX_TEXT characters); its
            quantity 1..MAX_QUANTITY.
        rules: decide which face is wild (a Rules, or a preset name).
        unknown: the number of dice this seat cannot see: unknown + len(known) at most
            MAX_UNKNOWN (MAX_EXACT_UNKNOWN with exact=True).
        known: the faces (1..6) this seat can see: its own hand and any shown dice.
        exact: True for a Fraction instead of a float (True or False only).
        palifico: True in a palifico round, where wilds are not wild (True or False only).

    A float is always in [0, 1].
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    rules, n, known, exact, palifico = _check_view(rules, unknown, known, exact, palifico)
    m = rules.count(known, bid.face, palifico)
    p = match_chance(bid.face, rules, palifico)
    k = min(max(bid.quantity - m, 0), n + 1)
    if exact:
        return tails_fractions(n, p)[k]
    return float(_tails_floats(n, [p])[0, k])


@overload
def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: Literal[False] = False,
    palifico: bool = False,
) -> float: ...
@overload
def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int],
    exact: Literal[True],
    palifico: bool = False,
) -> Fraction: ...
@overload
def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    *,
    exact: Literal[True],
    palifico: bool = False,
) -> Fraction: ...
@overload
def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> Probability: ...
def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> Probability:
    """Return P(the table's count equals the bid's quantity), from one seat's view.

    Limits as in bid_probability: unknown + len(known) at most MAX_UNKNOWN (MAX_EXACT_UNKNOWN
    with exact=True), a quantity 1..MAX_QUANTITY, flags True or False.
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    dist = count_distribution(bid.face, rules, unknown, known, exact, palifico)
    if bid.quantity >= len(dist):
        return Fraction(0) if exact else 0.0
    return dist[bid.quantity] if exact else float(dist[bid.quantity])


@overload
def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
    exact: Literal[False] = False,
) -> NDArray[np.float64]: ...
@overload
def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int],
    palifico: bool,
    exact: Literal[True],
) -> NDArray[np.object_]: ...
@overload
def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
    *,
    exact: Literal[True],
) -> NDArray[np.object_]: ...
@overload
def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
    exact: bool = False,
) -> NDArray[np.object_] | NDArray[np.float64]: ...
def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
    exact: bool = False,
) -> NDArray[np.object_] | NDArray[np.float64]:
    """Return P(true) of every bid, indexed [face - 1, quantity], quantity 0..unknown + len(known).

    One vectorised pass: a tail row per face, then every quantity gathered at once. With
    exact=True the array holds Fractions (dtype object), indexed the same way.

    Limits: unknown + len(known) at most MAX_UNKNOWN dice (MAX_EXACT_UNKNOWN with exact=True);
    known dice are faces 1..6; palifico and exact are True or False.
    """
    rules, n, known, exact, palifico = _check_view(rules, unknown, known, exact, palifico)
    faces = range(1, 7)
    matched = np.array([rules.count(known, f, palifico) for f in faces])
    chances = [match_chance(f, rules, palifico) for f in faces]
    tails: NDArray[Any]  # Fractions (dtype object) with exact, else float64
    if exact:
        rows = {p: tails_fractions(n, p) for p in set(chances)}
        tails = np.array([rows[p] for p in chances], dtype=object)
    else:
        tails = _tails_floats(n, chances)
    quantities = np.arange(n + len(known) + 1)
    index = shortfall(quantities[None, :], matched[:, None], n)
    return np.take_along_axis(tails, index, axis=1)


# ----- what a challenge costs -------------------------------------------------------------------


@dataclass(frozen=True)
class ChallengeCost:
    """The dice each seat loses if a bid is challenged now, as distributions (exact by default).

    loss[seat] maps dice lost (negative: gained) to its probability; expected_loss[seat] is the
    mean. bidder_loss, challenger_loss and their expected_ forms pick out the two sides.
    """

    bid: Bid
    dice: tuple[int, ...]
    bidder: int
    challenger: int
    p_true: Probability
    loss: tuple[dict[int, Probability], ...]
    expected_loss: tuple[Probability, ...]

    @property
    def bidder_loss(self) -> dict[int, Probability]:
        """Return the bidder's distribution of dice lost."""
        return self.loss[self.bidder]

    @property
    def challenger_loss(self) -> dict[int, Probability]:
        """Return the challenger's distribution of dice lost."""
        return self.loss[self.challenger]

    @property
    def expected_bidder_loss(self) -> Probability:
        """Return the bidder's expected dice lost."""
        return self.expected_loss[self.bidder]

    @property
    def expected_challenger_loss(self) -> Probability:
        """Return the challenger's expected dice lost."""
        return self.expected_loss[self.challenger]


def challenge_cost(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    dice: Sequence[int] | None = None,
    bidder: int = 0,
    challenger: int = 1,
    palifico: bool = False,
    exact: bool = True,
) -> ChallengeCost:
    """Return what challenging `bid` now costs each seat, from one seat's view.

    Every possible count is settled by settlement.settle (the rules' loss and exact options)
    and weighted by its probability: a Fraction, or a float with exact=False (for bots).

    Args:
        bid, rules, unknown, known, palifico: as in bid_probability: unknown + len(known) at
            most MAX_EXACT_UNKNOWN dice (exact=True, the default) or MAX_UNKNOWN (exact=False).
        dice: dice per seat before settlement (2..MAX_SEATS seats); their sum must be
            unknown + len(known). None means two seats: the bidder (seat 0) holding the unknown
            dice and the challenger (seat 1) holding the known ones, a heads-up challenger's view.
        bidder, challenger: the seats that bid and challenge (integers, seats of `dice`).
        exact: True or False.
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    rules, n, known, exact, palifico = _check_view(rules, unknown, known, exact, palifico)
    if dice is None:
        check_integer("bidder", bidder, low=0)
        check_integer("challenger", challenger, low=0)
        dice, bidder, challenger = (n, len(known)), 0, 1
    dice = _check_seats(dice, bidder, challenger)
    if sum(dice) != n + len(known):
        raise ValueError(
            f"dice={quote(dice)}, unknown={quote(unknown)}, known={quote(known)}: expected dice "
            f"counts per seat summing to unknown + len(known) = {n + len(known)}"
        )
    dist = count_distribution(bid.face, rules, n, known, exact=exact, palifico=palifico)
    return cost_of_counts(dist, bid, rules, dice, bidder, challenger)


def _check_distribution(distribution: object, size: int) -> list[Probability]:
    """Return the chances of counts 0..size - 1 as a list of floats, or of Fractions when every
    one is exact: each in [0, 1], their total 1 (within 1e-9); else raise quoting them."""
    expected = f"{size} probabilities (counts 0..{size - 1}) summing to 1"
    given: list[object]
    if isinstance(distribution, np.ndarray):
        if distribution.ndim != 1:
            raise ArgumentTypeError(f"distribution={quote(distribution)}: expected {expected}")
        given = distribution.tolist()
    elif isinstance(distribution, Sequence) and not isinstance(distribution, str | bytes):
        given = list(distribution)
    else:
        raise ArgumentTypeError(f"distribution={quote(distribution)}: expected {expected}")
    if len(given) != size:
        raise ValueError(
            f"distribution={quote(distribution)}: {len(given)} counts for a table of "
            f"{size - 1} dice (dice={{dice}}): expected {expected}"
        )
    exact = bool(given) and all(isinstance(c, Fraction) for c in given)
    chances: list[Probability] = []
    for count, chance in enumerate(given):
        try:
            chances.append(check_probability(f"distribution[{count}]", chance, exact=exact))
        except ValueError as error:
            raise type(error)(f"{error} (distribution={quote(distribution)})") from None
    total: Probability = sum(chances, Fraction(0) if exact else 0.0)
    if not -1e-9 <= total - 1 <= 1e-9:  # |total - 1| > 1e-9 (abs of a union types as object)
        raise ValueError(
            f"distribution={quote(distribution)}: the probabilities sum to {total!r}, not 1"
        )
    return chances


def cost_of_counts(
    distribution: Sequence[Probability] | NDArray[np.floating[Any]],
    bid: Bid,
    rules: Rules,
    dice: Sequence[int],
    bidder: int,
    challenger: int,
) -> ChallengeCost:
    """Return what challenging `bid` costs each seat when the table's count of its face has
    `distribution` (count -> probability, as count_distribution gives; Fractions stay exact).

    challenge_cost uses the odds of one seat's view; liarsdice.inference supplies a
    distribution that reads the other players' bids.

    Limits: dice per seat 2..MAX_SEATS seats holding at most MAX_UNKNOWN dice in all;
    `distribution` holds sum(dice) + 1 probabilities in [0, 1] summing to 1 (within 1e-9);
    the bid's quantity 1..MAX_QUANTITY. Float probabilities in the result are clipped into
    [0, 1], where rounding could overshoot.
    """
    rules = check_rules(rules)
    bid = check_bid(bid, rules)
    dice = _check_seats(dice, bidder, challenger)
    if sum(dice) > MAX_UNKNOWN:
        raise ValueError(f"dice={quote(dice)}: more than MAX_UNKNOWN = {MAX_UNKNOWN:,} dice")
    try:
        chances = _check_distribution(distribution, sum(dice) + 1)
    except ValueError as error:
        raise type(error)(str(error).replace("{dice}", quote(dice))) from None
    zero = Fraction(0) if chances and isinstance(chances[0], Fraction) else 0.0
    loss: list[dict[int, Probability]] = [{} for _ in dice]
    outcomes = settle_every_count(rules, dice, bidder, challenger, bid)
    for count, chance in enumerate(chances):
        if chance:
            for seat, lost in enumerate(outcomes[count].lost):
                loss[seat][lost] = loss[seat].get(lost, zero) + chance
    if not isinstance(zero, Fraction):  # rounded sums may pass 1 by an ulp or two
        loss = [{k: min(v, 1.0) for k, v in d.items()} for d in loss]
    p_true = sum(chances[bid.quantity :], zero)
    return ChallengeCost(
        bid=bid,
        dice=tuple(dice),
        bidder=bidder,
        challenger=challenger,
        p_true=p_true if isinstance(zero, Fraction) else min(max(p_true, 0.0), 1.0),
        loss=tuple(dict(sorted(d.items())) for d in loss),
        expected_loss=tuple(sum((k * v for k, v in d.items()), zero) for d in loss),
    )


# ----- simulation -------------------------------------------------------------------------------

_COUNT_CHUNK = 10_000_000  # dice counted at once by simulate_counts


def simulate_counts(n: int, trials: int, rng: np.random.Generator) -> NDArray[np.int64]:
    """Return how many of n rolled dice show each face, one row per trial: [trial, face - 1].

    Limits: n >= 0 and trials 0..MAX_TRIALS with n x trials at most MAX_SIMULATED_DICE dice
    rolled in one call; rng a numpy Generator (np.random.default_rng(seed)).
    """
    n, trials = check_integer("n", n, low=0), check_integer("trials", trials, low=0)
    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(
            f"rng={quote(rng)}: expected a numpy Generator, np.random.default_rng(seed)"
        )
    if trials > MAX_TRIALS:
        raise ValueError(f"trials={quote(trials)}: more than MAX_TRIALS = {MAX_TRIALS:,}")
    if n > MAX_SIMULATED_DICE or n * trials > MAX_SIMULATED_DICE:
        raise ValueError(
            f"n={quote(n)}, trials={quote(trials)}: more than MAX_SIMULATED_DICE = "
            f"{MAX_SIMULATED_DICE:,} dice rolled in one call"
        )
    rolls = rng.integers(0, 6, size=(trials, n), dtype=np.uint8)
    counts = np.zeros((trials, 6), dtype=np.int64)
    step = max(1, _COUNT_CHUNK // max(n, 1))  # rows counted at once (a 10 MB mask per face)
    for first in range(0, trials, step):
        block = rolls[first : first + step]
        for face in range(6):
            counts[first : first + step, face] = np.count_nonzero(block == face, axis=1)
    return counts


def joker_counts(
    face_counts: NDArray[np.integer[Any]] | Sequence[Sequence[int]],
    face: int,
    rules: Rules,
    palifico: bool = False,
) -> NDArray[Any]:
    """Return the joker-inclusive count of `face` per row of face counts ([trial, face - 1]).

    Limits: face_counts a 2-D array (or nested sequence) of integer counts >= 0 with six
    columns, as simulate_counts gives; face 1..6; palifico True or False.
    """
    columns = [f - 1 for f in matching_faces(face, rules, palifico)]
    expected = "a [trial, face - 1] array of integer counts >= 0 with six columns"
    try:
        counts: NDArray[Any] = np.asarray(face_counts)
    except (ValueError, TypeError):  # ragged nested lists
        raise ArgumentTypeError(f"face_counts={quote(face_counts)}: expected {expected}") from None
    if (
        counts.ndim != 2
        or counts.shape[1] != 6
        or not (
            np.issubdtype(counts.dtype, np.integer)
            or (counts.dtype == object and all(is_integer(c) for c in counts.ravel()))
        )
    ):
        raise ArgumentTypeError(f"face_counts={quote(face_counts)}: expected {expected}")
    if (counts < 0).any():
        raise ValueError(f"face_counts={quote(face_counts)}: expected {expected}")
    joker: NDArray[Any] = counts[:, columns].sum(axis=1)  # integers (object: Python ints given)
    return joker


# ----- names that live in liarsdice.halve_double and liarsdice.symbolic -------------------------

_ELSEWHERE = {
    **dict.fromkeys(
        ("Equivalence", "halve_double_table", "wild_place", "wild_bracket", "ladder_rises",
         "first_rise", "ladder_monotonicity"),
        "liarsdice.halve_double",
    ),
    **dict.fromkeys(("symbolic_tail", "symbolic_moments", "binomial_terms"), "liarsdice.symbolic"),
}  # fmt: skip


def __getattr__(name: str) -> object:
    """Return the names of liarsdice.halve_double and liarsdice.symbolic, imported on first use."""
    if name in _ELSEWHERE:
        return getattr(importlib.import_module(_ELSEWHERE[name]), name)
    raise AttributeError(f"module 'liarsdice.odds' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Return the module's names with those it forwards."""
    return sorted([*globals(), *_ELSEWHERE])
