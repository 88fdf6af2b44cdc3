"""AdaptiveBayesBot (liarsdice.bots_adaptive): legal moves, per-seat refits that approach a
ModelBot's true beta, the rounds rebuilt from its own views, reproducible by seed (a
correctness test; the tournament measurement is in benchmarks/profiles.py)."""

from __future__ import annotations

import numpy as np
import pytest

from liarsdice import inference
from liarsdice.agents import BOTS, BayesBot, ExpectedLossBot
from liarsdice.bots_adaptive import (
    BETA_GRID,
    AdaptiveBayesBot,
    SeatModels,
    full_round,
    quantal_log_likelihood,
    settled_decisions,
)
from liarsdice.bots_model import ModelBot
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.match import play_game
from liarsdice.rules import preset
from liarsdice.tournament import tournament

LOW, HIGH = 2.0, 40.0  # the ModelBots' true betas


def table(bot: AdaptiveBayesBot, seed: int) -> list:
    """Return the bots of a 3-seat game: the adaptive bot, quantal(LOW) and quantal(HIGH)."""
    return [
        bot,
        ModelBot(inference.quantal(LOW), seed),
        ModelBot(inference.quantal(HIGH), seed + 1000),
    ]


def test_it_is_registered_and_plays_legal_moves() -> None:
    assert BOTS["adaptive"] is AdaptiveBayesBot
    bot = AdaptiveBayesBot()
    game = Game(preset("blef"), 3, seed=4)
    others = table(bot, 4)
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        action = others[seat].act(view)
        if seat == 0:
            assert action in view.legal_actions()
        game.apply(action)
    assert bot.decisions() and all(n > 0 for n in bot.decisions().values())


def test_its_betas_approach_each_model_bots_true_beta_over_games() -> None:
    bot = AdaptiveBayesBot(remember=True)
    history = []
    for seed in range(6):
        play_game("blef", table(bot.reseeded(seed), seed), seed=seed)
        history.append(dict(bot.betas))  # by place after the bot: 1 -> quantal(LOW), 2 -> HIGH
    first, last = history[0], history[-1]
    assert first != last and bot.decisions()  # refitted as the evidence grew
    assert abs(np.log(last[1] / LOW)) < np.log(2)  # within a factor 2 of the truth
    assert abs(np.log(last[2] / HIGH)) < np.log(2)
    assert last[1] < bot.prior_beta < last[2]  # moved away from the prior, each its own way


def test_without_remember_each_game_starts_fresh_and_tournaments_repeat() -> None:
    bot = AdaptiveBayesBot()
    play_game("blef", table(bot, 1), seed=1)
    assert bot.betas
    fresh = bot.reseeded(2)
    assert fresh is not bot and fresh.betas == {} and fresh.decisions() == {}
    bots = [AdaptiveBayesBot(), BayesBot(), ExpectedLossBot()]
    once = tournament(bots, games=4, seed=3, progress=False)
    again = tournament(bots, games=4, seed=3, progress=False)
    assert once.records == again.records


def test_rounds_are_rebuilt_from_its_views_as_the_game_played_them() -> None:
    """Each rebuilt round is the game's own round, and each settled decision has the seat's
    real hand and the view the seat had."""
    game = Game(preset("blef"), 3, seed=11)
    bots = table(AdaptiveBayesBot(), 11)
    pending = None
    rounds = {}  # round -> the game's moves of that round
    checked = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        rounds[view.round] = view.history
        if seat == 0:
            if pending is not None and pending.round != view.round:
                full = full_round(pending, view)
                assert full is not None
                real = rounds[pending.round] + ((view.last_round.caller, view.last_round.action),)
                assert real[: len(full.history)] == full.history
                for who, seen, action in settled_decisions(full, view.last_round.dice):
                    assert who != 0 and seen.hand == tuple(sorted(view.last_round.dice[who]))
                    assert action in seen.legal_actions()
                    checked += 1
            action = bots[0].act(view)
            pending = bots[0].pending
        else:
            action = bots[seat].act(view)
        game.apply(action)
        if not game.is_over and game.round == view.round:
            rounds[view.round] = game.view(0).history
    assert checked > 0


def test_the_log_likelihood_is_the_sum_of_log_softmax_terms() -> None:
    rows = [(np.array([0.2, 0.9, 0.5]), 1), (np.array([0.7, 0.1]), 0)]
    grid = np.array([0.0, 1.0, 5.0])
    expected = [sum(np.log(np.exp(b * r[i]) / np.exp(b * r).sum()) for r, i in rows) for b in grid]
    assert np.allclose(quantal_log_likelihood(rows, grid), expected)
    assert BETA_GRID[0] > 0 and np.all(np.diff(BETA_GRID) > 0)


def test_the_per_seat_model_dispatches_on_the_deciding_seat() -> None:
    game = Game(preset("blef"), 2, seed=0)
    view = game.view(game.current_player)
    models = SeatModels(inference.quantal(1.0))
    models.models[1 - view.seat] = inference.quantal(30.0)
    assert models(view) == inference.quantal(1.0)(view)  # no model of its own: the default
    models.models[view.seat] = inference.quantal(30.0)
    assert models(view) == inference.quantal(30.0)(view)
    assert models(view) != inference.quantal(1.0)(view)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"prior_beta": -1}, ValueError),
        ({"prior_beta": "10"}, ArgumentTypeError),
        ({"spread": 0}, ValueError),
        ({"refit": "turn"}, ValueError),
        ({"refit": 3}, ArgumentTypeError),
        ({"refit": "game"}, ValueError),  # needs remember=True
        ({"remember": "yes"}, ArgumentTypeError),
    ],
)
def test_bad_arguments_are_refused_quoting_them(kwargs: dict, error: type) -> None:
    with pytest.raises(error, match=repr(next(iter(kwargs.values()))).replace("'", ".")):
        AdaptiveBayesBot(**kwargs)
