"""Tests of liarsdice.agents (the bots of bots_basic, bots_bayes, bots_solver): legal bots,
odds-driven choices and the solved endgame; the base class and registry: test_bot.py.
Tournaments: test_tournament.py; the match loop: test_match.py."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Game, Pass, botkit, bots_solver, odds, solver
from liarsdice.agents import (
    BOTS,
    BayesBot,
    Bot,
    ExpectedLossBot,
    RandomBot,
    SolverBot,
    ThresholdBot,
    register_bot,
)
from liarsdice.checks import quote
from liarsdice.engine import View
from liarsdice.errors import ArgumentTypeError
from liarsdice.settlement import settle, settle_calza
from liarsdice.tournament import play_game, tournament
from liarsdice.view import Phase

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
    for bot in (RandomBot(), ThresholdBot(), ExpectedLossBot(), SolverBot()):
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


# --- issue 15: the fast ExpectedLossBot makes the moves its docstring defines -------------------


class ReferenceLoss:
    """ExpectedLossBot's rule by brute force, independent of liarsdice.botkit: the expected
    dice the seat loses by challenging, by calza (where legal) and as the bidder of the lowest
    legal raise of each face if the next seat with dice challenges it, each count of the bid's
    face from odds.count_distribution settled by settlement.settle (or settle_calza); the
    cheapest wins, ties (to 12 decimals) to challenge, then calza, then the lower raise."""

    def __init__(self) -> None:
        self.settled: dict[tuple[object, ...], tuple[int, ...]] = {}  # memo: settle is pure
        self.counts: dict[tuple[object, ...], list[float]] = {}

    def count_chances(self, view: View, face: int) -> list[float]:
        """Return P(count of `face` = c) from the view, c = 0..dice on the table."""
        known = view.hand + tuple(d for shown in view.shown for d in shown)
        key = (view.rules, face, view.unknown, tuple(sorted(known)), view.palifico)
        if key not in self.counts:
            dist = odds.count_distribution(
                face, view.rules, view.unknown, known, False, view.palifico
            )
            self.counts[key] = [float(c) for c in dist]
        return self.counts[key]

    def lost(self, view: View, bid: Bid, bidder: int | None, challenger: int, count: int) -> int:
        """Return the dice the view's seat loses in this settlement (bidder None: a calza)."""
        key = (view.rules, view.dice, bidder, challenger, bid, count)
        if key not in self.settled:
            if bidder is None:
                result = settle_calza(view.rules, view.dice, challenger, bid, count)
            else:
                result = settle(view.rules, view.dice, bidder, challenger, bid, count)
            self.settled[key] = result.lost
        return self.settled[key][view.seat]

    def expected(self, view: View, bid: Bid, bidder: int | None, challenger: int) -> float:
        """Return the seat's expected dice lost when `challenger` challenges (or calls) `bid`."""
        chances = self.count_chances(view, bid.face)
        return sum(p * self.lost(view, bid, bidder, challenger, c) for c, p in enumerate(chances))

    def options(self, view: View) -> list[tuple[float, object]]:
        """Return (expected dice lost, action) of every move weighed, in the order of ties."""
        seat, legal, options = view.seat, view.legal_actions(), []
        if view.previous is not None:
            options.append((self.expected(view, view.previous, view.bidder, seat), Challenge()))
            if Calza() in legal:
                options.append((self.expected(view, view.previous, None, seat), Calza()))
        lowest: dict[int, Bid] = {}
        for action in legal:  # the bids come lowest first
            if isinstance(action, Bid):
                lowest.setdefault(action.face, action)
        answer = next(
            s % len(view.dice) for s in range(seat + 1, seat + len(view.dice) + 1)
            if view.dice[s % len(view.dice)] > 0
        )  # fmt: skip
        options += [(self.expected(view, bid, seat, answer), bid) for bid in lowest.values()]
        return options

    def act(self, view: View) -> object:
        """Return the reference's move (Pass() in a show-or-pass turn)."""
        if view.phase != Phase.BID:
            return Pass()
        options = self.options(view)
        best = min(range(len(options)), key=lambda i: (round(options[i][0], 12), i))
        return options[best][1]


