"""Halve and double: where k wilds belong among plain bids, and which ladders keep order.

- Equivalence / halve_double_table(n): k wilds beside 2k-1, 2k and 2k+1 of a plain face.
- wild_place(k, n): the plain quantity after which k wilds belong by probability.
- wild_bracket(rules, k): the plain quantities between which the rules put k wilds.
- ladder_rises(rules, n): the raises on the ladder more likely than the bid they beat.
- first_rise(rules, n): the first of them, or None when the ladder is monotone in probability.
- ladder_monotonicity(ns, rules, ace_rules): first_rise for every ace rule and n.

Every probability is exact (Fractions); liarsdice.odds re-exports these names, and
liarsdice.aces (the old name of this module) is a deprecated alias of it.

Limits: n (dice) is 0..limits.MAX_EXACT_UNKNOWN; k (wilds) is 0..limits.MAX_QUANTITY (1.. for
wild_bracket); ladder_monotonicity weighs at most MONOTONICITY_BUDGET, the sum of
n**2 + CALL_WEIGHT over its ns times the number of ace rules (about a second): range(1, 101)
with the three rules fits, four times 1,000 dice does not. rules is a Rules or a preset name.
Wrong kinds raise ArgumentTypeError, values out of range ValueError, each quoting the input.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from liarsdice.bids import Bid
from liarsdice.checks import check_choice, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import ACE_RULES
from liarsdice.limits import MAX_EXACT_UNKNOWN, MAX_QUANTITY
from liarsdice.odds import shortfall, table, tails_fractions
from liarsdice.rules import Rules, resolve

__all__ = [
    "CALL_WEIGHT",
    "MAX_NS",
    "MONOTONICITY_BUDGET",
    "Equivalence",
    "first_rise",
    "halve_double_table",
    "ladder_monotonicity",
    "ladder_rises",
    "wild_bracket",
    "wild_place",
]

MONOTONICITY_BUDGET = 8_000_000  # ladder_monotonicity: the sum of (n**2 + CALL_WEIGHT) over
CALL_WEIGHT = 20_000  # its ns, times the number of ace rules (8,000,000: about a second)
MAX_NS = 1_000  # ladder_monotonicity: the most values of n


def _check_n(name: str, value: object) -> int:
    """Return a number of dice 0..MAX_EXACT_UNKNOWN as an int; else raise quoting it."""
    return check_integer(name, value, 0, MAX_EXACT_UNKNOWN)


@dataclass(frozen=True)
class Equivalence:
    """P(at least k wilds) beside P(at least 2k-1, 2k, 2k+1 of a plain face) among n dice.

    place is the plain quantity after which k wilds belong by probability (see wild_place).
    """

    n: int
    k: int
    wild: Fraction
    plain_2k_minus_1: Fraction
    plain_2k: Fraction
    plain_2k_plus_1: Fraction
    place: int


def _wild_and_plain_tails(n: int) -> tuple[list[Fraction], list[Fraction]]:
    """Return the exact tails P(X >= k), k = 0..n+1, for wild (p = 1/6) and plain (p = 1/3)."""
    return tails_fractions(n, Fraction(1, 6)), tails_fractions(n, Fraction(1, 3))


def _tail_at(tails: list[Fraction], q: int) -> Fraction:
    """Return P(X >= q) from a tail list, 1 for q <= 0 and 0 beyond its end."""
    return tails[int(shortfall(q, 0, len(tails) - 2))]


def wild_place(k: int, n: int) -> int:
    """Return the largest q with P(>= q of a plain face) >= P(>= k wilds) among n unknown dice.

    k wilds belong between q and q + 1 of a plain face on a ladder ordered by probability:
    the board puts them at q = 2k-1, Perudo at q = 2k, the face order at q = k.
    k: an integer 0..MAX_QUANTITY; n: an integer 0..MAX_EXACT_UNKNOWN.
    """
    k, n = check_integer("k", k, 0, MAX_QUANTITY), _check_n("n", n)
    return _place(*_wild_and_plain_tails(n), k)


def _place(wild: list[Fraction], plain: list[Fraction], k: int) -> int:
    """Return the largest q whose plain tail is at least the tail of k wilds (see wild_place).

    The tails fall as q rises (plain[0] = 1), so a binary search finds q.
    """
    target = _tail_at(wild, k)
    low, high = 0, len(plain) - 1  # plain[low] >= target always holds
    while low < high:
        middle = (low + high + 1) // 2
        if plain[middle] >= target:
            low = middle
        else:
            high = middle - 1
    return low


def halve_double_table(n: int) -> list[Equivalence]:
    """Return, for k = 1..n, P(at least k wilds) beside the plain quantities 2k-1, 2k, 2k+1.

    n: an integer 0..MAX_EXACT_UNKNOWN (at the limit: about a second).
    """
    n = _check_n("n", n)
    wild, plain = _wild_and_plain_tails(n)
    return [
        Equivalence(
            n=n,
            k=k,
            wild=_tail_at(wild, k),
            plain_2k_minus_1=_tail_at(plain, 2 * k - 1),
            plain_2k=_tail_at(plain, 2 * k),
            plain_2k_plus_1=_tail_at(plain, 2 * k + 1),
            place=_place(wild, plain, k),
        )
        for k in range(1, n + 1)
    ]


def wild_bracket(rules: Rules, k: int) -> tuple[int, int]:
    """Return the plain quantities (q, q + 1) between which the rules' ladder puts k wilds.

    rules: a Rules or a preset name; k: an integer 1..MAX_QUANTITY.
    """
    upper = resolve(rules).min_plain_after(k)
    return upper - 1, upper


def ladder_rises(rules: Rules, n: int) -> list[tuple[Bid, Bid]]:
    """Return every (bid, raise) in a row of the ladder where the raise is more likely.

    The ladder holds the bids of quantity 1..n (those a table of n dice offers), seen by a
    seat that knows none of the n dice; an empty list means it is monotone in probability.
    rules: a Rules or a preset name; n: an integer 0..MAX_EXACT_UNKNOWN.
    """
    rules, n = resolve(rules), _check_n("n", n)
    probabilities = table(rules, n, exact=True)
    chance = {bid: probabilities[bid.face - 1, bid.quantity] for bid in rules.ladder(n)}
    return [(bid, up) for bid, up in itertools.pairwise(chance) if chance[up] > chance[bid]]


def first_rise(rules: Rules, n: int) -> tuple[Bid, Bid] | None:
    """Return the first (bid, raise) of ladder_rises, or None if the ladder is monotone.

    rules: a Rules or a preset name; n: an integer 0..MAX_EXACT_UNKNOWN.
    """
    return next(iter(ladder_rises(rules, n)), None)


def ladder_monotonicity(
    ns: Iterable[int], rules: Rules | None = None, ace_rules: Sequence[str] | None = None
) -> dict[str, dict[int, tuple[Bid, Bid] | None]]:
    """Return first_rise for each ace rule and each n: {ace_rule: {n: (bid, raise) or None}}.

    ns: up to MAX_NS integers 0..MAX_EXACT_UNKNOWN (not text); rules: None (Blef), a Rules or
    a preset name; ace_rules: None (every registered rule) or a sequence of their names (not
    one name as text). The work, sum(n**2 + CALL_WEIGHT for n in ns) x len(ace_rules), is at
    most MONOTONICITY_BUDGET.
    """
    base = resolve(rules) if rules is not None else Rules()
    ns = [_check_n("n", n) for n in _sequence("ns", ns)]
    if ace_rules is None:
        ace_rules = tuple(ACE_RULES)
    else:
        ace_rules = tuple(
            check_choice("ace_rule", a, ACE_RULES) for a in _sequence("ace_rules", ace_rules)
        )
    work = sum(n * n + CALL_WEIGHT for n in ns) * len(ace_rules)
    if work > MONOTONICITY_BUDGET:
        raise ValueError(
            f"ns={quote(ns)} with {len(ace_rules)} ace rules: too much work "
            f"(the sum of n**2 + {CALL_WEIGHT:,} over ns, times the rules: {work:,}, at most {MONOTONICITY_BUDGET:,})"
        )
    return {
        ace_rule: {n: first_rise(dataclasses.replace(base, ace_rule=ace_rule), n) for n in ns}
        for ace_rule in ace_rules
    }


def _sequence(name: str, values: object) -> list[object]:
    """Return `values` as a list of at most MAX_NS items: any iterable but text or a mapping."""
    if isinstance(values, str | bytes | dict) or not hasattr(values, "__iter__"):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected a sequence such as [5, 10]")
    if hasattr(values, "__len__") and len(values) > MAX_NS:
        raise ValueError(f"{name}={quote(values)}: at most {MAX_NS} values")
    items = list(itertools.islice(values, MAX_NS + 1))
    if len(items) > MAX_NS:
        raise ValueError(f"{name}={quote(values)}: at most {MAX_NS} values")
    return items
