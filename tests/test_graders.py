"""Tests of the graders of code exercises: a right simulation and a good bot pass; every kind
of wrong code gets its own message."""

from __future__ import annotations

import numpy as np
import pytest

from liarsdice import Challenge, odds, preset
from liarsdice.agents import ExpectedLossBot, RandomBot
from liarsdice.teach.graders import bot_grader, simulation_grader

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


def test_a_bot_that_beats_the_opponent_passes_and_one_that_does_not_fails() -> None:
    grade = bot_grader(RandomBot, games=40, seed=3)
    assert grade(ExpectedLossBot) == (True, "right")
    assert grade(ExpectedLossBot()) == (True, "right")
    right, message = bot_grader(ExpectedLossBot, games=40, seed=3)(RandomBot)
    assert not right and "does not lie above 1/2" in message and "lesson 5" in message


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
    bot = ExpectedLossBot()
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
