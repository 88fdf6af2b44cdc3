"""Tests of RollingTable, its run (liarsdice.sampling) and its figures (liarsdice.plots.sampling):
the rolls against an independent re-roll, the figures against the exact odds and scipy, the
controls (step, play, pause, reset, seed) and refused input, without a browser."""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats as scipy_stats

import liarsdice as ld
from liarsdice import odds, stats
from liarsdice.bids import Bid
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.plots.sampling import (
    BAND_HIGH,
    BAND_LOW,
    EXACT_LINE,
    EXACT_PMF,
    FREQUENCY,
    NORMAL_PMF,
    OBSERVED,
    TRUE_COLOUR,
    frequency_figure,
    histogram_figure,
)
from liarsdice.sampling import (
    CHECKPOINTS,
    RollingRun,
    half_width,
    normal_check,
    normal_pmf,
    skewness,
    standard_errors,
)
from liarsdice.widgets.rolling_table import RollingTable, chance_text


def reroll(seed: int, dice: int, steps: list[int]) -> np.ndarray:
    """Return the faces of every roll, drawn afresh from the seed in the run's chunks."""
    rng = np.random.default_rng(seed)
    return np.concatenate([rng.integers(0, 6, (k, dice), dtype=np.uint8) + 1 for k in steps])


