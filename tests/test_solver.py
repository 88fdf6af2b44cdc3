"""Tests of liarsdice.solver: published values, a hand-solved tiny game, brute force, sizes."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import liarsdice as ld
from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.errors import IllegalBidError
from liarsdice.solver import (
    LIAR,
    CFRPlus,
    SmallGame,
    Strategy,
    bluff_rates,
    game_value,
    nash_conv,
    solve,
)

OPENSPIEL = ld.preset("openspiel")

# ----- published values (OpenSpiel's liars_dice, one die each) -------------------------------


def test_tree_sizes_match_openspiel():
    game = SmallGame(OPENSPIEL, (1, 1))
    assert game.n_terminal_histories == 147_420
    assert game.n_information_states == 24_576


def test_uniform_random_nash_conv_matches_openspiel():
    game = SmallGame(OPENSPIEL, (1, 1))
    assert nash_conv(Strategy.uniform(game)) == pytest.approx(1.561488646384479, abs=1e-12)


@pytest.fixture(scope="module")
def solved() -> ld.solver.Solution:
    return solve(OPENSPIEL, (1, 1), tolerance=1e-4)


def test_cfr_plus_reaches_the_published_value(solved):
    assert solved.nash_conv < 1e-4
    assert solved.value == pytest.approx(-7 / 258, abs=1e-4)
    # Recomputed independently of the solver's own check.
    assert solved.game.nash_conv(solved.strategy) == pytest.approx(solved.nash_conv)


def test_linear_program_gives_the_exact_value():
    pytest.importorskip("scipy")
    value = game_value(OPENSPIEL, (1, 1))
    assert value == pytest.approx(-7 / 258, abs=1e-9)
    assert Fraction(value).limit_denominator(1000) == Fraction(-7, 258)


def test_blef_ladder_gives_the_same_game_with_one_die_each():
    pytest.importorskip("scipy")
    blef = ld.preset("blef", dice=1, single_round=True)
    assert [b.quantity for b in SmallGame(blef).bids] == [1] * 6 + [2] * 6
    assert game_value(blef, (1, 1)) == pytest.approx(-7 / 258, abs=1e-9)


def test_perudo_ladder_value_is_minus_one_eighteenth():
    # Perudo puts 1 ace above 2 sixes (k aces between 2k and 2k+1 plain), a different game from
    # the board's. Its value is -1/18 whether or not the opener may bid aces: opening on
    # 1 ace never pays here, so the preset's open_on_wild=False changes nothing.
    pytest.importorskip("scipy")
    perudo = ld.preset("perudo")
    assert game_value(perudo, (1, 1)) == pytest.approx(-1 / 18, abs=1e-9)
    assert game_value(ld.preset("perudo", open_on_wild=True)) == pytest.approx(-1 / 18, abs=1e-9)
    assert SmallGame(perudo).n_histories == 4096 - 3  # no history opens on 1 ace or 2 aces


# ----- the tiny game, solved by hand ---------------------------------------------------------
# One 2-sided die each (OpenSpiel preset: faces 1 and 6, the 6 a wild star). The bids, in order:
# 1x1 and 2x1 are always true (every die counts as a 1); 1x6 needs a star; 2x6 needs two.


def _sigma0(hand, history):
    """Player 0: always open 1x6; raise a plain bid to the lowest raise; challenge a star bid."""
    if not history:
        return {Bid(1, 6): 1.0}
    if history[-1].face == 6 or history[-1] == Bid(2, 6):
        return {LIAR: 1.0}
    return {Bid(2, 6): 1.0}


def _sigma1(hand, history):
    """Player 1: holding a 1, challenge a star bid; otherwise make the lowest raise, or challenge."""
    raises = [b for b in SmallGame(OPENSPIEL, faces=2).bids if OPENSPIEL.is_raise(history[-1], b)]
    if (hand == (1,) and history[-1].face == 6) or not raises:
        return {LIAR: 1.0}
    return {raises[0]: 1.0}


def _profile(hand, history):
    return (_sigma0 if len(history) % 2 == 0 else _sigma1)(hand, history)


def test_best_responses_in_the_tiny_game_match_the_hand_solution():
    game = SmallGame(OPENSPIEL, (1, 1), faces=2)
    assert game.die_faces == (1, 6)
    strategy = Strategy.from_policy(game, _profile)
    # Player 1 against 1x6: holding a 1, raise to 2x1 (player 0 must go to 2x6, which is false):
    # +1. Holding a star, every action is worth 0. So 1/2.
    assert game.best_response_value(strategy, 1) == pytest.approx(0.5)
    # Player 0 against sigma1: with a 1, open 2x1 (player 1 raises to 2x6, false): +1; with a
    # star, open 1x6 (a 1 challenges and loses; a star raises to 2x1, then 2x6 is true): +1.
    assert game.best_response_value(strategy, 0) == pytest.approx(1.0)
    assert game.nash_conv(strategy) == pytest.approx(1.5)
    assert game.expected_value(strategy) == pytest.approx(0.0)
    response = game.best_response(strategy, 1)
    assert game.expected_value(response) == pytest.approx(-0.5)
    assert response.action_probabilities((1,), [Bid(1, 6)])[Bid(2, 1)] == 1.0


# ----- brute force: an independent recursive best response on explicit rolls ---------------


def _brute_best_response(game: SmallGame, strategy: Strategy, player: int) -> float:
    """Return the player's best-response value by recursion over histories and ordered rolls."""
    rules, other = game.rules, 1 - player
    bids = [b for b in rules.ladder(sum(game.dice)) if b.face in game.die_faces]
    faces = game.die_faces
    rolls = [list(itertools.product(faces, repeat=n)) for n in game.dice]

    def legal(history):
        previous = history[-1] if history else None
        return [b for b in bids if rules.is_raise(previous, b)] + ([LIAR] if history else [])

    def value(mine, history, weights):
        """Value for `mine` given {their roll: chance x their reach}."""
        if history and history[-1] == LIAR:
            bid, bidder = history[-2], (len(history) - 2) % 2
            total = 0.0
            for theirs, w in weights.items():
                true = rules.count(mine + theirs, bid.face) >= bid.quantity
                total += w * (1 if true == (bidder == player) else -1)
            return total
        if len(history) % 2 == player:
            return max(value(mine, (*history, a), weights) for a in legal(history))
        total = 0.0
        for action in legal(history):
            bids_so_far = list(history)
            moved = {
                t: w * strategy.action_probabilities(t, bids_so_far)[action]
                for t, w in weights.items()
            }
            total += value(mine, (*history, action), moved)
        return total

    p = 1 / len(rolls[other])
    return sum(value(m, (), dict.fromkeys(rolls[other], p)) for m in rolls[player]) / len(
        rolls[player]
    )


