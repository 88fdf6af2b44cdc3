"""Exercises for the lessons, with checkers that say right or wrong and never print the answer.

- check(exercise_id, answer) -> Feedback: "Right!" or "Not yet: <hint>"; malformed answers get
  a message saying what was expected, never an exception. An unknown id raises ValueError.
- Feedback: the verdict (.correct, .message); a notebook cell shows its message.
- Exercise: one question (id, lesson, prompt, kind, hint, tolerance, choices, rules); its answer
  is computed by the library on first use (Exercise.answer) and cached.
- exercises(lesson=None) -> list[Exercise]: the registry, in lesson order.
- prompt(exercise_id) -> str: the question, with the form of answer it expects.
- solution(exercise_id): the answer, for teachers; format_solution gives it in words.
- sheet(lesson=None, solutions=False) -> str: the teacher's view, printed by
  `python -m liarsdice exercises [--lesson 04] [--solutions]`.
- LESSONS: lesson number -> title; KINDS: the kinds of answer.

Kinds of answer:
- "fraction": an exact probability or mean; any equivalent exact form (Fraction, int, "a/b",
  sympy Rational) must equal it, a float or decimal string must lie within the tolerance.
- "decimal": a number known only as a float; any number within the tolerance.
- "integer": a whole number (int, "3", 3.0, Fraction(3)).
- "bid": a Bid or text Bid.parse reads under the exercise's rules ("5 aces", "5x1").
- "choice": one word among the exercise's choices, case-insensitive.

Ids are "<lesson>.<name>", such as "04.nine_fives"; the lesson is the number before the dot.
"""

from __future__ import annotations

import decimal
import functools
import html
import math
import numbers
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from liarsdice import odds, solver
from liarsdice.bids import Bid
from liarsdice.rules import Rules, preset
from liarsdice.settlement import settle

LESSONS: dict[int, str] = {
    1: "The rules and the board",
    2: "Counting with jokers",
    3: "Aces: halve and double",
    4: "Raise or challenge? The odds of a bid",
    5: "Play and simulate",
    6: "Strategy: expected loss under each penalty rule",
    7: "Small games, solved",
}
KINDS = ("fraction", "decimal", "integer", "bid", "choice")
TOLERANCE = 1e-4  # the default absolute tolerance for decimal answers
NEAR_FACTOR = 100  # a decimal within NEAR_FACTOR * tolerance is "close"

_FRACTION_TEXT = re.compile(r"^([+-]?\d+)\s*/\s*([+-]?\d+)$")
_INTEGER_TEXT = re.compile(r"^[+-]?\d+$")


# ----- feedback ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: .correct, and a .message that never holds the answer."""

    correct: bool
    message: str

    def __bool__(self) -> bool:
        """Return whether the answer was right, so `assert check(...)` reads naturally."""
        return self.correct

    def __str__(self) -> str:
        """Return the message."""
        return self.message

    def __repr__(self) -> str:
        """Return the message, so a notebook cell shows just the verdict."""
        return self.message

    def _repr_html_(self) -> str:
        """Return the message in green (right) or dark red (not yet), escaped."""
        colour = "#1a7f37" if self.correct else "#b42318"
        return f'<div style="color: {colour}; font-weight: 600">{html.escape(self.message)}</div>'


class _Unreadable(ValueError):
    """An answer that cannot be read as the kind the exercise expects; the message says why."""


def _right() -> Feedback:
    """Return the feedback for a right answer."""
    return Feedback(True, "Right!")


def _not_yet(hint: str) -> Feedback:
    """Return the feedback for a wrong answer, with a hint."""
    return Feedback(False, f"Not yet: {hint}")


# ----- exercises --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """One question of a lesson; `compute` returns its answer from the library's core."""

    id: str
    question: str
    kind: str
    compute: Callable[[], object] = field(repr=False, compare=False)
    hint: str
    tolerance: float = TOLERANCE
    choices: tuple[str, ...] = ()
    rules: str = "blef"  # the preset that reads bid answers

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id!r}: kind {self.kind!r} is not one of {KINDS}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"exercise {self.id!r}: choices go with the kind 'choice' only")

    @property
    def lesson(self) -> int:
        """Return the lesson number, the part of the id before the dot."""
        return int(self.id.split(".")[0])

    @property
    def prompt(self) -> str:
        """Return the question followed by the form of answer it expects."""
        return f"{self.question} {_answer_form(self)}"

    def answer(self) -> object:
        """Return the answer, computed once by the library."""
        return _answer(self.id)


