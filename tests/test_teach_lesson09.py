"""Tests of lesson 09's exercises: the assumptions their prompts state, the answers they give
under those assumptions and under other rules, their usual mistakes worked by hand, and the
notebook, which does not compute an exercise before asking it."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import liarsdice as ld
from liarsdice import Bid, odds, teach
from liarsdice.rules import changed
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach import key, lesson04, lesson09
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells, source

NOTEBOOK = NOTEBOOKS / "advanced" / "09_expected_loss_and_strategy.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(9)}


def test_the_lesson_has_its_exercises_in_order_of_difficulty() -> None:
    assert list(EXERCISES) == [
        "09.last_die",
        "09.perudo_loss",
        "09.challenge_cost",
        "09.decision",
        "09.break_even",
        "09.loss_identity",
    ]
    assert {tag for e in EXERCISES.values() for tag in e.tags} == {"predict", "transfer", "proof"}
    assert all("transfer" in e.tags for e in EXERCISES.values() if e.kind != "proof")


def test_the_decision_holds_under_its_stated_assumption_and_any_other_chance() -> None:
    exercise = EXERCISES["09.decision"]
    assert "always challenges" in exercise.prompt
    s = lesson04.FIVE_PLAYERS
    challenge, (best, raised) = lesson09.challenge_loss(s), lesson09.best_raise(s)
    assert key.solution("09.decision") == "raise" and raised < challenge
    # raising costs c * raised, at most raised: raise is cheaper for every c in [0, 1]
    assert lesson09.break_even(s) > 1
    assert best in s.rules.next_bids(s.bid, max_quantity=s.total)


def test_at_the_lessons_own_table_the_answer_depends_on_the_chance() -> None:
    c = lesson09.break_even(NINE_FIVES)
    assert 0 < c < 1 and round(float(c), 2) == 0.31
    assert lesson09.best_raise(NINE_FIVES)[0] == Bid(5, 1)


def test_the_break_even_chance_balances_the_two_moves() -> None:
    exercise = EXERCISES["09.break_even"]
    assert "with chance c" in exercise.prompt and "costs you nothing" in exercise.prompt
    c, s = key.solution("09.break_even"), lesson09.PERUDO
    challenge, (_, raised) = lesson09.challenge_loss(s), lesson09.best_raise(s)
    assert c * raised == challenge
    assert (c - Fraction(1, 100)) * raised < challenge < (c + Fraction(1, 100)) * raised
    # the prediction it asks for: Perudo's one-die penalty makes a challenged raise cheaper,
    # so the break-even chance is higher than Blef's
    assert lesson09.break_even(NINE_FIVES) < c < 1


def variant(ladder: str, loss: str) -> ld.Rules:
    """Return Blef with one ladder (ace rule) and one penalty (loss rule)."""
    return changed(changed(ld.preset("blef"), "ace_rule", ladder), "loss", loss)


def break_even(rules: ld.Rules, bid: Bid) -> tuple[Fraction, Bid]:
    """Return the break-even chance at the lesson's table facing `bid`, and the best raise."""
    s = NINE_FIVES
    challenge = odds.challenge_cost(bid, rules, s.unknown, s.hand, s.dice, s.bidder, s.seat)

    def raised(b: Bid) -> Fraction:
        return odds.challenge_cost(b, rules, s.unknown, s.hand, s.dice, 0, 1).expected_bidder_loss

    best = min(rules.next_bids(bid, max_quantity=s.total), key=raised)
    return challenge.expected_challenger_loss / raised(best), best


def cheaper_if_always_challenged(rules: ld.Rules, bid: Bid) -> str:
    """Return the move that costs seat 0 less when every raise is challenged."""
    return "challenge" if break_even(rules, bid)[0] < 1 else "raise"


