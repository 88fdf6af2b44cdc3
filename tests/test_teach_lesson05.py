"""Tests of lesson 05's exercises: the facts their prompts state, the bidder model they describe,
and their usual mistakes and hints."""

from __future__ import annotations

import itertools
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
BIG_TABLE_EXERCISES = ["05.posterior_five", "05.true_given_bid"]  # the table of four dice


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
    assert len(BLEF.next_bids(None, max_quantity=4)) == 24  # the four-dice table's openings
    for exercise_id in TABLE_EXERCISES:
        prompt = EXERCISES[exercise_id].prompt
        big = exercise_id in BIG_TABLE_EXERCISES
        assert (lesson05.BIG_TABLE if big else lesson05.TABLE) in prompt
        assert "with chance 1/4" in prompt and "a five opens 1 five, an ace opens 1 ace" in prompt
        assert ("quantity 1 to 4" if big else "12 legal opening bids") in prompt
        assert "one of the face" not in prompt  # the garbled wording is gone


def test_the_bidder_is_honest_one_time_in_four() -> None:
    # trembling(bot, epsilon): the bot's move with chance 1 - epsilon, uniform with epsilon
    for die in range(1, 7):
        view = inference.table_view(BLEF, (1, 1), 0, (die,))
        assert HonestBot().act(view) == Bid(1, die)
        chance = lesson05.honest_ish()(view)[Bid(1, 5)]
        assert chance == Fraction(1, 4) * (die == 5) + Fraction(3, 4) * Fraction(1, 12)


def opens_five(honest: Fraction, die: int, openings: int) -> Fraction:
    """Return P(opening 1 five | the opener's die): an honest opener bids 1 of its own face, a
    random one any of the `openings` legal opening bids."""
    return honest * (die == 5) + (1 - honest) * Fraction(1, openings)


def by_hand(honest: Fraction, openings: int = 12) -> tuple[Fraction, Fraction, Fraction]:
    """Return the likelihood ratio of 1 five true (a five or an ace) against false, P(five | 1
    five) and P(the opener's die counts for fives | 1 five), written out face by face."""
    chance = {d: opens_five(honest, d, openings) for d in range(1, 7)}
    total = sum(chance.values())
    ratio = (chance[5] + chance[1]) / 2 / ((chance[2] + chance[3] + chance[4] + chance[6]) / 4)
    return ratio, chance[5] / total, (chance[5] + chance[1]) / total


def four_dice_by_enumeration(honest: Fraction) -> tuple[Fraction, Fraction]:
    """Return P(the opener's die is a five) and P(2 fives true) given the opening 1 five and
    your ace, 3 and 4: all 6^4 rolls of the table kept when yours are your hand, each weighted
    by the chance of the opening (24 legal openings: 1 to 4 of five plain faces, 1 to 4 aces)."""
    weights = {}
    for roll in itertools.product(range(1, 7), repeat=4):  # the opener's die, then your three
        if roll[1:] == (1, 3, 4):
            weights[roll] = Fraction(1, 6**4) * opens_five(honest, roll[0], 5 * 4 + 4)
    total = sum(weights.values())
    five = sum(w for r, w in weights.items() if r[0] == 5) / total
    true = sum(w for r, w in weights.items() if sum(d in (1, 5) for d in r) >= 2) / total
    return five, true


def test_the_answers_and_the_swapped_shares_by_hand() -> None:
    assert key.solution("05.likelihood_ratio") == by_hand(Fraction(1, 4))[0] == 3
    big = four_dice_by_enumeration(Fraction(1, 4))
    assert (key.solution("05.posterior_five"), key.solution("05.true_given_bid")) == big
    assert big == (Fraction(9, 14), Fraction(5, 7))
    swapped = tuple(
        mistake_value(EXERCISES[i], "honest and random shares swapped") for i in TABLE_EXERCISES
    )
    big_swapped = four_dice_by_enumeration(Fraction(3, 4))
    assert swapped == (by_hand(Fraction(3, 4))[0], *big_swapped) == (19, *big_swapped)
    assert big_swapped == (Fraction(73, 78), Fraction(37, 39))


