"""Tests of PlayerProfile and its figure builders (plots.profiles): the figures hold the fit's own
numbers (liarsdice.profiles.fit, computed here independently), the controls redraw, a PlayTable's
finished games are read, and bad input is refused or explained, quoting it."""

from __future__ import annotations

import dataclasses
import functools
import html
import math
from typing import Any

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import plots, profiles
from liarsdice.actions import Challenge
from liarsdice.agents import BAYES_BETA, ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.errors import ArgumentTypeError
from liarsdice.match import play_game
from liarsdice.plots.profiles import (
    LIKELIHOOD_CURVE,
    LIKELIHOOD_ESTIMATE,
    LIKELIHOOD_INTERVAL,
    POSTERIOR_CREDIBLE,
    POSTERIOR_CURVE,
    POSTERIOR_ESTIMATE,
    number_text,
)
from liarsdice.widgets import PlayerProfile, PlayTable
from liarsdice.widgets.play_table import YOU

RULES = ld.preset("blef", dice=2)


@functools.cache
def games(players: int = 3, count: int = 4) -> tuple[ld.Game, ...]:
    """Return seeded finished games of bots: threshold, expected loss, then random seats."""
    kinds = [ThresholdBot, ExpectedLossBot]
    return tuple(
        play_game(
            RULES,
            [kinds[s]() if s < 2 else RandomBot(seed=seed + s) for s in range(players)],
            seed=seed,
        )
        for seed in range(count)
    )


def floats(values: Any) -> np.ndarray:
    """Return a trace's values as floats (None, a gap, as -inf: the log of a chance 0)."""
    return np.array([-np.inf if v is None else float(v) for v in values], dtype=float)


def assert_draws(profile: PlayerProfile, fit: profiles.Fit) -> None:
    """Check that the widget's figures and text hold `fit`'s numbers."""
    curve = profile.likelihood.data[LIKELIHOOD_CURVE]
    np.testing.assert_allclose(floats(curve.x), fit.grid)
    np.testing.assert_allclose(floats(curve.y), fit.log_likelihood)
    estimate = profile.likelihood.data[LIKELIHOOD_ESTIMATE]
    assert list(estimate.x) == [fit.estimate]
    assert list(estimate.y) == [fit.max_log_likelihood]
    assert fit.interval is not None
    assert list(profile.likelihood.data[LIKELIHOOD_INTERVAL].x) == list(fit.interval)
    np.testing.assert_allclose(floats(profile.posterior.data[POSTERIOR_CURVE].y), fit.posterior)
    assert list(profile.posterior.data[POSTERIOR_ESTIMATE].x) == [fit.estimate] * 2
    assert f"<b>{number_text(fit.estimate)}</b>" in profile.summary.value
    assert f"{fit.bluff_rate:.0%}" in profile.summary.value
    assert profile.message.value == ""


# ----- the widget ------------------------------------------------------------------------------


def test_the_widget_draws_the_fit_of_the_chosen_seat() -> None:
    profile = PlayerProfile(games(), seat=1)
    fit = profiles.fit(games(), 1, "quantal")
    assert_draws(profile, fit)
    assert fit.interval is not None and fit.credible is not None
    assert number_text(fit.interval[0]) in profile.summary.value
    assert number_text(fit.credible[1]) in profile.summary.value
    assert f"β = {BAYES_BETA:g}" in profile.reading.value
    assert f"fitted β is {number_text(fit.estimate)}" in profile.reading.value


def test_json_records_draw_as_the_games_do() -> None:
    from_games = PlayerProfile(games(), seat=2)
    from_json = PlayerProfile([game.to_json() for game in games()], seat=2)
    assert list(from_json.likelihood.data[0].y) == list(from_games.likelihood.data[0].y)
    assert from_json.summary.value == from_games.summary.value
    one = PlayerProfile(games()[0], seat=0)  # one game, not in a list
    assert_draws(one, profiles.fit(games()[0], 0, "quantal"))


def test_changing_the_seat_the_family_and_the_level_redraws() -> None:
    profile = PlayerProfile(games(), seat=0)
    before = list(profile.likelihood.data[LIKELIHOOD_CURVE].y)
    profile.seat.value = 2
    assert_draws(profile, profiles.fit(games(), 2, "quantal"))
    assert list(profile.likelihood.data[LIKELIHOOD_CURVE].y) != before
    profile.family.value = "trembling"
    trembling = profiles.fit(games(), 2, "trembling")
    assert_draws(profile, trembling)
    assert "ε" in profile.likelihood.layout.xaxis.title.text
    profile.level.value = 0.8
    assert_draws(profile, profiles.fit(games(), 2, "trembling", level=0.8))
    # the reading of the bots stays quantal's, whatever family is shown
    quantal = profiles.fit(games(), 2, "quantal", level=0.8)
    assert f"fitted β is {number_text(quantal.estimate)}" in profile.reading.value


