"""Tests of liarsdice.profiles: log-likelihoods against the product of every decision's
probability taken straight from the model (exact Fractions where the model gives them), on
games replayed here move by move; the MLE against an independent optimiser and the grid's
best point; posteriors; recovery of a ModelBot's known beta and epsilon at a fixed seed; model
comparison; bad records refused naming the record, nothing changed."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import optimize, stats

import liarsdice as ld
from liarsdice import Bid, Game, inference, match, profiles, profiles_data
from liarsdice.agents import ExpectedLossBot, ModelBot, RandomBot, SolverBot
from liarsdice.errors import ArgumentTypeError


def small_games(rules: ld.Rules, players: int, games: int = 4) -> list[Game]:
    """Return seeded games of a quantal ModelBot at seat 0 against mixed bots."""
    others = [ExpectedLossBot(), RandomBot(1), ModelBot(inference.quantal(6.0), 2)]
    return [
        match.play_game(rules, [ModelBot(inference.quantal(3.0), s), *others[: players - 1]], s)
        for s in range(games)
    ]


SMALL = {
    "2 players, 1 die": (ld.preset("blef", dice=1), 2),
    "3 players, 2 dice": (ld.preset("blef", dice=2), 3),
    "2 players, 3 dice": (ld.preset("perudo", dice=3), 2),
    "3 players, 2 dice, show-and-reroll": (ld.Rules(show_and_reroll=True, dice=2), 3),
}


@pytest.fixture(scope="module", params=list(SMALL), ids=list(SMALL))
def games(request: pytest.FixtureRequest) -> list[Game]:
    rules, players = SMALL[request.param]
    return small_games(rules, players)


def seat_moves(games: list[Game], seat: int) -> list[tuple[ld.view.View, object]]:
    """Return the seat's (view, action) at each of its moves, replayed here from the records."""
    moves = []
    for game in games:
        replay = Game.from_json(game.to_json())
        fresh = Game(replay.rules, replay.players, replay.seed, replay.opener)
        for who, action in replay.actions:
            if who == seat:
                moves.append((fresh.view(seat), action))
            fresh.apply(action)
    return moves


def log_of_product(chances: list) -> float:
    """Return log of the product of the chances: exact when all are Fractions."""
    if all(isinstance(p, Fraction) for p in chances):
        product = math.prod(chances, start=Fraction(1))
        return math.log(product.numerator) - math.log(product.denominator)
    return math.fsum(math.log(p) for p in chances)


def brute_force(games: list[Game], seat: int, model: object) -> float:
    """Return the log-likelihood as the product of model(view)[action] over the decisions."""
    return log_of_product([model(view)[action] for view, action in seat_moves(games, seat)])  # type: ignore[operator]


def test_log_likelihood_equals_enumeration(games: list[Game]) -> None:
    cases = [
        ("uniform", None, inference.UNIFORM),
        ("quantal", 2.5, inference.quantal(2.5)),
        ("quantal", 0.0, inference.UNIFORM),
        ("trembling", 0.1, inference.trembling(ExpectedLossBot(), Fraction(1, 10))),
        ("trembling", 1.0, inference.UNIFORM),
    ]
    for seat in (0, 1):
        for family, value, model in cases:
            want = brute_force(games, seat, model)
            got = profiles.log_likelihood(games, seat, family, value)
            assert got == pytest.approx(want, rel=1e-9, abs=1e-9), (family, value, seat)
        fraction_model = inference.trembling(ExpectedLossBot(), Fraction(1, 3))
        got = profiles.log_likelihood(games, seat, fraction_model)
        assert got == pytest.approx(brute_force(games, seat, fraction_model), rel=1e-12)


def test_the_grid_curve_is_the_log_likelihood(games: list[Game]) -> None:
    fit = profiles.fit(games, 0, "quantal", grid=[0.0, 1.0, 7.5, 30.0])
    for beta, value in zip(fit.grid, fit.log_likelihood):
        assert value == pytest.approx(brute_force(games, 0, inference.quantal(beta)), rel=1e-9)
    assert fit.decisions == len(seat_moves(games, 0)) and fit.skipped == 0


