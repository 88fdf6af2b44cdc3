"""Benchmark: how long `import liarsdice` takes, in fresh interpreters (prints a table; not a test).

Each row is the median over R runs of a fresh `python -c "import ..."` minus the median of a
bare `python -c pass` in the same run, so the interpreter's own start is left out. The target:
`import liarsdice` under 0.1 s, loading neither numpy, plotly, sympy nor tqdm (the lazy names
load on first use; the other rows show what each costs then).

Run: python benchmarks/imports.py [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from timing import print_table

STATEMENTS = {
    "import liarsdice": "import liarsdice",
    "... then ld.Game (numpy)": "import liarsdice as ld; ld.Game",
    "... then ld.odds": "import liarsdice as ld; ld.odds",
    "... then ld.plots (plotly)": "import liarsdice as ld; ld.plots",
    "import liarsdice.widgets": "import liarsdice.widgets",
    "import numpy (for scale)": "import numpy",
}


def seconds(code: str) -> float:
    """Return the wall time of a fresh interpreter running `code`."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def main() -> None:
    """Print the median import time of each statement, the interpreter's start subtracted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    bare = statistics.median(seconds("pass") for _ in range(args.repeats))
    heavy = "import sys, liarsdice; print(sorted({'numpy', 'plotly', 'sympy', 'tqdm'} & set(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", heavy], capture_output=True, text=True).stdout
    rows = []
    for label, code in STATEMENTS.items():
        times = [seconds(code) - bare for _ in range(args.repeats)]
        rows.append([label, f"{statistics.median(times) * 1000:.0f}", f"{min(times) * 1000:.0f}"])
    print(f"median of {args.repeats} fresh interpreters, minus a bare start ({bare * 1000:.0f} ms)")
    print_table(["statement", "median ms", "best ms"], rows)
    print(f"heavy modules loaded by `import liarsdice`: {loaded.strip()} (target: [])")


if __name__ == "__main__":
    main()