def _answer_form(exercise: Exercise) -> str:
    """Return the sentence saying how to write the answer (and the tolerance)."""
    within = f"within {exercise.tolerance:g} (absolute)"
    if exercise.kind == "fraction":
        return f"Answer with an exact fraction such as 3/8, or a decimal {within}."
    if exercise.kind == "decimal":
        return f"Answer with a decimal {within}."
    if exercise.kind == "integer":
        return "Answer with a whole number."
    if exercise.kind == "bid":
        return "Answer with a bid such as 4x3 or 4 threes."
    return f"Answer with one word: {' or '.join(exercise.choices)}."


# ----- the scenarios of the lessons -------------------------------------------------------------

_SEVEN_FIVES_HAND = (1, 1, 3, 5, 6)  # lesson 02's question
_NINE_FIVES_HAND = (1, 3, 5, 5, 6)  # lesson 04's question
_FOUR_SEATS = (5, 5, 5, 5)  # four players with five dice each
_NINE_FIVES = Bid(9, 5)
_NINE_FIVES_BIDDER, _NINE_FIVES_CHALLENGER = 3, 0
_NOT_A_RAISE_OPTIONS = ("8 twos", "4 aces", "7 fives", "12 threes")
_SIX_FOURS_HAND = (1, 2, 3, 4, 6)  # lesson 06: three players, seat 2 bids, seat 0 challenges
_THREE_SEATS = (5, 5, 5)
_SIX_FOURS = Bid(6, 4)
_PUBLISHED_VALUE = Fraction(-7, 258)  # the 1v1 research game's value, as OpenSpiel publishes it


