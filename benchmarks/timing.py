"""Shared helpers of the benchmark scripts: median timing and a printed table.

- median_seconds(run, repeats, number): the median wall time of one call of `run`.
- print_table(header, rows): rows printed as an aligned plain-text table.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence


def median_seconds(run: Callable[[], object], repeats: int, number: int = 1) -> float:
    """Return the median wall time of one call of `run` over `repeats` timed batches."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            run()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def print_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Print rows under a header as an aligned table (first column left, the rest right)."""
    cells = [list(map(str, header))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))
        )

    print(line(cells[0]))
    print("  ".join("-" * w for w in widths))
    for row in cells[1:]:
        print(line(row))
