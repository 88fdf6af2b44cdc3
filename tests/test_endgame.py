"""Endgames solved as whole games: transitions, Shapley's iteration, values against the LP."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.solver import LIAR, SmallGame, lp_solution, lp_value, solve_game
from liarsdice.solver.endgame import (
    EndgameState,
    endgame_states,
    next_state,
    shapley,
    solve_endgame,
)

PERUDO = preset("perudo", calza=False)
PRESETS = ("blef", "bluff", "bluff_original", "liars_dice_endless", "openspiel", PERUDO)


@pytest.fixture(scope="module")
def small_endgames():
    """Every preset's endgame at three faces, exact (LP) values."""
    return {str(rules): solve_endgame(rules, faces=3) for rules in PRESETS}


# ----- transitions ------------------------------------------------------------------------------


def test_after_follows_each_rule_sets_settlement():
    two_one = EndgameState((2, 1), opener=0)
    # Blef: a bid short by two costs the bidder two dice: seat 0 is out.
    assert next_state("blef", two_one, 0, Bid(3, 5), 1) == -1.0
    # Blef: short by one: seat 0 keeps a die; the winner (the challenger, seat 1) opens.
    assert next_state("blef", two_one, 0, Bid(2, 5), 1) == EndgameState((1, 1), 1)
    # Blef's exact count: every player but the bidder loses a die: seat 1 is out.
    assert next_state("blef", two_one, 0, Bid(2, 5), 2) == 1.0
    # Bluff's exact count: the challenger gives the bidder a die; the bidder (winner) opens.
    assert next_state("bluff", EndgameState((1, 2), 1), 0, Bid(2, 5), 2) == EndgameState((2, 1), 0)
    # Perudo: seat 0 drops to one die for the first time: a palifico round it opens.
    assert next_state(PERUDO, two_one, 1, Bid(3, 5), 3) == EndgameState((1, 1), 0, True)
    # ... but a seat already at one die opens no new palifico round; the loser opens.
    state = EndgameState((1, 2), opener=1)
    assert next_state(PERUDO, state, 1, Bid(3, 5), 1) == EndgameState((1, 1), 1, True)
    assert next_state(PERUDO, EndgameState((1, 1), 0, True), 0, Bid(1, 2), 0) == 1.0 * -1
    # OpenSpiel's single round: the round's winner wins the game.
    assert next_state("openspiel", EndgameState((1, 1)), 0, Bid(1, 3), 1) == 1.0


def test_endgame_rules_leave_calza_out_and_keep_the_rest():
    from liarsdice.solver import endgame_rules

    assert endgame_rules("perudo") == PERUDO
    assert endgame_rules("blef") == preset("blef")
    with pytest.raises(ValueError, match="show-and-reroll"):
        endgame_rules(preset("perudo", show_and_reroll=True))


def test_states_cover_every_split_opener_and_palifico_round():
    assert len(endgame_states("blef")) == 6  # 1v1, 1v2, 2v1, two openers each
    assert len(endgame_states("openspiel")) == 2  # one die each at the start
    states = endgame_states(PERUDO)
    assert EndgameState((1, 2), 0, True) in states
    assert all(s.dice[s.opener] == 1 for s in states if s.palifico)  # who dropped to one opens
    assert len(states) == 10
    assert [sum(s.dice) for s in states] == sorted(sum(s.dice) for s in states)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("perudo", "calza"),
        (preset("blef", show_and_reroll=True), "show-and-reroll"),
        (preset("bluff", palifico=True), "palifico"),
    ],
)
def test_rules_the_endgame_cannot_close_are_refused(rules, message):
    with pytest.raises(ValueError, match=message):
        solve_endgame(rules, faces=2)


def test_bad_states_are_refused():
    with pytest.raises(ValueError, match="palifico"):
        EndgameState((2, 1), opener=0, palifico=True)
    with pytest.raises(ValueError, match="dice"):
        EndgameState((0, 1))
    with pytest.raises(TypeError, match="dice"):
        EndgameState("21")
    with pytest.raises(ValueError, match="palifico"):
        EndgameState((1, 1), palifico="yes")


# ----- the round game with payoffs from the game after -------------------------------------------


def test_default_payoff_is_the_single_round():
    plain = SmallGame("blef", (1, 2), 3)
    explicit = SmallGame(
        "blef",
        (1, 2),
        3,
        payoff=lambda bidder, bid, count: 1.0 if (count >= bid.quantity) == (bidder == 0) else -1,
    )
    assert plain.same_game(explicit)
    assert lp_value(plain) == pytest.approx(lp_value(explicit), abs=1e-12)


def test_payoffs_scale_the_value():
    # Halving every payoff halves the value; a constant payoff is the game's value.
    half = SmallGame(
        "blef", (1, 1), 3, payoff=lambda b, bid, c: 0.5 if (c >= bid.quantity) == (b == 0) else -0.5
    )
    assert lp_value(half) == pytest.approx(lp_value(SmallGame("blef", (1, 1), 3)) / 2, abs=1e-12)
    assert lp_value(SmallGame("blef", (1, 2), 3, payoff=lambda b, bid, c: 0.25)) == pytest.approx(
        0.25, abs=1e-12
    )