def _unknown(seats: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """Return the dice a seat holding `hand` cannot see at a table of `seats`."""
    return sum(seats) - len(hand)


def _words(dice: tuple[int, ...]) -> str:
    """Return dice as text: (1, 3, 5) -> "1, 3, 5"."""
    return ", ".join(map(str, dice))


def _halve_nine() -> int:
    """Return the fewest aces that raise 9 threes in Blef."""
    return preset("blef").min_wild_after(Bid.parse("9 threes").quantity)


def _double_two_aces() -> int:
    """Return the fewest threes that raise 2 aces in Blef."""
    return preset("blef").min_plain_after(Bid.parse("2 aces").quantity)


def _after_five_sixes() -> Bid:
    """Return the lowest bid that raises 5 sixes in Blef."""
    blef = preset("blef")
    return blef.bid_at(blef.rank(Bid.parse("5 sixes")) + 1)


def _not_a_raise() -> Bid:
    """Return the only option that does not raise 7 sixes in Blef."""
    blef = preset("blef")
    options = [Bid.parse(text, rules=blef) for text in _NOT_A_RAISE_OPTIONS]
    (found,) = [b for b in options if not blef.is_raise(Bid.parse("7 sixes"), b)]
    return found


def _mean_count() -> Fraction:
    """Return the mean joker-inclusive count of fives among 15 unknown dice."""
    distribution = odds.count_distribution(5, preset("blef"), 15, exact=True)
    return sum((c * chance for c, chance in enumerate(distribution)), Fraction(0))


def _monotone_rule() -> str:
    """Return the only ace rule whose ladder for 4 dice is monotone in probability."""
    report = odds.ladder_monotonicity([4], preset("blef"))
    (rule,) = [name for name, first in report.items() if first[4] is None]
    return rule


def _nine_fives_cost(rules: Rules, bid: Bid, bidder: int, challenger: int) -> odds.ChallengeCost:
    """Return what challenging `bid` costs at lesson 04's table, from seat 0's view."""
    return odds.challenge_cost(
        bid,
        rules,
        _unknown(_FOUR_SEATS, _NINE_FIVES_HAND),
        _NINE_FIVES_HAND,
        dice=_FOUR_SEATS,
        bidder=bidder,
        challenger=challenger,
    )


def _challenge_nine_fives() -> Fraction:
    """Return the dice seat 0 expects to lose by challenging 9 fives (lesson 04)."""
    cost = _nine_fives_cost(preset("blef"), _NINE_FIVES, _NINE_FIVES_BIDDER, 0)
    return cost.expected_challenger_loss


def _raise_or_challenge() -> str:
    """Return "challenge" if challenging 9 fives costs less than the cheapest raise, else "raise"."""
    blef = preset("blef")
    raises = blef.next_bids(_NINE_FIVES, max_quantity=sum(_FOUR_SEATS))
    cheapest = min(_nine_fives_cost(blef, b, 0, 1).expected_bidder_loss for b in raises)
    return "challenge" if _challenge_nine_fives() < cheapest else "raise"


def _settle_nine_fives(count: int) -> tuple[int, ...]:
    """Return the dice each seat loses when 9 fives is challenged and the count is `count`."""
    blef = preset("blef")
    return settle(
        blef, _FOUR_SEATS, _NINE_FIVES_BIDDER, _NINE_FIVES_CHALLENGER, _NINE_FIVES, count
    ).lost


def _wilson_width() -> float:
    """Return the width of the 95% Wilson interval for 50 wins in 100 games."""
    from liarsdice.tournament import wilson_interval

    low, high = wilson_interval(50, 100)
    return high - low


def _six_fours_loss(preset_name: str) -> Fraction:
    """Return the dice seat 0 expects to lose by challenging 6 fours (lesson 06's table)."""
    cost = odds.challenge_cost(
        _SIX_FOURS,
        preset(preset_name),
        _unknown(_THREE_SEATS, _SIX_FOURS_HAND),
        _SIX_FOURS_HAND,
        dice=_THREE_SEATS,
        bidder=2,
        challenger=0,
    )
    return cost.expected_challenger_loss


def _cheaper_penalty() -> str:
    """Return the loss option ("one" or "difference") under which challenging costs less."""
    return "one" if _six_fours_loss("perudo") < _six_fours_loss("blef") else "difference"


@functools.cache
def _game_value() -> Fraction:
    """Return the first player's value in the 1v1 game: the LP's, or the published one."""
    try:
        value = solver.game_value(preset("openspiel"), dice=(1, 1))
    except ImportError:  # no scipy: the published value
        return _PUBLISHED_VALUE
    return Fraction(value).limit_denominator(1000)


def _uniform_nash_conv() -> float:
    """Return the NashConv of the uniform strategy in the 1v1 game."""
    game = solver.SmallGame(preset("openspiel"), dice=(1, 1))
    return solver.nash_conv(solver.Strategy.uniform(game))


_BLEF_TEXT = "In Blef (aces wild, the board ladder)"
_LESSON_04_TABLE = (
    f"Four players with five dice each play Blef. You (seat 0) hold "
    f"{_words(_NINE_FIVES_HAND)}; the player before you (seat 3) bids 9 fives."
)
_LESSON_06_TABLE = (
    f"Three players with five dice each. You (seat 0) hold {_words(_SIX_FOURS_HAND)}; "
    "seat 2 bids 6 fours and you challenge."
)
_ONE_DIE_GAME = (
    "In the one-round research game with one die each (the openspiel preset: the 6 is a wild "
    "star, the loser of the challenge gets -1 and the winner +1)"
)

_EXERCISES: tuple[Exercise, ...] = (
    # 01: the rules and the board
    Exercise(
        "01.halve_nine",
        f"{_BLEF_TEXT}, the last bid was 9 threes. What is the fewest aces you may bid next?",
        "integer",
        _halve_nine,
        "from a plain bid to aces: halve the quantity, drop the fraction, add one.",
    ),
    Exercise(
        "01.double_two_aces",
        f"{_BLEF_TEXT}, the last bid was 2 aces. What is the fewest threes you may bid next?",
        "integer",
        _double_two_aces,
        "from aces back to a plain face you double; the erratum in seed 000 is wrong.",
    ),
    Exercise(
        "01.after_five_sixes",
        f"{_BLEF_TEXT}, what is the lowest bid that raises 5 sixes?",
        "bid",
        _after_five_sixes,
        "sixes are the highest plain face, so the bid must move to the next field of the board; "
        "wild fields sit between the plain ones.",
    ),
    Exercise(
        "01.not_a_raise",
        f"{_BLEF_TEXT}, the last bid was 7 sixes. Which one of these bids is NOT a raise: "
        f"{', '.join(_NOT_A_RAISE_OPTIONS)}?",
        "bid",
        _not_a_raise,
        "keeping the quantity is a raise only with a higher plain face; k aces sit after "
        "2k-1 plain.",
    ),
    # 02: counting with jokers
    Exercise(
        "02.p_plain",
        "In Blef, what is p, the chance that one unknown die counts for a bid on fours?",
        "fraction",
        lambda: odds.match_chance(4, preset("blef")),
        "count the faces of one die that count for fours, out of all its faces.",
    ),
    Exercise(
        "02.p_wild",
        "In Blef, what is p, the chance that one unknown die counts for a bid on aces?",
        "fraction",
        lambda: odds.match_chance(1, preset("blef")),
        "a bid on the wild face is matched by the wild face alone.",
    ),
    Exercise(
        "02.two_of_four",
        "Four dice are rolled and you see none of them. What is the chance that at least two "
        "of them count for fives (a five or an ace)?",
        "fraction",
        lambda: odds.bid_probability(Bid(2, 5), preset("blef"), 4, exact=True),
        "take one minus the chance of no match and of exactly one match, with p for a plain face.",
    ),
    Exercise(
        "02.seven_fives",
        f"In Blef you hold {_words(_SEVEN_FIVES_HAND)} and 15 dice are unknown. What is the "
        "chance that the table holds at least 7 fives (aces included)?",
        "fraction",
        lambda: odds.bid_probability(Bid(7, 5), preset("blef"), 15, _SEVEN_FIVES_HAND, exact=True),
        "your hand has m matches (fives and aces); the unknown dice must hold at least q - m: "
        "a binomial tail with p for a plain face.",
    ),
    Exercise(
        "02.mean_fifteen",
        "What is the mean joker-inclusive count of fives among 15 unknown dice?",
        "fraction",
        _mean_count,
        "each die adds p matches on average, and n dice add n times as much.",
    ),
    # 03: aces, halve and double
    Exercise(
        "03.wild_place",
        "Among n = 20 unknown dice, what is the largest q with P(at least q fives) >= "
        "P(at least 3 aces)? (By probability, 3 aces belong between q and q + 1 fives.)",
        "integer",
        lambda: odds.wild_place(3, 20),
        "compare P(at least k aces) with P(at least q fives) for q near 2k; the place column "
        "of odds.halve_double_table holds it.",
    ),
    Exercise(
        "03.first_rise_board",
        f"{_BLEF_TEXT}, with n = 3 dice on the table and none of them seen, which raise is the "
        "first on the ladder that is MORE likely than the bid it beats? Give the higher bid.",
        "bid",
        lambda: odds.first_rise(preset("blef"), 3)[1],
        "list the ladder up to quantity n with each bid's chance; look where the wild bids "
        "enter (odds.first_rise).",
    ),
    Exercise(
        "03.monotone_rule",
        "For a table of n = 4 dice, which ace rule keeps the ladder monotone in probability "
        "(every raise at most as likely as the bid it beats)?",
        "choice",
        _monotone_rule,
        "walk each ladder of quantities up to n and look for a raise more likely than the bid "
        "before it (odds.ladder_monotonicity).",
        choices=odds.ACE_RULES,
    ),
    # 04: raise or challenge?
    Exercise(
        "04.nine_fives",
        f"{_LESSON_04_TABLE} What is the chance, from your seat, that 9 fives is true?",
        "fraction",
        lambda: odds.bid_probability(
            _NINE_FIVES,
            preset("blef"),
            _unknown(_FOUR_SEATS, _NINE_FIVES_HAND),
            _NINE_FIVES_HAND,
            exact=True,
        ),
        "count your matches m (fives and aces); the unknown dice must hold at least 9 - m: "
        "a binomial tail with p for a plain face.",
    ),
    Exercise(
        "04.challenge_cost",
        f"{_LESSON_04_TABLE} If you challenge, how many dice do you expect to lose? (Blef: "
        "a count c above the bid costs you c - 9 dice, an exact count costs every player but "
        "the bidder one die.)",
        "fraction",
        _challenge_nine_fives,
        "weight each possible count by its exact chance; nobody loses more dice than they "
        "have (odds.challenge_cost with dice, bidder and challenger).",
    ),
    Exercise(
        "04.decision",
        f"{_LESSON_04_TABLE} Should you challenge, or raise? Compare your expected loss if you "
        "challenge with your expected loss for your cheapest raise if the next player "
        "challenges it.",
        "choice",
        _raise_or_challenge,
        "for each raise your loss if it is doubted is challenge_cost(...).expected_bidder_loss; "
        "set the cheapest beside the cost of doubting 9 fives now.",
        choices=("challenge", "raise"),
    ),
    # 05: play and simulate
    Exercise(
        "05.settle_over",
        "Blef, four players with five dice each: seat 3 bids 9 fives, seat 0 challenges, and "
        "the table shows 7 fives and 4 aces. How many dice does the challenger lose?",
        "integer",
        lambda: _settle_nine_fives(7 + 4)[_NINE_FIVES_CHALLENGER],
        "under the 'difference' loss the wrong side loses the gap between the count (fives "
        "and aces together) and the bid.",
    ),
    Exercise(
        "05.settle_exact",
        "The same challenge, but the table shows exactly 9 fives (aces included). How many "
        "dice leave the table in all?",
        "integer",
        lambda: sum(_settle_nine_fives(9)),
        "in Blef an exact count costs every player but the bidder a die (exact = "
        "'others_lose_one').",
    ),
    Exercise(
        "05.wilson_width",
        "A bot wins 50 of 100 games. How wide is the 95% Wilson score interval of its win "
        "rate (high minus low)?",
        "decimal",
        _wilson_width,
        "Wilson's interval has centre (p + z^2/2N)/(1 + z^2/N) and half-width "
        "z sqrt(p(1-p)/N + z^2/4N^2)/(1 + z^2/N), with z the normal 97.5% quantile "
        "(liarsdice.tournament.wilson_interval).",
    ),
    # 06: strategy
    Exercise(
        "06.loss_difference",
        f"{_LESSON_06_TABLE} Under Blef's 'difference' penalty, how many dice do you expect "
        "to lose?",
        "fraction",
        lambda: _six_fours_loss("blef"),
        "sum over the counts: a count c above the bid costs you c - q dice, an exact count "
        "costs you a die, a lower count costs you nothing (odds.challenge_cost).",
    ),
    Exercise(
        "06.loss_one",
        f"{_LESSON_06_TABLE} Under Perudo's 'one' penalty (whoever is wrong loses a single "
        "die), how many dice do you expect to lose?",
        "fraction",
        lambda: _six_fours_loss("perudo"),
        "you lose a single die exactly when the bid is true, so the expected loss is a "
        "probability.",
    ),
    Exercise(
        "06.cheaper_penalty",
        f"{_LESSON_06_TABLE} Under which penalty rule does challenging cost you less on average?",
        "choice",
        _cheaper_penalty,
        "set the two expected losses you computed side by side.",
        choices=("one", "difference"),
    ),
    # 07: small games, solved
    Exercise(
        "07.game_value",
        f"{_ONE_DIE_GAME}, what is the first player's expected payoff when both play an "
        "equilibrium?",
        "fraction",
        _game_value,
        "solve the game exactly with liarsdice.solver.game_value (a linear program) and write "
        "the value as a fraction with a small denominator.",
        rules="openspiel",
    ),
    Exercise(
        "07.favoured",
        f"{_ONE_DIE_GAME}, which player has the advantage at equilibrium: the first (who "
        "opens) or the second?",
        "choice",
        lambda: "first" if _game_value() > 0 else "second",
        "look at the sign of the first player's value.",
        choices=("first", "second"),
        rules="openspiel",
    ),
    Exercise(
        "07.uniform_nash_conv",
        f"{_ONE_DIE_GAME}, the uniform strategy picks every legal action with equal chance. "
        "What is its NashConv?",
        "decimal",
        _uniform_nash_conv,
        "NashConv adds what each player gains by switching to a best response "
        "(solver.nash_conv of solver.Strategy.uniform(game)).",
        rules="openspiel",
    ),
)
_BY_ID: dict[str, Exercise] = {e.id: e for e in _EXERCISES}
assert len(_BY_ID) == len(_EXERCISES), "exercise ids must be unique"


# ----- the registry -----------------------------------------------------------------------------


def _lesson_number(lesson: int | str) -> int:
    """Return a lesson given as 4, "4" or "04" as an int; raise ValueError naming the lessons."""
    text = str(lesson).strip()
    if isinstance(lesson, bool) or not text.isdigit() or int(text) not in LESSONS:
        raise ValueError(
            f"lesson={lesson!r}: the lessons are {', '.join(f'{n:02d}' for n in LESSONS)}"
        )
    return int(text)


def exercises(lesson: int | str | None = None) -> list[Exercise]:
    """Return the exercises of one lesson (4, "04"), or of every lesson, in lesson order."""
    if lesson is None:
        return list(_EXERCISES)
    number = _lesson_number(lesson)
    return [e for e in _EXERCISES if e.lesson == number]


def _exercise(exercise_id: str) -> Exercise:
    """Return the exercise with this id; raise ValueError listing the ids of its lesson."""
    if isinstance(exercise_id, str) and exercise_id in _BY_ID:
        return _BY_ID[exercise_id]
    prefix = exercise_id.split(".")[0] if isinstance(exercise_id, str) else ""
    same_lesson = [e.id for e in _EXERCISES if e.id.split(".")[0] == prefix]
    known = same_lesson or list(_BY_ID)
    where = f"lesson {prefix}" if same_lesson else "the course"
    raise ValueError(
        f"unknown exercise id {exercise_id!r}: the exercises of {where} are {', '.join(known)}"
    )


@functools.cache
def _answer(exercise_id: str) -> object:
    """Return the exercise's answer, computed by the library (once per process)."""
    exercise = _BY_ID[exercise_id]
    value = exercise.compute()
    if exercise.kind == "fraction":
        return Fraction(value)
    if exercise.kind == "decimal":
        return float(value)
    if exercise.kind == "integer":
        return int(value)
    return value


def prompt(exercise_id: str) -> str:
    """Return the exercise's question with the form of answer it expects."""
    return _exercise(exercise_id).prompt


def solution(exercise_id: str) -> object:
    """Return the exercise's answer (Fraction, float, int, Bid or str), for teachers."""
    return _exercise(exercise_id).answer()


def format_solution(exercise_id: str) -> str:
    """Return the answer in words: "11/27 (about 0.407407)", "3x1 (3 aces)", "challenge"."""
    exercise = _exercise(exercise_id)
    answer = exercise.answer()
    if isinstance(answer, Fraction) and answer.denominator != 1:
        return f"{answer} (about {float(answer):.6f})"
    if isinstance(answer, float):
        return f"{answer:.6f}"
    if isinstance(answer, Bid):
        return f"{answer} ({preset(exercise.rules).describe(answer)})"
    return str(answer)


# ----- reading answers --------------------------------------------------------------------------


def _read_number(answer: object, expected: str) -> tuple[Fraction, bool]:
    """Return (value, exact): exact for ints, fractions and "a/b" text; else raise _Unreadable.

    `expected` says in words what the exercise expects, for the message.
    """
    if isinstance(answer, bool) or answer is None:
        raise _Unreadable(f"Could not read {answer!r}: expected {expected}.")
    if isinstance(answer, numbers.Integral):
        return Fraction(int(answer)), True
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, numbers.Real | decimal.Decimal):
        value = float(answer)
        if not math.isfinite(value):
            raise _Unreadable(f"Could not read {answer!r}: expected a finite number.")
        return Fraction(value), False
    if not isinstance(answer, str):
        raise _Unreadable(
            f"Could not read a {type(answer).__name__} ({answer!r}): expected {expected}, "
            "as a number or as text."
        )
    text = answer.strip()
    if match := _FRACTION_TEXT.match(text):
        numerator, denominator = (int(part) for part in match.groups())
        if denominator == 0:
            raise _Unreadable(
                f"Could not read {answer!r}: the denominator is zero; expected {expected}."
            )
        return Fraction(numerator, denominator), True
    if _INTEGER_TEXT.match(text):
        return Fraction(int(text)), True
    try:
        value = float(text)
    except ValueError:
        raise _Unreadable(f"Could not read {answer!r}: expected {expected}.") from None
    if not math.isfinite(value):
        raise _Unreadable(f"Could not read {answer!r}: expected a finite number.")
    return Fraction(value), False