REFERENCE_GAMES = [("blef", 4, seed) for seed in range(30)] + [
    ("perudo", 4, 0), ("perudo", 3, 1), ("bluff", 3, 2), ("liars_dice_endless", 4, 3),
]  # fmt: skip


@pytest.mark.parametrize(("name", "players", "seed"), REFERENCE_GAMES)
def test_expected_loss_bot_makes_the_reference_move_at_every_decision(
    name: str, players: int, seed: int
) -> None:
    """Plays a seeded game of ExpectedLossBots; at every decision the bot's move is the
    brute-force reference's, and its costs are the reference's (within rounding)."""
    reference, bot = ReferenceLoss(), ExpectedLossBot()
    game = Game(ld.preset(name, show_and_reroll=name == "bluff"), players, seed)
    decisions = 0
    while not game.is_over:
        view = game.view(game.current_player)
        action = bot.act(view)
        assert action == reference.act(view), (name, seed, decisions, view)
        if view.phase == Phase.BID:
            costs = [cost for cost, _, _ in bot.options(view)]
            expected = [cost for cost, _ in reference.options(view)]
            assert costs == pytest.approx(expected, abs=1e-12)
        game.apply(action)
        decisions += 1
    assert decisions > 10


def test_expected_loss_bot_options_equal_the_toolkit_costs_exactly() -> None:
    """The fast options are the floats of challenge_loss, calza_loss and raise_loss."""
    for name, players in (("blef", 4), ("perudo", 4), ("bluff", 3), ("liars_dice_endless", 3)):
        game = Game(ld.preset(name), players, seed=11)
        while not game.is_over:
            view = game.view(game.current_player)
            slow = []
            if view.previous is not None:
                slow.append((botkit.challenge_loss(view), 0, Challenge()))
                if Calza() in view.legal_actions():
                    slow.append((botkit.calza_loss(view), 1, Calza()))
            for order, bid in enumerate(botkit.cheapest_raises(view), start=2):
                slow.append((botkit.raise_loss(view, bid), order, bid))
            assert ExpectedLossBot().options(view) == slow
            assert ExpectedLossBot().act(view) == botkit.cheapest(slow)
            game.apply(botkit.cheapest(slow))


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


# --- the solved endgame ------------------------------------------------------------------------
# SolverBot solves each ladder once per process at its default tolerance (NashConv 1e-3, about
# a second for one die each), so these tests share the solutions.


def solved_endgame(rules: ld.Rules) -> solver.Solution:
    """Return the one-die-each solution SolverBot() plays under `rules` (from its cache)."""
    return bots_solver._solution(rules, (1, 1), SolverBot().tolerance)


def test_the_solver_speaks_the_engines_actions() -> None:
    assert Challenge() == solver.LIAR
    reply = solved_endgame(ld.preset("openspiel")).action_probabilities((3,), [Bid(1, 5)])
    assert Challenge() in reply and "liar" not in reply


@pytest.mark.parametrize("name", ["openspiel", "blef", "perudo", "bluff"])
def test_solver_bot_plays_the_solver_in_every_one_die_endgame_and_only_legal_actions(
    name: str,
) -> None:
    rules = ld.preset(name, dice=1)
    for seed in range(8):
        bots = [SolverBot(seed), RandomBot(seed)]
        game = Game(rules, 2, seed)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            if seat == 0:
                policy = bots[0].policy(view)
                assert policy is not None and math.isclose(sum(policy.values()), 1.0)
                assert set(policy) <= set(game.legal_actions())
            action = bots[seat].act(view)
            assert action in game.legal_actions()
            game.apply(action)


def test_solver_bot_maps_the_round_opener_to_player_0() -> None:
    rules = ld.preset("blef", dice=1)
    game = Game(rules, 3, seed=2, opener=0)
    while game.dice.count(1) == 3:  # play the first round out: one seat loses its die
        game.apply(ExpectedLossBot().act(game.view(game.current_player)))
    assert sorted(game.dice) == [0, 1, 1]
    opener = game.current_player
    game.apply(Bid(1, 3))
    view = game.view(game.current_player)
    assert view.seat != opener
    # The game goes on after a round, so the bot plays the whole-game endgame's round.
    found = solver.endgame_of(view)
    assert found is not None
    state, bids = found
    seats = [seat for seat, n in enumerate(game.dice) if n]
    assert state.dice == (1, 1) and seats[state.opener] == opener and bids == (Bid(1, 3),)
    endgame = bots_solver._whole_endgame(rules, 2, SolverBot().tolerance)
    expected = endgame.round((1, 1), state.opener).action_probabilities(view.hand, bids)
    assert SolverBot().policy(view) == expected


