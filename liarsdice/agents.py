"""Bots: players that see only a seat's View and return one of its legal actions.

- Bot: the base class; act(view) -> action, reseeded(seed) -> a fresh copy for a new game.
- RandomBot(seed=0): uniform over the legal actions.
- ThresholdBot(threshold=0.5): exact odds from its view; challenges when P(previous bid true)
  is below the threshold, otherwise makes the most probable legal raise (ties: the face it
  holds most of, then the lowest raise).
- ExpectedLossBot(): compares the expected dice it loses by challenging (and by calza, where
  allowed) with those it loses as the bidder of each raise if the next player challenges it,
  under the rules' loss and exact options; takes the cheapest.
- HonestBot(): never bluffs: the lowest raise its own dice support, on the face it holds most
  of; else it challenges (the lessons' simplest model of a bidder).
- BayesBot(beta=BAYES_BETA, model=None): as ExpectedLossBot, but it reads the other seats'
  moves this round (liarsdice.inference, under quantal(beta) or the model given): the counts
  it costs its moves with are posteriors, not the naive odds.
- SolverBot(seed=0, endgames=((1, 1),), tolerance=1e-3): in a two-player endgame of few dice
  (one die each by default) plays the equilibrium of liarsdice.solver, sampled with its own
  seeded Generator; everywhere else plays as ExpectedLossBot. policy(view) shows what it plays.
- BOTS: the bots by name ("random", "threshold", "expected_loss", "honest", "bayes", "solver"),
  for the command line and the widgets; register_bot(cls) adds one under cls.name.
- A game of bots: liarsdice.match.play_game; many games: liarsdice.tournament.

The odds and expected losses come from liarsdice.botkit (cached, shared by all bots); they
assume that bids carry no information. The solved endgames are cached per process on (rules,
dice, tolerance). A SolverBot first looks for the endgame's solution file in the cache folder
(liarsdice.solver.solution_path; `python -m liarsdice solve` writes them) and plays it when
its NashConv meets the bot's tolerance; a refused file (corrupt, other rules) is warned about
once (RuntimeWarning) and the endgame solved as without one.

Limits: seeds 0..limits.MAX_SEED (2**128 - 1; None refused: games must replay); threshold a
number 0..1; beta a finite number; tolerance a finite number > 0; at most MAX_ENDGAMES
endgames. act(view) takes a liarsdice View at the seat's turn. Bad arguments raise ValueError
quoting them (ArgumentTypeError, also a TypeError, for a wrong kind).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TypeVar

import numpy as np

from liarsdice import botkit, inference, odds, solver
from liarsdice.actions import Action, Calza, Challenge, Pass
from liarsdice.bids import Bid
from liarsdice.checks import check_number, check_seed, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import ladder_positions, legal_bids
from liarsdice.rules import Rules
from liarsdice.view import View

MAX_ENDGAMES = 100  # endgames a SolverBot may be given (each is solved once per process)


class Bot:
    """A player that sees only a View; subclasses define act()."""

    name = "bot"

    def act(self, view: View) -> Action:
        """Return one of view.legal_actions()."""
        raise NotImplementedError

    def reseeded(self, seed: int) -> Bot:
        """Return the bot to use in a new game seeded with `seed` (0..limits.MAX_SEED; itself,
        if not random)."""
        check_seed("seed", seed)
        return self


@dataclass
class RandomBot(Bot):
    """Chooses uniformly among the legal actions, with its own seeded Generator (seed
    0..limits.MAX_SEED)."""

    seed: int = 0
    name = "random"
    _rng: np.random.Generator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seed = check_seed("seed", self.seed)
        self._rng = np.random.default_rng(self.seed)

    def act(self, view: View) -> Action:
        """Return a legal action drawn uniformly."""
        botkit.is_move_turn(view)  # refuses a view that is not its turn
        legal = view.legal_actions()
        return legal[int(self._rng.integers(len(legal)))]

    def reseeded(self, seed: int) -> RandomBot:
        """Return a new RandomBot seeded with `seed` (0..limits.MAX_SEED)."""
        return RandomBot(seed)


@dataclass(frozen=True)
class _Plan:
    """A ThresholdBot's answers for one hand and table: P(true) per bid, the best raise after
    each ladder position (positions from engine's cached ladder) and the best opening."""

    chance: tuple[tuple[float, ...], ...]  # [face - 1][quantity]
    best_after: tuple[Bid | None, ...]  # best_after[i]: the best bid above ladder position i - 1
    best_opening: Bid


def _preferred(chances: np.ndarray, faces: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Return each bid's place in the order of preference: most probable first, then the face
    held most, then the lowest raise (bids given lowest first)."""
    order = np.lexsort((np.arange(len(chances)), -held[faces], -np.round(chances, 12)))
    place = np.empty(len(order), dtype=np.intp)
    place[order] = np.arange(len(order))
    return place


@lru_cache(maxsize=8192)  # each plan holds a few kB: at most some tens of MB
def _threshold_plan(
    rules: Rules, total: int, palifico: bool, hand: tuple[int, ...], known: tuple[int, ...]
) -> _Plan:
    """Return the ThresholdBot plan for a seat holding `hand` and seeing `known` dice."""
    table = botkit.odds_table(rules, total - len(known), known, palifico)
    bids = legal_bids(rules, total, None, palifico, False)
    faces, quantities = botkit.bid_arrays(bids)
    ladder = ladder_positions(rules, total, palifico)[0]
    ladder_faces, ladder_quantities = botkit.bid_arrays(ladder)
    place = _preferred(table[ladder_faces, ladder_quantities], ladder_faces, botkit.held(hand))
    # best_after[i] is the most preferred bid among ladder[i:]: a running minimum from the top.
    lowest = np.minimum.accumulate(place[::-1])[::-1]
    order = np.argsort(place)
    best_after = (*(ladder[i] for i in order[lowest].tolist()), None)
    openings = _preferred(table[faces, quantities], faces, botkit.held(hand))
    return _Plan(tuple(map(tuple, table.tolist())), best_after, bids[int(np.argmin(openings))])


@dataclass
class ThresholdBot(Bot):
    """Challenges a bid less likely than `threshold` (a number 0..1); else makes the most
    probable raise."""

    threshold: float = 0.5
    name = "threshold"

    def __post_init__(self) -> None:
        number = check_number("threshold", self.threshold, 0, 1)
        if type(self.threshold) not in (int, float):  # numpy scalars, Fractions: a float
            self.threshold = number

    def act(self, view: View) -> Action:
        """Return Challenge(), the most probable legal raise, or Pass() after its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        rules, total, palifico = view.rules, view.total, view.palifico
        plan = _threshold_plan(rules, total, palifico, view.hand, view.known)
        previous = view.previous
        if previous is None:
            return plan.best_opening
        if plan.chance[previous.face - 1][previous.quantity] < self.threshold:
            return Challenge()
        if view.locked:
            return self._locked_raise(view, plan)
        best = plan.best_after[ladder_positions(rules, total, palifico)[1][previous] + 1]
        return Challenge() if best is None else best

    def _locked_raise(self, view: View, plan: _Plan) -> Action:
        """Return the most probable raise of the same face (a palifico round's face lock)."""
        bids = botkit.raises(view)
        if not bids:
            return Challenge()
        return max(
            bids, key=lambda b: (round(plan.chance[b.face - 1][b.quantity], 12), -b.quantity)
        )


# ----- expected dice lost --------------------------------------------------------------------


@dataclass
class ExpectedLossBot(Bot):
    """Takes the move with the fewest expected dice lost: challenge, calza or a raise.

    A raise is costed as if the next player challenged it; ties go to challenging, then to
    the lower raise.
    """

    name = "expected_loss"

    def options(self, view: View) -> list[tuple[float, int, Action]]:
        """Return the moves it weighs as (expected dice lost, order, action): challenge, calza
        and the cheapest raise of each face (costed as if the next seat challenged it)."""
        botkit.check_view(view)
        # botkit's fast path: the costs of challenge_loss, calza_loss and raise_loss, equal.
        return botkit.loss_options(view)

    def act(self, view: View) -> Action:
        """Return the action with the least expected dice lost, or Pass() after its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        return botkit.cheapest_unchecked(botkit.loss_options(view))


@dataclass
class HonestBot(Bot):
    """Never bluffs: bids only what the dice it sees support (its own hidden dice and the shown
    ones), on the face it holds most of, the lowest such raise; challenges when it has none."""

    name = "honest"

    def act(self, view: View) -> Action:
        """Return the lowest raise its dice support on its commonest face, else Challenge()."""
        if not botkit.is_move_turn(view):
            return Pass()
        rules, known, palifico = view.rules, view.known, view.palifico
        held = botkit.held(view.hand)
        supported = [
            b for b in botkit.raises(view) if rules.count(known, b.face, palifico) >= b.quantity
        ]
        if not supported:
            return Challenge() if view.previous is not None else botkit.raises(view)[0]
        return min(supported, key=lambda b: -int(held[b.face - 1]))  # the lowest raise wins ties


# ----- reading the bids ----------------------------------------------------------------------

# quantal's knob for the other seats: at 10, a raise 10 points of P(true) likelier is e times
# as probable. benchmarks/inference.py sweeps it: 8 to 16 do best against these bots.
BAYES_BETA = 10.0


@dataclass
class BayesBot(Bot):
    """Reads the other seats' moves this round by Bayes' rule under a bidder model (default
    quantal(BAYES_BETA)), then takes the move with the fewest expected dice lost: a challenge,
    calza or each cheapest raise (costed as if the next seat challenged it), each settled
    under the rules against the posterior distribution of the count."""

    beta: float = BAYES_BETA  # a finite number
    model: object = None  # any bidder model; None: quantal(beta)
    name = "bayes"

    def __post_init__(self) -> None:
        number = check_number("beta", self.beta)
        if type(self.beta) not in (int, float):  # numpy scalars, Fractions: a float
            self.beta = number
        if self.model is not None and not callable(self.model):
            raise ArgumentTypeError(
                f"model={quote(self.model)}: expected a bidder model (a callable)"
            )
        self._model = inference.quantal(self.beta) if self.model is None else self.model

    def act(self, view: View) -> Action:
        """Return the move with the least expected dice lost, reading the bids; Pass() after
        its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        belief = inference.Belief(view, self._model)
        rules, seat, previous = view.rules, view.seat, view.previous
        options: list[tuple[float, int, Action]] = []
        if previous is not None:
            assert view.bidder is not None  # a bid on the table has its bidder
            counts = belief.count_distribution(previous.face)
            cost = odds.cost_of_counts(counts, previous, rules, view.dice, view.bidder, seat)
            options.append((float(cost.expected_loss[seat]), 0, Challenge()))
            if Calza() in view.legal_actions():
                right = float(counts[previous.quantity]) if previous.quantity < len(counts) else 0.0
                options.append((botkit.calza_cost(right, botkit.calza_gains(view)), 1, Calza()))
        for order, bid in enumerate(botkit.cheapest_raises(view), start=2):
            counts = belief.count_distribution(bid.face)
            cost = odds.cost_of_counts(counts, bid, rules, view.dice, seat, view.next_seat)
            options.append((float(cost.expected_loss[seat]), order, bid))
        return botkit.cheapest(options)


# ----- the solved endgame --------------------------------------------------------------------


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

    for most in range(solver.MAX_DICE, max_dice - 1, -1):
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


BOTS: dict[str, type[Bot]] = {}
MAX_BOT_NAME = 100  # characters of a registered bot's name


def register_bot(kind: type[Bot]) -> type[Bot]:
    """Add a bot class to BOTS under its `name` (usable as a class decorator); return it."""
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise ArgumentTypeError(f"register_bot({quote(kind)}): expected a Bot subclass")
    if not isinstance(kind.name, str) or not kind.name or len(kind.name) > MAX_BOT_NAME:
        raise ValueError(
            f"register_bot({quote(kind)}): its name {quote(kind.name)} must be text of "
            f"1..{MAX_BOT_NAME} characters"
        )
    if BOTS.get(kind.name, kind) is not kind:
        raise ValueError(f"a bot called {quote(kind.name)} is already registered")
    BOTS[kind.name] = kind
    return kind


for _kind in (RandomBot, ThresholdBot, ExpectedLossBot, HonestBot, BayesBot, SolverBot):
    register_bot(_kind)
