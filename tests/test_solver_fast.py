"""Tests of the fast solver (issue 15, item 2): its passes, backends, float types and limits.

The numba backend skips the subtrees the other player never reaches and fuses the passes; the
numpy backend runs every row every time: on float64 both must give the same iterates. float32
must reach the same tolerance and the same value. Every kind of round (the ladders, palifico,
any payoff at a challenge) must solve to the value of the exact linear program. No timings.
"""

from __future__ import annotations

import numpy as np
import pytest

import liarsdice as ld
from liarsdice.solver import CFRPlus, SmallGame, cfr, lp_value, solve, solve_game, sweeps
from liarsdice.solver.cfr import DEFAULT_ITERATIONS, MAX_WORK, _default_iterations, check_work

pytest.importorskip("scipy")

HAS_NUMBA = sweeps.numba_available()
needs_numba = pytest.mark.skipif(
    not HAS_NUMBA, reason="numba is not installed (pip install liarsdice[fast]): one backend only"
)
BACKENDS = ["numpy", pytest.param("numba", marks=needs_numba)]


def _shifted(bidder: int, bid: ld.Bid, count: int) -> float:
    """A payoff of a round inside a longer game: winning is worth less to the second player,
    and a challenge of a high bid by the opener pays a little extra."""
    win = 1.0 if (count >= bid.quantity) == (bidder == 0) else -1.0
    return 0.6 * win + (0.25 if win > 0 and bidder == 1 else -0.15) + 0.05 * bid.quantity / 3


GAMES = {
    "openspiel 1v1 f3": lambda: SmallGame("openspiel", (1, 1), 3),
    "perudo 1v1 f4": lambda: SmallGame("perudo", (1, 1), 4),
    "blef 1v2 f3": lambda: SmallGame(ld.preset("blef"), (1, 2), 3),
    "perudo 2v1 f3": lambda: SmallGame("perudo", (2, 1), 3),
    "perudo 2v1 f3 palifico": lambda: SmallGame("perudo", (2, 1), 3, palifico=True),
    "perudo 1v2 f3 palifico": lambda: SmallGame("perudo", (1, 2), 3, palifico=True),
    "openspiel 1v2 f3 payoff": lambda: SmallGame("openspiel", (1, 2), 3, payoff=_shifted),
    "bluff 2v1 f2 payoff": lambda: SmallGame(
        "bluff", (2, 1), 2, payoff=lambda bidder, bid, count: 0.5 if count == 1 else -0.25
    ),
}


def _flat(strategy: ld.solver.Strategy) -> np.ndarray:
    return np.concatenate([a.ravel() for a in (*strategy.liar, *strategy.bid)])


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> SmallGame:
    return GAMES[request.param]()


@pytest.fixture(scope="module")
def exact(game: SmallGame) -> float:
    return lp_value(game)


# ----- convergence: every kind of round solves to the linear program's value ----------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_cfr_plus_solves_every_kind_of_round_to_its_lp_value(game, exact, backend) -> None:
    solution = solve_game(game, tolerance=1e-4, backend=backend)
    assert solution.nash_conv <= 1e-4
    assert solution.nash_conv == pytest.approx(game.nash_conv(solution.strategy), abs=1e-15)
    # An eps-equilibrium's value is within its NashConv of the game's value.
    assert abs(solution.value - exact) <= solution.nash_conv + 1e-9
    assert abs(solution.value - exact) <= 1e-4


@pytest.mark.parametrize("backend", BACKENDS)
def test_float32_reaches_the_tolerance_and_the_value_of_float64(game, exact, backend) -> None:
    single = solve_game(game, tolerance=1e-4, dtype="float32", backend=backend)
    double = solve_game(game, tolerance=1e-4, dtype="float64", backend=backend)
    for solution in (single, double):
        assert solution.nash_conv <= 1e-4
        assert abs(solution.value - exact) <= solution.nash_conv + 1e-9
        assert all(a.dtype == np.float64 for a in solution.strategy.liar)  # reported in float64
    assert abs(single.value - double.value) <= single.nash_conv + double.nash_conv