@pytest.mark.parametrize(
    ("payoff", "message"),
    [(lambda b, bid, c: 2.0, r"-1.0..1.0"), (lambda b, bid, c: 1 / 0, "raised"), ("x", "function")],
)
def test_bad_payoffs_are_refused(payoff, message):
    with pytest.raises(ValueError, match=message):
        SmallGame("blef", (1, 1), 3, payoff=payoff)


def test_palifico_round_keeps_the_face_for_a_player_with_more_than_one_die():
    game = SmallGame(PERUDO, (2, 1), 3, palifico=True)
    # The one-die player may change the face ...
    after_open = game.legal_actions(["1x2"])
    assert Bid(1, 3) in after_open and Bid(2, 1) in after_open
    # ... the two-dice player must keep it.
    assert game.legal_actions(["1x2", "1x3"]) == [Bid(2, 3), Bid(3, 3), LIAR]
    with pytest.raises(ValueError, match="keeps the face"):
        game.node(["1x2", "1x3", "2x2"])
    # Aces are plain: one ace matches one ace only.
    assert game.bid_truth_probability(0, (1, 1), "2x1") == 1.0
    assert game.bid_truth_probability(1, (2,), "1x1") == pytest.approx(1 - (2 / 3) ** 2)


def test_lp_solution_is_an_equilibrium_of_general_games():
    for game in (
        SmallGame("blef", (1, 2), 3),
        SmallGame(PERUDO, (2, 1), 3, palifico=True),
        SmallGame("bluff", (1, 2), 3, payoff=lambda b, bid, c: 0.3 if c == bid.quantity else -0.6),
    ):
        solution = lp_solution(game)
        assert solution.nash_conv < 1e-9
        assert solution.value == pytest.approx(lp_value(game), abs=1e-12)
        assert game.expected_value(solution.strategy) == pytest.approx(solution.value, abs=1e-9)
        cfr = solve_game(game, tolerance=1e-4)
        assert abs(cfr.value - solution.value) <= cfr.nash_conv


# ----- the values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "published"),
    [("blef", Fraction(-7, 258)), ("openspiel", Fraction(-7, 258)), (PERUDO, Fraction(-1, 18))],
)
def test_one_die_each_is_the_published_single_round_value(rules, published):
    endgame = solve_endgame(rules, faces=6, max_dice=2)
    assert endgame.value((1, 1), opener=0) == pytest.approx(float(published), abs=1e-9)
    assert endgame.value((1, 1), opener=1) == pytest.approx(-float(published), abs=1e-9)
    assert all(s.exact for s in endgame.states.values())


def test_three_dice_states_by_cfr_agree_with_the_lp(small_endgames):
    for rules in ("blef", PERUDO):
        lp = small_endgames[str(rules)]
        cfr = solve_endgame(rules, faces=3, exact=False, tolerance=1e-6)
        for state, solved in cfr.states.items():
            assert not solved.exact and solved.solution.nash_conv <= 1e-5
            assert solved.value == pytest.approx(lp.states[state].value, abs=1e-6), state


def test_values_are_antisymmetric(small_endgames):
    for endgame in small_endgames.values():
        for state, solved in endgame.states.items():
            assert solved.value == pytest.approx(-endgame.states[state.swapped].value, abs=1e-9)
            assert 0.0 <= solved.p_win <= 1.0


def test_more_dice_are_worth_more(small_endgames):
    for endgame in small_endgames.values():
        if endgame.rules.single_round:
            continue
        for opener in (0, 1):
            assert endgame.p_win((2, 1), opener) > 0.5 > endgame.p_win((1, 2), opener)


def test_each_round_is_an_equilibrium_of_its_successors_values(small_endgames):
    # Re-solving any state's round with the solved values gives the same value: a fixed point.
    for endgame in small_endgames.values():
        for state, solved in endgame.states.items():
            game = solved.solution.game
            assert solved.solution.nash_conv < 1e-9
            sign = 1.0 if state.opener == 0 else -1.0
            for bidder in (0, 1):
                seat = state.opener if bidder == 0 else 1 - state.opener
                for i, bid in enumerate(game.bids):
                    for count in range(sum(state.dice) + 1):
                        nxt = next_state(endgame.rules, state, seat, bid, count)
                        want = nxt if isinstance(nxt, float) else endgame.states[nxt].value
                        assert game.payoff_table[bidder, i, count] == pytest.approx(sign * want)


def test_bluff_cycles_are_solved_by_shapley_iteration(small_endgames):
    bluff = small_endgames["bluff"]
    assert bluff.cyclic and bluff.sweeps > 2 and "Shapley" in bluff.notes[0]
    assert not small_endgames["blef"].cyclic
    # The original Bluff (no exact-count transfer) has no cycle, and different values.
    original = small_endgames["bluff_original"]
    assert bluff.value((1, 2), 0) != pytest.approx(original.value((1, 2), 0), abs=1e-3)