def test_equilibrium_is_the_solvers_strategy() -> None:
    games = [match.play_game(ld.preset("openspiel", dice=1), [SolverBot(s), ExpectedLossBot()], s)
             for s in range(30)]  # fmt: skip
    policy = SolverBot().policy
    want = log_of_product(
        [policy(view).get(action, 0) for view, action in seat_moves(games, 0)]  # type: ignore[union-attr]
    )
    assert profiles.log_likelihood(games, 0, "equilibrium") == pytest.approx(want, rel=1e-12)
    rows = {row["family"]: row for row in profiles.compare(games, 0)}
    assert rows["equilibrium"]["note"] == "" and rows["equilibrium"]["parameters"] == 0
    # in three-player games the solver's endgames do not cover the seat's decisions
    rows = {
        row["family"]: row for row in profiles.compare(small_games(*SMALL["3 players, 2 dice"]), 0)
    }
    assert rows["equilibrium"]["note"].startswith("does not apply")
    assert rows["equilibrium"]["log_likelihood"] is None


def independent_mle(moves: list, make_model, low: float, high: float) -> float:
    """Return the MLE by scipy's bounded scalar minimiser on a negative log-likelihood
    written here from model(view)[action]."""

    def negative(x: float) -> float:
        model = make_model(x)
        return -math.fsum(math.log(float(model(v)[a])) for v, a in moves)

    return optimize.minimize_scalar(
        negative, bounds=(low, high), method="bounded", options={"xatol": 1e-7}
    ).x


@pytest.mark.parametrize(
    ("family", "make_model", "bounds"),
    [
        ("quantal", inference.quantal, (0, 60)),
        ("trembling", lambda e: inference.trembling(ExpectedLossBot(), e), (0, 1)),
    ],
)
def test_mle_equals_an_independent_optimiser(family: str, make_model, bounds: tuple) -> None:
    games = small_games(ld.preset("blef", dice=2), 3, games=8)
    fit = profiles.fit(games, 0, family)
    want = independent_mle(seat_moves(games, 0), make_model, *bounds)
    assert fit.estimate == pytest.approx(want, abs=1e-4 * (bounds[1] - bounds[0]))
    spacing = fit.grid[1] - fit.grid[0]
    assert abs(fit.estimate - fit.grid[np.argmax(fit.log_likelihood)]) <= spacing
    assert fit.max_log_likelihood >= fit.log_likelihood.max()
    assert fit.posterior.sum() == pytest.approx(1, abs=1e-12) and (fit.posterior >= 0).all()
    # the interval's ends lie where 2 (l_max - l) is the chi-square quantile (or at the range)
    quantile = stats.chi2.ppf(0.95, 1)
    for end in fit.interval:
        if end in bounds:
            assert "clipped" in fit.note
            continue
        drop = 2 * (fit.max_log_likelihood - profiles.log_likelihood(games, 0, family, end))
        assert drop == pytest.approx(quantile, abs=1e-6)
    assert fit.interval[0] <= fit.estimate <= fit.interval[1]
    assert fit.credible[0] <= fit.credible[1]


def test_posterior_and_prior() -> None:
    games = small_games(ld.preset("blef", dice=2), 3)
    flat = profiles.fit(games, 0, grid=50)
    assert len(flat.grid) == 50 and flat.posterior.sum() == pytest.approx(1)
    assert flat.prior.startswith("uniform on [0, 60]")
    weights = np.exp(-flat.grid)  # an exponential prior, given per grid point
    leaning = profiles.fit(games, 0, grid=50, prior=weights)
    assert leaning.prior.startswith("weights given")
    assert leaning.posterior.sum() == pytest.approx(1)
    assert (leaning.posterior * leaning.grid).sum() < (flat.posterior * flat.grid).sum()
    widths = np.gradient(flat.grid)  # trapezoid weights: half at the ends
    prior = np.array([0.5, *np.ones(48), 0.5]) * widths / (49 * widths[0])
    want = flat.log_likelihood + np.log(prior)
    assert flat.posterior == pytest.approx(np.exp(want - np.logaddexp.reduce(want)))
    assert flat.log_marginal == pytest.approx(np.logaddexp.reduce(want))


RECOVERY = [
    ("quantal", 2.0, inference.quantal(2.0)),
    ("quantal", 10.0, inference.quantal(10.0)),
    ("trembling", 0.1, inference.trembling(ExpectedLossBot(), 0.1)),
]


