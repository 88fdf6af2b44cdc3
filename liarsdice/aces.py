"""Aces, halve and double: where k wilds belong among plain bids, and which ladders keep order.

- Equivalence / halve_double_table(n): k wilds beside 2k-1, 2k and 2k+1 of a plain face.
- wild_place(k, n): the plain quantity after which k wilds belong by probability.
- wild_bracket(rules, k): the plain quantities between which the rules put k wilds.
- ladder_rises(rules, n): the raises on the ladder more likely than the bid they beat.
- first_rise(rules, n): the first of them, or None when the ladder is monotone in probability.
- ladder_monotonicity(ns, rules, ace_rules): first_rise for every ace rule and n.

Every probability is exact (Fractions); liarsdice.odds re-exports these names.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from liarsdice.bids import Bid
from liarsdice.ladder import ACE_RULES
from liarsdice.odds import _check_count, _shortfall, _tails_fractions, table
from liarsdice.rules import Rules


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
    return _tails_fractions(n, Fraction(1, 6)), _tails_fractions(n, Fraction(1, 3))


def _tail_at(tails: list[Fraction], q: int) -> Fraction:
    """Return P(X >= q) from a tail list, 1 for q <= 0 and 0 beyond its end."""
    return tails[int(_shortfall(q, 0, len(tails) - 2))]


def wild_place(k: int, n: int) -> int:
    """Return the largest q with P(>= q of a plain face) >= P(>= k wilds) among n unknown dice.

    k wilds belong between q and q + 1 of a plain face on a ladder ordered by probability:
    the board puts them at q = 2k-1, Perudo at q = 2k, the face order at q = k.
    """
    k, n = _check_count("k", k), _check_count("n", n)
    return _place(*_wild_and_plain_tails(n), k)


def _place(wild: list[Fraction], plain: list[Fraction], k: int) -> int:
    """Return the largest q whose plain tail is at least the tail of k wilds (see wild_place)."""
    target = _tail_at(wild, k)
    return max(q for q in range(len(plain)) if plain[q] >= target)


def halve_double_table(n: int) -> list[Equivalence]:
    """Return, for k = 1..n, P(at least k wilds) beside the plain quantities 2k-1, 2k, 2k+1."""
    n = _check_count("n", n)
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
    """Return the plain quantities (q, q + 1) between which the rules' ladder puts k wilds."""
    upper = rules.min_plain_after(k)
    return upper - 1, upper


def ladder_rises(rules: Rules, n: int) -> list[tuple[Bid, Bid]]:
    """Return every (bid, raise) in a row of the ladder where the raise is more likely.

    The ladder holds the bids of quantity 1..n (those a table of n dice offers), seen by a
    seat that knows none of the n dice; an empty list means it is monotone in probability.
    """
    n = _check_count("n", n)
    probabilities = table(rules, n, exact=True)
    chance = {bid: probabilities[bid.face - 1, bid.quantity] for bid in rules.ladder(n)}
    return [(bid, up) for bid, up in itertools.pairwise(chance) if chance[up] > chance[bid]]


def first_rise(rules: Rules, n: int) -> tuple[Bid, Bid] | None:
    """Return the first (bid, raise) of ladder_rises, or None if the ladder is monotone."""
    return next(iter(ladder_rises(rules, n)), None)


def ladder_monotonicity(
    ns: Iterable[int], rules: Rules | None = None, ace_rules: Sequence[str] | None = None
) -> dict[str, dict[int, tuple[Bid, Bid] | None]]:
    """Return first_rise for each ace rule and each n: {ace_rule: {n: (bid, raise) or None}}."""
    base = rules if rules is not None else Rules()
    ns = list(ns)
    ace_rules = tuple(ACE_RULES) if ace_rules is None else ace_rules
    return {
        ace_rule: {n: first_rise(dataclasses.replace(base, ace_rule=ace_rule), n) for n in ns}
        for ace_rule in ace_rules
    }
