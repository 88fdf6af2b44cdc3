"""The exact value of a SmallGame: the sequence-form linear program (scipy's HiGHS).

- game_value(rules, dice=(1, 1), faces=6): the first player's equilibrium value.
- lp_value(game): the same for any SmallGame (a palifico round, payoffs from the game after);
  lp_solution(game): the game solved exactly, both players' strategies from two programs.
- check_lp_size(rules, dice, faces): refuses, before any work, programs too large to solve;
  lp_fits(game) says whether a built game is small enough.
- LP_MAX_TERMINALS: that limit, in terminal entries (histories times hand pairs).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve
from liarsdice.solver.game import SmallGame
from liarsdice.solver.game_parts import check_size, die_faces, hand_multisets
from liarsdice.solver.solution import Solution
from liarsdice.solver.strategy import Strategy, normalise

# The sequence-form LP grows as histories x hand pairs; beyond this many terminal entries
# HiGHS needs minutes and gigabytes, so game_value refuses before building anything.
LP_MAX_TERMINALS = 1_000_000


def check_lp_size(rules: Rules, dice: Sequence[int], faces: int) -> None:
    """Raise ValueError when the LP would be too large to solve in reasonable time (or the
    rules, dice or faces are bad: see check_size)."""
    rules = resolve(rules)
    counts = check_size(dice, faces)
    bids = [b for b in rules.ladder(sum(counts)) if b.face in die_faces(rules, faces)]
    pairs = len(hand_multisets(die_faces(rules, faces), counts[0])[0]) * len(
        hand_multisets(die_faces(rules, faces), counts[1])[0]
    )
    terminals = (2 ** len(bids)) * pairs
    if terminals > LP_MAX_TERMINALS:
        raise ValueError(
            f"dice={counts}, faces={faces}: the linear program would have about "
            f"{terminals:,} terminal entries (limit {LP_MAX_TERMINALS:,}); use fewer faces, "
            "or solve() without exact=True"
        )


def _import_scipy() -> tuple[Any, Any]:
    """Return scipy's linprog and sparse module, or raise ImportError saying how to get them."""
    try:
        from scipy import sparse
        from scipy.optimize import linprog
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the exact game value needs scipy: pip install scipy (or liarsdice[test])"
        ) from None
    return linprog, sparse


def _sequences(game: SmallGame, player: int) -> tuple[dict[tuple[str, int], int], int]:
    """Return the player's sequence numbering: {("bid"|"liar", level): first id}, and the count.

    A sequence is (edge, hand) with id first + row * hands + hand; the empty sequence is the
    last id.
    """
    hands = len(game.hands[player])
    first: dict[tuple[str, int], int] = {}
    n = 0
    for d in range(player, len(game.levels), 2):
        if d:
            first["liar", d] = n
            n += len(game.levels[d]) * hands
        if d + 1 < len(game.levels):
            first["bid", d + 1] = n
            n += len(game.levels[d + 1]) * hands
    return first, n + 1


