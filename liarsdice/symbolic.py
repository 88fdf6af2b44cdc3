"""The odds in symbols (sympy), for teaching: the tail sum, the moments, a bid's terms.

- symbolic_tail(): P(at least q of n dice match) as a sum in n, q and p.
- symbolic_moments(p): the mean and variance of the count, derived from one die.
- binomial_terms(bid, rules, unknown, known, palifico): a bid's exact odds as a sum of terms.

sympy is imported on first use, so that importing liarsdice stays quick; liarsdice.odds
re-exports these names.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from liarsdice.bids import Bid
from liarsdice.odds import _check_bid, _check_count, _check_known, _shortfall, match_chance
from liarsdice.rules import Rules

if TYPE_CHECKING:
    import sympy as sp


@cache
def _symbols() -> tuple[sp.Symbol, ...]:
    """Return the sympy symbols n, q, p and j (non-negative)."""
    import sympy as sp

    return sp.symbols("n q p j", nonnegative=True)


def symbolic_tail() -> sp.Expr:
    """Return P(at least q of n dice match), Sum_{j=q}^{n} C(n, j) p^j (1-p)^(n-j), in n, q, p."""
    import sympy as sp

    n, q, p, j = _symbols()
    return sp.Sum(sp.binomial(n, j) * p**j * (1 - p) ** (n - j), (j, q, n))


def symbolic_moments(p: object = None) -> dict[str, sp.Expr]:
    """Return the mean and variance of the count among n dice, from one die's indicator.

    One die matches (1) with chance p or not (0): its mean is p and its variance p - p^2;
    n independent dice add both. p = 1/3 gives n/3 and 2n/9; p = 1/6 gives n/6 and 5n/36;
    None leaves p a symbol.
    """
    import sympy as sp

    n, _, symbol_p, _ = _symbols()
    p = symbol_p if p is None else sp.sympify(p)
    one_mean = 1 * p + 0 * (1 - p)
    one_variance = 1**2 * p + 0**2 * (1 - p) - one_mean**2
    return {"mean": sp.factor(n * one_mean), "variance": sp.factor(n * one_variance)}


def binomial_terms(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
) -> sp.Expr:
    """Return the bid's exact P(true) as an unevaluated sum of binomial terms (.doit() sums it)."""
    import sympy as sp

    bid, n = _check_bid(bid, rules), _check_count("unknown", unknown)
    known = _check_known(known)
    chance = match_chance(bid.face, rules, palifico)
    p = sp.Rational(chance.numerator, chance.denominator)
    need = int(_shortfall(bid.quantity, rules.count(known, bid.face, palifico), n))
    if need > n:
        return sp.Integer(0)
    terms = [
        sp.Mul(
            sp.binomial(n, j, evaluate=False),
            sp.Pow(p, j, evaluate=False),
            sp.Pow(1 - p, n - j, evaluate=False),
            evaluate=False,
        )
        for j in range(need, n + 1)
    ]
    return sp.Add(*terms, evaluate=False) if len(terms) > 1 else terms[0]
