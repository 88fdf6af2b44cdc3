"""The simulation grader: the student's simulation, run with a seeded Generator, is compared with
the exact distribution by a chi-square goodness-of-fit test (cells pooled, liarsdice.stats).

- simulation_grader(call, exact, ...) -> Grade: an exception, a wrong type or shape, values out
  of range, a simulation that does not draw from the Generator it is given (two equally seeded
  calls differ, or two differently seeded ones agree), dice not rolled (when `faces` is given)
  and usual mistakes (recognised from the sample's mean) each get their own message.
- SIGNIFICANCE: the p-value below which a simulation is judged not to match (0.001: a right
  simulation fails one seed in a thousand, and the seed is fixed).
- ROLL_THEM: what the messages ask for instead of the library's answer.

Messages are in the language in force (liarsdice.i18n), `what` and the mistakes' hints too
(looked up in the catalogs, which hold the core track's; graders_calls.with_texts notes them).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

import numpy as np

from liarsdice.checks import check_integer, check_seed, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_general
from liarsdice.i18n import translate as _
from liarsdice.teach.graders_calls import Grade, describe_error, watched_call, with_texts
from liarsdice.teach.watch import computing, from_the_package, name

if TYPE_CHECKING:
    from types import CodeType

SIGNIFICANCE = 0.001
ROLL_THEM = "roll the dice yourself, with rng.integers, and count the matches"


def _a(noun: str) -> str:
    """Return "an int", "a list": the noun with its article (in English)."""
    if noun[:1].lower() in "aeiou":
        return _("an {type}").format(type=noun)
    return _("a {type}").format(type=noun)


def _p(p_value: float) -> str:
    """Return a p-value as f"{p:.2g}" writes it, with the language's decimal sign."""
    return format_general(p_value, 2)


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
            message = _(
                "{function} is the library's own: roll the dice yourself, with rng.integers, and "
                "count the matches."
            )
            return False, message.format(function=name(function, qualified=True))
        watched = _WatchedGenerator(seed)
        results = []
        for rng in (watched, np.random.default_rng(seed), np.random.default_rng(seed + 1)):
            value, error, called = watched_call(function, {**call, "rng": rng}, _library)
            if called:
                message = _(
                    "your function calls {called}: roll the dice yourself, with rng.integers, and "
                    "count the matches."
                )
                return False, message.format(called=called)
            if error is not None:
                message = _("your function raised {error} when called as f({arguments}, rng=...).")
                return False, message.format(error=describe_error(error), arguments=arguments)
            results.append(value)
        result, again, other = results
        trials, top = call.get("trials"), cast("int | None", call.get("n"))  # checked above
        shown_what = _(what)
        if isinstance(result, str | bytes | Mapping) or not hasattr(result, "__len__"):
            message = _(
                "your function returned {a_type}; expected one number per trial ({what}), as a "
                "list or a numpy array."
            )
            return False, message.format(a_type=_a(type(result).__name__), what=shown_what)
        try:
            values = np.asarray(result)
        except Exception as error:  # a ragged or strange container
            message = _(
                "could not read your function's result ({error}); expected one number per trial "
                "({what}), as a list or a numpy array."
            )
            return False, message.format(error=describe_error(error), what=shown_what)
        if values.shape != (trials,):
            message = _(
                "your function returned {count} values in shape {shape}; expected {trials} "
                "({what}), one per trial."
            )
            count = values.shape[0] if values.ndim else 0
            return False, message.format(
                count=count, shape=values.shape, trials=trials, what=shown_what
            )
        counts = [_whole(v) for v in values.tolist()]
        if any(c is None for c in counts):
            odd = next(v for v, c in zip(values.tolist(), counts) if c is None)
            message = _(
                "your function returned values that are not whole numbers (such as {value}); "
                "expected {what}, a count."
            )
            return False, message.format(value=quote(odd), what=shown_what)
        if not _same(counts, again) or _same(counts, other):
            return False, _(
                "your function does not follow the generator it is given: two generators seeded "
                "alike must give the same results, and differently seeded ones different results. "
                "Draw every random number from rng (not from np.random, random or a generator of "
                "your own)."
            )
        whole = cast(list[int], counts)  # no None among them
        if min(whole) < 0 or (top is not None and max(whole) > top):
            message = _(
                "your function returned counts outside 0..{top}; a count of dice cannot be "
                "negative or exceed the dice rolled."
            )
            return False, message.format(top=top)
        rolls = top * trials if top is not None and isinstance(trials, int) else 0
        unfair, rolled = _unrolled(watched, faces, rolls) if faces is not None else ("", True)
        if not rolled:  # no dice, too few, or faces out of range
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
                return False, _(hint)
        message = _(
            "your simulated counts are too far from the exact distribution to be chance (a "
            "goodness-of-fit test, lesson 8, gives p = {p}, below {significance}); check which "
            "faces count, and that each trial rolls all the dice afresh."
        )
        return False, message.format(p=_p(fit.p_value), significance=_p(SIGNIFICANCE))

    return with_texts(grade, (what, *(hint for _mean, hint in mistakes)))


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


def _library(code: CodeType) -> bool:
    """Return whether a call the student's code makes is the library's computing (the
    grader's own code that runs inside the student's call excepted)."""
    return computing(code) and code not in _HARNESS


def _unrolled(watched: _WatchedGenerator, faces: int, needed: int) -> tuple[str, bool]:
    """Return why the draws are no roll of `needed` fair dice (too few, not faces, uneven), or
    "", and whether the dice were rolled (True for dice rolled, fair or not)."""
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
            odd = int(values.max() if values.max() > low + faces - 1 else values.min())
            message = _("your dice show values outside 1..{faces} (or 0..{top}), such as {value}.")
            return message.format(faces=faces, top=faces - 1, value=odd), False
        shown += np.bincount(values - low, minlength=faces)
    for tally in tallies:
        shown += tally.sum(axis=0)
    if shown.sum() < needed:
        message = _(
            "roll the dice: draw each die's face from rng (rng.integers(1, {end}) for faces 1 to "
            "{faces}), {needed} dice in all here, each trial rolling its dice afresh, then count "
            "the dice that match; your function rolled {rolled}."
        )
        rolled = int(shown.sum())
        return message.format(end=faces + 1, faces=faces, needed=needed, rolled=rolled), False
    fit = stats.chi_square_fit(cast(Sequence[int], shown), [1 / faces] * faces)
    if fit.p_value < SIGNIFICANCE:
        message = _(
            "your dice are not fair: over {rolls} rolls the faces came up {tallies} times, too "
            "uneven to be chance (a test of fair dice gives p = {p}, below {significance})."
        )
        counted = ", ".join(map(str, shown.tolist()))
        shown_p, level = _p(fit.p_value), _p(SIGNIFICANCE)
        return message.format(
            rolls=int(shown.sum()), tallies=counted, p=shown_p, significance=level
        ), True
    return "", True


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


# The grader's own code that runs inside the student's call, which the watcher lets pass.
_HARNESS = frozenset(
    f.__code__
    for f in (
        _WatchedGenerator._noted,
        _WatchedGenerator.integers,
        _WatchedGenerator.choice,
        _WatchedGenerator.multinomial,
    )
)