def test_a_family_without_a_parameter_draws_empty_curves_and_says_why() -> None:
    profile = PlayerProfile(games(), seat=1, family="uniform")
    fit = profiles.fit(games(), 1, "uniform")
    assert fit.parameter is None
    assert list(profile.likelihood.data[LIKELIHOOD_CURVE].y) == []
    assert "no parameter" in profile.likelihood.layout.title.text
    assert number_text(fit.max_log_likelihood) in profile.likelihood.layout.title.text
    assert "has no parameter" in profile.summary.value


def test_the_comparison_lists_every_family_compare_gives() -> None:
    profile = PlayerProfile(games(), seat=1)
    rows = profiles.compare(games(), 1)
    cells = profile.comparison.data[0].cells.values
    assert list(cells[0]) == [row["family"] for row in rows]
    aic = [number_text(row["aic"]) if row.get("aic") is not None else "" for row in rows]
    assert list(cells[4]) == aic


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        ({"records": []}, r"records=\[\]"),
        ({"records": games(), "seat": 3}, r"no seat 3"),
        ({"table": PlayTable(players=2), "seat": 2}, r"seat=2.*not a seat of every game"),
        ({"records": games(), "family": "psychic"}, r"family='psychic'"),
        ({"records": games(), "level": 1.5}, r"level=1\.5"),
        ({}, r"give one of them"),
        ({"records": ["not a record"]}, r"record 0: saved game 'not a record'"),
    ],
)
def test_bad_input_is_refused_quoting_it(kwargs: dict[str, object], pattern: str) -> None:
    with pytest.raises(ValueError, match=pattern):
        PlayerProfile(**kwargs)  # type: ignore[arg-type]


def test_a_wrong_kind_is_a_type_error_quoting_it() -> None:
    with pytest.raises(ArgumentTypeError, match=r"record 1: 7 is not a record"):
        PlayerProfile([games()[0], 7])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match=r"table='table'"):
        PlayerProfile(table="table")  # type: ignore[arg-type]


def test_a_fit_that_fails_is_shown_and_clears_the_figures() -> None:
    game = ld.Game(ld.preset("blef", dice=2, single_round=True), players=4, seed=0)
    opener = game.current_player
    assert opener not in (None, 1)
    game.apply(game.legal_actions()[0])  # the opener bids, the next seat challenges: over
    game.apply(Challenge())
    profile = PlayerProfile(game, seat=opener)
    assert_draws(profile, profiles.fit(game, opener, "quantal"))
    with pytest.raises(ValueError, match="never moved") as refused:
        profiles.fit([game], 1, "quantal")  # the widget's games are a list
    profile.seat.value = 1  # a seat that never moved
    assert html.escape(str(refused.value)) in profile.message.value
    assert profile.summary.value == profile.reading.value == ""
    assert list(profile.likelihood.data[LIKELIHOOD_CURVE].y) == []
    assert list(profile.posterior.data[POSTERIOR_CURVE].y) == []
    profile.seat.value = 0  # back to a seat that moved: drawn again, the message gone
    assert_draws(profile, profiles.fit(game, 0, "quantal"))


# ----- from a PlayTable ------------------------------------------------------------------------


def finish(table: PlayTable) -> None:
    """Play the table's game to its end: you challenge, or open with the lowest bid."""
    while not table.game.is_over:
        if table.pending is not None:
            table.on_next_round_click()
        elif table.game.previous is None:
            table.play(min(table.legal_bids, key=RULES.rank))
        else:
            table.play(Challenge())


def test_the_widget_reads_the_tables_finished_games() -> None:
    table = PlayTable(rules=RULES, players=2, bot="expected_loss", seed=3)
    profile = PlayerProfile(table=table)
    assert profile.seat.value == YOU and "you" in profile.seat.label
    assert "No finished game" in profile.message.value
    profile.on_read_click()
    assert "not over yet" in profile.message.value
    finish(table)
    profile.on_read_click()
    assert profile.games == [table.game]
    assert_draws(profile, profiles.fit([table.game], YOU, "quantal"))
    profile.on_read_click()
    assert "read already" in profile.message.value
    first = table.game
    table.on_new_game_click()
    finish(table)
    profile.on_read_click()
    assert profile.games == [first, table.game]
    assert_draws(profile, profiles.fit([first, table.game], YOU, "quantal"))


