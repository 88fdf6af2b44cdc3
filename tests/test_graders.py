"""Tests of the graders of code exercises: a right simulation and a good bot pass; every kind
of wrong code gets its own message."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
import sympy as sp

from liarsdice import Bid, Challenge, odds, preset
from liarsdice.actions import Action
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.teach.graders import bot_grader, function_grader, simulation_grader
from liarsdice.view import View
from tests.exercises import ChanceBot

N, TRIALS = 6, 3000


def exact() -> list[float]:
    """Return the distribution of the count of fives (aces counted) among N dice."""
    return list(odds.count_distribution(5, preset("blef"), N))


GRADE = simulation_grader(
    {"n": N, "trials": TRIALS}, exact, mistakes=[(N / 6, "the aces count for fives too.")]
)


def fives(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return a right simulation: the count of fives and aces in each of `trials` rolls."""
    dice = rng.integers(1, 7, size=(trials, n))
    return ((dice == 5) | (dice == 1)).sum(axis=1)


def test_a_right_simulation_passes_in_any_container() -> None:
    assert GRADE(fives) == (True, "right")
    assert GRADE(lambda n, trials, rng: fives(n, trials, rng).tolist())[0]


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lambda n, trials, rng: (rng.integers(1, 7, (trials, n)) == 5).sum(1), "aces count"),
        (lambda n, trials, rng: 1 / 0, "ZeroDivisionError"),
        (lambda n, trials, rng: 3, "returned an int"),
        (lambda n, trials, rng: "3", "returned a str"),
        (lambda n, trials, rng: fives(n, trials, rng)[:-1], "expected 3000"),
        (lambda n, trials, rng: fives(n, trials, rng) + 0.5, "not whole"),
        (lambda n, trials, rng: fives(n, trials, rng) - 1, "outside 0..6"),
        (lambda n, trials, rng: fives(n, trials, np.random.default_rng()), "seeded alike"),
        (lambda n, trials, rng: fives(n, trials, np.random.default_rng(0)), "seeded alike"),
        (lambda n, trials, rng: np.full(trials, fives(n, 1, rng)[0]), "too far from the exact"),
    ],
)
def test_each_wrong_simulation_gets_its_own_message(function: object, words: str) -> None:
    right, message = GRADE(function)
    assert not right and words in message, message


def at_random(view: View) -> Action:
    """Return a student's random play: the first legal action but a challenge, when any."""
    moves = view.legal_actions()
    return next((m for m in moves if not isinstance(m, Challenge)), moves[0])


def test_a_bot_that_beats_the_opponent_passes_and_one_that_does_not_fails() -> None:
    grade = bot_grader(RandomBot, games=40, seed=3)
    assert grade(ChanceBot) == (True, "right")
    assert grade(ChanceBot()) == (True, "right")
    right, message = bot_grader(ExpectedLossBot, games=40, seed=3)(at_random)
    assert not right and "does not lie above 1/2" in message and "lesson 5" in message


class KeepsTheLibrarysAct(ExpectedLossBot):
    """A 'student' subclass that keeps the package bot's act."""


def wraps_a_package_bot(view: View) -> Action:
    """Return what ThresholdBot(0.2) plays: a wrapper, not a bot of one's own."""
    return ThresholdBot(0.2).act(view)


@pytest.mark.parametrize(
    "bot", [KeepsTheLibrarysAct, wraps_a_package_bot], ids=["subclass", "wrapper"]
)
def test_a_bot_that_borrows_a_package_bots_act_is_refused(bot: object) -> None:
    right, message = bot_grader(RandomBot, games=4, seed=3)(bot)
    assert not right and "asks the package's bots for its move" in message and ".act" in message


@pytest.mark.parametrize(
    "bot",
    [ExpectedLossBot, ExpectedLossBot(), ExpectedLossBot().act, RandomBot, ThresholdBot(0.2)],
    ids=["class", "instance", "method", "random", "threshold"],
)
def test_a_bot_of_the_package_is_refused_by_name(bot: object) -> None:
    right, message = bot_grader(RandomBot, games=4, seed=3)(bot)
    assert not right and "comes from the liarsdice package" in message
    assert "object at 0x" not in message and "Bot" in message.split()[0]


