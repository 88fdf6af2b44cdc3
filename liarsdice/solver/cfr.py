"""CFR+ on a SmallGame, and the solved game a bot plays.

- CFRPlus(game, averaging=2.0): CFR+ vectorised with numpy over all private hands at once;
  iterate(n), current_strategy(), average_strategy().
- Solution: the solved game (strategy, value, NashConv, iterations, seconds, exact value).
- solve(rules, dice=(1, 1), ...): CFR+ until the NashConv tolerance is met; solve_game(game,
  ...) the same for a built SmallGame (a palifico round, payoffs from the game that follows).
- MAX_WORK: the most information-state updates one call may ask for (iterations times the
  game's n_information_states): 250,000,000 admits the default 10,000 iterations on every
  1 v 1 game of six faces (24,576 states; about a minute if the tolerance is never met) and
  about 70 iterations of 1 v 2 on six faces (about 1.4 s each).
- MAX_AVERAGING: the largest averaging exponent (10).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules, resolve
from liarsdice.solver.game import Action, SmallGame, check_size
from liarsdice.solver.lp import check_lp_size, game_value
from liarsdice.solver.strategy import Strategy, _normalise

MAX_WORK = 250_000_000
MAX_AVERAGING = 10.0


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
    """

    def __init__(self, game: SmallGame, averaging: float = 2.0) -> None:
        if not isinstance(game, SmallGame):
            raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
        averaging = check_number("averaging", averaging, 0, MAX_AVERAGING)
        self.game = game
        # Iteration t weighs t**averaging in the average; 2 (quadratic) halves the iterations
        # to NashConv 1e-4 on 1 v 1 compared with CFR+'s usual linear weights.
        self.averaging = averaging
        self.iterations = 0
        zero = Strategy.uniform(game)
        self._current = zero
        self._regret_liar = [np.zeros_like(a) for a in zero.liar]
        self._regret_bid = [np.zeros_like(a) for a in zero.bid]
        self._sum_liar = [np.zeros_like(a) for a in zero.liar]
        self._sum_bid = [np.zeros_like(a) for a in zero.bid]

    def _levels(self, player: int) -> range:
        """Return the levels where the player moves."""
        return range(player, len(self.game.levels), 2)

    def _update(self, player: int) -> None:
        """Update one player's regrets and average against the current strategies."""
        game, sigma = self.game, self._current
        terminal = game._terminal_values(player, sigma)
        values = game._values(player, terminal, sigma)
        reach = game._reach(sigma, player)
        weight = float(self.iterations + 1) ** self.averaging
        last = len(game.levels) - 1
        for d in self._levels(player):
            if d:
                r = self._regret_liar[d] + terminal[d] - values[d]
                self._regret_liar[d] = np.maximum(r, 0.0, out=r)
                self._sum_liar[d] += weight * reach[d] * sigma.liar[d]
            if d < last:
                parent = game.levels[d + 1].parent
                r = self._regret_bid[d + 1] + values[d + 1] - values[d][parent]
                self._regret_bid[d + 1] = np.maximum(r, 0.0, out=r)
                self._sum_bid[d + 1] += weight * reach[d + 1]
        liar, bid = _normalise(game, self._regret_liar, self._regret_bid, self._levels(player))
        # Keep the other player's part of the current strategy as it was.
        sigma_liar, sigma_bid = list(sigma.liar), list(sigma.bid)
        for d in self._levels(player):
            sigma_liar[d] = liar[d]
            if d < last:
                sigma_bid[d + 1] = bid[d + 1]
        self._current = Strategy._trusted(game, sigma_liar, sigma_bid)

    def iterate(self, iterations: int = 1) -> None:
        """Run CFR+ iterations (each updates player 0, then player 1).

        iterations: 0..MAX_ITERATIONS, and at most MAX_WORK information-state updates.
        """
        iterations = check_integer("iterations", iterations, 0, MAX_ITERATIONS)
        check_work(self.game, iterations)
        for _ in range(iterations):
            self._update(0)
            self._update(1)
            self.iterations += 1

    def current_strategy(self) -> Strategy:
        """Return the strategy of the last iteration."""
        return self._current

    def average_strategy(self) -> Strategy:
        """Return the iteration-weighted average strategy (it converges to an equilibrium)."""
        liar, bid = _normalise(
            self.game, self._sum_liar, self._sum_bid, range(len(self.game.levels))
        )
        return Strategy._trusted(self.game, liar, bid)


