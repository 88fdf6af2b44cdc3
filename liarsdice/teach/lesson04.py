"""Lesson 04, raise or challenge?: the odds of 9 fives, what a challenge costs, the decision."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import Rules
from liarsdice.scenarios import NINE_FIVES
from liarsdice.teach.core import Exercise, register, register_lesson, words

register_lesson(4, "Raise or challenge? The odds of a bid")

TABLE = (
    f"Four players with five dice each play Blef. You (seat 0) hold "
    f"{words(NINE_FIVES.hand)}; the player before you (seat 3) bids 9 fives."
)


def _cost(rules: Rules, bid: Bid, bidder: int, challenger: int) -> odds.ChallengeCost:
    """Return what challenging `bid` costs at lesson 04's table, from seat 0's view."""
    s = NINE_FIVES
    return odds.challenge_cost(
        bid, rules, s.unknown, s.hand, dice=s.dice, bidder=bidder, challenger=challenger
    )


def _nine_fives() -> Fraction:
    """Return P(9 fives true) from seat 0."""
    s = NINE_FIVES
    return odds.bid_probability(s.bid, s.rules, s.unknown, s.hand, exact=True)


def _challenge_nine_fives() -> Fraction:
    """Return the dice seat 0 expects to lose by challenging 9 fives."""
    s = NINE_FIVES
    return _cost(s.rules, s.bid, s.bidder, s.seat).expected_challenger_loss


def _raise_or_challenge() -> str:
    """Return "challenge" if challenging 9 fives costs less than the cheapest raise, else "raise"."""
    s = NINE_FIVES
    raises = s.rules.next_bids(s.bid, max_quantity=s.total)
    cheapest = min(_cost(s.rules, b, 0, 1).expected_bidder_loss for b in raises)
    return "challenge" if _challenge_nine_fives() < cheapest else "raise"


register(
    Exercise(
        "04.nine_fives",
        f"{TABLE} What is the chance, from your seat, that 9 fives is true?",
        "fraction",
        _nine_fives,
        "count your matches m (fives and aces); the unknown dice must hold at least 9 - m: "
        "a binomial tail with p for a plain face.",
    ),
    Exercise(
        "04.challenge_cost",
        f"{TABLE} If you challenge, how many dice do you expect to lose? (Blef: "
        "a count c above the bid costs you c - 9 dice, an exact count costs every player but "
        "the bidder one die.)",
        "fraction",
        _challenge_nine_fives,
        "weight each possible count by its exact chance; nobody loses more dice than they "
        "have (odds.challenge_cost with dice, bidder and challenger).",
    ),
    Exercise(
        "04.decision",
        f"{TABLE} Should you challenge, or raise? Compare your expected loss if you "
        "challenge with your expected loss for your cheapest raise if the next player "
        "challenges it.",
        "choice",
        _raise_or_challenge,
        "for each raise your loss if it is doubted is challenge_cost(...).expected_bidder_loss; "
        "set the cheapest beside the cost of doubting 9 fives now.",
        choices=("challenge", "raise"),
    ),
)
