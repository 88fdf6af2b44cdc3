"""Tests of liarsdice.inference and liarsdice.bidders: every posterior, count distribution and
P(true) against brute-force joint enumeration of every seat's ordered roll, replayed through
the engine's own views; UNIFORM gives back the naive odds exactly; bad models are refused."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, ShowAndReroll, inference, odds, solver
from liarsdice.agents import BayesBot, ExpectedLossBot, ThresholdBot
from liarsdice.bidders import generic_likelihoods, hand_set
from tests.games import PRESET_NAMES, players_for, random_play


def fraction_model(view: ld.view.View) -> dict:
    """A model written with Fractions: raises on a face the seat holds twice as likely."""
    legal = view.legal_actions()
    weights = {a: 2 if isinstance(a, Bid) and a.face in view.hand else 1 for a in legal}
    total = sum(weights.values())
    return {a: Fraction(w, total) for a, w in weights.items()}


# ----- the oracle: every ordered roll, replayed through the engine ---------------------------


def enumerate_table(rules, dice, seat, hand, moves, opener, model, exact):
    """Return (joint, per-seat posteriors, count pmfs by face) by brute force: every ordered roll
    of the other seats' dice, weighted by its chance and the model's likelihood of every move
    of theirs, each taken from the engine's view of that seat holding that roll."""
    others = [s for s in range(len(dice)) if s != seat]
    one = Fraction(1) if exact else 1.0
    joint: dict = defaultdict(lambda: 0 * one)
    counts = {f: defaultdict(lambda: 0 * one) for f in range(1, 7)}
    sizes = [dice[s] for s in others]
    for roll in itertools.product(range(1, 7), repeat=sum(sizes)):
        hands, at = {}, 0
        for s, n in zip(others, sizes):
            hands[s] = tuple(sorted(roll[at : at + n]))
            at += n
        game = Game(rules, len(dice), seed=0, opener=opener)
        game._dice = list(dice)
        game._hands = [hand if s == seat else hands[s] for s in range(len(dice))]
        game._legal_now = None
        weight = one / 6 ** sum(sizes)
        for mover, action in moves:
            if mover != seat:
                given = model(game.view(mover))
                weight *= Fraction(given.get(action, 0)) if exact else float(given.get(action, 0))
            game.apply(action)
        key = tuple(hands[s] for s in others)
        joint[key] += weight
        table = list(hand) + list(roll)
        for f in range(1, 7):
            counts[f][rules.count(table, f)] += weight
    total = sum(joint.values())
    joint = {k: v / total for k, v in joint.items()}
    seats = {}
    for i, s in enumerate(others):
        marginal: dict = defaultdict(lambda: 0 * one)
        for key, p in joint.items():
            marginal[key[i]] += p
        seats[s] = dict(marginal)
    return joint, seats, {f: {c: p / total for c, p in d.items()} for f, d in counts.items()}


def close(a, b, exact: bool) -> bool:
    """Return a == b exactly, or within 1e-12."""
    return a == b if exact else math.isclose(float(a), float(b), abs_tol=1e-12)


BLEF, PERUDO, OPENSPIEL = ld.preset("blef"), ld.preset("perudo"), ld.preset("openspiel")
TABLES = [
    # rules, dice per seat, asking seat, its hand, the moves, the first opener
    (BLEF, (1, 1, 2), 0, (5,), [(1, Bid(1, 5)), (2, Bid(2, 5))], 1),
    (BLEF, (2, 2), 1, (3, 5), [(0, Bid(1, 1)), (1, Bid(2, 3)), (0, Bid(2, 1))], 0),
    (
        PERUDO,
        (1, 2, 1),
        2,
        (6,),
        [(0, Bid(1, 4)), (1, Bid(2, 4)), (2, Bid(3, 4)), (0, Bid(2, 1))],
        0,
    ),
    (OPENSPIEL, (1, 1), 1, (3,), [(0, Bid(1, 5))], 0),
    (
        ld.preset("bluff", dice=3),
        (3, 1),
        1,
        (2,),
        [(0, Bid(2, 2)), (1, Bid(3, 2)), (0, Bid(2, 6))],
        0,
    ),
]


@pytest.fixture(scope="module")
def solution() -> solver.Solution:
    """Return the one-die openspiel game, solved."""
    return solver.solve(OPENSPIEL, (1, 1), tolerance=1e-4)


