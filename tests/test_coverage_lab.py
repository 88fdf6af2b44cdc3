"""Tests of CoverageLab and its figures: the draws against the seeded Generator, the intervals
against liarsdice.stats, the coverage curves against an independent sum, the controls."""

from __future__ import annotations

import html
import math

import numpy as np
import pytest
import traitlets

from liarsdice import odds, stats
from liarsdice.errors import ArgumentTypeError
from liarsdice.plots.coverage import (
    SHARES_TRACE,
    coverage_by_games_figure,
    coverage_by_rate_figure,
    coverage_traces,
    intervals_figure,
)
from liarsdice.widgets.coverage_lab import (
    GAMES_GRID,
    GAMES_MAX,
    METHODS,
    RATE_GRID,
    SAMPLES_MAX,
    SHOWN_SAMPLES,
    CoverageLab,
    check_settings,
    coverage_by_games,
    coverage_by_rate,
    draw_coverage,
    exact_coverage,
    share_intervals,
    summary_html,
)

SINGLE = {"wilson": stats.wilson_interval, "wald": stats.wald_interval}


def grid_coverage(games: int, method: str, confidence: float = 0.95) -> np.ndarray:
    """Return stats.coverage over RATE_GRID, asked a slice at a time within its cell limit."""
    step = stats.MAX_COVERAGE_CELLS // (games + 1)
    parts = [RATE_GRID[i : i + step] for i in range(0, len(RATE_GRID), step)]
    return np.concatenate([stats.coverage(games, part, method, confidence) for part in parts])


def independent_coverage(games: int, rate: float, method: str, confidence: float) -> float:
    """Return the coverage summed over k = 0..games with odds' pmf and one interval at a time."""
    pmf = odds.binomial_pmf(games, rate)
    total = 0.0
    for k in range(games + 1):
        low, high = SINGLE[method](k, games, confidence)
        total += pmf[k] if low <= rate <= high else 0.0
    return total


def state(lab: CoverageLab) -> tuple:
    """Return what a refused input must leave alone: settings, draw, text and figure data."""
    figures = (lab.intervals_figure, lab.rate_figure, lab.games_figure)
    return (
        lab.settings,
        lab.draws,
        lab.result.wins.tolist(),
        lab.summary.value,
        [figure.to_json() for figure in figures],  # every trace and the layout
    )


def assert_shows_its_draw(lab: CoverageLab) -> None:
    """Assert that the figures, their snapshots and the text show the lab's current draw."""
    draw = lab.result
    for i, method in enumerate(METHODS):
        hits = np.flatnonzero(draw.covers[method][:SHOWN_SAMPLES]) + 1
        np.testing.assert_array_equal(lab.intervals_figure.data[3 * i].y, hits)
        np.testing.assert_array_equal(lab.intervals_figure._widget_data[3 * i]["y"], hits)
    shares = [draw.share(m) for m in METHODS]
    for figure in (lab.rate_figure, lab.games_figure):
        assert list(figure.data[SHARES_TRACE].y) == shares
        assert list(figure._widget_data[SHARES_TRACE]["y"]) == shares
    assert f"covered p in {draw.covered('wald'):,} of {draw.samples:,}" in lab.summary.value


# --- the pure part -------------------------------------------------------------------------------


@pytest.mark.parametrize(("rate", "games", "samples"), [(0.5, 20, 1000), (0.03, 7, 250)])
def test_the_win_counts_are_the_generators_binomial_draw(rate, games, samples) -> None:
    draw = draw_coverage(np.random.default_rng(11), rate, games, samples)
    expected = np.random.default_rng(11).binomial(games, rate, size=samples)
    np.testing.assert_array_equal(draw.wins, expected)
    assert draw.samples == samples and draw.games == games and draw.rate == rate


@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_the_intervals_are_stats_intervals_and_the_single_interval_functions(confidence) -> None:
    draw = draw_coverage(np.random.default_rng(3), 0.08, 15, 400, confidence)
    for method in METHODS:
        low, high = draw.bounds[method]
        want_low, want_high = stats.intervals(draw.wins, 15, method, confidence)
        np.testing.assert_array_equal(low, want_low)
        np.testing.assert_array_equal(high, want_high)
        for k in np.unique(draw.wins):  # every count that occurs, one at a time
            single = SINGLE[method](int(k), 15, confidence)
            np.testing.assert_allclose(low[draw.wins == k], single[0], atol=1e-12)
            np.testing.assert_allclose(high[draw.wins == k], single[1], atol=1e-12)