def test_at_eight_fives_the_ladder_flips_the_decision_and_the_penalty_does_not() -> None:
    moves = {
        (ladder, loss): cheaper_if_always_challenged(variant(ladder, loss), Bid(8, 5))
        for ladder in ("board", "perudo")
        for loss in ("difference", "one")
    }
    assert moves == {
        ("board", "difference"): "challenge",
        ("board", "one"): "challenge",
        ("perudo", "difference"): "raise",
        ("perudo", "one"): "raise",
    }
    assert break_even(variant("perudo", "difference"), Bid(8, 5))[1] == Bid(4, 1)
    assert break_even(variant("board", "one"), Bid(8, 5))[1] == Bid(8, 6)
    # the full Perudo rules decide as Blef with Perudo's ladder and penalty
    eight_fives = Scenario("perudo", NINE_FIVES.dice, 0, NINE_FIVES.hand, Bid(8, 5), 3)
    assert lesson09.break_even(eight_fives) == break_even(variant("perudo", "one"), Bid(8, 5))[0]
    assert changed(ld.preset("blef"), "loss", "one") == dataclasses.replace(
        ld.preset("blef"), loss="one", exact=None
    )


def test_the_break_even_exercise_turns_on_the_penalty_alone() -> None:
    # at nine fives both ladders offer five aces: the break-even chance moves with the penalty
    answer = key.solution("09.break_even")
    for ladder in ("board", "perudo"):
        assert break_even(variant(ladder, "one"), Bid(9, 5)) == (answer, Bid(5, 1))
        assert break_even(variant(ladder, "difference"), Bid(9, 5))[0] == (
            lesson09.break_even(NINE_FIVES)
        )
    # every rule decides challenge at nine fives when every raise is challenged
    assert {
        cheaper_if_always_challenged(variant(ladder, loss), Bid(9, 5))
        for ladder in ("board", "perudo")
        for loss in ("difference", "one")
    } == {"challenge"}


def test_the_notebook_does_not_set_perudos_nine_fives_costs_before_the_exercises() -> None:
    before = "".join(
        source(c)
        for c in itertools.takewhile(
            lambda c: not source(c).startswith("## Exercises"), cells(NOTEBOOK)
        )
    )
    assert "compare(perudo, Bid(9, 5))" not in before


def test_the_prompts_use_their_letters_and_words_as_the_lesson_defines_them() -> None:
    # c is the chance of a challenge; the count is k. The lesson says "challenge", never "doubt".
    assert "a count k above 10 costs you k - 10" in EXERCISES["09.challenge_cost"].prompt
    for exercise in EXERCISES.values():
        texts = (exercise.prompt, exercise.hint, *(m.hint for m in exercise.mistakes))
        assert not any("doubt" in text for text in texts), exercise.id
    assert "whatever the dice" in EXERCISES["09.break_even"].prompt
    assert "only your own dice count" in EXERCISES["09.break_even"].prompt


def test_the_usual_mistakes_give_the_wrong_answers_worked_by_hand() -> None:
    # last die: the count is 1 + Binomial(4, 1/3); its chances times 81 are 16, 32, 24, 8, 1.
    last = EXERCISES["09.last_die"]
    assert key.solution("09.last_die") == Fraction(32 + 24 + 8 + 1, 81)
    assert mistake_value(last, "the capped loss forgotten") == Fraction(32 + 24 + 2 * 8 + 3, 81)
    assert mistake_value(last, "the exact count's rule forgotten") == Fraction(24 + 8 + 1, 81)
    # Perudo: the count is 3 + Binomial(5, 1/3); chances times 243: 32, 80, 80, 40, 10, 1.
    perudo = EXERCISES["09.perudo_loss"]
    assert key.solution("09.perudo_loss") == Fraction(80 + 40 + 10 + 1, 243)
    assert mistake_value(perudo, "the one-die loss read as the difference") == Fraction(
        80 + 40 + 2 * 10 + 3, 243
    )
    assert mistake_value(perudo, "the sides swapped") == Fraction(32 + 80, 243)