def test_opening_is_a_distribution_over_opening_bids(small_endgames):
    for endgame in small_endgames.values():
        for state in endgame.states:
            opening = endgame.opening(state.dice, state.opener, state.palifico)
            assert sum(opening.values()) == pytest.approx(1.0)
        assert len(endgame.table()) == len(endgame.states)
    with pytest.raises(ValueError, match="not in this endgame"):
        small_endgames["openspiel"].value((1, 2))


# ----- Shapley's iteration ----------------------------------------------------------------------


def _value_2x2(m: np.ndarray) -> float:
    """The value of a 2 x 2 zero-sum matrix game (row player maximises), by hand."""
    lower = max(min(m[0]), min(m[1]))
    upper = min(max(m[:, 0]), max(m[:, 1]))
    if lower == upper:  # a saddle point
        return lower
    return (m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]) / (m[0, 0] + m[1, 1] - m[0, 1] - m[1, 0])


def test_shapley_iteration_solves_a_tiny_stochastic_game_by_hand():
    # One state; its round is the matrix [[v/2, 1], [1, -1]]: at (top, left) the game restarts
    # with half the stakes. Without a saddle point v = (v/2 + 1) / (3 - v/2), so with u = v/2:
    # 2u^2 - 5u + 1 = 0 and v = (5 - sqrt(17)) / 2.
    def update(values):
        v = values["s"]
        return {"s": _value_2x2(np.array([[v / 2, 1.0], [1.0, -1.0]]))}

    values, sweeps, change = shapley(update, {"s": 0.0}, tolerance=1e-13)
    assert values["s"] == pytest.approx((5 - math.sqrt(17)) / 2, abs=1e-12)
    assert sweeps > 3 and change <= 1e-13


def test_shapley_iteration_refuses_what_does_not_converge():
    with pytest.raises(ValueError, match="did not converge"):
        shapley(lambda v: {"s": v["s"] + 1.0}, {"s": 0.0}, max_sweeps=5)
    with pytest.raises(ValueError, match="other states"):
        shapley(lambda v: {"t": 0.0}, {"s": 0.0})
    with pytest.raises(TypeError, match="function"):
        shapley("update", {"s": 0.0})


# ----- the figure -------------------------------------------------------------------------------


def test_endgame_figure_shows_each_p_win(small_endgames):
    from liarsdice.plots import endgame_figure

    endgames = [small_endgames["blef"], small_endgames[str(PERUDO)]]
    figure = endgame_figure(endgames)
    assert len(figure.data) == 4  # two rule sets, two openers
    for column, endgame in enumerate(endgames):
        for opener in (0, 1):
            trace = figure.data[2 * column + opener]
            for state, solved in endgame.states.items():
                if state.opener == opener and not state.palifico:
                    a, b = state.dice
                    assert trace.z[a - 1][b - 1] == solved.p_win
                    assert trace.text[a - 1][b - 1] == f"{solved.p_win:.1%}"
            assert math.isnan(trace.z[1][1])  # 2 v 2 is beyond three dice
    with pytest.raises(TypeError, match="not an Endgame"):
        endgame_figure(["blef"])
    with pytest.raises(ValueError, match="at least one"):
        endgame_figure([])


# ----- against the engine -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        preset("blef", dice=2),
        preset("bluff", dice=2),
        preset("liars_dice_endless", dice=2),
        preset("perudo", dice=2, calza=False),
        preset("perudo", dice=3, calza=False),
    ],
    ids=["blef", "bluff", "liars_dice_endless", "perudo", "perudo-3"],
)
def test_next_state_is_where_the_engine_goes(rules):
    # Random games of the engine: every challenge at three dice or fewer must lead where
    # next_state says (dice, opener, palifico round), or end the game as it says.
    from liarsdice.engine import Game
    from liarsdice.solver import endgame_of

    rng = np.random.default_rng(7)
    checked = 0
    for seed in range(150):
        game = Game(rules, 2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            legal = game.legal_actions()
            found = endgame_of(view)
            bids = [a for a in legal if isinstance(a, Bid)][:4]  # the lowest raises
            challenge = LIAR in legal and (not bids or rng.random() < 0.5)
            action = LIAR if challenge else bids[int(rng.integers(len(bids)))]
            if found is None or action != LIAR:
                game.apply(action)
                continue
            state = found[0]
            bid, bidder = game.previous, 1 - seat
            count = rules.count([d for hand in game.hands for d in hand], bid.face, game.palifico)
            expected = next_state(rules, state, bidder, bid, count)
            game.apply(action)
            if isinstance(expected, float):
                assert game.is_over and game.winner == (0 if expected > 0 else 1)
            else:
                assert not game.is_over
                assert (game.dice, game.current_player, game.palifico) == (
                    expected.dice,
                    expected.opener,
                    expected.palifico,
                )
            checked += 1
    assert checked > 150
