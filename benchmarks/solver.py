"""Time the small-game solver on one core, and OpenSpiel's CFR+ beside it where it is installed.

Prints one table: for 1 v 1, 1 v 2 and 2 v 1 on six faces, under a board ladder ("openspiel",
the research game; Blef's ladder is the same with one die each) and Perudo's, the iterations
and seconds of CFR+ (solve's settings: float32, NashConv checked on solve's schedule, the
checks counted) to NashConv 1e-3 and 1e-4, the seconds per iteration, the peak memory of the
process while solving, the value reached and the linear program's exact value where it fits.
Each game runs in a fresh child process (so its peak memory is its own), --repeats times; the
table shows the median seconds. Rows "numba" use the compiled backend (pip install
liarsdice[fast]), "numpy" the fallback (on the large games only a few iterations, to time one).

Then the streamed solver (liarsdice.solver.stream) on STREAM_GAMES: seconds per iteration and
the bytes the process wrote per iteration (/proc/self/io write_bytes, which counts a page each
time it is dirtied; each iteration is followed by os.sync(), so a page dirtied again counts
again, as under a long run's steady write-back), and the bytes of one checkpoint.

Then, where OpenSpiel imports (this interpreter, or --openspiel-python: OpenSpiel installed in
a throwaway venv, never in the project's), its CFR+ on liars_dice (one die each: our 1 v 1
openspiel game) to the same NashConv targets, and our 1 v 1 strategy judged by its code.

Run: python benchmarks/solver.py [--repeats 3] [--openspiel-python /tmp/osvenv/bin/python]
     python benchmarks/solver.py --stream-only (the streamed solver's table only)
     (python -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel)
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # one core: before numpy starts its thread pools

import argparse  # noqa: E402
import json  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

TARGETS = (1e-3, 1e-4)
CHECK_EVERY = 10
# OpenSpiel's NashConv takes about 4 s on liars_dice, so it is checked at these iterations only
OPENSPIEL_CHECKS = (100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000)
MAX_SECONDS = 240.0  # a child stops here even if 1e-4 is not reached
PRESETS = ("openspiel", "perudo")
SPLITS = ((1, 1), (1, 2), (2, 1))
STREAM_GAMES = (("openspiel", (2, 2), 5), ("openspiel", (1, 2), 6))
STREAM_ITERATIONS = 3
SCRIPT = Path(__file__).resolve()
sys.path.insert(0, str(SCRIPT.parent))


def pin_to_one_core() -> str:
    """Return which core the process now runs on (Linux), or a note where it cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def peak_megabytes() -> float:
    """Return this process's peak resident memory in MB (ru_maxrss: KB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


# ----- one game, in a child process ---------------------------------------------------------


def run_case(preset: str, dice: tuple[int, int], backend: str, iterations: int | None) -> dict:
    """Return the times of CFR+ on one six-faced game: to each target (iterations None), or of
    `iterations` iterations (the per-iteration time only)."""
    from liarsdice.solver import CFRPlus, SmallGame, lp_fits, lp_value
    from liarsdice.solver.cfr import _next_check

    game = SmallGame(preset, dice, 6)
    warm = CFRPlus(SmallGame(preset, dice, 2), dtype="float32", backend=backend)
    warm.iterate(2)  # numba: load (or compile) the kernels before the clock starts
    warm._check()
    started = time.perf_counter()
    solver = CFRPlus(game, dtype="float32", backend=backend)
    reached: dict[str, list[float]] = {}
    pending, solving, step = list(TARGETS), 0.0, CHECK_EVERY
    while pending and time.perf_counter() - started < MAX_SECONDS:
        t = time.perf_counter()
        solver.iterate(step if iterations is None else iterations)
        solving += time.perf_counter() - t
        if iterations is not None:
            break
        gap, _ = solver._check()
        while pending and gap <= pending[0]:
            reached[f"{pending.pop(0):.0e}"] = [solver.iterations, time.perf_counter() - started]
        if pending:  # solve's schedule: sparse checks while far from the next target
            step = _next_check(CHECK_EVERY, solver.iterations, gap, pending[0])
    result = {
        "per_iteration": solving / solver.iterations,
        "iterations": solver.iterations,
        "reached": reached,
        "states": game.n_information_states,
    }
    result["peak_mb"] = peak_megabytes()  # the solver's, before the evaluations and the LP
    if iterations is None:
        strategy = solver.average_strategy()
        result["nash_conv"] = game.nash_conv(strategy)  # float64, the game's own evaluation
        result["value"] = game.expected_value(strategy)
        result["exact"] = lp_value(game) if lp_fits(game) else None
    return result


def child(preset: str, dice: tuple[int, int], backend: str, iterations: int | None) -> dict:
    """Return run_case's result from a fresh child process (this script, --case)."""
    command = [sys.executable, str(SCRIPT), "--case", preset, f"{dice[0]},{dice[1]}", backend]
    if iterations is not None:
        command += ["--iterations", str(iterations)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def median_row(runs: list[dict]) -> dict:
    """Return one run's numbers with the median seconds of all runs (iterations are the same)."""
    row = dict(runs[0])
    row["per_iteration"] = statistics.median(r["per_iteration"] for r in runs)
    row["peak_mb"] = max(r["peak_mb"] for r in runs)
    row["reached"] = {
        target: [its, statistics.median(r["reached"][target][1] for r in runs)]
        for target, (its, _) in runs[0]["reached"].items()
        if all(target in r["reached"] for r in runs)
    }
    return row


def cell(row: dict, target: float) -> tuple[str, str]:
    """Return (iterations, seconds) to a target as text, or dashes if it was not reached."""
    reached = row["reached"].get(f"{target:.0e}")
    if reached is None:
        return "-", "-"
    return f"{reached[0]:,}", f"{reached[1]:.1f}"


def our_table(repeats: int, backends: list[str]) -> dict[tuple[str, tuple[int, int], str], dict]:
    """Print the table of our solver on every game and backend; return the runs' medians."""
    from timing import print_table

    rows, medians = [], {}
    for preset in PRESETS:
        for dice in SPLITS:
            for backend in backends:
                large = dice != (1, 1)
                if backend == "numpy" and large:  # minutes to 1e-4: time a few iterations only
                    row = median_row([child(preset, dice, backend, 5) for _ in range(repeats)])
                else:
                    row = median_row([child(preset, dice, backend, None) for _ in range(repeats)])
                medians[preset, dice, backend] = row
                exact = row.get("exact")
                rows.append(
                    [
                        f"{preset} {dice[0]} v {dice[1]}",
                        backend,
                        f"{row['states']:,}",
                        *cell(row, 1e-3),
                        *cell(row, 1e-4),
                        f"{1000 * row['per_iteration']:.1f}",
                        f"{row['peak_mb']:.0f}",
                        f"{row['value']:.5f}" if "value" in row else "-",
                        "-" if exact is None else f"{exact:.5f}",
                    ]
                )
                print(f"  done: {rows[-1][0]} {backend}", file=sys.stderr, flush=True)
    header = ["game (six faces)", "backend", "states", "it 1e-3", "s 1e-3", "it 1e-4", "s 1e-4"]
    print_table([*header, "ms/it", "peak MB", "value", "LP value"], rows)
    print(
        f"(median of {repeats} runs, each in a fresh process; seconds include the NashConv "
        f"checks, every {CHECK_EVERY} iterations near the target and sparser far from it, as "
        "solve does; float32, as solve uses for these tolerances)"
    )
    return medians


# ----- the streamed solver, in a child process ----------------------------------------------


def written_bytes() -> int:
    """Return the bytes this process has caused to be written (/proc/self/io), or -1."""
    try:
        text = Path("/proc/self/io").read_text()
    except OSError:
        return -1
    fields = dict(line.split(": ") for line in text.splitlines())
    return int(fields["write_bytes"])


def stream_case(preset: str, dice: tuple[int, int], faces: int, iterations: int) -> dict:
    """Return the streamed solver's seconds and bytes written per iteration on one game, and
    the bytes written by one checkpoint."""
    from liarsdice.solver.stream import StreamGame, StreamSolver

    game = StreamGame(preset, dice, faces)
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:  # on disk, not a tmpfs
        solver = StreamSolver(game, folder)
        solver.iterate(1)  # numba's kernels loaded, the first strategy in place
        os.sync()
        seconds, written = [], []
        for _ in range(iterations):
            before, t = written_bytes(), time.perf_counter()
            solver.iterate(1)
            seconds.append(time.perf_counter() - t)
            os.sync()  # write-back: a page dirtied by the next iteration counts again
            written.append(written_bytes() - before)
        before = written_bytes()
        solver.checkpoint()
        checkpoint = written_bytes() - before
    return {
        "states": game.n_information_states,
        "per_iteration": statistics.median(seconds),
        "written": statistics.median(written),
        "checkpoint": checkpoint,
        "peak_mb": peak_megabytes(),
    }


def stream_table(repeats: int) -> None:
    """Print the streamed solver's table: seconds and bytes written per iteration."""
    from timing import print_table

    rows = []
    for preset, dice, faces in STREAM_GAMES:
        runs = []
        for _ in range(repeats):
            command = [sys.executable, str(SCRIPT), "--stream", preset, f"{dice[0]},{dice[1]}"]
            command += [str(faces)]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        written = statistics.median(r["written"] for r in runs)
        rows.append(
            [
                f"{preset} {dice[0]} v {dice[1]}, {faces} faces",
                f"{runs[0]['states']:,}",
                f"{statistics.median(r['per_iteration'] for r in runs):.2f}",
                "unknown" if written < 0 else f"{written / 2**20:,.1f}",
                f"{statistics.median(r['checkpoint'] for r in runs) / 2**20:,.1f}",
                f"{max(r['peak_mb'] for r in runs):.0f}",
            ]
        )
    print("\nThe streamed solver (float32, one core):")
    print_table(["game", "states", "s/it", "MiB written/it", "MiB/checkpoint", "peak MB"], rows)
    print(
        f"(median of {repeats} runs of {STREAM_ITERATIONS} iterations, each in a fresh process;"
        " bytes written from /proc/self/io, each iteration followed by os.sync())"
    )


# ----- OpenSpiel, in its own interpreter ------------------------------------------------------


def export_policy(path: Path) -> dict:
    """Write our solved 1 v 1 strategy as OpenSpiel's liars_dice information states to `path`
    (JSON: {state: [[action, probability], ...]}); return our numbers."""
    from liarsdice.solver import LIAR, solve

    solution = solve("openspiel", (1, 1), tolerance=1e-4)
    game = solution.game

    def action_id(action: object) -> int:
        # liars_dice numbers bid (q, face) as 6 (q - 1) + face - 1 and the challenge last.
        if action == LIAR:
            return 6 * sum(game.dice)
        return 6 * (action.quantity - 1) + action.face - 1  # type: ignore[attr-defined]

    table = {}
    for d, level in enumerate(game.levels):
        for row in range(len(level)):
            history = game.history(d, row)
            words = " ".join(f"{b.quantity}-{b.face}" for b in history)
            for hand in game.hands[d % 2]:
                key = " ".join([str(hand[0]), words]) if words else str(hand[0])
                probabilities = solution.strategy.action_probabilities(hand, history)
                table[key] = [[action_id(a), p] for a, p in probabilities.items()]
    path.write_text(json.dumps(table))
    return {
        "value": solution.value,
        "nash_conv": solution.nash_conv,
        "terminals": game.n_terminal_histories,
        "states": game.n_information_states,
    }


def openspiel_run(policy_file: str) -> dict:
    """Return OpenSpiel's numbers (this runs where pyspiel imports): tree sizes, the uniform
    strategy's NashConv, our policy judged, and CFR+ to each target on one core."""
    import pyspiel

    spiel_game = pyspiel.load_game("liars_dice")
    terminals, states, stack = 0, set(), [spiel_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            terminals += 1
            continue
        if not state.is_chance_node():
            states.add((state.current_player(), state.information_state_string()))
        stack.extend(state.child(action) for action in state.legal_actions())
    table = {k: [tuple(p) for p in v] for k, v in json.loads(Path(policy_file).read_text()).items()}
    ours = pyspiel.TabularPolicy(table)
    result = {
        "terminals": terminals,
        "states": len(states),
        "uniform": pyspiel.nash_conv(spiel_game, pyspiel.UniformRandomPolicy(spiel_game)),
        "our_value": pyspiel.expected_returns(spiel_game.new_initial_state(), ours, -1, True)[0],
        "our_nash_conv": pyspiel.nash_conv(spiel_game, ours),
        "reached": {},
    }
    solver = pyspiel.CFRPlusSolver(spiel_game)
    pending, solving, started = list(TARGETS), 0.0, time.perf_counter()
    iterations = 0
    for check in OPENSPIEL_CHECKS:
        if not pending or time.perf_counter() - started > 1.5 * MAX_SECONDS:
            break
        t = time.perf_counter()
        for _ in range(check - iterations):
            solver.evaluate_and_update_policy()
        solving += time.perf_counter() - t
        iterations = check
        gap = pyspiel.nash_conv(spiel_game, solver.average_policy())
        while pending and gap <= pending[0]:
            result["reached"][f"{pending.pop(0):.0e}"] = [
                iterations,
                solving,
                time.perf_counter() - started,
            ]
    result["per_iteration"] = solving / iterations
    result["peak_mb"] = peak_megabytes()
    return result


def openspiel_python(asked: str | None) -> str | None:
    """Return the interpreter where pyspiel imports (asked, this one), or None."""
    for python in [p for p in (asked, os.environ.get("OPENSPIEL_PYTHON"), sys.executable) if p]:
        check = subprocess.run([python, "-c", "import pyspiel"], capture_output=True)
        if check.returncode == 0:
            return python
    return None


def openspiel_table(asked: str | None, mine: dict) -> None:
    """Print OpenSpiel's CFR+ beside ours (`mine`: our_table's row of the 1 v 1 openspiel game)
    on liars_dice (one die each), where OpenSpiel imports."""
    python = openspiel_python(asked)
    if python is None:
        print("\nOpenSpiel does not import here: no comparison (--openspiel-python PATH).")
        return
    with tempfile.TemporaryDirectory() as folder:
        policy = Path(folder) / "policy.json"
        ours = export_policy(policy)
        command = [python, str(SCRIPT), "--openspiel", str(policy)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    theirs = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\nOpenSpiel's liars_dice (one die each), CFR+ on one core ({python}):")
    print(f"  tree: {theirs['terminals']:,} terminal histories, {theirs['states']:,} information")
    print(f"  states (ours: {ours['terminals']:,} and {ours['states']:,})")
    print(f"  uniform strategy's NashConv by OpenSpiel: {theirs['uniform']:.15f}")
    print(
        f"  our strategy (NashConv {ours['nash_conv']:.2e}, value {ours['value']:.7f}) judged by "
        f"OpenSpiel: NashConv {theirs['our_nash_conv']:.2e}, value {theirs['our_value']:.7f}"
    )
    rows = []
    for target in TARGETS:
        key = f"{target:.0e}"
        spiel = theirs["reached"].get(key)
        rows.append(
            [
                f"NashConv {key}",
                "-" if spiel is None else f"{spiel[0]:,}",
                "-" if spiel is None else f"{spiel[1]:.1f}",
                *cell(mine, target),
            ]
        )
    from timing import print_table

    print_table(["", "OpenSpiel it", "OpenSpiel s", "ours it", "ours s"], rows)
    print(
        f"  per iteration: OpenSpiel {1000 * theirs['per_iteration']:.1f} ms (C++, a walk of "
        f"the whole tree), ours {1000 * mine['per_iteration']:.2f} ms. OpenSpiel's NashConv "
        f"(about 4 s) is checked at {', '.join(map(str, OPENSPIEL_CHECKS[:6]))}... iterations "
        "and its seconds leave the checks out; ours count solve's checks"
    )


def main() -> None:
    """Print the benchmark tables (or, with --case or --openspiel, one child's JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--openspiel-python", default=None)
    parser.add_argument("--no-numpy", action="store_true", help="skip the numpy backend's rows")
    parser.add_argument("--case", nargs=3, metavar=("PRESET", "DICE", "BACKEND"))
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--openspiel", metavar="POLICY_JSON")
    parser.add_argument("--stream", nargs=3, metavar=("PRESET", "DICE", "FACES"))
    parser.add_argument("--stream-only", action="store_true", help="the streamed table only")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    if args.stream:
        preset, dice, faces = args.stream
        split = tuple(int(n) for n in dice.split(","))
        result = stream_case(preset, (split[0], split[1]), int(faces), STREAM_ITERATIONS)
        print(json.dumps(result))
        return
    if args.stream_only:
        print(f"liarsdice.solver benchmark ({pinned})")
        stream_table(args.repeats)
        return
    if args.case:
        preset, dice, backend = args.case
        split = tuple(int(n) for n in dice.split(","))
        print(json.dumps(run_case(preset, (split[0], split[1]), backend, args.iterations)))
        return
    if args.openspiel:
        print(json.dumps(openspiel_run(args.openspiel)))
        return
    from liarsdice.solver.sweeps import numba_available

    print(f"liarsdice.solver benchmark ({pinned})")
    backends = (["numba"] if numba_available() else []) + ([] if args.no_numpy else ["numpy"])
    if not numba_available():
        print("numba is not installed: the numpy backend only (pip install liarsdice[fast])")
    medians = our_table(args.repeats, backends)
    openspiel_table(args.openspiel_python, medians["openspiel", (1, 1), backends[0]])
    stream_table(args.repeats)
    # ----- 2 v 2 (streamed, liarsdice.solver.stream) ------------------------------------------
    # STREAMED 2 V 2: the command of the streamed run is printed here (its numbers come from
    # that run, which takes an hour or more; see liarsdice.solver.stream).
    print(
        "\n2 v 2 on six faces (24 bids, 352 million information states) does not fit in memory:"
        "\n  python -m liarsdice stream --rules openspiel --dice 2,2 --checkpoint DIR --minutes 60"
    )


if __name__ == "__main__":
    main()
