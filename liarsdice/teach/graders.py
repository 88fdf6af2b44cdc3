"""Graders of exercises where the student writes code: a grader runs the student's function and
returns (right, message); the message says what went wrong without showing the answer.

- simulation_grader(call, exact, ...): the student's simulation, run with a seeded Generator, is
  compared with the exact distribution by a chi-square goodness-of-fit test (cells pooled,
  liarsdice.stats); an exception, a wrong type or shape, values out of range, a simulation
  that does not draw from the Generator it is given (two equally seeded calls differ, or two
  differently seeded ones agree) and
  usual mistakes (recognised from the sample's mean) each get their own message.
- bot_grader(opponent, games, rules, ...): the student's bot (a Bot subclass, an instance, or
  a function act(view)) plays a seeded heads-up tournament through the match loop; it must beat
  the opponent significantly (the Wilson interval's low end above 1/2). An illegal move, an
  exception or a value that is no action stops the games with its own message.
- SIGNIFICANCE: the p-value below which a simulation is judged not to match (0.001: a right
  simulation fails one seed in a thousand, and the seed is fixed).
- function_grader(reference, cases, ...): the student's function of a case (a chance, a mean,
  a posterior) is called on cases the lesson never printed and compared with the library's
  exact answer; usual wrong functions get their own hints.
- MAX_GRADER_GAMES: the most games bot_grader plays (10,000); MAX_CASES: function_grader's.

No grader passes the library: an answer defined in the liarsdice package is refused by name,
and so is code that calls the library's computing modules while it runs (a function) or a
package bot's act (a bot), noted by liarsdice.teach.watch.

Whatever the student's code returns or raises (Exception or SystemExit), the grader answers
with a message; answers.check runs every grader under its time limit and turns anything else
the code raises into a message too; only KeyboardInterrupt passes through. The graders' own arguments are checked
when a grader is made (ValueError, or ArgumentTypeError for a wrong kind, quoting them).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from fractions import Fraction
from typing import TYPE_CHECKING, cast

import numpy as np

from liarsdice.checks import check_integer, check_number, check_seed, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.teach.watch import borrowed_act, computing, from_the_package, name, watching

if TYPE_CHECKING:
    from types import CodeType

    from liarsdice.actions import Action
    from liarsdice.rules import Rules
    from liarsdice.view import View

SIGNIFICANCE = 0.001
MAX_GRADER_GAMES = 10_000
MAX_CASES = 100  # the calls function_grader makes
Grade = Callable[[object], tuple[bool, str]]
WRITE_IT = "write the computation yourself (math.comb, itertools, fractions)"
ROLL_THEM = "roll the dice yourself, with rng.integers, and count the matches"


def _a(noun: str) -> str:
    """Return "an int", "a list": the noun with its article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _describe_error(error: BaseException) -> str:
    """Return "ValueError('...')", shortened."""
    return quote(error, limit=160)


