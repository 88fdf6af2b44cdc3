"""Independent computations of lesson 11's answers (old lesson 08's).

The game values come from a sequence-form linear program written here from the rules as they
are stated (the ladder of each ace rule, the joker count, who may open), over ordered rolls of
the dice, without the solver's tree; the uniform strategy's NashConv and the one-die value on
six-sided dice are OpenSpiel's published numbers; the Perudo history count is a count of
subsets; the open question returns the module's worked answer (its numbers are checked in
tests/test_teach_lesson11.py).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np

import liarsdice as ld
from liarsdice import Bid
from liarsdice.teach import lesson11
from tests.expected import Expected

OPENSPIEL_UNIFORM_NASH_CONV = 1.561488646384479  # OpenSpiel's tests of its best response
CHALLENGE = "challenge"


def ladder_key(rules: ld.Rules, bid: Bid) -> tuple[int, int, int]:
    """Return a sort key of the bid on the rules' ladder, from the ace rule as stated.

    Within a quantity the plain faces climb; k wild bids sit between the plain quantities
    k and k + 1 (face), 2k - 1 and 2k (board), or 2k and 2k + 1 (perudo).
    """
    if bid.face != rules.wild:
        return (bid.quantity, 0, bid.face)
    after = {"face": bid.quantity, "board": 2 * bid.quantity - 1, "perudo": 2 * bid.quantity}
    return (after[rules.ace_rule], 1, 0)


def small_ladder(rules: ld.Rules, total: int, faces: int) -> list[Bid]:
    """Return the bids of the small game, lowest first: quantities up to the dice in play,
    faces of a `faces`-sided die (the wild face and the lowest plain ones)."""
    die = (rules.wild, *[f for f in range(1, 7) if f != rules.wild][: faces - 1])
    bids = sorted(
        (Bid(q, f) for q in range(1, total + 1) for f in die), key=lambda b: ladder_key(rules, b)
    )
    assert [rules.rank(b) for b in bids] == sorted(rules.rank(b) for b in bids)
    return bids


def histories(rules: ld.Rules, bids: list[Bid]) -> list[tuple[int, ...]]:
    """Return every bid history (tuples of indices into bids, climbing), the empty one first."""
    opening = [i for i, b in enumerate(bids) if rules.open_on_wild or b.face != rules.wild]
    found, stack = [], [()]
    while stack:
        history = stack.pop()
        found.append(history)
        after = range(history[-1] + 1, len(bids)) if history else opening
        stack.extend((*history, i) for i in after)
    return sorted(found, key=lambda h: (len(h), h))


def joker_count(rules: ld.Rules, dice: tuple[int, ...], face: int) -> int:
    """Return how many dice count for the face: the face itself, and the wild face for another."""
    return sum(d == face or (face != rules.wild and d == rules.wild) for d in dice)


def lp_value(rules: ld.Rules, dice: tuple[int, int], faces: int) -> Fraction:
    """Return the first player's equilibrium value by a sequence-form LP written from scratch."""
    from scipy import sparse
    from scipy.optimize import linprog

    bids = small_ladder(rules, sum(dice), faces)
    die = sorted({b.face for b in bids})
    hands = [list(itertools.product(die, repeat=n)) for n in dice]
    chance = Fraction(1, faces ** sum(dice))
    tree = histories(rules, bids)
    # Sequences: (hand, history, action) -> column; column 0 is the empty sequence.
    sequences: list[dict] = [{}, {}]
    for history in tree:
        player = len(history) % 2
        moves = list(range(history[-1] + 1, len(bids))) if history else []
        if not history:
            moves = [h[0] for h in tree if len(h) == 1]
        actions = moves + ([CHALLENGE] if history else [])
        for hand in hands[player]:
            for action in actions:
                sequences[player][hand, history, action] = len(sequences[player]) + 1

    def parent(player: int, hand: tuple, history: tuple) -> int:
        """Return the column of the player's last sequence before this information set."""
        return sequences[player][hand, history[:-2], history[-2]] if len(history) >= 2 else 0

    def constraints(player: int) -> sparse.csr_matrix:
        """Return the realization-plan constraints: the empty sequence is 1, and the
        sequences out of an information set add up to the sequence into it."""
        rows, cols, vals = [0], [0], [1.0]
        sets: dict[tuple, int] = {}
        for (hand, history, _), column in sequences[player].items():
            row = sets.setdefault((hand, history), len(sets) + 1)
            rows.append(row)
            cols.append(column)
            vals.append(1.0)
        for (hand, history), row in sets.items():
            rows.append(row)
            cols.append(parent(player, hand, history))
            vals.append(-1.0)
        shape = (len(sets) + 1, len(sequences[player]) + 1)
        return sparse.csr_matrix((vals, (rows, cols)), shape=shape)

    rows, cols, vals = [], [], []
    for history in tree[1:]:
        challenger = len(history) % 2
        bid = bids[history[-1]]
        for hand0, hand1 in itertools.product(*hands):
            true = joker_count(rules, hand0 + hand1, bid.face) >= bid.quantity
            to_bidder = 1 if true else -1
            payoff = to_bidder if challenger == 1 else -to_bidder  # to player 0
            by_hand = (hand0, hand1)
            seq = [0, 0]
            seq[challenger] = sequences[challenger][by_hand[challenger], history, CHALLENGE]
            bidder = 1 - challenger
            seq[bidder] = sequences[bidder][by_hand[bidder], history[:-1], history[-1]]
            rows.append(seq[0])
            cols.append(seq[1])
            vals.append(float(payoff * chance))
    n0, n1 = (len(s) + 1 for s in sequences)
    payoffs = sparse.csr_matrix((vals, (rows, cols)), shape=(n0, n1))
    e, f = constraints(0), constraints(1)
    m0, m1 = e.shape[0], f.shape[0]
    # max v[0] over x >= 0 (E x = e) and free v with F'v <= A'x: player 1's best reply, dualised.
    cost = np.zeros(n0 + m1)
    cost[n0] = -1.0
    result = linprog(
        cost,
        A_ub=sparse.hstack([-payoffs.T, f.T]).tocsr(),
        b_ub=np.zeros(n1),
        A_eq=sparse.hstack([e, sparse.csr_matrix((m0, m1))]).tocsr(),
        b_eq=np.eye(m0)[0],
        bounds=[(0, None)] * n0 + [(None, None)] * m1,
        method="highs",
    )
    assert result.status == 0, result.message
    value = Fraction(-result.fun).limit_denominator(10_000)
    assert abs(float(value) + result.fun) < 1e-9
    return value