def test_the_other_usual_mistakes_by_hand() -> None:
    def wrong(exercise_id: str, name: str) -> Fraction:
        return mistake_value(EXERCISES[exercise_id], name)

    quarter = Fraction(1, 4)
    five, three, ace = (opens_five(quarter, d, 12) for d in (5, 3, 1))
    assert wrong("05.likelihood_ratio", "a five against a three") == five / three == 5
    summed = (five + ace) / (4 * three)  # the posterior odds: the prior odds 2 : 4 kept
    assert wrong("05.likelihood_ratio", "the likelihoods summed, not averaged") == summed
    assert summed == Fraction(3, 2)
    big_five, big_three = opens_five(quarter, 5, 24), opens_five(quarter, 3, 24)
    assert wrong("05.posterior_five", "twelve openings kept") == by_hand(quarter)[1]
    assert wrong("05.posterior_five", "the likelihood taken for the posterior") == big_five
    assert wrong("05.posterior_five", "a five against a three only") == big_five / (
        big_five + big_three
    )
    assert wrong("05.true_given_bid", "the ace forgotten") == Fraction(9, 14)
    assert wrong("05.true_given_bid", "the bid read as saying nothing") == Fraction(1, 3)
    assert wrong("05.true_given_bid", "twelve openings kept") == by_hand(quarter)[2]
    for exercise_id in TABLE_EXERCISES:
        values = [wrong(exercise_id, m.name) for m in EXERCISES[exercise_id].mistakes]
        assert key.solution(exercise_id) not in values and len(set(values)) == len(values)


def test_no_answer_is_one_number_away_from_the_lessons_cells() -> None:
    """The lesson prints section 1's table (12 openings) and section 2's three-dice table (18
    openings; seat 1's raise leaves seat 0's posterior alone), both at an honest share of 1/2.
    With one number changed (the share to 1/4, or the openings to 24) they give every face's
    posterior, P(1 five true) and the likelihood ratios, and none is an answer: each answer
    needs the share of 1/4 and the 24 openings at once, or a ratio of groups of faces."""
    half, quarter = Fraction(1, 2), Fraction(1, 4)
    neighbours = set()
    for honest, openings in ((half, 12), (half, 18), (quarter, 12), (quarter, 18), (half, 24)):
        chance = {d: opens_five(honest, d, openings) for d in range(1, 7)}
        total = sum(chance.values())
        neighbours |= {chance[d] / total for d in chance} | {chance[5] / chance[3]}
        neighbours |= {(chance[5] + chance[1]) / total}
    assert {Fraction(13, 18), Fraction(7, 9), 13} <= neighbours  # the printed numbers
    assert not neighbours & {key.solution(i) for i in TABLE_EXERCISES}


def test_the_prior_of_three_dice_by_enumeration() -> None:
    rolls = list(itertools.product(range(1, 7), repeat=3))
    some = Fraction(sum(any(d in (1, 5) for d in r) for r in rolls), len(rolls))
    assert key.solution("05.prior_five") == some == Fraction(19, 27)
    exercise = EXERCISES["05.prior_five"]
    assert mistake_value(exercise, "the wild forgotten") == Fraction(
        sum(5 in r for r in rolls), len(rolls)
    )
    assert mistake_value(exercise, "the three dice's chances added") == 1
    assert some != Fraction(5, 9)  # lesson 01 works two dice: 20 of 36 rolls


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
        (as_students(lesson05._posterior_swapped), "swapped the two"),
        (as_students(lesson05._posterior_joint), "divide it by P(the opening)"),
        (as_students(lesson05._posterior_ace_opens_five), "opens 1 ace, not 1 five"),
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
