"""Lesson 03 (core track), expectation and variance: halve and double: where k wilds belong by
probability, why the wild count spreads wider than a plain count, and why no fixed conversion
keeps every ladder in order.

Every exercise moves a number of the lesson (eight-sided dice instead of six, Perudo's ladder
at 18 dice, Bluff's stars at 30 dice, the board at 30 dice), so the lesson never shows its
answer. The probabilities are those of the dice alone, as if bids carried no information
(lesson 5 drops that assumption). In 03.spread the student writes the variance of a count for
any n and face; function_grader compares it with the variance of the library's distribution on
unprinted cases, the wild face among them.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from liarsdice import halve_double, odds, symbolic
from liarsdice.bids import Bid
from liarsdice.ladder import ACE_RULES
from liarsdice.rules import preset
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson
from liarsdice.teach.graders import function_grader

register_lesson(3, "Expectation and variance: halve and double", "core")

WILD, PLAIN = Fraction(1, 6), Fraction(1, 3)  # one six-sided die's chance to match
EIGHT_WILD, EIGHT_PLAIN = Fraction(1, 8), Fraction(2, 8)  # the same, for eight-sided dice
RISE_DICE = 18  # the Perudo exercise's unknown dice
STARS, STARS_DICE = 3, 30  # the Bluff exercise: 3 stars among 30 unknown dice
BOARD_DICE = 30  # the board exercise's unknown dice

WORKED = """\
Fix a rule: k wilds sit right after q(k) of a plain face, the same q(k) for every n. Among n
unknown dice let X count a plain face (p = 1/3) and W the wilds (p = 1/6). A ladder is monotone
when every bid is at most as likely as each bid below it.
Take k = 1, q = q(1) and n > q. The bid q + 1 of a plain face ranks above 1 wild, so a monotone
ladder needs P(X >= q + 1) <= P(W >= 1), that is P(X <= q) >= P(W = 0) = (5/6)^n.
But P(X <= q) = sum over j <= q of C(n, j) 2^(n-j) / 3^n <= (q + 1) n^q (2/3)^n, so
P(X <= q) / (5/6)^n <= (q + 1) n^q (4/5)^n, which tends to 0 as n grows: for every large
enough n, q + 1 plain is more likely than the 1 wild it beats, a rise. (X falls short like
(2/3)^n, W like (5/6)^n: the place of 1 wild climbs without end, and no fixed q(1) follows it.)
An instance, k = 2: among 3 dice P(X >= 2) >= P(W >= 2) > P(X >= 3), which forces q(2) = 2;
among 5 dice P(X >= 3) >= P(W >= 2) > P(X >= 4), which forces q(2) = 3. No q(2) does both,
so no fixed rule is monotone for both n = 3 and n = 5."""


def _tail(n: int, p: Fraction, q: int) -> Fraction:
    """Return P(at least q of n dice match), each with chance p (1 for q <= 0, 0 beyond n)."""
    return odds.binomial_tails(n, p, exact=True)[min(max(q, 0), n + 1)]


def _place(k: int, n: int, plain: Fraction = PLAIN) -> int:
    """Return the largest q with P(at least q plain) >= P(at least k wilds), a plain die
    matching with chance `plain` (1/3 is right; 1/6 is the wild forgotten)."""
    wilds = _tail(n, WILD, k)
    return max(q for q in range(n + 1) if _tail(n, plain, q) >= wilds)


def _spread_ratio(wild: Fraction, plain: Fraction, scale: int = 2, square: bool = True) -> object:
    """Return Var(scale W) / Var(X) from the derived variances; scale**1 if not `square`."""
    var_wild = symbolic.symbolic_moments(wild)["variance"]
    var_plain = symbolic.symbolic_moments(plain)["variance"]
    ratio = (scale**2 if square else scale) * var_wild / var_plain
    return Fraction(str(ratio))  # the n cancels: a sympy Rational


def _rise_gap(at_least: bool = True, plain: Fraction = PLAIN) -> Fraction:
    """Return P(at least 3 twos) - P(at least 1 ace) among 18 dice ("at most" if not
    at_least), a two matching with chance `plain`."""
    n = RISE_DICE
    if at_least:
        return _tail(n, plain, 3) - _tail(n, WILD, 1)
    return (1 - _tail(n, plain, 4)) - (1 - _tail(n, WILD, 2))


def _stars_place() -> Bid:
    """Return the highest plain bid of Bluff at least as likely as 3 stars among 30 dice."""
    bluff = preset("bluff")
    return Bid(halve_double.wild_place(STARS, STARS_DICE), bluff.plain_faces[-1])


def _stars_bid(quantity: int) -> Bid:
    """Return `quantity` fives, Bluff's highest plain face."""
    return Bid(quantity, preset("bluff").plain_faces[-1])