def _random_strategy(game: SmallGame, seed: int) -> Strategy:
    rng = np.random.default_rng(seed)

    def policy(hand, history):
        actions = game.legal_actions(history)
        p = rng.dirichlet(np.ones(len(actions)))
        return dict(zip(actions, p))

    return Strategy.from_policy(game, policy)


@pytest.mark.parametrize(
    ("name", "dice", "faces"),
    [("openspiel", (1, 1), 3), ("blef", (1, 2), 2), ("perudo", (2, 1), 2), ("perudo", (1, 1), 3)],
)
def test_best_response_matches_brute_force(name, dice, faces):
    game = SmallGame(ld.preset(name), dice, faces)
    strategy = _random_strategy(game, seed=sum(dice) * faces)
    for player in (0, 1):
        assert game.best_response_value(strategy, player) == pytest.approx(
            _brute_best_response(game, strategy, player), abs=1e-12
        )


# ----- CFR+ against the LP on every ladder and split ----------------------------------------


@pytest.mark.parametrize(
    ("name", "dice"),
    [("blef", (1, 1)), ("perudo", (1, 2)), ("openspiel", (2, 1)), ("bluff", (1, 2))],
)
def test_cfr_plus_agrees_with_the_linear_program(name, dice):
    pytest.importorskip("scipy")
    solution = solve(ld.preset(name), dice, faces=3, tolerance=1e-4, exact=True)
    assert solution.nash_conv <= 1e-4
    # An eps-equilibrium's value is within NashConv of the game value.
    assert abs(solution.value - solution.exact_value) <= solution.nash_conv


