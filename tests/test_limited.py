"""The student's code always returns: run_limited stops it past its time limit, turns whatever
it raises into StudentError but KeyboardInterrupt, and leaves no thread running; teach.check
says so in a message and the next check works."""

from __future__ import annotations

import threading
import time

import pytest

from liarsdice import teach
from liarsdice.bids import Bid
from liarsdice.teach import answers
from liarsdice.teach.limited import MAX_SECONDS, OutOfTime, StudentError, run_limited


def student_threads() -> list[threading.Thread]:
    """Return the threads still running a student's code."""
    return [t for t in threading.enumerate() if t.name == "liarsdice-student-code"]


def wait_for_no_student_thread(seconds: float = 10.0) -> None:
    """Wait until every stopped thread has ended; fail if one is still running."""
    deadline = time.monotonic() + seconds
    while student_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not student_threads()


class OwnError(BaseException):
    """A student's own exception, not an Exception."""


def test_a_value_comes_back_with_its_arguments() -> None:
    assert run_limited(lambda a, b=0: a + b, 2, b=3, seconds=1) == 5


@pytest.mark.parametrize("catches", [(), (Exception,)])
def test_a_loop_that_never_ends_is_stopped_at_the_limit(catches: tuple[type, ...]) -> None:
    def spin() -> None:
        while True:
            try:
                while True:
                    pass
            except catches:  # student code that swallows what it can
                pass

    started = time.monotonic()
    with pytest.raises(OutOfTime, match=r"within 0\.3 seconds"):
        run_limited(spin, seconds=0.3)
    assert time.monotonic() - started < 2
    wait_for_no_student_thread()


@pytest.mark.parametrize("error", [ValueError("x"), SystemExit(3), OwnError("mine")])
def test_anything_the_code_raises_is_held_but_keyboard_interrupt(error: BaseException) -> None:
    def raises() -> None:
        raise error

    with pytest.raises(StudentError) as caught:
        run_limited(raises, seconds=1)
    assert caught.value.error is error


def test_keyboard_interrupt_passes_through() -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_limited(interrupted, seconds=1)


@pytest.mark.parametrize("seconds", [0, -1, MAX_SECONDS * 2, float("nan"), "1", None])
def test_a_bad_limit_is_refused_before_anything_runs(seconds: object) -> None:
    ran = []
    with pytest.raises(ValueError, match="seconds="):
        run_limited(lambda: ran.append(1), seconds=seconds)  # type: ignore[arg-type]
    assert not ran


def test_check_stops_a_simulation_that_never_returns_and_works_again(monkeypatch) -> None:
    monkeypatch.setattr(answers, "TIME_LIMIT", 1)

    def forever(n: int, trials: int, rng: object) -> list[int]:
        while True:
            pass

    feedback = teach.check("02.simulate", forever)
    assert not feedback.correct and "within 1 seconds, the time limit" in feedback.message
    wait_for_no_student_thread()
    assert teach.check("02.simulate", lambda n, trials, rng: rng.integers(0, 1, size=0)).message


def test_check_stops_a_bot_too_slow_to_finish_its_games(monkeypatch) -> None:
    monkeypatch.setattr(answers, "TIME_LIMIT", 1)

    class Sleepy:
        def act(self, view: object) -> object:
            time.sleep(0.2)
            return view.legal_actions()[-1]  # type: ignore[attr-defined]

    feedback = teach.check("10.beat_threshold", Sleepy)
    assert not feedback.correct and "time limit" in feedback.message
    wait_for_no_student_thread()


def test_check_names_a_students_own_base_exception() -> None:
    def raises(n: int, trials: int, rng: object) -> None:
        raise OwnError("mine")

    feedback = teach.check("02.simulate", raises)
    assert not feedback.correct and "OwnError('mine')" in feedback.message


def test_a_bot_is_named_by_its_class_not_by_a_wrapper() -> None:
    class Stubborn:
        def act(self, view: object) -> Bid:
            return Bid(1, 2)

    feedback = teach.check("10.beat_threshold", Stubborn)
    assert "the bot" in feedback.message and "Stubborn" in feedback.message
    assert "object at 0x" not in feedback.message and "_Guarded" not in feedback.message


FUNCTIONS = [
    e.id for e in teach.exercises() if e.kind == "code" and e.id not in ("10.beat_threshold",)
]


@pytest.mark.parametrize("exercise_id", FUNCTIONS)
def test_every_function_exercise_stops_a_function_that_never_returns(
    monkeypatch, exercise_id: str
) -> None:
    monkeypatch.setattr(answers, "TIME_LIMIT", 1)

    def forever(*args: object, **kwargs: object) -> float:
        while True:
            pass

    feedback = teach.check(exercise_id, forever)
    assert not feedback.correct and "within 1 seconds, the time limit" in feedback.message
    wait_for_no_student_thread()


@pytest.mark.parametrize("exercise_id", FUNCTIONS)
def test_every_function_exercise_names_an_error_and_a_wrong_type(exercise_id: str) -> None:
    def raises(*args: object, **kwargs: object) -> float:
        raise OwnError("mine")

    feedback = teach.check(exercise_id, raises)
    assert not feedback.correct and "OwnError('mine')" in feedback.message

    def text(*args: object, **kwargs: object) -> str:
        return "a lot"

    feedback = teach.check(exercise_id, text)
    assert not feedback.correct and ("'a lot'" in feedback.message or "a str" in feedback.message)
    assert "object at 0x" not in feedback.message