def models(solution: solver.Solution, rules: ld.Rules, dice: tuple) -> list[tuple]:
    """Return (model, exact) pairs for a table: the built-ins and one written in the test."""
    pairs = [
        (inference.UNIFORM, True),
        (inference.UNIFORM, False),
        (inference.quantal(2.5), False),
        (inference.trembling(ThresholdBot(), Fraction(1, 10)), True),
        (inference.trembling(ExpectedLossBot(), 0.2), False),
        (fraction_model, True),
    ]
    if rules == OPENSPIEL and dice == (1, 1):
        pairs.append((inference.equilibrium(solution), False))
    return pairs


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_everything_equals_joint_enumeration_for_every_model(table: int, solution) -> None:
    rules, dice, seat, hand, moves, opener = TABLES[table]
    view_game = Game(rules, len(dice), seed=0, opener=opener)
    view_game._dice, view_game._legal_now = list(dice), None
    view_game._hands = [hand if s == seat else (1,) * dice[s] for s in range(len(dice))]
    for _, action in moves:
        view_game.apply(action)
    view = view_game.view(seat)
    for model, exact in models(solution, rules, dice):
        joint, seats, counts = enumerate_table(rules, dice, seat, hand, moves, opener, model, exact)
        found = inference.posterior(view, model, exact=exact)
        assert set(found) == set(seats)
        for s, marginal in seats.items():
            assert set(found[s]) == set(marginal)
            assert all(close(found[s][h], p, exact) for h, p in marginal.items()), (model, s)
        # The joint posterior is the product of the seats' posteriors (it factorises).
        others = sorted(seats)
        for key, p in joint.items():
            product = math.prod(
                (found[s][h] for s, h in zip(others, key)), start=Fraction(1) if exact else 1.0
            )
            assert close(product, p, exact)
        belief = inference.Belief(view, model, exact)
        for face in range(1, 7):
            dist = belief.count_distribution(face)
            assert all(close(dist[c], counts[face].get(c, 0), exact) for c in range(len(dist)))
            assert close(sum(dist), 1, exact)
            for q in range(1, sum(dice) + 1):
                expected = sum(p for c, p in counts[face].items() if c >= q)
                assert close(
                    inference.bid_probability(view, Bid(q, face), model, exact), expected, exact
                )


def test_uniform_gives_back_the_naive_odds_exactly() -> None:
    rules, dice, seat, hand, moves, _ = TABLES[0]
    view = inference.table_view(rules, dice, seat, hand, moves)
    for face, q in itertools.product(range(1, 7), range(1, 5)):
        naive = odds.bid_probability(Bid(q, face), rules, view.unknown, view.known, exact=True)
        assert inference.bid_probability(view, Bid(q, face), exact=True) == naive


# ----- property tests over random games of every preset --------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(PRESET_NAMES),
    seed=st.integers(0, 2**31),
    moves=st.integers(0, 40),
    show=st.booleans(),
    players=st.integers(2, 5),
)
def test_on_views_from_random_games(name: str, seed: int, moves: int, show: bool, players: int):
    rules = ld.preset(name, show_and_reroll=show, dice=min(ld.preset(name).dice, 3))
    game = Game(rules, players_for(rules, players), seed)
    random_play(game, np.random.default_rng(seed), moves)
    if game.is_over:
        return
    seat = int(np.random.default_rng(seed).integers(game.players))
    if not game.dice[seat]:
        return
    view = game.view(seat)
    belief = inference.Belief(view, inference.UNIFORM, exact=True)
    for s, hands in belief.posterior().items():
        assert sum(hands.values()) == 1 and s != seat
        assert len(next(iter(hands))) == view.dice[s] - len(view.shown[s])
    for face in range(1, 7):
        naive = odds.count_distribution(face, rules, view.unknown, view.known, True, view.palifico)
        assert belief.count_distribution(face) == list(naive)  # UNIFORM reads nothing
    q = inference.quantal(4.0)
    floats = inference.Belief(view, q)
    for s, moves_of in inference.decisions(view).items():
        hands = hand_set(view.dice[s] - len(view.shown[s]))
        for decision in moves_of:
            fast = q.likelihoods(decision, view, hands, False)
            slow = generic_likelihoods(q, decision, view, hands, False)
            np.testing.assert_allclose(fast, slow, atol=1e-12)
    for face in range(1, 7):
        assert math.isclose(sum(floats.count_distribution(face)), 1.0, abs_tol=1e-12)
    exact = inference.Belief(view, fraction_model, exact=True)
    approx = inference.Belief(view, fraction_model, exact=False)
    for face in range(1, 7):
        for a, b in zip(exact.count_distribution(face), approx.count_distribution(face)):
            assert math.isclose(float(a), b, abs_tol=1e-12)