def test_cfr_plus_beats_the_uniform_strategy_quickly():
    game = SmallGame(ld.preset("blef"), (1, 1), faces=3)
    solver = CFRPlus(game)
    solver.iterate(20)
    assert nash_conv(solver.average_strategy()) < nash_conv(Strategy.uniform(game)) / 10


# ----- looking a strategy up ----------------------------------------------------------------


def test_action_probabilities_cover_the_legal_actions(solved):
    opening = solved.action_probabilities((3,))
    assert LIAR not in opening
    assert list(opening) == list(solved.game.bids)  # OpenSpiel may open on any bid
    assert sum(opening.values()) == pytest.approx(1.0)
    reply = solved.action_probabilities([6], ["1x2", Bid(1, 5)])
    assert list(reply)[-1] == LIAR
    assert list(reply)[:-1] == solved.game.legal_actions(["1x2", "1x5"])[:-1]
    assert sum(reply.values()) == pytest.approx(1.0)
    # With a star, the challenge of 1 five can only lose.
    assert reply[LIAR] < 1e-3


def test_two_dice_hands_are_multisets():
    game = SmallGame(OPENSPIEL, (1, 2), faces=3)
    assert len(game.hands[1]) == 6
    assert game.chance[1].sum() == pytest.approx(1.0)
    strategy = Strategy.uniform(game)
    assert strategy.action_probabilities((6, 1), ["1x1"]) == strategy.action_probabilities(
        (1, 6), ["1x1"]
    )


def test_lookups_reject_bad_histories_and_hands(solved):
    with pytest.raises(IllegalBidError, match="not a raise"):
        solved.action_probabilities((1,), ["1x5", "1x2"])
    with pytest.raises(IllegalBidError, match="not in this game"):
        solved.action_probabilities((1,), ["3x5"])
    with pytest.raises(ValueError, match="hand"):
        solved.action_probabilities((1, 2), [])
    with pytest.raises(IllegalBidError, match="wild"):
        SmallGame(ld.preset("perudo")).legal_actions(["1x1"])


def test_from_policy_rejects_bad_policies():
    game = SmallGame(OPENSPIEL, faces=2)
    with pytest.raises(ValueError, match="sum to"):
        Strategy.from_policy(game, lambda hand, history: {game.legal_actions(history)[0]: 0.5})
    with pytest.raises(ValueError, match="illegal"):
        Strategy.from_policy(game, lambda hand, history: {LIAR: 1.0})


def test_bluff_rates_are_shares(solved):
    for player in (0, 1):
        rates = bluff_rates(solved.strategy, player)
        assert set(rates) == set(solved.game.hands[player])
        assert all(0.0 <= r <= 1.0 for r in rates.values())


def test_bluff_rates_in_the_tiny_game():
    game = SmallGame(OPENSPIEL, (1, 1), faces=2)
    strategy = Strategy.from_policy(game, _profile)
    # Holding a 1, player 0 opens 1x6 (P(true) = 1/2: no bluff) and, when player 1 holds a star
    # (half the time), later bids 2x6 (P(true) = 0: a bluff): 1/2 bluff in 3/2 bids.
    assert bluff_rates(strategy, 0) == pytest.approx({(1,): 1 / 3, (6,): 0.0})
    # Player 1 only ever bids 2x1, which is always true.
    assert bluff_rates(strategy, 1) == pytest.approx({(1,): 0.0, (6,): 0.0})