@dataclass(frozen=True, eq=False)
class Solution:
    """A solved small game: the average CFR+ strategy, its value and its exploitability."""

    game: SmallGame
    strategy: Strategy
    value: float  # the first player's expected payoff under `strategy`
    nash_conv: float
    iterations: int
    seconds: float
    exact_value: float | None = None  # the LP value, when solve(..., exact=True)

    @property
    def rules(self) -> Rules:
        """Return the rules of the solved game."""
        return self.game.rules

    def action_probabilities(
        self, hand: Iterable[int], history: Sequence[Bid | str] = ()
    ) -> dict[Action, float]:
        """Return {action: probability} of the solved strategy (see Strategy.action_probabilities)."""
        return self.strategy.action_probabilities(hand, history)

    def __repr__(self) -> str:
        exact = "" if self.exact_value is None else f", exact_value={self.exact_value:.7f}"
        return (
            f"Solution({self.game!r}, value={self.value:.7f}{exact}, "
            f"nash_conv={self.nash_conv:.2e}, iterations={self.iterations})"
        )


def solve(
    rules: Rules,
    dice: Sequence[int] = (1, 1),
    *,
    faces: int = 6,
    tolerance: float = 1e-4,
    max_iterations: int = 10_000,
    check_every: int = 10,
    exact: bool = False,
) -> Solution:
    """Return the game solved by CFR+ until NashConv <= tolerance (or max_iterations).

    Args:
        rules: supply the bid order (rank, is_raise) and the wild face (count); a Rules or a
            preset name.
        dice: the dice of player 0 (who opens) and player 1, each >= 1; at most MAX_DICE in all.
        faces: the sides of each die (2..6): the wild face and the lowest faces-1 plain faces.
        tolerance: stop once the average strategy's NashConv is at most this; a finite number
            >= 0 (0: run all max_iterations).
        max_iterations: stop here at the latest; 1..MAX_ITERATIONS, and max_iterations times
            the game's information states at most MAX_WORK.
        check_every: iterations between NashConv checks, 1..MAX_ITERATIONS (more than
            max_iterations: one check, at the end).
        exact: True or False; also compute the game value by the sequence-form LP (needs
            scipy; LP_MAX_TERMINALS).

    Raises:
        ValueError: sizes the solver does not handle, or bad settings (ArgumentTypeError for a
            wrong kind), checked before any work.
    """
    rules = resolve(rules)
    check_size(dice, faces)
    exact = check_flag("exact", exact)
    if exact:
        check_lp_size(rules, dice, faces)
    settings = _check_settings(tolerance, max_iterations, check_every)
    started = time.perf_counter()
    solution = solve_game(SmallGame(rules, dice, faces), **settings)
    return dataclasses.replace(
        solution,
        seconds=time.perf_counter() - started,
        exact_value=game_value(rules, dice, faces) if exact else None,
    )


def _check_settings(
    tolerance: object, max_iterations: object, check_every: object
) -> dict[str, Any]:
    """Return the solver's settings checked (see solve)."""
    return {
        "tolerance": check_number("tolerance", tolerance, 0),
        "max_iterations": check_integer("max_iterations", max_iterations, 1, MAX_ITERATIONS),
        "check_every": check_integer("check_every", check_every, 1, MAX_ITERATIONS),
    }


def solve_game(
    game: SmallGame,
    *,
    tolerance: float = 1e-4,
    max_iterations: int = 10_000,
    check_every: int = 10,
) -> Solution:
    """Return a built SmallGame (any payoffs, a palifico round) solved as solve solves one.

    game: a SmallGame; tolerance, max_iterations and check_every as solve takes them.
    """
    if not isinstance(game, SmallGame):
        raise ArgumentTypeError(f"game={quote(game)}: expected a SmallGame")
    settings = _check_settings(tolerance, max_iterations, check_every)
    tolerance, max_iterations = settings["tolerance"], settings["max_iterations"]
    check_every = settings["check_every"]
    started = time.perf_counter()
    solver = CFRPlus(game)
    check_work(game, max_iterations, "max_iterations")
    while True:
        solver.iterate(min(check_every, max_iterations - solver.iterations))
        strategy = solver.average_strategy()
        gap = game.nash_conv(strategy)
        if gap <= tolerance or solver.iterations >= max_iterations:
            break
    return Solution(
        game=game,
        strategy=strategy,
        value=game.expected_value(strategy),
        nash_conv=gap,
        iterations=solver.iterations,
        seconds=time.perf_counter() - started,
    )
