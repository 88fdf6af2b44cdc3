"""Tests of lesson 05's exercises: the facts their prompts state, the bidder model they describe,
and their usual mistakes and hints."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import liarsdice as ld
from liarsdice import Bid, inference, teach
from liarsdice.agents import HonestBot
from liarsdice.teach import key, lesson05
from liarsdice.teach.answers import mistake_value
from tests.exercises import as_students, shown_answer

EXERCISES = {e.id: e for e in teach.exercises(5)}
BLEF = ld.preset("blef")
TABLE_EXERCISES = ["05.likelihood_ratio", "05.posterior_five", "05.true_given_bid"]


def test_the_lesson_has_its_exercises_in_order() -> None:
    assert list(EXERCISES) == [
        "05.prior_five",
        "05.likelihood_ratio",
        "05.posterior_five",
        "05.true_given_bid",
        "05.base_rate",
        "05.which_model",
        "05.posterior",
    ]
    assert any("predict" in e.tags for e in EXERCISES.values())
    assert any("transfer" in e.tags for e in EXERCISES.values())
    assert EXERCISES["05.which_model"].kind == "open" and key.format_solution("05.which_model")


def test_every_table_prompt_states_the_bidder_and_the_twelve_openings() -> None:
    assert len(BLEF.next_bids(None, max_quantity=2)) == 12
    for exercise_id in TABLE_EXERCISES:
        prompt = EXERCISES[exercise_id].prompt
        assert lesson05.TABLE in prompt
        assert "with chance 1/4" in prompt and "12 legal opening bids" in prompt
        assert "a five opens 1 five, an ace opens 1 ace" in prompt
        assert "one of the face" not in prompt  # the garbled wording is gone


def test_the_bidder_is_honest_one_time_in_four() -> None:
    # trembling(bot, epsilon): the bot's move with chance 1 - epsilon, uniform with epsilon
    for die in range(1, 7):
        view = inference.table_view(BLEF, (1, 1), 0, (die,))
        assert HonestBot().act(view) == Bid(1, die)
        chance = lesson05.honest_ish()(view)[Bid(1, 5)]
        assert chance == Fraction(1, 4) * (die == 5) + Fraction(3, 4) * Fraction(1, 12)


def by_hand(honest: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """Return the likelihood ratio, P(five | 1 five) and P(1 five true) for a bidder honest with
    chance `honest`, written out face by face."""
    chance = {d: honest * (d == 5) + (1 - honest) * Fraction(1, 12) for d in range(1, 7)}
    total = sum(chance.values())
    return chance[5] / chance[3], chance[5] / total, (chance[5] + chance[1]) / total


def test_the_answers_and_the_swapped_shares_by_hand() -> None:
    answers = tuple(key.solution(i) for i in TABLE_EXERCISES)
    assert answers == by_hand(Fraction(1, 4))
    swapped = tuple(
        mistake_value(EXERCISES[i], "honest and random shares swapped") for i in TABLE_EXERCISES
    )
    assert swapped == by_hand(Fraction(3, 4)) == (37, Fraction(37, 42), Fraction(19, 21))


def test_the_main_hints_point_at_the_reasoning_not_the_arithmetic() -> None:
    # the hints of 5.1 to 5.3 once supplied every number; they must leave the numbers to find
    for exercise_id in ("05.prior_five", "05.likelihood_ratio", "05.posterior_five"):
        hint = EXERCISES[exercise_id].hint
        assert not re.search(r"\d+/\d+", hint), hint


def test_the_open_question_builds_its_play_table_in_a_cell() -> None:
    from liarsdice.widgets import PlayTable

    prompt = EXERCISES["05.which_model"].prompt
    assert "lesson 6's PlayTable" not in prompt
    call = re.search(r"`(PlayTable\(.*?\))`", prompt).group(1)
    table = eval(call, {"PlayTable": PlayTable})  # the call the prompt gives works as written
    assert table.hint.description in prompt


# ----- 05.posterior: the student's function ---------------------------------------------------


def posterior_by_enumeration(honest: Fraction, die: int) -> Fraction:
    """Return P(die | 1 five opened): each face weighted 1/6 times its chance of opening 1 five,
    an honest opener bidding 1 of its own face, a random one any of Blef's opening bids."""
    openings = BLEF.next_bids(None, max_quantity=2)
    weights = {
        d: Fraction(1, 6)
        * (honest * (Bid(1, d) == Bid(1, 5)) + (1 - honest) * Fraction(1, len(openings)))
        for d in range(1, 7)
    }
    return weights[die] / sum(weights.values())


def posterior_leaks(message: str) -> bool:
    """Return True if the message shows the answer of one of the grader's cases."""
    return shown_answer(message, lesson05.posterior_of, lesson05.POSTERIOR_CASES) is not None


def test_the_posterior_reference_and_an_enumeration_pass_on_unprinted_cases() -> None:
    assert teach.check("05.posterior", as_students(lesson05.posterior_of)).correct
    assert teach.check("05.posterior", posterior_by_enumeration).correct
    for case in lesson05.POSTERIOR_CASES:
        assert lesson05.posterior_of(**case) == posterior_by_enumeration(**case)
        assert case["honest"] not in (Fraction(1, 2), Fraction(1, 4), Fraction(9, 10))


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lesson05._posterior_swapped, "swapped the two"),
        (lesson05._posterior_joint, "divide it by P(the opening)"),
        (lesson05._posterior_ace_opens_five, "opens 1 ace, not 1 five"),
        (lambda honest, die: Fraction(1, 6), "which is not the posterior"),
        (lambda honest, die: 1 / 0, "raised ZeroDivisionError"),
        (lambda honest, die: "a half", "expected the posterior, a number"),
        (lambda die: 0, "raised TypeError"),
    ],
    ids=["swapped", "joint", "ace", "off", "raises", "text", "signature"],
)
def test_each_wrong_posterior_gets_its_own_message_without_the_answer(function, words) -> None:
    feedback = teach.check("05.posterior", function)
    assert not feedback.correct and words in feedback.message, feedback.message
    assert not posterior_leaks(feedback.message), feedback.message