def test_a_reroll_makes_earlier_moves_say_nothing() -> None:
    rules = ld.preset("bluff", show_and_reroll=True, dice=3)
    view = inference.table_view(rules, (3, 3), 1, (1, 2, 3), [(0, "2x4")])
    rerolled = ld.view.View(
        **{**view.__dict__, "history": ((0, Bid(2, 4)), (0, ShowAndReroll((4,))), (1, Bid(2, 5))),
           "shown": ((4,), ()), "current_player": 0, "legal": ()}
    )  # fmt: skip
    assert inference.decisions(rerolled)[0] == []  # the bid before the reroll is no evidence
    post = inference.posterior(rerolled, inference.quantal(5.0))
    assert post[0] == pytest.approx(dict(zip(hand_set(2).hands, hand_set(2).prior.tolist())))


# ----- the lessons' claim: the equilibrium's "1 five" ----------------------------------------


def palifico_round() -> object:
    """Return a solved palifico round of one die each (Perudo), exact by the LP."""
    from liarsdice import solver

    return solver.lp_solution(solver.SmallGame("perudo", (1, 1), 6, palifico=True))


def test_the_equilibrium_opening_one_five_is_true_about_two_times_in_three(solution) -> None:
    view = inference.table_view(OPENSPIEL, (1, 1), 1, (3,), [(0, "1x5")])
    naive = odds.bid_probability("1x5", OPENSPIEL, 1, (3,), exact=True)
    read = inference.bid_probability(view, "1x5", inference.equilibrium(solution))
    assert naive == Fraction(1, 3) and 0.6 < read < 0.75


# ----- bad models and impossible histories ---------------------------------------------------


VIEW = inference.table_view(BLEF, (2, 2, 2), 0, (1, 5), [(1, "1x3"), (2, "2x3")])


