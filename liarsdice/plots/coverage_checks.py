"""The checks of the coverage figures' input (liarsdice.plots.coverage), each quoting it.

- MAX_METHODS: the most methods (panels, curves) of one figure.
- Bounds, Mark: the types of a method's interval ends and of a simulated share.
- check_methods(name, value, what): a mapping of at most MAX_METHODS methods (text).
- method_entry(name, mapping, method): mapping[method], refused quoting the mapping if missing.
- check_samples(rate, games, wins, bounds, covers): the samples of interval_traces.
- check_marks(at, simulated, methods, name): the input of share_trace.
- check_curves(xs, curves, confidence, at, exact, simulated, x_name): coverage_traces's input.
- plain_number(value): a checked number as an int or a float, ready for "%" and "g" formats.

Wrong kinds raise ArgumentTypeError, values out of range ValueError (liarsdice.plots._inputs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat, SupportsIndex, TypeVar, cast

from liarsdice.checks import check_number, check_probability, is_integer, quote
from liarsdice.plots._inputs import (
    Numbers,
    check_flags,
    check_integer,
    check_items,
    check_mapping,
    check_numbers,
    check_probabilities,
    check_title,
    quoting,
)
from liarsdice.plots._inputs import check_probability as check_chance
from liarsdice.stats import MAX_COUNT

MAX_METHODS = 10  # the most methods (panels, curves) of one figure

Bounds = tuple[Numbers, Numbers]  # the low ends and the high ends (sequences or arrays)
Mark = tuple[float, float, float]  # a simulated share with its interval: (share, low, high)
_V = TypeVar("_V")


def check_methods(name: str, value: object, what: str) -> Mapping[Any, Any]:
    """Return `value` if it maps at most MAX_METHODS methods (text) to something."""
    methods = check_mapping(name, value, MAX_METHODS, what)  # `value` itself
    for method in methods:
        check_title(f"{name} method", method, optional=False)
    return methods


def method_entry(name: str, mapping: Mapping[str, _V], method: str) -> _V:
    """Return mapping[method]; raise quoting the mapping when the method is missing."""
    if method not in mapping:
        raise ValueError(f"{name}={quote(mapping)}: no entry for the method {quote(method)}")
    return mapping[method]


def check_samples(
    rate: object, games: object, wins: object, bounds: object, covers: object
) -> tuple[float, int]:
    """Check the samples of interval_traces; return the rate and the games."""
    rate = float(check_probability("rate", rate))  # a float already (exact=False)
    games = check_integer("games", games, 1, MAX_COUNT)
    samples = len(check_numbers("wins", wins, 0, games, integer=True))
    pairs = check_methods("bounds", bounds, " from methods to (low ends, high ends)")
    flags = check_mapping("covers", covers, MAX_METHODS, " from methods to flags")
    for method, pair in pairs.items():
        where = f"bounds[{quote(method)}]"
        ends = check_items(where, pair, 2, "a pair (low ends, high ends)")
        if len(ends) != 2:
            raise ValueError(f"{where}={quote(pair)}: expected a pair (low ends, high ends)")
        hits = check_flags(f"covers[{quote(method)}]", method_entry("covers", flags, method))
        for values in (*ends, hits):
            if len(check_items(where, values)) != samples:
                raise ValueError(
                    f"{where} or covers[{quote(method)}]: {len(values)} values for {samples} "
                    f"samples (wins={quote(wins)})"
                )
        for end in ends:
            check_probabilities(where, end)
    return rate, games


def check_marks(
    at: object, simulated: object, methods: object, name: str = "methods"
) -> tuple[float, Mapping[str, Mark] | None, list[str]]:
    """Check share_trace's input; return at, simulated and the methods (called `name`) as a
    list."""
    check_number("at", at)
    names = check_items(name, methods, MAX_METHODS, "a sequence of method names")
    with quoting(name, methods):
        for method in names:
            check_title("method", method, optional=False)
    marks: Mapping[str, Mark] | None = None
    if simulated is not None:
        marks = check_methods("simulated", simulated, " from methods to (share, low, high)")
        if marks:
            for method in names:
                with quoting(name, methods):
                    mark = method_entry("simulated", marks, method)
                where = f"simulated[{quote(method)}]"
                if len(check_probabilities(where, check_items(where, mark, 3))) != 3:
                    raise ValueError(f"{where}={quote(mark)}: expected (share, low, high)")
    return plain_number(at), marks, list(names)


def check_curves(
    xs: object,
    curves: object,
    confidence: object,
    at: object,
    exact: object,
    simulated: object,
    x_name: object,
) -> None:
    """Check coverage_traces's input; raise quoting what is wrong."""
    count = len(check_numbers("xs", xs))
    if count == 0:
        raise ValueError(f"xs={quote(xs)}: expected one x or more")
    methods = check_methods("curves", curves, " from methods to coverages")  # `curves` itself
    for method, values in methods.items():
        where = f"curves[{quote(method)}]"
        if len(check_probabilities(where, values)) != count:
            raise ValueError(
                f"{where}={quote(values)}: {len(values)} values for {count} x values "
                f"(xs={quote(xs)})"
            )
    check_probability("confidence", confidence)
    coverages = check_mapping("exact", exact, MAX_METHODS, " from methods to coverages")
    for method in methods:
        check_chance(f"exact[{quote(method)}]", method_entry("exact", coverages, method))
    check_marks(at, simulated, list(methods), "curves' methods")
    check_title("x_name", x_name, optional=False)


def plain_number(value: object) -> int | float:
    """Return a checked number as an int or a float (a Fraction or a numpy number cannot be
    formatted as "%" or "g" everywhere); ints and floats are kept as they are."""
    if isinstance(value, int | float):
        return value
    if is_integer(value):
        return int(cast(SupportsIndex, value))  # an integer: it has __index__
    return float(cast(SupportsFloat, value))  # a checked real number (a Fraction, numpy...)