def test_the_covering_flags_and_the_shares_count_the_intervals_that_hold_p() -> None:
    rate = 0.1
    draw = draw_coverage(np.random.default_rng(5), rate, 12, 600)
    for method in METHODS:
        flags = [
            SINGLE[method](int(k), 12)[0] <= rate <= SINGLE[method](int(k), 12)[1]
            for k in draw.wins
        ]
        np.testing.assert_array_equal(draw.covers[method], flags)
        assert draw.covered(method) == sum(flags)
        assert draw.share(method) == sum(flags) / 600
    # At p = 0.1 and g = 12, Wald misses every sample with no wins; they do occur.
    assert (draw.wins == 0).any()
    assert not draw.covers["wald"][draw.wins == 0].any()


@pytest.mark.parametrize("rate", [0.0, 1.0])
def test_an_interval_ending_at_p_covers_it_as_in_stats_coverage(rate) -> None:
    # At p = 0 (1) every sample has no wins (all) and Wald's interval is [0, 0] ([1, 1]).
    draw = draw_coverage(np.random.default_rng(0), rate, 10, 50)
    assert draw.share("wald") == 1.0
    for method in METHODS:
        assert draw.share(method) == stats.coverage(10, [rate], method)[0]


def test_each_share_comes_with_the_wilson_interval_of_its_count() -> None:
    draw = draw_coverage(np.random.default_rng(8), 0.3, 25, 300, 0.9)
    marks = share_intervals(draw)
    for method in METHODS:
        low, high = stats.wilson_interval(draw.covered(method), 300, 0.9)
        assert marks[method] == pytest.approx((draw.share(method), low, high))


@pytest.mark.parametrize("games", [1, 4, 12])
@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_the_coverage_curves_equal_stats_coverage_and_an_independent_sum(games, confidence):
    by_rate = coverage_by_rate(games, confidence)
    for method in METHODS:
        np.testing.assert_allclose(by_rate[method], grid_coverage(games, method, confidence))
        for rate in RATE_GRID[::17]:
            assert by_rate[method][list(RATE_GRID).index(rate)] == pytest.approx(
                independent_coverage(games, float(rate), method, confidence)
            )
    rate = 0.27
    by_games = coverage_by_games(rate, confidence)
    exact = exact_coverage(rate, games, confidence)
    for method in METHODS:
        at = list(GAMES_GRID).index(games)
        assert by_games[method][at] == pytest.approx(exact[method])
        assert exact[method] == pytest.approx(independent_coverage(games, rate, method, confidence))


def test_walds_coverage_collapses_near_0_and_1_and_wilsons_does_not() -> None:
    curves = coverage_by_rate(20)
    for edge in (0, -1):  # p = 0.01 and p = 0.99
        p = RATE_GRID[edge]
        # Wald covers p only if some game was won and some lost: below P(0 < k < g).
        some_of_each = 1 - (1 - p) ** 20 - p**20
        assert curves["wald"][edge] <= some_of_each < 0.2
        assert curves["wilson"][edge] > 0.9
    assert curves["wald"].min() == pytest.approx(min(curves["wald"][[0, -1]]))
    # The grid is symmetric and so is the coverage: p and 1 - p swap wins and losses.
    np.testing.assert_allclose(curves["wald"], curves["wald"][::-1])
    # The cached curves are shared, so they are read-only.
    with pytest.raises(ValueError):
        curves["wald"][0] = 1.0


def test_refused_draw_input_leaves_the_generator_where_it_was() -> None:
    rng = np.random.default_rng(4)
    before = rng.bit_generator.state
    bad = [
        dict(rate=1.5),
        dict(rate="0.5"),
        dict(games=0),
        dict(games=GAMES_MAX + 1),
        dict(samples=SAMPLES_MAX + 1),
        dict(confidence=1.0),
    ]
    for change in bad:
        args = {"rate": 0.5, "games": 10, "samples": 100, "confidence": 0.95, **change}
        with pytest.raises(ValueError, match=repr(next(iter(change.values())))):
            draw_coverage(rng, **args)
        assert rng.bit_generator.state == before
    with pytest.raises(ArgumentTypeError, match="Generator"):
        draw_coverage(4, 0.5, 10, 100)