@pytest.mark.parametrize(("family", "truth", "model"), RECOVERY)
def test_recovers_a_known_parameter(family: str, truth: float, model: object) -> None:
    rules = ld.preset("blef", dice=3)
    others = [ExpectedLossBot(), ExpectedLossBot()]
    games = [match.play_game(rules, [ModelBot(model, s), *others], s) for s in range(40)]  # type: ignore[arg-type]
    fit = profiles.fit(games, 0, family)
    assert fit.interval[0] <= truth <= fit.interval[1], fit
    assert fit.credible[0] <= truth <= fit.credible[1], fit
    assert abs(fit.estimate - truth) <= 0.25 * truth, fit


def test_compare_rows() -> None:
    games = small_games(ld.preset("blef", dice=2), 3, games=8)
    rows = profiles.compare(games, 0, ["uniform", "quantal", "trembling"])
    assert [row["family"] for row in rows] == ["uniform", "quantal", "trembling"]
    uniform, quantal, _ = rows
    assert uniform["bayes_factor"] == 1 and uniform["parameters"] == 0
    n = profiles.fit(games, 0).decisions
    top = profiles.fit(games, 0).max_log_likelihood
    assert quantal["log_likelihood"] == pytest.approx(top)
    assert quantal["aic"] == pytest.approx(2 - 2 * top)
    assert quantal["bic"] == pytest.approx(math.log(n) - 2 * top)
    assert quantal["bayes_factor"] == pytest.approx(
        math.exp(quantal["log_marginal"] - uniform["log_marginal"])
    )
    assert quantal["aic"] < uniform["aic"]  # the seat plays quantal(3)


def test_bluff_rate() -> None:
    games = small_games(ld.preset("blef", dice=2), 3)
    moves = seat_moves(games, 0)
    scores = inference.quantal(1.0).scores  # type: ignore[attr-defined]
    bluffs = [scores(v)[a] < 0.5 for v, a in moves if isinstance(a, Bid)]
    assert profiles.fit(games, 0).bluff_rate == pytest.approx(sum(bluffs) / len(bluffs))
    honest = [match.play_game(ld.preset("blef", dice=2), [ld.agents.HonestBot(), ExpectedLossBot()], s)
              for s in range(3)]  # fmt: skip
    assert profiles.fit(honest, 0, "uniform").bluff_rate == 0


def test_decisions_and_text_records() -> None:
    games = small_games(ld.preset("blef", dice=2), 3)
    texts = [g.to_json() for g in games]
    moves, skipped = profiles.decisions(texts, 1)
    assert skipped == 0
    assert [(v, a) for v, a in moves] == seat_moves(games, 1)
    assert all(v.hand for v, _ in moves) and all(v.seat == 1 for v, _ in moves)
    assert (
        profiles.fit(texts, 1).log_likelihood.tolist()
        == profiles.fit(games, 1).log_likelihood.tolist()
    )
    assert profiles.fit(games[0], 0).decisions == len(seat_moves(games[:1], 0))


