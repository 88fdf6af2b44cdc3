"""Time each widget's handler at 20, 100 and 200 dice and print a table of medians (not a test).

Target: a handler finishes in under 50 ms for 100 dice. Each handler runs as it does when a
control changes in the notebook: a trait change, the core computation and the figure update.
PlayTable seats size / 10 players with 10 dice each; its click includes every bot's reply.

A second table times the sampling widgets against their own targets: one RollingTable
animation step (100 rolls of 30 dice plus both figure updates) under 30 ms, RollingTable's
step(k) at the limits it allows (MAX_STEPS steps of MAX_ROLLS_PER_STEP rolls of MAX_DICE dice:
2 x 10**10 dice, about 140 s when each die was rolled; now its tally is drawn at once) under
1 s, and CoverageLab recomputing 1,000 intervals (draw, both methods, coverage shares) under
50 ms.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from timing import median_seconds, print_table

from liarsdice.sampling import MAX_DICE, MAX_ROLLS_PER_STEP
from liarsdice.widgets import (
    BoardView,
    ClassTally,
    CoverageLab,
    EquivalenceExplorer,
    OddsExplorer,
    PlayTable,
    RollingTable,
)
from liarsdice.widgets.coverage_lab import draw_coverage, share_intervals
from liarsdice.widgets.rolling_table import MAX_STEPS

SIZES = (20, 100, 200)


def alternate(set_value: Callable[[int], None], a: int, b: int) -> Callable[[], None]:
    """Return a function that sets the control to a, then b, then a ... (one change per call)."""
    state = {"flip": False}

    def run() -> None:
        state["flip"] = not state["flip"]
        set_value(a if state["flip"] else b)

    return run


def play_click(table: PlayTable) -> Callable[[], None]:
    """Return a function that makes your next click: bid the lowest raise, or go to the next
    round; it includes the bots' replies, as the click does in the notebook."""

    def run() -> None:
        if table.game.is_over:
            table.new_game.click()
        elif table.pending is not None:
            table.next_button.click()
        else:
            table.bid_button.click()

    return run


def cases(size: int) -> dict[str, Callable[[], None]]:
    """Return, per widget handler, a function that triggers it once at `size` dice."""
    explorer = OddsExplorer(total=size)
    board = BoardView(total=size)
    equivalence = EquivalenceExplorer(n=size)
    table = PlayTable(players=size // 10, dice=10, bot="threshold")
    return {
        "OddsExplorer: dice on table": alternate(
            lambda v: setattr(explorer.total, "value", v), size, size - 1
        ),
        "OddsExplorer: bid quantity": alternate(
            lambda v: setattr(explorer.quantity, "value", v), size // 3, size // 3 + 1
        ),
        "BoardView: dice on table": alternate(
            lambda v: setattr(board.total, "value", v), size, size - 1
        ),
        "BoardView: current bid": alternate(
            lambda v: setattr(board.current, "value", f"{v}x5"), size // 4, size // 4 + 1
        ),
        "EquivalenceExplorer: n": alternate(
            lambda v: setattr(equivalence.n, "value", v), size, size - 1
        ),
        "PlayTable: your move + bots' replies": play_click(table),
    }


def sampling_cases() -> dict[str, tuple[str, Callable[[], None]]]:
    """Return, per sampling-widget action, its target and a function that runs it once."""
    playing = RollingTable(dice=30, bid="10x5", rolls_per_step=100)
    playing.play.playing = True  # while playing, snapshots wait for the pause
    paused = RollingTable(dice=30, bid="10x5", rolls_per_step=100)
    largest = RollingTable(dice=MAX_DICE, bid="60x5", rolls_per_step=MAX_ROLLS_PER_STEP)
    rng = np.random.default_rng(0)
    lab = CoverageLab(games=20, samples=1000)
    tally = ClassTally()
    tally.mode.value = "rounds"  # rounds of 15 dice: how many fives and aces each showed

    def add_and_undo() -> None:
        tally.group.value, tally.entry.value = "red", "4 5 6 5 4"
        tally.add.click()
        tally.undo.click()

    return {
        "RollingTable: play step, 100 rolls of 30 dice": ("< 30 ms", lambda: playing.step()),
        "RollingTable: Step button (snapshot too)": ("", paused.step_button.click),
        "RollingTable: step(10,000) of 10,000 rolls of 200 dice": (
            "< 1 s",
            lambda: largest.step(MAX_STEPS),
        ),
        "CoverageLab: recompute 1,000 intervals": (
            "< 50 ms",
            lambda: share_intervals(draw_coverage(rng, 0.5, 20, 1000)),
        ),
        "CoverageLab: Draw again, with figures": ("", lab.draw_button.click),
        "CoverageLab: true rate p": (
            "",
            alternate(lambda v: setattr(lab.rate, "value", v / 100), 30, 70),
        ),
        "ClassTally: Add then Undo": ("", add_and_undo),
    }


def main() -> None:
    """Print the median handler time of each widget at each size."""
    timings: dict[str, list[str]] = {}
    for size in SIZES:
        for name, run in cases(size).items():
            run()  # warm caches the way a first move of the control would
            seconds = median_seconds(run, repeats=15)
            timings.setdefault(name, []).append(f"{seconds * 1e3:.1f} ms")
    print("median handler time per widget (target: < 50 ms at 100 dice)")
    print_table(["handler", *(f"{s} dice" for s in SIZES)], [[k, *v] for k, v in timings.items()])
    rows = []
    for name, (target, run) in sampling_cases().items():
        run()
        rows.append([name, f"{median_seconds(run, repeats=31) * 1e3:.1f} ms", target])
    print("\nmedian time per action of the sampling widgets")
    print_table(["action", "median", "target"], rows)


if __name__ == "__main__":
    main()