_NUMBER_EXPECTED = {
    "fraction": "an exact fraction such as 3/8, or a decimal such as 0.375",
    "decimal": "a decimal number such as 0.375",
    "integer": "a whole number such as 7",
}


def _check_number(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a fraction or decimal answer."""
    value, exact = _read_number(answer, _NUMBER_EXPECTED[exercise.kind])
    target = exercise.answer()
    gap = abs(value - Fraction(target))
    if exercise.kind == "fraction" and exact:
        if value == target:
            return _right()
        if gap <= exercise.tolerance:
            return _not_yet(
                "close, but this fraction is not the exact one; compute it exactly, or give a "
                f"decimal within {exercise.tolerance:g}."
            )
        return _not_yet(exercise.hint)
    if gap <= exercise.tolerance:
        return _right()
    if gap <= NEAR_FACTOR * exercise.tolerance:
        exact_too = " or the exact fraction" if exercise.kind == "fraction" else ""
        return _not_yet(
            f"close, but not within {exercise.tolerance:g}; give more decimal places{exact_too}."
        )
    return _not_yet(exercise.hint)


def _check_integer(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a whole-number answer."""
    value, _ = _read_number(answer, _NUMBER_EXPECTED["integer"])
    if value.denominator != 1:
        raise _Unreadable(f"Could not read {answer!r} as a whole number: expected one such as 7.")
    return _right() if value == exercise.answer() else _not_yet(exercise.hint)


def _check_bid(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a bid answer, read under the exercise's rules."""
    expected = "expected a bid such as 4x3 or 4 threes (faces one to six, or aces)"
    if not isinstance(answer, str | Bid):
        raise _Unreadable(f"Could not read {answer!r} as a bid: {expected}.")
    try:
        bid = Bid.parse(answer, rules=preset(exercise.rules))
    except ValueError:
        raise _Unreadable(f"Could not read {answer!r} as a bid: {expected}.") from None
    return _right() if bid == exercise.answer() else _not_yet(exercise.hint)


def _check_choice(exercise: Exercise, answer: object) -> Feedback:
    """Return the verdict on a one-word answer (case and spaces ignored)."""
    word = answer.strip().lower() if isinstance(answer, str) else None
    if word not in exercise.choices:
        raise _Unreadable(
            f"Could not read {answer!r}: expected one word, {' or '.join(exercise.choices)}."
        )
    return _right() if word == exercise.answer() else _not_yet(exercise.hint)


_CHECKERS: dict[str, Callable[[Exercise, object], Feedback]] = {
    "fraction": _check_number,
    "decimal": _check_number,
    "integer": _check_integer,
    "bid": _check_bid,
    "choice": _check_choice,
}


def check(exercise_id: str, answer: object) -> Feedback:
    """Return Feedback on an answer: "Right!", "Not yet: <hint>", or what was expected.

    Args:
        exercise_id: such as "04.nine_fives"; an unknown id raises ValueError listing the
            ids of its lesson (a programming error, not a wrong answer).
        answer: in any form the exercise's kind accepts (see the module docstring); a
            malformed answer gets a message, never an exception.
    """
    exercise = _exercise(exercise_id)
    if answer is None:  # the lesson's cell before the student has written anything
        return Feedback(False, "No answer yet: replace None with your answer, then run the cell.")
    try:
        return _CHECKERS[exercise.kind](exercise, answer)
    except _Unreadable as error:
        return Feedback(False, str(error))


# ----- the teacher's view -----------------------------------------------------------------------


def sheet(lesson: int | str | None = None, solutions: bool = False, width: int = 96) -> str:
    """Return the exercises' prompts as text, lesson by lesson, with answers if `solutions`."""
    chosen = exercises(lesson)
    lines: list[str] = []
    for number in sorted({e.lesson for e in chosen}):
        if lines:
            lines.append("")
        lines.append(f"Lesson {number:02d}: {LESSONS[number]}")
        for exercise in (e for e in chosen if e.lesson == number):
            lines += ["", f"  {exercise.id}"]
            lines += textwrap.wrap(
                exercise.prompt, width, initial_indent="    ", subsequent_indent="    "
            )
            if solutions:
                lines.append(f"    Answer: {format_solution(exercise.id)}")
    return "\n".join(lines)
