"""Lesson 01 (core track), outcomes and counting: the rules and the board: the ladder's
conversions, what counts as a raise, a bid's place on the ladder, and the same board on Bluff's
star dice.

Every answer comes from the rules' ladder (liarsdice.rules). Most usual mistakes are the answer
another order of bids gives (Perudo's ladder, the wild ranked as one face above the six, the
wild field skipped); the others are slips in the rule (one not added, counting from one). The
checker recognises each from the wrong answer and gives its own hint. The lesson prints none of
the answers: it prints the board's fields up to plain 8 and works the sources' examples, but
leaves the players' guide's example from 9 threes to exercise 01.halve_nine (the tests compare
that answer with the guide's number). Exercises 01.after_fifteen_sixes and
01.bluff_after_thirteen_fives ask about fields beyond the printed ones (the id
01.after_fifteen_sixes is kept for tests/test_teach.py, though the question is now on 15 sixes).
In 01.count_ways the student writes ways(n, q, face), the rolls of n dice holding at least q dice
that count for a face; function_grader compares it with liarsdice.teach.counting_rolls (the
reference, cases the lesson never prints, and the wild forgotten, "exactly" and "more than").
"""

from __future__ import annotations

import math

from liarsdice.bids import Bid
from liarsdice.rules import Rules, preset
from liarsdice.teach.core import BLEF_TEXT, Exercise, Mistake, register, register_lesson
from liarsdice.teach.counting_rolls import (
    WAYS_CASES,
    WORKED_COUNT_WAYS,
    count_ways,
    ways_exactly,
    ways_more_than,
    ways_wild_forgotten,
)
from liarsdice.teach.graders import function_grader

register_lesson(1, "Outcomes and counting: the rules and the board", "core")

BLUFF_TEXT = (
    "In Bluff (the six is a star, which is wild; the plain faces are 1 to 5; the board ladder)"
)
NOT_A_RAISE_LAST = "7 sixes"
NOT_A_RAISE_OPTIONS = {"a": "8 twos", "b": "4 aces", "c": "7 fives", "d": "12 threes"}


def _blef() -> Rules:
    """Return the Blef preset."""
    return preset("blef")


def _face_order() -> Rules:
    """Return Blef with the wild ranked as one more face above the six (no conversion)."""
    return preset("blef", ace_rule="face")


def _next_bid(rules: Rules, bid: Bid) -> Bid:
    """Return the lowest bid that raises `bid` under the rules."""
    return rules.bid_at(rules.rank(bid) + 1)


# ----- 01.halve_nine: 9 threes -> the fewest aces ------------------------------------------


def _halve_nine() -> int:
    """Return the fewest aces that raise 9 threes in Blef."""
    return _blef().min_wild_after(Bid.parse("9 threes").quantity)


def _halved_without_one() -> int:
    """Return 9 // 2: halved, the fraction dropped, but one not added."""
    return Bid.parse("9 threes").quantity // 2


def _rounded_up_and_one() -> int:
    """Return ceil(9 / 2) + 1: the half rounded up, then one added as well."""
    return math.ceil(Bid.parse("9 threes").quantity / 2) + 1


def _aces_not_converted() -> int:
    """Return the fewest aces after 9 threes if the ace ranked as a face above the six."""
    return _face_order().min_wild_after(Bid.parse("9 threes").quantity)


# ----- 01.double_seven_aces: 7 aces -> the fewest threes -----------------------------------

SEVEN_ACES = Bid(7, 1)


def _double_seven_aces() -> int:
    """Return the fewest threes that raise 7 aces in Blef."""
    return _blef().min_plain_after(SEVEN_ACES.quantity)


def _doubled_and_one() -> int:
    """Return the fewest threes after 7 aces on the Perudo ladder (double, add one)."""
    return preset("perudo").min_plain_after(SEVEN_ACES.quantity)


def _field_before() -> int:
    """Return the plain field right before 7 aces on the board (2k - 1): the board read
    backwards, as in the players' guide's erratum."""
    return _blef().ace_order.plain_below(SEVEN_ACES.quantity)


def _plain_not_converted() -> int:
    """Return the fewest threes after 7 aces if the ace ranked as a face above the six."""
    return _face_order().min_plain_after(SEVEN_ACES.quantity)