@pytest.mark.parametrize(
    ("changes", "quoted", "kind"),
    [
        (dict(rate=0.0), "rate=0.0", ValueError),
        (dict(rate=1.0), "rate=1.0", ValueError),
        (dict(rate=float("nan")), "rate=nan", ValueError),
        (dict(rate="half"), "rate='half'", ArgumentTypeError),
        (dict(rate=True), "rate=True", ArgumentTypeError),
        (dict(games=0), "games=0", ValueError),
        (dict(games=2.5), "games=2.5", ArgumentTypeError),
        (dict(samples=9), "samples=9", ValueError),
        (dict(samples=SAMPLES_MAX + 1), f"samples={SAMPLES_MAX + 1}", ValueError),
        (dict(seed=-1), "seed=-1", ValueError),
        (dict(confidence=0.5), "confidence=0.5", ValueError),
        (dict(confidence="95%"), "confidence='95%'", ArgumentTypeError),
    ],
)
def test_settings_out_of_their_limits_are_refused_quoting_them(changes, quoted, kind) -> None:
    settings = {"rate": 0.5, "games": 20, "samples": 1000, "seed": 0, "confidence": 0.95}
    with pytest.raises(kind) as error:
        check_settings(**{**settings, **changes})
    assert str(error.value).startswith(quoted)
    with pytest.raises(kind):
        CoverageLab(**changes)


def test_the_summary_counts_the_covers_and_states_the_exact_coverage() -> None:
    draw = draw_coverage(np.random.default_rng(2), 0.04, 10, 500)
    exact = exact_coverage(0.04, 10)
    text = summary_html(draw, exact, seed=2, draws=1)
    for method, label in (("wilson", "Wilson"), ("wald", "Wald")):
        assert (
            f"<b>{label}</b>: covered p in {draw.covered(method)} of 500 samples "
            f"({100 * draw.share(method):.1f}%); exact coverage {100 * exact[method]:.1f}%"
        ) in text
        error = math.sqrt(exact[method] * (1 - exact[method]) / 500)
        assert f"{abs(draw.share(method) - exact[method]) / error:.1f} standard errors" in text
    edges = int(((draw.wins == 0) | (draw.wins == 10)).sum())
    pmf = odds.binomial_pmf(10, 0.04)
    assert (
        f"(here {edges} of 500 samples); that happens with chance {100 * (pmf[0] + pmf[10]):.1f}%"
        in text
    )
    # With one game Wilson covers p = 0.5 every time and Wald never: no standard error.
    one = draw_coverage(np.random.default_rng(2), 0.5, 1, 50)
    one_text = summary_html(one, exact_coverage(0.5, 1), 2, 1)
    assert "no draw can stray" in one_text and "(here 50 of 50 samples)" in one_text
    assert "with chance 100.0%" in one_text


# --- the figures ---------------------------------------------------------------------------------


def test_the_interval_figure_draws_each_sample_coloured_by_covering() -> None:
    draw = draw_coverage(np.random.default_rng(9), 0.05, 10, 40)
    fig = intervals_figure(0.05, 10, draw.wins, draw.bounds, draw.covers)
    assert len(fig.data) == 3 * len(METHODS)
    for i, method in enumerate(METHODS):
        covering, missing, line = fig.data[3 * i : 3 * i + 3]
        low, high = draw.bounds[method]
        for trace, flags in ((covering, draw.covers[method]), (missing, ~draw.covers[method])):
            rows = np.flatnonzero(flags)
            np.testing.assert_array_equal(trace.y, rows + 1)
            np.testing.assert_allclose(trace.x, draw.wins[rows] / 10)
            np.testing.assert_allclose(np.add(trace.x, trace.error_x.array), high[rows])
            np.testing.assert_allclose(np.subtract(trace.x, trace.error_x.arrayminus), low[rows])
        assert covering.marker.color != missing.marker.color
        assert list(line.x) == [0.05, 0.05]
    # Wald's intervals at no wins have zero width and miss p, yet they show as dots at 0.
    wald_missing = fig.data[4]
    zero = np.asarray(wald_missing.x) == 0
    assert zero.any()
    assert not np.asarray(wald_missing.error_x.array)[zero].any()
    # Each legend entry appears once, on a trace that has points.
    entries = [t.name for t in fig.data if t.showlegend]
    assert sorted(entries) == ["covers p", "misses p", "true p"]
    assert all(len(t.x) for t in fig.data if t.showlegend)


