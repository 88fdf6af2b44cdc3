"""Lesson 06, play and simulate: settling a challenge, a win rate's Wilson interval and how it
narrows with more games, and a win count tested against chance.

Every answer comes from the library (the rules' settlement, liarsdice.stats). Each exercise moves
to a case the lesson did not compute: Bluff's star dice instead of Blef's aces, a small table
whose seats are down to their last dice, 40 and 160 games instead of 90, and four players
instead of three; the lesson never prints these answers.
"""

from __future__ import annotations

from liarsdice import stats
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.settlement import settle
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson

register_lesson(6, "Play and simulate")

# 06.settle_over: Bluff, three players with six dice; seat 1 bids 6 fours, seat 2 challenges.
BLUFF_DICE, BLUFF_BID, BLUFF_BIDDER, BLUFF_CHALLENGER = (6, 6, 6), Bid(6, 4), 1, 2
FOURS, STARS = 5, 3  # what the reveal shows
# 06.settle_exact: Blef, four seats holding 2, 1, 3 and 1 dice; seat 2 bids 3 sixes, seat 3
# challenges, and the count is exactly 3.
SMALL_TABLE, SMALL_BID, SMALL_BIDDER, SMALL_CHALLENGER = (2, 1, 3, 1), Bid(3, 6), 2, 3
# 06.wilson_width and 06.width_four_times: 12 wins of 40 games, then 48 of 160.
WINS, GAMES, TIMES = 12, 40, 4
# 06.beat_chance: 16 wins of 40 four-player games.
FOUR_WINS, FOUR_GAMES, FOUR_PLAYERS = 16, 40, 4


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


def _width(wins: int, games: int, wald: bool = False) -> float:
    """Return the width (high minus low) of the 95% Wilson interval, or the Wald one."""
    low, high = (stats.wald_interval if wald else stats.wilson_interval)(wins, games)
    return high - low


def _width_undivided(wins: int, games: int, z: float = 1.96) -> float:
    """Return twice the formula's plus-or-minus term, not divided by 1 + z^2/n (a mistake)."""
    share = wins / games
    width: float = 2 * z * (share * (1 - share) / games + z**2 / (4 * games**2)) ** 0.5
    return width


def _width_ratio(wald: bool = False) -> float:
    """Return the width after TIMES times the games (same share) over the width after GAMES."""
    return _width(TIMES * WINS, TIMES * GAMES, wald) / _width(WINS, GAMES, wald)


def _tail(wins: int, share: float, alternative: str = "greater") -> float:
    """Return the one-sided binomial p-value of `wins` in FOUR_GAMES at chance `share`."""
    return stats.binomial_test(wins, FOUR_GAMES, share, alternative)


register(
    Exercise(
        "06.settle_over",
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
        "06.settle_exact",
        "Blef, four players: seats 0, 1, 2 and 3 hold 2, 1, 3 and 1 dice. Seat 2 bids 3 sixes, "
        "seat 3 challenges, and the dice shown hold exactly 3 sixes, aces included. How many "
        "dice are left on the table after the settlement?",
        "integer",
        _dice_left_after_exact,
        "in Blef an exact count proves the bidder right, and it has a rule of its own, not the "
        "difference rule (see the rules at the top of the lesson): find which seats lose a die, "
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
        "06.wilson_width",
        f"A bot wins {WINS} of {GAMES} games. How wide is the 95% Wilson interval of its win "
        "rate (high minus low)?",
        "decimal",
        lambda: _width(WINS, GAMES),
        "put the observed rate, the number of games and z = 1.96 into the lesson's formula; the "
        "width is twice the term after the plus-or-minus sign, divided by 1 + z^2/n like the "
        "rest of the numerator.",
        mistakes=(
            Mistake(
                "the Wald interval",
                lambda: _width(WINS, GAMES, wald=True),
                "that is the width of the textbook interval p +- 1.96 sqrt(p(1-p)/n); Wilson's "
                "interval has the extra z^2/n terms of the lesson's formula.",
            ),
            Mistake(
                "the half-width",
                lambda: _width(WINS, GAMES) / 2,
                "that is the half-width, from the centre to one end; the width is high minus low, "
                "twice as much.",
            ),
            Mistake(
                "the division by 1 + z^2/n forgotten",
                lambda: _width_undivided(WINS, GAMES),
                "in the formula the whole numerator, the term after the plus-or-minus sign "
                "included, is divided by 1 + z^2/n: divide twice that term by it too.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "06.width_four_times",
        f"A bot wins {WINS} of {GAMES} games; another wins {TIMES * WINS} of {TIMES * GAMES}, "
        "the same share from four times the games. Predict first, then compute: the width of "
        "the second bot's 95% Wilson interval divided by the width of the first's.",
        "decimal",
        _width_ratio,
        "compute both widths with the lesson's formula (z = 1.96) and divide the one after more "
        "games by the one after fewer.",
        mistakes=(
            Mistake(
                "the width like 1/n",
                lambda: 1 / TIMES,
                "an interval does not narrow like 1/n: the spread of a win rate goes with "
                "sqrt(p(1-p)/n), so four times the games divide it by about the square root of "
                "four.",
            ),
            Mistake(
                "the Wald interval",
                lambda: _width_ratio(wald=True),
                "exactly one half is the ratio of the textbook (Wald) intervals, whose width is "
                "proportional to 1/sqrt(n); Wilson's z^2/n terms still matter at 40 games, so "
                "compute both Wilson widths and divide.",
            ),
            Mistake(
                "the ratio upside down",
                lambda: 1 / _width_ratio(),
                "divide the width after more games by the width after fewer: more games give a "
                "narrower interval, so the ratio is below 1.",
            ),
        ),
        tags=("predict",),
    ),
    Exercise(
        "06.beat_chance",
        f"Four players. A bot wins {FOUR_WINS} of {FOUR_GAMES} games. If it were no better than "
        "the other three (each game won with chance 1/4, the games independent), what would be "
        f"the chance of {FOUR_WINS} wins or more? (That is the one-sided p-value of the test "
        "against chance.)",
        "decimal",
        lambda: _tail(FOUR_WINS, 1 / FOUR_PLAYERS),
        "under chance the wins are Binomial(40, 1/4): add P(k wins) = C(40, k) (1/4)^k "
        "(3/4)^(40-k) over every k from 16 up, or take one minus the sum below 16.",
        mistakes=(
            Mistake(
                "three players' chance",
                lambda: _tail(FOUR_WINS, 1 / 3),
                "at a table of four, a bot no better than the others wins one game in four, not "
                "one in three as in the lesson's tournament.",
            ),
            Mistake(
                "more than 16, not 16 or more",
                lambda: _tail(FOUR_WINS + 1, 1 / FOUR_PLAYERS),
                "'16 or more' includes 16 itself: start the sum at 16 wins.",
            ),
            Mistake(
                "at most read for at least",
                lambda: _tail(FOUR_WINS, 1 / FOUR_PLAYERS, "less"),
                "the p-value counts the results at least as good for the bot as the one seen: "
                "16 wins or more, not 16 or fewer.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
)
