"""Time the hot paths of liarsdice.odds and print a table of medians (a script, not a test).

Targets: the float table for 100 unknown dice under 1 ms and no slower than scipy.stats.binom.sf
computing the same table in the same run; the exact Fraction table for 100 dice under 50 ms;
simulation of at least 10^7 dice per second.
"""

from __future__ import annotations

import numpy as np
from timing import median_seconds, print_table

import liarsdice as ld
from liarsdice import odds, odds_counts

RULES = ld.preset("blef")
UNKNOWN = 100
KNOWN = (1, 1, 3, 5, 6)


def scipy_table() -> np.ndarray:
    """Return the same table as odds.table(RULES, UNKNOWN, KNOWN) by scipy.stats.binom.sf."""
    from scipy.stats import binom

    faces = np.arange(1, 7)
    matched = np.array([RULES.count(KNOWN, f) for f in faces])[:, None]
    p = np.array([float(odds.match_chance(f, RULES)) for f in faces])[:, None]
    quantities = np.arange(UNKNOWN + len(KNOWN) + 1)[None, :]
    return binom.sf(quantities - matched - 1, UNKNOWN, p)


def cold_exact_table() -> np.ndarray:
    """Return the exact table with the integer-weight cache emptied first (a cold start)."""
    odds_counts._binomial_weights.cache_clear()
    return odds.table(RULES, UNKNOWN, KNOWN, exact=True)


def main() -> None:
    """Print the benchmark table."""
    ours_table = odds.table(RULES, UNKNOWN, KNOWN)
    assert np.allclose(ours_table, scipy_table(), rtol=0, atol=1e-12)
    assert np.allclose(ours_table, cold_exact_table().astype(float), rtol=0, atol=1e-12)

    ours = median_seconds(lambda: odds.table(RULES, UNKNOWN, KNOWN), repeats=31, number=100)
    scipy = median_seconds(scipy_table, repeats=31, number=100)
    exact = median_seconds(cold_exact_table, repeats=21)
    rng = np.random.default_rng(0)
    n, trials = 100, 100_000
    simulate = median_seconds(lambda: odds.simulate_counts(n, trials, rng), repeats=7)

    rows = [
        ("float table, 100 unknown dice", f"{ours * 1e3:.4f} ms", "< 1 ms"),
        ("scipy.stats.binom.sf, same table", f"{scipy * 1e3:.4f} ms", ""),
        ("ratio scipy / ours", f"{scipy / ours:.1f}x", ">= 1x"),
        ("exact Fraction table, 100 dice", f"{exact * 1e3:.2f} ms", "< 50 ms"),
        ("simulate_counts(100, 100000)", f"{n * trials / simulate:.3g} dice/s", ">= 1e7 dice/s"),
    ]
    print_table(["benchmark (median)", "measured", "target"], rows)


if __name__ == "__main__":
    main()