OPENSPIEL = ld.preset("openspiel")


def perudo_histories() -> int:
    """Return the Perudo one-die game's histories: the subsets of its 12 bids whose lowest bid
    is not on aces, with the empty one."""
    perudo = ld.preset("perudo")
    bids = small_ladder(perudo, 2, 6)
    subsets = itertools.chain.from_iterable(
        itertools.combinations(bids, n) for n in range(len(bids) + 1)
    )
    return sum(not s or s[0].face != perudo.wild for s in subsets)


def fewest_faces() -> int:
    """Return the fewest faces with a negative value for one die opening against two in Blef."""
    return next(f for f in range(2, 7) if lp_value(ld.preset("blef"), (1, 2), f) < 0)


EXPECTED: Expected = {
    "11.perudo_histories": perudo_histories,
    "11.uniform_nash_conv": lambda: OPENSPIEL_UNIFORM_NASH_CONV,
    "11.game_value": lambda: lp_value(ld.preset("blef"), (2, 1), 3),
    "11.fewest_faces": fewest_faces,
    # the one-die player's payoff, opening and replying, averaged, as a win rate (1 + E) / 2
    "11.second_player_value": lambda: (
        (1 + (lp_value(OPENSPIEL, (1, 2), 3) - lp_value(OPENSPIEL, (2, 1), 3)) / 2) / 2
    ),
    "11.exploit_or_not": lambda: lesson11.WORKED_EXPLOIT,
}
