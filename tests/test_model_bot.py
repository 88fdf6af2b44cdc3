"""Tests of liarsdice.bots_model: ModelBot's moves follow model(view) (a chi-square test at a
fixed seed, which a wrong model fails), show turns included; seeded and reproducible;
registered; bad arguments and bad models refused."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

import liarsdice as ld
from liarsdice import agents, inference, match
from liarsdice.agents import BOTS, ExpectedLossBot, ModelBot
from liarsdice.bots_model import chances
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import Phase

DRAWS = 6_000


def opening_view() -> ld.view.View:
    """Return seat 0's view at the opening of a two-player, two-dice Blef game."""
    return ld.Game(ld.preset("blef", dice=2), 2, seed=4, opener=0).view(0)


def show_view() -> ld.view.View:
    """Return a view of a show turn (show-and-reroll after one's own bid)."""
    game = ld.Game(ld.Rules(show_and_reroll=True, dice=3), 2, seed=1, opener=0)
    game.apply(ld.Bid(1, 2))
    assert game.phase == Phase.SHOW
    return game.view(0)


def draws(view: ld.view.View, model: object, seed: int) -> Counter:
    """Return how often ModelBot(model, seed) made each move in DRAWS turns at `view`."""
    bot = ModelBot(model, seed)
    counts = Counter(bot.act(view) for _ in range(DRAWS))
    assert set(counts) <= set(view.legal_actions())
    return counts


def p_value(view: ld.view.View, counts: Counter, expected: object) -> float:
    """Return the chi-square p-value of the counts against `expected`'s probabilities at the
    view (cells with an expected count under 5 pooled)."""
    legal = view.legal_actions()
    given = expected(view)  # type: ignore[operator]
    p = np.array([float(given.get(a, 0)) for a in legal])
    observed = np.array([counts[a] for a in legal], dtype=float)
    small = p * DRAWS < 5
    if small.any():
        p = np.append(p[~small], p[small].sum())
        observed = np.append(observed[~small], observed[small].sum())
    return float(stats.chisquare(observed, p * DRAWS).pvalue)


@pytest.mark.parametrize(
    "model",
    [inference.UNIFORM, inference.quantal(3.0), inference.trembling(ExpectedLossBot(), 0.3)],
    ids=["uniform", "quantal", "trembling"],
)
def test_frequencies_follow_the_model(model: object) -> None:
    view = opening_view()
    counts = draws(view, model, seed=11)
    assert p_value(view, counts, model) > 0.001
    # the same test rejects a model the bot does not play (so it can fail)
    other = inference.quantal(8.0) if model is inference.UNIFORM else inference.UNIFORM
    assert p_value(view, counts, other) < 1e-6


def test_show_turns_follow_the_model() -> None:
    view = show_view()
    counts = draws(view, inference.UNIFORM, seed=5)
    assert p_value(view, counts, inference.UNIFORM) > 0.001
    every = len(view.legal_actions())  # each move alike: not UNIFORM in a show turn
    assert p_value(view, counts, lambda v: dict.fromkeys(v.legal_actions(), 1 / every)) < 1e-6
    assert inference.UNIFORM(view)[ld.Pass()] == Fraction(1, 2)


def test_reproducible_by_seed() -> None:
    view = opening_view()
    model = inference.quantal(2.0)
    first, again, other = ModelBot(model, 7), ModelBot(model, 7), ModelBot(model, 8)
    moves = [first.act(view) for _ in range(50)]
    assert moves == [again.act(view) for _ in range(50)]
    assert moves != [other.act(view) for _ in range(50)]
    fresh, reseeded = ModelBot(model, 3), ModelBot(model, 99).reseeded(3)
    assert [fresh.act(view) for _ in range(20)] == [reseeded.act(view) for _ in range(20)]
    assert reseeded.model is model and reseeded.seed == 3


def test_plays_whole_games_reproducibly() -> None:
    rules = ld.preset("blef", dice=2)
    bots = [ModelBot(inference.quantal(4.0), 1), ExpectedLossBot(), ModelBot(seed=2)]
    one = match.play_game(rules, bots, seed=9).to_json()
    bots = [ModelBot(inference.quantal(4.0), 1), ExpectedLossBot(), ModelBot(seed=2)]
    assert match.play_game(rules, bots, seed=9).to_json() == one


def test_registered() -> None:
    assert BOTS["model"] is ModelBot is agents.ModelBot
    assert list(BOTS).index("model") == list(BOTS).index("solver") + 1
    assert ModelBot().model is inference.UNIFORM and ModelBot().seed == 0


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"model": 3}, ArgumentTypeError, "model=3"),
        ({"model": "uniform"}, ArgumentTypeError, "model='uniform'"),
        ({"seed": -1}, ValueError, "seed=-1"),
        ({"seed": 1.5}, ArgumentTypeError, "seed=1.5"),
        ({"seed": None}, ArgumentTypeError, "seed=None"),
    ],
)
def test_bad_arguments_refused(kwargs: dict, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        ModelBot(**kwargs)


def test_bad_views_and_models_refused() -> None:
    view = opening_view()
    with pytest.raises(ArgumentTypeError, match="view="):
        ModelBot().act("view")  # type: ignore[arg-type]
    game = ld.Game(ld.preset("blef", dice=2), 2, seed=4, opener=0)
    with pytest.raises(ValueError, match="not this seat's turn"):
        ModelBot().act(game.view(1))
    illegal = {ld.Challenge(): 1.0}  # no bid on the table to challenge
    bad_models = [
        (lambda v: illegal, "illegal"),
        (lambda v: dict.fromkeys(v.legal_actions(), 1.0), "sum to"),
        (lambda v: {v.legal_actions()[0]: -1.0, v.legal_actions()[1]: 2.0}, "negative"),
        (lambda v: [1.0], "expected"),
        (lambda v: {v.legal_actions()[0]: float("nan")}, "probability nan"),
    ]
    for model, text in bad_models:
        with pytest.raises(ValueError, match=text):
            ModelBot(model).act(view)


def test_chances_in_legal_order() -> None:
    view = opening_view()
    model = inference.quantal(2.0)
    p = chances(model, view)
    assert p.shape == (len(view.legal_actions()),)
    assert p.tolist() == [model(view)[a] for a in view.legal_actions()]
