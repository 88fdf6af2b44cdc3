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

Aces, halve and double (defined in liarsdice.aces, read here on first use):
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
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_faces, check_integer
from liarsdice.ladder import ACE_RULES as ACE_RULES  # re-exported: the registered ace rules
from liarsdice.rules import Rules
from liarsdice.settlement import settle_every_count

Probability = float | Fraction

# ----- checking input ---------------------------------------------------------------------------


def _check_count(name: str, value: object) -> int:
    """Return `value` as an int if it is an integer >= 0; else raise ValueError quoting it."""
    return check_integer(name, value, low=0)


def _check_known(known: Iterable[int]) -> tuple[int, ...]:
    """Return the known dice as a tuple of ints; raise ValueError quoting a die not in 1..6."""
    return check_faces("known", known)


def _check_bid(bid: Bid | str, rules: Rules) -> Bid:
    """Return `bid` as a Bid (text such as "3x5" is parsed); raise ValueError quoting it."""
    if isinstance(bid, str):
        return Bid.parse(bid, rules=rules)
    if not isinstance(bid, Bid):
        raise ValueError(f"bid={bid!r}: expected a Bid or text such as '3x5'")
    return bid


def _check_p(p: object) -> Fraction:
    """Return p as a Fraction strictly between 0 and 1; raise ValueError quoting it."""
    try:
        chance = Fraction(p)
    except (TypeError, ValueError):
        raise ValueError(f"p={p!r}: expected a probability such as Fraction(1, 3)") from None
    if not 0 < chance < 1:
        raise ValueError(f"p={p!r}: expected a probability strictly between 0 and 1")
    return chance


# ----- counting ---------------------------------------------------------------------------------


def matching_faces(face: int, rules: Rules, palifico: bool = False) -> tuple[int, ...]:
    """Return the faces that count for `face`: the face itself, and the wild for a plain face."""
    face = check_integer("face", face, 1, 6)
    if face == rules.wild or palifico:
        return (face,)
    return (face, rules.wild)


def match_chance(face: int, rules: Rules, palifico: bool = False) -> Fraction:
    """Return p, the chance that one unknown die counts for `face` (1/3 plain, 1/6 wild)."""
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
def _log_factorials(n: int) -> np.ndarray:
    """Return log(j!) for j = 0..n, each correctly rounded by math.lgamma."""
    return np.array([math.lgamma(j + 1) for j in range(n + 1)])


def _pmf_floats(n: int, ps: np.ndarray) -> np.ndarray:
    """Return P(X = j) for X ~ Binomial(n, p), one row per p, by log-factorials (no overflow)."""
    j = np.arange(n + 1)
    log_factorials = _log_factorials(n)
    log_choose = log_factorials[n] - log_factorials - log_factorials[::-1]
    ps = ps[:, None]
    return np.exp(log_choose + j * np.log(ps) + (n - j) * np.log1p(-ps))


def _tails_floats(n: int, ps: np.ndarray) -> np.ndarray:
    """Return P(X >= k), k = 0..n+1, one row per p, summed from the small end, never above 1."""
    tails = np.zeros((len(ps), n + 2))
    tails[:, : n + 1] = np.cumsum(_pmf_floats(n, ps)[:, ::-1], axis=1)[:, ::-1]
    tails[:, 0] = 1.0  # P(X >= 0) is exactly 1, not a rounded sum
    return np.minimum(tails, 1.0, out=tails)


def _tails_fractions(n: int, p: Fraction) -> list[Fraction]:
    """Return the exact P(X >= k), k = 0..n+1, for X ~ Binomial(n, p)."""
    weights, denominator = _binomial_weights(n, p)
    tails, running = [Fraction(0)], 0
    for weight in reversed(weights):
        running += weight
        tails.append(Fraction(running, denominator))
    return tails[::-1]


def binomial_pmf(n: int, p: Fraction | float, exact: bool = False) -> list[Fraction] | np.ndarray:
    """Return P(X = j), j = 0..n, for X ~ Binomial(n, p): Fractions if exact, else floats."""
    n, p = _check_count("n", n), _check_p(p)
    if exact:
        weights, denominator = _binomial_weights(n, p)
        return [Fraction(w, denominator) for w in weights]
    return _pmf_floats(n, np.array([float(p)]))[0]