def test_the_coverage_figures_draw_the_curves_the_level_and_the_marks() -> None:
    draw = draw_coverage(np.random.default_rng(1), 0.2, 30, 800, 0.9)
    exact, marks = exact_coverage(0.2, 30, 0.9), share_intervals(draw)
    by_rate = coverage_by_rate(30, 0.9)
    fig = coverage_by_rate_figure(RATE_GRID, by_rate, 0.9, 30, 0.2, exact, marks)
    for i, method in enumerate(METHODS):
        np.testing.assert_allclose(fig.data[i].y, grid_coverage(30, method, 0.9))
    assert list(fig.data[2].y) == [0.9, 0.9]  # the nominal level
    assert list(fig.data[3].y) == [exact[m] for m in METHODS]
    shares = fig.data[SHARES_TRACE]
    assert shares.name == "simulated share"
    assert list(shares.y) == [draw.share(m) for m in METHODS]
    np.testing.assert_allclose(
        np.add(shares.y, shares.error_y.array), [marks[m][2] for m in METHODS]
    )
    assert list(fig.data[-1].x) == [0.2, 0.2]
    by_games = coverage_by_games_figure(
        GAMES_GRID, coverage_by_games(0.2, 0.9), 0.9, 0.2, 30, exact, None
    )
    assert by_games.layout.xaxis.type == "log"
    assert len(by_games.data[SHARES_TRACE].y) == 0  # no simulation, no dots
    for i, method in enumerate(METHODS):
        for g in (1, 7, 30):
            at = list(GAMES_GRID).index(g)
            assert by_games.data[i].y[at] == pytest.approx(stats.coverage(g, [0.2], method, 0.9)[0])
    # Same trace count with and without a simulation: a widget can update in place.
    assert len(coverage_traces(RATE_GRID, by_rate, 0.9, 0.2, exact, None, "p")) == len(fig.data)


# --- the widget ----------------------------------------------------------------------------------


def test_the_lab_shows_its_draw_against_the_exact_odds() -> None:
    lab = CoverageLab(rate=0.05, games=10, samples=500, seed=6)
    expected = np.random.default_rng(6).binomial(10, 0.05, size=500)
    np.testing.assert_array_equal(lab.result.wins, expected)
    shown = lab.intervals_figure.data
    for i, method in enumerate(METHODS):
        high = stats.intervals(expected[:SHOWN_SAMPLES], 10, method)[1]
        rows = np.concatenate([shown[3 * i].y, shown[3 * i + 1].y]).astype(int) - 1
        assert sorted(rows) == list(range(SHOWN_SAMPLES))
        x = np.concatenate([shown[3 * i].x, shown[3 * i + 1].x])
        upper = x + np.concatenate([shown[3 * i].error_x.array, shown[3 * i + 1].error_x.array])
        np.testing.assert_allclose(upper, high[rows])
        np.testing.assert_allclose(lab.rate_figure.data[i].y, grid_coverage(10, method))
        assert lab.rate_figure.data[3].y[i] == pytest.approx(
            independent_coverage(10, 0.05, method, 0.95)
        )
        assert lab.games_figure.data[SHARES_TRACE].y[i] == lab.result.share(method)
        assert f"covered p in {lab.result.covered(method)} of 500" in lab.summary.value
    assert "independently" in lab.intro.value and "before the games are played" in lab.intro.value


def test_the_same_seed_repeats_and_draw_again_continues_the_stream() -> None:
    first, twin = CoverageLab(seed=21, samples=200), CoverageLab(seed=21, samples=200)
    np.testing.assert_array_equal(first.result.wins, twin.result.wins)
    rng = np.random.default_rng(21)
    draws = [rng.binomial(20, 0.5, size=200) for _ in range(3)]
    first.draw_button.click()
    np.testing.assert_array_equal(first.result.wins, draws[1])
    first.draw_again()
    np.testing.assert_array_equal(first.result.wins, draws[2])
    assert first.draws == 3 and "Draw 3 from seed 21" in first.summary.value
    # The figures follow, and so does the snapshot a page opening later reads.
    shares = [first.result.share(m) for m in METHODS]
    assert list(first.rate_figure.data[SHARES_TRACE].y) == shares
    assert list(first.games_figure._widget_data[SHARES_TRACE]["y"]) == shares
    covered = np.concatenate([first.intervals_figure.data[0].y, first.intervals_figure.data[1].y])
    assert len(covered) == SHOWN_SAMPLES
    wilson_hits = np.flatnonzero(first.result.covers["wilson"][:SHOWN_SAMPLES]) + 1
    np.testing.assert_array_equal(first.intervals_figure.data[0].y, wilson_hits)
    np.testing.assert_array_equal(first.intervals_figure._widget_data[0]["y"], wilson_hits)
    # Another seed draws other samples; going back to the seed starts its stream again.
    first.seed.value = 22
    assert first.result.wins.tolist() != draws[0].tolist()
    assert_shows_its_draw(first)
    first.seed.value = 21
    np.testing.assert_array_equal(first.result.wins, draws[0])
    assert first.draws == 1


