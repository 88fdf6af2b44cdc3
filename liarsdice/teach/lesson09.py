"""Lesson 09 (advanced track), expected loss and strategy: what a challenge costs under each
penalty rule, challenge or raise, and the chance of a challenge at which the two cost the same.

It holds the exercises that were 04.challenge_cost, 04.decision and 04.break_even (old lesson
04) and 07.last_die, 07.perudo_loss and 07.loss_identity (old lesson 07), now 09.*, and their
helpers: challenge_loss, raise_loss, best_raise and break_even (seat 0's expected losses at a
Scenario) and heads_up_loss; the tables are put in words with lesson 04's table_words and
NO_INFORMATION, and a bid's chance is lesson 04's p_true. Every answer comes from liarsdice.odds;
each exercise moves to a case the lesson does not compute (a table of five players, the bid 10
fives, Perudo's one-die penalty, a seat down to its last die, a Perudo table), so that the lesson
never shows its answer.
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.scenarios import NINE_FIVES, Scenario
from liarsdice.teach.core import (
    Exercise,
    Mistake,
    exact_fraction,
    exact_fractions,
    register,
    register_lesson,
)
from liarsdice.teach.lesson04 import FIVE_PLAYERS, HAND, NO_INFORMATION, p_true, table_words

register_lesson(9, "Expected loss and strategy", "advanced")

TEN_FIVES = Scenario("blef", NINE_FIVES.dice, seat=0, hand=HAND, bid=Bid(10, 5), bidder=3)
PERUDO = Scenario("perudo", NINE_FIVES.dice, seat=0, hand=HAND, bid=Bid(9, 5), bidder=3)

# 09.last_die: heads-up Blef; the bidder (4 dice) bids 2 fives, you hold a single ace.
LAST_DIE_BID, LAST_DIE_HAND, LAST_DIE_OTHERS = Bid(2, 5), (1,), 4
# 09.perudo_loss: heads-up Perudo; the bidder (5 dice) bids 5 threes, you hold 1 3 3.
PERUDO_BID, PERUDO_HAND, PERUDO_OTHERS = Bid(5, 3), (1, 3, 3), 5


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


def _decision() -> str:
    """Return "raise" if the best raise, even when always challenged, costs seat 0 less than
    challenging 9 fives at the table of five players; else "challenge"."""
    return "raise" if best_raise(FIVE_PLAYERS)[1] < challenge_loss(FIVE_PLAYERS) else "challenge"


def _ten_fives_counts() -> list[Fraction]:
    """Return P(count of fives = c) at the table facing 10 fives, from seat 0."""
    s = TEN_FIVES
    return exact_fractions(
        odds.count_distribution(s.bid.face, s.rules, s.unknown, s.hand, exact=True)
    )


def _ten_fives_bidder_loss() -> Fraction:
    """Return the bidder's (seat 3's) expected loss if seat 0 challenges 10 fives."""
    s = TEN_FIVES
    cost = odds.challenge_cost(s.bid, s.rules, s.unknown, s.hand, s.dice, s.bidder, s.seat)
    return exact_fraction(cost.expected_bidder_loss)


def heads_up_loss(rules_name: str, bid: Bid, hand: tuple[int, ...], others: int) -> Fraction:
    """Return the dice a heads-up challenger holding `hand` expects to lose (the bidder holds
    `others` dice), settled by the rules."""
    cost = odds.challenge_cost(bid, preset(rules_name), others, hand)
    return exact_fraction(cost.expected_challenger_loss)


def _last_die_settled(cap: bool, exact_costs: int) -> Fraction:
    """Return the last-die challenger's expected loss under the difference rule, with or without
    the cap at the one die held, and with `exact_costs` dice lost when the count equals the bid
    (the wrong answers of two usual mistakes)."""
    q = LAST_DIE_BID.quantity
    counts = odds.count_distribution(
        LAST_DIE_BID.face, preset("blef"), LAST_DIE_OTHERS, LAST_DIE_HAND, exact=True
    )
    total = Fraction(0)
    for count, chance in enumerate(counts):
        lost = count - q if count > q else exact_costs if count == q else 0
        total += chance * (min(lost, len(LAST_DIE_HAND)) if cap else lost)
    return total


def _perudo_as_difference() -> Fraction:
    """Return the Perudo challenger's expected loss if the loser gave up the difference."""
    rules = preset("perudo", loss="difference", exact="others_lose_one")
    return exact_fraction(
        odds.challenge_cost(PERUDO_BID, rules, PERUDO_OTHERS, PERUDO_HAND).expected_challenger_loss
    )


def _perudo_bidder() -> Fraction:
    """Return the Perudo bidder's expected loss (the sides swapped)."""
    return exact_fraction(
        odds.challenge_cost(
            PERUDO_BID, preset("perudo"), PERUDO_OTHERS, PERUDO_HAND
        ).expected_bidder_loss
    )


