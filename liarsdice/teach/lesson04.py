"""Lesson 04 (core track), conditional probability: the odds of a bid from your seat,
P(bid true | my hand).

It holds the exercise 04.nine_fives (a fifth player, down to three dice, joins the lesson's four:
18 dice unknown, a count no lesson tabulates; with 20, lesson 01's board and lesson 03's table
would show the answer) and the helpers lesson 09 shares to state its tables: HAND, FIVE_PLAYERS,
NO_INFORMATION, table_words(s) and p_true(s). Every answer comes from liarsdice.odds; no lesson
prints it.
In 04.p_true the student writes the chance for any bid, hand and table (graded by function_grader
on unprinted cases, the wild face and a hand that makes the bid among them, against chance_true).
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach.core import Exercise, Mistake, exact_fraction, register, register_lesson, words
from liarsdice.teach.graders import function_grader

register_lesson(4, "Conditional probability: the odds of a bid from your seat", "core")

HAND = NINE_FIVES.hand  # 1 3 5 5 6: three dice count for fives (two fives and the ace)
FIVE_PLAYERS = Scenario("blef", (5,) * 5, seat=0, hand=HAND, bid=Bid(9, 5), bidder=4)

NO_INFORMATION = (
    "Take the dice you cannot see as uniform and independent, as if the other players' bids "
    "said nothing about their dice (lesson 5, 'Bayes' rule: reading a bid', reads them)."
)


PLAYERS = {4: "Four", 5: "Five"}
# 04.nine_fives: the lesson's table and a fifth player (seat 4) with three dice left, who bids
SHORT_FIFTH = Scenario("blef", (5, 5, 5, 5, 3), seat=0, hand=HAND, bid=Bid(9, 5), bidder=4)


def table_words(s: Scenario) -> str:
    """Return the scenario in words: the players, your hand and the bid before you."""
    return (
        f"{PLAYERS[len(s.dice)]} players with five dice each play {s.rules_name.capitalize()}. You "
        f"(seat 0) hold {words(s.hand)}; the player before you (seat {s.bidder}) bids "
        f"{s.rules.describe(s.bid)}."
    )


def p_true(s: Scenario, bid: Bid | None = None) -> Fraction:
    """Return P(`bid`, the scenario's bid by default, is true) from seat 0's view."""
    return exact_fraction(
        odds.bid_probability(bid or s.bid, s.rules, s.unknown, s.hand, exact=True)
    )


def _tail(n: int, need: int, p: Fraction) -> Fraction:
    """Return P(Binomial(n, p) >= need)."""
    return odds.binomial_tails(n, p, exact=True)[max(need, 0)]


def _need(s: Scenario, matches: int) -> int:
    """Return how many unknown dice must count for the bid's face, given `matches` in hand."""
    return s.bid.quantity - matches


def _m(s: Scenario) -> int:
    """Return the matches in seat 0's hand for the scenario's bid."""
    return s.rules.count(s.hand, s.bid.face)


THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)

register(
    Exercise(
        "04.nine_fives",
        "Five players play Blef: four with five dice each, and a fifth player down to three "
        f"dice. You (seat 0) hold {words(HAND)}; the player before you (seat 4, the one with "
        f"three dice) bids {SHORT_FIFTH.rules.describe(SHORT_FIFTH.bid)}. {NO_INFORMATION} What "
        "is the chance, from your seat, that 9 fives is true?",
        "fraction",
        lambda: p_true(SHORT_FIFTH),
        "count the matches m in your hand (fives and aces), and the dice you cannot see: they "
        "must hold at least 9 - m more, each counting with chance p for a plain face.",
        probability=True,
        tags=("predict", "transfer"),
        mistakes=(
            Mistake(
                "the wild forgotten in m",
                lambda: _tail(SHORT_FIFTH.unknown, _need(SHORT_FIFTH, HAND.count(5)), THIRD),
                "your ace is wild: it counts for fives, so your hand holds three matches, not two.",
            ),
            Mistake(
                "1/6 for a plain face",
                lambda: _tail(SHORT_FIFTH.unknown, _need(SHORT_FIFTH, _m(SHORT_FIFTH)), SIXTH),
                "an unknown die counts for fives if it shows a five or an ace: two faces of six.",
            ),
            Mistake(
                "at most read for at least",
                lambda: (
                    1 - _tail(SHORT_FIFTH.unknown, _need(SHORT_FIFTH, _m(SHORT_FIFTH)) + 1, THIRD)
                ),
                "a bid says at least q dice: add the chances of the counts from 9 - m upwards, "
                "not the counts up to it.",
            ),
            Mistake(
                "five dice for the fifth player",
                lambda: p_true(FIVE_PLAYERS),
                "the fifth player has three dice left, not five: count the dice you cannot see "
                "again.",
            ),
            Mistake(
                "q - m off by one",
                lambda: _tail(SHORT_FIFTH.unknown, _need(SHORT_FIFTH, _m(SHORT_FIFTH)) - 1, THIRD),
                "the unknown dice must hold at least 9 - m: exactly 9 - m is enough, one fewer "
                "is not.",
            ),
        ),
    ),
)


