"""Shared helpers of the benchmark scripts: median timing and a printed table.

- median_seconds(run, repeats, number): the median wall time of one call of `run`.
- print_table(header, rows): rows printed as an aligned plain-text table.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from liarsdice.cli import format_table


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
    print(format_table(header, rows, numbers_right=True))
