"""Tests of liarsdice.tournament (and match.play_game): seeded games, deterministic tournaments
in one process or several, seat rotation, win rates and Wilson intervals."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import plots
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_GAMES
from liarsdice.tournament import (
    MAX_RULE_SETS,
    _game_seeds,
    max_workers,
    play_game,
    tournament,
    wilson_interval,
)


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


# --- issue 14: bad arguments refused quoting them; seeds drawn per game ------------------------


def test_tournament_refuses_what_is_no_bot_as_a_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match=r"bots\[1\]='x'"):  # was an AttributeError
        tournament([RandomBot(), "x"], games=4, progress=False)
    with pytest.raises(ArgumentTypeError, match="'ab'"):
        tournament("ab", games=4, progress=False)
    with pytest.raises(ValueError, match="two or more"):
        tournament([RandomBot()], games=4, progress=False)


@pytest.mark.parametrize(
    ("argument", "value", "error"),
    [
        ("seed", None, ArgumentTypeError),  # played unrepeatable games
        ("seed", 2**20000, ValueError),
        ("seed", 1.0, ArgumentTypeError),
        ("games", MAX_GAMES + 1, ValueError),
        ("games", 10**5000, ValueError),
        ("games", 4.0, ArgumentTypeError),
        ("workers", 1000, ValueError),  # started 1000 processes on 2 cores
        ("workers", True, ArgumentTypeError),
        ("progress", "no", ArgumentTypeError),
        ("rules", 7, ArgumentTypeError),
        ("rules", [], ValueError),
        ("rules", ["blef"] * (MAX_RULE_SETS + 1), ValueError),
    ],
    ids=quote,
)
def test_tournament_refuses_bad_arguments_quoting_them(argument: str, value, error) -> None:
    with pytest.raises(error) as caught:
        tournament([RandomBot()] * 2, **{"games": 2, "progress": False, argument: value})
    assert quote(value) in str(caught.value)


def test_each_rule_set_is_checked() -> None:
    with pytest.raises(ArgumentTypeError, match=r"rules\[1\]=7"):
        tournament([RandomBot()] * 2, games=2, rules=[ld.preset("blef"), 7], progress=False)


def test_workers_are_bounded_by_the_cores() -> None:
    with pytest.raises(ValueError, match=r"os.cpu_count\(\)"):
        tournament([RandomBot()] * 2, games=2, workers=max_workers() + 1, progress=False)


def test_each_game_seed_is_the_spawned_child_drawn_when_needed() -> None:
    children = np.random.SeedSequence(5).spawn(12)
    expected = [int(c.generate_state(4, np.uint64)[0]) for c in children]
    assert [r.seed for r in small_tournament().records] == expected
    start = time.process_time()
    _game_seeds(5, MAX_GAMES - 1, 3)  # the last game's seed, without drawing the others
    assert time.process_time() - start < 1  # drew 10**6 seeds (23 s) before the first game


class PlainBot:
    """A bot with act() only: no reseeded(), no Bot base class."""

    def act(self, view):
        return view.legal_actions()[-1 if view.previous is None else 0]


def test_a_bot_needs_only_act() -> None:
    result = tournament([PlainBot(), RandomBot()], games=4, progress=False)
    assert result.games == 4


@pytest.mark.skipif(max_workers() < 2, reason="needs two cores")
def test_a_bot_that_cannot_travel_to_workers_is_refused_before_playing() -> None:
    bot = PlainBot()
    bot.act = lambda view: view.legal_actions()[0]  # type: ignore[method-assign]
    with pytest.raises(ArgumentTypeError, match=r"bots\[0\].*workers=1"):
        tournament([bot, RandomBot()], games=4, workers=2, progress=False)


# --- issue 15: tournaments on any concurrent.futures.Executor; Dask past one machine ---------


@pytest.mark.parametrize("kind", ["threads", "processes"])
def test_a_tournament_on_an_executor_matches_one_process(kind: str) -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    one = small_tournament()
    make = ThreadPoolExecutor if kind == "threads" else ProcessPoolExecutor
    with make(max_workers=2) as executor:
        assert small_tournament(executor=executor) == one
        assert small_tournament(executor=executor, workers=3) == one  # 12 chunks of one game
        assert small_tournament(executor=executor, games=1) == small_tournament(games=1)
        # the caller owns the executor: it still takes work after a tournament
        assert executor.submit(sum, [1, 2]).result() == 3


def test_an_executor_lifts_the_bound_of_the_cores_on_workers() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from liarsdice.tournament import MAX_EXECUTOR_WORKERS

    with ThreadPoolExecutor(max_workers=2) as executor:
        result = small_tournament(executor=executor, workers=max_workers() + 1)
        assert result == small_tournament()
        with pytest.raises(ValueError, match=f"workers={MAX_EXECUTOR_WORKERS + 1}"):
            small_tournament(executor=executor, workers=MAX_EXECUTOR_WORKERS + 1)


@pytest.mark.parametrize("value", ["dask", 4, object(), map], ids=quote)
def test_what_is_no_executor_is_refused_quoting_it(value: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"concurrent\.futures\.Executor") as caught:
        small_tournament(executor=value)
    assert f"executor={quote(value)}" in str(caught.value)


def test_a_bot_that_cannot_travel_is_refused_by_a_process_executor_but_not_by_threads() -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    bot = PlainBot()
    bot.act = lambda view: view.legal_actions()[0]  # type: ignore[method-assign]
    with (
        ProcessPoolExecutor(max_workers=1) as executor,
        pytest.raises(ArgumentTypeError, match=r"bots\[0\].*ProcessPoolExecutor"),
    ):
        tournament([bot, RandomBot()], games=4, progress=False, executor=executor)
    with ThreadPoolExecutor(max_workers=2) as executor:
        result = tournament([bot, RandomBot()], games=4, progress=False, executor=executor)
    assert result == tournament([bot, RandomBot()], games=4, progress=False)


class FailingBot:
    """A bot that raises on its first move."""

    def act(self, view):
        raise RuntimeError("this bot fails")


def test_an_error_in_a_chunk_is_raised_and_leaves_the_executor_running() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as executor:
        with pytest.raises(RuntimeError, match="this bot fails"):
            tournament([FailingBot(), FailingBot()], games=40, progress=False, executor=executor)
        assert executor.submit(sum, [1, 2]).result() == 3


def test_a_tournament_on_a_local_dask_cluster_matches_one_process() -> None:
    """Two Dask worker processes on 127.0.0.1, reached through Client.get_executor()."""
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install liarsdice[dask])"
    )
    one = small_tournament()
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        result = small_tournament(executor=client.get_executor(), workers=2)
    assert result == one
    assert result.wins == one.wins and result.records == one.records
