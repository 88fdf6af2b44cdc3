"""Every figure builder takes what the core returns, under every preset (issue 23, item 5).

Each test computes a core function's output for every preset in liarsdice.PRESETS at a few
sizes, feeds it to the builder that draws it and checks that the figure's traces hold the
core's numbers:

- odds.table -> odds_heatmap, board_figure; odds.count_distribution -> count_figure;
  odds.challenge_cost -> challenge_loss_figure (Bluff's bidder expects to gain dice: -16/81);
- odds.table and halve_double.wild_bracket / halve_double.ladder_rises -> equivalence_figure,
  monotonicity_figure;
- inference.Belief.seat_counts and inference.likelihood_ratios -> belief_figure, ratio_figure;
- sampling.RollingRun and sampling.normal_pmf -> frequency_figure, histogram_figure;
- tally.Tally.fit -> tally_figure; stats.intervals and stats.coverage -> intervals_figure,
  coverage_by_rate_figure, coverage_by_games_figure;
- solver.solve and solver.bluff_rates -> strategy_figure, bluff_figure; solver.endgame's
  solve_endgame -> endgame_figure; tournament.tournament -> tournament_figure.

The last tests check that the widened ranges still refuse what the core never returns.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import halve_double, inference, odds, plots, stats
from liarsdice.agents import RandomBot, ThresholdBot
from liarsdice.bids import Bid
from liarsdice.ladder import ACE_RULES
from liarsdice.plots.chances import MAX_LOSS, MIN_LOSS
from liarsdice.plots.sampling import EXACT_LINE, FREQUENCY, NORMAL_PMF, OBSERVED
from liarsdice.plots.sampling import EXACT_PMF as EXACT_TRACE
from liarsdice.plots.tally import TALLY_EXPECTED, TALLY_OBSERVED
from liarsdice.rules import Rules
from liarsdice.sampling import RollingRun, normal_pmf
from liarsdice.tally import Tally

PRESETS = sorted(ld.PRESETS)
SIZES = (1, 3, 8)  # unknown dice


def floats(values: object) -> list[float]:
    """Return the numbers of a trace (or of the core) as floats."""
    return [float(v) for v in np.asarray(values, dtype=object).ravel()]


def plain_face(rules: Rules) -> int:
    """Return a plain face of the rules (the second lowest, so not always face 2)."""
    return rules.plain_faces[1]


# ----- odds ---------------------------------------------------------------------------------------


def test_the_issue_example_bluffs_bidder_expects_to_gain() -> None:
    bluff = ld.PRESETS["bluff"]
    cost = odds.challenge_cost(Bid(2, 2), bluff, 4, (2,))
    assert cost.expected_bidder_loss == Fraction(-16, 81)
    fig = plots.challenge_loss_figure(
        [2], {"bluff": [cost.expected_challenger_loss]}, {"bluff": [cost.expected_bidder_loss]}
    )
    assert fig.data[1].name == "bidder, bluff"
    assert list(fig.data[1].y) == [-16 / 81]
    assert list(fig.data[0].y) == [float(cost.expected_challenger_loss)]


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("exact", [True, False])
def test_challenge_loss_figure_draws_every_presets_costs(name: str, exact: bool) -> None:
    rules = ld.PRESETS[name]
    hand = (plain_face(rules), rules.wild)
    drawn: list[float] = []
    for n in SIZES:
        quantities = range(1, n + len(hand) + 1)
        costs = [
            odds.challenge_cost(Bid(q, plain_face(rules)), rules, n, hand, exact=exact)
            for q in quantities
        ]
        assert all(MIN_LOSS <= lost <= MAX_LOSS for c in costs for d in c.loss for lost in d)
        challenger = [c.expected_challenger_loss for c in costs]
        bidder = [c.expected_bidder_loss for c in costs]
        fig = plots.challenge_loss_figure(quantities, {name: challenger}, {name: bidder})
        assert [t.name for t in fig.data] == [f"challenger, {name}", f"bidder, {name}"]
        assert floats(fig.data[0].y) == floats(challenger)
        assert floats(fig.data[1].y) == floats(bidder)
        assert list(fig.data[1].x) == list(quantities)
        drawn += floats(fig.data[1].y)
    # Bluff's exact count hands the bidder a die: its expected loss falls below 0.
    assert (min(drawn) < 0) == (rules.exact == "challenger_to_bidder")


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("n", SIZES)
def test_odds_heatmap_and_board_draw_every_presets_table(name: str, n: int) -> None:
    rules = ld.PRESETS[name]
    order = [f - 1 for f in (*rules.plain_faces, rules.wild)]
    for palifico in (False, True):
        for exact in (False, True):
            table = odds.table(rules, n, (rules.wild,), palifico=palifico, exact=exact)
            heat = plots.odds_heatmap(table, rules, Bid(1, plain_face(rules))).data[0]
            assert np.asarray(heat.z).tolist() == table[order, 1:].astype(float).tolist()
            cells = plots.board_figure(rules, n + 1, probabilities=table).data[plots.BOARD_CELLS]
            expected = [
                float(table[face - 1, quantity]) if quantity < table.shape[1] else 0.0
                for quantity, face in cells.customdata
            ]
            assert list(cells.marker.color) == expected


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("exact", [True, False])
def test_count_figure_draws_every_presets_distribution(name: str, exact: bool) -> None:
    rules = ld.PRESETS[name]
    for n in SIZES:
        for face in (plain_face(rules), rules.wild):
            distribution = odds.count_distribution(face, rules, n, (face,), exact=exact)
            bars = plots.count_figure(distribution, rules, Bid(1, face)).data[0]
            assert floats(bars.y) == floats(distribution)
            assert list(bars.x) == list(range(n + 2))


@pytest.mark.parametrize("name", PRESETS)
def test_ladder_figures_draw_every_presets_odds_and_rises(name: str) -> None:
    rules = ld.PRESETS[name]
    for n in SIZES:
        tails = odds.table(rules, n)
        traces = plots.equivalence_figure(n, rules=rules).data
        ks = range(1, max(1, n // 2) + 1)

        def tail(face: int, q: int) -> float:
            return float(tails[face - 1, q]) if q <= n else 0.0  # noqa: B023

        assert list(traces[-1].y) == [tail(rules.wild, k) for k in ks]
        for index, ace_rule in enumerate(ACE_RULES):
            lows = [halve_double.wild_bracket(replace(rules, ace_rule=ace_rule), k)[0] for k in ks]
            below, above = traces[2 * index], traces[2 * index + 1]
            assert list(below.y) == [tail(rules.plain_faces[0], q) for q in lows]
            assert list(above.y) == [tail(rules.plain_faces[0], q + 1) for q in lows]
    heat = plots.monotonicity_figure(SIZES, rules=rules).data[0]
    assert list(heat.y) == list(ACE_RULES)
    for row, ace_rule in zip(heat.z, ACE_RULES):
        ladder = replace(rules, ace_rule=ace_rule)
        assert list(row) == [len(halve_double.ladder_rises(ladder, n)) for n in SIZES]


# ----- reading bids -------------------------------------------------------------------------------


def read_table(name: str, dice: int) -> tuple[ld.engine.View, list[int]]:
    """Return the view of the seat to move after two lowest legal bids (three seats, or two
    where the rules seat only two), and the other seats that bid."""
    rules = ld.preset(name, dice=dice)
    game = ld.Game(rules, players=min(3, rules.max_players), seed=dice)
    for _ in range(2):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Bid)))
    seat = game.current_player
    assert seat is not None  # the round goes on after two bids
    return game.view(seat), [s for s in (0, 1) if s != seat]


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_belief_and_ratio_figures_draw_every_presets_reading(name: str, dice: int) -> None:
    view, seats = read_table(name, dice)
    rules = view.rules
    models = {
        False: inference.quantal(2.0),
        True: inference.trembling(ThresholdBot(), Fraction(1, 5)),
    }
    for exact, model in models.items():  # quantal's exp has no exact path
        before = inference.Belief(view, inference.UNIFORM, exact=exact)
        after = inference.Belief(view, model, exact=exact)
        for seat in seats:
            for face in (plain_face(rules), rules.wild):
                prior, posterior = before.seat_counts(seat, face), after.seat_counts(seat, face)
                bars = plots.belief_figure(prior, posterior, rules, face, seat, model.name).data
                assert floats(bars[0].y) == floats(prior)
                assert floats(bars[1].y) == floats(posterior)
                ratios = inference.likelihood_ratios(view, model, seat, face, exact=exact)
                drawn = plots.ratio_figure(ratios, rules, face, seat).data[0]
                assert list(drawn.x) == sorted(ratios)
                assert floats(drawn.y) == [float(ratios[c]) for c in sorted(ratios)]


# ----- sampling, tallies, intervals -----------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("dice", SIZES)
def test_rolling_figures_draw_every_presets_run(name: str, dice: int) -> None:
    rules = ld.PRESETS[name]
    for face in (plain_face(rules), rules.wild):
        run = RollingRun(rules, dice, Bid(max(1, dice // 3), face), seed=dice)
        run.step(300)
        trials, frequencies = run.path()
        traces = plots.frequency_figure(trials, frequencies, run.p_true).data
        assert list(traces[FREQUENCY].x) == list(trials)
        assert list(traces[FREQUENCY].y) == list(frequencies)
        assert list(traces[EXACT_LINE].y) == [run.p_true, run.p_true]
        normal = normal_pmf(run.dice, run.p)
        bars = plots.histogram_figure(
            run.histogram, run.distribution, normal, run.bid.quantity
        ).data
        assert list(bars[OBSERVED].y) == list(run.histogram / run.histogram.sum())
        assert list(bars[EXACT_TRACE].y) == list(run.distribution)
        assert list(bars[NORMAL_PMF].y) == list(normal)
        exact = odds.count_distribution(face, rules, dice, exact=True)
        shown = plots.histogram_figure(run.histogram, exact, normal, run.bid.quantity).data
        assert floats(shown[EXACT_TRACE].y) == floats(exact)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("dice", SIZES)
def test_tally_figure_draws_every_presets_fit(name: str, dice: int) -> None:
    rules = ld.PRESETS[name]
    rng = np.random.default_rng(dice)
    tally = Tally(rules=rules, dice_per_round=dice, face=rules.wild)
    tally.add_rounds("red", rng.binomial(dice, 1 / 6, size=40).tolist())
    tally.add_face_counts("red", rng.multinomial(6 * dice, [1 / 6] * 6).tolist())
    for kind in ("faces", "rounds"):
        fit = tally.fit(kind)
        fig = plots.tally_figure(fit.cells, fit.observed, fit.expected, fit.pooled_cells)
        assert list(fig.data[TALLY_OBSERVED].x) == list(fit.cells)
        assert list(fig.data[TALLY_OBSERVED].y) == list(fit.observed)
        assert list(fig.data[TALLY_EXPECTED].y) == list(fit.expected)


@pytest.mark.parametrize("games", [1, 7, 40, 3_000_000])  # stats.intervals takes 10**9 games
def test_coverage_figures_draw_the_intervals_and_coverage(games: int) -> None:
    rate, confidence, rng = 0.3, 0.9, np.random.default_rng(games)
    wins = rng.binomial(games, rate, size=25)
    bounds = {m: stats.intervals(wins, games, m, confidence) for m in stats.METHODS}
    covers = {m: (low <= rate) & (rate <= high) for m, (low, high) in bounds.items()}
    traces = plots.intervals_figure(rate, games, wins, bounds, covers, confidence).data
    for index, method in enumerate(stats.METHODS):
        low, high = bounds[method]
        hit, miss = traces[3 * index], traces[3 * index + 1]
        for trace, rows in (
            (hit, np.flatnonzero(covers[method])),
            (miss, np.flatnonzero(~covers[method])),
        ):
            assert list(trace.y) == list(rows + 1)
            assert list(trace.x) == list(wins[rows] / games)
            assert (
                np.asarray(trace.customdata).tolist()
                == np.column_stack([wins[rows], low[rows], high[rows]]).tolist()
            )
    if games > 100_000:
        return  # stats.coverage holds at most MAX_COVERAGE_CELLS rates x (games + 1)
    rates = np.linspace(0, 1, 21)
    curves = {m: stats.coverage(games, rates, m, confidence) for m in stats.METHODS}
    exact = {m: float(stats.coverage(games, [rate], m, confidence)[0]) for m in stats.METHODS}
    by_rate = plots.coverage_by_rate_figure(rates, curves, confidence, games, rate, exact).data
    grid = [1, 2, 5, games]
    by_games = {
        m: [float(stats.coverage(g, [rate], m, confidence)[0]) for g in grid] for m in stats.METHODS
    }
    by_g = plots.coverage_by_games_figure(grid, by_games, confidence, rate, games, exact).data
    for index, method in enumerate(stats.METHODS):
        assert list(by_rate[index].y) == list(curves[method])
        assert list(by_g[index].y) == by_games[method]
    rings = len(stats.METHODS) + 1  # after the curves and the nominal line
    assert list(by_rate[rings].y) == [exact[m] for m in stats.METHODS]


# ----- play: solver, endgames, tournaments --------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_game_figures_draw_every_presets_solution(name: str) -> None:
    from liarsdice.solver import bluff_rates, solve

    solution = solve(ld.PRESETS[name], (1, 1), faces=3)
    hands, actions, probabilities = solution.strategy.table(())
    heat = plots.strategy_figure(solution.strategy).data[0]
    assert np.asarray(heat.z).tolist() == np.asarray(probabilities).tolist()
    assert len(heat.y) == len(hands) and len(heat.x) == len(actions)
    rates = {f"player {p}": bluff_rates(solution.strategy, p) for p in (0, 1)}
    bars = plots.bluff_figure(rates).data
    for trace, shares in zip(bars, rates.values()):
        assert list(trace.y) == list(shares.values())


@pytest.mark.parametrize("name", PRESETS)
def test_endgame_figure_draws_every_presets_endgame(name: str) -> None:
    from liarsdice.solver.endgame import endgame_rules, solve_endgame

    endgame = solve_endgame(endgame_rules(name), faces=3, max_dice=3)
    figure = plots.endgame_figure([endgame])
    drawn = 0
    for opener, trace in enumerate(figure.data):
        for state, solved in endgame.states.items():
            if state.opener == opener and not state.palifico:
                a, b = state.dice
                assert trace.z[a - 1][b - 1] == solved.p_win
                drawn += 1
    assert drawn > 0


@pytest.mark.parametrize("name", PRESETS)
def test_tournament_figure_draws_every_presets_results(name: str) -> None:
    result = ld.tournament.tournament(
        [ThresholdBot(), RandomBot()], games=6, rules=name, progress=False
    )
    bar = plots.tournament_figure(result.names, result.win_rates, result.intervals, 0.5).data[0]
    assert list(bar.y) == list(result.win_rates)
    for i, (low, high) in enumerate(result.intervals):
        assert math.isclose(bar.error_y.array[i], high - result.win_rates[i])
        assert math.isclose(bar.error_y.arrayminus[i], result.win_rates[i] - low)


# ----- what the core never returns is still refused ----------------------------------------------


@pytest.mark.parametrize(
    "loss", [math.nan, math.inf, -math.inf, MAX_LOSS + 1, MIN_LOSS - 0.01, "1", True]
)
def test_challenge_loss_figure_refuses_what_challenge_cost_never_returns(loss: Any) -> None:
    with pytest.raises(ValueError, match="challenger"):  # ArgumentTypeError is a ValueError
        plots.challenge_loss_figure([1], {"x": [loss]}, {"x": [0.5]})
    with pytest.raises(ValueError, match="bidder"):
        plots.challenge_loss_figure([1], {"x": [0.5]}, {"x": [loss]})


def test_the_widest_loss_is_drawn() -> None:
    fig = plots.challenge_loss_figure([1], {"x": [MIN_LOSS]}, {"x": [MAX_LOSS]})
    assert list(fig.data[0].y) == [MIN_LOSS] and list(fig.data[1].y) == [MAX_LOSS]


def test_intervals_figure_refuses_more_games_than_stats_takes() -> None:
    with pytest.raises(ValueError, match=str(stats.MAX_COUNT + 1)):
        plots.intervals_figure(
            0.5, stats.MAX_COUNT + 1, [1], {"wilson": ([0], [1])}, {"wilson": [True]}
        )