def test_solve_uses_float32_down_to_its_tolerance(monkeypatch) -> None:
    made = []
    original = cfr.CFRPlus.__init__

    def spy(self, game, averaging=2.0, *, dtype="float64", backend="auto"):
        made.append(dtype)
        original(self, game, averaging, dtype=dtype, backend=backend)

    monkeypatch.setattr(cfr.CFRPlus, "__init__", spy)
    solve("openspiel", (1, 1), faces=2, tolerance=cfr.FLOAT32_TOLERANCE)
    solve("openspiel", (1, 1), faces=2, tolerance=cfr.FLOAT32_TOLERANCE / 2)
    solve("openspiel", (1, 1), faces=2, tolerance=1e-9, dtype="float32", max_iterations=20)
    assert made == ["float32", "float64", "float32"]


# ----- the two backends compute the same iterates ---------------------------------------------


@needs_numba
@pytest.mark.parametrize("iterations", [1, 37])
def test_numba_and_numpy_give_the_same_strategies(game, iterations) -> None:
    numpy_solver = CFRPlus(game, dtype="float64", backend="numpy")
    numba_solver = CFRPlus(game, dtype="float64", backend="numba")
    assert (numpy_solver.backend, numba_solver.backend) == ("numpy", "numba")
    for solver in (numpy_solver, numba_solver):
        solver.iterate(iterations)
    for kind in ("current_strategy", "average_strategy"):
        ours, theirs = (_flat(getattr(s, kind)()) for s in (numba_solver, numpy_solver))
        assert np.abs(ours - theirs).max() <= 1e-9, kind
    # The compiled NashConv of the average strategy is the game's own.
    gap, built = numba_solver._check()
    assert built is None
    assert gap == pytest.approx(game.nash_conv(numba_solver.average_strategy()), abs=1e-12)


@needs_numba
def test_skipped_subtrees_are_really_skipped() -> None:
    # In 1 v 2 the one-die player soon stops reaching most histories: the two-dice player's
    # update then visits only the rows the other reaches (the iterates stay equal: see above).
    game = SmallGame("openspiel", (1, 2), 4)
    solver = CFRPlus(game, dtype="float64", backend="numba")
    solver.iterate(50)
    live = solver._sweeps.live[0]  # type: ignore[attr-defined]
    assert live.mean() < 0.5
    reach = np.concatenate(game._reach(solver.current_strategy(), 0))
    assert np.all(reach[~live] == 0)  # a skipped row is one the player never reaches
    assert np.all(reach[live].max(axis=1) > 0)  # and every other row is reached


# ----- the average's weights and their rescaling ----------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_steep_averaging_rescales_the_sums_instead_of_overflowing(backend) -> None:
    game = SmallGame("openspiel", (1, 1), 3)
    steep = CFRPlus(game, averaging=10, dtype="float32", backend=backend)
    steep.iterate(1200)  # 1201**10 is about 6e30: past _RESCALE, so the sums were rescaled once
    assert steep._scale < 1
    for sums in steep._sweeps.sums:
        assert np.all(np.isfinite(sums))
    assert game.nash_conv(steep.average_strategy()) < 1e-3


def test_the_average_includes_every_iterate_with_its_weight() -> None:
    # Weights t**averaging on the strategies 1..T+1 (the last one the iteration produced).
    game = SmallGame("openspiel", (1, 1), 2)
    solver = CFRPlus(game, averaging=1.5, backend="numpy")
    total = [np.zeros_like(s) for s in solver._sweeps.sums]
    for t in range(1, 6):
        weight = t**1.5
        for p in (0, 1):
            total[p] += weight * solver._sweeps.weights[p]
        solver.iterate(1)
    for p in (0, 1):
        np.testing.assert_allclose(solver._sweeps.sums[p] - 6**1.5 * solver._sweeps.weights[p],
                                   total[p], rtol=1e-12, atol=1e-12)  # fmt: skip


