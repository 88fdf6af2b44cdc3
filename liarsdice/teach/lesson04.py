"""Lesson 04, raise or challenge?: the odds of a bid from your seat, what a challenge costs, and
the decision between challenging and raising under a stated assumption about the next player.

Every exercise moves away from the lesson's worked table (four Blef players, you hold 1 3 5 5 6,
9 fives bid), so that the lesson never prints an answer: a table of five players, the bid 10
fives, and Perudo's one-die penalty. Every answer comes from liarsdice.odds.
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach.core import (
    Exercise,
    Mistake,
    exact_fraction,
    exact_fractions,
    register,
    register_lesson,
    words,
)

register_lesson(4, "Raise or challenge? The odds of a bid")

HAND = NINE_FIVES.hand  # 1 3 5 5 6: three dice count for fives (two fives and the ace)
FIVE_PLAYERS = Scenario("blef", (5,) * 5, seat=0, hand=HAND, bid=Bid(9, 5), bidder=4)
TEN_FIVES = Scenario("blef", NINE_FIVES.dice, seat=0, hand=HAND, bid=Bid(10, 5), bidder=3)
PERUDO = Scenario("perudo", NINE_FIVES.dice, seat=0, hand=HAND, bid=Bid(9, 5), bidder=3)

NO_INFORMATION = (
    "Take the dice you cannot see as uniform and independent, as if the other players' bids "
    "said nothing about their dice (lesson 5, 'Reading a bid', reads them)."
)


PLAYERS = {4: "Four", 5: "Five"}


def _table(s: Scenario) -> str:
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


def challenge_loss(s: Scenario) -> Fraction:
    """Return the dice seat 0 expects to lose by challenging the scenario's bid now."""
    cost = odds.challenge_cost(
        s.bid, s.rules, s.unknown, s.hand, dice=s.dice, bidder=s.bidder, challenger=s.seat
    )
    return exact_fraction(cost.expected_challenger_loss)


def raise_loss(s: Scenario, bid: Bid) -> Fraction:
    """Return the dice seat 0 expects to lose if it bids `bid` and the next seat challenges it."""
    cost = odds.challenge_cost(bid, s.rules, s.unknown, s.hand, dice=s.dice, bidder=0, challenger=1)
    return exact_fraction(cost.expected_bidder_loss)


def best_raise(s: Scenario) -> tuple[Bid, Fraction]:
    """Return the raise over the scenario's bid that costs seat 0 least if challenged, and that
    cost (the first such raise on the ladder when several tie)."""
    raises = s.rules.next_bids(s.bid, max_quantity=s.total)
    return min(((b, raise_loss(s, b)) for b in raises), key=lambda pair: pair[1])


def break_even(s: Scenario) -> Fraction:
    """Return the chance c of the best raise being challenged at which raising (expected loss
    c times its loss if challenged) costs as much as challenging now."""
    return challenge_loss(s) / best_raise(s)[1]


def _tail(n: int, need: int, p: Fraction) -> Fraction:
    """Return P(Binomial(n, p) >= need)."""
    return odds.binomial_tails(n, p, exact=True)[max(need, 0)]


def _need(s: Scenario, matches: int) -> int:
    """Return how many unknown dice must count for the bid's face, given `matches` in hand."""
    return s.bid.quantity - matches


def _m(s: Scenario) -> int:
    """Return the matches in seat 0's hand for the scenario's bid."""
    return s.rules.count(s.hand, s.bid.face)


def _decision() -> str:
    """Return "raise" if the best raise, even when always challenged, costs seat 0 less than
    challenging 9 fives at the table of five players; else "challenge"."""
    return "raise" if best_raise(FIVE_PLAYERS)[1] < challenge_loss(FIVE_PLAYERS) else "challenge"


def _ten_fives_counts() -> list[Fraction]:
    """Return P(count of fives = c) at the lesson's table, from seat 0."""
    s = TEN_FIVES
    return exact_fractions(
        odds.count_distribution(s.bid.face, s.rules, s.unknown, s.hand, exact=True)
    )


def _ten_fives_bidder_loss() -> Fraction:
    """Return the bidder's (seat 3's) expected loss if seat 0 challenges 10 fives."""
    s = TEN_FIVES
    cost = odds.challenge_cost(s.bid, s.rules, s.unknown, s.hand, s.dice, s.bidder, s.seat)
    return exact_fraction(cost.expected_bidder_loss)


THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)

