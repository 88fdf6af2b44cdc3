"""Tests of lesson 04's exercises: the assumptions their prompts state, the answers they give
under those assumptions, their usual mistakes, and the notebook cells that ask for them."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import liarsdice as ld
from liarsdice import Bid, odds, teach
from liarsdice.rules import changed
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach import lesson04
from liarsdice.teach.answers import mistake_value

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "04_bid_odds_explorer.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(4)}


def test_the_lesson_has_its_exercises_in_order_of_difficulty() -> None:
    assert list(EXERCISES) == [
        "04.nine_fives",
        "04.challenge_cost",
        "04.decision",
        "04.break_even",
    ]
    assert {tag for e in EXERCISES.values() for tag in e.tags} == {"predict", "transfer"}
    assert all("transfer" in e.tags for e in EXERCISES.values())


def test_every_prompt_states_the_no_information_assumption_and_points_to_lesson_5() -> None:
    for exercise in EXERCISES.values():
        assert "uniform and independent" in exercise.prompt, exercise.id
        assert "lesson 5" in exercise.prompt and "Reading a bid" in exercise.prompt


def test_the_decision_holds_under_its_stated_assumption_and_any_other_chance() -> None:
    exercise = EXERCISES["04.decision"]
    assert "always challenges" in exercise.prompt
    s = lesson04.FIVE_PLAYERS
    challenge, (best, raised) = lesson04.challenge_loss(s), lesson04.best_raise(s)
    assert teach.solution("04.decision") == "raise" and raised < challenge
    # raising costs c * raised, at most raised: raise is cheaper for every c in [0, 1]
    assert lesson04.break_even(s) > 1
    assert best in s.rules.next_bids(s.bid, max_quantity=s.total)


def test_at_the_lessons_own_table_the_answer_depends_on_the_chance() -> None:
    c = lesson04.break_even(NINE_FIVES)
    assert 0 < c < 1 and round(float(c), 2) == 0.31
    assert lesson04.best_raise(NINE_FIVES)[0] == Bid(5, 1)


def test_the_break_even_chance_balances_the_two_moves() -> None:
    exercise = EXERCISES["04.break_even"]
    assert "with chance c" in exercise.prompt and "costs you nothing" in exercise.prompt
    c, s = teach.solution("04.break_even"), lesson04.PERUDO
    challenge, (_, raised) = lesson04.challenge_loss(s), lesson04.best_raise(s)
    assert c * raised == challenge
    assert (c - Fraction(1, 100)) * raised < challenge < (c + Fraction(1, 100)) * raised
    # the prediction it asks for: Perudo's one-die penalty makes a challenged raise cheaper,
    # so the break-even chance is higher than Blef's
    assert lesson04.break_even(NINE_FIVES) < c < 1


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
    assert lesson04.break_even(eight_fives) == break_even(variant("perudo", "one"), Bid(8, 5))[0]
    assert changed(ld.preset("blef"), "loss", "one") == dataclasses.replace(
        ld.preset("blef"), loss="one", exact=None
    )


def test_exercise_4_4_turns_on_the_penalty_alone() -> None:
    # at nine fives both ladders offer five aces: the break-even chance moves with the penalty
    answer = teach.solution("04.break_even")
    for ladder in ("board", "perudo"):
        assert break_even(variant(ladder, "one"), Bid(9, 5)) == (answer, Bid(5, 1))
        assert break_even(variant(ladder, "difference"), Bid(9, 5))[0] == (
            lesson04.break_even(NINE_FIVES)
        )
    # every rule decides challenge at nine fives when every raise is challenged
    assert {
        cheaper_if_always_challenged(variant(ladder, loss), Bid(9, 5))
        for ladder in ("board", "perudo")
        for loss in ("difference", "one")
    } == {"challenge"}
    # section 5 no longer sets Perudo's nine-fives costs (one division from 4.4) before it
    before = "".join(
        "".join(c["source"])
        for c in itertools.takewhile(lambda c: c["id"] != "ex04-intro", cells())
    )
    assert (
        "compare(perudo, Bid(9, 5))" not in before
        and "exercise 4.4 asks for Perudo's" not in before
    )


def test_the_prompts_use_their_letters_and_words_as_the_lesson_defines_them() -> None:
    # c is the chance of a challenge; the count is k. The lesson says "challenge", never "doubt".
    assert "a count k above 10 costs you k - 10" in EXERCISES["04.challenge_cost"].prompt
    for exercise in EXERCISES.values():
        texts = (exercise.prompt, exercise.hint, *(m.hint for m in exercise.mistakes))
        assert not any("doubt" in text for text in texts), exercise.id
    assert "whatever the dice" in EXERCISES["04.break_even"].prompt
    assert "only your own dice count" in EXERCISES["04.break_even"].prompt


def test_the_wild_forgotten_in_m_is_two_matches_instead_of_three() -> None:
    exercise = EXERCISES["04.nine_fives"]
    assert ld.preset("blef").count(lesson04.HAND, 5) == 3 and lesson04.HAND.count(5) == 2
    wrong = mistake_value(exercise, "the wild forgotten in m")
    assert wrong == odds.bid_probability(Bid(10, 5), ld.preset("blef"), 20, lesson04.HAND, True)


def cells() -> list[dict]:
    """Return the notebook's cells."""
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def test_the_notebooks_check_cells_are_collapsed_and_its_widgets_untouched() -> None:
    for cell in cells():
        text = "".join(cell["source"])
        assert not re.search(r"\b(explorer|board)\.\w+\.value\s*=", text), text[:80]
        if "checks" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert cell["cell_type"] == "code"
        if cell["cell_type"] == "code" and text.startswith("assert"):
            assert "checks" in cell["metadata"].get("tags", []), text[:80]