# ----- the builders, under every family ---------------------------------------------------------

TWO = games(players=2, count=3)  # two players: every family applies where the solver does


@pytest.mark.parametrize("family", profiles.FAMILIES)
def test_the_builders_draw_every_family(family: str) -> None:
    try:
        fit = profiles.fit(TWO, 0, family)
    except ValueError as error:
        pytest.skip(f"{family} does not apply: {error}")
    curve = plots.likelihood_figure(fit).data
    posterior = plots.posterior_figure(fit).data
    assert len(curve) == len(posterior) == 3  # the same traces for every family
    if fit.parameter is None:
        assert all(len(trace.x) == 0 for trace in (*curve, *posterior))
        return
    np.testing.assert_allclose(floats(curve[LIKELIHOOD_CURVE].y), fit.log_likelihood)
    assert list(curve[LIKELIHOOD_ESTIMATE].x) == [fit.estimate]
    assert np.argmax(floats(curve[LIKELIHOOD_CURVE].y)) == np.argmax(fit.log_likelihood)
    assert fit.interval is not None and fit.credible is not None
    low, high = fit.interval
    cut = list(curve[LIKELIHOOD_INTERVAL].y)
    assert list(curve[LIKELIHOOD_INTERVAL].x) == [low, high] and cut[0] == cut[1]
    assert cut[0] < fit.max_log_likelihood
    inside = (fit.grid >= low) & (fit.grid <= high)
    assert (fit.log_likelihood[inside] >= cut[0] - 1e-9).all()  # the interval's cut-off
    np.testing.assert_allclose(floats(posterior[POSTERIOR_CURVE].y), fit.posterior)
    shaded = floats(posterior[POSTERIOR_CREDIBLE].x)
    assert shaded.min() >= fit.credible[0] and shaded.max() <= fit.credible[1]
    assert 0 < sum(posterior[POSTERIOR_CREDIBLE].y) <= 1 + 1e-9


def test_the_comparison_table_keeps_a_family_that_does_not_apply() -> None:
    rows = profiles.compare(games(), 1)
    figure = plots.comparison_figure(rows)
    families = list(figure.data[0].cells.values[0])
    assert families == [row["family"] for row in rows]
    for row, estimate in zip(rows, figure.data[0].cells.values[1]):
        if row.get("note"):
            assert estimate == row["note"]
        elif row.get("estimate") is not None:
            assert estimate.endswith(number_text(row["estimate"]))


def test_the_comparison_table_shows_a_bayes_factor_past_a_floats_range() -> None:
    # compare gives inf once the log Bayes factor passes about 709 (ten games of a seat that
    # plays its bot's moves exactly, against trembling around that bot, do)
    rows = [dict(row) for row in profiles.compare(games(), 1)]
    trembling = next(row for row in rows if row["family"] == "trembling")
    trembling["bayes_factor"] = math.inf
    cells = plots.comparison_figure(rows).data[0].cells.values
    assert cells[7][rows.index(trembling)] == "inf"


def test_the_builders_refuse_what_is_no_fit_quoting_it() -> None:
    with pytest.raises(ArgumentTypeError, match=r"fit='fit'"):
        plots.likelihood_figure("fit")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"fit=3"):
        plots.posterior_figure(3)  # type: ignore[arg-type]
    fit = profiles.fit(games(), 1, "quantal")
    short = dataclasses.replace(fit, log_likelihood=fit.log_likelihood[:-1])
    with pytest.raises(ValueError, match=r"fit.log_likelihood=.*values for a grid of"):
        plots.likelihood_figure(short)
    nan = dataclasses.replace(fit, grid=np.where(fit.grid == fit.grid[0], np.nan, fit.grid))
    with pytest.raises(ValueError, match=r"fit.grid="):
        plots.posterior_figure(nan)
    with pytest.raises(ArgumentTypeError, match=r"names no family"):
        plots.comparison_figure([{"aic": 1.0}])
    with pytest.raises(ArgumentTypeError, match=r"'many'"):
        plots.comparison_figure([{"family": "uniform", "aic": "many", "bic": [1]}])
    with pytest.raises(ArgumentTypeError, match=r"rows='rows'"):
        plots.comparison_figure("rows")  # type: ignore[arg-type]
