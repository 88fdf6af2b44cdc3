"""The bot that plays solved endgames, and the plumbing that finds or solves them.

- SolverBot(seed=0, endgames=((1, 1),), tolerance=1e-3): in a two-player endgame of few dice
  (one die each by default) plays the equilibrium of liarsdice.solver, sampled with its own
  seeded Generator; everywhere else plays as ExpectedLossBot. policy(view) shows what it plays.
- MAX_ENDGAMES: the most endgames a SolverBot may be given.
- The plumbing (private): _solution (a round game solved once per process), _from_file (a
  solution file if there and good enough), _saved_solution and _endgame (the file, else
  solved), _whole_endgame (the whole-game endgame, from its file or solved), _endgame_rules.

SolverBot is registered in liarsdice.bot.BOTS as "solver" when this module is imported. The
solved endgames are cached per process on (rules, dice, tolerance). A SolverBot first looks for
the endgame's solution file in the cache folder (liarsdice.solver.solution_path; `python -m
liarsdice solve` writes them) and plays it when its NashConv meets the bot's tolerance; a
refused file (corrupt, other rules) is warned about once (RuntimeWarning) and the endgame
solved as without one.

Limits: seeds 0..limits.MAX_SEED (2**128 - 1; None refused: games must replay); tolerance a
finite number > 0; at most MAX_ENDGAMES endgames. act(view) takes a liarsdice View at the
seat's turn. Bad arguments raise ValueError quoting them (ArgumentTypeError, also a TypeError,
for a wrong kind).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeVar

import numpy as np

from liarsdice import botkit, solver
from liarsdice.actions import Action
from liarsdice.bot import Bot, register_bot
from liarsdice.bots_basic import ExpectedLossBot
from liarsdice.checks import check_number, check_seed, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules
from liarsdice.view import View

MAX_ENDGAMES = 100  # endgames a SolverBot may be given (each is solved once per process)


@cache
def _solution(rules: Rules, dice: tuple[int, int], tolerance: float) -> solver.Solution:
    """Return the endgame solved once per process."""
    return solver.solve(rules, dice, tolerance=tolerance)


_Found = TypeVar("_Found")


def _from_file(
    path: Path, load: Callable[[Path], _Found], good: Callable[[_Found], bool]
) -> _Found | None:
    """Return what `load` reads from `path` if the file is there, loads and is `good` enough;
    None otherwise (a refused file, corrupt or for other rules, warns)."""
    if not path.is_file():
        return None
    try:
        found = load(path)
    except ValueError as error:
        warnings.warn(
            f"SolverBot: {error}; solving the endgame instead", RuntimeWarning, stacklevel=5
        )
        return None
    return found if good(found) else None


@cache
def _saved_solution(
    rules: Rules, dice: tuple[int, int], tolerance: float, path: Path
) -> solver.Solution:
    """Return the endgame from its solution file when that holds one solved to `tolerance`,
    else solved; a refused file (corrupt, other rules) warns once per process and path."""
    found = _from_file(
        path, lambda p: solver.load_solution(p, rules, dice, 6), lambda s: s.nash_conv <= tolerance
    )
    return _solution(rules, dice, tolerance) if found is None else found


def _endgame(rules: Rules, dice: tuple[int, int], tolerance: float) -> solver.Solution:
    """Return the endgame's solution: from the cache folder (solver.solution_path) if a file
    there holds it, else solved once per process."""
    return _saved_solution(rules, dice, tolerance, solver.solution_path(rules, dice, 6))


@cache
def _whole_endgame(rules: Rules, max_dice: int, tolerance: float) -> solver.Endgame:
    """Return the rules' whole-game endgame up to max_dice dice: from the cache folder's file
    (solver.endgame_path, of max_dice or more dice) when its rounds meet `tolerance`, else
    solved once per process."""

    def good(endgame: solver.Endgame) -> bool:
        return all(s.error_bound <= tolerance for s in endgame.states.values())

    for most in range(solver.MAX_SOLVED_DICE, max_dice - 1, -1):
        path = solver.endgame_path(rules, 6, most)
        found = _from_file(path, lambda p: solver.load_endgame(p, rules, 6, most), good)  # noqa: B023
        if found is not None:
            return found
    return solver.solve_endgame(rules, max_dice=max_dice, tolerance=tolerance)


def _endgame_rules(rules: Rules) -> Rules | None:
    """Return the rules the endgame is solved under (calza left out), or None where the
    endgame solver refuses them."""
    try:
        return solver.endgame_rules(rules)
    except ValueError:
        return None


@register_bot
@dataclass
class SolverBot(Bot):
    """Plays the solved equilibrium in a two-player endgame of few dice; else ExpectedLossBot.

    Where the rules play one round (the openspiel preset), the endgame is the solver's round
    game: the round's opener as player 0, +1/-1 to the winner and loser of the challenge; a
    solution file in the cache folder (`python -m liarsdice solve`) is loaded, not solved,
    when its NashConv is at most `tolerance`. Where the game goes on, the endgame is the whole
    rest of the game (solver.solve_endgame: each round's challenge worth the state it leads
    to, palifico rounds included), solved once per process: exact by the LP for one die each,
    CFR to `tolerance` for three dice. Calza, where allowed, is left out of that endgame and
    never called; rules the endgame solver refuses (show-and-reroll) fall back.

    Args:
        seed: seeds the Generator that samples the equilibrium's mixed actions
            (0..limits.MAX_SEED).
        endgames: the (opener's dice, other's dice) to play by the solver, a list of at most
            MAX_ENDGAMES pairs; (1, 2) and (2, 1) are allowed but slow to solve (CFR+ on
            262,144 histories per round: 12 to 50 s each with numba, minutes without).
        tolerance: solve each endgame until its NashConv is at most this, a finite number
            > 0 (1e-3: about a second for one die each).
    """

    seed: int = 0
    endgames: tuple[tuple[int, int], ...] = ((1, 1),)
    tolerance: float = 1e-3
    name = "solver"
    _rng: np.random.Generator = field(init=False, repr=False, compare=False)
    _fallback: ExpectedLossBot = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seed = check_seed("seed", self.seed)
        endgames = self.endgames
        if isinstance(endgames, str | bytes | dict) or not (
            hasattr(endgames, "__len__") and hasattr(endgames, "__iter__")
        ):
            raise ArgumentTypeError(
                f"endgames={quote(endgames)}: expected a list of (dice, dice) pairs"
            )
        if len(endgames) > MAX_ENDGAMES:
            raise ValueError(f"endgames={quote(endgames)}: at most {MAX_ENDGAMES} endgames")
        self.endgames = tuple(solver.check_size(dice, 6) for dice in endgames)
        tolerance = check_number("tolerance", self.tolerance)
        if not tolerance > 0:
            raise ValueError(f"tolerance={quote(self.tolerance)}: expected a number > 0")
        if type(self.tolerance) not in (int, float):
            self.tolerance = tolerance
        self._rng = np.random.default_rng(self.seed)
        self._fallback = ExpectedLossBot()

    def policy(self, view: View) -> dict[Action, float] | None:
        """Return {legal action: probability} of the solved strategy, or None outside it."""
        botkit.check_view(view)
        if view.rules.single_round:
            found = solver.round_of(view)
            if found is None or found[0] not in self.endgames:
                return None
            dice, bids = found
            solution = _endgame(view.rules, dice, float(self.tolerance))
        else:
            state_bids = solver.endgame_of(view)
            rules = _endgame_rules(view.rules)
            if state_bids is None or rules is None:
                return None
            state, bids = state_bids
            if state.round_dice not in self.endgames:
                return None
            most = max(sum(dice) for dice in self.endgames)
            solution = _whole_endgame(rules, most, float(self.tolerance)).states[state].solution
        policy: dict[Action, float] = dict(solution.action_probabilities(view.hand, bids).items())
        legal = view.legal_actions()
        return policy if all(a in legal for a, p in policy.items() if p > 0) else None

    def act(self, view: View) -> Action:
        """Return an action drawn from policy(view), else ExpectedLossBot's action."""
        policy = self.policy(view)
        if policy is None:
            return self._fallback.act(view)
        actions = list(policy)
        weights = np.array([policy[a] for a in actions])
        return actions[int(self._rng.choice(len(actions), p=weights / weights.sum()))]

    def reseeded(self, seed: int) -> SolverBot:
        """Return a new SolverBot seeded with `seed` (0..limits.MAX_SEED), with the same
        endgames and tolerance."""
        return dataclasses.replace(self, seed=seed)