def _first_agreeing(plain_below: Callable[[int], int], place: Callable[[int], int]) -> int:
    """Return the smallest k with plain_below(k) == place(k) among the board exercise's dice."""
    n = BOARD_DICE
    return next(k for k in range(1, n + 1) if min(plain_below(k), n) == place(k))


def _board_agrees() -> int:
    """Return the smallest k the board puts where probability does, among 30 dice."""
    return _first_agreeing(
        ACE_RULES["board"].plain_below, lambda k: halve_double.wild_place(k, BOARD_DICE)
    )


register(
    Exercise(
        "03.spread_ratio",
        "A variant is played with eight-sided dice, one face wild: a plain face is matched "
        "with p = 2/8 (the face or the wild), the wild with p = 1/8. Among n such dice let X "
        "count a plain face and W the wilds. What is Var(2W) / Var(X)? Predict first: is it "
        "more or less than for six-sided dice?",
        "fraction",
        lambda: _spread_ratio(EIGHT_WILD, EIGHT_PLAIN),
        "one die adds p(1 - p) to the variance of a count; doubling a count multiplies its "
        "variance by 2 squared. The n cancels in the ratio.",
        mistakes=(
            Mistake(
                "the doubling forgotten",
                lambda: _spread_ratio(EIGHT_WILD, EIGHT_PLAIN, scale=1),
                "k wilds are priced like 2k plain, so compare the spread of 2W, not of W.",
            ),
            Mistake(
                "the 2 not squared",
                lambda: _spread_ratio(EIGHT_WILD, EIGHT_PLAIN, square=False),
                "Var(2W) is not 2 Var(W): a constant factor comes out of a variance squared.",
            ),
            Mistake(
                "the wild forgotten",
                lambda: _spread_ratio(EIGHT_WILD, EIGHT_WILD),
                "a die counts for a plain face when it shows that face or the wild: two faces "
                "of eight.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "03.rise_gap",
        "Perudo's ladder puts 1 ace between 2 and 3 of a plain face, so the raise after 1 ace "
        "is 3 twos. With n = 18 unknown dice and none of them seen (bids read as carrying no "
        "information), what is P(at least 3 twos) - P(at least 1 ace)? A positive answer "
        "means the raise is more likely than the bid it beats: a rise.",
        "fraction",
        _rise_gap,
        "each is one minus the chance of too few matches: fewer than 3 twos with p = 1/3 "
        "(twos and aces), no ace with p = 1/6.",
        mistakes=(
            Mistake(
                "the wild forgotten",
                lambda: _rise_gap(plain=WILD),
                "aces are wild: a die counts for twos when it shows a two or an ace.",
            ),
            Mistake(
                '"at most" read for "at least"',
                lambda: _rise_gap(at_least=False),
                "a bid of q says at least q: take the chances of q or more, not of q or fewer.",
            ),
            Mistake(
                "the difference reversed",
                lambda: -_rise_gap(),
                "subtract in the order asked: the raise (3 twos) minus the bid it beats (1 ace).",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "03.stars_place",
        "Bluff: stars are wild and the plain faces are 1 to 5. Among n = 30 unknown dice, "
        "order the bids by probability (the chances of the dice alone, as if bids told nothing): "
        "3 stars would sit right after the highest plain bid "
        "that is at least as likely as 3 stars. Which bid is that? (Within a quantity the "
        "plain faces rank 1 to 5, so it is a bid of fives.) Predict first: above or below "
        "the 2k = 6 fives that halve and double suggest?",
        "bid",
        _stars_place,
        "find the largest q with P(at least q fives) >= P(at least 3 stars); compare the mean "
        "count n/3 with 2k to guess the side.",
        rules="bluff",
        mistakes=(
            Mistake(
                "halve and double taken as exact",
                lambda: _stars_bid(2 * STARS),
                "2k plain is the rules' guess, not a probability: compare P(at least q fives) "
                "with P(at least 3 stars) for q around 2k.",
            ),
            Mistake(
                "the board's place taken",
                lambda: _stars_bid(2 * STARS - 1),
                "that is where the board puts 3 stars, not where probability does: compare "
                "P(at least q fives) with P(at least 3 stars).",
            ),
            Mistake(
                "one past the place",
                lambda: _stars_bid(halve_double.wild_place(STARS, STARS_DICE) + 1),
                "that bid of fives is already less likely than 3 stars; the stars come after "
                "the last plain quantity that is at least as likely.",
            ),
            Mistake(
                "the wild forgotten",
                lambda: _stars_bid(_place(STARS, STARS_DICE, plain=WILD)),
                "stars are wild: a die counts for fives when it shows a five or a star, so a "
                "plain face is matched twice as often as the star.",
            ),
        ),
        tags=("predict", "transfer"),
    ),
    Exercise(
        "03.board_agrees",
        "Blef's board puts k aces right after 2k-1 of a plain face. With n = 30 unknown dice, "
        "what is the smallest k for which that is where probability puts them, that is "
        "P(at least 2k-1 plain) >= P(at least k aces) > P(at least 2k plain)?",
        "integer",
        _board_agrees,
        "for k = 1, 2, 3, ... in turn, find the largest q with P(at least q plain) >= "
        "P(at least k aces) and compare it with 2k-1.",
        mistakes=(
            Mistake(
                "the Perudo place used for the board",
                lambda: _first_agreeing(
                    ACE_RULES["perudo"].plain_below,
                    lambda k: halve_double.wild_place(k, BOARD_DICE),
                ),
                "that k is where Perudo's 2k agrees with probability; the board puts k aces "
                "after 2k-1 plain.",
            ),
            Mistake(
                "one past the place",
                lambda: _first_agreeing(
                    ACE_RULES["board"].plain_below,
                    lambda k: halve_double.wild_place(k, BOARD_DICE) + 1,
                ),
                "you matched 2k-1 with the first plain quantity less likely than k aces; the "
                "place is the last one at least as likely.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "03.no_fixed_rule",
        "Prove that no conversion rule independent of n (one that puts k wilds right after "
        "q(k) of a plain face, the same q(k) for every number n of dice) keeps the ladder "
        "monotone for every n; better, that its ladder has a rise for every large enough n. "
        "Hint: take k = 1 and compare the chances that the plain count falls short of "
        "q(1) + 1 and that no die is wild, as n grows.",
        "proof",
        lambda: WORKED,
        "a monotone ladder needs each raise at most as likely as the bid it beats; look at "
        "the raise right after 1 wild for large n.",
        worked=WORKED,
        tags=("proof",),
    ),
)


# ----- 03.spread: the student's variance of a count ----------------------------------------------


SPREAD_CASES = (  # Blef; n and faces the lesson does not print
    {"n": 7, "face": 4},
    {"n": 11, "face": 1},  # the wild face: aces alone
    {"n": 23, "face": 6},
    {"n": 9, "face": 2},
)


_WORKED_SPREAD = '''\
from fractions import Fraction

# Each of the n dice counts for face with the same chance p, independently of the others: one
# face of six for aces, two (the face and the wild ace) for a plain face. The count is then
# Binomial(n, p): one die's variance is p(1 - p), and the variances of independent dice add.


def spread(n, face):
    """Return the variance of the count of face among n unknown Blef dice."""
    counting = {face} if face == 1 else {face, 1}
    p = Fraction(len(counting), 6)
    return n * p * (1 - p)


answer = spread
'''  # the worked solution: a notebook cell, as a student writes it


def count_variance(n: int, face: int) -> Fraction:
    """Return Var(count of `face` among n unknown Blef dice), from the library's distribution."""
    chances = odds.count_distribution(face, preset("blef"), n, exact=True)
    mean = sum((c * p for c, p in enumerate(chances)), Fraction(0))
    return sum(((c - mean) ** 2 * p for c, p in enumerate(chances)), Fraction(0))


def _match(face: int) -> Fraction:
    """Return p, the chance one Blef die counts for `face`: 1/6 for aces, 1/3 otherwise."""
    return Fraction(1, 6) if face == 1 else Fraction(1, 3)


def _variance_wild_forgotten(n: int, face: int) -> Fraction:
    """Return n p (1 - p) with p = 1/6 for every face: the aces not counted."""
    return n * Fraction(1, 6) * Fraction(5, 6)


def _variance_as_mean(n: int, face: int) -> Fraction:
    """Return n p, the mean count, in place of the variance."""
    return n * _match(face)


def _variance_aces_as_plain(n: int, face: int) -> Fraction:
    """Return n p (1 - p) with p = 1/3 for aces too: the ace counted twice."""
    return n * Fraction(1, 3) * Fraction(2, 3)


register(
    Exercise(
        "03.spread",
        "Write spread(n, face) for Blef (aces wild; a bid on aces counts aces only): n is a "
        "number of unknown dice, face is 1 to 6 (1 is aces). Return the variance of the count of "
        "dice that count for face among the n dice, as a Fraction (or a float).",
        "code",
        lambda: count_variance,
        "each die counts with chance p (1/3 for a plain face, 1/6 for aces), independently; the "
        "count is binomial, and the variances of independent counts add.",
        grade=function_grader(
            count_variance,
            SPREAD_CASES,
            mistakes=[
                (
                    _variance_wild_forgotten,
                    "aces are wild: a die counts for a plain face with two faces of six.",
                ),
                (_variance_as_mean, "that is the mean count, n p; the variance is n p (1 - p)."),
                (
                    _variance_aces_as_plain,
                    "a bid on aces counts aces only: one face of six, so p = 1/6 for aces.",
                ),
            ],
            what="the variance",
        ),
        worked=_WORKED_SPREAD,
        tags=("code",),
    ),
)
