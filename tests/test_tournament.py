"""Tests of liarsdice.tournament (and match.play_game): seeded games, deterministic tournaments
in one process or several, seat rotation, win rates and Wilson intervals."""

from __future__ import annotations

import math

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import plots
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.tournament import play_game, tournament, wilson_interval


def test_play_game_is_decided_by_the_seed() -> None:
    def game_json(seed: int) -> str:
        bots = [RandomBot(1), ThresholdBot(), ExpectedLossBot()]
        return play_game("perudo", bots, seed).to_json()

    assert game_json(3) == game_json(3)
    assert game_json(3) != game_json(4)


def small_tournament(**kwargs) -> ld.tournament.TournamentResult:
    """Return a small three-bot tournament over a mix of presets."""
    bots = [RandomBot(), ThresholdBot(), ExpectedLossBot()]
    options = dict(games=12, rules=["blef", "perudo", "bluff"], seed=5, progress=False)
    return tournament(bots, **{**options, **kwargs})


def test_tournament_is_deterministic_and_workers_do_not_change_it() -> None:
    one = small_tournament()
    assert one == small_tournament()
    assert small_tournament(workers=2) == one
    assert small_tournament(seed=6) != one
    assert [r.rules for r in one.records[:3]] == ["blef", "perudo", "bluff"]
    assert sum(one.wins) == one.games == 12


def test_tournament_rotates_seats() -> None:
    result = small_tournament(games=6)
    seatings = [r.seating for r in result.records]
    assert seatings[0] == (0, 1, 2) and seatings[1] == (2, 0, 1)
    for bot in range(3):
        assert sorted(s.index(bot) for s in seatings) == [0, 0, 1, 1, 2, 2]


def test_tournament_win_rates_and_intervals() -> None:
    result = tournament([ThresholdBot(), RandomBot()], games=40, progress=False)
    for rate, (low, high) in zip(result.win_rates, result.intervals):
        assert 0 <= low <= rate <= high <= 1
    assert result.win_rates[0] > result.win_rates[1]  # odds beat coin flips
    assert "95%" in str(result) and "<table>" in result._repr_html_()
    assert {"name", "wins", "games", "win_rate", "low", "high"} == set(result.rows()[0])


def test_tournament_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="players=3"):
        tournament([RandomBot()] * 3, games=2, rules="openspiel", progress=False)
    with pytest.raises(ValueError, match="games=0"):
        tournament([RandomBot()] * 2, games=0, progress=False)
    with pytest.raises(ValueError, match="workers=0"):
        tournament([RandomBot()] * 2, games=2, workers=0, progress=False)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson_interval(10, 10)
    assert math.isclose(low, 0.7225, abs_tol=1e-4) and math.isclose(high, 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_covers_the_truth_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(0)
    p, n = 0.3, 50
    wins = rng.binomial(n, p, size=4000)
    covered = np.mean([lo <= p <= hi for lo, hi in (wilson_interval(int(w), n) for w in wins)])
    assert 0.93 < covered < 0.97


def test_tournament_figure_draws_rates_and_intervals() -> None:
    result = tournament([ThresholdBot(), RandomBot()], games=10, progress=False)
    fig = plots.tournament_figure(result.names, result.win_rates, result.intervals, chance=0.5)
    bar = fig.data[0]
    assert list(bar.x) == list(result.names) and list(bar.y) == list(result.win_rates)
    low, high = result.intervals[0]
    assert math.isclose(bar.error_y.array[0], high - result.win_rates[0])
    assert math.isclose(bar.error_y.arrayminus[0], result.win_rates[0] - low)
    with pytest.raises(ValueError, match="differ in length"):
        plots.tournament_figure(["a"], [0.5, 0.5], [(0, 1)])
