"""Tests of liarsdice.agents and liarsdice.tournament: legal bots, odds-driven choices,
deterministic tournaments (one process or several) and Wilson intervals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Game, Pass, odds, plots
from liarsdice.agents import BOTS, Bot, ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.tournament import play_game, tournament, wilson_interval

PRESET_NAMES = sorted(ld.PRESETS)


def bot_of(kind: str, seed: int) -> Bot:
    """Return a bot of the named kind."""
    return BOTS[kind]().reseeded(seed)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(PRESET_NAMES),
    kinds=st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=4),
    seed=st.integers(0, 2**32),
    show=st.booleans(),
)
def test_bots_only_return_legal_actions_and_games_end(
    name: str, kinds: list[str], seed: int, show: bool
) -> None:
    rules = ld.preset(name, show_and_reroll=show)
    kinds = kinds[: rules.max_players]
    bots = [bot_of(kind, seed + i) for i, kind in enumerate(kinds)]
    game = Game(rules, len(bots), seed)
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)
    assert game.winner is not None


def test_a_bot_refuses_a_view_that_is_not_its_turn() -> None:
    game = Game(ld.preset("blef"), 3, seed=0, opener=0)
    for bot in (RandomBot(), ThresholdBot(), ExpectedLossBot()):
        with pytest.raises(ValueError, match="not its turn"):
            bot.act(game.view(1))


def view_after(bids: list[Bid], rules: ld.Rules, seed: int = 1, players: int = 2):
    """Return the game and the view of the player to move after the bids (opener seat 0)."""
    game = Game(rules, players, seed, opener=0)
    for bid in bids:
        game.apply(bid)
    return game, game.view(game.current_player)


def test_threshold_bot_challenges_an_unlikely_bid_and_raises_a_likely_one() -> None:
    rules = ld.preset("blef")
    _, view = view_after([Bid(9, 6)], rules)
    p = odds.bid_probability(Bid(9, 6), rules, view.unknown, view.known)
    assert p < 0.5
    assert ThresholdBot(0.5).act(view) == Challenge()
    assert ThresholdBot(0.0).act(view) != Challenge()


def test_threshold_bot_makes_the_most_probable_raise_with_ties_toward_its_own_faces() -> None:
    rules = ld.preset("blef")
    _, view = view_after([Bid(1, 2)], rules, seed=3)
    choice = ThresholdBot().act(view)
    legal = [b for b in view.legal_actions() if isinstance(b, Bid)]
    chances = {b: odds.bid_probability(b, rules, view.unknown, view.known) for b in legal}
    best = max(chances.values())
    assert math.isclose(chances[choice], best, abs_tol=1e-12)
    tied = [b for b in legal if math.isclose(chances[b], best, abs_tol=1e-12)]
    held = max(view.hand.count(b.face) for b in tied)
    assert view.hand.count(choice.face) == held
    assert choice == min(
        (b for b in tied if view.hand.count(b.face) == held), key=lambda b: rules.rank(b)
    )


def test_threshold_bot_respects_the_palifico_face_lock() -> None:
    rules = ld.preset("perudo", dice=2)
    game = Game(rules, 3, seed=4, opener=0)
    game.apply(Bid(6, 6))
    game.apply(Challenge())
    assert game.palifico
    game.apply(Bid(1, 3))
    action = ThresholdBot(0.0).act(game.view(1))
    assert action in game.legal_actions() and (action == Challenge() or action.face == 3)


def test_expected_loss_bot_challenges_when_that_costs_less_than_raising() -> None:
    rules = ld.preset("blef")
    _, view = view_after([Bid(10, 6)], rules)
    assert ExpectedLossBot().act(view) == Challenge()
    _, view = view_after([Bid(1, 2)], rules)
    assert isinstance(ExpectedLossBot().act(view), Bid)


def test_expected_loss_bot_calls_calza_when_the_rules_allow_it() -> None:
    game = play_game("perudo", [ExpectedLossBot()] * 3, seed=7)
    calls = [r for r in game.results if r.action == Calza()]
    assert calls and any(r.settlement.winner is not None for r in calls)
    game = play_game("blef", [ExpectedLossBot()] * 3, seed=7)
    assert all(action != Calza() for _, action in game.actions)


def test_bots_pass_after_their_own_bid_with_show_and_reroll() -> None:
    rules = ld.preset("bluff", show_and_reroll=True)
    game = Game(rules, 3, seed=0, opener=0)
    game.apply(Bid(2, 2))
    assert ThresholdBot().act(game.view(0)) == Pass()
    assert ExpectedLossBot().act(game.view(0)) == Pass()
    assert RandomBot(1).act(game.view(0)) in game.legal_actions()


def test_random_bot_is_uniform_and_seeded() -> None:
    game = Game(ld.preset("blef"), 2, seed=0, opener=0)
    view = game.view(0)
    picks = [RandomBot(5).act(view) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    bot = RandomBot(0)
    counts = {}
    for _ in range(6000):
        action = bot.act(view)
        counts[action] = counts.get(action, 0) + 1
    assert set(counts) == set(view.legal_actions())
    expected = 6000 / len(view.legal_actions())
    assert max(counts.values()) < 2 * expected and min(counts.values()) > expected / 3


def test_play_game_is_decided_by_the_seed() -> None:
    def game_json(seed: int) -> str:
        bots = [RandomBot(1), ThresholdBot(), ExpectedLossBot()]
        return play_game("perudo", bots, seed).to_json()

    assert game_json(3) == game_json(3)
    assert game_json(3) != game_json(4)


# --- tournaments -------------------------------------------------------------------------------


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