def simulation_grader(
    call: Mapping[str, object],
    exact: Callable[[], Sequence[float]],
    seed: int = 2027,
    mistakes: Sequence[tuple[float, str]] = (),
    what: str = "the count of each trial",
    faces: int | None = None,
) -> Grade:
    """Return a grader of a simulation function.

    Args:
        call: the keyword arguments the student's function gets, besides rng (such as n and
            trials); it must return one integer per trial, in 0..n.
        exact: returns the exact distribution of one trial's value (P(value = c), c = 0..n).
        seed: seeds the Generator handed to the function as rng.
        mistakes: (mean, hint) of usual wrong simulations: a sample whose mean is nearest such
            a mean (and far from the right one) gets that hint.
        what: what one returned value is, for the messages.
        faces: if given, the function must roll dice of this many faces: the Generator it gets
            notes the dice rolled (rng.integers and rng.choice one by one, rng.multinomial as
            face tallies), which must be at least n x trials dice showing the faces (1..faces
            or 0..faces - 1), each face about equally often (a goodness-of-fit test at
            SIGNIFICANCE). rng.binomial, or rng.random compared with a chance, rolls no die and
            is refused.

    Limits: call["trials"] 1..1,000,000 and call["n"] 0..10,000 when given; seed
    0..MAX_SEED; what at most MAX_TEXT characters.
    """
    if not isinstance(call, Mapping) or not all(isinstance(k, str) for k in call):
        raise ArgumentTypeError(f"call={quote(call)}: expected a dict of keyword arguments")
    if "trials" in call:
        check_integer("call['trials']", call["trials"], 1, 1_000_000)
    if "n" in call:
        check_integer("call['n']", call["n"], 0, 10_000)
    if not callable(exact):
        raise ArgumentTypeError(f"exact={quote(exact)}: expected a function")
    seed = check_seed("seed", seed)
    check_text("what", what)
    if isinstance(mistakes, str | bytes) or not all(
        isinstance(m, tuple) and len(m) == 2 and isinstance(m[1], str) for m in mistakes
    ):
        raise ArgumentTypeError(f"mistakes={quote(mistakes)}: expected (mean, hint) pairs")

    def grade(function: object) -> tuple[bool, str]:
        from liarsdice import stats

        arguments = ", ".join(f"{k}={v!r}" for k, v in call.items())
        if from_the_package(function):
            return False, f"{name(function, qualified=True)} is the library's own: {ROLL_THEM}."
        watched = _WatchedGenerator(seed)
        results = []
        for rng in (watched, np.random.default_rng(seed), np.random.default_rng(seed + 1)):
            value, error, called = _watched(function, {**call, "rng": rng})
            if called:
                return False, f"your function calls {called}: {ROLL_THEM}."
            if error is not None:
                return (
                    False,
                    f"your function raised {_describe_error(error)} when called as f({arguments}, rng=...).",
                )
            results.append(value)
        result, again, other = results
        trials, top = call.get("trials"), cast("int | None", call.get("n"))  # checked above
        if isinstance(result, str | bytes | Mapping) or not hasattr(result, "__len__"):
            return (
                False,
                f"your function returned {_a(type(result).__name__)}; expected one number per trial ({what}), as a list or a numpy array.",
            )
        try:
            values = np.asarray(result)
        except Exception as error:  # a ragged or strange container
            return (
                False,
                f"could not read your function's result ({_describe_error(error)}); expected one number per trial ({what}), as a list or a numpy array.",
            )
        if values.shape != (trials,):
            return (
                False,
                f"your function returned {values.shape[0] if values.ndim else 0} values in shape {values.shape}; expected {trials} ({what}), one per trial.",
            )
        counts = [_whole(v) for v in values.tolist()]
        if any(c is None for c in counts):
            return (
                False,
                f"your function returned values that are not whole numbers (such as {quote(next(v for v, c in zip(values.tolist(), counts) if c is None))}); expected {what}, a count.",
            )
        if not _same(counts, again) or _same(counts, other):
            return (
                False,
                "your function does not follow the generator it is given: two generators seeded alike must give the same results, and differently seeded ones different results. Draw every random number from rng (not from np.random, random or a generator of your own).",
            )
        whole = cast(list[int], counts)  # no None among them
        if min(whole) < 0 or (top is not None and max(whole) > top):
            return (
                False,
                f"your function returned counts outside 0..{top}; a count of dice cannot be negative or exceed the dice rolled.",
            )
        rolls = top * trials if top is not None and isinstance(trials, int) else 0
        unfair = _unrolled(watched, faces, rolls) if faces is not None else ""
        if unfair and "not fair" not in unfair:  # no dice, too few, or faces out of range
            return False, unfair
        values = np.array(counts, dtype=int)
        chances = list(exact())
        observed = np.bincount(values, minlength=len(chances))
        # an array of counts: chi_square_fit reads any array-like as one
        fit = stats.chi_square_fit(cast(Sequence[int], observed), chances)
        if fit.p_value >= SIGNIFICANCE:
            return (False, unfair) if unfair else (True, "right")
        mean = float(values.mean())
        right_mean = float(sum(c * p for c, p in enumerate(chances)))
        spread = float(
            np.sqrt(sum((c - right_mean) ** 2 * p for c, p in enumerate(chances)) / len(values))
        )
        for wrong_mean, hint in mistakes:
            if (
                abs(mean - wrong_mean) < abs(mean - right_mean)
                and abs(mean - wrong_mean) < 5 * spread
            ):
                return False, hint
        return False, (
            "your simulated counts are too far from the exact distribution to be chance (a "
            f"goodness-of-fit test, lesson 8, gives p = {fit.p_value:.2g}, below {SIGNIFICANCE}); "
            "check which faces count, and that each trial rolls all the dice afresh."
        )

    return grade