def always(action: object) -> object:
    """Return a bot function that always plays `action`."""
    return lambda view: action


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        (always(Challenge()), "illegal move"),  # no bid to challenge when it opens
        (always("3x5"), "expected an action"),
        (lambda view: view.nothing, "raised AttributeError"),
        (42, "expected a bot"),
    ],
)
def test_each_broken_bot_gets_its_own_message(bot: object, words: str) -> None:
    right, message = bot_grader(RandomBot, games=4, seed=3)(bot)
    assert not right and words in message, message


def test_a_bot_function_of_a_view_is_accepted() -> None:
    bot = ChanceBot()
    right, _ = bot_grader(RandomBot, games=40, seed=3)(bot.act)
    assert right


# ----- issue 14: whatever the student's code returns, the grader answers with a message -------


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("x", "such as 'x'"),
        (None, "such as None"),
        (1j, "such as 1j"),
        (float("nan"), "such as nan"),
        (float("inf"), "such as inf"),
    ],
)
def test_values_that_are_no_counts_are_named(value, words) -> None:
    good, message = GRADE(lambda n, trials, rng: [value] * trials)
    assert not good and words in message and "not whole numbers" in message


def test_huge_counts_that_follow_the_generator_are_out_of_range_not_a_crash() -> None:
    def huge(n: int, trials: int, rng: np.random.Generator) -> list[int]:
        return [int(v) * 10**400 for v in rng.integers(1, 3, size=trials)]

    good, message = GRADE(huge)
    assert not good and "outside 0..6" in message


def test_a_function_that_exits_is_reported() -> None:
    def leave(n: int, trials: int, rng: np.random.Generator) -> None:
        raise SystemExit(3)

    good, message = GRADE(leave)
    assert not good and "SystemExit(3)" in message


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: simulation_grader({"n": N, "trials": 0}, exact), "call['trials']=0"),
        (lambda: simulation_grader({"n": N, "trials": 10**9}, exact), "call['trials']=1000000000"),
        (lambda: simulation_grader([1], exact), "call=[1]"),
        (lambda: simulation_grader({"n": N, "trials": 10}, None), "exact=None"),
        (lambda: simulation_grader({"n": N, "trials": 10}, exact, seed=-1), "seed=-1"),
        (lambda: simulation_grader({"n": N, "trials": 10}, exact, mistakes="x"), "mistakes='x'"),
        (lambda: bot_grader(RandomBot, games=0), "games=0"),
        (lambda: bot_grader(RandomBot, games=10**9), "games=1000000000"),
        (lambda: bot_grader(RandomBot, games=2.5), "games=2.5"),
        (lambda: bot_grader(RandomBot, rules="poker"), "'poker'"),
        (lambda: bot_grader(None), "opponent=None"),
    ],
)
def test_graders_refuse_bad_settings_when_made(make, quoted) -> None:
    with pytest.raises(ValueError) as info:
        make()
    assert quoted in str(info.value)


# ----- issue 21: the simulation must roll dice, and a 5% bias is caught -------------------------

ROLLED = simulation_grader({"n": N, "trials": TRIALS}, exact, faces=6)


def a_die_at_a_time(n: int, trials: int, rng: np.random.Generator) -> list[int]:
    """Return a right simulation written with loops: one die drawn at a time, faces 0 to 5."""
    return [sum(int(rng.integers(6)) in (0, 4) for _ in range(n)) for _ in range(trials)]


def test_dice_rolled_in_any_way_pass() -> None:
    assert ROLLED(fives) == (True, "right")
    assert ROLLED(a_die_at_a_time) == (True, "right")


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lambda n, trials, rng: rng.binomial(n, 1 / 3, size=trials), "roll the dice"),
        (lambda n, trials, rng: (rng.random((trials, n)) < 1 / 3).sum(axis=1), "roll the dice"),
        (lambda n, trials, rng: fives(n, trials // 2, rng).repeat(2), "roll the dice"),
        (lambda n, trials, rng: rng.integers(0, 2, (trials, n)).sum(axis=1), "too far"),
        (lambda n, trials, rng: (rng.integers(1, 9, (trials, n)) % 6 < 2).sum(axis=1), "outside"),
    ],
    ids=["binomial", "uniforms", "half the dice", "coins", "eight faces"],
)
def test_a_simulation_that_rolls_no_fair_dice_is_refused(function: object, words: str) -> None:
    good, message = ROLLED(function)
    assert not good and words in message, message


