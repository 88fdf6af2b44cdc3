"""Tests of liarsdice.sampling's numbers under hostile input (refused, quoted, never NaN or
infinite) and of RollingRun.advance, which draws many rolls' tally at once: its law against
the exact distribution, its bookkeeping against step()'s, its seed, its limits."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.plots.sampling import FREQUENCY
from liarsdice.sampling import (
    CHECKPOINTS,
    MAX_ADVANCE,
    MAX_ROLLS_PER_STEP,
    MAX_TRIALS,
    RollingRun,
    half_width,
    skewness,
    standard_errors,
)
from liarsdice.widgets.rolling_table import MAX_STEPS, ROLLED_DICE, RollingTable

NAN = float("nan")


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [
        # the examples: ZeroDivisionError, math domain error, NaN, infinity
        (lambda: skewness(10, 0), ValueError, "p=0"),
        (lambda: standard_errors(5, 10, 2), ValueError, "p=2"),
        (lambda: standard_errors(5, 10, NAN), ValueError, "p=nan"),
        (lambda: half_width(10, 2), ValueError, "p=2"),
        (lambda: half_width(0, 0.5), ValueError, "trials=0"),
        # more of the same
        (lambda: skewness(10, 1), ValueError, "p=1"),
        (lambda: skewness(0, 0.5), ValueError, "n=0"),
        (lambda: skewness(10**400, 0.5), ValueError, "n="),
        (lambda: skewness(10, NAN), ValueError, "p=nan"),
        (lambda: skewness(10, "0.5"), ArgumentTypeError, "'0.5'"),
        (lambda: skewness(2.5, 0.5), ArgumentTypeError, "n=2.5"),
        (lambda: standard_errors(11, 10, 0.5), ValueError, "hits=11"),
        (lambda: standard_errors(-1, 10, 0.5), ValueError, "hits=-1"),
        (lambda: standard_errors(5, 0, 0.5), ValueError, "trials=0"),
        (lambda: standard_errors(5, 10, 0), ValueError, "p=0"),
        (lambda: standard_errors(5, 10, 1), ValueError, "p=1"),
        (lambda: standard_errors(5, 10, None), ArgumentTypeError, "p=None"),
        (lambda: half_width(10, NAN), ValueError, "p=nan"),
        (lambda: half_width(10, -0.1), ValueError, "p=-0.1"),
        (lambda: half_width(np.array([5, 0]), 0.5), ValueError, "array([5, 0])"),
        (lambda: half_width([1.5, 2.0], 0.5), ArgumentTypeError, "[1.5, 2.0]"),
        (lambda: half_width("10", 0.5), ArgumentTypeError, "'10'"),
        (lambda: half_width(10.0, 0.5), ArgumentTypeError, "10.0"),
        (lambda: half_width([[1, 2], [3]], 0.5), ArgumentTypeError, "[[1, 2], [3]]"),
        (lambda: half_width(MAX_TRIALS + 1, 0.5), ValueError, str(MAX_TRIALS + 1)),
        (lambda: half_width(range(1, 10**7), 0.5), ValueError, "range(1, 10000000)"),
        (lambda: RollingRun(dice=10).advance(0), ValueError, "rolls=0"),
        (lambda: RollingRun(dice=10).advance(MAX_ADVANCE + 1), ValueError, str(MAX_ADVANCE + 1)),
        (lambda: RollingRun(dice=10).advance(10.0), ArgumentTypeError, "rolls=10.0"),
    ],
)
def test_hostile_input_is_refused_quoting_it(call, kind: type, shown: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert shown in str(info.value)


def test_the_numbers_stay_finite_at_their_limits() -> None:
    assert math.isfinite(skewness(1, 5e-324)) and math.isfinite(skewness(MAX_TRIALS, 0.5))
    assert skewness(10, 0.5) == 0.0
    assert standard_errors(0, 10, 0) == 0.0 and standard_errors(10, 10, 1) == 0.0
    assert math.isfinite(standard_errors(MAX_TRIALS, MAX_TRIALS, 1e-300))
    np.testing.assert_array_equal(half_width(np.array([1, MAX_TRIALS]), 0), [0.0, 0.0])
    assert np.isfinite(half_width(np.array([1, MAX_TRIALS]), 0.5)).all()
    assert half_width([], 0.5).shape == (0,)


def test_a_refused_advance_changes_nothing() -> None:
    run = RollingRun("blef", dice=10, bid="3x5", seed=2)
    run.step(50)
    before = (run.trials, run.hits, run.histogram.tolist(), run.path()[0].tolist())
    with pytest.raises(ValueError):
        run.advance(-5)
    run.trials = MAX_TRIALS - 10  # a run near its end refuses to pass MAX_TRIALS
    with pytest.raises(ValueError, match="MAX_TRIALS"):
        run.advance(11)
    run.trials = 50
    assert (run.trials, run.hits, run.histogram.tolist(), run.path()[0].tolist()) == before


def test_advance_keeps_the_books_as_step_does() -> None:
    run = RollingRun("blef", dice=12, bid="4x5", seed=7)
    run.step(30)
    run.advance(70)  # ends on a checkpoint
    run.advance(1_000_003)  # ends between two
    assert run.trials == 1_000_103 == run.histogram.sum()
    assert run.hits == run.histogram[4:].sum()
    trials, frequencies = run.path()
    passed = CHECKPOINTS[run.trials >= CHECKPOINTS]
    np.testing.assert_array_equal(trials, [*passed, run.trials])
    np.testing.assert_array_equal(trials[:100], np.arange(1, 101))
    hits = np.round(frequencies * trials)
    assert (np.diff(hits) >= 0).all() and (np.diff(hits) <= np.diff(trials)).all()
    assert frequencies[-1] == run.frequency
    # The same seed and the same calls give the same run.
    again = RollingRun("blef", dice=12, bid="4x5", seed=7)
    again.step(30)
    again.advance(70)
    again.advance(1_000_003)
    np.testing.assert_array_equal(again.histogram, run.histogram)
    np.testing.assert_array_equal(again.path()[1], frequencies)


def test_advance_draws_the_counts_from_the_exact_distribution() -> None:
    run = RollingRun("blef", dice=12, bid="4x5", seed=3)
    run.advance(10**6)
    # chi-square test of the tally against P(count = c); seeded, so the outcome is fixed
    keep = run.distribution * run.trials >= 5
    observed = [*run.histogram[keep], run.histogram[~keep].sum()]
    expected = [*run.distribution[keep], run.distribution[~keep].sum()]
    expected = np.array(expected) / sum(expected) * run.trials
    assert scipy_stats.chisquare(observed, expected).pvalue > 0.001
    assert abs(run.frequency - run.p_true) < 4 * float(half_width(run.trials, run.p_true)) / 2


def test_the_widget_rolls_each_die_up_to_its_budget_then_advances() -> None:
    table = RollingTable(dice=10, bid="3x2", seed=9, rolls_per_step=25)
    twin = RollingRun("blef", dice=10, bid="3x2", seed=9)
    table.step(4)  # 1,000 dice: one by one, the same rolls as four single steps
    for _ in range(4):
        twin.step(25)
    np.testing.assert_array_equal(table.run.histogram, twin.histogram)
    big = RollingTable(dice=MAX_TABLE_DICE, bid="60x5", seed=1, rolls_per_step=MAX_ROLLS_PER_STEP)
    assert MAX_STEPS * MAX_ROLLS_PER_STEP * MAX_TABLE_DICE > ROLLED_DICE
    big.step(MAX_STEPS)  # the worst case: 10**8 tables of 200 dice, now one advance
    run = big.run
    assert run.trials == MAX_STEPS * MAX_ROLLS_PER_STEP == run.histogram.sum()
    assert abs(run.frequency - run.p_true) < 5 * float(half_width(run.trials, run.p_true)) / 2
    assert big.frequency.data[FREQUENCY].x[-1] == run.trials