class _WatchedGenerator(np.random.Generator):
    """A seeded Generator (the same draws as np.random.default_rng(seed)) that notes the dice
    it rolls: the whole numbers its integers and choice return, and the face tallies its
    multinomial returns, so that a grader can see whether dice were rolled."""

    def __init__(self, seed: int) -> None:
        super().__init__(np.random.PCG64(seed))  # what default_rng(seed) builds
        self.drawn: list[np.ndarray] = []  # the values drawn one by one
        self.tallies: list[np.ndarray] = []  # per-face counts drawn at once
        self._inside = False  # choice draws through integers: note the outer call only

    def _noted(
        self, draw: Callable[..., object], into: list[np.ndarray], *args: object, **kwargs: object
    ) -> object:
        """Return draw(*args, **kwargs), noting it unless another noted draw made this one."""
        if self._inside:
            return draw(*args, **kwargs)
        self._inside = True
        try:
            out = draw(*args, **kwargs)
        finally:
            self._inside = False
        into.append(np.asarray(out))
        return out

    def integers(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        """Return Generator.integers' draw, noted."""
        return self._noted(super().integers, self.drawn, *args, **kwargs)

    def choice(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        """Return Generator.choice's draw, noted."""
        return self._noted(super().choice, self.drawn, *args, **kwargs)

    def multinomial(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        """Return Generator.multinomial's tallies, noted."""
        return self._noted(super().multinomial, self.tallies, *args, **kwargs)


def _watched(
    function: object, arguments: Mapping[str, object]
) -> tuple[object, BaseException | None, str]:
    """Return the student's function(**arguments), what it raised (or None) and the first call
    it made into the library's computing modules (or "")."""
    with watching(_library) as called:
        try:
            value, error = function(**arguments), None  # type: ignore[operator]
        except (Exception, SystemExit) as raised:  # the student's code may raise anything
            value, error = None, raised
    return value, error, called[0] if called else ""


def _library(code: CodeType) -> bool:
    """Return whether a call the student's code makes is the library's computing (the
    grader's own code that runs inside the student's call excepted)."""
    return computing(code) and code not in _HARNESS


def _unrolled(watched: _WatchedGenerator, faces: int, needed: int) -> str:
    """Return why the draws are no roll of `needed` fair dice (too few, not faces, uneven), or
    ""."""
    from liarsdice import stats

    values = np.concatenate([v.ravel() for v in watched.drawn]) if watched.drawn else np.zeros(0)
    tallies = [
        t.reshape(-1, t.shape[-1]) for t in watched.tallies if t.ndim and t.shape[-1] == faces
    ]
    if values.dtype.kind not in "iu" and len(values):
        values = np.zeros(0, dtype=int)  # floats drawn by choice: no die
    shown = np.zeros(faces, dtype=np.int64)
    if len(values):
        low = 0 if values.min() == 0 else 1
        if values.min() < 0 or values.max() > low + faces - 1:
            return (
                f"your dice show values outside 1..{faces} (or 0..{faces - 1}), such as "
                f"{int(values.max() if values.max() > low + faces - 1 else values.min())}."
            )
        shown += np.bincount(values - low, minlength=faces)
    for tally in tallies:
        shown += tally.sum(axis=0)
    if shown.sum() < needed:
        return (
            f"roll the dice: draw each die's face from rng (rng.integers(1, {faces + 1}) for "
            f"faces 1 to {faces}), {needed} dice in all here, each trial rolling its dice "
            f"afresh, then count the dice that match; your function rolled {int(shown.sum())}."
        )
    fit = stats.chi_square_fit(cast(Sequence[int], shown), [1 / faces] * faces)
    if fit.p_value < SIGNIFICANCE:
        return (
            f"your dice are not fair: over {int(shown.sum())} rolls the faces came up "
            f"{', '.join(map(str, shown.tolist()))} times, too uneven to be chance (a test of "
            f"fair dice gives p = {fit.p_value:.2g}, below {SIGNIFICANCE})."
        )
    return ""


def _whole(value: object) -> int | None:
    """Return a returned value as an int if it is a whole real number (not text), else None."""
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        try:
            number = float(value)
        except (OverflowError, ValueError):
            return None
        return int(number) if math.isfinite(number) and number.is_integer() else None
    return None


def _same(counts: list[int | None], result: object) -> bool:
    """Return True if another call's result holds the same counts, in the same order."""
    try:
        values = np.asarray(result).tolist()
    except Exception:  # a result that is no array at all differs
        return False
    if not isinstance(values, list) or len(values) != len(counts):
        return False
    return [_whole(v) for v in values] == counts


def function_grader(
    reference: Callable[..., object],
    cases: Sequence[Mapping[str, object]],
    mistakes: Sequence[tuple[Callable[..., object], str]] = (),
    tolerance: float = 1e-9,
    what: str = "the chance",
) -> Grade:
    """Return a grader of a function the student writes: it is called on every case (keyword
    arguments the lesson never printed) and must return what `reference` returns there.

    Args:
        reference: the library's answer for a case, a number (exact where it is a Fraction).
        cases: the keyword arguments of each call, 1..MAX_CASES of them.
        mistakes: (wrong reference, hint): a function that agrees with a usual wrong
            reference on every case gets that hint.
        tolerance: how far a float may be from the exact value (relative to 1, absolute).
        what: what the function returns, for the messages.

    An exact value (a Fraction) may be returned as a Fraction, an int, a sympy Rational or a
    float within the tolerance; the messages show the student's value and the case, never
    the expected value.
    """
    if not callable(reference) or not all(callable(m) and isinstance(h, str) for m, h in mistakes):
        raise ArgumentTypeError(f"reference={quote(reference)}: expected functions and hints")
    if not 1 <= len(cases) <= MAX_CASES or not all(isinstance(c, Mapping) for c in cases):
        raise ValueError(f"cases={quote(cases)}: expected 1..{MAX_CASES} dicts of arguments")
    check_number("tolerance", tolerance, 0, 1)
    check_text("what", what)

    def grade(function: object) -> tuple[bool, str]:
        if not callable(function):
            return False, "expected your function itself (its name, without calling it)."
        if from_the_package(function):
            return False, f"{name(function, qualified=True)} is the library's own: {WRITE_IT}."
        got = []
        for case in cases:
            shown = ", ".join(f"{k}={v!r}" for k, v in case.items())
            value, error, called = _watched(function, case)
            if called:
                return False, f"your function calls {called}: {WRITE_IT}."
            if error is not None:
                return False, f"your function raised {_describe_error(error)} for f({shown})."
            number = _number(value)
            if number is None:
                return False, (
                    f"your function returned {quote(value)} for f({shown}); expected {what}, "
                    "a number (a Fraction for an exact answer)."
                )
            got.append(number)
        for wrong, hint in mistakes:
            if all(_agrees(g, wrong(**c), tolerance) for g, c in zip(got, cases)):
                return False, hint
        for number, case in zip(got, cases):
            if not _agrees(number, reference(**case), tolerance):
                shown = ", ".join(f"{k}={v!r}" for k, v in case.items())
                return False, (
                    f"your function returned {quote(number)} for f({shown}), which is not "
                    f"{what} there; try that case by hand."
                )
        return True, "right"

    return grade


def _number(value: object) -> Fraction | float | None:
    """Return a returned value as a Fraction (exact kinds) or a float, or None if no number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real) or hasattr(value, "__float__"):
        try:
            number = float(cast(float, value))
        except (TypeError, ValueError, OverflowError):
            return None
        return number if math.isfinite(number) else None
    return None


def _agrees(got: Fraction | float, expected: object, tolerance: float) -> bool:
    """Return whether a returned number is the expected one: exactly, or a float within the
    tolerance."""
    if isinstance(got, Fraction) and isinstance(expected, numbers.Rational):
        return bool(got == Fraction(int(expected.numerator), int(expected.denominator)))
    return abs(float(got) - float(expected)) <= tolerance  # type: ignore[arg-type]


def bot_grader(
    opponent: Callable[[], object],
    games: int = 200,
    rules: str = "blef",
    seed: int = 2027,
    what: str = "beat it",
) -> Grade:
    """Return a grader that plays the student's bot against `opponent()` in seeded heads-up
    games; it passes if the Wilson interval of its win rate lies above 1/2.

    opponent: makes the opposing bot; games: 1..MAX_GRADER_GAMES; rules: a preset name (or
    Rules); seed: 0..MAX_SEED; what: at most MAX_TEXT characters.
    """
    from liarsdice.rules import resolve

    if not callable(opponent):
        raise ArgumentTypeError(f"opponent={quote(opponent)}: expected a bot class or function")
    games = check_integer("games", games, 1, MAX_GRADER_GAMES)
    resolve(rules)
    seed = check_seed("seed", seed)
    check_text("what", what)

    def grade(candidate: object) -> tuple[bool, str]:
        from liarsdice import stats
        from liarsdice.engine import Game
        from liarsdice.errors import IllegalMoveError
        from liarsdice.match import Match

        if from_the_package(candidate):
            return False, (
                f"{name(candidate)} comes from the liarsdice package: write a bot of your own "
                "(a class with act(view), or a function of the view)."
            )
        try:
            bot = _as_bot(candidate)
        except (Exception, SystemExit) as error:  # building the student's bot may raise anything
            return False, f"making your bot raised {_describe_error(error)}."
        if bot is None:
            return (
                False,
                "expected a bot: a Bot subclass, an instance of one, or a function act(view) that returns a legal action.",
            )
        wins = 0
        seeds = np.random.SeedSequence(seed).generate_state(games)
        for number, game_seed in enumerate(seeds.tolist()):
            other = opponent().reseeded(int(game_seed) + 1)  # type: ignore[attr-defined]
            seats = [bot, other] if number % 2 == 0 else [other, bot]
            game = Game(_rules(rules), 2, int(game_seed))
            try:
                Match(game, [_Guarded(s, watched=s is bot) for s in seats]).run()
            except _BadMove as error:
                return False, str(error)
            except IllegalMoveError as error:
                return False, f"your bot made an illegal move in game {number + 1}: {error}"
            wins += game.winner == number % 2
        low, high = stats.wilson_interval(wins, games)
        if low > 0.5:
            return True, "right"
        return False, (
            f"your bot won {wins} of {games} seeded games against {type(opponent()).__name__}: "
            f"95% interval [{low:.2f}, {high:.2f}], which does not lie above 1/2. To {what}, "
            "decide when to challenge by the chance that the bid is true from your bot's seat "
            "(which reads the bids as saying nothing; lesson 5 reads them)."
        )

    return grade


class _BadMove(Exception):
    """The student's bot returned something that is no action, or raised."""


class _Guarded:
    """A seat that turns the student's errors into _BadMove, naming the move."""

    def __init__(self, bot: object, watched: bool = False) -> None:
        self.bot = bot
        self.watched = watched  # the student's seat: its moves may not come from a bot of ours

    def __repr__(self) -> str:
        """Return how messages name the seat: the bot by its class or function."""
        return f"the bot {name(self.bot)}"

    def act(self, view: View) -> Action:
        """Return the bot's action; raise _BadMove for an exception or a non-action."""
        from liarsdice.actions import Calza, Challenge, Pass, ShowAndReroll
        from liarsdice.bids import Bid

        unwatched: list[str] = []  # the opponent's seat: no profile function to slow it
        with watching(_borrowing) if self.watched else nullcontext(unwatched) as borrowed:
            try:
                action = self.bot.act(view)  # type: ignore[attr-defined]
            except (Exception, SystemExit) as error:  # the student's code may raise anything
                raise _BadMove(
                    f"your bot raised {_describe_error(error)} when asked for a move."
                ) from None
        if borrowed:
            raise _BadMove(
                f"your bot asks the package's bots for its move ({borrowed[0]}): write the "
                "decision yourself, from the chance that the bid is true from your seat."
            )
        if not isinstance(action, Bid | Challenge | Calza | ShowAndReroll | Pass):
            raise _BadMove(
                f"your bot returned {quote(action)}; expected an action such as Bid(3, 5) or Challenge()."
            )
        return action


def _borrowing(code: CodeType) -> bool:
    """Return whether a call the student's bot makes is a package bot's act (a wrapper around
    ThresholdBot, or a subclass that keeps its act, is no bot of one's own; the helpers of
    liarsdice.botkit and liarsdice.odds stay free to use)."""
    return borrowed_act(code) and code not in _HARNESS


def _as_bot(candidate: object) -> object | None:
    """Return a bot from a Bot subclass, an instance with act(view), or a function of a view."""
    if isinstance(candidate, type):
        candidate = candidate()
    if callable(getattr(candidate, "act", None)):
        return candidate
    if callable(candidate):
        return _FunctionBot(candidate)
    return None


class _FunctionBot:
    """A bot made of the student's function of a view."""

    def __init__(self, function: Callable[[object], object]) -> None:
        self.function = function

    def act(self, view: object) -> object:
        """Return the function's action for the view."""
        return self.function(view)


def _rules(name: Rules | str) -> Rules:
    """Return the preset named `name` (or the Rules given)."""
    from liarsdice.rules import resolve

    return resolve(name)


# The grader's own code that runs inside the student's call, which the watchers let pass.
_HARNESS = frozenset(
    f.__code__
    for f in (
        _WatchedGenerator._noted,
        _WatchedGenerator.integers,
        _WatchedGenerator.choice,
        _WatchedGenerator.multinomial,
        _FunctionBot.act,
    )
)