# ----- 01.after_fifteen_sixes: the lowest raise of 15 sixes (the id predates the number) -------

FIFTEEN_SIXES = Bid(15, 6)


def _after_fifteen_sixes() -> Bid:
    """Return the lowest bid that raises 15 sixes in Blef."""
    return _next_bid(_blef(), FIFTEEN_SIXES)


def _aces_halved_without_one() -> Bid:
    """Return 15 // 2 aces: the halving rule without its one added (a bid below 15 sixes)."""
    return Bid(FIFTEEN_SIXES.quantity // 2, _blef().wild)


# ----- 01.not_a_raise: which option does not raise 7 sixes --------------------------------


def _options() -> dict[str, Bid]:
    """Return the options of 01.not_a_raise as bids, by letter."""
    return {letter: Bid.parse(text) for letter, text in NOT_A_RAISE_OPTIONS.items()}


def _not_a_raise() -> str:
    """Return the letter of the only option that does not raise 7 sixes in Blef."""
    last = Bid.parse(NOT_A_RAISE_LAST)
    (found,) = [k for k, b in _options().items() if not _blef().is_raise(last, b)]
    return found


def _aces_at_face_value() -> str:
    """Return the letter of the option with fewer dice than 7 sixes (4 aces): the one a player
    rules out who reads aces at face value, as if fewer dice could never raise."""
    last = Bid.parse(NOT_A_RAISE_LAST)
    (found,) = [k for k, b in _options().items() if b.quantity < last.quantity]
    return found


def _lower_face_with_more_dice() -> list[str]:
    """Return the letters of the options that would not raise 7 sixes if a raise had to keep or
    raise the face as well as the quantity: a lower plain face after more dice (8 twos and
    12 threes)."""
    last = Bid.parse(NOT_A_RAISE_LAST)
    return [
        k
        for k, b in _options().items()
        if b.face != _blef().wild and b.face < last.face and b.quantity > last.quantity
    ]


# ----- 01.rank_of_ten_twos: how many bids lie below 10 twos ---------------------------------

TEN_TWOS = Bid(10, 2)


def _rank_of_ten_twos() -> int:
    """Return the rank of 10 twos on the Blef ladder (1 two is rank 0)."""
    return _blef().rank(TEN_TWOS)


def _rank_without_aces() -> int:
    """Return the rank of 10 twos on a ladder without wild bids: 5 plain bids per quantity."""
    return len(_blef().plain_faces) * (TEN_TWOS.quantity - 1)


def _rank_counted_from_one() -> int:
    """Return the rank of 10 twos plus one: the bids numbered from 1, not from 0."""
    return _rank_of_ten_twos() + 1


def _rank_aces_every_quantity() -> int:
    """Return the rank of 10 twos if an ace bid followed every plain field (no conversion)."""
    return _face_order().rank(TEN_TWOS)


# ----- 01.bluff_after_thirteen_fives: the board on Bluff's star dice ------------------------

THIRTEEN_FIVES = Bid(13, 5)


def _bluff_after_thirteen_fives() -> Bid:
    """Return the lowest bid that raises 13 fives in Bluff (star dice, the board)."""
    return _next_bid(preset("bluff"), THIRTEEN_FIVES)


def _six_read_as_plain() -> Bid:
    """Return the lowest raise of 13 fives on Blef's dice, where the six is plain: 13 sixes,
    which Bluff reads as 13 stars."""
    return _next_bid(_blef(), THIRTEEN_FIVES)


def _wild_field_skipped() -> Bid:
    """Return the lowest plain raise of 13 fives in Bluff: the wild field skipped."""
    bluff = preset("bluff")
    return next(b for b in bluff.next_bids(THIRTEEN_FIVES, 30) if b.face != bluff.wild)


def _ace_as_wild() -> Bid:
    """Return the right quantity of wilds, but on the one (Blef's wild), a plain face in
    Bluff."""
    return Bid(_bluff_after_thirteen_fives().quantity, 1)


def _stars_halved_without_one() -> Bid:
    """Return 13 // 2 stars: the halving rule without its one added (a bid below 13 fives)."""
    return Bid(THIRTEEN_FIVES.quantity // 2, preset("bluff").wild)


register(
    Exercise(
        "01.halve_nine",
        f"{BLEF_TEXT}, the last bid was 9 threes. What is the fewest aces you may bid next?",
        "integer",
        _halve_nine,
        "from a plain bid to aces: halve the quantity, drop any fraction, then add one; on the "
        "board, find the first field of aces after the plain field 9.",
        mistakes=(
            Mistake(
                "halved without adding one",
                _halved_without_one,
                "that many aces sit before the plain field 9 on the board, so they are lower "
                "than 9 threes: after halving and dropping the fraction, add one.",
            ),
            Mistake(
                "rounded up and added one",
                _rounded_up_and_one,
                "drop the fraction (round down) before adding one; rounding up and adding one "
                "asks for one ace more than the board needs.",
            ),
            Mistake(
                "aces not converted",
                _aces_not_converted,
                "an ace is not one face above the six: an ace counts for every face, so aces "
                "are worth about two plain dice each, and far fewer of them raise 9 threes.",
            ),
        ),
    ),
    Exercise(
        "01.double_seven_aces",
        f"{BLEF_TEXT}, the last bid was 7 aces. What is the fewest threes you may bid next?",
        "integer",
        _double_seven_aces,
        "from aces back to a plain face: k aces sit between the plain fields 2k-1 and 2k, so "
        "the next plain field after them is the one to bid.",
        mistakes=(
            Mistake(
                "doubled and added one (Perudo's rule)",
                _doubled_and_one,
                "that is Perudo's rule (k wilds between 2k and 2k+1); on Blef's board doubling "
                "is enough, with nothing added.",
            ),
            Mistake(
                "the board read the wrong way round",
                _field_before,
                "that plain field sits just before the field of 7 aces on the board, not after "
                "it (the same slip as the players' guide's erratum '2 aces -> 3 threes').",
            ),
            Mistake(
                "aces not converted",
                _plain_not_converted,
                "aces are not one face above the six: each ace counts for every face, so 7 aces "
                "are worth about twice as many plain dice.",
            ),
        ),
    ),
    Exercise(
        "01.after_fifteen_sixes",
        f"{BLEF_TEXT}, the last bid was {FIFTEEN_SIXES.quantity} sixes. What is the lowest bid "
        "that raises it?",
        "bid",
        _after_fifteen_sixes,
        "sixes are the highest plain face, so the bid must move to the next field of the board; "
        "wild fields sit between some of the plain ones.",
        mistakes=(
            Mistake(
                "the wild field skipped (Perudo's order)",
                lambda: _next_bid(preset("perudo"), FIFTEEN_SIXES),
                "that is the next plain field, but on Blef's board a field of aces comes first: "
                "look at what sits right after the plain field 15.",
            ),
            Mistake(
                "the ace as a face above the six",
                lambda: _next_bid(_face_order(), FIFTEEN_SIXES),
                "the ace is not one face above the six: a field of k aces sits between the "
                "plain fields 2k-1 and 2k, so the number of aces changes.",
            ),
            Mistake(
                "halved without adding one",
                _aces_halved_without_one,
                "that many aces sit before the plain field 15 on the board, so they are lower "
                "than 15 sixes: after halving and dropping the fraction, add one.",
            ),
        ),
    ),
    Exercise(
        "01.not_a_raise",
        f"{BLEF_TEXT}, the last bid was {NOT_A_RAISE_LAST}. Which one of these bids is NOT a "
        f"raise: {', '.join(f'{k}) {t}' for k, t in NOT_A_RAISE_OPTIONS.items())}?",
        "choice",
        _not_a_raise,
        "place each option on the board and compare it with the field of 7 sixes: a raise sits "
        "on a later field, or on the same plain field with a higher face; k aces sit right "
        "after the plain field 2k-1.",
        choices=tuple(NOT_A_RAISE_OPTIONS),
        mistakes=(
            Mistake(
                "aces at face value",
                _aces_at_face_value,
                "4 aces are no low bid: k aces sit after 2k-1 plain, so 4 aces come after "
                "7 of any plain face.",
            ),
            Mistake(
                "the face must rise too (8 twos)",
                lambda: _lower_face_with_more_dice()[0],
                "a higher quantity is a raise with any face, even a lower one: 8 twos come "
                "after 7 of any plain face.",
            ),
            Mistake(
                "the face must rise too (12 threes)",
                lambda: _lower_face_with_more_dice()[1],
                "a higher quantity is a raise with any face, even a lower one: the plain field "
                "12 lies well past the plain field 7, whatever the face.",
            ),
        ),
    ),
    Exercise(
        "01.rank_of_ten_twos",
        f"{BLEF_TEXT}, number the bids of the ladder from the lowest: 1 two is bid 0, 1 three "
        "is bid 1, and so on. What number does 10 twos get (that is, how many bids lie below "
        "it)? Guess first, then count the bids on the board's fields.",
        "integer",
        _rank_of_ten_twos,
        "count the bids on the fields below the plain field 10: each plain field holds five "
        "bids, each field of aces one, and a field of k aces sits after the plain field 2k-1.",
        tags=("predict",),
        mistakes=(
            Mistake(
                "the aces forgotten",
                _rank_without_aces,
                "you counted the plain bids only: the fields of aces below 10 twos hold one "
                "bid each, and they count too.",
            ),
            Mistake(
                "counted from one",
                _rank_counted_from_one,
                "the lowest bid, 1 two, is number 0, so the number is how many bids lie below; "
                "you counted one too many.",
            ),
            Mistake(
                "an ace field after every plain field",
                _rank_aces_every_quantity,
                "a field of aces does not follow every plain field: k aces sit after 2k-1 "
                "plain, so there is about one field of aces for every two plain fields.",
            ),
        ),
    ),
    Exercise(
        "01.bluff_after_thirteen_fives",
        f"{BLUFF_TEXT}, the last bid was {THIRTEEN_FIVES.quantity} fives. What is the lowest bid "
        "that raises it?",
        "bid",
        _bluff_after_thirteen_fives,
        "five is the highest plain face on Bluff's dice, so the bid moves to the next field of "
        "the board; the board is the same as Blef's, with stars in place of aces.",
        rules="bluff",
        tags=("transfer",),
        mistakes=(
            Mistake(
                "the six read as a plain face",
                _six_read_as_plain,
                "on Bluff's dice the six is the star, the wild face, and five is the highest "
                "plain face: bidding sixes there means bidding stars, and that many stars is "
                "far more than the next field needs.",
            ),
            Mistake(
                "the wild field skipped",
                _wild_field_skipped,
                "that is the next plain field, but the board puts a field of stars before it: "
                "k stars sit between the plain fields 2k-1 and 2k.",
            ),
            Mistake(
                "the ace taken as the wild face",
                _ace_as_wild,
                "in Bluff the one is a plain face (the lowest), not wild: the wild face is the "
                "star, the six.",
            ),
            Mistake(
                "halved without adding one",
                _stars_halved_without_one,
                "that many stars sit before the plain field 13 on the board, so they are lower "
                "than 13 fives: after halving and dropping the fraction, add one.",
            ),
        ),
    ),
)


# ----- 01.count_ways: the student's count of rolls ----------------------------------------------


register(
    Exercise(
        "01.count_ways",
        "Write ways(n, q, face) for Blef (aces wild; a bid on aces counts aces only): n dice are "
        "rolled, q is a quantity and face is 1 to 6 (1 is aces). Return the number of the 6^n "
        "equally likely rolls of the n dice in which at least q dice count for face, as an int.",
        "code",
        lambda: count_ways,
        "go through every roll of the n dice (itertools' product of the faces 1 to 6, n times) "
        "and count the dice showing face, or an ace when face is not aces.",
        grade=function_grader(
            count_ways,
            WAYS_CASES,
            mistakes=[
                (
                    ways_wild_forgotten,
                    "aces are wild: a die showing an ace counts for every plain face.",
                ),
                (ways_exactly, "the bid says at least q: count the rolls with more too."),
                (ways_more_than, "the bid says at least q: a roll with exactly q counts too."),
            ],
            what="the number of rolls",
        ),
        worked=WORKED_COUNT_WAYS,
        tags=("code",),
    ),
)