# ----- sizes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "faces", "message"),
    [
        ((1,), 6, "two players"),
        ((1, 1, 1), 6, "two players"),
        ((0, 1), 6, ">= 1"),
        ((2, 2), 6, "at most 3"),
        ((30, 30), 6, "at most 3"),
        ((1, 1), 1, "faces"),
        ((1, 1), 7, "faces"),
        (3, 6, "dice of both players"),
    ],
)
def test_bad_sizes_raise_before_any_work(dice, faces, message):
    with pytest.raises(ValueError, match=message):
        solve(OPENSPIEL, dice, faces=faces)
    with pytest.raises(ValueError, match=message):
        game_value(OPENSPIEL, dice, faces=faces)


def test_linear_program_refuses_a_tree_too_large():
    with pytest.raises(ValueError, match="linear program"):
        game_value(OPENSPIEL, (1, 2))
    with pytest.raises(ValueError, match="linear program"):
        solve(OPENSPIEL, (2, 1), exact=True)


def test_missing_scipy_gives_a_clear_error(monkeypatch):
    for name in [m for m in sys.modules if m == "scipy" or m.startswith("scipy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "scipy", None)
    with pytest.raises(ImportError, match="pip install scipy"):
        game_value(OPENSPIEL, (1, 1), faces=2)


def test_importing_the_package_does_not_import_scipy():
    code = "import sys, liarsdice; assert 'scipy' not in sys.modules, 'scipy imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_figures_of_the_strategy(solved):
    heatmap = ld.plots.strategy_figure(solved.strategy, history=["1x5"])
    assert heatmap.data[0].z.shape == (6, len(solved.game.legal_actions(["1x5"])))
    bars = ld.plots.bluff_figure({"player 0": bluff_rates(solved.strategy, 0)})
    assert list(bars.data[0].x) == [str(f) for f in range(1, 7)]


def test_a_solution_pickles(solved) -> None:
    import pickle

    loaded = pickle.loads(pickle.dumps(solved))
    assert loaded.value == solved.value and loaded.nash_conv == solved.nash_conv
    assert loaded.action_probabilities((3,), ["1x5"]) == solved.action_probabilities((3,), ["1x5"])
    assert loaded.game.nash_conv(loaded.strategy) == pytest.approx(solved.nash_conv, abs=1e-12)


# ----- issue 14: every entry point refuses bad input, quickly and clearly ---------------------

TINY = SmallGame(OPENSPIEL, (1, 1), faces=2)


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        (dict(check_every=0), ValueError, "check_every=0"),  # looped forever
        (dict(check_every=-1), ValueError, "check_every=-1"),
        (dict(check_every=2.5), ld.errors.ArgumentTypeError, "check_every=2.5"),
        (dict(check_every=None), ld.errors.ArgumentTypeError, "check_every=None"),
        (dict(tolerance=float("nan")), ValueError, "tolerance=nan"),  # ran 10,000 iterations
        (dict(tolerance=float("inf")), ValueError, "tolerance=inf"),
        (dict(tolerance=-1), ValueError, "tolerance=-1"),
        (dict(tolerance="0.1"), ld.errors.ArgumentTypeError, "tolerance='0.1'"),
        (dict(tolerance=True), ld.errors.ArgumentTypeError, "tolerance=True"),
        (dict(max_iterations=0), ValueError, "max_iterations=0"),
        (dict(max_iterations=10**5000), ValueError, "max_iterations=<int of about"),
        (dict(max_iterations=float("inf")), ld.errors.ArgumentTypeError, "max_iterations=inf"),
        (dict(max_iterations=True), ld.errors.ArgumentTypeError, "max_iterations=True"),
        (dict(exact="yes"), ld.errors.ArgumentTypeError, "exact='yes'"),
        (dict(exact=1), ld.errors.ArgumentTypeError, "exact=1"),
        (dict(faces=2.5), ld.errors.ArgumentTypeError, "faces=2.5"),
        (dict(faces=10**5000), ValueError, "faces=<int of about"),
        (dict(dice=[10**5000, 1]), ValueError, "dice=<list of"),
        (dict(dice="11"), ld.errors.ArgumentTypeError, "dice='11'"),
        (dict(dice=None), ld.errors.ArgumentTypeError, "dice=None"),
        (dict(dice=range(10**12)), ValueError, "dice=range(0, 1000000000000)"),
        (dict(dice=itertools.count()), ValueError, "dice=count("),
    ],
)
def test_solve_refuses_bad_settings_before_any_work(kwargs, error, quoted) -> None:
    arguments = dict(dice=(1, 1), faces=2) | kwargs
    with pytest.raises(error) as info:
        solve(OPENSPIEL, **arguments)
    assert quoted in str(info.value)


