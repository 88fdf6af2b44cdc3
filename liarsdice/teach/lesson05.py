"""Lesson 05 (core track), Bayes' rule: reading a bid: prior, likelihood and posterior of an
opponent's dice, and the base rate. Every answer comes from liarsdice.inference; each exercise
asks what the lesson's worked example does not compute with one number changed: the opponent's
three dice (lesson 01 works two), the likelihood ratio of "the bid is true" against "false"
(groups of faces, not two faces), a table of four dice (you hold three, so a random bidder has
24 openings, not 12) read for the opener's five and for a raise to 2 fives, four fives instead
of three. In
05.posterior the student writes the posterior of the opener's die for any honest share, by
enumeration; function_grader compares it with inference.posterior on unprinted shares."""

from __future__ import annotations

from fractions import Fraction

from liarsdice import inference, odds
from liarsdice.agents import HonestBot
from liarsdice.bidders import Bidder
from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import Exercise, Mistake, exact_fraction, register, register_lesson
from liarsdice.teach.graders import function_grader
from liarsdice.view import View

register_lesson(5, "Bayes' rule: reading a bid", "core")

HONEST_SHARE = Fraction(1, 4)  # the exercises' bidder bids honestly with this chance
TABLE = (
    "Blef with one die each, two players. You (seat 1) hold a 3. Your opponent is an honest-ish "
    "bidder: with chance 1/4 it bids as an honest player would (it opens 1 of the face its die "
    "shows: a five opens 1 five, an ace opens 1 ace), otherwise it picks one of the 12 legal "
    "opening bids at random, each as likely."
)
BIG_DICE, BIG_HAND = (1, 3), (1, 3, 4)  # the four-dice table: the opener's die, your three
BIG_TABLE = (
    "Blef, two players: your opponent (seat 0) holds one die and you (seat 1) hold three: an "
    "ace, a 3 and a 4. Your opponent is an honest-ish bidder: with chance 1/4 it bids as an "
    "honest player would (it opens 1 of the face its die shows: a five opens 1 five, an ace "
    "opens 1 ace), otherwise it picks one of the legal opening bids at random, each as likely "
    "(every bid of quantity 1 to 4, the dice on the table)."
)
STRONG_BIDS, BLUFFS = Fraction(4, 5), Fraction(1, 5)  # the base-rate exercise's likelihoods


def honest_ish(honest: Fraction = HONEST_SHARE) -> Bidder:
    """Return the exercises' bidder: HonestBot with chance `honest`, else a uniform legal bid.

    trembling(bot, epsilon) plays the bot's move with chance 1 - epsilon and a uniform legal
    move with chance epsilon, so epsilon is the random share, 1 - honest."""
    return inference.trembling(HonestBot(), 1 - honest)


SWAPPED = 1 - HONEST_SHARE  # the honest share a student gets by swapping the two shares


def opening(bid: str = "1x5", dice: tuple[int, int] = (1, 1), hand: tuple[int, ...] = (3,)) -> View:
    """Return your view (seat 1, holding `hand`; a 3 by default) after the opponent opens `bid`."""
    return inference.table_view("blef", dice, 1, hand, [(0, bid)])


def big_opening() -> View:
    """Return your view at the four-dice table (BIG_TABLE) after the opponent opens 1 five."""
    return opening(dice=BIG_DICE, hand=BIG_HAND)


def _posterior(
    face: int, honest: Fraction = HONEST_SHARE, dice: tuple[int, int] = BIG_DICE
) -> Fraction:
    """Return P(the opponent's die shows `face` | it opened 1 five) at the table of `dice`."""
    view = big_opening() if dice == BIG_DICE else opening(dice=dice)
    return exact_fraction(inference.posterior(view, honest_ish(honest), exact=True)[0][(face,)])


def _posterior_five(honest: Fraction = HONEST_SHARE, dice: tuple[int, int] = BIG_DICE) -> Fraction:
    """Return P(the opponent's die is a five | it opened 1 five) at the table of `dice`."""
    return _posterior(5, honest, dice)


def _opening_chance(
    die: int, honest: Fraction = HONEST_SHARE, dice: tuple[int, int] = (1, 1)
) -> Fraction:
    """Return P(opening 1 five | the opener holds `die`) under the exercises' bidder."""
    view = inference.table_view("blef", dice, 0, (die,))
    return exact_fraction(honest_ish(honest)(view)[Bid(1, 5)])  # exact: `honest` is a Fraction


TRUE_FACES, FALSE_FACES = (5, 1), (2, 3, 4, 6)  # the opener's faces that make 1 five true, false


def _group_likelihood(faces: tuple[int, ...], honest: Fraction = HONEST_SHARE) -> Fraction:
    """Return P(opening 1 five | the opener's die is one of `faces`), each face as likely."""
    return sum((_opening_chance(d, honest) for d in faces), Fraction(0)) / len(faces)