def binomial_tails(n: int, p: Fraction | float, exact: bool = False) -> list[Fraction] | np.ndarray:
    """Return P(X >= k), k = 0..n+1, for X ~ Binomial(n, p): Fractions if exact, else floats."""
    n, p = _check_count("n", n), _check_p(p)
    return _tails_fractions(n, p) if exact else _tails_floats(n, np.array([float(p)]))[0]


def _shortfall(q: int | np.ndarray, matched: int | np.ndarray, n: int) -> int | np.ndarray:
    """Return how many unknown dice must match, q - matched, clipped to 0..n+1 (tail index)."""
    return np.clip(q - matched, 0, n + 1)


def count_distribution(
    face: int,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> list[Fraction] | np.ndarray:
    """Return P(the table's joker-inclusive count of `face` is c), c = 0..unknown + len(known).

    The known dice add a fixed number m of matches; the unknown ones add Binomial(unknown, p).
    """
    n, known = _check_count("unknown", unknown), _check_known(known)
    m = rules.count(known, face, palifico)
    pmf = binomial_pmf(n, match_chance(face, rules, palifico), exact)
    after = len(known) - m  # known dice that do not match: the count cannot reach them
    if exact:
        return [Fraction(0)] * m + list(pmf) + [Fraction(0)] * after
    return np.concatenate([np.zeros(m), pmf, np.zeros(after)])


def joint_distribution(n: int, exact: bool = False) -> np.ndarray:
    """Return P(a dice show one plain face and b are wild among n), indexed [a, b].

    Each die shows the plain face with 1/6, the wild with 1/6, another face with 4/6; the sum
    over a + b = c is P(count = c) with p = 1/3, which is why one wild is worth two plain dice.
    """
    n = _check_count("n", n)
    joint = np.full((n + 1, n + 1), Fraction(0), dtype=object)
    for a in range(n + 1):
        for b in range(n + 1 - a):
            ways = math.comb(n, a) * math.comb(n - a, b) * 4 ** (n - a - b)
            joint[a, b] = Fraction(ways, 6**n)
    return joint if exact else joint.astype(float)


# ----- bids -------------------------------------------------------------------------------------


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
        bid: a Bid, or text such as "3x5" or "2 aces".
        rules: decide which face is wild.
        unknown: the number of dice this seat cannot see.
        known: the faces this seat can see: its own hand and any shown dice.
        exact: return a Fraction instead of a float.
        palifico: a palifico round, where wilds are not wild.
    """
    bid, n = _check_bid(bid, rules), _check_count("unknown", unknown)
    known = _check_known(known)
    m = rules.count(known, bid.face, palifico)
    p = match_chance(bid.face, rules, palifico)
    k = int(_shortfall(bid.quantity, m, n))
    if exact:
        return _tails_fractions(n, p)[k]
    return float(_tails_floats(n, np.array([float(p)]))[0, k])


def p_exact(
    bid: Bid | str,
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    exact: bool = False,
    palifico: bool = False,
) -> Probability:
    """Return P(the table's count equals the bid's quantity), from one seat's view."""
    bid = _check_bid(bid, rules)
    dist = count_distribution(bid.face, rules, unknown, known, exact, palifico)
    if bid.quantity >= len(dist):
        return Fraction(0) if exact else 0.0
    return dist[bid.quantity] if exact else float(dist[bid.quantity])


def table(
    rules: Rules,
    unknown: int,
    known: Sequence[int] = (),
    palifico: bool = False,
    exact: bool = False,
) -> np.ndarray:
    """Return P(true) of every bid, indexed [face - 1, quantity], quantity 0..unknown + len(known).

    One vectorised pass: a tail row per face, then every quantity gathered at once. With
    exact=True the array holds Fractions (dtype object), indexed the same way.
    """
    n, known = _check_count("unknown", unknown), _check_known(known)
    faces = range(1, 7)
    matched = np.array([rules.count(known, f, palifico) for f in faces])
    chances = [match_chance(f, rules, palifico) for f in faces]
    if exact:
        rows = {p: _tails_fractions(n, p) for p in set(chances)}
        tails = np.array([rows[p] for p in chances], dtype=object)
    else:
        tails = _tails_floats(n, np.array([float(p) for p in chances]))
    quantities = np.arange(n + len(known) + 1)
    index = _shortfall(quantities[None, :], matched[:, None], n)
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
        bid, rules, unknown, known, palifico: as in bid_probability.
        dice: dice per seat before settlement; their sum must be unknown + len(known).
            None means two seats: the bidder (seat 0) holding the unknown dice and the
            challenger (seat 1) holding the known ones, a heads-up challenger's view.
        bidder, challenger: the seats that bid and challenge.
    """
    bid = _check_bid(bid, rules)
    n, known = _check_count("unknown", unknown), _check_known(known)
    if dice is None:
        dice, bidder, challenger = (n, len(known)), 0, 1
    dice = check_counts("dice", dice, low=0, size=2)
    if sum(dice) != n + len(known):
        raise ValueError(
            f"dice={dice!r}: expected dice counts per seat summing to unknown + len(known) = "
            f"{n + len(known)}"
        )
    dist = count_distribution(bid.face, rules, n, known, exact=exact, palifico=palifico)
    return cost_of_counts(dist, bid, rules, dice, bidder, challenger)


def cost_of_counts(
    distribution: Sequence[Probability],
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
    """
    chances = distribution.tolist() if isinstance(distribution, np.ndarray) else distribution
    zero = Fraction(0) if chances and isinstance(chances[0], Fraction) else 0.0
    loss: list[dict[int, Probability]] = [{} for _ in dice]
    outcomes = settle_every_count(rules, dice, bidder, challenger, bid)
    if len(chances) != len(outcomes):
        raise ValueError(
            f"distribution: {len(chances)} counts for a table of {len(outcomes) - 1} dice"
        )
    for count, chance in enumerate(chances):
        if chance:
            for seat, lost in enumerate(outcomes[count].lost):
                loss[seat][lost] = loss[seat].get(lost, zero) + chance
    return ChallengeCost(
        bid=bid,
        dice=tuple(dice),
        bidder=bidder,
        challenger=challenger,
        p_true=sum(chances[bid.quantity :], zero),
        loss=tuple(dict(sorted(d.items())) for d in loss),
        expected_loss=tuple(sum((k * v for k, v in d.items()), zero) for d in loss),
    )


# ----- simulation -------------------------------------------------------------------------------


def simulate_counts(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return how many of n rolled dice show each face, one row per trial: [trial, face - 1]."""
    n, trials = _check_count("n", n), _check_count("trials", trials)
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng={rng!r}: expected a numpy Generator, np.random.default_rng(seed)")
    rolls = rng.integers(0, 6, size=(trials, n), dtype=np.uint8)
    cells = rolls + 6 * np.arange(trials, dtype=np.int64)[:, None]
    return np.bincount(cells.ravel(), minlength=6 * trials).reshape(trials, 6)


def joker_counts(
    face_counts: np.ndarray, face: int, rules: Rules, palifico: bool = False
) -> np.ndarray:
    """Return the joker-inclusive count of `face` per row of face counts ([trial, face - 1])."""
    columns = [f - 1 for f in matching_faces(face, rules, palifico)]
    return np.asarray(face_counts)[:, columns].sum(axis=1)


# ----- names that live in liarsdice.aces and liarsdice.symbolic ---------------------------------

_ELSEWHERE = {
    **dict.fromkeys(
        ("Equivalence", "halve_double_table", "wild_place", "wild_bracket", "ladder_rises",
         "first_rise", "ladder_monotonicity"),
        "liarsdice.aces",
    ),
    **dict.fromkeys(("symbolic_tail", "symbolic_moments", "binomial_terms"), "liarsdice.symbolic"),
}  # fmt: skip


def __getattr__(name: str) -> object:
    """Return the names of liarsdice.aces and liarsdice.symbolic, imported on first use."""
    if name in _ELSEWHERE:
        return getattr(importlib.import_module(_ELSEWHERE[name]), name)
    raise AttributeError(f"module 'liarsdice.odds' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Return the module's names with those it forwards."""
    return sorted([*globals(), *_ELSEWHERE])
