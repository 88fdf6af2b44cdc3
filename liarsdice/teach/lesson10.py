"""Lesson 10 (advanced track), tournaments, tests and power: a challenge settled by the
engine's rules, and a bot to write that beats another in a tournament read with a test.

It holds the exercises that were 06.settle_over and 06.settle_exact (old lesson 06) and
07.beat_threshold (old lesson 07), now 10.*, with their helpers and the reference bot PatientBot,
and 10.power, new: the exact power of a one-sided binomial test (critical_wins, power).
Every answer comes from the library (the rules' settlement, liarsdice.odds' exact binomial
tails, the bot grader); each exercise moves to a case the lesson does not compute (Bluff's star
dice instead of Blef's aces, a small table whose seats are down to their last dice, 50 games at
a true rate of 0.65 where the lesson tabulates 0.55, 0.6 and 0.7 at 30 to 480 games, a matchup
the lesson never plays: ThresholdBot() heads-up in Perudo), so that the lesson never shows its
answer.
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice import botkit, odds
from liarsdice.actions import Action, Challenge, Pass
from liarsdice.agents import Bot, ThresholdBot
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.settlement import settle
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson
from liarsdice.teach.graders import bot_grader
from liarsdice.view import View

register_lesson(10, "Tournaments, tests and power", "advanced")

# 10.settle_over: Bluff, three players with six dice; seat 1 bids 6 fours, seat 2 challenges.
BLUFF_DICE, BLUFF_BID, BLUFF_BIDDER, BLUFF_CHALLENGER = (6, 6, 6), Bid(6, 4), 1, 2
FOURS, STARS = 5, 3  # what the reveal shows
# 10.settle_exact: Blef, four seats holding 2, 1, 3 and 1 dice; seat 2 bids 3 sixes, seat 3
# challenges, and the count is exactly 3.
SMALL_TABLE, SMALL_BID, SMALL_BIDDER, SMALL_CHALLENGER = (2, 1, 3, 1), Bid(3, 6), 2, 3
# 10.beat_threshold: a matchup the lessons never play (lesson 09 sweeps ThresholdBot() in Blef).
BEAT_RULES = "perudo"
PATIENCE = 0.3  # PatientBot challenges only a bid less likely than this
# 10.power: a bot that wins each heads-up game with chance 13/20, 50 games, the one-sided exact
# binomial test of "rate 1/2" at the 5% level.
POWER_GAMES, POWER_RATE = 50, Fraction(13, 20)
NULL_RATE, LEVEL = Fraction(1, 2), Fraction(1, 20)


def _bluff_loss(count: int, loss: str = "difference") -> int:
    """Return the dice the challenger loses at the Bluff table when the count is `count`."""
    rules = preset("bluff") if loss == "difference" else preset("bluff", loss=loss, exact=None)
    lost = settle(rules, BLUFF_DICE, BLUFF_BIDDER, BLUFF_CHALLENGER, BLUFF_BID, count).lost
    return lost[BLUFF_CHALLENGER]


def _dice_left_after_exact() -> int:
    """Return the dice left on the small Blef table after the exact count is settled."""
    outcome = settle(
        preset("blef"), SMALL_TABLE, SMALL_BIDDER, SMALL_CHALLENGER, SMALL_BID, SMALL_BID.quantity
    )
    return sum(outcome.dice)


def critical_wins(games: int, level: Fraction = LEVEL) -> int:
    """Return the fewest wins at which the one-sided exact binomial test of a win rate of 1/2
    rejects at `level`: the smallest k with P(Binomial(games, 1/2) >= k) <= level (games + 1
    if none)."""
    tails = odds.binomial_tails(games, NULL_RATE, exact=True)
    return next(k for k in range(games + 2) if tails[k] <= level)


def power(
    games: int = POWER_GAMES, rate: Fraction = POWER_RATE, level: Fraction = LEVEL, short: int = 0
) -> Fraction:
    """Return the power of that test against a true win rate `rate`: P(Binomial(games, rate)
    >= critical_wins(games, level)), exactly; `short` wins fewer for a usual mistake."""
    return Fraction(
        odds.binomial_tails(games, rate, exact=True)[critical_wins(games, level) - short]
    )


_WORKED_BEAT_THRESHOLD = '''\
from liarsdice import Challenge, Pass, botkit  # for your bot
from liarsdice.agents import Bot

# ThresholdBot challenges every bid less likely than 1/2 from its seat. My bot is more patient:
# it challenges only a bid whose chance from my seat (the bids read as saying nothing) is below
# PATIENCE, and otherwise raises to the cheapest raise most likely to be true.
PATIENCE = 0.3


class MyBot(Bot):
    """Challenges only an unlikely bid; otherwise raises to its likeliest cheapest raise."""

    def act(self, view):
        """Return Challenge() for a bid less likely than PATIENCE, else the likeliest raise."""
        if not botkit.is_move_turn(view):
            return Pass()  # only under show_and_reroll, after my own bid
        previous = view.previous
        if previous is not None and botkit.bid_chance(view, previous) < PATIENCE:
            return Challenge()
        raises = botkit.cheapest_raises(view)  # the lowest raise of each face
        if not raises:
            return Challenge()
        return max(raises, key=lambda bid: botkit.bid_chance(view, bid))


answer = MyBot
'''  # the worked solution: a notebook cell, as a student writes it


class PatientBot(Bot):
    """Challenges only a bid less likely than PATIENCE from its seat (bids read as carrying no
    information); otherwise raises to its most probable cheapest raise."""

    name = "patient"

    def act(self, view: View) -> Action:
        """Return Challenge() for an unlikely bid, else the most probable cheapest raise."""
        if not botkit.is_move_turn(view):
            return Pass()  # only under show_and_reroll, after its own bid
        previous = view.previous
        if previous is not None and botkit.bid_chance(view, previous) < PATIENCE:
            return Challenge()
        raises = botkit.cheapest_raises(view)
        if not raises:
            return Challenge()
        return max(raises, key=lambda bid: botkit.bid_chance(view, bid))  # ties: the lowest


register(
    Exercise(
        "10.settle_over",
        "Bluff (the star, the 6, is wild; the side that was wrong loses the difference between "
        "the count and the bid), three players with six dice each. Seat 1 bids 6 fours and seat "
        f"2 challenges; the dice shown hold {FOURS} fours and {STARS} stars. How many dice does "
        "seat 2, the challenger, lose?",
        "integer",
        lambda: _bluff_loss(FOURS + STARS),
        "count the bid's face with its jokers, decide which side was wrong (a count at or above "
        "the bid makes the bid true), and that side loses the gap between the count and the bid.",
        mistakes=(
            Mistake(
                "the wild forgotten",
                lambda: _bluff_loss(FOURS),
                "the stars are wild: each one counts as a four too, so add them to the fours "
                "before you compare the count with the bid.",
            ),
            Mistake(
                "one die, not the difference",
                lambda: _bluff_loss(FOURS + STARS, loss="one"),
                "under the difference rule the wrong side loses as many dice as the count and "
                "the bid differ by, not always one.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "10.settle_exact",
        "Blef, four players: seats 0, 1, 2 and 3 hold 2, 1, 3 and 1 dice. Seat 2 bids 3 sixes, "
        "seat 3 challenges, and the dice shown hold exactly 3 sixes, aces included. How many "
        "dice are left on the table after the settlement?",
        "integer",
        _dice_left_after_exact,
        "in Blef an exact count proves the bidder right, and it has a rule of its own, not the "
        "difference rule (see the rules in lesson 1): find which seats lose a die, "
        "take one die from each of them (a seat down to its last die loses it and is out), then "
        "add up the dice that every seat still holds.",
        mistakes=(
            Mistake(
                "only the challenger pays",
                lambda: sum(SMALL_TABLE) - 1,
                "in Blef an exact count costs more than the challenger's die: every player but "
                "the bidder loses one.",
            ),
            Mistake(
                "a difference of zero costs nothing",
                lambda: sum(SMALL_TABLE),
                "the difference rule covers a count above or below the bid; an exact count has "
                "a rule of its own in Blef, and it costs dice.",
            ),
            Mistake(
                "the bidder pays too",
                lambda: sum(max(n - 1, 0) for n in SMALL_TABLE),
                "the bidder was exactly right: it is the one player who keeps all its dice.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "10.power",
        "A bot wins each heads-up game with chance 0.65, independently of the other games. You "
        f"will play {POWER_GAMES} games and test the null hypothesis 'its win rate is 1/2' "
        "against 'higher' with the one-sided exact binomial test at the 5% level: it rejects "
        "when the bot's wins reach k, the smallest number of wins whose chance of k or more is "
        "at most 5% if the win rate were 1/2. What is the power of this test: the chance that "
        "it rejects?",
        "fraction",
        power,
        f"first find k: under a rate of 1/2, add the chances of {POWER_GAMES}, "
        f"{POWER_GAMES - 1}, ... wins and stop before the sum passes 5%. Then the power is "
        f"the chance of k or more wins in Binomial({POWER_GAMES}, 0.65).",
        mistakes=(
            Mistake(
                "the level, not the power",
                lambda: power(rate=NULL_RATE),
                "that is the chance of a false alarm: k or more wins when the rate is 1/2. The "
                "power is the chance of k or more wins at the bot's true rate, 0.65.",
            ),
            Mistake(
                "the chance of a miss",
                lambda: 1 - power(),
                "that is the chance that the test misses the edge (does not reject); the power "
                "is its complement.",
            ),
            Mistake(
                "one win too few",
                lambda: power(short=1),
                "at that number of wins the chance of as many or more, under a rate of 1/2, is "
                "above 5%: the test does not reject there. Find the smallest k whose chance is "
                "at most 5% (a normal approximation can land one win short).",
            ),
            Mistake(
                "a two-sided test",
                lambda: power(level=LEVEL / 2),
                "the test is one-sided, 'higher' only: all of the 5% goes to the upper tail, "
                "not half of it.",
            ),
        ),
        probability=True,
        tags=("predict",),
    ),
    Exercise(
        "10.beat_threshold",
        "Write a bot that beats ThresholdBot() heads-up in Perudo: a subclass of "
        "liarsdice.agents.Bot with a method act(view) that returns one of "
        "view.legal_actions(), or a plain function act(view). It plays 200 seeded games "
        "against ThresholdBot(), the two taking turns to sit first; it passes if the 95% "
        "interval of its win rate lies above 1/2.",
        "code",
        lambda: PatientBot,
        "ThresholdBot challenges every bid less likely than 1/2 from its seat, and never asks "
        "what the other move would cost. Decide what your bot should do differently, and try "
        "it in a Perudo tournament of your own before you submit it.",
        grade=bot_grader(
            ThresholdBot, games=200, rules=BEAT_RULES, seed=2027, what="beat ThresholdBot"
        ),
        worked=_WORKED_BEAT_THRESHOLD,
        tags=("code",),
    ),
)