def _likelihood_ratio(honest: Fraction = HONEST_SHARE) -> Fraction:
    """Return P(opening 1 five | 1 five true) / P(opening 1 five | 1 five false)."""
    return _group_likelihood(TRUE_FACES, honest) / _group_likelihood(FALSE_FACES, honest)


def _summed_ratio() -> Fraction:
    """Return the faces' likelihoods summed, not averaged: the posterior odds (a mistake)."""
    true, false = (sum(_opening_chance(d) for d in g) for g in (TRUE_FACES, FALSE_FACES))
    return Fraction(true) / false


def _true_given_bid(honest: Fraction = HONEST_SHARE, dice: tuple[int, int] = BIG_DICE) -> Fraction:
    """Return P(2 fives is true | it opened 1 five) from your seat at the table of `dice`, your
    ace counting one: at the lesson's table (you hold a 3 only), P(1 five is true)."""
    if dice == BIG_DICE:
        view, bid = big_opening(), "2x5"
    else:
        view, bid = opening(dice=dice), "1x5"
    return exact_fraction(inference.bid_probability(view, bid, honest_ish(honest), exact=True))


def _strong_prior(rules: str = "blef") -> Fraction:
    """Return P(five dice hold 4 or more fives, wilds counted under `rules`)."""
    return exact_fraction(odds.bid_probability(Bid(4, 5), preset(rules), 5, exact=True))


def _base_rate(strong: Fraction | None = None) -> Fraction:
    """Return P(strong | opened 4 fives) with the exercise's likelihoods, by Bayes' rule."""
    strong = _strong_prior() if strong is None else strong
    return STRONG_BIDS * strong / (STRONG_BIDS * strong + BLUFFS * (1 - strong))


def _no_wild_prior() -> Fraction:
    """Return P(five dice hold 4 or more fives) with the aces forgotten (fives only)."""
    return odds.binomial_tails(5, Fraction(1, 6), exact=True)[4]


SWAPPED_HINT = (
    "the bidder is honest only one time in four and bids at random the other three: it looks "
    "as if you swapped the honest and the random shares."
)

