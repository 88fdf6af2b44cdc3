"""Tests of lesson 02's exercises beyond tests/test_teach.py: the simulation the student writes
(right ones pass, written any way; wrong ones get the message aimed at their mistake) and the
lesson's mix of exercises."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from liarsdice import odds, teach
from liarsdice.teach.lesson02 import NO_SIXES_CODE, WILD_FORGOTTEN_CODE, simulate_fives
from tests.exercises import as_students

SIMULATE = "02.simulate"
# the reference, as a student's own (the grader refuses the library's code)
own_fives = cast(Callable[..., np.ndarray], as_students(simulate_fives))


def by_face_counts(n: int, trials: int, rng: np.random.Generator) -> list[int]:
    """Return the counts as a list, from each face's tally (a right answer written otherwise)."""
    counts = []
    for _ in range(trials):
        faces = rng.choice(np.arange(1, 7), size=n)
        counts.append(int(np.sum(faces == 5) + np.sum(faces == 1)))
    return counts


def by_library(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return the counts from the library's simulation (right, and as a numpy array)."""
    import liarsdice as ld

    return odds.joker_counts(odds.simulate_counts(n, trials, rng), 5, ld.preset("blef"))


def fives_only(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return the count of fives with the aces forgotten."""
    return (rng.integers(1, 7, size=(trials, n)) == 5).sum(axis=1)


def no_sixes(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return counts from dice rolled with integers(1, 6): faces 1 to 5 only."""
    dice = rng.integers(1, 6, size=(trials, n))
    return ((dice == 5) | (dice == 1)).sum(axis=1)


def one_roll_for_all(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Return the same roll's count for every trial (the dice not rolled afresh)."""
    dice = rng.integers(1, 7, size=n)
    return np.full(trials, np.count_nonzero((dice == 5) | (dice == 1)))


def test_the_reference_and_other_right_simulations_pass() -> None:
    for right in (own_fives, by_face_counts):
        feedback = teach.check(SIMULATE, right)
        assert feedback.correct, (right.__name__, feedback.message)


def test_the_library_and_its_simulation_are_refused() -> None:
    assert "library's own" in teach.check(SIMULATE, simulate_fives).message
    assert (
        "calls liarsdice.odds_simulation.simulate_counts"
        in teach.check(SIMULATE, by_library).message
    )


def test_the_reference_returns_one_count_per_trial_in_range() -> None:
    counts = simulate_fives(15, 1000, np.random.default_rng(1))
    assert counts.shape == (1000,) and counts.min() >= 0 and counts.max() <= 15
    assert abs(counts.mean() - 5) < 0.3  # 15 dice, p = 1/3


def test_the_wild_forgotten_gets_its_own_hint() -> None:
    feedback = teach.check(SIMULATE, fives_only)
    assert not feedback.correct and feedback.message == f"Not yet: {WILD_FORGOTTEN_CODE}"


def test_dice_without_sixes_get_their_own_hint() -> None:
    feedback = teach.check(SIMULATE, no_sixes)
    assert not feedback.correct and feedback.message == f"Not yet: {NO_SIXES_CODE}"


def test_dice_not_rolled_afresh_are_refused() -> None:
    feedback = teach.check(SIMULATE, one_roll_for_all)
    assert not feedback.correct and "afresh" in feedback.message and "rolled 15" in feedback.message


def test_an_exception_is_named() -> None:
    def raises(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        dice = rng.integers(1, 7, size=(trials, n))
        return np.array([int(d == 5 or d == 1) for d in dice])  # a row compared as one value

    feedback = teach.check(SIMULATE, raises)
    assert not feedback.correct and "raised ValueError" in feedback.message


def test_a_wrong_type_is_named() -> None:
    def returns_a_number(n: int, trials: int, rng: np.random.Generator) -> int:
        return int(own_fives(n, trials, rng).sum())

    feedback = teach.check(SIMULATE, returns_a_number)
    assert not feedback.correct and "returned a" in feedback.message and "int" in feedback.message
    assert "one number per trial" in feedback.message


def test_a_wrong_shape_is_named() -> None:
    def returns_the_dice(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        return rng.integers(1, 7, size=(trials, n))  # the dice, not the counts

    def returns_too_few(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        return own_fives(n, trials // 2, rng)

    for wrong in (returns_the_dice, returns_too_few):
        feedback = teach.check(SIMULATE, wrong)
        assert not feedback.correct and "in shape" in feedback.message, feedback.message
        assert "one per trial" in feedback.message


def test_counts_that_are_not_whole_or_out_of_range_are_named() -> None:
    def shares(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        return own_fives(n, trials, rng) / n

    def counts_pips(n: int, trials: int, rng: np.random.Generator) -> np.ndarray:
        return rng.integers(1, 7, size=(trials, n)).sum(axis=1)

    assert "not whole" in teach.check(SIMULATE, shares).message
    assert "outside 0..15" in teach.check(SIMULATE, counts_pips).message


def test_the_lesson_mixes_its_kinds_of_exercise() -> None:
    lesson = teach.exercises(2)
    assert 3 <= len(lesson) <= 6
    assert any("predict" in e.tags for e in lesson)
    assert any("transfer" in e.tags for e in lesson)
    assert [e.id for e in lesson if e.kind == "code"] == [SIMULATE]
    for exercise in lesson:
        if exercise.kind == "fraction":
            assert exercise.mistakes, exercise.id


def test_hints_do_not_name_the_library() -> None:
    for exercise in teach.exercises(2):
        texts = [exercise.hint, *(m.hint for m in exercise.mistakes)]
        for text in texts:
            assert "odds." not in text and "bid_probability" not in text, exercise.id
