"""Exact odds for joker-inclusive counts: Fractions first, numpy floats beside.

From one seat's view `known` dice are seen (its own hand and any shown dice, faces 1..6) and
`unknown` dice are hidden; each hidden die matches a plain face with p = 1/3 (the face or the
wild), the wild face with p = 1/6, and any face in a palifico round with p = 1/6. Notation:
q is a bid's quantity, n the number of unknown dice, p the chance that one die matches.

Bids (defined here):
- bid_probability(bid, rules, unknown, known, exact, palifico): P(the bid is true).
- p_exact(bid, rules, unknown, known, exact, palifico): P(the count equals the bid).
- table(rules, unknown, known, palifico, exact): P(true) for every face and quantity, [face - 1, q].

Counting (defined in liarsdice.odds_counts, re-exported here): matching_faces and match_chance
(the faces that count for a face, and p); binomial_pmf and binomial_tails (P(X = j) and
P(X >= k) for X ~ Binomial(n, p)); count_distribution (P(the table's count of a face is c) from
one seat's view); joint_distribution (P(a dice show one plain face and b are wild), [a, b]).

What a challenge costs (defined in liarsdice.odds_costs, re-exported here): ChallengeCost, the
dice each seat loses and the expected losses; challenge_cost(bid, rules, unknown, known, dice,
bidder, challenger, palifico, exact) from one seat's view; cost_of_counts(distribution, ...)
from any distribution of the count (liarsdice.inference gives one that reads bids).

Simulation (defined in liarsdice.odds_simulation, re-exported here): simulate_counts(n,
trials, rng), how many of n rolled dice show each face per trial; joker_counts(face_counts,
face, rules, palifico), the joker-inclusive counts they make.

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

Also re-exported: the input checks of liarsdice.odds_checks, check_rules(rules) and
check_bid(bid, rules) (checked values, or an error quoting the input); unchecked, for checked
arguments only: tails_fractions(n, p) (exact tails) and shortfall(q, matched, n) (a tail
index); the limits the functions name (MAX_UNKNOWN, MAX_EXACT_UNKNOWN, MAX_QUANTITY,
MAX_SIMULATED_DICE of liarsdice.limits; MAX_JOINT_DICE, MAX_EXACT_DIGITS, MAX_SEATS, MAX_TRIALS).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Literal, overload

import numpy as np
from numpy.typing import NDArray

from liarsdice.bids import Bid
from liarsdice.ladder import ACE_RULES as ACE_RULES  # re-exported: the registered ace rules
from liarsdice.limits import MAX_EXACT_UNKNOWN as MAX_EXACT_UNKNOWN  # re-exported: the limits
from liarsdice.limits import MAX_QUANTITY as MAX_QUANTITY
from liarsdice.limits import MAX_SIMULATED_DICE as MAX_SIMULATED_DICE
from liarsdice.limits import MAX_UNKNOWN as MAX_UNKNOWN
from liarsdice.odds_checks import Probability as Probability
from liarsdice.odds_checks import check_bid as check_bid
from liarsdice.odds_checks import check_rules as check_rules
from liarsdice.odds_checks import check_view
from liarsdice.odds_costs import MAX_SEATS as MAX_SEATS
from liarsdice.odds_costs import ChallengeCost as ChallengeCost
from liarsdice.odds_costs import challenge_cost as challenge_cost
from liarsdice.odds_costs import cost_of_counts as cost_of_counts
from liarsdice.odds_counts import MAX_EXACT_DIGITS as MAX_EXACT_DIGITS
from liarsdice.odds_counts import MAX_JOINT_DICE as MAX_JOINT_DICE
from liarsdice.odds_counts import binomial_pmf as binomial_pmf
from liarsdice.odds_counts import binomial_tails as binomial_tails
from liarsdice.odds_counts import count_distribution as count_distribution
from liarsdice.odds_counts import joint_distribution as joint_distribution
from liarsdice.odds_counts import match_chance as match_chance
from liarsdice.odds_counts import matching_faces as matching_faces
from liarsdice.odds_counts import shortfall as shortfall
from liarsdice.odds_counts import tails_floats
from liarsdice.odds_counts import tails_fractions as tails_fractions
from liarsdice.odds_simulation import MAX_TRIALS as MAX_TRIALS
from liarsdice.odds_simulation import joker_counts as joker_counts
from liarsdice.odds_simulation import simulate_counts as simulate_counts
from liarsdice.rules import Rules


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
    rules, n, known, exact, palifico = check_view(rules, unknown, known, exact, palifico)
    m = rules.count(known, bid.face, palifico)
    p = match_chance(bid.face, rules, palifico)
    k = min(max(bid.quantity - m, 0), n + 1)
    if exact:
        return tails_fractions(n, p)[k]
    return float(tails_floats(n, [p])[0, k])


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
    rules, n, known, exact, palifico = check_view(rules, unknown, known, exact, palifico)
    faces = range(1, 7)
    matched = np.array([rules.count(known, f, palifico) for f in faces])
    chances = [match_chance(f, rules, palifico) for f in faces]
    tails: NDArray[Any]  # Fractions (dtype object) with exact, else float64
    if exact:
        rows = {p: tails_fractions(n, p) for p in set(chances)}
        tails = np.array([rows[p] for p in chances], dtype=object)
    else:
        tails = tails_floats(n, chances)
    quantities = np.arange(n + len(known) + 1)
    index = shortfall(quantities[None, :], matched[:, None], n)
    return np.take_along_axis(tails, index, axis=1)


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