def loaded(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return counts whose matching chance is 5% too high (0.35 for 1/3): fair dice, and each
    die that does not match counted anyway with chance 1/40."""
    dice = rng.integers(1, 7, size=(trials, n))
    extra = rng.random((trials, n)) < (0.35 - 1 / 3) / (2 / 3)
    return ((dice == 5) | (dice == 1) | extra).sum(axis=1)


def test_a_five_percent_bias_is_caught_at_the_exercises_size() -> None:
    """02.simulate's size (15 dice, 20,000 trials) catches a matching chance 5% too high in
    every one of 40 grader seeds (200 of 200 when measured: power above 0.98 at 95%)."""
    from liarsdice.teach.lesson02 import SIMULATED, _exact_fives

    assert SIMULATED == {"n": 15, "trials": 20_000}
    caught = sum(
        not simulation_grader(SIMULATED, _exact_fives, seed=seed, faces=6)(loaded)[0]
        for seed in range(40)
    )
    assert caught == 40
    assert simulation_grader(SIMULATED, _exact_fives, seed=7, faces=6)(fives)[0]


def test_loaded_dice_whose_counts_look_right_are_still_refused() -> None:
    """Faces 2 and 3 swapped for one another's chances: the count of fives and aces is right,
    the dice are not."""

    def uneven(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        dice = rng.choice(
            np.arange(1, 7), size=(trials, n), p=[1 / 6, 0.25, 1 / 12, 1 / 6, 1 / 6, 1 / 6]
        )
        return ((dice == 5) | (dice == 1)).sum(axis=1)

    good, message = ROLLED(uneven)
    assert not good and "not fair" in message, message


# ----- issue 21: functions the student writes, graded on cases the lesson never printed ---------


def tail(q: int, unknown: int, m: int) -> Fraction:
    """Return P(at least q fives, aces counted) with m of them in hand, by the binomial sum."""
    need, p = max(q - m, 0), Fraction(1, 3)
    return sum(
        (comb(unknown, j) * p**j * (1 - p) ** (unknown - j) for j in range(need, unknown + 1)),
        Fraction(0),
    )


def library_tail(q: int, unknown: int, m: int) -> Fraction:
    """Return the same chance from the library."""
    return odds.bid_probability(Bid(q, 5), preset("blef"), unknown, (5,) * m, exact=True)


def hand_forgotten(q: int, unknown: int, m: int) -> Fraction:
    """Return the usual mistake: the hand left out."""
    return tail(q, unknown, 0)


CASES = [
    {"q": 4, "unknown": 6, "m": 1},
    {"q": 7, "unknown": 12, "m": 2},
    {"q": 2, "unknown": 3, "m": 3},
]
TAIL = function_grader(library_tail, CASES, mistakes=[(hand_forgotten, "your hand counts too.")])


def test_a_right_function_passes_exactly_or_within_the_tolerance() -> None:
    assert TAIL(tail) == (True, "right")
    assert TAIL(lambda **case: float(tail(**case))) == (True, "right")
    assert TAIL(lambda **case: sp.Rational(tail(**case).numerator, tail(**case).denominator))[0]
    assert not TAIL(lambda **case: float(tail(**case)) + 1e-6)[0]


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (hand_forgotten, "your hand counts too."),
        (
            lambda q, unknown, m: Fraction(1, 2),
            "returned Fraction(1, 2) for f(q=4, unknown=6, m=1)",
        ),
        (lambda q, unknown, m: "1/2", "expected the chance, a number"),
        (lambda q, unknown, m: True, "expected the chance, a number"),
        (lambda q, unknown, m: float("nan"), "expected the chance, a number"),
        (lambda q, unknown, m: 1 / 0, "raised ZeroDivisionError"),
        (lambda q, unknown: 0, "raised TypeError"),
        (42, "your function itself"),
    ],
    ids=["mistake", "wrong", "text", "bool", "nan", "raises", "signature", "not a function"],
)
def test_each_wrong_function_gets_its_own_message_without_the_answer(function, words) -> None:
    good, message = TAIL(function)
    assert not good and words in message, message
    for case in CASES:
        answer = library_tail(**case)
        assert f"{answer.numerator}/{answer.denominator}" not in message
        assert f"Fraction({answer.numerator}, {answer.denominator})" not in message


def test_a_function_grader_checks_its_own_arguments() -> None:
    with pytest.raises(ValueError, match="cases="):
        function_grader(library_tail, [])
    with pytest.raises(ValueError, match="cases="):
        function_grader(library_tail, [{"q": 1}] * 101)
    with pytest.raises(TypeError, match="reference="):
        function_grader(42, CASES)  # type: ignore[arg-type]
