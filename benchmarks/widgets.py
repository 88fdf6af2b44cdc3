"""Time each widget's handler at 20, 100 and 200 dice and print a table of medians (not a test).

Target: a handler finishes in under 50 ms for 100 dice. Each handler runs as it does when a
control changes in the notebook: a trait change, the core computation and the figure update.
PlayTable seats size / 10 players with 10 dice each; its click includes every bot's reply.
"""

from __future__ import annotations

from collections.abc import Callable

from timing import median_seconds, print_table

from liarsdice.widgets import BoardView, EquivalenceExplorer, OddsExplorer, PlayTable

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


if __name__ == "__main__":
    main()