def test_solve_refuses_more_work_than_max_work() -> None:
    from liarsdice.solver.cfr import MAX_WORK

    states = SmallGame(OPENSPIEL, (1, 2)).n_information_states  # six faces: 3,538,944
    with pytest.raises(ValueError, match=r"max_iterations=10000: .*MAX_WORK") as info:
        solve(OPENSPIEL, (1, 2), max_iterations=10_000)  # a few minutes: refused up front
    assert f"at most {MAX_WORK // states:,} iterations" in str(info.value)
    with pytest.raises(ValueError, match="iterations=1000000"):
        CFRPlus(SmallGame(OPENSPIEL)).iterate(1_000_000)


def test_zero_tolerance_still_runs_every_iteration() -> None:
    solution = solve(OPENSPIEL, (1, 1), faces=2, tolerance=0, max_iterations=30, check_every=7)
    assert solution.iterations == 30


@pytest.mark.parametrize("rules", [None, 5, "poker"])
def test_bad_rules_are_refused_quoting_them(rules) -> None:
    for function in (solve, game_value, SmallGame, ld.solver.die_faces):
        with pytest.raises(ValueError) as info:
            function(rules)
        assert repr(rules) in str(info.value)


def test_a_preset_name_is_taken_for_rules() -> None:
    assert SmallGame("openspiel", faces=2).n_histories == TINY.n_histories


@pytest.mark.parametrize("strategy", [None, 5, "x", TINY])
def test_strategy_arguments_of_the_wrong_kind(strategy) -> None:
    for function in (nash_conv, TINY.nash_conv, TINY.expected_value):
        with pytest.raises(ld.errors.ArgumentTypeError, match="strategy="):
            function(strategy)
    with pytest.raises(ld.errors.ArgumentTypeError, match="strategy="):
        bluff_rates(strategy, 0)


def test_a_strategy_of_another_game_is_refused() -> None:
    other = Strategy.uniform(SmallGame(OPENSPIEL, (1, 1), faces=3))
    with pytest.raises(ValueError, match="another game"):
        TINY.nash_conv(other)
    again = SmallGame(TINY.rules, TINY.dice, faces=TINY.faces)  # an equal game, built again
    assert again.nash_conv(Strategy.uniform(TINY)) == TINY.nash_conv(Strategy.uniform(TINY))


@pytest.mark.parametrize("player", [2, -1, 0.5, True, "0", None, 10**5000], ids=quote)
def test_players_are_0_or_1(player) -> None:
    strategy = Strategy.uniform(TINY)
    for call in (
        lambda: bluff_rates(strategy, player),
        lambda: TINY.best_response(strategy, player),
        lambda: TINY.best_response_value(strategy, player),
        lambda: TINY.hand_index(player, (1,)),
        lambda: TINY.bid_truth_probability(player, (1,), "1x6"),
    ):
        with pytest.raises(ValueError, match="player="):
            call()


