"""The odds in symbols (sympy), for teaching: the tail sum, the moments, a bid's terms.

- symbolic_tail(): P(at least q of n dice match) as a sum in n, q and p.
- symbolic_moments(p): the mean and variance of the count, derived from one die.
- binomial_terms(bid, rules, unknown, known, palifico): a bid's exact odds as a sum of terms.

sympy is imported on first use, so that importing liarsdice stays quick; liarsdice.odds
re-exports these names.

Limits: binomial_terms takes 0..MAX_SYMBOLIC_UNKNOWN unknown dice (300: built in well under a
second, printed or summed in about half a second); p is None, a sympy expression, or a
probability 0..1 (a rational number kept exact, or a finite float); text is refused (sympy
would evaluate it as code). Wrong kinds raise ArgumentTypeError, values out of range ValueError.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from numbers import Rational, Real
from typing import TYPE_CHECKING

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_faces, check_flag, check_integer, check_probability, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.odds import match_chance, shortfall
from liarsdice.rules import Rules, resolve

if TYPE_CHECKING:
    import sympy as sp

MAX_SYMBOLIC_UNKNOWN = 300  # unknown dice in binomial_terms: one term per possible count


@cache
def _symbols() -> tuple[sp.Symbol, ...]:
    """Return the sympy symbols n, q, p and j (non-negative)."""
    import sympy as sp

    symbols: tuple[sp.Symbol, ...] = sp.symbols("n q p j", nonnegative=True)
    return symbols


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

    p: None, a sympy expression (such as a symbol), or a probability 0..1: an int or a
    Fraction (kept exact) or a finite float. Text is refused (ArgumentTypeError).
    """
    import sympy as sp

    n, _, symbol_p, _ = _symbols()
    chance: sp.Expr = symbol_p if p is None else _chance(p)
    one_mean = 1 * chance + 0 * (1 - chance)
    one_variance = 1**2 * chance + 0**2 * (1 - chance) - one_mean**2
    return {"mean": sp.factor(n * one_mean), "variance": sp.factor(n * one_variance)}


def binomial_terms(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
) -> sp.Expr:
    """Return the bid's exact P(true) as an unevaluated sum of binomial terms (.doit() sums it).

    bid: a Bid or bid text; rules: a Rules or a preset name; unknown: an integer
    0..MAX_SYMBOLIC_UNKNOWN; known: faces 1..6; palifico: True or False.
    """
    import sympy as sp

    rules = resolve(rules)
    bid = as_bid("bid", bid, rules)
    n = check_integer("unknown", unknown, 0, MAX_SYMBOLIC_UNKNOWN)
    known = check_faces("known", known)
    palifico = check_flag("palifico", palifico)
    chance = match_chance(bid.face, rules, palifico)
    p = sp.Rational(chance.numerator, chance.denominator)
    need = int(shortfall(bid.quantity, rules.count(known, bid.face, palifico), n))
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


def _chance(p: object) -> sp.Expr:
    """Return p as a sympy value: a sympy expression as is (a number in it checked 0..1), a
    rational probability exactly, a float as a sympy Float; else raise quoting it."""
    import sympy as sp

    if isinstance(p, sp.Basic):
        if p.is_number and (
            p.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not p.is_real or not 0 <= p <= 1
        ):
            raise ValueError(f"p={quote(p)}: expected a probability 0..1")
        return p
    if isinstance(p, bool) or not isinstance(p, Real):
        raise ArgumentTypeError(
            f"p={quote(p)}: expected None, a sympy expression or a probability 0..1"
        )
    if isinstance(p, Rational):
        chance = check_probability("p", p, exact=True)
        assert isinstance(chance, Fraction)
        return sp.Rational(chance.numerator, chance.denominator)
    return sp.Float(check_probability("p", p))
