"""Lesson 07, strategy: what a challenge costs under each penalty rule, how to test win rates,
and a bot to write. Every answer comes from the library; each exercise moves to a case the
lesson does not compute (a seat down to its last die, a Perudo table, ten tests at once, a new
pair of win rates, a bot to beat in a matchup the lesson never plays: ThresholdBot() heads-up
in Perudo), so that the lesson never shows its answer."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import botkit, odds, stats
from liarsdice.actions import Action, Challenge, Pass
from liarsdice.agents import Bot, ThresholdBot
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import Exercise, Mistake, exact_fraction, register, register_lesson
from liarsdice.teach.graders import bot_grader
from liarsdice.view import View

register_lesson(7, "Strategy: expected loss under each penalty rule")

# 07.last_die: heads-up Blef; the bidder (4 dice) bids 2 fives, you hold a single ace.
LAST_DIE_BID, LAST_DIE_HAND, LAST_DIE_OTHERS = Bid(2, 5), (1,), 4
# 07.perudo_loss: heads-up Perudo; the bidder (5 dice) bids 5 threes, you hold 1 3 3.
PERUDO_BID, PERUDO_HAND, PERUDO_OTHERS = Bid(5, 3), (1, 3, 3), 5
# 07.false_alarm: ten independent tests, each raising a false alarm with chance 5%.
LOOKS, LEVEL = 10, Fraction(1, 20)
# 07.p_value: a bot's wins under two rule sets, in independent games.
WINS_A, WINS_B, GAMES = 54, 40, 80
# 07.beat_threshold: a matchup the lesson never plays (it sweeps ThresholdBot() in Blef only).
BEAT_RULES = "perudo"
PATIENCE = 0.3  # PatientBot challenges only a bid less likely than this


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


def _false_alarms(alarms: int) -> Fraction:
    """Return P(exactly `alarms` of the LOOKS independent tests raise a false alarm)."""
    return odds.binomial_pmf(LOOKS, LEVEL, exact=True)[alarms]


def _p_value(alternative: str = "two-sided") -> float:
    """Return the pooled two-proportion z-test's p-value of WINS_A/GAMES against WINS_B/GAMES."""
    return stats.two_proportion_test(WINS_A, GAMES, WINS_B, GAMES, alternative).p_value


def _corrected_p_value() -> float:
    """Return the two-sided p-value of the chi-square test of the 2x2 table with Yates'
    continuity correction (scipy's default): a mistake. Fisher's exact test gives a p-value
    within the tolerance of it, so this one mistake stands for both."""
    from scipy.stats import chi2_contingency

    table = [[WINS_A, GAMES - WINS_A], [WINS_B, GAMES - WINS_B]]
    return float(chi2_contingency(table, correction=True).pvalue)


def _unpooled_p_value() -> float:
    """Return the two-sided p-value with each rate's own variance (not pooled): a mistake."""
    from scipy.stats import norm

    a, b = WINS_A / GAMES, WINS_B / GAMES
    spread = (a * (1 - a) / GAMES + b * (1 - b) / GAMES) ** 0.5
    return float(2 * norm.sf(abs(a - b) / spread))


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
        "07.last_die",
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
        "07.perudo_loss",
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
        "07.false_alarm",
        f"You run {LOOKS} independent tests, each at the 5% level, and in truth there is "
        "nothing to find: each test raises a false alarm with chance exactly 5%. What is the "
        "chance that at least one of them raises a false alarm?",
        "fraction",
        lambda: odds.binomial_tails(LOOKS, LEVEL, exact=True)[1],
        "'at least one' is the complement of 'none': each test stays quiet with chance "
        "19/20, and the tests are independent.",
        mistakes=(
            Mistake(
                "the chances added",
                lambda: LOOKS * LEVEL,
                "adding the ten chances counts twice the cases where two tests fire together: "
                "the sum is only an upper bound (Bonferroni's).",
            ),
            Mistake(
                "no alarm at all",
                lambda: _false_alarms(0),
                "that is the chance that no test fires; the question asks for its complement.",
            ),
            Mistake(
                "exactly one alarm",
                lambda: _false_alarms(1),
                "that is the chance of exactly one false alarm; two or more count too.",
            ),
        ),
        probability=True,
        tags=("predict",),
    ),
    Exercise(
        "07.p_value",
        f"A bot won {WINS_A} of {GAMES} games under Perudo and {WINS_B} of {GAMES} under Blef, "
        "every game independent. Their 95% Wilson intervals overlap. What is the two-sided "
        "p-value of the pooled two-proportion z-test of 'the two win rates are equal'?",
        "decimal",
        _p_value,
        "pool the games to estimate the common rate p under 'equal', divide the gap between "
        "the two rates by sqrt(p(1 - p)(1/80 + 1/80)), and count both tails of the normal "
        "curve beyond it.",
        tolerance=1e-3,
        mistakes=(
            Mistake(
                "one tail only",
                lambda: _p_value("greater"),
                "the question asks 'equal or not', in either direction: count both tails.",
            ),
            Mistake(
                "the variances not pooled",
                _unpooled_p_value,
                "under 'equal' both rates share one p: estimate it from all the games pooled, "
                "and use it for both variances.",
            ),
            Mistake(
                "a continuity correction or an exact test",
                _corrected_p_value,
                "the question asks for the plain pooled z-test: no continuity correction "
                "(which a chi-square test of the 2x2 table may apply by default), and not an "
                "exact test.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "07.loss_identity",
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
    Exercise(
        "07.beat_threshold",
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
        tags=("code",),
    ),
)