register(
    Exercise(
        "04.nine_fives",
        f"{_table(FIVE_PLAYERS)} {NO_INFORMATION} What is the chance, from your seat, that "
        "9 fives is true?",
        "fraction",
        lambda: p_true(FIVE_PLAYERS),
        "count the matches m in your hand (fives and aces); the 20 dice you cannot see must "
        "hold at least 9 - m more, each counting with chance p for a plain face.",
        probability=True,
        tags=("predict", "transfer"),
        mistakes=(
            Mistake(
                "the wild forgotten in m",
                lambda: _tail(FIVE_PLAYERS.unknown, _need(FIVE_PLAYERS, HAND.count(5)), THIRD),
                "your ace is wild: it counts for fives, so your hand holds three matches, not two.",
            ),
            Mistake(
                "1/6 for a plain face",
                lambda: _tail(FIVE_PLAYERS.unknown, _need(FIVE_PLAYERS, _m(FIVE_PLAYERS)), SIXTH),
                "an unknown die counts for fives if it shows a five or an ace: two faces of six.",
            ),
            Mistake(
                "at most read for at least",
                lambda: (
                    1
                    - _tail(FIVE_PLAYERS.unknown, _need(FIVE_PLAYERS, _m(FIVE_PLAYERS)) + 1, THIRD)
                ),
                "a bid says at least q dice: add the chances of the counts from 9 - m upwards, "
                "not the counts up to it.",
            ),
            Mistake(
                "q - m off by one",
                lambda: _tail(
                    FIVE_PLAYERS.unknown, _need(FIVE_PLAYERS, _m(FIVE_PLAYERS)) - 1, THIRD
                ),
                "the unknown dice must hold at least 9 - m: exactly 9 - m is enough, one fewer "
                "is not.",
            ),
        ),
    ),
    Exercise(
        "04.challenge_cost",
        f"{_table(TEN_FIVES)} {NO_INFORMATION} If you challenge, how many dice do you expect "
        "to lose? (Blef: a count k above 10 costs you k - 10 dice, but never more than the "
        "five you hold; a count of exactly 10 costs every player but the bidder one die; a "
        "count below 10 costs you nothing.)",
        "fraction",
        lambda: challenge_loss(TEN_FIVES),
        "settle every possible count of fives on the table, weight the dice you lose by the "
        "count's chance, and add.",
        tags=("transfer",),
        mistakes=(
            Mistake(
                "the exact count forgotten",
                lambda: challenge_loss(TEN_FIVES) - _ten_fives_counts()[10],
                "a count of exactly 10 makes the bid right: you lose a die then too.",
            ),
            Mistake(
                "one die per lost challenge",
                lambda: p_true(TEN_FIVES),
                "that is Perudo's penalty (one die, lost when the bid is true); in Blef a count "
                "above the bid costs you the difference.",
            ),
            Mistake(
                "the bidder's loss",
                _ten_fives_bidder_loss,
                "that is what the bidder expects to lose; you are the challenger: you lose "
                "dice when the count reaches 10.",
            ),
        ),
    ),
    Exercise(
        "04.decision",
        f"{_table(FIVE_PLAYERS)} {NO_INFORMATION} Assume the worst for a raise: the next "
        "player always challenges it. Which costs you fewer dice on average: challenging "
        "9 fives now, or your best raise?",
        "choice",
        _decision,
        "at this table 20 dice are hidden from you: compute your expected loss if you "
        "challenge 9 fives now, then for each higher bid your expected loss if the next player "
        "challenges it, and set the cheapest higher bid beside the challenge.",
        choices=("challenge", "raise"),
        tags=("transfer",),
    ),
    Exercise(
        "04.break_even",
        f"{_table(PERUDO)} {NO_INFORMATION} Perudo's penalty: whoever is wrong loses one die. "
        "Suppose the next player challenges your best raise (the one that costs you least if "
        "challenged) with chance c, whatever the dice, that a raise not challenged costs you "
        "nothing this round, and that only your own dice count. For which c do raising and "
        "challenging 9 fives now cost you the same number of dice on average?",
        "fraction",
        lambda: break_even(PERUDO),
        "with a one-die penalty, challenging costs you P(9 fives is true) and your raise, if "
        "challenged, costs you P(the raise is false); raising costs c times that. Set the two "
        "equal and solve for c.",
        probability=True,
        tags=("predict", "transfer"),
        mistakes=(
            Mistake(
                "Blef's penalty kept",
                lambda: break_even(NINE_FIVES),
                "that is the break-even chance under Blef's penalty; in Perudo every lost "
                "challenge costs exactly one die, whatever the count.",
            ),
            Mistake(
                "the wrong side of the challenge",
                lambda: (1 - p_true(PERUDO)) / best_raise(PERUDO)[1],
                "as the challenger you lose your die when 9 fives is true, not when it is false.",
            ),
        ),
    ),
)