def text(widget_html: str) -> str:
    """Return the words of an HTML value, tags dropped and entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget_html))


def state(table: RollingTable) -> tuple:
    """Return what a refused input must leave alone: the run and what the views show."""
    run = table.run
    return (
        run, run.rules, run.dice, run.bid, run.seed, run.trials, run.hits,
        run.histogram.tolist(), table.dice.value, table.bid.value, table.seed.value,
        table.rolls.value, tuple(table.histogram.data[OBSERVED].y),
        tuple(table.frequency.data[FREQUENCY].x), table.summary.value,
    )  # fmt: skip


# --- the rolls -------------------------------------------------------------------------------


def test_the_counts_equal_an_independent_reroll_of_the_seeded_generator() -> None:
    run = RollingRun("blef", dice=12, bid="4x5", seed=7)
    counts = np.concatenate([run.step(50), run.step(30)])
    faces = reroll(7, 12, [50, 30])
    expected = ((faces == 5) | (faces == 1)).sum(axis=1)  # fives, and aces as wilds
    np.testing.assert_array_equal(counts, expected)
    np.testing.assert_array_equal(run.histogram, np.bincount(expected, minlength=13))
    assert run.trials == 80 and run.histogram.sum() == 80
    assert run.hits == int((expected >= 4).sum())


def test_the_rules_wild_face_is_respected_bluff_stars() -> None:
    faces = reroll(3, 10, [200])
    plain = RollingRun("bluff", dice=10, bid="3x5", seed=3)
    np.testing.assert_array_equal(plain.step(200), ((faces == 5) | (faces == 6)).sum(axis=1))
    stars = RollingRun("bluff", dice=10, bid="2 stars", seed=3)
    assert stars.bid == Bid(2, 6)
    np.testing.assert_array_equal(stars.step(200), (faces == 6).sum(axis=1))  # wilds only
    aces = RollingRun("bluff", dice=10, bid="2x1", seed=3)  # a plain face under Bluff
    np.testing.assert_array_equal(aces.step(200), ((faces == 1) | (faces == 6)).sum(axis=1))
    assert stars.p_true == pytest.approx(
        float(odds.bid_probability(Bid(2, 6), ld.preset("bluff"), 10))
    )
    assert (
        stars.chance == odds.match_chance(6, ld.preset("bluff")) == Fraction(1, 6)
    )  # p of the wild


def test_the_path_holds_the_running_frequency_and_stays_bounded() -> None:
    run = RollingRun("blef", dice=6, bid="2x3", seed=11)
    steps = [40, 100, 10_000, 10_000]
    for k in steps:
        run.step(k)
    faces = reroll(11, 6, steps)
    running = np.cumsum(((faces == 3) | (faces == 1)).sum(axis=1) >= 2)
    trials, frequencies = run.path()
    np.testing.assert_array_equal(np.diff(trials) > 0, True)
    assert trials[-1] == run.trials == sum(steps)
    np.testing.assert_allclose(frequencies, running[trials - 1] / trials)
    assert frequencies[-1] == run.frequency == run.hits / run.trials
    # Every roll up to the dense part, then a log grid: few points for many rolls.
    np.testing.assert_array_equal(trials[:100], np.arange(1, 101))
    assert len(trials) == np.searchsorted(CHECKPOINTS, run.trials, "right") + 1 < 400
    ratios = trials[101:-1] / trials[100:-2]
    assert ratios.max() < 1.03


def test_reset_and_the_same_seed_repeat_the_run() -> None:
    run = RollingRun("perudo", dice=20, bid="7x4", seed=5)
    first = run.step(300)
    run.reset()
    assert (run.trials, run.hits, run.histogram.sum(), len(run.path()[0])) == (0, 0, 0, 0)
    np.testing.assert_array_equal(run.step(300), first)
    np.testing.assert_array_equal(RollingRun("perudo", 20, "7x4", seed=5).step(300), first)
    assert not np.array_equal(RollingRun("perudo", 20, "7x4", seed=6).step(300), first)


# --- the numbers -----------------------------------------------------------------------------


def test_band_standard_errors_and_skewness_follow_their_formulas() -> None:
    t = np.array([1, 10, 100, 1000])
    np.testing.assert_allclose(half_width(t, 0.3), 2 * np.sqrt(0.3 * 0.7 / t))
    # The band shrinks like 1/sqrt(t): a hundred times the rolls, a tenth of the width.
    assert half_width(1000, 0.3) / half_width(10, 0.3) == pytest.approx(0.1)
    assert standard_errors(40, 100, 0.3) == pytest.approx(0.1 / math.sqrt(0.3 * 0.7 / 100))
    scipy_skew = float(scipy_stats.binom.stats(30, 1 / 6, moments="s"))
    assert skewness(30, 1 / 6) == pytest.approx(scipy_skew)


@pytest.mark.parametrize(("n", "p"), [(1, 1 / 3), (15, 1 / 3), (15, 1 / 6), (200, 1 / 6)])
def test_the_normal_pmf_is_the_difference_of_the_normal_tails(n: int, p: float) -> None:
    pmf = normal_pmf(n, p)
    tails = stats.normal_approximation(n, p).normal
    np.testing.assert_allclose(pmf[:-1], tails[:-1] - tails[1:], atol=1e-15)
    s = math.sqrt(n * p * (1 - p))
    k = np.arange(n + 1)
    phi = scipy_stats.norm.cdf
    by_cdf = phi((k + 0.5 - n * p) / s) - phi((k - 0.5 - n * p) / s)
    np.testing.assert_allclose(pmf, by_cdf, atol=1e-12)  # rounding differs far out


def test_the_normal_check_reads_stats_normal_approximation() -> None:
    rules = ld.preset("blef")
    check = normal_check(rules, 15, "5x5")
    approximation = stats.normal_approximation(15, 1 / 3)
    assert (check.largest_error, check.at) == (approximation.largest_error, approximation.at)
    assert check.far == int(np.flatnonzero(approximation.exact <= 0.05)[0])
    assert check.error_at(wild=True) == stats.normal_approximation(15, 1 / 6).largest_error
    assert check.plain_errors == tuple(
        stats.normal_approximation(size, 1 / 3).largest_error for size in check.sizes
    )
    # The claims the widget states: few dice worse, the wild face worse, for these sizes.
    assert check.plain_errors[0] > check.plain_errors[-1]
    assert check.error_at(wild=True) > check.error_at(wild=False)


# --- the figures -----------------------------------------------------------------------------


def test_the_figures_show_the_exact_odds_the_normal_curve_and_the_band() -> None:
    table = RollingTable("blef", dice=15, bid="5x5", seed=2)
    table.step(4)
    run, rules = table.run, ld.preset("blef")
    exact = odds.count_distribution(5, rules, 15)
    bars = table.histogram.data
    np.testing.assert_allclose(bars[EXACT_PMF].y, exact)
    np.testing.assert_allclose(bars[NORMAL_PMF].y, normal_pmf(15, 1 / 3))
    np.testing.assert_allclose(bars[OBSERVED].y, run.histogram / 400)
    assert sum(bars[OBSERVED].y) == pytest.approx(1.0) and run.histogram.sum() == run.trials
    colours = np.asarray(bars[OBSERVED].marker.color)
    assert (colours == TRUE_COLOUR).tolist() == (np.arange(16) >= 5).tolist()
    (shade,) = table.histogram.layout.shapes
    assert (shade.x0, shade.x1) == (4.5, 15.5)  # the bid's tail, count >= 5
    p_true = float(odds.bid_probability(Bid(5, 5), rules, 15))
    assert p_true == pytest.approx(float(sum(exact[5:])))
    lines = table.frequency.data
    assert set(lines[EXACT_LINE].y) == {p_true}
    t = np.asarray(lines[FREQUENCY].x)
    np.testing.assert_allclose(np.asarray(lines[BAND_HIGH].y) - p_true, half_width(t, p_true))
    np.testing.assert_allclose(p_true - np.asarray(lines[BAND_LOW].y), half_width(t, p_true))
    np.testing.assert_array_equal(lines[FREQUENCY].y, run.path()[1])
    assert t[-1] == 400 and lines[EXACT_LINE].x[-1] == 400


def test_the_figure_builders_refuse_mismatched_data_and_draw_an_empty_run() -> None:
    with pytest.raises(ValueError, match="3 counts but 2 exact"):
        histogram_figure([1, 2, 3], [0.5, 0.5], [0.2, 0.3, 0.5], 1)
    empty = frequency_figure([], [], 0.25)
    assert len(empty.data[FREQUENCY].x) == 0 and set(empty.data[EXACT_LINE].y) == {0.25}
    assert empty.layout.xaxis.type == "log"


def test_the_text_states_computed_numbers() -> None:
    table = RollingTable("bluff", dice=30, bid="10x5", seed=4)
    run = table.run
    p_true = float(odds.bid_probability(Bid(10, 5), ld.preset("bluff"), 30))
    assert (
        chance_text(p_true) in text(table.summary.value) and "No rolls yet" in table.summary.value
    )
    table.step(2)
    z = standard_errors(run.hits, 200, p_true)
    summary = text(table.summary.value)
    assert f"After 200 rolls the bid was true {run.hits} times" in summary
    assert f"{z:+.2f} standard errors" in summary
    approximation = stats.normal_approximation(30, 1 / 3)
    normal = text(table.normal.value)
    assert f"{approximation.largest_error:.4f}, at k = {approximation.at}" in normal
    exact_tail, normal_tail = approximation.exact[10], approximation.normal[10]
    assert f"exact P(count ≥ 10) = {exact_tail:.6f}, normal {normal_tail:.6f}" in normal
    wild = stats.normal_approximation(30, 1 / 6).largest_error
    assert f"(stars, p = 1/6): with 30 dice its largest error is {wild:.4f}" in normal
    assert "fives (stars count as fives too)" in text(table.intro.value)
    assert chance_text(2.5e-6) == "2.500e-06" and chance_text(0.5) == "0.500000"


# --- the controls ----------------------------------------------------------------------------


def test_step_play_and_pause_change_the_state_exactly_as_expected() -> None:
    table = RollingTable(dice=10, bid="3x2", seed=9, rolls_per_step=25)
    table.step_button.click()
    assert table.run.trials == 25
    table.step(k=3)
    assert table.run.trials == 100
    table.play.playing = True
    table.play.value += 1  # one tick of the Play widget: one step
    assert table.run.trials == 125
    before = state(table)
    table.play.playing = False  # pause
    assert state(table) == before
    table.play.value = 0  # the stop button sets the counter back: no step
    assert state(table) == before
    faces = reroll(9, 10, [25] * 5)  # five steps of 25 rolls: the click, three, the tick
    twos = ((faces == 2) | (faces == 1)).sum(axis=1)
    np.testing.assert_array_equal(table.run.histogram, np.bincount(twos, minlength=11))
    table.speed.value = 20
    assert table.play.interval == 50


def test_the_snapshot_for_later_pages_is_refreshed_when_paused() -> None:
    table = RollingTable(dice=8, bid="3x4", seed=1)
    table.step()
    shares = list(table.histogram.data[OBSERVED].y)
    assert list(table.histogram._widget_data[OBSERVED]["y"]) == shares
    table.play.playing = True
    table.play.value += 1
    assert list(table.histogram._widget_data[OBSERVED]["y"]) == shares  # not while playing
    table.play.playing = False
    assert list(table.histogram._widget_data[OBSERVED]["y"]) == list(
        table.histogram.data[OBSERVED].y
    )


def test_reset_and_seed_repeat_the_run_and_changed_controls_start_again() -> None:
    table = RollingTable(dice=12, bid="4x6", seed=3)
    table.step(2)
    first = table.run.histogram.copy()
    table.reset_button.click()
    assert (table.run.trials, table.run.hits, table.run.histogram.sum()) == (0, 0, 0)
    assert (
        len(table.frequency.data[FREQUENCY].x) == 0 and sum(table.histogram.data[OBSERVED].y) == 0
    )
    table.step(2)
    np.testing.assert_array_equal(table.run.histogram, first)
    table.seed.value = 4
    assert table.run.seed == 4 and table.run.trials == 0
    table.step(2)
    assert not np.array_equal(table.run.histogram, first)
    table.seed.value = 3
    table.step(2)
    np.testing.assert_array_equal(table.run.histogram, first)  # the same seed, the same run
    for control, value in ((table.dice, 13), (table.bid, "5 sixes"), (table.preset, "bluff")):
        table.step()
        control.value = value
        assert table.run.trials == 0 and table.message.value == ""
    assert (table.run.dice, table.run.bid, table.run.rules.wild) == (13, Bid(5, 6), 6)
    assert table.bid.value == "5x6"
    assert table.run.chance == odds.match_chance(6, ld.preset("bluff"))  # now the stars
    table.rolls.value = 7  # the rolls per step change the next step, not the run
    table.step()
    assert table.run.trials == 7


@pytest.mark.parametrize(
    ("control", "value", "words"),
    [
        ("bid", "five fives please", "cannot read a bid"),
        ("bid", "16x5", "the quantity 16 is more than the 15 dice"),
        ("dice", 4, "the quantity 5 is more than the 4 dice"),
        ("dice", 0, "dice=0: expected an integer 1..200"),
        (
            "dice",
            MAX_TABLE_DICE + 1,
            f"dice={MAX_TABLE_DICE + 1}: expected an integer 1..{MAX_TABLE_DICE}",
        ),
        ("seed", -1, "seed=-1: expected an integer 0.."),
        ("rolls", 0, "rolls per step=0: expected an integer 1..10000"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_changes(
    control: str, value: object, words: str
) -> None:
    table = RollingTable(dice=15, bid="5x5", seed=0)
    table.step(2)
    before = state(table)
    getattr(table, control).value = value
    assert words in text(table.message.value)
    assert state(table) == before
    table.step()
    assert table.run.trials == 300  # the run goes on where it was


def test_the_constructor_refuses_bad_options_quoting_them() -> None:
    with pytest.raises(ValueError, match=r"'nope'.*blef"):
        RollingTable(rules="nope")
    with pytest.raises(ValueError, match="dice=0"):
        RollingTable(dice=0)
    with pytest.raises(TypeError, match=r"bid=3\.5"):
        RollingTable(bid=3.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the quantity 20 is more than the 15 dice"):
        RollingTable(dice=15, bid="20x5")
    with pytest.raises(ValueError, match="rolls_per_step=0"):
        RollingTable(rolls_per_step=0)
    with pytest.raises(ValueError, match="k=0"):
        RollingTable().step(0)
    custom = ld.preset("perudo", wild=6, wild_name="star")
    assert RollingTable(rules=custom).run.rules == custom