@pytest.mark.parametrize(
    ("hand", "quoted"),
    [
        (None, "None"),
        (1, "1"),
        ("1", "'1'"),
        ([[1]], "[1]"),
        ((float("nan"),), "nan"),
        ((10**5000,), "<int of about"),
        ((7,), "7"),
        ((1, 1), "(1, 1)"),
    ],
)
def test_bad_hands_are_refused_quoting_them(hand, quoted) -> None:
    with pytest.raises(ValueError) as info:
        Strategy.uniform(TINY).action_probabilities(hand)
    assert quoted in str(info.value)


@pytest.mark.parametrize(
    ("history", "error"),
    [(None, ld.errors.ArgumentTypeError), ("1x1", ld.errors.ArgumentTypeError),
     (["9" * 5000 + "x1"], ValueError), (["1x1", "1x6", "2x1", "2x6", "2x6"], IllegalBidError)],
)  # fmt: skip
def test_bad_histories_are_refused(history, error) -> None:
    with pytest.raises(error) as info:
        TINY.legal_actions(history)
    assert "integer string conversion" not in str(info.value)


def test_a_bid_outside_the_game_is_an_illegal_bid_not_a_key_error() -> None:
    with pytest.raises(IllegalBidError, match="bid='5x5': not in this game"):
        TINY.bid_truth_probability(0, (1,), "5x5")


@pytest.mark.parametrize(
    ("liar", "words"),
    [
        (lambda s: s.liar[:-1], "arrays, one per level"),
        (lambda s: (s.liar[0], np.zeros((3, 3)), *s.liar[2:]), "expected shape"),
        (lambda s: (s.liar[0], np.full_like(s.liar[1], np.nan), *s.liar[2:]), "[0, 1]"),
        (lambda s: (s.liar[0], s.liar[1] - 1, *s.liar[2:]), "[0, 1]"),
        (lambda s: None, "liar=None"),
    ],
)
def test_strategies_built_by_hand_are_checked(liar, words) -> None:
    uniform = Strategy.uniform(TINY)
    with pytest.raises(ValueError, match=re.escape(words)):
        Strategy(TINY, liar(uniform), uniform.bid)
    with pytest.raises(ld.errors.ArgumentTypeError, match="game=None"):
        Strategy(None, uniform.liar, uniform.bid)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("policy", "words"),
    [
        (None, "policy=None"),
        (lambda hand, history: [1], "returned [1]"),
        (lambda hand, history: 1 / 0, "raised ZeroDivisionError"),
        (
            lambda hand, history: {
                h: 2.0 if i == 0 else -1.0 for i, h in enumerate(TINY.legal_actions(history))
            },
            "0..1",
        ),
        (
            lambda hand, history: {LIAR: float("nan")} if history else {Bid(1, 1): float("nan")},
            "nan",
        ),
    ],
)
def test_policies_are_checked(policy, words) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Strategy.from_policy(TINY, policy)


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: CFRPlus(None), "game=None"),
        (lambda: CFRPlus(TINY, averaging=float("nan")), "averaging=nan"),
        (lambda: CFRPlus(TINY, averaging=1e308), "averaging=1e+308"),
        (lambda: CFRPlus(TINY, averaging=-1), "averaging=-1"),
        (lambda: CFRPlus(TINY).iterate(-1), "iterations=-1"),
        (lambda: CFRPlus(TINY).iterate(2.5), "iterations=2.5"),
        (lambda: ld.solver.round_of(None), "view=None"),
        (lambda: ld.solver.die_faces(OPENSPIEL, 9), "faces=9"),
        (lambda: ld.solver.check_size((1, 1), 10**5000), "faces=<int of about"),
    ],
)
def test_the_other_entry_points_refuse_bad_input(make, quoted) -> None:
    with pytest.raises(ValueError) as info:
        make()
    assert quoted in str(info.value)