# ----- 04.p_true: the student's P(bid true | my hand) --------------------------------------------


P_TRUE_CASES = (  # Blef; none is the lesson's hand or table
    {"q": 4, "face": 3, "unknown": 10, "hand": (2, 1, 3, 6, 6)},
    {"q": 3, "face": 1, "unknown": 10, "hand": (1, 2, 2, 4, 5)},  # the wild face: aces only
    {"q": 2, "face": 6, "unknown": 5, "hand": (6, 1, 3, 4, 4)},  # the hand makes the bid
    {"q": 7, "face": 2, "unknown": 15, "hand": (2, 2, 5, 5, 6)},
)


_WORKED_P_TRUE = '''\
from fractions import Fraction
from math import comb

# My hand shows m dice that count for face; the bid is true if the unknown dice hold at least
# q - m more. Each unknown die counts with chance p, independently: a binomial tail.


def p_true(q, face, unknown, hand):
    """Return P(at least q dice count for face | hand), the unknown dice uniform."""
    counting = {face} if face == 1 else {face, 1}  # aces are wild for a plain face
    m = sum(1 for die in hand if die in counting)
    need = q - m
    if need <= 0:
        return Fraction(1)  # my hand already makes the bid
    p = Fraction(len(counting), 6)
    total = Fraction(0)
    for j in range(need, unknown + 1):  # j of the unknown dice count
        total += comb(unknown, j) * p**j * (1 - p) ** (unknown - j)
    return total


answer = p_true
'''  # the worked solution: a notebook cell, as a student writes it


def chance_true(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return P(at least q dice count for `face` on the table | hand) in Blef, the unknown dice
    uniform: the library's binomial tail with the wild face."""
    return exact_fraction(
        odds.bid_probability(Bid(q, face), preset("blef"), unknown, hand, exact=True)
    )


def _p(face: int) -> Fraction:
    """Return the chance that one unknown die counts for `face` in Blef: 1/6 for aces, else 1/3."""
    return SIXTH if face == 1 else THIRD


def _true_hand_forgotten(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return the chance with the hand's matches left out."""
    return _tail(unknown, q, _p(face))


def _true_wild_forgotten(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return the chance with the aces counted as plain: p = 1/6, the face alone in hand."""
    return _tail(unknown, q - hand.count(face), SIXTH)


def _true_more_than(q: int, face: int, unknown: int, hand: tuple[int, ...]) -> Fraction:
    """Return P(more than q dice count): "more than" read for "at least"."""
    return _tail(unknown, q + 1 - preset("blef").count(hand, face), _p(face))


register(
    Exercise(
        "04.p_true",
        "Write p_true(q, face, unknown, hand) for Blef (aces wild; a bid on aces counts aces "
        "only): q and face are the bid q faces (face 1 is aces), unknown is how many dice you "
        "cannot see, hand is a tuple of your dice. Return the chance that the table holds at "
        "least q dice counting for face, given your hand, the unknown dice being uniform and "
        "independent, as a Fraction (or a float).",
        "code",
        lambda: chance_true,
        "count the matches m in the hand; the unknown dice must hold at least q - m more, each "
        "counting with chance p (1/3 for a plain face, 1/6 for aces); if q - m <= 0 the bid is "
        "already true.",
        grade=function_grader(
            chance_true,
            P_TRUE_CASES,
            mistakes=[
                (
                    _true_hand_forgotten,
                    "your hand counts too: its matches lower what the unknown dice must hold.",
                ),
                (
                    _true_wild_forgotten,
                    "aces are wild: they count for a plain face, in your hand "
                    "and among the unknown dice (two faces of six).",
                ),
                (_true_more_than, "the bid says at least q: exactly q dice are enough."),
            ],
        ),
        worked=_WORKED_P_TRUE,
        tags=("code",),
    ),
)