def test_bad_records_refused_naming_them() -> None:
    games = small_games(ld.preset("blef", dice=2), 3)
    before = [g.to_json() for g in games]
    other = match.play_game(ld.preset("perudo", dice=2), [ExpectedLossBot()] * 3, 0)
    quiet = Game(ld.preset("blef", dice=2), 3, seed=1, opener=0)
    quiet.apply(quiet.legal_actions()[0])  # seat 0 bid; seats 1 and 2 never moved
    text = games[1].to_json()
    corrupt = text.replace('"moves": [[', '"moves": [[0, "1x9"], [', 1)
    illegal = text.replace('"moves": [[', '"moves": [[0, "challenge"], [', 1)  # before a bid
    roll = games[1].chance[-1]["roll"]  # type: ignore[typeddict-item]
    rolled = text.replace(str(roll).replace(" ", "").replace(",", ", "), "[[6], [6], [6]]")
    assert len({text, corrupt, illegal, rolled}) == 4
    cases = [
        ([games[0], 7], ArgumentTypeError, "record 1: 7 is not a record"),
        ([games[0], games[1], other], ValueError, "record 2: other rules"),
        ([games[0], quiet], ValueError, "record 1: seat 2 never moved"),
        ([games[0], corrupt], ValueError, "record 1: "),
        ([games[0], "{not json"], ValueError, "record 1: "),
        ([], ValueError, "at least one record"),
        ({"a": 1}, ArgumentTypeError, "records="),
    ]
    for records, error, text_ in cases:
        seat = 2 if isinstance(records, list) and any(r is quiet for r in records) else 0
        with pytest.raises(error, match=text_):
            profiles.fit(records, seat)
        with pytest.raises(error, match=text_):
            profiles.compare(records, seat)
    with pytest.raises(ValueError, match="record 0: no seat 3"):
        profiles.fit(games, 3)
    assert [g.to_json() for g in games] == before  # nothing changed


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"family": "quantl"}, ValueError, "family='quantl'"),
        ({"family": 3}, ArgumentTypeError, "family=3"),
        ({"level": 1}, ValueError, "level=1"),
        ({"level": "0.9"}, ArgumentTypeError, "level='0.9'"),
        ({"grid": 1}, ValueError, "grid=1"),
        ({"grid": [1.0, 0.5]}, ValueError, "increasing"),
        ({"grid": [0.0, 61.0]}, ValueError, "grid\\[1\\]=61.0"),
        ({"grid": "fine"}, ArgumentTypeError, "grid='fine'"),
        ({"prior": [1.0, 2.0]}, ValueError, "prior="),
        ({"prior": "flat"}, ArgumentTypeError, "prior='flat'"),
        ({"bot": "nobody"}, ValueError, "bot='nobody'"),
        ({"seat": -1}, ValueError, "seat=-1"),
        ({"seat": True}, ArgumentTypeError, "seat=True"),
    ],
)
def test_bad_arguments_refused(kwargs: dict, error: type, text: str) -> None:
    games = small_games(ld.preset("blef", dice=1), 2, games=1)
    seat = kwargs.pop("seat", 0)
    with pytest.raises(error, match=text):
        profiles.fit(games, seat, **kwargs)


def test_limits_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    games = small_games(ld.preset("blef", dice=1), 2, games=3)
    monkeypatch.setattr(profiles_data, "MAX_RECORDS", 2)
    with pytest.raises(ValueError, match="at most MAX_RECORDS = 2"):
        profiles.fit(games, 0)
    monkeypatch.setattr(profiles_data, "MAX_RECORDS", 10)
    monkeypatch.setattr(profiles_data, "MAX_DECISIONS", 1)
    with pytest.raises(ValueError, match="at most MAX_DECISIONS = 1"):
        profiles.fit(games, 0)
    monkeypatch.setattr(profiles_data, "MAX_DECISIONS", 10**6)
    monkeypatch.setattr(profiles, "MAX_GRID_WORK", 10)
    with pytest.raises(ValueError, match="MAX_GRID_WORK"):
        profiles.fit(games, 0)
    with pytest.raises(ValueError, match="no parameter"):
        profiles.log_likelihood(games, 0, "uniform", 1.0)
    with pytest.raises(ValueError, match="beta=61"):
        profiles.log_likelihood(games, 0, "quantal", 61)


def test_a_callable_model_is_called_once_per_decision() -> None:
    games = small_games(ld.preset("blef", dice=2), 3)
    calls = []

    def model(view: ld.view.View) -> dict:
        calls.append(view)
        return inference.UNIFORM(view)

    got = profiles.log_likelihood(games, 0, model)
    assert len(calls) == len(seat_moves(games, 0))
    assert got == pytest.approx(profiles.log_likelihood(games, 0, "uniform"), rel=1e-12)


def test_an_estimate_at_the_range_end_is_said() -> None:
    rules = ld.preset("blef", dice=2)
    games = [match.play_game(rules, [ExpectedLossBot(), RandomBot(s)], s) for s in range(30)]
    fit = profiles.fit(games, 0, "trembling")  # the bot itself: epsilon 0
    assert fit.estimate == 0 and fit.interval[0] == 0 < fit.interval[1] < 0.2  # type: ignore[index]
    assert "grid's end (epsilon = 0)" in fit.note and "clipped" in fit.note
    assert profiles.fit(games, 0, "trembling", level=0.5).interval[1] < fit.interval[1]  # type: ignore[index]
