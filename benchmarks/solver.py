"""Time the small-game solver and cross-check it with OpenSpiel's liars_dice where installed.

Prints: the CFR+ time to NashConv 1e-3 and 1e-4 for 1 v 1 (one die each, OpenSpiel's game) on
one core; the exact value by the LP; and, when pyspiel imports, its tree sizes, its value and
the NashConv of our strategy by its own code, and its CFR+ time for 100 iterations beside ours.

Run: python benchmarks/solver.py   (with pyspiel: PYTHONPATH=. /path/to/venv/bin/python ...)
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # one core: before numpy starts its thread pools

import time  # noqa: E402

import liarsdice as ld  # noqa: E402
from liarsdice.solver import LIAR, CFRPlus, SmallGame, Strategy, game_value  # noqa: E402

TARGETS = (1e-3, 1e-4)
CHECK_EVERY = 10


def pin_to_one_core() -> str:
    """Return which core the process now runs on (Linux), or a note where it cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def time_to_targets(game: SmallGame) -> tuple[list[tuple[float, int, float, float]], Strategy]:
    """Return (target, iterations, CFR+ seconds, seconds with checks) rows and the last strategy."""
    solver = CFRPlus(game)
    rows, solving, started = [], 0.0, time.perf_counter()
    pending = list(TARGETS)
    while pending:
        t = time.perf_counter()
        solver.iterate(CHECK_EVERY)
        solving += time.perf_counter() - t
        strategy = solver.average_strategy()
        gap = game.nash_conv(strategy)
        while pending and gap <= pending[0]:
            rows.append((pending.pop(0), solver.iterations, solving, time.perf_counter() - started))
    return rows, strategy


def time_iterations(game: SmallGame, iterations: int) -> float:
    """Return the seconds our CFR+ takes for `iterations` iterations."""
    solver = CFRPlus(game)
    t = time.perf_counter()
    solver.iterate(iterations)
    return time.perf_counter() - t


def openspiel_policy(pyspiel, game: SmallGame, strategy: Strategy):
    """Return our strategy as a pyspiel TabularPolicy keyed by liars_dice's info-state strings."""

    def action_id(action: object) -> int:
        # liars_dice numbers bid (q, face) as 6 (q - 1) + face - 1 and the challenge last.
        if action == LIAR:
            return 6 * sum(game.dice)
        return 6 * (action.quantity - 1) + action.face - 1

    table = {}
    for d, level in enumerate(game.levels):
        for row in range(len(level)):
            history = game.history(d, row)
            words = " ".join(f"{b.quantity}-{b.face}" for b in history)
            for hand in game.hands[d % 2]:
                key = " ".join([str(hand[0]), words]) if words else str(hand[0])
                probabilities = strategy.action_probabilities(hand, history)
                table[key] = [(action_id(a), p) for a, p in probabilities.items()]
    return pyspiel.TabularPolicy(table)


def openspiel_sizes(spiel_game) -> tuple[int, int]:
    """Return (terminal histories, information states) of a pyspiel game by walking its tree."""
    terminals, states = 0, set()
    stack = [spiel_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            terminals += 1
            continue
        if not state.is_chance_node():
            states.add((state.current_player(), state.information_state_string()))
        for action in state.legal_actions():
            stack.append(state.child(action))
    return terminals, len(states)


def main() -> None:
    """Print the benchmark table."""
    print(f"liarsdice.solver benchmark ({pin_to_one_core()})")
    rules = ld.preset("openspiel")
    game = SmallGame(rules, (1, 1))
    print(f"game: {game!r}")
    rows, strategy = time_to_targets(game)
    print()
    print(f"{'NashConv below':>15} {'iterations':>11} {'CFR+ s':>8} {'s with checks':>14}")
    for target, iterations, solving, total in rows:
        print(f"{target:>15.0e} {iterations:>11} {solving:>8.2f} {total:>14.2f}")
    ours = game.expected_value(strategy)
    print(f"\nvalue of our CFR+ strategy (player 0): {ours:.7f}; published -7/258 = {-7 / 258:.7f}")
    try:
        t = time.perf_counter()
        exact = game_value(rules, (1, 1))
        print(
            f"value by the sequence-form LP (HiGHS): {exact:.10f} in {time.perf_counter() - t:.2f} s"
        )
    except ImportError as error:
        print(f"no LP value: {error}")
    uniform = game.nash_conv(Strategy.uniform(game))
    print(f"NashConv of the uniform random strategy: {uniform:.15f} (published 1.561488646384479)")

    try:
        import pyspiel
    except ImportError:
        print("\nopen-spiel is not importable here: no cross-check (pip install open-spiel).")
        return
    spiel_game = pyspiel.load_game("liars_dice")
    print(f"\nOpenSpiel {spiel_game} (pyspiel from {os.path.dirname(pyspiel.__file__)})")
    t = time.perf_counter()
    terminals, states = openspiel_sizes(spiel_game)
    walk = time.perf_counter() - t
    print(f"{'':24} {'ours':>10} {'OpenSpiel':>10}")
    print(f"{'terminal histories':24} {game.n_terminal_histories:>10,} {terminals:>10,}")
    print(f"{'information states':24} {game.n_information_states:>10,} {states:>10,}")
    print(f"(OpenSpiel tree walked in {walk:.1f} s)")
    spiel_uniform = pyspiel.nash_conv(spiel_game, pyspiel.UniformRandomPolicy(spiel_game))
    print(f"uniform random NashConv by OpenSpiel: {spiel_uniform:.15f}")
    policy = openspiel_policy(pyspiel, game, strategy)
    spiel_value = pyspiel.expected_returns(spiel_game.new_initial_state(), policy, -1, True)[0]
    spiel_gap = pyspiel.nash_conv(spiel_game, policy)
    print(f"our strategy judged by OpenSpiel: value {spiel_value:.7f}, NashConv {spiel_gap:.2e}")

    iterations = 100
    solver = pyspiel.CFRPlusSolver(spiel_game)
    t = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    theirs = time.perf_counter() - t
    average = solver.average_policy()
    their_gap = pyspiel.nash_conv(spiel_game, average)
    their_value = pyspiel.expected_returns(spiel_game.new_initial_state(), average, -1, True)[0]
    mine = time_iterations(game, iterations)
    print(f"\nCFR+ for {iterations} iterations on one core:")
    print(f"  OpenSpiel (C++): {theirs:.2f} s, NashConv {their_gap:.2e}, value {their_value:.7f}")
    print(f"  liarsdice (numpy): {mine:.2f} s")
    print(f"  ratio OpenSpiel / liarsdice: {theirs / mine:.0f}x")


if __name__ == "__main__":
    main()