register(
    Exercise(
        "05.prior_five",
        "Blef. An opponent holds three dice, and has not bid yet. What is the chance that at "
        "least one of its dice counts for fives (a five or an ace)?",
        "fraction",
        lambda: odds.bid_probability(Bid(1, 5), preset("blef"), 3, exact=True),
        "a prior is the chance before the evidence. It is easier to find the chance that "
        "no die counts for fives, then take the complement.",
        mistakes=(
            Mistake(
                "the wild forgotten",
                lambda: 1 - Fraction(5, 6) ** 3,  # fives alone
                "an ace counts for fives too: each die counts with 2/6, not 1/6.",
            ),
            Mistake(
                "the three dice's chances added",
                lambda: 3 * Fraction(2, 6),
                "adding 2/6 three times counts twice (or three times) the rolls where several "
                "dice count; go through the complement: no die counts.",
            ),
        ),
        probability=True,
    ),
    Exercise(
        "05.likelihood_ratio",
        f"{TABLE} It opens 1 five. How many times more likely is that opening if 1 five is "
        "true (its die is a five or an ace) than if it is false (its die is a 2, 3, 4 or 6)?",
        "fraction",
        _likelihood_ratio,
        "'true' and 'false' are each a group of faces. Find the chance of the opening from each "
        "face (honestly, or at random); a group's likelihood is the average over its faces, "
        "which are equally likely before the bid. Then compare the two groups.",
        mistakes=(
            Mistake(
                "a five against a three",
                lambda: _opening_chance(5) / _opening_chance(3),
                "that compares a five with a three; 'true' holds two faces (a five, an ace) and "
                "'false' four: average the likelihood over each group's faces.",
            ),
            Mistake(
                "the likelihoods summed, not averaged",
                _summed_ratio,
                "that sums each group's likelihoods, which gives the posterior odds: they still "
                "hold the prior odds (two faces against four). Average over each group instead.",
            ),
            Mistake(
                "honest and random shares swapped",
                lambda: _likelihood_ratio(SWAPPED),
                SWAPPED_HINT,
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "05.posterior_five",
        f"{BIG_TABLE} It opens 1 five. What is the chance that its die is a five?",
        "fraction",
        _posterior_five,
        "Bayes' rule over the opponent's six faces: weigh each face's prior by the chance that "
        "a player holding it opens 1 five (honestly, or at random among this table's legal "
        "openings: count them), then take the five's share of the total.",
        mistakes=(
            Mistake(
                "twelve openings kept",
                lambda: _posterior_five(dice=(1, 1)),
                "that is the table of two dice, with 12 legal openings; with four dice on the "
                "table a random bidder picks among more bids, so a random 1 five is rarer.",
            ),
            Mistake(
                "the likelihood taken for the posterior",
                lambda: _opening_chance(5, dice=BIG_DICE),
                "that is P(opening 1 five | a five), the likelihood; the question asks the "
                "reverse, P(a five | opening 1 five).",
            ),
            Mistake(
                "a five against a three only",
                lambda: (
                    _opening_chance(5, dice=BIG_DICE)
                    / (_opening_chance(5, dice=BIG_DICE) + _opening_chance(3, dice=BIG_DICE))
                ),
                "a five competes with all five other faces, not with the three alone: the "
                "denominator sums over all six.",
            ),
            Mistake(
                "honest and random shares swapped",
                lambda: _posterior_five(SWAPPED),
                SWAPPED_HINT,
            ),
        ),
        probability=True,
        tags=("predict", "transfer"),
    ),
    Exercise(
        "05.true_given_bid",
        f"{BIG_TABLE} It opens 1 five, and you think of raising to 2 fives. From your seat, "
        "what is the chance that 2 fives is true?",
        "fraction",
        _true_given_bid,
        "your ace counts for fives and your 3 and 4 do not, so 2 fives is true exactly when "
        "its die counts for fives too: read the opening with Bayes' rule, then add the "
        "posteriors of the faces that count.",
        mistakes=(
            Mistake(
                "the ace forgotten",
                _posterior_five,
                "the ace is wild: its die counts for fives when it is an ace too.",
            ),
            Mistake(
                "the bid read as saying nothing",
                lambda: odds.bid_probability(Bid(2, 5), preset("blef"), 1, BIG_HAND, exact=True),
                "that is the naive chance, as if the bid said nothing; use the posterior after "
                "the opening.",
            ),
            Mistake(
                "twelve openings kept",
                lambda: _true_given_bid(dice=(1, 1)),
                "that reads the opening at the table of two dice, with 12 legal openings; with "
                "four dice on the table a random bidder picks among more bids.",
            ),
            Mistake(
                "honest and random shares swapped",
                lambda: _true_given_bid(SWAPPED),
                SWAPPED_HINT,
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "05.base_rate",
        "A player with five dice opens 4 fives. Suppose that a player whose dice hold four or "
        "more fives (aces counted) opens that way with chance 4/5, and any other player with "
        "chance 1/5 (a bluff). Given the opening, what is the chance that its dice hold four or "
        "more fives? (Find the base rate first: P(at least 4 of 5 dice count for fives).)",
        "fraction",
        _base_rate,
        "do not stop at 4/5 against 1/5: weigh each by its base rate (P(four or more fives "
        "among five dice), and one minus it) before comparing.",
        mistakes=(
            Mistake(
                "the base rate neglected",
                lambda: STRONG_BIDS,
                "4/5 is P(this opening | strong), not P(strong | this opening): strong hands "
                "are rare, so weigh each likelihood by its base rate.",
            ),
            Mistake(
                "the wild forgotten in the base rate",
                lambda: _base_rate(_no_wild_prior()),
                "an ace counts for fives: each die counts with 2/6 when you find the base rate.",
            ),
        ),
        probability=True,
        tags=("predict",),
    ),
    Exercise(
        "05.which_model",
        "Play a few rounds against bots in a PlayTable with its hint on. Build one in a cell: "
        "`from liarsdice.widgets import PlayTable` then "
        '`PlayTable(rules="blef", players=3, bot="threshold")`, and tick "hint: odds from my '
        'seat" (lesson 10 shows the PlayTable in full; `make app` opens it too). The hint shows '
        "P(true) of the bid both as if the bids said nothing and reading them. When do the two "
        "numbers differ most? Which bidder model (quantal with which beta, or a trembling bot) "
        "best describes the bots you played, and how could you test that from the games you "
        "played?",
        "open",
        lambda: None,
        "think of the bids as data: which model makes the moves you saw most probable?",
        worked=(
            "The two numbers differ most when the bids so far are informative under the model: "
            "several raises on the same face, large jumps, few dice left unseen (each bid then "
            "speaks for a larger share of the hidden dice), and a large beta; they agree when "
            "the bidder model is UNIFORM or beta is near 0.\n"
            "A good answer treats the choice of model as a statistical question: log the games "
            "(the PlayTable's or a tournament's moves with the bots' views), compute each "
            "model's likelihood of the moves the bots made (inference.decisions and the "
            "model's probabilities), and prefer the model, or the beta, with the highest "
            "likelihood, checked on games it was not fitted on. It names what the test "
            "assumes: the bots' play does not change during the games, and moves are "
            "independent given the views. ThresholdBot and ExpectedLossBot choose by their "
            "own dice and the bids, so expect a model that reads bids to fit them better than "
            "UNIFORM; the likelihoods decide by how much."
        ),
        tags=("open",),
    ),
)


# ----- 05.posterior: the student's posterior, by enumeration ------------------------------------


POSTERIOR_CASES = (  # honest shares and dice the lesson does not print
    {"honest": Fraction(1, 3), "die": 5},
    {"honest": Fraction(2, 3), "die": 1},
    {"honest": Fraction(3, 5), "die": 3},
    {"honest": Fraction(1, 5), "die": 5},
    {"honest": Fraction(0), "die": 5},
)
OPENINGS = 12  # the legal opening bids of one die each in Blef


_WORKED_POSTERIOR = '''\
from fractions import Fraction

# Go through the six faces d the opponent's die can show: the prior is 1/6 each, the
# likelihood is P(it opens 1 five | d). An honest player opens 1 of the face it holds; a
# random one picks one of the 12 legal openings (1 or 2 of each face, with two dice in play).
# The posterior is d's weight, prior times likelihood, divided by the sum of the six weights.

OPENINGS = 12


def posterior(honest, die):
    """Return P(the opponent's die shows die | it opened 1 five)."""
    weights = {}
    for d in range(1, 7):
        honest_opens_five = 1 if d == 5 else 0
        likelihood = honest * honest_opens_five + (1 - honest) * Fraction(1, OPENINGS)
        weights[d] = Fraction(1, 6) * likelihood
    return weights[die] / sum(weights.values())


answer = posterior
'''  # the worked solution: a notebook cell, as a student writes it


def posterior_of(honest: Fraction, die: int) -> Fraction:
    """Return P(the opponent's die shows `die` | it opened 1 five) at the exercises' table, its
    bidder honest with chance `honest`: the library's posterior."""
    post = inference.posterior(opening(), honest_ish(honest), exact=True)[0]
    return exact_fraction(post[(die,)])


def _opens_five(honest: Fraction, die: int, wild_five: bool = False) -> Fraction:
    """Return P(opening 1 five | the opener's die), by hand; wild_five: an ace opens 1 five too."""
    honest_five = die == 5 or (wild_five and die == 1)
    return honest * honest_five + (1 - honest) / OPENINGS


def _posterior_by_hand(honest: Fraction, die: int, wild_five: bool = False) -> Fraction:
    """Return the posterior over the six faces, equally likely before the bid."""
    total = sum(_opens_five(honest, d, wild_five) for d in range(1, 7))
    return _opens_five(honest, die, wild_five) / total


def _posterior_swapped(honest: Fraction, die: int) -> Fraction:
    """Return the posterior with the honest and the random shares swapped."""
    return _posterior_by_hand(1 - honest, die)


def _posterior_joint(honest: Fraction, die: int) -> Fraction:
    """Return P(die and the opening), not divided by P(opening)."""
    return Fraction(1, 6) * _opens_five(honest, die)


def _posterior_ace_opens_five(honest: Fraction, die: int) -> Fraction:
    """Return the posterior with an honest ace opening 1 five (the ace taken as a five)."""
    return _posterior_by_hand(honest, die, wild_five=True)


register(
    Exercise(
        "05.posterior",
        "Blef with one die each, two players; your opponent opens 1 five. With chance honest (a "
        "Fraction from 0 to 1) it bids as an honest player would (it opens 1 of the face its die "
        "shows: a five opens 1 five, an ace opens 1 ace), otherwise it picks one of the 12 legal "
        "opening bids at random, each as likely. Write posterior(honest, die), die 1 to 6: "
        "return P(the opponent's die shows die | it opened 1 five), as a Fraction (or a float), "
        "by going through the six faces its die can show.",
        "code",
        lambda: posterior_of,
        "for each face d, the prior 1/6 times the likelihood P(1 five | d) = honest x (1 if an "
        "honest player holding d opens 1 five, else 0) + (1 - honest)/12; divide the weight of "
        "die by the sum of the six weights.",
        grade=function_grader(
            posterior_of,
            POSTERIOR_CASES,
            mistakes=[
                (
                    _posterior_swapped,
                    "honest is the chance of an honest bid and 1 - honest the random share: it "
                    "looks as if you swapped the two.",
                ),
                (
                    _posterior_joint,
                    "that is P(die and the opening); divide it by P(the opening), the sum of the "
                    "six faces' weights.",
                ),
                (
                    _posterior_ace_opens_five,
                    "an honest player holding an ace opens 1 ace, not 1 five.",
                ),
            ],
            what="the posterior",
        ),
        worked=_WORKED_POSTERIOR,
        tags=("code",),
    ),
)
