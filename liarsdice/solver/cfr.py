"""CFR+ on a SmallGame, and the solved game a bot plays.

- CFRPlus(game, averaging=2.0, dtype="float64", backend="auto"): CFR+ (regret matching+,
  alternating updates, the average weighted by t**averaging) over all private hands at once;
  iterate(n), current_strategy(), average_strategy(). Its passes are liarsdice.solver.sweeps':
  numpy, or compiled by numba where installed (pip install liarsdice[fast]), which also skips
  the subtrees a player never reaches; both give the same iterates.
- Solution (liarsdice.solver.solution, importable here): the solved game (strategy, value,
  NashConv, iterations, seconds, exact value).
- solve(rules, dice=(1, 1), ...): CFR+ until the NashConv tolerance is met; solve_game(game,
  ...) the same for a built SmallGame (a palifico round, payoffs from the game that follows).
  Both store float32 down to FLOAT32_TOLERANCE (1e-5), float64 below it; the Solution's value
  and NashConv are always the game's float64 evaluation. NashConv is checked every
  check_every iterations, or a tenth of the iterations so far while it is above FAR_CHECKS (2)
  times the tolerance.
- MAX_WORK: the most information-state updates one call may ask for (iterations times the
  game's n_information_states): 10^10, about a minute on one core with numba (about eight
  minutes with numpy alone). It admits DEFAULT_ITERATIONS (10,000) on every 1 v 1 game (24,576
  states on six faces: about 3 s with numba) and about 2,800 iterations of 1 v 2 or 2 v 1 on
  six faces (3,538,944 states, 15 to 30 ms an iteration with numba, 170 ms with numpy;
  NashConv 1e-4 takes 640 to 1,900 of them), which solve runs when max_iterations is None.
- MAX_AVERAGING: the largest averaging exponent (10).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence
from typing import Any

from liarsdice.checks import check_choice, check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules, resolve
from liarsdice.solver.game import SmallGame, check_size
from liarsdice.solver.lp import check_lp_size, game_value
from liarsdice.solver.solution import Solution
from liarsdice.solver.strategy import Strategy
from liarsdice.solver.sweeps import BACKENDS, choose_backend, make_sweeps
from liarsdice.solver.sweeps_numpy import DTYPES

__all__ = [
    "DEFAULT_ITERATIONS",
    "FAR_CHECKS",
    "FLOAT32_TOLERANCE",
    "MAX_AVERAGING",
    "MAX_WORK",
    "CFRPlus",
    "Solution",
    "check_work",
    "solve",
    "solve_game",
]

MAX_WORK = 10_000_000_000
MAX_AVERAGING = 10.0
DEFAULT_ITERATIONS = 10_000
FLOAT32_TOLERANCE = 1e-5  # below it float32 noise can stall CFR+ (seen near 2e-5 on an endgame)
FAR_CHECKS = 2.0  # solve checks every check_every iterations from this many times the tolerance
_RESCALE = 1e30  # a weight above this first divides the sums by it (float32 ends near 3e38)


def check_work(game: SmallGame, iterations: int, name: str = "iterations") -> None:
    """Raise ValueError if `iterations` on `game` exceed MAX_WORK information-state updates."""
    work = iterations * game.n_information_states
    if work > MAX_WORK:
        most = MAX_WORK // game.n_information_states
        raise ValueError(
            f"{name}={iterations}: {iterations:,} iterations of {game!r} would update "
            f"{work:,} information states (limit MAX_WORK = {MAX_WORK:,}); ask for at most "
            f"{most:,} iterations, or a smaller game (fewer faces)"
        )


class CFRPlus:
    """CFR+ (regret matching+, alternating updates, weighted averaging) on a SmallGame.

    game: a SmallGame; averaging: the exponent of the iteration weights, 0..MAX_AVERAGING.
    dtype: "float64" (the default) or "float32", the type of the stored regrets, sums and
    strategies (float32 halves memory and time, and is exact enough for a NashConv down to
    FLOAT32_TOLERANCE; evaluations are float64 either way). backend: "auto" (numba where it
    is installed and the game has at least sweeps.NUMBA_MIN_STATES information states, else
    numpy), "numpy" or "numba" (ImportError without numba); both compute the same iterates.
    """

    def __init__(
        self,
        game: SmallGame,
        averaging: float = 2.0,
        *,
        dtype: str = "float64",
        backend: str = "auto",
    ) -> None:
        if not isinstance(game, SmallGame):
            raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
        averaging = check_number("averaging", averaging, 0, MAX_AVERAGING)
        dtype = check_choice("dtype", dtype, DTYPES)
        self.game = game
        # Iteration t's strategy weighs t**averaging in the average; 2 (quadratic) halves the
        # iterations to NashConv 1e-4 on 1 v 1 compared with CFR+'s usual linear weights.
        self.averaging = averaging
        self.dtype = dtype
        self.backend = choose_backend(backend, game)
        self.iterations = 0
        self._sweeps = make_sweeps(game, self.backend, dtype)
        self._scale = 1.0  # the sums are kept as (t ** averaging) * _scale, so they stay finite
        for player in (0, 1):
            self._sweeps.accumulate(player, 1.0)  # the first strategy (uniform), weight 1

    def _weight(self, t: int) -> float:
        """Return the weight of the t-th strategy, rescaling the sums first if it is large."""
        weight = math.pow(t, self.averaging) * self._scale
        if weight > _RESCALE:
            self._sweeps.scale_sums(1.0 / weight)
            self._scale /= weight
            weight = 1.0
        return weight

    def iterate(self, iterations: int = 1) -> None:
        """Run CFR+ iterations (each updates player 0, then player 1).

        Each update is one pass up the tree (terminal values, counterfactual values, regrets
        and the new strategy together) and one pass down (the new strategy's reach, added to
        the average with the next iteration's weight). iterations: 0..MAX_ITERATIONS, and at
        most MAX_WORK information-state updates.
        """
        iterations = check_integer("iterations", iterations, 0, MAX_ITERATIONS)
        check_work(self.game, iterations)
        for _ in range(iterations):
            weight = self._weight(self.iterations + 2)  # of the strategies this one makes
            for player in (0, 1):
                self._sweeps.update(player)
                self._sweeps.accumulate(player, weight)
            self.iterations += 1

    def current_strategy(self) -> Strategy:
        """Return the strategy of the last iteration."""
        return self._sweeps.strategy()

    def average_strategy(self) -> Strategy:
        """Return the iteration-weighted average strategy (it converges to an equilibrium):
        the strategies of the iterations so far, the last one's result included."""
        return self._sweeps.average()

    def _check(self) -> tuple[float, Strategy | None]:
        """Return the average strategy's NashConv (float64) and, when the backend built it on
        the way, the average strategy itself (else None)."""
        return self._sweeps.check()


def solve(
    rules: Rules,
    dice: Sequence[int] = (1, 1),
    *,
    faces: int = 6,
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    check_every: int = 10,
    exact: bool = False,
    dtype: str | None = None,
    backend: str = "auto",
) -> Solution:
    """Return the game solved by CFR+ until NashConv <= tolerance (or max_iterations).

    Args:
        rules: supply the bid order (rank, is_raise) and the wild face (count); a Rules or a
            preset name.
        dice: the dice of player 0 (who opens) and player 1, each >= 1; at most MAX_SOLVED_DICE in all.
        faces: the sides of each die (2..6): the wild face and the lowest faces-1 plain faces.
        tolerance: stop once the average strategy's NashConv is at most this; a finite number
            >= 0 (0: run all max_iterations).
        max_iterations: stop here at the latest; 1..MAX_ITERATIONS, and max_iterations times
            the game's information states at most MAX_WORK. None: as many as MAX_WORK admits,
            at most DEFAULT_ITERATIONS.
        check_every: iterations between NashConv checks, 1..MAX_ITERATIONS (more than
            max_iterations: one check, at the end). While NashConv is above FAR_CHECKS times
            the tolerance, the checks are a tenth of the iterations so far apart where that
            is more (NashConv falls about like 1/iterations, so that costs at most about a
            tenth more iterations, and saves most checks of a long run).
        exact: True or False; also compute the game value by the sequence-form LP (needs
            scipy; LP_MAX_TERMINALS).
        dtype: "float32" or "float64", CFRPlus's stored type; None: float32 when tolerance >=
            FLOAT32_TOLERANCE, else float64. The reported value and NashConv are float64.
        backend: "auto", "numpy" or "numba", as CFRPlus takes it.

    Raises:
        ValueError: sizes the solver does not handle, or bad settings (ArgumentTypeError for a
            wrong kind), checked before any work. ImportError: backend="numba" without numba.
    """
    rules = resolve(rules)
    check_size(dice, faces)
    exact = check_flag("exact", exact)
    if exact:
        check_lp_size(rules, dice, faces)
    settings = _check_settings(tolerance, max_iterations, check_every, dtype, backend)
    started = time.perf_counter()
    solution = solve_game(SmallGame(rules, dice, faces), **settings)
    return dataclasses.replace(
        solution,
        seconds=time.perf_counter() - started,
        exact_value=game_value(rules, dice, faces) if exact else None,
    )


def _check_settings(
    tolerance: object,
    max_iterations: object,
    check_every: object,
    dtype: object,
    backend: object,
) -> dict[str, Any]:
    """Return the solver's settings checked (see solve)."""
    return {
        "tolerance": check_number("tolerance", tolerance, 0),
        "max_iterations": None
        if max_iterations is None
        else check_integer("max_iterations", max_iterations, 1, MAX_ITERATIONS),
        "check_every": check_integer("check_every", check_every, 1, MAX_ITERATIONS),
        "dtype": None if dtype is None else check_choice("dtype", dtype, DTYPES),
        "backend": check_choice("backend", backend, ("auto", *BACKENDS)),
    }


def _default_iterations(game: SmallGame) -> int:
    """Return the iterations solve runs at most when not told: as many as MAX_WORK admits on
    the game (a SmallGame), at most DEFAULT_ITERATIONS and at least 1."""
    if not isinstance(game, SmallGame):
        raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
    return max(1, min(DEFAULT_ITERATIONS, MAX_WORK // game.n_information_states))


def _next_check(check_every: int, iterations: int, gap: float, tolerance: float) -> int:
    """Return the iterations until the next NashConv check: check_every, or a tenth of the
    iterations so far if more while NashConv is above FAR_CHECKS times the tolerance."""
    far = gap > FAR_CHECKS * tolerance
    return max(check_every, iterations // 10) if far else check_every


def solve_game(
    game: SmallGame,
    *,
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    check_every: int = 10,
    dtype: str | None = None,
    backend: str = "auto",
) -> Solution:
    """Return a built SmallGame (any payoffs, a palifico round) solved as solve solves one.

    game: a SmallGame; tolerance, max_iterations, check_every, dtype and backend as solve
    takes them. The checks along the way use the backend's NashConv; the Solution's value and
    NashConv are recomputed by the game's own (float64) evaluation.
    """
    if not isinstance(game, SmallGame):
        raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
    settings = _check_settings(tolerance, max_iterations, check_every, dtype, backend)
    tolerance, check_every = settings["tolerance"], settings["check_every"]
    max_iterations = settings["max_iterations"]
    if max_iterations is None:
        max_iterations = _default_iterations(game)
    check_work(game, max_iterations, "max_iterations")
    dtype = settings["dtype"] or ("float32" if tolerance >= FLOAT32_TOLERANCE else "float64")
    started = time.perf_counter()
    solver = CFRPlus(game, dtype=dtype, backend=settings["backend"])
    step = check_every
    while True:
        solver.iterate(min(step, max_iterations - solver.iterations))
        gap, strategy = solver._check()
        if gap <= tolerance or solver.iterations >= max_iterations:
            break
        step = _next_check(check_every, solver.iterations, gap, tolerance)
    if strategy is None:
        strategy = solver.average_strategy()
        gap = game.nash_conv(strategy)
    return Solution(
        game=game,
        strategy=strategy,
        value=game.expected_value(strategy),
        nash_conv=gap,
        iterations=solver.iterations,
        seconds=time.perf_counter() - started,
    )