def test_solver_bot_samples_the_solved_strategy_at_the_first_decision() -> None:
    rules = ld.preset("openspiel")
    game = Game(rules, 2, seed=3)
    view = game.view(game.current_player)
    expected = solved_endgame(rules).action_probabilities(view.hand)
    assert SolverBot().policy(view) == expected
    draws = 4000
    bot = SolverBot(seed=11)
    counts: dict = {}
    for _ in range(draws):
        action = bot.act(view)
        counts[action] = counts.get(action, 0) + 1
    assert set(counts) <= {a for a, p in expected.items() if p > 0}
    for action, p in expected.items():
        assert abs(counts.get(action, 0) / draws - p) < 0.03, action  # ~4 standard errors
    assert max(expected.values()) < 0.99  # the strategy is mixed, so the check means something


def test_solver_bot_falls_back_to_expected_loss_outside_the_endgame() -> None:
    for game in (
        Game(ld.preset("blef"), 4, seed=5),  # four seats with five dice each
        Game(ld.preset("blef", dice=2), 2, seed=5),  # two dice each: not in the default set
    ):
        view = game.view(game.current_player)
        assert SolverBot().policy(view) is None
        assert SolverBot().act(view) == ExpectedLossBot().act(view)


def show_turns_two_against_one(seed: int) -> Iterator[View]:
    """Yield the views of show turns with 2 v 1 dice in a seeded Bluff game of random bots."""
    game = Game(ld.preset("bluff", dice=2, show_and_reroll=True), 2, seed)
    bot = RandomBot(seed)
    while not game.is_over:
        view = game.view(game.current_player)
        if sorted(game.dice) == [1, 2] and game.phase == Phase.SHOW:
            yield view
        game.apply(bot.act(view))


def test_solver_bot_plays_palifico_rounds_of_the_endgame_and_passes_in_a_show_turn() -> None:
    rules = ld.preset("perudo", dice=2)
    game = Game(rules, 2, seed=4, opener=0)
    game.apply(Bid(4, 6))
    game.apply(Challenge())
    assert game.palifico and sorted(game.dice) == [1, 2]
    assert SolverBot().policy(game.view(game.current_player)) is None  # 1 v 2: not asked for
    game.apply(Bid(1, 2))
    game.apply(Challenge())  # one die each now; the two-dice seat dropped: a palifico round
    while not (game.palifico and game.dice == (1, 1)):
        game = Game(rules, 2, seed=game.seed + 1, opener=0)
        for action in (Bid(4, 6), Challenge(), Bid(1, 2), Challenge()):
            if game.is_over or action not in game.legal_actions():
                break
            game.apply(action)
    view = game.view(game.current_player)
    state = solver.EndgameState((1, 1), view.seat, palifico=True)
    endgame = bots_solver._whole_endgame(ld.preset("perudo", dice=2, calza=False), 2, 1e-3)
    expected = endgame.states[state].solution.action_probabilities(view.hand)
    assert SolverBot().policy(view) == expected
    assert Bid(1, 1) in expected  # aces are plain in a palifico round: they may open it
    view = next(v for seed in range(20) for v in show_turns_two_against_one(seed))
    assert SolverBot(endgames=((1, 2), (2, 1))).policy(view) is None
    assert SolverBot(endgames=((1, 2), (2, 1))).act(view) == Pass()


def test_solver_bot_checks_its_options_and_keeps_them_when_reseeded() -> None:
    with pytest.raises(ValueError, match="at most 3"):
        SolverBot(endgames=((2, 2),))
    with pytest.raises(ValueError, match="tolerance=0"):
        SolverBot(tolerance=0)
    bot = SolverBot(endgames=((1, 1), (1, 2)), tolerance=1e-2).reseeded(7)
    assert bot == SolverBot(7, ((1, 1), (1, 2)), 1e-2)