def _constraints(
    game: SmallGame, player: int, first: dict[tuple[str, int], int], n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Return (rows, cols, vals, n_rows) of the realization-plan constraints F x = [1, 0...]."""
    hands = len(game.hands[player])
    h = np.arange(hands)
    rows, cols, vals = [np.array([0])], [np.array([n - 1])], [np.array([1.0])]  # x(empty) = 1
    count = 1
    for d in range(player, len(game.levels), 2):
        level = game.levels[d]
        ids = count + np.arange(len(level))[:, None] * hands + h  # one row per (history, hand)
        count += ids.size
        if d:
            rows.append(ids.ravel())
            cols.append((first["liar", d] + ids - ids[0, 0]).ravel())
            vals.append(np.ones(ids.size))
        if d + 1 < len(game.levels):
            below = game.levels[d + 1]
            child = np.arange(len(below))[:, None] * hands + h
            rows.append(ids[below.parent].ravel())
            cols.append((first["bid", d + 1] + child).ravel())
            vals.append(np.ones(child.size))
        # Minus the sequence that leads here: the empty one, or the player's last bid.
        rows.append(ids.ravel())
        if d < 2:
            cols.append(np.full(ids.size, n - 1))
        else:
            cols.append((first["bid", d - 1] + level.parent[:, None] * hands + h).ravel())
        vals.append(-np.ones(ids.size))
    return np.concatenate(rows), np.concatenate(cols), np.concatenate(vals), count


def lp_fits(game: SmallGame) -> bool:
    """Return True if the game's program has at most LP_MAX_TERMINALS terminal entries
    (game: a SmallGame)."""
    if not isinstance(game, SmallGame):
        raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
    pairs = len(game.hands[0]) * len(game.hands[1])
    return (game.n_histories - 1) * pairs <= LP_MAX_TERMINALS


def game_value(rules: Rules, dice: Sequence[int] = (1, 1), faces: int = 6) -> float:
    """Return the first player's exact equilibrium value by the sequence-form LP (HiGHS).

    rules: a Rules or a preset name; dice and faces as check_size takes them; the program must
    have at most LP_MAX_TERMINALS terminal entries (allowed: 1 v 1 on up to six faces, about
    4 s; 1 v 2 and 2 v 1 on up to four faces, about 7 s and 0.2 GB). Bad input raises
    ValueError before any work. Needs scipy.
    """
    rules = resolve(rules)
    check_lp_size(rules, dice, faces)
    return lp_value(SmallGame(rules, dice, faces))


def lp_value(game: SmallGame) -> float:
    """Return the first player's exact equilibrium value of a SmallGame by the LP (HiGHS).

    The game must fit (lp_fits: at most LP_MAX_TERMINALS terminal entries), else ValueError.
    Needs scipy.
    """
    _check_fits(game)
    return _solve(game, 0)[0]


def lp_solution(game: SmallGame) -> Solution:
    """Return the game solved exactly: both players' equilibrium strategies from the LP.

    Two programs, one per player (each player's realization plan, turned into behaviour:
    uniform where the plan never reaches a state); the Solution's value and exact_value are
    the LP's value, iterations 0, nash_conv the strategy's (zero up to the LP's tolerance).
    The game must fit (lp_fits), else ValueError. Needs scipy.
    """
    _check_fits(game)
    started = time.perf_counter()
    value, plan0 = _solve(game, 0)
    _, plan1 = _solve(game, 1)
    liar = [np.zeros((len(lv), len(game.hands[d % 2]))) for d, lv in enumerate(game.levels)]
    bid = [np.zeros((len(lv), len(game.hands[(d - 1) % 2]))) for d, lv in enumerate(game.levels)]
    for player, plan in ((0, plan0), (1, plan1)):
        first, _ = _sequences(game, player)
        hands = len(game.hands[player])
        clipped = np.maximum(plan, 0.0)  # HiGHS may return -1e-17 for a zero
        for d in range(player, len(game.levels), 2):
            if d:
                at = first["liar", d]
                liar[d] = clipped[at : at + len(game.levels[d]) * hands].reshape(-1, hands)
            if d + 1 < len(game.levels):
                at = first["bid", d + 1]
                bid[d + 1] = clipped[at : at + len(game.levels[d + 1]) * hands].reshape(-1, hands)
    liar, bid = normalise(game, liar, bid, range(len(game.levels)))
    strategy = Strategy._trusted(game, liar, bid)
    return Solution(
        game=game,
        strategy=strategy,
        value=value,
        nash_conv=game.nash_conv(strategy),
        iterations=0,
        seconds=time.perf_counter() - started,
        exact_value=value,
    )


def _check_fits(game: SmallGame) -> None:
    """Raise ValueError if the game's program is too large (lp_fits)."""
    if not lp_fits(game):
        raise ValueError(
            f"game={game!r}: the linear program would have more than {LP_MAX_TERMINALS:,} "
            "terminal entries; use fewer faces, or CFR (solve)"
        )


def _solve(game: SmallGame, player: int) -> tuple[float, np.ndarray]:
    """Return the player's equilibrium value and realization plan, by the LP.

    Solves max_x min_y x'Ay over realization plans (Koller, Megiddo and von Stengel), x the
    player's plan and A their payoff, as max f'z subject to F'z <= A'x, E x = e, x >= 0.
    """
    linprog, sparse = _import_scipy()
    other = 1 - player
    first0, n0 = _sequences(game, 0)
    first1, n1 = _sequences(game, 1)
    h0, h1 = (len(h) for h in game.hands)
    k = len(game.bids)
    # The payoff matrix A[sequence of player 0, sequence of player 1] (chance included).
    rows, cols, vals = [], [], []
    a, b = np.meshgrid(np.arange(h0), np.arange(h1), indexing="ij")
    joint = np.outer(*game.chance)
    for d in range(1, len(game.levels)):
        level = game.levels[d]
        r = np.arange(len(level))[:, None, None]
        kind0, kind1 = ("bid", "liar") if d % 2 else ("liar", "bid")  # the bidder made level d
        rows.append((first0[kind0, d] + r * h0 + a).ravel())
        cols.append((first1[kind1, d] + r * h1 + b).ravel())
        # Player 1's payoff matrices are [opponent = hand0, own = hand1]; player 0 gets minus.
        payoff = -game._payoff[1][level.last + k * ((d - 1) % 2)]  # [history, hand0, hand1]
        vals.append((payoff * joint).ravel())
    A = sparse.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(n0, n1)
    )
    if player == 1:
        A = -A.T.tocsr()  # player 1's payoff, rows their sequences
    firsts, sizes = (first0, first1), (n0, n1)
    n_own, n_other = sizes[player], sizes[other]
    e_rows, e_cols, e_vals, m_own = _constraints(game, player, firsts[player], n_own)
    E = sparse.csr_matrix((e_vals, (e_rows, e_cols)), shape=(m_own, n_own))
    f_rows, f_cols, f_vals, m_other = _constraints(game, other, firsts[other], n_other)
    F = sparse.csr_matrix((f_vals, (f_rows, f_cols)), shape=(m_other, n_other))
    # Variables: x (n_own, >= 0) then z (m_other, free); maximise z[0] (x(empty) = 1's row).
    cost = np.zeros(n_own + m_other)
    cost[n_own] = -1.0
    upper = sparse.hstack([-A.T, F.T]).tocsr()
    equal = sparse.hstack([E, sparse.csr_matrix((m_own, m_other))]).tocsr()
    rhs = np.zeros(m_own)
    rhs[0] = 1.0
    result = linprog(
        cost,
        A_ub=upper,
        b_ub=np.zeros(n_other),
        A_eq=equal,
        b_eq=rhs,
        bounds=[(0, None)] * n_own + [(None, None)] * m_other,
        method="highs",
    )
    if result.status != 0:
        raise RuntimeError(f"the linear program failed: {result.message}")
    return float(-result.fun), np.asarray(result.x[:n_own])