# ----- settings and limits --------------------------------------------------------------------


def test_auto_picks_numba_only_where_installed_and_the_game_is_large(monkeypatch) -> None:
    small, large = SmallGame("openspiel", (1, 1), 3), SmallGame("openspiel", (1, 1), 6)
    assert small.n_information_states < sweeps.NUMBA_MIN_STATES <= large.n_information_states
    assert sweeps.choose_backend("auto", small) == "numpy"
    assert sweeps.choose_backend("auto", large) == ("numba" if HAS_NUMBA else "numpy")
    monkeypatch.setattr(sweeps, "numba_available", lambda: False)
    assert sweeps.choose_backend("auto", large) == "numpy"
    assert CFRPlus(large).backend == "numpy"
    with pytest.raises(ImportError, match="pip install numba"):
        CFRPlus(small, backend="numba")


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        (dict(dtype="float16"), ValueError, "dtype='float16'"),
        (dict(dtype=np.float32), ld.errors.ArgumentTypeError, "dtype=<class"),
        (dict(backend="cuda"), ValueError, "backend='cuda'"),
        (dict(backend=None), ld.errors.ArgumentTypeError, "backend=None"),
    ],
)
def test_bad_dtypes_and_backends_are_refused(kwargs, error, quoted) -> None:
    game = SmallGame("openspiel", (1, 1), 2)
    for make in (
        lambda: CFRPlus(game, **kwargs),
        lambda: solve_game(game, **kwargs),
        lambda: solve("openspiel", (1, 1), faces=2, **kwargs),
    ):
        with pytest.raises(error) as info:
            make()
        assert quoted in str(info.value)


def test_the_default_iterations_fill_the_work_limit() -> None:
    big = SmallGame("openspiel", (1, 2), 6)
    most = MAX_WORK // big.n_information_states
    assert _default_iterations(big) == most >= 2_000  # 1 v 2 at six faces: 1e-4 takes ~1,000
    check_work(big, most)  # admitted
    with pytest.raises(ValueError, match="MAX_WORK"):
        check_work(big, most + 1)
    assert _default_iterations(SmallGame("openspiel", (1, 1), 6)) == DEFAULT_ITERATIONS
    with pytest.raises(ld.errors.ArgumentTypeError, match="game=None"):
        _default_iterations(None)  # type: ignore[arg-type]


def test_max_iterations_none_runs_until_the_tolerance() -> None:
    solution = solve("openspiel", (1, 1), faces=3, tolerance=1e-3, max_iterations=None)
    assert solution.nash_conv <= 1e-3 and solution.iterations < DEFAULT_ITERATIONS


def test_checks_are_sparse_only_while_far_from_the_tolerance(monkeypatch) -> None:
    checked: list[int] = []
    original = cfr.CFRPlus._check

    def spy(self):
        checked.append(self.iterations)
        return original(self)

    monkeypatch.setattr(cfr.CFRPlus, "_check", spy)
    game = SmallGame("openspiel", (1, 1), 3)
    solution = solve_game(game, tolerance=1e-9, max_iterations=400, check_every=10)
    assert solution.iterations == 400
    steps = [b - a for a, b in zip([0, *checked], checked)]
    assert checked[:10] == list(range(10, 101, 10))  # check_every while under 100 iterations
    assert steps[10:14] == [10, 11, 12, 13]  # then a tenth of the iterations so far
    assert checked[-1] == 400  # and always at the end
    # Near the tolerance (within FAR_CHECKS times), every check_every iterations again.
    assert cfr._next_check(10, 1000, 1.9e-4, 1e-4) == 10
    assert cfr._next_check(10, 1000, 2.1e-4, 1e-4) == 100
    assert cfr._next_check(250, 1000, 1.0, 1e-4) == 250