@pytest.mark.parametrize(
    ("model", "message"),
    [
        (lambda v: {Challenge(): 1.0}, "not legal"),  # seat 1 opens: nothing to challenge
        (
            lambda v: {a: (-0.5 if i == 0 else 1.5) for i, a in enumerate(v.legal_actions()[:2])},
            "negative",
        ),
        (lambda v: dict.fromkeys(v.legal_actions(), 0.5), "sum to"),
        (lambda v: "three", "expected {action: probability}"),
        (lambda v: {v.legal_actions()[0]: float("nan")}, "probability nan"),
    ],
)
def test_a_bad_model_is_refused_naming_the_seat_action_and_move(model, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        inference.posterior(VIEW, model)
    assert "seat 1, move 1 of the round" in str(info.value)


def test_an_impossible_history_suggests_a_trembling_model() -> None:
    never = lambda view: {view.legal_actions()[-1]: 1}  # noqa: E731 (always the highest bid)
    with pytest.raises(ValueError, match=r"impossible.*seat 1, move 1.*trembling"):
        inference.posterior(VIEW, never)
    with pytest.raises(ValueError, match="exact=True needs Fractions"):
        inference.posterior(VIEW, inference.quantal(1.0), exact=True)
    with pytest.raises(ValueError, match="exact=True needs Fractions"):
        inference.posterior(VIEW, inference.trembling(ThresholdBot(), 0.1), exact=True)
    with pytest.raises(ValueError, match="callable"):
        inference.posterior(VIEW, "quantal")
    with pytest.raises(ValueError, match="beta=inf"):
        inference.quantal(float("inf"))
    with pytest.raises(ValueError, match="epsilon=2"):
        inference.trembling(ThresholdBot(), 2)


def test_a_model_is_called_once_per_move_and_distinct_hand() -> None:
    calls: list = []

    def counting(view):
        calls.append((len(view.history), view.hand))
        return inference.UNIFORM(view)

    inference.posterior(VIEW, counting)
    assert len(calls) == len(set(calls)) == 2 * len(hand_set(2))  # seats 1 and 2, one move each


def test_models_by_name() -> None:
    assert inference.parse_model("uniform") is inference.UNIFORM
    assert inference.parse_model("quantal:2") == inference.quantal(2)
    assert inference.parse_model("quantal:0") is inference.UNIFORM
    assert isinstance(inference.parse_model("trembling:threshold:0.05").bot, ThresholdBot)
    for bad in ("quantal", "quantal:x", "trembling:nobody:0.1", "bayes", 3):
        with pytest.raises(ValueError, match="write 'uniform'"):
            inference.parse_model(bad)


def test_likelihood_ratios_of_the_last_bid() -> None:
    ratios = inference.likelihood_ratios(VIEW, inference.quantal(6.0), 2, 3)
    assert ratios[2] > 1 > ratios[0]  # bidding 2 threes makes holding threes more likely
    flat = inference.likelihood_ratios(VIEW, inference.UNIFORM, 2, 3, exact=True)
    assert set(flat.values()) == {1}


# ----- the bot that reads bids ---------------------------------------------------------------


def test_bayes_bot_reading_nothing_plays_as_expected_loss_bot() -> None:
    for seed in range(6):
        game = Game(ld.preset("perudo" if seed % 2 else "blef"), 4, seed)
        bots = [ExpectedLossBot()] * 4
        while not game.is_over and game.round < 4:
            view = game.view(game.current_player)
            assert BayesBot(model=inference.UNIFORM).act(view) == ExpectedLossBot().act(view)
            game.apply(bots[view.seat].act(view))


def test_bayes_bot_calls_a_bid_its_reading_makes_false() -> None:
    # Seat 1 bid 2 threes holding (under quantal, likely) threes; seat 2's 3 sixes is read too.
    view = inference.table_view(BLEF, (2, 2, 2), 0, (1, 5), [(1, "1x3"), (2, "2x3")])
    assert BayesBot().act(view) in view.legal_actions()
    with pytest.raises(ValueError, match="bidder model"):
        BayesBot(model="quantal")


# ----- hostile input (issue 14): refused at once, quoting it -----------------------------------

import dataclasses  # noqa: E402

from liarsdice import bidders  # noqa: E402
from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError  # noqa: E402

TYPED_VIEW = inference.table_view("blef", (3, 3, 3), 0, (1, 2, 5), [(1, "2x5")])
NAN = float("nan")


def _view(**changes):
    return dataclasses.replace(TYPED_VIEW, **changes)


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [
        (lambda: inference.posterior("view"), ArgumentTypeError, "'view'"),
        (lambda: inference.posterior(None), ArgumentTypeError, "None"),
        (lambda: inference.posterior(TYPED_VIEW, 3), ArgumentTypeError, "model=3"),
        (lambda: inference.posterior(TYPED_VIEW, "uniform"), ArgumentTypeError, "'uniform'"),
        (lambda: inference.posterior(TYPED_VIEW, exact="no"), ArgumentTypeError, "'no'"),
        (lambda: inference.posterior(TYPED_VIEW, exact=1), ArgumentTypeError, "exact=1"),
        (lambda: inference.bid_probability(TYPED_VIEW, None), ArgumentTypeError, "None"),
        (lambda: inference.bid_probability(TYPED_VIEW, (3, 5)), ArgumentTypeError, "(3, 5)"),
        (lambda: inference.bid_probability(TYPED_VIEW, "9" * 5000 + "x5"), ValueError, "9" * 30),
        (lambda: inference.bid_probability(TYPED_VIEW, "9" * 998 + "x5"), ValueError, "9" * 30),
        (lambda: inference.bid_probability(TYPED_VIEW, "3x5", exact="yes"), ArgumentTypeError,
         "'yes'"),
        (lambda: inference.count_distribution(TYPED_VIEW, 7), ValueError, "face=7"),
        (lambda: inference.count_distribution(TYPED_VIEW, "5"), ArgumentTypeError, "'5'"),
        (lambda: inference.count_distribution(TYPED_VIEW, 5.0), ArgumentTypeError, "5.0"),
        (lambda: inference.Belief(TYPED_VIEW).seat_counts(99, 5), ValueError, "seat=99"),
        (lambda: inference.Belief(TYPED_VIEW).seat_counts(1, None), ArgumentTypeError, "None"),
        (lambda: inference.likelihood_ratios(TYPED_VIEW, inference.UNIFORM, 1, "5"),
         ArgumentTypeError, "'5'"),
        (lambda: inference.likelihood_ratios(TYPED_VIEW, None, 1, 5), ArgumentTypeError, "None"),
        (lambda: inference.likelihood_ratios(TYPED_VIEW, inference.UNIFORM, 1.0, 5),
         ArgumentTypeError, "1.0"),
        # views built by hand, with fields that do not hang together
        (lambda: inference.posterior(_view(rules="blef")), ArgumentTypeError, "'blef'"),
        (lambda: inference.posterior(_view(dice=(3, 30, 3))), ValueError, "MAX_HAND_DICE"),
        (lambda: inference.posterior(_view(dice=(3, 10**6, 3))), ValueError, "MAX_HAND_DICE"),
        (lambda: inference.posterior(_view(dice=(3, -1, 3))), ValueError, "-1"),
        (lambda: inference.posterior(_view(dice=(3, 3.0, 3))), ArgumentTypeError, "3.0"),
        (lambda: inference.posterior(_view(shown=((),))), ArgumentTypeError, "shown=((),)"),
        (lambda: inference.posterior(_view(shown=((), (7,), ()))), ValueError, "7"),
        (lambda: inference.posterior(_view(hand=(1, 2))), ValueError, "(1, 2)"),
        (lambda: inference.posterior(_view(seat=5)), ValueError, "seat=5"),
        (lambda: inference.posterior(_view(palifico="no")), ArgumentTypeError, "'no'"),
        (lambda: inference.posterior(_view(history=((1, "2x5"),))), ArgumentTypeError,
         "'2x5'"),
        (lambda: inference.posterior(_view(history=None)), ArgumentTypeError, "None"),
        # models
        (lambda: inference.quantal(NAN), ValueError, "nan"),
        (lambda: inference.quantal(-1), ValueError, "beta=-1"),
        (lambda: inference.quantal(10**7), ValueError, "MAX_BETA"),
        (lambda: inference.quantal(10**5000), ValueError, quote(10**5000)),
        (lambda: inference.quantal(True), ArgumentTypeError, "True"),
        (lambda: inference.quantal("2"), ArgumentTypeError, "'2'"),
        (lambda: bidders.Quantal(NAN), ValueError, "nan"),
        (lambda: inference.trembling(ThresholdBot(), NAN), ValueError, "nan"),
        (lambda: inference.trembling(ThresholdBot(), -0.1), ValueError, "-0.1"),
        (lambda: inference.trembling(ThresholdBot(), "0.1"), ArgumentTypeError, "'0.1'"),
        (lambda: inference.trembling(ThresholdBot(), True), ArgumentTypeError, "True"),
        (lambda: inference.trembling(ThresholdBot(), Fraction(1, 10**200)), ValueError,
         "MAX_EPSILON_DIGITS"),
        (lambda: inference.trembling(object(), 0.1), ArgumentTypeError, "object"),
        (lambda: inference.equilibrium(object()), ArgumentTypeError, "object"),
        (lambda: inference.equilibrium(palifico_round()), ValueError, "palifico round"),
        (lambda: bidders.hand_set(bidders.MAX_HAND_DICE + 1), ValueError, "MAX_HAND_DICE"),
        (lambda: bidders.hand_set(10**5000), ValueError, quote(10**5000)),
        (lambda: bidders.hand_set(2.0), ArgumentTypeError, "2.0"),
        (lambda: bidders.hand_set(-1), ValueError, "-1"),
        (lambda: generic_likelihoods(3, None, TYPED_VIEW, hand_set(1), False), ArgumentTypeError,
         "model=3"),
        (lambda: generic_likelihoods(inference.UNIFORM, None, TYPED_VIEW, hand_set(1), False),
         ArgumentTypeError, "decision=None"),
        # a table typed in
        (lambda: inference.table_view(None, (3, 3), 0, (1, 2, 3)), ArgumentTypeError, "None"),
        (lambda: inference.table_view("blef", (3, 13), 0, (1, 2, 3)), ValueError,
         "MAX_HAND_DICE"),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), shown=[()]), ValueError,
         "[()]"),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), shown="12"),
         ArgumentTypeError, "'12'"),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), [(1,)]), ArgumentTypeError,
         "(1,)"),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), "1:2x5"), ArgumentTypeError,
         "'1:2x5'"),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), [(1, "9" * 5000)]),
         ValueError, "9" * 30),
        (lambda: inference.table_view("blef", (3, 3), 0, (1, 2, 3), palifico="no"),
         ArgumentTypeError, "'no'"),
        (lambda: inference.table_view("blef", (1,) * 21, 0, (1,)), ValueError, "MAX_SEATS"),
        (lambda: inference.parse_history("1:" + "9" * 5000), ValueError, "9" * 30),
        (lambda: inference.parse_history(None), ArgumentTypeError, "None"),
        (lambda: inference.parse_history("99999999:3x5"), ValueError, "99999999"),
        (lambda: inference.parse_model("quantal:nan"), ValueError, "quantal:nan"),
        (lambda: inference.parse_model("quantal:1e400"), ValueError, "quantal:1e400"),
        (lambda: inference.parse_model("quantal:-2"), ValueError, "quantal:-2"),
        (lambda: inference.parse_model("trembling:threshold:1e-5000"), ValueError, "1e-5000"),
        (lambda: inference.parse_model("x" * 5000), ValueError, "x" * 30),
        (lambda: inference.parse_model(None), ArgumentTypeError, "None"),
    ],
    ids=lambda v: "call" if callable(v) and not isinstance(v, type) else quote(v, 30),
)  # fmt: skip
def test_hostile_input_is_refused_quoting_it(call, kind, shown: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert shown in str(info.value)


def test_a_refusal_changes_nothing() -> None:
    belief = inference.Belief(TYPED_VIEW, inference.quantal(2))
    before = belief.bid_probability("3x5")
    with pytest.raises(ValueError, match="face=9"):
        belief.count_distribution(9)
    with pytest.raises(ArgumentTypeError, match="None"):
        belief.bid_probability(None)
    assert sorted(belief._counts) == [5] and belief.bid_probability("3x5") == before


def test_reading_at_the_hand_limit_answers() -> None:
    n = min(bidders.MAX_HAND_DICE, 10)  # the engine seats at most 10 dice
    view = inference.table_view("blef", (3, n), 0, (1, 2, 5), [(1, "2x5")])
    hands = bidders.hand_set(bidders.MAX_HAND_DICE)
    assert len(hands) == 6188 and abs(float(hands.prior.sum()) - 1) < 1e-12
    p = inference.bid_probability(view, "5x5", inference.quantal(2))
    assert 0 <= p <= 1


# ----- the split (issue 23, item 8): every name still comes from the module it came from -------

BIDDER_NAMES = (
    "CALL_SECONDS_PER_DIE", "MAX_BETA", "MAX_EPSILON_DIGITS", "MAX_HAND_DICE", "MAX_MODEL_WORK",
    "TOTAL_TOLERANCE", "UNIFORM", "Bidder", "Decision", "Equilibrium", "HandSet", "Likelihoods",
    "Model", "Probability", "Quantal", "Trembling", "Uniform", "equilibrium", "generic_likelihoods",
    "hand_count", "hand_set", "quantal", "trembling",
)  # fmt: skip
INFERENCE_NAMES = (
    *inference.__all__, "decisions", "is_seat", "CALL_SECONDS_PER_DIE", "MAX_HAND_DICE",
    "MAX_MODEL_WORK", "Bidder", "Decision", "HandSet", "Likelihoods", "Model", "Probability",
    "generic_likelihoods", "hand_count", "hand_set",
)  # fmt: skip


@pytest.mark.parametrize(
    ("module", "name"),
    [(bidders, n) for n in BIDDER_NAMES] + [(inference, n) for n in INFERENCE_NAMES],
)
def test_every_name_stays_importable_from_its_old_module(module: object, name: str) -> None:
    """A class or function is the very object of its new home module."""
    import importlib

    obj = getattr(module, name)
    home = getattr(obj, "__module__", "")
    if home.startswith("liarsdice."):
        assert getattr(importlib.import_module(home), name) is obj