def test_a_changed_control_recomputes_everything() -> None:
    lab = CoverageLab(samples=300)
    lab.games.value = 40
    assert lab.settings.games == 40
    np.testing.assert_array_equal(
        lab.result.wins, np.random.default_rng(0).binomial(40, 0.5, size=300)
    )
    np.testing.assert_allclose(lab.rate_figure.data[1].y, grid_coverage(40, "wald"))
    assert "g = 40" in lab.rate_figure.layout.title.text
    lab.rate.value = 0.02
    np.testing.assert_allclose(
        lab.games_figure.data[0].y, [stats.coverage(int(g), [0.02])[0] for g in GAMES_GRID]
    )
    assert list(lab.rate_figure.data[-1].x) == [0.02, 0.02]
    lab.confidence.value = 0.8
    assert lab.result.confidence == 0.8 and list(lab.rate_figure.data[2].y) == [0.8, 0.8]
    np.testing.assert_allclose(
        lab.result.bounds["wilson"][0], stats.intervals(lab.result.wins, 40, "wilson", 0.8)[0]
    )
    lab.samples.value = 400  # more samples: the figures keep their frame, the draw changes
    assert_shows_its_draw(lab)
    assert "of 400 samples" in lab.summary.value
    lab.samples.value = 10
    assert len(lab.result.wins) == 10
    assert len(lab.intervals_figure.data[0].y) + len(lab.intervals_figure.data[1].y) == 10
    lab.set_settings(rate=0.9, games=5)
    assert (lab.rate.value, lab.games.value, lab.settings.rate, lab.settings.games) == (
        0.9,
        5,
        0.9,
        5,
    )
    assert lab.draws == 1 and "g = 5 games at p = 0.9" in lab.intervals_figure.layout.title.text


@pytest.mark.parametrize(
    ("control", "value", "quoted"),
    [("games", 0, "games=0"), ("games", 1001, "games=1001"), ("samples", 5, "samples=5"),
     ("samples", 20_000, "samples=20000"), ("seed", -3, "seed=-3")],
)  # fmt: skip
def test_a_refused_control_shows_a_message_and_changes_nothing(control, value, quoted) -> None:
    lab = CoverageLab(samples=200)
    lab.draw_again()
    before = state(lab)
    getattr(lab, control).value = value
    assert quoted in lab.message.value and "expected an integer" in lab.message.value
    assert getattr(lab, control).value == getattr(before[0], control)  # the control is set back
    assert state(lab) == before
    lab.draw_again()  # the stream goes on where it was
    rng = np.random.default_rng(0)
    for _ in range(3):
        wins = rng.binomial(20, 0.5, size=200)
    np.testing.assert_array_equal(lab.result.wins, wins)
    assert lab.message.value == ""


@pytest.mark.parametrize(
    ("changes", "quoted"),
    [
        (dict(rate=1.2), "rate=1.2"),
        (dict(rate="a lot"), "rate='a lot'"),
        (dict(games=None), "games=None"),
        (dict(confidence=0.5), "confidence=0.5"),
        (dict(colour=1), "unknown setting 'colour'"),
    ],
)
def test_set_settings_refuses_bad_input_with_a_message_and_changes_nothing(changes, quoted):
    lab = CoverageLab(samples=100)
    before = state(lab)
    with pytest.raises(ValueError, match=quoted):
        lab.set_settings(**{"seed": 5, **changes})  # a good change goes with the bad one
    assert html.escape(quoted) in lab.message.value
    assert state(lab) == before
    assert (lab.rate.value, lab.games.value) == (0.5, 20)


def test_a_control_refuses_a_value_of_the_wrong_kind_and_keeps_its_value() -> None:
    lab = CoverageLab(samples=100)
    before = state(lab)
    with pytest.raises(traitlets.TraitError):
        lab.games.value = "many"
    with pytest.raises(traitlets.TraitError):
        lab.confidence.value = 0.5
    assert state(lab) == before and lab.games.value == 20
