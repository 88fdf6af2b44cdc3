"""Hostile input to liarsdice.stats, round two: confidence levels near 1, numbers whose sums
overflow, endless p-value iterators; each refused at once with the input quoted, and the
limits themselves accepted with finite results."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from liarsdice import stats

ALMOST_ONE = 0.9999999999999999  # 1 - 1.1e-16: the example


@pytest.mark.parametrize(
    ("call", "shown"),
    [
        # the examples: NaN Wilson intervals, a coverage of 0, infinities
        (lambda: stats.wilson_interval(3, 10, ALMOST_ONE), "confidence=0.9999999999999999"),
        (lambda: stats.coverage(10, [0.5], confidence=ALMOST_ONE), "confidence=0.9999999999999999"),
        (
            lambda: stats.permutation_test([1e308] * 2, [-1e308] * 2, rng=np.random.default_rng(0)),
            "a=[1e+308, 1e+308]",
        ),
        (lambda: stats.wald_interval(3, 10, ALMOST_ONE), "confidence=0.9999999999999999"),
        (lambda: stats.intervals([3], 10, "wilson", ALMOST_ONE), "confidence=0.9999999999999999"),
        (lambda: stats.intervals([3], 10, "wald", 0.9999999), "confidence=0.9999999"),
        (lambda: stats.wilson_interval(3, 10, 0.25), "confidence=0.25"),
        (lambda: stats.wilson_interval(3, 10, 1e-300), "confidence=1e-300"),
        (
            lambda: stats.permutation_test([1.0, 2.0], [-1e301, 0.0], rng=np.random.default_rng(0)),
            "b=[-1e+301, 0.0]",
        ),
        (lambda: stats.pool_cells([1e308, 1e308], [1, 1]), "observed=[1e+308, 1e+308]"),
        (lambda: stats.pool_cells([1, 1], [1e308, 1e308]), "expected=[1e+308, 1e+308]"),
        (lambda: stats.bonferroni(itertools.repeat(0.5)), "p_values=repeat(0.5)"),
        (lambda: stats.bonferroni([0.5] * (stats.MAX_CELLS_COMPUTED + 1)), "p-values"),
        (lambda: stats.coverage(10, [0.5] * (stats.MAX_CELLS_COMPUTED + 1)), "1,000,000"),
        # NaN and infinite chi-square statistics from cells of (almost) no chance
        (lambda: stats.chi_square_fit([0, 9], [0, 1], min_expected=0), "too few"),
        (lambda: stats.chi_square_fit([1, 9], [0, 1], min_expected=0), "observed=[1, 9]"),
        (lambda: stats.chi_square_fit([1, 9], [5e-324, 1], min_expected=0), "[5e-324, 1]"),
    ],
)
def test_hostile_numbers_are_refused_quoting_them(call, shown: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert shown in str(info.value)


@pytest.mark.parametrize("level", [stats.MIN_CONFIDENCE, 0.95, stats.MAX_CONFIDENCE])
def test_every_allowed_confidence_gives_finite_intervals_and_coverage(level: float) -> None:
    low, high = stats.wilson_interval(3, 10, level)
    assert 0 <= low < 0.3 < high <= 1
    assert all(0 <= x <= 1 for x in stats.wald_interval(3, 10, level))
    for method in stats.METHODS:
        lows, highs = stats.intervals(np.arange(11), 10, method, level)
        assert np.isfinite(lows).all() and np.isfinite(highs).all()
        np.testing.assert_allclose(
            stats.intervals(np.array([3]), 10, "wilson", level)[0], [low], rtol=1e-9
        )
        covered = stats.coverage(10, [0.1, 0.5, 0.9], method, level)
        assert ((covered > 0) & (covered <= 1)).all()
    # Six nines cover nearly always; the Wilson interval's coverage stays close to its level.
    if level == stats.MAX_CONFIDENCE:
        assert stats.coverage(10, [0.5])[0] < stats.coverage(10, [0.5], confidence=level)[0]


def test_the_largest_allowed_numbers_keep_the_permutation_test_finite() -> None:
    big = stats.MAX_MAGNITUDE
    result = stats.permutation_test(
        [big, big, big], [-big, -big], n_resamples=99, rng=np.random.default_rng(0)
    )
    assert result.difference == pytest.approx(2 * big) and math.isfinite(result.statistic)
    assert 0 <= result.p_value <= 1
    # A sample at the length limit, all at the largest magnitude, still sums finitely.
    assert math.isfinite(float(np.full(stats.MAX_CELLS_COMPUTED, big).sum()))
    pooled, _, _ = stats.pool_cells([big] * 3, [1, 1, 1])
    assert np.isfinite(pooled).all() and pooled.tolist() == [3 * big]


def test_an_empty_cell_of_chance_zero_is_dropped_not_divided_by() -> None:
    fit = stats.chi_square_fit([0, 9, 1], [0, 0.9, 0.1], min_expected=0, exact=True)
    assert (fit.cells, fit.dof, fit.statistic, fit.p_value) == (((1, 1), (2, 2)), 1, 0.0, 1.0)
    assert fit.exact_p_value == pytest.approx(1.0)
    smallest = stats.chi_square_fit([1, 9], [stats.MIN_CHANCE, 1 - stats.MIN_CHANCE], 0)
    assert math.isfinite(smallest.statistic) and smallest.p_value == 0.0
