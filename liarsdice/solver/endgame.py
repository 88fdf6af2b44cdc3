"""Endgames: two-player games of several rounds, solved from the smallest states up.

A state of a two-player endgame is who holds how many dice, who opens the round, and whether
the round is a palifico round. Its value is seat 0's expected payoff of the whole remaining
game, 2 x P(seat 0 wins) - 1, when both play an equilibrium. A round is the solver's round
game (SmallGame) whose challenge payoff is the value of the state the rules' `settle` leads
to (+-1 when a seat is out, or when the rules play a single round). States are solved by total
dice, smallest first; where a round can lead back to a state of the same total (Bluff's exact
count: the challenger gives a die to the bidder), that group of states is a stochastic game
solved by Shapley's value iteration (each sweep solves every round of the group with the
values of the sweep before, until no value moves more than the tolerance).

- EndgameState(dice, opener, palifico): (seat 0's dice, seat 1's dice), the opener (0 or 1)
  and the palifico flag.
- endgame_rules(rules): the rules with calza left out, as SolverBot and `solve` solve them.
- next_state(rules, state, bidder, bid, count): the state a challenge leads to, or seat 0's final
  payoff (+-1).
- endgame_round(rules, state, faces, values): a state's round as the solver's game, each
  challenge paying the value of the state it leads to.
- shapley(update, start, tolerance, max_sweeps): the fixed point of a value-iteration update,
  the sweeps it took and the last change.
- StateSolution: one state solved (its value, the round's Solution, exact or within NashConv).
- Endgame: every state's solution; value, p_win, round, opening, table, and `cyclic` (True
  where Shapley iteration was needed).
- solve_endgame(rules, faces=6, max_dice=3, ...): the endgame of the rules.

What the round leaves out: Perudo's calza (a right calza gains a die, so the states are not
closed at MAX_SOLVED_DICE dice: solve preset("perudo", calza=False)) and Bluff's show-and-reroll;
both are refused. Palifico is followed as the engine plays it, with each seat's palifico
round assumed spent once it has held one die (exact because such rules never give dice
back: palifico with a die given at an exact count is refused).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules, resolve
from liarsdice.settlement import next_round, settle
from liarsdice.solver.cfr import Solution, solve_game
from liarsdice.solver.game import MAX_SOLVED_DICE, SmallGame, check_size
from liarsdice.solver.lp import check_lp_size, lp_fits, lp_solution

MAX_SWEEPS = 1_000  # the most Shapley sweeps solve_endgame runs on a cyclic group
_Key = TypeVar("_Key", bound=Hashable)


@dataclass(frozen=True, order=True)
class EndgameState:
    """A two-player endgame state: (seat 0's dice, seat 1's dice), who opens, palifico round."""

    dice: tuple[int, int]
    opener: int = 0
    palifico: bool = False

    def __post_init__(self) -> None:
        counts = check_size(self.dice, 6)  # two integers >= 1, MAX_SOLVED_DICE in all
        object.__setattr__(self, "dice", counts)
        object.__setattr__(self, "opener", check_integer("opener", self.opener, 0, 1))
        object.__setattr__(self, "palifico", check_flag("palifico", self.palifico))
        if self.palifico and counts[self.opener] != 1:
            raise ValueError(
                f"{self}: a palifico round is opened by the player who just dropped to one die"
            )

    @property
    def round_dice(self) -> tuple[int, int]:
        """Return the dice of the round's opener and of the other player (the solver's order)."""
        return self.dice[self.opener], self.dice[1 - self.opener]

    @property
    def swapped(self) -> EndgameState:
        """Return the same state with the seats exchanged (its value is minus this one's)."""
        return EndgameState((self.dice[1], self.dice[0]), 1 - self.opener, self.palifico)

    def __str__(self) -> str:
        palifico = ", palifico" if self.palifico else ""
        return f"{self.dice[0]} v {self.dice[1]}, seat {self.opener} opens{palifico}"


def check_endgame_rules(rules: Rules | str) -> Rules:
    """Return the rules if the endgame solver handles them; else raise ValueError saying why."""
    rules = resolve(rules)
    if rules.calza:
        raise ValueError(
            "calza: a right calza gains a die, so the endgame is not closed at "
            f"{MAX_SOLVED_DICE} dice; solve the rules without it, e.g. preset('perudo', calza=False)"
        )
    if rules.show_and_reroll:
        raise ValueError("show_and_reroll: the solver's round has no show-and-reroll move")
    if rules.palifico and rules.exact == "challenger_to_bidder":
        raise ValueError(
            "palifico with exact='challenger_to_bidder': a seat given a die back could have "
            "its palifico round again, which the states do not record"
        )
    return rules


def endgame_rules(rules: Rules | str) -> Rules:
    """Return the rules an endgame is solved under: these, with calza left out (a Rules or a
    preset name; the rest is checked by check_endgame_rules)."""
    rules = resolve(rules)
    return check_endgame_rules(dataclasses.replace(rules, calza=False) if rules.calza else rules)


def next_state(
    rules: Rules | str, state: EndgameState, bidder: int, bid: Bid, count: int
) -> EndgameState | float:
    """Return the state after `bidder` (a seat, 0 or 1) is challenged on `bid` with `count`
    matching dice, or seat 0's final payoff (+1 or -1) when the game is over.

    rules: as check_endgame_rules takes them; state: an EndgameState.
    """
    rules = check_endgame_rules(rules)
    if not isinstance(state, EndgameState):
        raise ArgumentTypeError(f"state={quote(state)}: expected an EndgameState")
    bidder = check_integer("bidder", bidder, 0, 1)
    result = settle(rules, state.dice, bidder, 1 - bidder, bid, count)
    if rules.single_round or 0 in result.dice:
        return 1.0 if result.winner == 0 else -1.0
    dice = (result.dice[0], result.dice[1])
    # no die comes back in an endgame (calza is left out, a die given back is refused), so a
    # seat drops to one die at most once: the engine's record of palifico rounds is not needed
    start = next_round(rules, state.dice, result)
    return EndgameState(dice, start.opener, start.palifico)


def shapley(
    update: Callable[[Mapping[_Key, float]], Mapping[_Key, float]],
    start: Mapping[_Key, float],
    tolerance: float = 1e-10,
    max_sweeps: int = MAX_SWEEPS,
) -> tuple[dict[_Key, float], int, float]:
    """Return (values, sweeps, last change): Shapley's value iteration, values <- update(values)
    until no value changes by more than `tolerance`.

    update: maps the values of the states to the values of their games with those as the
    continuation values; start: the first guess; tolerance: a number >= 0; max_sweeps:
    1..MAX_SWEEPS. Converges when every round ends the stochastic game or moves it on with a
    probability bounded away from 1 (a contraction), as in Liar's Dice. ValueError if it has
    not converged after max_sweeps; an exception the update raises comes back as a ValueError.
    """
    if not callable(update):
        raise ArgumentTypeError(f"update={quote(update)}: expected a function")
    if not isinstance(start, Mapping):
        raise ArgumentTypeError(f"start={quote(start)}: expected a mapping of state: value")
    tolerance = check_number("tolerance", tolerance, 0)
    max_sweeps = check_integer("max_sweeps", max_sweeps, 1, MAX_SWEEPS)
    values = {k: check_number(f"start[{k!r}]", v) for k, v in start.items()}
    for sweep in range(1, max_sweeps + 1):
        try:
            new = dict(update(values))
        except Exception as error:  # the caller's function may raise anything
            raise ValueError(
                f"update raised {quote(error)} at sweep {sweep} from start={quote(start)}"
            ) from error
        if set(new) != set(values):
            raise ValueError(f"update returned other states: {quote(sorted(map(str, new)))}")
        change = max((abs(new[k] - values[k]) for k in values), default=0.0)
        values = new
        if change <= tolerance:
            return values, sweep, change
    raise ValueError(
        f"Shapley iteration did not converge in {max_sweeps} sweeps (last change {change:.3g})"
    )


@dataclass(frozen=True, eq=False)
class StateSolution:
    """One endgame state solved: seat 0's value and the round's equilibrium."""

    state: EndgameState
    value: float  # seat 0's value: the LP's where `exact`, else the CFR strategy's
    exact: bool  # True when the value is the round's LP value (given its successors' values)
    solution: Solution  # the round as the solver plays it: player 0 is the state's opener

    @property
    def p_win(self) -> float:
        """Return seat 0's probability of winning the game from this state."""
        return (1.0 + self.value) / 2.0

    @property
    def error_bound(self) -> float:
        """Return how far the value may be from the round's value: 0 for the LP, else NashConv."""
        return 0.0 if self.exact else self.solution.nash_conv


@dataclass(frozen=True, eq=False)
class Endgame:
    """The solved endgame of a rule set: every state with at most max_dice dice in all."""

    rules: Rules
    faces: int
    max_dice: int
    states: dict[EndgameState, StateSolution]
    cyclic: bool  # True if some round can lead back to its own total (Shapley's iteration)
    sweeps: int = 0  # the most Shapley sweeps a group needed (0: none was cyclic)
    notes: tuple[str, ...] = field(default=())

    def _get(self, dice: Iterable[int], opener: int, palifico: bool) -> StateSolution:
        """Return the solution of a state; ValueError for a state outside this endgame."""
        state = EndgameState(dice, opener, palifico)  # type: ignore[arg-type]
        if state not in self.states:
            raise ValueError(
                f"state {state}: not in this endgame (at most {self.max_dice} dice in all, "
                f"{self.rules.start_dice(2)} per seat{', palifico rounds' if self.rules.palifico else ''})"
            )
        return self.states[state]

    def value(self, dice: Iterable[int], opener: int = 0, palifico: bool = False) -> float:
        """Return seat 0's value, 2 P(seat 0 wins) - 1, with (seat 0's, seat 1's) dice."""
        return self._get(dice, opener, palifico).value

    def p_win(self, dice: Iterable[int], opener: int = 0, palifico: bool = False) -> float:
        """Return the probability that seat 0 wins the game from this state."""
        return self._get(dice, opener, palifico).p_win

    def round(self, dice: Iterable[int], opener: int = 0, palifico: bool = False) -> Solution:
        """Return the state's round solved: player 0 of its game is the opener."""
        return self._get(dice, opener, palifico).solution

    def opening(
        self, dice: Iterable[int], opener: int = 0, palifico: bool = False
    ) -> dict[Bid, float]:
        """Return the equilibrium's first bid: {bid: probability}, over the opener's rolls."""
        solution = self.round(dice, opener, palifico)
        game = solution.game
        first = solution.strategy.bid[1] @ game.chance[0]  # [opening bid]
        return {game.bids[i]: float(p) for i, p in zip(game.levels[1].last, first) if p > 1e-9}

    def table(self) -> list[dict[str, object]]:
        """Return one row per state: dice, opener, palifico, P(seat 0 wins), value, how exact,
        and the opener's most likely first bid."""
        rows: list[dict[str, object]] = []
        for state in sorted(self.states):
            solved = self.states[state]
            opening = self.opening(state.dice, state.opener, state.palifico)
            rows.append(
                {
                    "seat 0 dice": state.dice[0],
                    "seat 1 dice": state.dice[1],
                    "opener": state.opener,
                    "palifico": state.palifico,
                    "P(seat 0 wins)": solved.p_win,
                    "value": solved.value,
                    "method": "LP" if solved.exact else "CFR",
                    "error bound": solved.error_bound,
                    "first bid": str(max(opening, key=opening.__getitem__)),
                }
            )
        return rows

    def __repr__(self) -> str:
        how = f", Shapley {self.sweeps} sweeps" if self.cyclic else ""
        return (
            f"Endgame({self.rules.preset_name or 'custom rules'}, faces={self.faces}, "
            f"{len(self.states)} states{how})"
        )


def endgame_round(
    rules: Rules | str,
    state: EndgameState,
    faces: int,
    values: Mapping[EndgameState, float],
) -> SmallGame:
    """Return the state's round as the solver's game: the opener as player 0, each challenge
    paying the opener the value of the state it leads to (seat 0's `values`, +-1 at the end).

    rules: as check_endgame_rules takes them; state: an EndgameState; faces: 2..6; values:
    seat 0's value of every state the round can lead to (a KeyError names a missing one).
    """
    rules = check_endgame_rules(rules)
    if not isinstance(state, EndgameState):
        raise ArgumentTypeError(f"state={quote(state)}: expected an EndgameState")
    if not isinstance(values, Mapping):
        raise ArgumentTypeError(f"values={quote(values)}: expected a mapping of state: value")
    missing = _successors(rules, state) - set(values)
    if missing:
        raise ValueError(
            f"values={quote(values)}: no value for {min(missing)}, which {state} leads to"
        )
    sign = 1.0 if state.opener == 0 else -1.0  # seat 0's payoff to the opener's

    def payoff(bidder: int, bid: Bid, count: int) -> float:
        seat = state.opener if bidder == 0 else 1 - state.opener
        nxt = next_state(rules, state, seat, bid, count)
        return sign * (nxt if isinstance(nxt, float) else values[nxt])

    return SmallGame(rules, state.round_dice, faces, palifico=state.palifico, payoff=payoff)


def endgame_states(rules: Rules | str, max_dice: int = MAX_SOLVED_DICE) -> list[EndgameState]:
    """Return every state with at most max_dice (2..MAX_SOLVED_DICE) dice in all, by total dice."""
    rules = check_endgame_rules(rules)
    max_dice = check_integer("max_dice", max_dice, 2, MAX_SOLVED_DICE)
    cap = rules.start_dice(2)
    states = []
    for a, b in itertools.product(range(1, cap + 1), repeat=2):
        if a + b > max_dice:
            continue
        for opener in (0, 1):
            states.append(EndgameState((a, b), opener))
            if rules.palifico and (a, b)[opener] == 1:
                states.append(EndgameState((a, b), opener, True))
    return sorted(states, key=lambda s: (sum(s.dice), s))


def solve_endgame(
    rules: Rules | str,
    *,
    faces: int = 6,
    max_dice: int = MAX_SOLVED_DICE,
    tolerance: float = 1e-4,
    max_iterations: int | None = None,
    exact: bool = True,
    shapley_tolerance: float = 1e-9,
) -> Endgame:
    """Return the endgame of the rules: every two-player state with at most max_dice dice.

    Args:
        rules: a Rules or a preset name, without calza or show-and-reroll (check_endgame_rules).
        faces: the sides of each die, 2..6 (die_faces: the wild face and the lowest plain ones).
        max_dice: the most dice in all, 2..MAX_SOLVED_DICE.
        tolerance: each round's CFR stops at this NashConv (a finite number >= 0).
        max_iterations: each round's CFR iterations at most (1..MAX_ITERATIONS and the work
            limit solver.cfr.MAX_WORK), or None: as many as that limit allows for the round.
        exact: True: a round's value is its LP value where the LP fits (lp_fits), so the
            values are exact (up to the LP's and Shapley's tolerances); False: CFR's values.
        shapley_tolerance: a cyclic group's sweeps stop when no value moves more than this
            (a number >= 0; with CFR values, at least `tolerance` is used).
    """
    rules = check_endgame_rules(rules)
    faces = check_integer("faces", faces, 2, 6)
    max_dice = check_integer("max_dice", max_dice, 2, MAX_SOLVED_DICE)
    tolerance = check_number("tolerance", tolerance, 0)
    if max_iterations is not None:
        max_iterations = check_integer("max_iterations", max_iterations, 1, MAX_ITERATIONS)
    exact = check_flag("exact", exact)
    shapley_tolerance = check_number("shapley_tolerance", shapley_tolerance, 0)
    states = endgame_states(rules, max_dice)
    solved: dict[EndgameState, StateSolution] = {}
    cyclic, most_sweeps = False, 0

    def solve_state(state: EndgameState, values: Mapping[EndgameState, float]) -> StateSolution:
        """Return the state's round solved with these continuation values (seat 0's)."""
        game = endgame_round(rules, state, faces, values)
        sign = 1.0 if state.opener == 0 else -1.0  # seat 0's value from the opener's
        fits = exact and lp_fits(game)
        solution = (
            lp_solution(game)
            if fits
            else solve_game(game, tolerance=tolerance, max_iterations=max_iterations)
        )
        return StateSolution(state, sign * solution.value, fits, solution)

    def solve_group(members: list[EndgameState]) -> int:
        """Solve states of one total into `solved`; return the Shapley sweeps (0: none)."""
        fixed = {s: v.value for s, v in solved.items()}
        if not _same_total_successors(rules, members):
            solved.update((state, solve_state(state, fixed)) for state in members)
            return 0
        latest: dict[EndgameState, StateSolution] = {}

        def sweep(values: Mapping[EndgameState, float]) -> dict[EndgameState, float]:
            """Return every member's value with `values` for the group, the rest as solved."""
            known = {**fixed, **values}
            latest.update((state, solve_state(state, known)) for state in members)
            return {s: latest[s].value for s in members}

        # CFR's values move by up to its tolerance from sweep to sweep; the LP's do not.
        lp = exact and all(_lp_size_fits(rules, s, faces) for s in members)
        precision = shapley_tolerance if lp else max(shapley_tolerance, tolerance)
        _, sweeps, _ = shapley(sweep, dict.fromkeys(members, 0.0), precision)
        solved.update(latest)
        return sweeps

    for _, group in itertools.groupby(states, key=lambda s: sum(s.dice)):
        sweeps = solve_group(list(group))
        cyclic = cyclic or sweeps > 0
        most_sweeps = max(most_sweeps, sweeps)
    notes = (
        (f"rounds leading back to the same dice: Shapley's value iteration, {most_sweeps} sweeps",)
        if cyclic
        else ()
    )
    return Endgame(rules, faces, max_dice, solved, cyclic, most_sweeps, notes)


def _successors(rules: Rules, state: EndgameState) -> set[EndgameState]:
    """Return the states a round of `state` can lead to (the game's ends left out)."""
    total = sum(state.dice)
    return {
        nxt
        for seat, bid, count in itertools.product(
            (0, 1), rules.ladder(total, state.palifico), range(total + 1)
        )
        if isinstance(nxt := next_state(rules, state, seat, bid, count), EndgameState)
    }


def _same_total_successors(rules: Rules, members: list[EndgameState]) -> bool:
    """Return True if a round of these states can lead to a state of the same total dice."""
    return any(
        sum(nxt.dice) == sum(state.dice) for state in members for nxt in _successors(rules, state)
    )


def _lp_size_fits(rules: Rules, state: EndgameState, faces: int) -> bool:
    """Return True if the state's round certainly fits the LP (check_lp_size's bound)."""
    try:
        check_lp_size(rules, state.round_dice, faces)
    except ValueError:
        return False
    return True