def _perudo_without_wilds() -> Fraction:
    """Return P(5 threes) if the aces were not wild: two threes held, each unknown die 1/6."""
    need = PERUDO_BID.quantity - PERUDO_HAND.count(PERUDO_BID.face)
    return odds.binomial_tails(PERUDO_OTHERS, Fraction(1, 6), exact=True)[need]


IDENTITY_PROOF = """\
Let C be the count and q the bid's quantity. Without a cap the challenger loses
L_c = C - q if C > q, 1 if C = q, 0 if C < q; the bidder loses L_b = q - C if C < q, else 0.
Claim: L_c - L_b = (C - q) + [C = q] for every C, where [C = q] is 1 if C = q and 0 otherwise.
  C > q: L_c - L_b = (C - q) - 0 = C - q, and [C = q] = 0.
  C = q: L_c - L_b = 1 - 0 = 1 = (C - q) + 1.
  C < q: L_c - L_b = 0 - (q - C) = C - q, and [C = q] = 0.
Take expectations: by linearity, and since E[[C = q]] = P(C = q),
E[L_c] - E[L_b] = E[C] - q + P(C = q), whatever the distribution of C.
So you expect to lose more than the bidder when q < E[C] (there E[C] - q > 0), and less when
q >= E[C] + 1 (there E[C] - q <= -1, and P(C = q) < 1, since P(C = q) = 1 would make
E[C] = q). With the cap, the terms where |C - q| exceeds the loser's dice shrink, so the
identity then holds only approximately."""


register(
    Exercise(
        "09.last_die",
        "Blef, heads-up. You hold a single die, an ace; the bidder holds four dice and bids "
        "2 fives. You challenge. Under Blef's 'difference' rule (and its exact count: a count "
        "equal to the bid costs everyone but the bidder a die), how many dice do you expect to "
        "lose?",
        "fraction",
        lambda: heads_up_loss("blef", LAST_DIE_BID, LAST_DIE_HAND, LAST_DIE_OTHERS),
        "settle every count of fives on the table (your ace plus the bidder's four dice): for "
        "each count, how many dice would you give up, and how many can you give up?",
        mistakes=(
            Mistake(
                "the capped loss forgotten",
                lambda: _last_die_settled(cap=False, exact_costs=1),
                "you hold a single die: a count far above the bid still costs you no more "
                "than the dice you have.",
            ),
            Mistake(
                "the exact count's rule forgotten",
                lambda: _last_die_settled(cap=True, exact_costs=0),
                "a count exactly equal to the bid makes the bid true, and under Blef's rule "
                "the challenger loses a die then too.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "09.perudo_loss",
        "Perudo (aces wild, whoever is wrong loses one die), heads-up. You hold 1, 3, 3; the "
        "bidder holds five dice and bids 5 threes. You challenge. How many dice do you expect "
        "to lose?",
        "fraction",
        lambda: heads_up_loss("perudo", PERUDO_BID, PERUDO_HAND, PERUDO_OTHERS),
        "under this rule only the side you are on matters: you lose one die exactly when the "
        "bid is true. How many threes (aces count) must the bidder's five dice hold?",
        mistakes=(
            Mistake(
                "the one-die loss read as the difference",
                _perudo_as_difference,
                "under Perudo the loser gives up one die, however far off the bid was: not "
                "the difference between the count and the bid.",
            ),
            Mistake(
                "the sides swapped",
                _perudo_bidder,
                "that is what the bidder expects to lose: the challenger loses when the bid "
                "turns out true.",
            ),
            Mistake(
                "the wild forgotten",
                _perudo_without_wilds,
                "aces are wild in Perudo: your ace counts as a three, and each unknown die "
                "counts with 1/3, not 1/6.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "09.challenge_cost",
        f"{table_words(TEN_FIVES)} {NO_INFORMATION} If you challenge, how many dice do you expect "
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
        "09.decision",
        f"{table_words(FIVE_PLAYERS)} {NO_INFORMATION} Assume the worst for a raise: the next "
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
        "09.break_even",
        f"{table_words(PERUDO)} {NO_INFORMATION} Perudo's penalty: whoever is wrong loses one die. "
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
    Exercise(
        "09.loss_identity",
        "Prove: under the 'difference' rule with no cap on the dice lost (a count C above the "
        "bid costs the challenger C - q dice, a count below it costs the bidder q - C, and a "
        "count equal to it costs the challenger one die), the challenger's expected loss minus "
        "the bidder's is E[C] - q + P(C = q), whatever the distribution of the count C.",
        "proof",
        lambda: IDENTITY_PROOF,
        "compare the two losses count by count, in three cases (C above, at and below q), "
        "then take expectations.",
        worked=IDENTITY_PROOF,
        tags=("proof",),
    ),
)