def win_rate_of_first_against(first: solver.Strategy, second: solver.Strategy) -> float:
    """Return the exact chance that `first` beats `second`, each opening half the rounds."""
    game = first.game
    levels = range(len(game.levels))

    def playing(opener: solver.Strategy, other: solver.Strategy) -> solver.Strategy:
        """Return the strategy with player 0's moves from `opener` and player 1's from `other`."""
        liar = tuple((opener if d % 2 == 0 else other).liar[d] for d in levels)
        bid = tuple((opener if d % 2 == 1 else other).bid[d] for d in levels)  # bid[d]: by (d-1)%2
        return solver.Strategy(game, liar, bid)

    as_opener = game.expected_value(playing(first, second))
    as_other = -game.expected_value(playing(second, first))
    return 0.5 + (as_opener + as_other) / 4  # payoff +-1 -> win chance (1 + payoff) / 2


def test_solver_bot_beats_random_play_in_the_openspiel_game_as_the_solver_predicts() -> None:
    solution = solved_endgame(ld.preset("openspiel"))
    expected = win_rate_of_first_against(solution.strategy, solver.Strategy.uniform(solution.game))
    bots = [SolverBot(), RandomBot()]
    result = tournament(bots, games=400, rules="openspiel", seed=3, progress=False)
    low, high = result.intervals[0]
    assert 0.5 < low < expected < high, (expected, str(result))  # about 83% expected
    assert tournament(bots, games=40, rules="openspiel", workers=2, progress=False) == tournament(
        bots, games=40, rules="openspiel", progress=False
    )


# --- issue 14: constructors and act() refuse bad input quoting it ------------------------------


@pytest.mark.parametrize(
    ("make", "value", "error"),
    [
        (RandomBot, None, ArgumentTypeError),
        (RandomBot, 2**20000, ValueError),
        (RandomBot, -1, ValueError),
        (RandomBot, 1.5, ArgumentTypeError),
        (lambda v: RandomBot().reseeded(v), 2**128, ValueError),
        (SolverBot, None, ArgumentTypeError),
        (lambda v: SolverBot().reseeded(v), -1, ValueError),
        (lambda v: ExpectedLossBot().reseeded(v), None, ArgumentTypeError),
        (ThresholdBot, math.nan, ValueError),  # never challenged
        (ThresholdBot, 1.5, ValueError),
        (ThresholdBot, "0.5", ArgumentTypeError),
        (ThresholdBot, True, ArgumentTypeError),
        (BayesBot, math.nan, ValueError),
        (BayesBot, math.inf, ValueError),
        (BayesBot, "10", ArgumentTypeError),
        (lambda v: BayesBot(model=v), "quantal", ArgumentTypeError),
        (lambda v: SolverBot(tolerance=v), math.nan, ValueError),
        (lambda v: SolverBot(tolerance=v), 0, ValueError),
        (lambda v: SolverBot(tolerance=v), True, ArgumentTypeError),
        (lambda v: SolverBot(endgames=v), "11", ArgumentTypeError),
        (lambda v: SolverBot(endgames=v), ((1, 1),) * 101, ValueError),
        (register_bot, "bot", ArgumentTypeError),
    ],
    ids=quote,
)
def test_bots_refuse_bad_arguments_quoting_them(make, value: object, error: type) -> None:
    with pytest.raises(error) as caught:
        make(value)
    assert quote(value) in str(caught.value)


def test_bots_keep_valid_arguments_as_given() -> None:
    assert ThresholdBot(1).threshold == 1 and ThresholdBot(np.float64(0.25)).threshold == 0.25
    assert type(ThresholdBot(np.float64(0.25)).threshold) is float
    assert RandomBot(np.int64(3)) == RandomBot(3) and RandomBot(2**128 - 1).seed == 2**128 - 1


@pytest.mark.parametrize("view", [None, "view", 3, Game(ld.preset("blef"), 2)], ids=quote)
@pytest.mark.parametrize("name", sorted(BOTS))
def test_act_refuses_what_is_no_view(name: str, view: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:  # was AttributeError
        BOTS[name]().act(view)  # type: ignore[arg-type]
    assert quote(view) in str(caught.value)
