"""Fuzz every public entry point with hostile input; run in a child process by tests/test_fuzz.py.

The API map (SPECS) names every public function, method and constructor of the modules in
MODULES, with valid defaults for every argument and the arguments that get fuzzed; EXCLUDED
names the public callables deliberately left out, with the reason. public_callables() finds
them by introspection, so a new public function that is in neither table fails a test.

Each call gets one fuzzed argument (a hostile value: a wrong kind, out of range, huge, NaN,
nested, empty...) and valid values for the others. It must, within TIME_LIMIT seconds:
- return, and then a probability it returns is in [0, 1] and no float it returns is NaN, and a
  value of the wrong kind for an argument declared int/flag/text/number must not be accepted;
- or raise ValueError or TypeError with a non-empty message that, when the input is small and
  printable, quotes it; and a refused call on a stateful object (a Game) changes nothing.
Anything else (another exception, MemoryError under the child's RLIMIT_AS, a hang) fails.

Run as a script: `python tests/fuzz_api.py --report out.json [--only NAME ...]`; it prints the
distinct failures (smallest input kept per failure) and exits 1 when there are any.
Environment: FUZZ_PROFILE=long multiplies the examples by 20; FUZZ_TIME_LIMIT (seconds).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import itertools
import json
import math
import os
import resource
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

MODULES = (
    "liarsdice",
    "liarsdice.actions",
    "liarsdice.agents",
    "liarsdice.bidders",
    "liarsdice.bidders_hands",
    "liarsdice.bidders_players",
    "liarsdice.bidders_quantal",
    "liarsdice.bidders_uniform",
    "liarsdice.bids",
    "liarsdice.bot",
    "liarsdice.botkit",
    "liarsdice.legal_moves",
    "liarsdice.botkit_fast",
    "liarsdice.bots_adaptive",
    "liarsdice.bots_basic",
    "liarsdice.bots_bayes",
    "liarsdice.bots_model",
    "liarsdice.bots_solver",
    "liarsdice.checks",
    "liarsdice.engine",
    "liarsdice.halve_double",
    "liarsdice.history",
    "liarsdice.i18n",
    "liarsdice.inference",
    "liarsdice.inference_evidence",
    "liarsdice.inference_input",
    "liarsdice.inference_posterior",
    "liarsdice.ladder",
    "liarsdice.match",
    "liarsdice.moves",
    "liarsdice.odds",
    "liarsdice.odds_checks",
    "liarsdice.odds_costs",
    "liarsdice.odds_counts",
    "liarsdice.odds_simulation",
    "liarsdice.plots",
    "liarsdice.profiles",
    "liarsdice.profiles_data",
    "liarsdice.profiles_families",
    "liarsdice.record",
    "liarsdice.render",
    "liarsdice.render_table",
    "liarsdice.replay",
    "liarsdice.rules",
    "liarsdice.rules_base",
    "liarsdice.rules_class",
    "liarsdice.rules_options",
    "liarsdice.rules_presets",
    "liarsdice.sampling",
    "liarsdice.settlement",
    "liarsdice.solver",
    "liarsdice.solver.stream",
    "liarsdice.solver.stream_checkpoint",
    "liarsdice.solver.stream_game",
    "liarsdice.solver.stream_memory",
    "liarsdice.solver.stream_results",
    "liarsdice.solver.stream_solver",
    "liarsdice.stats",
    "liarsdice.stats_chi_square",
    "liarsdice.stats_inputs",
    "liarsdice.stats_intervals",
    "liarsdice.stats_normal",
    "liarsdice.stats_tests",
    "liarsdice.svg",
    "liarsdice.svg_dice",
    "liarsdice.symbolic",
    "liarsdice.teach",
    "liarsdice.teach.key",
    "liarsdice.tournament",
    "liarsdice.view",
    "liarsdice.widgets.classroom_app",
)

TIME_LIMIT = float(os.environ.get("FUZZ_TIME_LIMIT", "1.0"))
ALARM = TIME_LIMIT * 3  # a call still running then is interrupted (and fails)
LONG = os.environ.get("FUZZ_PROFILE") == "long"


# --------------------------------------------------------------------------------------------
# Introspection: the public callables of MODULES
# --------------------------------------------------------------------------------------------


def _home(obj: object) -> str:
    return f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"


def public_callables() -> set[str]:
    """Return the home-qualified names of every public function, class (its constructor) and
    public method of a class in MODULES: a module's __all__ if it has one, else the public
    names defined in that module."""
    found: set[str] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None)
        if names is None:
            names = [
                n
                for n in vars(module)
                if not n.startswith("_")
                and getattr(getattr(module, n), "__module__", None) == module_name
            ]
        for name in names:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            if not getattr(obj, "__module__", "").startswith("liarsdice"):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            if not (inspect.isclass(obj) or inspect.isroutine(obj)):
                found.add(f"{module_name}.{name}")  # a callable instance, such as UNIFORM
                continue
            found.add(_home(obj))
            if inspect.isclass(obj):
                for attr, raw in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(raw, staticmethod | classmethod) or inspect.isfunction(raw):
                        found.add(f"{_home(obj)}.{attr}")
    return found


# --------------------------------------------------------------------------------------------
# Hostile values
# --------------------------------------------------------------------------------------------


class BadRepr:
    """An object whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class HugeRepr:
    """An object whose repr is a million characters."""

    def __repr__(self) -> str:
        return "H" * 1_000_000


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _special_values() -> list[object]:
    import numpy as np

    import liarsdice as ld

    nan, inf = math.nan, math.inf
    return [
        None,
        True,
        False,
        np.True_,
        "",
        " ",
        "nan",
        "inf",
        "-1",
        "2.5",
        "1e308",
        "3x5",
        "\u0663x\u0665",  # Arabic-Indic digits: int() reads them
        "9" * 5000 + "x5",
        "x" * 100_000,
        "\x00",
        "\U0001f3b2" * 3,
        "blef",
        b"3x5",
        b"",
        0.0,
        -0.0,
        2.5,
        3.0,
        1e308,
        -1e308,
        5e-324,
        nan,
        inf,
        -inf,
        -1,
        0,
        1,
        2,
        7,
        10**4 + 1,
        10**5,
        10**6,
        10**9,
        10**18,
        2**63,
        2**64,
        10**5000,
        -(10**5000),
        2**20000,
        np.int64(3),
        np.int64(-1),
        np.uint64(2**64 - 1),
        np.float64(nan),
        np.float32(2.5),
        np.array(3),
        np.array([]),
        np.array([1, 2, 3]),
        np.zeros((2, 2)),
        np.array(["a"]),
        Fraction(10**5000, 3),
        Fraction(1, 10**5000),
        Fraction(1, 3),
        Fraction(3, 2),
        Decimal("nan"),
        Decimal("1e5000"),
        Decimal("2.5"),
        1j,
        complex(nan, 0),
        [],
        (),
        [[]],
        [None],
        [1, "a"],
        [0, 7],
        (1, 2.5),
        (5,) * 10**6,
        _nested(1000),
        {},
        {1: 2},
        {"a": None},
        set(),
        frozenset({1, 2}),
        range(10**12),
        range(-5, 0),
        BadRepr(),
        HugeRepr(),
        object(),
        ld.Bid(3, 5),
        ld.Rules(),
        ld.Challenge(),
        print,
        int,
        Ellipsis,
    ]


def hostile():
    """The hypothesis strategy of hostile values."""
    from hypothesis import strategies as st

    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-3, 12),
        st.sampled_from([10**k for k in range(2, 25)]),
        st.floats(),
        st.text(max_size=20),
        st.binary(max_size=5),
        st.fractions(),
        st.decimals(),
        st.complex_numbers(),
    )
    containers = st.one_of(
        st.lists(scalars, max_size=6),
        st.tuples(scalars, scalars),
        st.lists(st.integers(-2, 8), max_size=8).map(tuple),
        st.dictionaries(st.text(max_size=3), scalars, max_size=3),
        st.frozensets(st.integers(-2, 8), max_size=4),
        st.lists(st.integers(1, 6), max_size=5).map(lambda v: (x for x in v)),  # generators
    )
    return st.one_of(st.sampled_from(_special_values()), scalars, containers)


# --------------------------------------------------------------------------------------------
# Valid defaults and the API map
# --------------------------------------------------------------------------------------------

_cache: dict[str, object] = {}


def cached(name: str, build: Callable[[], object]) -> object:
    if name not in _cache:
        _cache[name] = build()
    return _cache[name]


def rules():
    import liarsdice as ld

    return ld.Rules()


def bid(q: int = 3, f: int = 5):
    import liarsdice as ld

    return ld.Bid(q, f)


def game():
    """A fresh game after one bid (3 seats)."""
    import liarsdice as ld

    g = ld.Game(ld.Rules(), players=3, seed=0)
    g.apply(ld.Bid(2, 3))
    return g


def view():
    return cached("view", lambda: (lambda g: g.view(g.current_player))(game()))


def off_turn_view():
    """A seat's view when it is not its turn (no legal action)."""
    return cached("off_turn", lambda: (lambda g: g.view((g.current_player + 1) % 3))(game()))


def over_view():
    """A seat's view of a finished game."""

    def build():
        import numpy as np

        import liarsdice as ld

        g = ld.Game(ld.Rules(), players=2, seed=1)
        rng = np.random.default_rng(0)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
        return g.view(0)

    return cached("over", build)


# Domain values of the right type but in an awkward state, tried besides the hostile ones.
EXTRA: dict[str, Callable[[], list[object]]] = {
    "view": lambda: [off_turn_view(), over_view()],
    "records": lambda: odd_records(),
    "fit": lambda: odd_fits(),
    "rows": lambda: odd_rows(),
}


def stream_game():
    from liarsdice.solver.stream import StreamGame

    return cached("stream_game", lambda: StreamGame(rules(), (1, 1), faces=3))


def small_game():
    from liarsdice.solver import SmallGame

    return cached("small_game", lambda: SmallGame(rules(), (1, 1), faces=3))


def solution():
    from liarsdice.solver import solve

    return cached("solution", lambda: solve(rules(), (1, 1), faces=3, max_iterations=50))


def endgame():
    from liarsdice.solver import solve_endgame

    return cached("endgame", lambda: solve_endgame(rules(), faces=2))


def endgame_state():
    from liarsdice.solver import EndgameState

    return cached("endgame_state", lambda: EndgameState((2, 1)))


def strategy():
    from liarsdice.solver import Strategy

    return cached("strategy", lambda: Strategy.uniform(small_game()))


def round_result():
    def build():
        import liarsdice as ld

        g = game()
        g.apply(ld.Challenge())
        return g.last_round

    return cached("round_result", build)


def belief():
    from liarsdice.inference import Belief

    return cached("belief", lambda: Belief(view()))


def exercise_id():
    from liarsdice import teach

    return teach.exercises()[0].id


# Valid values by argument name; a spec's own `valid` overrides these.
VALID: dict[str, Callable[[], object]] = {
    "rules": rules,
    "bid": bid,
    "previous": lambda: bid(2, 5),
    "unknown": lambda: 5,
    "known": lambda: (1, 5),
    "palifico": lambda: False,
    "exact": lambda: False,
    "face": lambda: 5,
    "n": lambda: 4,
    "k": lambda: 2,
    "q": lambda: 2,
    "view": view,
    "seat": lambda: 0,
    "bidder": lambda: 0,
    "challenger": lambda: 1,
    "caller": lambda: 1,
    "count": lambda: 3,
    "players": lambda: 3,
    "seed": lambda: 0,
    "max_quantity": lambda: 4,
    "rank": lambda: 3,
    "plural": lambda: False,
    "you": lambda: 0,
    "model": lambda: __import__("liarsdice.inference").inference.UNIFORM,
    "strategy": strategy,
    "state": endgame_state,
    "opener": lambda: 0,
    "player": lambda: 0,
    "hand": lambda: (1, 5),
    "history": lambda: (),
    "size": lambda: 40,
    "title": lambda: "t",
    "confidence": lambda: 0.95,
    "wins": lambda: 3,
    "games": lambda: 10,
    "exercise_id": exercise_id,
    "action": lambda: bid(3, 5),
    "total": lambda: 6,
    "beta": lambda: 2.0,
    "epsilon": lambda: 0.1,
    "rng": lambda: __import__("numpy").random.default_rng(0),
    "alternative": lambda: "two-sided",
}

# The kind each argument must have: a value of another kind must be refused, not taken.
# int: an integer (not a bool); int?: also None; flag: a bool; text: a str; number: a finite
# real (not a bool); any: no kind check (only: no crash, no hang).
KINDS: dict[str, str] = {
    "unknown": "int",
    "palifico": "flag",
    "opener": "int",
    "max_dice": "int",
    "exact": "flag",
    "face": "int",
    "n": "int",
    "k": "int",
    "q": "int",
    "seat": "int",
    "bidder": "int",
    "challenger": "int",
    "caller": "int",
    "count": "int",
    "players": "int",
    "seed": "int",
    "max_quantity": "int",
    "rank": "int",
    "plural": "flag",
    "player": "int",
    "wins": "int",
    "games": "int",
    "total": "int",
    "confidence": "number",
    "beta": "number",
    "threshold": "number",
    "tolerance": "number",
    "share": "number",
    "p": "number",
    "min_expected": "number",
    "text": "text",
    "exercise_id": "text",
    "name": "text",
    "option": "text",
    "you": "int?",
    "faces": "int",
    "max_iterations": "int",
    "check_every": "int",
    "iterations": "int",
    "trials": "int",
    "workers": "int",
    "progress": "flag",
    "solutions": "flag",
    "width": "int",
    "highlight": "any",
    "max_plain": "int",
    "number": "int",
}


@dataclass
class Spec:
    """How to call one public callable: `target()` returns the callable (a fresh bound method
    for stateful objects), `valid` the argument values (overriding VALID), `fuzz` the arguments
    fuzzed (one at a time), `result` what a return must be ("prob": a probability; "probs":
    every number in it a probability; "" nothing more), `kinds` overrides of KINDS, `state`
    a snapshot of the bound object that a refused call must not change, `examples` per
    argument."""

    target: Callable[[], Callable]
    valid: dict[str, object] = field(default_factory=dict)
    fuzz: tuple[str, ...] = ()
    result: str = ""
    kinds: dict[str, str] = field(default_factory=dict)
    state: Callable[[Any], object] | None = None
    examples: int = 25
    values: dict[str, list[object]] = field(default_factory=dict)


def _imp(path: str) -> Callable[[], Callable]:
    """A target that imports `module:attribute.attribute`."""

    def target() -> Callable:
        module, _, attrs = path.partition(":")
        obj: Any = importlib.import_module(module)
        for attr in attrs.split("."):
            obj = getattr(obj, attr)
        return obj

    return target


def _method(make: Callable[[], object], name: str) -> Callable[[], Callable]:
    return lambda: getattr(make(), name)


def _game_state(bound: Any) -> object:
    return bound.__self__.to_json()


def _specs() -> dict[str, Spec]:
    S = Spec
    R = "liarsdice.rules:Rules"
    I = _imp  # noqa: E741
    M = _method
    specs: dict[str, Spec] = {
        # rules, bids, actions -------------------------------------------------------------
        "liarsdice.rules_class.Rules": S(
            I(R),
            {
                "dice": 5,
                "wild": 1,
                "ace_rule": "board",
                "max_players": 20,
                "box_dice": None,
                "exact": "others_lose_one",
            },
            (
                "wild",
                "wild_name",
                "ace_rule",
                "loss",
                "exact",
                "next_opener",
                "dice",
                "box_dice",
                "open_on_wild",
                "palifico",
                "calza",
                "show_and_reroll",
                "single_round",
                "max_players",
            ),
            kinds={
                "dice": "int",
                "max_players": "int",
                "box_dice": "int?",
                "wild": "int",
                "open_on_wild": "flag",
                "calza": "flag",
                "show_and_reroll": "flag",
                "single_round": "flag",
                "palifico": "flag",
                "exact": "any",
            },
        ),
        "liarsdice.rules_class.Rules.start_dice": S(M(rules, "start_dice"), {}, ("players",)),
        "liarsdice.rules_class.Rules.face_name": S(
            M(rules, "face_name"), {}, ("face", "plural", "count"), kinds={"count": "int?"}
        ),
        "liarsdice.i18n.set_language": S(
            I("liarsdice.i18n:set_language"), {"lang": "en"}, ("lang",)
        ),
        "liarsdice.i18n.speaking": S(I("liarsdice.i18n:speaking"), {"lang": "pl"}, ("lang",)),
        "liarsdice.i18n.catalog": S(I("liarsdice.i18n:catalog"), {"lang": "pl"}, ("lang",)),
        "liarsdice.i18n.format_number": S(
            I("liarsdice.i18n:format_number"), {"x": 0.25, "digits": 2}, ("x", "digits")
        ),
        "liarsdice.i18n.format_general": S(
            I("liarsdice.i18n:format_general"), {"x": 0.25, "significant": 6}, ("x", "significant")
        ),
        "liarsdice.i18n.format_percent": S(
            I("liarsdice.i18n:format_percent"),
            {"share": 0.954, "digits": 1},
            ("share", "digits"),
            kinds={"share": "any"},  # any real number: nan and inf are written, not refused
        ),
        "liarsdice.i18n.format_count": S(I("liarsdice.i18n:format_count"), {"n": 20000}, ("n",)),
        "liarsdice.i18n.format_decimal_text": S(
            I("liarsdice.i18n:format_decimal_text"), {"text": "-1.2e-03"}, ("text",)
        ),
        "liarsdice.rules_class.Rules.count": S(
            M(rules, "count"), {"dice": (1, 5, 5)}, ("dice", "face", "palifico")
        ),
        "liarsdice.rules_class.Rules.describe": S(M(rules, "describe"), {}, ("bid",)),
        "liarsdice.rules_class.Rules.rank": S(M(rules, "rank"), {}, ("bid", "palifico")),
        "liarsdice.rules_class.Rules.bid_at": S(M(rules, "bid_at"), {}, ("rank", "palifico")),
        "liarsdice.rules_class.Rules.is_raise": S(
            M(rules, "is_raise"), {}, ("previous", "bid", "palifico")
        ),
        "liarsdice.rules_class.Rules.check_bid": S(
            M(rules, "check_bid"),
            {"max_quantity": 10},
            ("previous", "bid", "max_quantity", "palifico"),
            kinds={"max_quantity": "int?"},
        ),
        "liarsdice.rules_class.Rules.ladder": S(
            M(rules, "ladder"), {}, ("max_quantity", "palifico")
        ),
        "liarsdice.rules_class.Rules.next_bids": S(
            M(rules, "next_bids"), {}, ("previous", "max_quantity", "palifico")
        ),
        "liarsdice.rules_class.Rules.min_wild_after": S(M(rules, "min_wild_after"), {}, ("q",)),
        "liarsdice.rules_class.Rules.min_plain_after": S(M(rules, "min_plain_after"), {}, ("k",)),
        "liarsdice.rules_class.Rules.meaning": S(
            M(rules, "meaning"), {"option": "dice"}, ("option",)
        ),
        "liarsdice.rules_presets.preset": S(
            I("liarsdice.rules:preset"), {"name": "blef"}, ("name",)
        ),
        "liarsdice.rules_base.resolve": S(I("liarsdice.rules:resolve"), {}, ("rules",)),
        "liarsdice.rules_presets.rules_key": S(I("liarsdice.rules:rules_key"), {}, ("rules",)),
        "liarsdice.rules_presets.changed": S(
            I("liarsdice.rules:changed"), {"option": "dice", "value": 4}, ("option", "value")
        ),
        "liarsdice.bids.Bid": S(
            I("liarsdice.bids:Bid"),
            {"quantity": 3, "face": 5},
            ("quantity", "face"),
            kinds={"quantity": "int"},
        ),
        "liarsdice.bids.Bid.parse": S(
            I("liarsdice.bids:Bid.parse"),
            {"text": "3x5", "rules": None},
            ("text", "rules"),
            examples=60,
        ),
        "liarsdice.actions.ShowAndReroll": S(
            I("liarsdice.actions:ShowAndReroll"), {"shown": (5,)}, ("shown",)
        ),
        "liarsdice.actions.action_text": S(I("liarsdice.actions:action_text"), {}, ("action",)),
        "liarsdice.actions.parse_action": S(
            I("liarsdice.actions:parse_action"),
            {"text": "3x5", "rules": None},
            ("text", "rules"),
            examples=40,
        ),
        "liarsdice.settlement.settle": S(
            I("liarsdice.settlement:settle"),
            {"dice": (3, 3, 3), "count": 2},
            ("rules", "dice", "bidder", "challenger", "bid", "count"),
        ),
        "liarsdice.settlement.settle_calza": S(
            I("liarsdice.settlement:settle_calza"),
            {"dice": (3, 3, 3), "count": 2},
            ("rules", "dice", "caller", "bid", "count"),
        ),
        "liarsdice.settlement.settle_every_count": S(
            I("liarsdice.settlement:settle_every_count"),
            {"dice": (3, 3, 3)},
            ("rules", "dice", "bidder", "challenger", "bid"),
        ),
        "liarsdice.settlement.next_seat_with_dice": S(
            I("liarsdice.settlement:next_seat_with_dice"), {"dice": (3, 0, 3)}, ("dice", "seat")
        ),
        # odds, aces, symbolic -----------------------------------------------------------------
        "liarsdice.odds.bid_probability": S(
            I("liarsdice.odds:bid_probability"),
            {},
            ("bid", "rules", "unknown", "known", "exact", "palifico"),
            result="prob",
            examples=40,
        ),
        "liarsdice.odds.p_exact": S(
            I("liarsdice.odds:p_exact"),
            {},
            ("bid", "rules", "unknown", "known", "exact", "palifico"),
            result="prob",
        ),
        "liarsdice.odds.table": S(
            I("liarsdice.odds:table"),
            {},
            ("rules", "unknown", "known", "palifico", "exact"),
            result="probs",
            examples=40,
        ),
        "liarsdice.odds_counts.binomial_pmf": S(
            I("liarsdice.odds:binomial_pmf"),
            {"p": Fraction(1, 3)},
            ("n", "p", "exact"),
            result="probs",
            kinds={"p": "any"},
        ),
        "liarsdice.odds_counts.binomial_tails": S(
            I("liarsdice.odds:binomial_tails"),
            {"p": Fraction(1, 3)},
            ("n", "p", "exact"),
            result="probs",
            kinds={"p": "any"},
        ),
        "liarsdice.odds_costs.challenge_cost": S(
            I("liarsdice.odds:challenge_cost"),
            {"dice": (4, 3)},
            (
                "bid",
                "rules",
                "unknown",
                "known",
                "dice",
                "bidder",
                "challenger",
                "palifico",
                "exact",
            ),
        ),
        "liarsdice.odds_costs.cost_of_counts": S(
            I("liarsdice.odds:cost_of_counts"),
            {"distribution": [Fraction(1, 7)] * 7, "dice": (3, 3)},
            ("distribution", "bid", "rules", "dice", "bidder", "challenger"),
        ),
        "liarsdice.odds_counts.count_distribution": S(
            I("liarsdice.odds:count_distribution"),
            {},
            ("face", "rules", "unknown", "known", "exact", "palifico"),
            result="probs",
        ),
        "liarsdice.odds_counts.joint_distribution": S(
            I("liarsdice.odds:joint_distribution"), {}, ("n", "exact"), result="probs"
        ),
        "liarsdice.odds_simulation.joker_counts": S(
            I("liarsdice.odds:joker_counts"),
            {"face_counts": __import__("numpy").array([[1, 0, 0, 0, 2, 0]])},
            ("face_counts", "face", "rules", "palifico"),
        ),
        "liarsdice.odds_counts.match_chance": S(
            I("liarsdice.odds:match_chance"), {}, ("face", "rules", "palifico"), result="prob"
        ),
        "liarsdice.odds_counts.matching_faces": S(
            I("liarsdice.odds:matching_faces"), {}, ("face", "rules", "palifico")
        ),
        "liarsdice.odds_simulation.simulate_counts": S(
            I("liarsdice.odds:simulate_counts"), {"trials": 10}, ("n", "trials", "rng")
        ),
        "liarsdice.odds_checks.check_bid": S(I("liarsdice.odds:check_bid"), {}, ("bid",)),
        "liarsdice.odds_checks.check_rules": S(I("liarsdice.odds:check_rules"), {}, ("rules",)),
        "liarsdice.odds_checks.check_view": S(
            I("liarsdice.odds_checks:check_view"),
            {"rules": "blef", "unknown": 3, "known": (), "exact": False, "palifico": False},
            ("rules", "unknown", "known", "exact", "palifico"),
        ),
        "liarsdice.odds_checks.check_dice": S(
            I("liarsdice.odds_checks:check_dice"),
            {"name": "unknown", "value": 3},
            ("value",),  # exact: the caller's own (checked) flag, as checks.check_integer's bounds
            kinds={"value": "int"},
        ),
        "liarsdice.odds_checks.check_known": S(
            I("liarsdice.odds_checks:check_known"),
            {"known": (1, 5), "unknown": 3},
            ("known",),  # unknown and exact: the caller's, checked first (check_dice)
        ),
        "liarsdice.halve_double.first_rise": S(
            I("liarsdice.halve_double:first_rise"), {}, ("rules", "n")
        ),
        "liarsdice.halve_double.halve_double_table": S(
            I("liarsdice.halve_double:halve_double_table"), {}, ("n",)
        ),
        "liarsdice.halve_double.ladder_monotonicity": S(
            I("liarsdice.halve_double:ladder_monotonicity"),
            {"ns": (2, 3), "rules": None, "ace_rules": None},
            ("ns", "rules", "ace_rules"),
        ),
        "liarsdice.halve_double.ladder_rises": S(
            I("liarsdice.halve_double:ladder_rises"), {}, ("rules", "n")
        ),
        "liarsdice.halve_double.wild_bracket": S(
            I("liarsdice.halve_double:wild_bracket"), {}, ("rules", "k")
        ),
        "liarsdice.halve_double.wild_place": S(
            I("liarsdice.halve_double:wild_place"), {}, ("k", "n")
        ),
        "liarsdice.symbolic.binomial_terms": S(
            I("liarsdice.symbolic:binomial_terms"),
            {},
            ("bid", "rules", "unknown", "known", "palifico"),
        ),
        "liarsdice.symbolic.symbolic_moments": S(
            I("liarsdice.symbolic:symbolic_moments"),
            {"p": None},
            ("p",),
            examples=15,
            kinds={"p": "any"},
        ),
        "liarsdice.symbolic.symbolic_tail": S(I("liarsdice.symbolic:symbolic_tail"), {}, ()),
        # engine, view, history, match --------------------------------------------------------
        "liarsdice.engine.Game": S(
            I("liarsdice.engine:Game"),
            {"opener": None},
            ("rules", "players", "seed", "opener"),
            kinds={"opener": "int?"},
        ),
        "liarsdice.engine.Game.legal_actions": S(M(game, "legal_actions"), {}, ()),
        "liarsdice.engine.Game.view": S(M(game, "view"), {}, ("seat",), state=_game_state),
        "liarsdice.engine.Game.check": S(
            M(game, "check"), {"action": bid(3, 5)}, ("action",), state=_game_state
        ),
        "liarsdice.engine.Game.apply": S(
            M(game, "apply"), {"action": bid(3, 5)}, ("action",), state=_game_state, examples=40
        ),
        "liarsdice.engine.Game.to_json": S(M(game, "to_json"), {}, ()),
        "liarsdice.engine.Game.from_json": S(
            I("liarsdice.engine:Game.from_json"),
            {"text": game().to_json()},
            ("text",),
            examples=40,
        ),
        "liarsdice.engine.Game.view_all": S(M(game, "view_all"), {}, ()),
        "liarsdice.legal_moves.legal_actions_for": S(
            I("liarsdice.engine:legal_actions_for"),
            {
                "phase": __import__("liarsdice.view").view.Phase.BID,
                "dice": (3, 3),
                "previous": None,
                "hand": (1, 5, 5),
            },
            ("rules", "phase", "dice", "seat", "previous", "palifico", "hand"),
        ),
        "liarsdice.ladder.ladder_positions": S(
            I("liarsdice.ladder:ladder_positions"), {}, ("rules", "total", "palifico")
        ),
        "liarsdice.ladder.legal_bids": S(
            I("liarsdice.ladder:legal_bids"),
            {"locked": False},
            ("rules", "total", "previous", "palifico", "locked"),
            kinds={"locked": "flag"},
        ),
        "liarsdice.view.face_locked": S(
            I("liarsdice.view:face_locked"),
            {"dice": 1},
            ("palifico", "dice"),
            kinds={"dice": "int"},
        ),
        "liarsdice.view.View.legal_actions": S(M(view, "legal_actions"), {}, ()),
        "liarsdice.history.game_from_json": S(
            I("liarsdice.history:game_from_json"),
            {"text": game().to_json()},
            ("text",),
            examples=40,
        ),
        "liarsdice.history.game_to_json": S(
            I("liarsdice.history:game_to_json"), {"game": game()}, ("game",)
        ),
        "liarsdice.match.play_game": S(
            I("liarsdice.match:play_game"),
            {
                "rules": "blef",
                "bots": [__import__("liarsdice.agents").agents.RandomBot()] * 2,
                "players": None,
            },
            ("rules", "bots", "seed", "players", "move_seconds"),
            kinds={"players": "int?", "move_seconds": "any"},
        ),
        # bots ------------------------------------------------------------------------------
        "liarsdice.bots_basic.RandomBot": S(I("liarsdice.agents:RandomBot"), {}, ("seed",)),
        "liarsdice.bots_basic.RandomBot.act": S(M(_agent("RandomBot"), "act"), {}, ("view",)),
        "liarsdice.bots_basic.RandomBot.reseeded": S(
            M(_agent("RandomBot"), "reseeded"), {}, ("seed",)
        ),
        "liarsdice.bot.Bot.act": S(M(_agent("RandomBot"), "act"), {}, ("view",)),
        "liarsdice.bot.Bot.reseeded": S(M(_agent("HonestBot"), "reseeded"), {}, ("seed",)),
        "liarsdice.bots_basic.ThresholdBot": S(
            I("liarsdice.agents:ThresholdBot"), {"threshold": 0.5}, ("threshold",)
        ),
        "liarsdice.bots_basic.ThresholdBot.act": S(M(_agent("ThresholdBot"), "act"), {}, ("view",)),
        "liarsdice.bots_basic.HonestBot.act": S(M(_agent("HonestBot"), "act"), {}, ("view",)),
        "liarsdice.bots_basic.ExpectedLossBot.act": S(
            M(_agent("ExpectedLossBot"), "act"), {}, ("view",)
        ),
        "liarsdice.bots_basic.ExpectedLossBot.options": S(
            M(_agent("ExpectedLossBot"), "options"), {}, ("view",)
        ),
        "liarsdice.bots_bayes.BayesBot": S(
            I("liarsdice.agents:BayesBot"), {"beta": 10.0, "model": None}, ("beta", "model")
        ),
        "liarsdice.bots_bayes.BayesBot.act": S(M(_agent("BayesBot"), "act"), {}, ("view",)),
        "liarsdice.bots_solver.SolverBot": S(
            I("liarsdice.agents:SolverBot"),
            {"endgames": ((1, 1),), "tolerance": 0.001},
            ("seed", "endgames", "tolerance"),
        ),
        "liarsdice.bots_solver.SolverBot.act": S(M(_agent("SolverBot"), "act"), {}, ("view",)),
        "liarsdice.bots_solver.SolverBot.policy": S(
            M(_agent("SolverBot"), "policy"), {}, ("view",)
        ),
        "liarsdice.bots_solver.SolverBot.reseeded": S(
            M(_agent("SolverBot"), "reseeded"), {}, ("seed",)
        ),
        "liarsdice.bot.register_bot": S(
            I("liarsdice.agents:register_bot"),
            {"kind": _imp("liarsdice.agents:RandomBot")()},
            ("kind",),
            examples=10,
        ),
        "liarsdice.tournament.tournament": S(
            I("liarsdice.tournament:tournament"),
            {
                "bots": [__import__("liarsdice.agents").agents.RandomBot()] * 2,
                "games": 2,
                "rules": "blef",
                "progress": False,
            },
            ("bots", "games", "rules", "seed", "workers", "progress", "executor"),
            # Only values that start no process: with workers=10**7 the tournament forks one
            # process per worker (thousands were seen), so no large count is tried.
            values={"workers": [None, True, 2.5, "2", -1, 0, 3, 64, math.nan, [], b"", 1j]},
        ),
        "liarsdice.tournament.TournamentResult.rows": S(
            M(
                lambda: cached(
                    "tour",
                    lambda: _imp("liarsdice.tournament:tournament")()(
                        [__import__("liarsdice.agents").agents.RandomBot()] * 2,
                        games=2,
                        progress=False,
                    ),
                ),
                "rows",
            ),
            {},
            (),
        ),
        "liarsdice.bots_model.ModelBot": S(
            I("liarsdice.agents:ModelBot"), {}, ("model", "seed"), kinds={"model": "any"}
        ),
        "liarsdice.bots_model.ModelBot.act": S(M(_agent("ModelBot"), "act"), {}, ("view",)),
        "liarsdice.bots_model.ModelBot.reseeded": S(
            M(_agent("ModelBot"), "reseeded"), {}, ("seed",)
        ),
        "liarsdice.bots_model.chances": S(
            I("liarsdice.bots_model:chances"),
            {},
            ("model", "view"),
            result="probs",
            kinds={"model": "any"},
        ),
        "liarsdice.bots_adaptive.AdaptiveBayesBot": S(
            I("liarsdice.agents:AdaptiveBayesBot"),
            {"prior_beta": 10.0, "refit": "round", "remember": False, "spread": 1.0},
            ("prior_beta", "refit", "remember", "spread"),
            kinds={"prior_beta": "number", "refit": "text", "remember": "flag", "spread": "number"},
        ),
        "liarsdice.bots_adaptive.AdaptiveBayesBot.act": S(
            M(_agent("AdaptiveBayesBot"), "act"), {}, ("view",), state=_adaptive_state
        ),
        "liarsdice.bots_adaptive.AdaptiveBayesBot.reseeded": S(
            M(_agent("AdaptiveBayesBot"), "reseeded"), {}, ("seed",)
        ),
        # inference, bidders -------------------------------------------------------------------
        "liarsdice.inference_posterior.posterior": S(
            I("liarsdice.inference:posterior"), {}, ("view", "model", "exact"), result="probs"
        ),
        "liarsdice.inference_posterior.bid_probability": S(
            I("liarsdice.inference:bid_probability"),
            {},
            ("view", "bid", "model", "exact"),
            result="prob",
        ),
        "liarsdice.inference_posterior.count_distribution": S(
            I("liarsdice.inference:count_distribution"),
            {},
            ("view", "face", "model", "exact"),
            result="probs",
        ),
        "liarsdice.inference_posterior.likelihood_ratios": S(
            I("liarsdice.inference:likelihood_ratios"),
            {"seat": (view().seat + 1) % 3},
            ("view", "model", "seat", "face", "exact"),
        ),
        "liarsdice.inference_input.parse_history": S(
            I("liarsdice.inference:parse_history"), {"text": "0: 3x5"}, ("text",)
        ),
        "liarsdice.inference_input.parse_model": S(
            I("liarsdice.inference:parse_model"), {"text": "uniform"}, ("text",)
        ),
        "liarsdice.inference_input.table_view": S(
            I("liarsdice.inference:table_view"),
            {"rules": "blef", "dice": (3, 3), "hand": (1, 5, 5), "moves": (), "shown": None},
            ("rules", "dice", "seat", "hand", "moves", "shown", "palifico"),
        ),
        "liarsdice.inference_posterior.Belief": S(
            I("liarsdice.inference:Belief"), {}, ("view", "model", "exact")
        ),
        "liarsdice.inference_posterior.Belief.posterior": S(
            M(belief, "posterior"), {}, (), result="probs"
        ),
        "liarsdice.inference_posterior.Belief.seat_counts": S(
            M(belief, "seat_counts"),
            {"seat": (view().seat + 1) % 3},
            ("seat", "face"),
            result="probs",
        ),
        "liarsdice.inference_posterior.Belief.count_distribution": S(
            M(belief, "count_distribution"), {}, ("face",), result="probs"
        ),
        "liarsdice.inference_posterior.Belief.bid_probability": S(
            M(belief, "bid_probability"), {}, ("bid",), result="prob"
        ),
        "liarsdice.bidders_quantal.quantal": S(I("liarsdice.bidders:quantal"), {}, ("beta",)),
        "liarsdice.bidders_players.trembling": S(
            I("liarsdice.bidders:trembling"),
            {"bot": __import__("liarsdice.agents").agents.HonestBot()},
            ("bot", "epsilon"),
            kinds={"epsilon": "number"},
        ),
        "liarsdice.bidders_players.equilibrium": S(
            I("liarsdice.bidders:equilibrium"),
            {
                "solution": cached(
                    "solution6",
                    lambda: _imp("liarsdice.solver:solve")()(
                        rules(), (1, 1), max_iterations=2, check_every=1
                    ),
                )
            },
            ("solution",),
        ),
        "liarsdice.bidders.UNIFORM": S(
            I("liarsdice.bidders:UNIFORM"), {}, ("view",), result="probs"
        ),
        "liarsdice.bidders_hands.hand_count": S(
            I("liarsdice.bidders:hand_count"), {"size": 2}, ("size",), kinds={"size": "int"}
        ),
        "liarsdice.replay.replay_round": S(
            I("liarsdice.replay:replay_round"),
            {"dice": (2, 2), "history": ()},
            ("rules", "dice", "history", "palifico"),
        ),
        "liarsdice.bidders_hands.hand_set": S(
            I("liarsdice.bidders:hand_set"), {"size": 2}, ("size",), kinds={"size": "int"}
        ),
        # solver -----------------------------------------------------------------------------
        "liarsdice.solver.cfr.solve": S(
            I("liarsdice.solver:solve"),
            {
                "dice": (1, 1),
                "faces": 3,
                "max_iterations": 50,
                "tolerance": 1e-4,
                "check_every": 10,
            },
            (
                "rules",
                "dice",
                "faces",
                "tolerance",
                "max_iterations",
                "check_every",
                "exact",
                "dtype",
                "backend",
            ),
            kinds={"max_iterations": "int?", "dtype": "any", "backend": "text"},
            examples=15,
        ),
        "liarsdice.solver.files_cache.solution_path": S(
            I("liarsdice.solver:solution_path"),
            {"dice": (1, 1), "faces": 3, "folder": "solutions"},
            ("rules", "dice", "faces", "folder"),
        ),
        "liarsdice.solver.endgame.solve_endgame": S(
            I("liarsdice.solver:solve_endgame"),
            {"faces": 2, "max_dice": 2, "tolerance": 1e-3, "max_iterations": 50, "exact": True},
            ("rules", "faces", "max_dice", "tolerance", "max_iterations", "exact"),
            kinds={"max_iterations": "int?"},  # None: as many as the work limit allows
            examples=10,
        ),
        "liarsdice.solver.files_cache.endgame_path": S(
            I("liarsdice.solver:endgame_path"),
            {"faces": 3, "max_dice": 3, "folder": "solutions"},
            ("rules", "faces", "max_dice", "folder"),
        ),
        "liarsdice.solver.endgame.endgame_round": S(
            I("liarsdice.solver:endgame_round"),
            {
                "state": endgame_state(),
                "faces": 2,
                "values": endgame().states and {s: v.value for s, v in endgame().states.items()},
            },
            ("rules", "state", "faces", "values"),
            kinds={"values": "any"},
        ),
        "liarsdice.solver.endgame.endgame_states": S(
            I("liarsdice.solver:endgame_states"), {"max_dice": 3}, ("rules", "max_dice")
        ),
        "liarsdice.solver.endgame.endgame_rules": S(
            I("liarsdice.solver:endgame_rules"), {}, ("rules",)
        ),
        "liarsdice.solver.endgame.check_endgame_rules": S(
            I("liarsdice.solver:check_endgame_rules"), {}, ("rules",)
        ),
        "liarsdice.solver.endgame.next_state": S(
            I("liarsdice.solver:next_state"),
            {"bidder": 0, "bid": bid(2, 5), "count": 1},
            ("rules", "state", "bidder", "bid", "count"),
        ),
        "liarsdice.solver.endgame.shapley": S(
            I("liarsdice.solver:shapley"),
            {"update": lambda v: {"s": 0.5 * v["s"]}, "start": {"s": 1.0}, "max_sweeps": 100},
            ("update", "start", "tolerance", "max_sweeps"),
            kinds={"update": "any", "start": "any", "max_sweeps": "int"},
        ),
        "liarsdice.solver.endgame.EndgameState": S(
            I("liarsdice.solver:EndgameState"),
            {"dice": (2, 1), "opener": 0, "palifico": False},
            ("dice", "opener", "palifico"),
        ),
        **{
            f"liarsdice.solver.endgame.Endgame.{name}": S(
                M(endgame, name),
                {"dice": (1, 1), "opener": 0, "palifico": False},
                ("dice", "opener", "palifico"),
                result="prob" if name == "p_win" else "",
            )
            for name in ("value", "p_win", "round", "opening")
        },
        "liarsdice.plots.endgame.endgame_figure": S(
            I("liarsdice.plots:endgame_figure"),
            {"endgames": [endgame()], "title": "t"},
            ("endgames", "title"),
            kinds={"endgames": "any"},
        ),
        "liarsdice.solver.cfr.solve_game": S(
            I("liarsdice.solver:solve_game"),
            {"game": small_game(), "max_iterations": 50, "tolerance": 1e-4, "check_every": 10},
            ("game", "tolerance", "max_iterations", "check_every", "dtype", "backend"),
            kinds={"max_iterations": "int?", "dtype": "any", "backend": "text"},
            examples=15,
        ),
        "liarsdice.solver.lp.lp_value": S(
            I("liarsdice.solver:lp_value"), {"game": small_game()}, ("game",), examples=15
        ),
        "liarsdice.solver.lp.lp_solution": S(
            I("liarsdice.solver:lp_solution"), {"game": small_game()}, ("game",), examples=10
        ),
        "liarsdice.solver.lp.lp_fits": S(
            I("liarsdice.solver:lp_fits"), {"game": small_game()}, ("game",)
        ),
        "liarsdice.solver.game.SmallGame.same_game": S(
            M(small_game, "same_game"), {"other": small_game()}, ("other",)
        ),
        "liarsdice.solver.lp.game_value": S(
            I("liarsdice.solver:game_value"),
            {"dice": (1, 1), "faces": 3},
            ("rules", "dice", "faces"),
            examples=15,
        ),
        "liarsdice.solver.strategy.nash_conv": S(
            I("liarsdice.solver:nash_conv"), {}, ("strategy",)
        ),
        "liarsdice.solver.strategy.bluff_rates": S(
            I("liarsdice.solver:bluff_rates"), {}, ("strategy", "player"), result="probs"
        ),
        "liarsdice.solver.stream_game.check_stream_size": S(
            I("liarsdice.solver.stream:check_stream_size"),
            {"dice": (1, 1), "faces": 3},
            ("dice", "faces"),
        ),
        "liarsdice.solver.stream_game.StreamGame": S(
            I("liarsdice.solver.stream:StreamGame"),
            {"dice": (1, 1), "faces": 3, "payoff": None},
            ("rules", "dice", "faces", "payoff"),
            kinds={"payoff": "any"},
        ),
        "liarsdice.solver.stream_game.StreamGame.uniform": S(
            M(stream_game, "uniform"), {"d": 1}, ("d",), kinds={"d": "int"}
        ),
        "liarsdice.solver.stream_game.StreamGame.counts": S(
            M(stream_game, "counts"), {"player": 0}, ("player",)
        ),
        "liarsdice.solver.stream_game.StreamGame.same_game": S(
            M(stream_game, "same_game"), {"other": stream_game()}, ("other",)
        ),
        "liarsdice.solver.stream_game.StreamGame.small_game": S(
            M(stream_game, "small_game"), {}, ()
        ),
        "liarsdice.solver.stream_game.StreamGame.rows_of": S(
            M(stream_game, "rows_of"), {"small": small_game()}, ("small",)
        ),
        "liarsdice.solver.game_parts.check_size": S(
            I("liarsdice.solver:check_size"), {"dice": (1, 1), "faces": 3}, ("dice", "faces")
        ),
        "liarsdice.solver.game_parts.die_faces": S(
            I("liarsdice.solver:die_faces"), {"faces": 3}, ("rules", "faces")
        ),
        "liarsdice.solver.game.SmallGame": S(
            I("liarsdice.solver:SmallGame"),
            {"dice": (1, 1), "faces": 3, "palifico": False, "payoff": None},
            ("rules", "dice", "faces", "palifico", "payoff"),
            kinds={"payoff": "any"},
        ),
        "liarsdice.solver.game.SmallGame.hand_index": S(
            M(small_game, "hand_index"), {"hand": (2,)}, ("player", "hand")
        ),
        "liarsdice.solver.game.SmallGame.node": S(
            M(small_game, "node"), {"history": (bid(1, 2),)}, ("history",)
        ),
        "liarsdice.solver.game.SmallGame.history": S(
            M(small_game, "history"),
            {"level": 1, "row": 0},
            ("level", "row"),
            kinds={"level": "int", "row": "int"},
        ),
        "liarsdice.solver.game.SmallGame.legal_actions": S(
            M(small_game, "legal_actions"), {"history": ()}, ("history",)
        ),
        "liarsdice.solver.game.SmallGame.bid_truth_probability": S(
            M(small_game, "bid_truth_probability"),
            {"hand": (2,), "bid": bid(1, 2)},
            ("player", "hand", "bid"),
            result="prob",
        ),
        "liarsdice.solver.game.SmallGame.expected_value": S(
            M(small_game, "expected_value"), {}, ("strategy",)
        ),
        "liarsdice.solver.game.SmallGame.best_response_value": S(
            M(small_game, "best_response_value"), {}, ("strategy", "player")
        ),
        "liarsdice.solver.game.SmallGame.best_response": S(
            M(small_game, "best_response"), {}, ("strategy", "player")
        ),
        "liarsdice.solver.game.SmallGame.nash_conv": S(
            M(small_game, "nash_conv"), {}, ("strategy",)
        ),
        "liarsdice.solver.cfr.CFRPlus": S(
            I("liarsdice.solver:CFRPlus"),
            {"game": small_game(), "averaging": 2.0, "dtype": "float64", "backend": "auto"},
            ("game", "averaging", "dtype", "backend"),
            kinds={"averaging": "number", "dtype": "text", "backend": "text"},
        ),
        "liarsdice.solver.cfr.CFRPlus.iterate": S(
            M(lambda: _imp("liarsdice.solver:CFRPlus")()(small_game()), "iterate"),
            {"iterations": 1},
            ("iterations",),
        ),
        "liarsdice.solver.cfr.CFRPlus.current_strategy": S(
            M(lambda: _imp("liarsdice.solver:CFRPlus")()(small_game()), "current_strategy"),
            {},
            (),
        ),
        "liarsdice.solver.cfr.CFRPlus.average_strategy": S(
            M(lambda: _imp("liarsdice.solver:CFRPlus")()(small_game()), "average_strategy"),
            {},
            (),
        ),
        "liarsdice.solver.solution.Solution.action_probabilities": S(
            M(solution, "action_probabilities"),
            {"hand": (2,), "history": ()},
            ("hand", "history"),
            result="probs",
        ),
        "liarsdice.solver.strategy.Strategy.uniform": S(
            I("liarsdice.solver:Strategy.uniform"), {"game": small_game()}, ("game",)
        ),
        "liarsdice.solver.strategy.Strategy.from_policy": S(
            I("liarsdice.solver:Strategy.from_policy"),
            {"game": small_game(), "policy": solution().action_probabilities},
            ("game", "policy"),
        ),
        "liarsdice.solver.strategy.Strategy.action_probabilities": S(
            M(strategy, "action_probabilities"),
            {"hand": (2,), "history": ()},
            ("hand", "history"),
            result="probs",
        ),
        "liarsdice.solver.strategy.Strategy.table": S(
            M(strategy, "table"), {"history": ()}, ("history",)
        ),
        "liarsdice.solver.rounds.round_of": S(I("liarsdice.solver:round_of"), {}, ("view",)),
        "liarsdice.solver.rounds.endgame_of": S(I("liarsdice.solver:endgame_of"), {}, ("view",)),
        # stats ------------------------------------------------------------------------------
        "liarsdice.stats_tests.binomial_test": S(
            I("liarsdice.stats:binomial_test"),
            {"share": 0.5, "alternative": "greater"},
            ("wins", "games", "share", "alternative"),
            result="prob",
        ),
        "liarsdice.stats_tests.bonferroni": S(
            I("liarsdice.stats:bonferroni"),
            {"p_values": [0.01, 0.2], "alpha": 0.05},
            ("p_values", "alpha"),
            kinds={"alpha": "number"},
        ),
        "liarsdice.stats_chi_square.chi_square_fit": S(
            I("liarsdice.stats:chi_square_fit"),
            {
                "observed": [10, 12, 8],
                "probabilities": [1 / 3] * 3,
                "min_expected": 5,
                "simulate": None,
                "rng": __import__("numpy").random.default_rng(0),
            },
            ("observed", "probabilities", "min_expected", "simulate", "rng", "exact"),
            kinds={"simulate": "int?"},
        ),
        "liarsdice.stats_intervals.coverage": S(
            I("liarsdice.stats:coverage"),
            {"games": 20, "shares": [0.3, 0.5], "method": "wilson"},
            ("games", "shares", "method", "confidence"),
            result="probs",
        ),
        "liarsdice.stats_intervals.intervals": S(
            I("liarsdice.stats:intervals"),
            {"wins": [3, 5], "games": 10, "method": "wilson"},
            ("wins", "games", "method", "confidence"),
            result="probs",
            kinds={"wins": "any"},
        ),
        "liarsdice.stats_normal.normal_approximation": S(
            I("liarsdice.stats:normal_approximation"), {"n": 10, "p": 0.3}, ("n", "p")
        ),
        "liarsdice.stats_tests.permutation_test": S(
            I("liarsdice.stats:permutation_test"),
            {
                "a": [1.0, 2.0, 3.0],
                "b": [2.0, 4.0],
                "n_resamples": 99,
                "rng": __import__("numpy").random.default_rng(0),
            },
            ("a", "b", "n_resamples", "rng", "alternative"),
            kinds={"n_resamples": "int"},
        ),
        "liarsdice.stats_chi_square.pool_cells": S(
            I("liarsdice.stats:pool_cells"),
            {"observed": [10, 12, 8], "expected": [10.0, 10.0, 10.0], "min_expected": 5},
            ("observed", "expected", "min_expected"),
        ),
        "liarsdice.stats_tests.two_proportion_test": S(
            I("liarsdice.stats:two_proportion_test"),
            {"wins_a": 3, "games_a": 10, "wins_b": 6, "games_b": 10},
            ("wins_a", "games_a", "wins_b", "games_b", "alternative"),
            kinds={"wins_a": "int", "games_a": "int", "wins_b": "int", "games_b": "int"},
        ),
        "liarsdice.stats_intervals.wald_interval": S(
            I("liarsdice.stats:wald_interval"),
            {},
            ("wins", "games", "confidence"),
            result="probs",
        ),
        "liarsdice.stats_intervals.wilson_interval": S(
            I("liarsdice.stats:wilson_interval"),
            {},
            ("wins", "games", "confidence"),
            result="probs",
        ),
        # sampling ---------------------------------------------------------------------------
        "liarsdice.sampling.RollingRun": S(
            I("liarsdice.sampling:RollingRun"),
            {"rules": "blef", "dice": 15, "bid": "5x5"},
            ("rules", "dice", "bid", "seed"),
            kinds={"dice": "int"},
            examples=20,
        ),
        "liarsdice.sampling.RollingRun.step": S(
            M(lambda: _imp("liarsdice.sampling:RollingRun")()(dice=30), "step"),
            {"rolls": 100},
            ("rolls",),
            kinds={"rolls": "int"},
        ),
        "liarsdice.sampling.RollingRun.advance": S(
            M(lambda: _imp("liarsdice.sampling:RollingRun")()(dice=30), "advance"),
            {"rolls": 10**6},
            ("rolls",),
            kinds={"rolls": "int"},
        ),
        "liarsdice.sampling.RollingRun.reset": S(
            M(lambda: _imp("liarsdice.sampling:RollingRun")()(), "reset"), {}, ()
        ),
        "liarsdice.sampling.RollingRun.path": S(
            M(lambda: _imp("liarsdice.sampling:RollingRun")()(), "path"), {}, ()
        ),
        "liarsdice.sampling.read_bid": S(
            I("liarsdice.sampling:read_bid"),
            {"bid": "5x5", "dice": 15},
            ("bid", "rules", "dice"),
            kinds={"dice": "int"},
        ),
        "liarsdice.sampling.half_width": S(
            I("liarsdice.sampling:half_width"),
            {"trials": [1, 10, 100], "p": 0.3},
            ("trials", "p"),
            kinds={"trials": "any"},  # one count or an array of them
        ),
        "liarsdice.sampling.standard_errors": S(
            I("liarsdice.sampling:standard_errors"),
            {"hits": 40, "trials": 100, "p": 0.3},
            ("hits", "trials", "p"),
            kinds={"hits": "int"},
        ),
        "liarsdice.sampling.skewness": S(
            I("liarsdice.sampling:skewness"), {"n": 30, "p": 1 / 6}, ("n", "p")
        ),
        "liarsdice.sampling.normal_pmf": S(
            I("liarsdice.sampling:normal_pmf"), {"n": 30, "p": 1 / 3}, ("n", "p"), result="probs"
        ),
        "liarsdice.sampling.normal_check": S(
            I("liarsdice.sampling:normal_check"),
            {"dice": 15, "bid": "5x5"},
            ("rules", "dice", "bid"),
            kinds={"dice": "int"},
            examples=20,
        ),
        "liarsdice.sampling.NormalCheck.error_at": S(
            M(lambda: _imp("liarsdice.sampling:normal_check")()("blef", 15, "5x5"), "error_at"),
            {"wild": True},
            ("wild",),
            kinds={"wild": "flag"},
        ),
        # teach ------------------------------------------------------------------------------
        "liarsdice.teach.answers.check": S(
            I("liarsdice.teach:check"), {"answer": 3}, ("exercise_id", "answer"), examples=60
        ),
        "liarsdice.teach.answers.predict": S(
            I("liarsdice.teach:predict"), {"guess": 3}, ("exercise_id", "guess")
        ),
        "liarsdice.teach.core.prompt": S(I("liarsdice.teach:prompt"), {}, ("exercise_id",)),
        "liarsdice.teach.key.solution": S(I("liarsdice.teach.key:solution"), {}, ("exercise_id",)),
        "liarsdice.teach.key.format_solution": S(
            I("liarsdice.teach.key:format_solution"), {}, ("exercise_id",)
        ),
        "liarsdice.teach.core.exercises": S(
            I("liarsdice.teach:exercises"), {"lesson": None}, ("lesson",)
        ),
        "liarsdice.teach.core.track": S(I("liarsdice.teach:track"), {"lesson": 4}, ("lesson",)),
        "liarsdice.teach.core.sheet": S(
            I("liarsdice.teach:sheet"),
            {"lesson": 1, "width": 96},
            ("lesson", "width"),
            examples=15,
        ),
        "liarsdice.teach.key.sheet": S(
            # its lesson is read by teach.sheet, fuzzed above; all lessons' answers take ~1.5 s
            I("liarsdice.teach.key:sheet"),
            {"lesson": 1, "width": 96},
            ("width",),
        ),
        # svg, render ------------------------------------------------------------------------
        "liarsdice.svg.Hand": S(
            I("liarsdice.svg:Hand"), {"dice": (1, 2, 3), "rules": None}, ("dice", "rules")
        ),
        "liarsdice.svg.Hand.count": S(
            M(lambda: _imp("liarsdice.svg:Hand")()((1, 5, 5)), "count"), {}, ("face",)
        ),
        "liarsdice.svg.die_svg": S(
            I("liarsdice.svg:die_svg"),
            {"rules": None, "x": 0, "y": 0, "highlight": False},
            ("face", "rules", "x", "y", "size", "highlight"),
            kinds={"x": "number", "y": "number", "size": "number", "highlight": "flag"},
        ),
        "liarsdice.svg.hand_svg": S(
            I("liarsdice.svg:hand_svg"),
            {"dice": (1, 2, 3), "rules": None, "highlight": ()},
            ("dice", "rules", "highlight", "size"),
            kinds={"size": "number"},
        ),
        "liarsdice.svg.bid_svg": S(
            I("liarsdice.svg:bid_svg"),
            {"rules": None},
            ("bid", "rules", "size"),
            kinds={"size": "number"},
        ),
        "liarsdice.svg.cup_svg": S(
            I("liarsdice.svg:cup_svg"), {"size": 34}, ("count", "size"), kinds={"size": "number"}
        ),
        "liarsdice.render.action_words": S(
            I("liarsdice.render:action_words"), {}, ("rules", "action")
        ),
        "liarsdice.render.move_text": S(
            I("liarsdice.render:move_text"), {}, ("rules", "seat", "action")
        ),
        "liarsdice.render.moves_text": S(
            I("liarsdice.render:moves_text"), {"history": ((0, bid(3, 5)),)}, ("rules", "history")
        ),
        "liarsdice.render.view_text": S(
            I("liarsdice.render:view_text"), {"hands": {}}, ("view", "hands", "you")
        ),
        "liarsdice.render.view_html": S(
            I("liarsdice.render:view_html"),
            {"hands": {}, "bids": True},
            ("view", "hands", "you", "bids"),
            kinds={"bids": "flag"},
        ),
        "liarsdice.render.reveal_text": S(
            I("liarsdice.render:reveal_text"),
            {"result": round_result()},
            ("result", "rules", "you"),
        ),
        "liarsdice.render.reveal_html": S(
            I("liarsdice.render:reveal_html"),
            {"result": round_result()},
            ("result", "rules", "you"),
        ),
        "liarsdice.render.event_text": S(
            I("liarsdice.render:event_text"),
            {"event": _imp("liarsdice.match:Moved")()(0, bid(3, 5), 1)},
            ("event", "rules", "you"),
        ),
        "liarsdice.render.check_view": S(I("liarsdice.render:check_view"), {}, ("view",)),
        "liarsdice.render.not_legal_text": S(
            I("liarsdice.render:not_legal_text"), {}, ("rules", "bid", "previous", "total")
        ),
        "liarsdice.render.error_html": S(
            I("liarsdice.render:error_html"),
            {"message": "m"},
            ("message",),
            kinds={"message": "text"},
        ),
        # plots (figure builders) --------------------------------------------------------------
        "liarsdice.plots.board.board_fields": S(
            I("liarsdice.plots:board_fields"), {"max_plain": 6}, ("rules", "max_plain")
        ),
        "liarsdice.plots.board.board_figure": S(
            I("liarsdice.plots:board_figure"),
            {"max_plain": 6, "bid": None, "legal": (), "probabilities": None, "title": None},
            ("rules", "max_plain", "bid", "legal", "probabilities", "title"),
            examples=10,
        ),
        "liarsdice.plots.chances.odds_heatmap": S(
            I("liarsdice.plots:odds_heatmap"),
            {"probabilities": _imp("liarsdice.odds:table")()(rules(), 4), "bid": None},
            ("probabilities", "rules", "bid"),
            examples=10,
        ),
        "liarsdice.plots.chances.count_figure": S(
            I("liarsdice.plots:count_figure"),
            {"distribution": [0.2, 0.3, 0.5]},
            ("distribution", "rules", "bid"),
            examples=10,
        ),
        "liarsdice.plots.ladders.equivalence_figure": S(
            I("liarsdice.plots:equivalence_figure"),
            {"n": 6, "ace_rules": None, "k_max": None, "rules": None},
            ("n", "ace_rules", "k_max", "rules"),
            examples=10,
            kinds={"k_max": "int?"},
        ),
        "liarsdice.plots.ladders.monotonicity_figure": S(
            I("liarsdice.plots:monotonicity_figure"),
            {"ns": (2, 3), "ace_rules": None, "rules": None},
            ("ns", "ace_rules", "rules"),
            examples=10,
        ),
        "liarsdice.plots.beliefs.ratio_figure": S(
            I("liarsdice.plots:ratio_figure"),
            {"ratios": {0: 1.0, 1: 2.0}},
            ("ratios", "rules", "face", "seat"),
            examples=10,
        ),
        "liarsdice.plots.games.tournament_figure": S(
            I("liarsdice.plots:tournament_figure"),
            {
                "names": ["a", "b"],
                "rates": [0.4, 0.6],
                "intervals": [(0.3, 0.5), (0.5, 0.7)],
                "chance": None,
            },
            ("names", "rates", "intervals", "chance"),
            examples=10,
        ),
        "liarsdice.plots.games.strategy_figure": S(
            I("liarsdice.plots:strategy_figure"),
            {"history": ()},
            ("strategy", "history", "title"),
            examples=10,
        ),
        # botkit ---------------------------------------------------------------------------
        "liarsdice.botkit.is_move_turn": S(I("liarsdice.botkit:is_move_turn"), {}, ("view",)),
        "liarsdice.botkit.odds_table": S(
            I("liarsdice.botkit:odds_table"),
            {},
            ("rules", "unknown", "known", "palifico"),
            result="probs",
        ),
        "liarsdice.botkit.chances": S(I("liarsdice.botkit:chances"), {}, ("view",), result="probs"),
        "liarsdice.botkit.bid_chance": S(
            I("liarsdice.botkit:bid_chance"), {}, ("view", "bid"), result="prob"
        ),
        "liarsdice.botkit.raises": S(I("liarsdice.botkit:raises"), {}, ("view",)),
        "liarsdice.botkit.bid_arrays": S(
            I("liarsdice.botkit:bid_arrays"), {"bids": (bid(3, 5),)}, ("bids",)
        ),
        "liarsdice.botkit.held": S(I("liarsdice.botkit:held"), {}, ("hand",)),
        "liarsdice.botkit.lowest_of_each_face": S(
            I("liarsdice.botkit:lowest_of_each_face"), {"bids": (bid(3, 5),)}, ("bids",)
        ),
        "liarsdice.botkit.cheapest_raises": S(I("liarsdice.botkit:cheapest_raises"), {}, ("view",)),
        "liarsdice.botkit.expected_loss": S(
            I("liarsdice.botkit:expected_loss"),
            {"dice": (4, 3)},
            (
                "rules",
                "bid",
                "unknown",
                "known",
                "dice",
                "bidder",
                "challenger",
                "palifico",
                "seat",
            ),
        ),
        "liarsdice.botkit.challenge_loss": S(I("liarsdice.botkit:challenge_loss"), {}, ("view",)),
        "liarsdice.botkit.raise_loss": S(I("liarsdice.botkit:raise_loss"), {}, ("view", "bid")),
        "liarsdice.botkit.by_cost": S(
            I("liarsdice.botkit:by_cost"), {"options": [(0.5, 1, bid(3, 5))]}, ("options",)
        ),
        "liarsdice.botkit.cheapest": S(
            I("liarsdice.botkit:cheapest"), {"options": [(0.5, 1, bid(3, 5))]}, ("options",)
        ),
        "liarsdice.botkit.calza_cost": S(
            I("liarsdice.botkit:calza_cost"),
            {"right": 0.3, "gains": True},
            ("right", "gains"),
            kinds={"right": "number", "gains": "flag"},
        ),
        "liarsdice.botkit.calza_gains": S(I("liarsdice.botkit:calza_gains"), {}, ("view",)),
        "liarsdice.botkit.calza_loss": S(I("liarsdice.botkit:calza_loss"), {}, ("view",)),
        # checks -----------------------------------------------------------------------------
        "liarsdice.checks.quote": S(
            I("liarsdice.checks:quote"), {"value": 1, "limit": 80}, ("value",)
        ),
        "liarsdice.checks.is_integer": S(
            I("liarsdice.checks:is_integer"), {"value": 1}, ("value",)
        ),
        "liarsdice.checks.check_integer": S(
            I("liarsdice.checks:check_integer"),
            {"name": "x", "value": 1, "low": 0, "high": 9},
            ("value",),
            kinds={"value": "int"},
        ),
        "liarsdice.checks.check_flag": S(
            I("liarsdice.checks:check_flag"),
            {"name": "x", "value": True},
            ("value",),
            kinds={"value": "flag"},
        ),
        "liarsdice.checks.check_faces": S(
            I("liarsdice.checks:check_faces"), {"name": "x", "dice": (1, 2)}, ("dice",)
        ),
        "liarsdice.checks.check_counts": S(
            I("liarsdice.checks:check_counts"),
            {"name": "x", "values": (1, 2), "low": 0, "size": 1},
            ("values",),
        ),
        "liarsdice.checks.check_seed": S(
            I("liarsdice.checks:check_seed"),
            {"name": "x", "value": 1},
            ("value",),
            kinds={"value": "int"},
        ),
        "liarsdice.checks.check_number": S(
            I("liarsdice.checks:check_number"),
            {"name": "x", "value": 1.0, "low": 0.0, "high": 2.0},
            ("value",),
            kinds={"value": "number"},
        ),
        "liarsdice.checks.check_probability": S(
            I("liarsdice.checks:check_probability"),
            {"name": "x", "value": 0.5},
            ("value", "exact"),
            result="prob",
        ),
        "liarsdice.checks.check_choice": S(
            I("liarsdice.checks:check_choice"),
            {"name": "x", "value": "a", "choices": ("a",)},
            ("value",),
            kinds={"value": "text"},
        ),
        "liarsdice.checks.check_text": S(
            I("liarsdice.checks:check_text"),
            {"name": "x", "value": "a", "limit": 1000},
            ("value",),
            kinds={"value": "text"},
        ),
        # ladder -----------------------------------------------------------------------------
        "liarsdice.ladder.ace_rule": S(
            I("liarsdice.ladder:ace_rule"), {"name": "board"}, ("name",)
        ),
        "liarsdice.ladder.AceRule.plain_below": S(M(_rule("board"), "plain_below"), {}, ("k",)),
        "liarsdice.ladder.AceRule.wilds_below": S(M(_rule("board"), "wilds_below"), {}, ("q",)),
        "liarsdice.ladder.AceRule.rank": S(M(_rule("board"), "rank"), {}, ("bid", "rules")),
        "liarsdice.ladder.AceRule.bid_at": S(M(_rule("board"), "bid_at"), {}, ("rank", "rules")),
        "liarsdice.ladder.AceRule.min_wild_after": S(
            M(_rule("board"), "min_wild_after"), {}, ("q",)
        ),
        "liarsdice.ladder.AceRule.min_plain_after": S(
            M(_rule("board"), "min_plain_after"), {}, ("k",)
        ),
        "liarsdice.ladder.BoardRule.plain_below": S(M(_rule("board"), "plain_below"), {}, ("k",)),
        "liarsdice.ladder.BoardRule.wilds_below": S(M(_rule("board"), "wilds_below"), {}, ("q",)),
        "liarsdice.ladder.PerudoRule.plain_below": S(M(_rule("perudo"), "plain_below"), {}, ("k",)),
        "liarsdice.ladder.PerudoRule.wilds_below": S(M(_rule("perudo"), "wilds_below"), {}, ("q",)),
        "liarsdice.ladder.FaceRule.plain_below": S(M(_rule("face"), "plain_below"), {}, ("k",)),
        "liarsdice.ladder.FaceRule.wilds_below": S(M(_rule("face"), "wilds_below"), {}, ("q",)),
        "liarsdice.ladder.PalificoOrder.rank": S(
            M(lambda: _imp("liarsdice.ladder:PalificoOrder")()(), "rank"),
            {},
            ("bid", "rules"),
        ),
        "liarsdice.ladder.PalificoOrder.bid_at": S(
            M(lambda: _imp("liarsdice.ladder:PalificoOrder")()(), "bid_at"),
            {},
            ("rank", "rules"),
        ),
        # match ------------------------------------------------------------------------------
        "liarsdice.match.Match": S(
            I("liarsdice.match:Match"),
            {
                "game": game(),
                "players": [_agent("RandomBot")()] * 3,
                "listeners": (),
                "move_seconds": None,
            },
            ("game", "players", "listeners", "move_seconds"),
            kinds={"move_seconds": "any"},
        ),
        "liarsdice.match.Match.submit": S(
            M(_waiting_match, "submit"),
            {"action": bid(3, 5)},
            ("action",),
            state=lambda bound: bound.__self__.game.to_json(),
        ),
        "liarsdice.match.Match.advance": S(
            M(
                lambda: _imp("liarsdice.match:Match")()(game(), [_agent("RandomBot")()] * 3),
                "advance",
            ),
            {"pause_after_round": True},
            ("pause_after_round",),
            kinds={"pause_after_round": "flag"},
        ),
        "liarsdice.match.Match.run": S(
            M(lambda: _imp("liarsdice.match:Match")()(game(), [_agent("RandomBot")()] * 3), "run"),
            {},
            (),
        ),
        "liarsdice.match.Match.subscribe": S(
            M(
                lambda: _imp("liarsdice.match:Match")()(game(), [_agent("RandomBot")()] * 3),
                "subscribe",
            ),
            {"listener": print},
            ("listener",),
        ),
        "liarsdice.match.Human": S(I("liarsdice.match:Human"), {"ask": None}, ("ask",)),
        # rules' option table ------------------------------------------------------------------
        "liarsdice.rules_options.Whole.check": S(
            M(lambda: _imp("liarsdice.rules:Whole")()(1, 10), "check"),
            {"name": "x", "value": 3},
            ("value",),
            kinds={"value": "int"},
        ),
        "liarsdice.rules_options.Flag.check": S(
            M(lambda: _imp("liarsdice.rules:Flag")()(), "check"),
            {"name": "x", "value": True},
            ("value",),
            kinds={"value": "flag"},
        ),
        "liarsdice.rules_options.Choice.check": S(
            M(lambda: _imp("liarsdice.rules:Choice")()(("a", "b")), "check"),
            {"name": "x", "value": "a"},
            ("value",),
        ),
        # bidders ----------------------------------------------------------------------------
        "liarsdice.bidders_quantal.Quantal.scores": S(
            M(lambda: _imp("liarsdice.bidders:quantal")()(2.0), "scores"), {}, ("view",)
        ),
        "liarsdice.bidders_players.Trembling.choice": S(
            M(lambda: _imp("liarsdice.bidders:trembling")()(_agent("HonestBot")(), 0.1), "choice"),
            {},
            ("view",),
            result="probs",
        ),
        "liarsdice.bids.as_bid": S(
            I("liarsdice.bids:as_bid"),
            {"name": "bid", "value": "3x5", "rules": None},
            ("value", "rules"),
        ),
        "liarsdice.botkit.check_view": S(I("liarsdice.botkit:check_view"), {}, ("view",)),
        "liarsdice.ladder.AceRule.last_rank": S(M(_rule("board"), "last_rank"), {}, ("rules",)),
        "liarsdice.ladder.AceRule.bids_up_to": S(
            M(_rule("board"), "bids_up_to"), {}, ("max_quantity", "rules")
        ),
        "liarsdice.ladder.PalificoOrder.last_rank": S(
            M(lambda: _imp("liarsdice.ladder:PalificoOrder")()(), "last_rank"), {}, ("rules",)
        ),
        "liarsdice.ladder.PalificoOrder.bids_up_to": S(
            M(lambda: _imp("liarsdice.ladder:PalificoOrder")()(), "bids_up_to"),
            {},
            ("max_quantity", "rules"),
        ),
        # more plots -------------------------------------------------------------------------
        "liarsdice.plots.beliefs.belief_figure": S(
            I("liarsdice.plots:belief_figure"),
            {"prior": [0.5, 0.5], "posterior": [0.3, 0.7], "model": "m"},
            ("prior", "posterior", "rules", "face", "seat"),
            examples=10,
        ),
        "liarsdice.plots.games.bluff_figure": S(
            I("liarsdice.plots:bluff_figure"),
            {"rates": {"a": {(1,): 0.5}}, "title": None},
            ("rates", "title"),
            examples=10,
        ),
        "liarsdice.plots.sampling.frequency_figure": S(
            I("liarsdice.plots:frequency_figure"),
            {"trials": [1, 2, 3], "frequencies": [0.5, 0.4, 0.45], "p_true": 0.4},
            ("trials", "frequencies", "p_true"),
            kinds={"trials": "any"},  # a sequence of roll counts here, not one integer
            examples=10,
        ),
        "liarsdice.plots.sampling.histogram_figure": S(
            I("liarsdice.plots:histogram_figure"),
            {
                "histogram": [1, 2, 1],
                "distribution": [0.25, 0.5, 0.25],
                "normal": [0.25, 0.5, 0.25],
                "quantity": 1,
            },
            ("histogram", "distribution", "normal", "quantity"),
            examples=10,
        ),
        # moves, settlement's outcome, presets, the checks of inference and stats -----------
        "liarsdice.settlement.outcome": S(
            I("liarsdice.settlement:outcome"),
            {"dice": (3, 3, 3), "count": 2, "call": "challenge"},
            ("rules", "dice", "bidder", "caller", "bid", "count", "call"),
            kinds={"call": "text"},
        ),
        "liarsdice.moves.kind_of": S(I("liarsdice.moves:kind_of"), {}, ("action",)),
        "liarsdice.moves.is_action": S(
            I("liarsdice.moves:is_action"), {"value": bid(3, 5)}, ("value",)
        ),
        "liarsdice.moves.offered": S(I("liarsdice.moves:offered"), {"turn": turn()}, ("turn",)),
        "liarsdice.moves.register_move": S(
            _fresh_registry(registered=False, name="register_move"),
            {"kind": _probe_kind()},
            ("kind",),
            state=_registry_state,
        ),
        "liarsdice.moves.unregister_move": S(
            _fresh_registry(registered=True, name="unregister_move"),
            {"kind": _probe_kind().type},
            ("kind",),
            state=_registry_state,
        ),
        "liarsdice.rules_base.named": S(
            I("liarsdice.rules_base:named"), {"name": "perudo"}, ("name",)
        ),
        "liarsdice.record.load_game": S(
            I("liarsdice.record:load_game"),
            {"text": game().to_json(), "make": _imp("liarsdice.engine:Game")()},
            ("text",),
            examples=40,
        ),
        "liarsdice.bidders_uniform.check_turn": S(
            I("liarsdice.bidders_uniform:check_turn"), {}, ("view",)
        ),
        "liarsdice.inference_evidence.check_view": S(
            I("liarsdice.inference_evidence:check_view"), {}, ("view",)
        ),
        "liarsdice.inference_evidence.check_model": S(
            I("liarsdice.inference_evidence:check_model"), {}, ("model",)
        ),
        "liarsdice.inference_evidence.decisions": S(
            I("liarsdice.inference_evidence:decisions"), {}, ("view",)
        ),
        "liarsdice.inference_posterior.is_seat": S(
            I("liarsdice.inference_posterior:is_seat"),
            {"seats": {0: (), 1: ()}},
            ("seat",),
            kinds={"seat": "any"},  # a predicate: any value gets True or False
        ),
        "liarsdice.stats_inputs.check_wins": S(
            I("liarsdice.stats_inputs:check_wins"), {}, ("wins", "games")
        ),
        "liarsdice.stats_inputs.check_confidence": S(
            I("liarsdice.stats_inputs:check_confidence"), {}, ("confidence",)
        ),
        "liarsdice.stats_inputs.check_open_chance": S(
            I("liarsdice.stats_inputs:check_open_chance"),
            {"name": "p", "value": 0.3},
            ("value",),
            result="prob",
            kinds={"value": "number"},
        ),
        "liarsdice.stats_inputs.check_numbers": S(
            I("liarsdice.stats_inputs:check_numbers"),
            {"name": "x", "values": [1, 2.5], "kinds": "iuf"},
            ("values",),
        ),
        # profiles (reading a player): one small seeded 2-player Blef game as the records -----
        "liarsdice.profiles.fit": S(
            I("liarsdice.profiles:fit"),
            {
                "records": profile_game(),
                "family": "quantal",
                "level": 0.95,
                "grid": None,
                "prior": None,
                "bot": "expected_loss",
            },
            ("records", "seat", "family", "level", "grid", "prior", "bot"),
            kinds={
                "records": "any",
                "family": "text",
                "level": "number",
                "grid": "any",
                "prior": "any",
                "bot": "text",
            },
        ),
        "liarsdice.profiles.compare": S(
            I("liarsdice.profiles:compare"),
            {"records": profile_game(), "families": ("uniform", "quantal"), "bot": "expected_loss"},
            ("records", "seat", "families", "bot"),
            kinds={"records": "any", "families": "any", "bot": "text"},
        ),
        "liarsdice.profiles.log_likelihood": S(
            I("liarsdice.profiles:log_likelihood"),
            {"records": profile_game(), "family": "quantal", "value": 2.0, "bot": "expected_loss"},
            ("records", "seat", "family", "value", "bot"),
            kinds={"records": "any", "family": "any", "value": "any", "bot": "text"},
        ),
        "liarsdice.profiles_data.decisions": S(
            I("liarsdice.profiles:decisions"),
            {"records": profile_game()},
            ("records", "seat"),
            kinds={"records": "any"},
        ),
        "liarsdice.profiles_data.read_records": S(
            I("liarsdice.profiles_data:read_records"),
            {"records": profile_game().to_json()},
            ("records", "seat"),
            kinds={"records": "any"},
        ),
        "liarsdice.profiles_data.SeatRecorder.apply": S(
            M(seat_recorder, "apply"),
            {"action": bid(3, 5)},
            ("action",),
            state=lambda bound: (bound.__self__.to_json(), len(bound.__self__.moves)),
        ),
        **{
            f"liarsdice.plots.profiles.{name}": S(
                I(f"liarsdice.plots:{name}"),
                {"fit": profile_fit(), "title": None},
                ("fit", "title"),
                kinds={"fit": "any"},
                examples=10,
            )
            for name in ("likelihood_figure", "posterior_figure")
        },
        "liarsdice.plots.profiles.comparison_figure": S(
            I("liarsdice.plots:comparison_figure"),
            {"rows": profile_rows(), "title": None},
            ("rows", "title"),
            kinds={"rows": "any"},
            examples=10,
        ),
        # the classroom app: only its language is fuzzed, with values it must refuse (the
        # valid call builds every widget of the app, seconds: None or a language would too)
        "liarsdice.widgets.classroom_app.ClassroomApp": S(
            I("liarsdice.widgets:ClassroomApp"),
            {"language": "en"},
            ("language",),
            kinds={"language": "text"},
            values={"language": BAD_LANGUAGES},
        ),
        "liarsdice.widgets.classroom_app.query_language": S(
            I("liarsdice.widgets.classroom_app:query_language")
        ),
    }
    return specs


# Languages ClassroomApp refuses: wrong text, wrong kinds, hostile objects.
BAD_LANGUAGES: list[object] = [
    "",
    " ",
    "de",
    "PL",
    "pl ",
    "en_US",
    "english",
    "\x00",
    "x" * 100_000,
    b"pl",
    3,
    1.5,
    True,
    10**5000,
    ["pl"],
    ("en",),
    {"pl": 1},
    BadRepr(),
    HugeRepr(),
    object(),
]


def profile_game():
    """One small seeded 2-player Blef game played out by seeded random moves (the records the
    liarsdice.profiles entries read; both seats move)."""

    def build():
        import numpy as np

        import liarsdice as ld

        g = ld.Game(ld.preset("blef"), players=2, seed=0)
        rng = np.random.default_rng(0)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
        return g

    return cached("profile_game", build)


def profile_fit():
    return cached("profile_fit", lambda: _imp("liarsdice.profiles:fit")()(profile_game(), 0))


def profile_rows():
    return cached("profile_rows", lambda: _imp("liarsdice.profiles:compare")()(profile_game(), 0))


def odd_records() -> list[object]:
    """Records of the right kinds that do not fit: a game with no move, games of two seat
    counts, a cut JSON text, a game where seat 0 never moved."""

    def build():
        import liarsdice as ld

        fresh = ld.Game(ld.preset("blef"), players=2, seed=3)
        three = ld.Game(ld.preset("blef"), players=3, seed=0, opener=1)
        three.apply(ld.Bid(1, 3))
        text = profile_game().to_json()
        return [fresh, [profile_game(), three], three, text[: len(text) // 2], [text, "{}"]]

    return cached("odd_records", build)


def odd_fits() -> list[object]:
    """Fits of the right type with awkward or broken fields: a family without a parameter,
    a NaN in the grid, a negative posterior, a grid longer than its log-likelihoods."""

    def build():
        from dataclasses import replace

        import numpy as np

        fit = profile_fit()
        uniform = _imp("liarsdice.profiles:fit")()(profile_game(), 0, "uniform")
        nan_grid = fit.grid.copy()
        nan_grid[3] = np.nan
        return [
            uniform,
            replace(fit, grid=nan_grid),
            replace(fit, posterior=-fit.posterior),
            replace(fit, log_likelihood=fit.log_likelihood[:-1]),
        ]

    return cached("odd_fits", build)


def odd_rows() -> list[object]:
    """compare rows of the right shape with awkward values: a NaN estimate, a missing key."""

    def build():
        import math

        rows = [dict(row) for row in profile_rows()]
        rows[1]["estimate"] = math.nan
        return [rows, [{"family": "quantal"}], rows * 30]

    return cached("odd_rows", build)


def seat_recorder():
    """A fresh SeatRecorder of seat 0's moves in a 2-player Blef game, seat 0 to open."""
    from liarsdice.profiles_data import SeatRecorder

    return SeatRecorder(_imp("liarsdice:preset")()("blef"), 2, 0, 0, 0)


def _adaptive_state(bound: Any) -> object:
    """What AdaptiveBayesBot learns of the game in play: a refused act must change none of it."""
    bot = bound.__self__
    return (bot.seat, bot.seats, bot.pending, bot.unseen, dict(bot.betas), len(bot.scores))


def turn():
    """The Turn of the seat to play in game() (a bid on the table)."""
    from liarsdice.moves import Phase, Turn

    return Turn(rules(), Phase.BID, (5, 5, 5), 1, bid(2, 3), False, (1, 2, 3, 4, 5))


class _Probe:
    """The value type of the probe move that register_move and unregister_move are fuzzed
    with (it offers nothing, so registered it changes no game)."""


def _probe_kind():
    from liarsdice.moves import Effect, MoveKind, Phase

    def build():
        kind = type(
            "ProbeKind",
            (MoveKind,),
            {
                "type": _Probe,
                "name": "probe",
                "phase": Phase.SHOW,
                "effect": Effect.PASS,
                "depends": (),
            },
        )
        return kind()

    return cached("probe_kind", build)


def _fresh_registry(registered: bool, name: str) -> Callable[[], Callable]:
    """A target that first registers (or removes) the probe move, so that each call of
    register_move (unregister_move) starts from the registry the valid call needs."""

    def target() -> Callable:
        from liarsdice import moves

        if registered and _Probe not in moves.MOVES:
            moves.register_move(_probe_kind())
        if not registered and _Probe in moves.MOVES:
            moves.unregister_move(_Probe)
        return getattr(moves, name)

    return target


def _registry_state(bound: Any) -> object:
    from liarsdice import moves

    return tuple(moves.MOVES)


def _waiting_match():
    match = _imp("liarsdice.match:Match")()(game(), [_imp("liarsdice.match:Human")()()] * 3)
    match.advance()
    return match


def _rule(name: str) -> Callable[[], object]:
    return lambda: _imp("liarsdice.ladder:ace_rule")()(name)


def _agent(name: str) -> Callable[[], object]:
    return lambda: getattr(importlib.import_module("liarsdice.agents"), name)()


# Public callables deliberately not fuzzed, with the reason.
EXCLUDED: dict[str, str] = {
    "liarsdice.solver.files.save_solution": "writes files: tests/test_solver_files.py",
    "liarsdice.solver.files.load_solution": "reads files: tests/test_solver_files.py tampers",
    "liarsdice.solver.files_cache.solution_cache_dir": "takes no argument",
    "liarsdice.solver.stream_results.peak_rss": "takes no argument",
    "liarsdice.solver.stream.stream_solve": "writes a checkpoint folder: tests/test_stream.py",
    "liarsdice.solver.stream_solver.StreamSolver": "writes a checkpoint folder: tests/test_stream.py",
    "liarsdice.solver.stream_solver.StreamSolver.iterate": "writes its folder: tests/test_stream.py",
    "liarsdice.solver.stream_solver.StreamSolver.checkpoint": "takes no argument (writes files)",
    "liarsdice.solver.stream_solver.StreamSolver.checkpoint_bytes": "takes no argument",
    "liarsdice.solver.stream_memory.memory_budget": "takes no argument",
    "liarsdice.solver.stream_solver.StreamSolver.evaluate": "takes no argument",
    "liarsdice.solver.stream_solver.StreamSolver.nash_conv": "takes no argument",
    "liarsdice.solver.stream_solver.StreamSolver.average_strategy": "takes no argument",
    "liarsdice.solver.stream_solver.StreamSolver.current_strategy": "takes no argument",
    "liarsdice.solver.stream_results.Evaluation": "result record built by StreamSolver.evaluate",
    "liarsdice.solver.stream_results.Report": "result record of a stream_solve check",
    "liarsdice.solver.stream_results.StreamResult": "result record built by stream_solve",
    "liarsdice.solver.stream_results.StreamResult.summary": "takes no argument",
    "liarsdice.solver.files_endgame.save_endgame": "writes files: tests/test_solver_files.py",
    "liarsdice.solver.files_endgame.load_endgame": "reads files: tests/test_solver_files.py tampers",
    "liarsdice.record.SavedGame": "a TypedDict: the JSON shape, for type checkers",
    "liarsdice.tournament.TournamentRow": "a TypedDict: a row's shape, for type checkers",
    "liarsdice.tournament.max_workers": "takes no argument",
    "liarsdice.inference.UNIFORM": "the object fuzzed as liarsdice.bidders.UNIFORM",
    "liarsdice.ladder.AceRule.between": "takes no argument",
    "liarsdice.ladder.AceRule.bounds": "takes no argument",
    "liarsdice.ladder.AceRule": "abstract base; its rules are built by ace_rule (fuzzed)",
    "liarsdice.ladder.BoardRule": "takes no argument",
    "liarsdice.ladder.PerudoRule": "takes no argument",
    "liarsdice.ladder.FaceRule": "takes no argument",
    "liarsdice.ladder.PalificoOrder": "takes no argument",
    "liarsdice.match.BotLike": "protocol",
    "liarsdice.match.BotLike.act": "protocol",
    "liarsdice.rules_options.Choice": "option-table row built by rules.py",
    "liarsdice.rules_options.Flag": "option-table row built by rules.py",
    "liarsdice.rules_options.Whole": "option-table row built by rules.py",
    "liarsdice.rules_options.Option": "option-table row built by rules.py",
    "liarsdice.rules_options.Choice.values": "takes no argument",
    "liarsdice.rules_options.Flag.values": "takes no argument",
    "liarsdice.rules_options.Choice.describe": "takes no argument",
    "liarsdice.rules_options.Flag.describe": "takes no argument",
    "liarsdice.rules_options.Whole.describe": "takes no argument",
    "liarsdice.bidders_uniform.Bidder": "abstract base",
    "liarsdice.bidders_uniform.Bidder.likelihoods": "model protocol: inference builds its arguments",
    "liarsdice.bidders_uniform.Uniform": "takes no argument (UNIFORM is fuzzed)",
    "liarsdice.bidders_uniform.Uniform.likelihoods": "model protocol: inference builds its arguments",
    "liarsdice.bidders_quantal.Quantal": "built by quantal (fuzzed)",
    "liarsdice.bidders_quantal.Quantal.likelihoods": "model protocol: inference builds its arguments",
    "liarsdice.bidders_quantal.choice_log_likelihoods": "unchecked (its docstring): the profiles' SeatData arrays and AdaptiveBayesBot's score rows; tests/test_profiles.py and tests/test_bots_adaptive.py",
    "liarsdice.bidders_players.Trembling": "built by trembling (fuzzed)",
    "liarsdice.bidders_players.Equilibrium": "built by equilibrium (fuzzed)",
    "liarsdice.bidders_hands.generic_likelihoods": "model protocol: inference builds its arguments",
    "liarsdice.bidders_uniform.Bidder.per_hand": "model protocol: inference builds its arguments",
    "liarsdice.bidders_uniform.Uniform.per_hand": "model protocol: inference builds its arguments",
    "liarsdice.bidders_quantal.Quantal.per_hand": "model protocol: inference builds its arguments",
    "liarsdice.replay.RoundState": "record built by replay_round (fuzzed)",
    "liarsdice.bidders_hands.Decision": "record built by inference",
    "liarsdice.bidders_hands.Decision.view": "record method: inference builds its arguments",
    "liarsdice.bidders_hands.Decision.where": "takes no argument",
    "liarsdice.bidders_hands.HandSet": "record built by hand_set (fuzzed)",
    "liarsdice.plots.chances.challenge_loss_figure": "figure of library-computed curves (not fuzzed yet)",
    "liarsdice.plots.coverage.coverage_by_games_figure": "figure of library-computed curves (not fuzzed yet)",
    "liarsdice.plots.coverage.coverage_by_rate_figure": "figure of library-computed curves (not fuzzed yet)",
    "liarsdice.plots.coverage.intervals_figure": "figure of library-computed curves (not fuzzed yet)",
    "liarsdice.plots.tally.tally_figure": "figure of library-computed tallies (not fuzzed yet)",
    "liarsdice.actions.Calza": "takes no argument",
    "liarsdice.actions.Challenge": "takes no argument",
    "liarsdice.actions.Pass": "takes no argument",
    "liarsdice.bots_basic.HonestBot": "takes no argument",
    "liarsdice.bots_basic.ExpectedLossBot": "takes no argument",
    "liarsdice.bot.Bot": "abstract base",
    "liarsdice.settlement.Settlement": "result record built by the library",
    "liarsdice.settlement.apply_owed": "unchecked helper shared by modules (arguments checked by callers): fuzzed through settle",
    "liarsdice.settlement.dice_owed": "unchecked helper shared by modules (arguments checked by callers): fuzzed through settle",
    "liarsdice.settlement.next_seat_unchecked": "unchecked helper shared by modules (arguments checked by callers): fuzzed through next_seat_with_dice",
    "liarsdice.odds_counts.shortfall": "unchecked helper shared by modules (arguments checked by callers): fuzzed through table",
    "liarsdice.odds_counts.tails_fractions": "unchecked helper shared by modules (arguments checked by callers): fuzzed through binomial_tails",
    "liarsdice.odds_counts.tails_floats": "unchecked helper shared by modules (arguments checked by callers): fuzzed through binomial_tails and table",
    "liarsdice.bidders_quantal.bet_of": "total: any value gives its move kind's bets, or None for a value that is no move (never raises)",
    "liarsdice.botkit_fast.loss_options": "unchecked helper shared by modules (arguments checked by callers): fuzzed through agents.ExpectedLossBot.options",
    "liarsdice.botkit_fast.cheapest_unchecked": "unchecked helper shared by modules (arguments checked by callers): fuzzed through cheapest",
    "liarsdice.odds_costs.ChallengeCost": "result record built by the library",
    "liarsdice.halve_double.Equivalence": "result record built by the library",
    "liarsdice.view.View": "snapshot record built by Game.view",
    "liarsdice.view.RoundResult": "result record built by the engine",
    "liarsdice.moves.Phase": "enum",
    "liarsdice.tournament.GameRecord": "result record built by tournament",
    "liarsdice.tournament.TournamentResult": "result record built by tournament",
    "liarsdice.solver.solution.Solution": "result record built by solve",
    "liarsdice.solver.endgame.Endgame": "result record built by solve_endgame (fuzzed)",
    "liarsdice.solver.endgame.StateSolution": "result record built by solve_endgame (fuzzed)",
    "liarsdice.solver.endgame.Endgame.table": "takes no argument",
    "liarsdice.solver.strategy.Strategy": "built by Strategy.uniform/from_policy (fuzzed)",
    "liarsdice.sampling.NormalCheck": "result record built by normal_check (fuzzed)",
    "liarsdice.stats_tests.Comparison": "result record",
    "liarsdice.stats_chi_square.Fit": "result record",
    "liarsdice.stats_normal.NormalApproximation": "result record",
    "liarsdice.teach.core.Exercise": "registry record written by lesson modules",
    "liarsdice.teach.core.Feedback": "result record",
    "liarsdice.teach.core.Mistake": "registry record written by lesson modules",
    "liarsdice.teach.core.register": "registers lesson modules' exercises (mutates the registry)",
    "liarsdice.teach.core.register_lesson": "registers a lesson (mutates the registry)",
    "liarsdice.ladder.register": "registers an ace rule (mutates the registry)",
    "liarsdice.ladder.unregister": "removes an ace rule (mutates the registry)",
    "liarsdice.match.RoundStarted": "event record",
    "liarsdice.match.Moved": "event record",
    "liarsdice.match.Revealed": "event record",
    "liarsdice.match.Settled": "event record",
    "liarsdice.match.GameOver": "event record",
    "liarsdice.settlement.outcome_unchecked": "unchecked, for checked arguments only (the engine's and botkit's path): fuzzed through outcome, settle and settle_calza",
    "liarsdice.settlement.next_round": "unchecked, for checked arguments only (a settled round's dice and Settlement): reached through Game.apply and the endgame's transitions",
    "liarsdice.settlement.RoundStart": "result record built by next_round",
    "liarsdice.rules_class.Rules.dice_owed": "unchecked, for checked arguments only (its docstring): fuzzed through settle and outcome",
    "liarsdice.rules_class.option_kinds": "unchecked introspection of a Rules class (its dataclass fields): read by Rules' own validation, fuzzed through Rules",
    "liarsdice.rules_class.option_defaults": "unchecked introspection of a Rules value (its dataclass fields): fuzzed through rules_key",
    "liarsdice.rules_options.option_field": "declares an option field when a Rules class is defined (no value to check until Rules is built)",
    "liarsdice.rules_base.RuleSet": "base class of Rules: takes no argument",
    "liarsdice.bidders_uniform.UNIFORM": "the object fuzzed as liarsdice.bidders.UNIFORM",
    "liarsdice.inference_evidence.decisions_unchecked": "unchecked, for a checked view only: fuzzed through decisions and posterior",
    "liarsdice.inference_evidence.check_cost": "work-limit check for checked arguments (a checked view, model and its decisions): fuzzed through posterior and Belief",
    "liarsdice.stats_chi_square.number_of_tallies": "unchecked helper for checked counts: fuzzed through chi_square_fit(exact=True)",
    "liarsdice.stats_intervals.standard_error": "unchecked, p and n unchecked (its docstring): fuzzed through wald_interval, intervals and sampling.half_width",
    "liarsdice.stats_intervals.z_score": "unchecked, confidence unchecked (its docstring): fuzzed through wald_interval and intervals",
    "liarsdice.stats_normal.normal_tails": "unchecked, n and p unchecked (its docstring): fuzzed through normal_approximation and sampling.normal_pmf",
    "liarsdice.svg_dice.draw_die": "unchecked, for arguments already checked by liarsdice.svg: fuzzed through die_svg and hand_svg",
    "liarsdice.svg_dice.draw_bid": "unchecked, for arguments already checked: fuzzed through svg.bid_svg",
    "liarsdice.svg_dice.svg_document": "unchecked, for library-made SVG bodies: fuzzed through the liarsdice.svg drawings",
    "liarsdice.render_table.faces_text": "unchecked, for values already checked by liarsdice.render: fuzzed through view_text and reveal_text",
    "liarsdice.render_table.move_words": "unchecked, for values already checked by liarsdice.render: fuzzed through action_words and move_text",
    "liarsdice.render_table.moves_line": "unchecked, for values already checked by liarsdice.render: fuzzed through moves_text and view_text",
    "liarsdice.render_table.table_text": "unchecked, for values already checked by liarsdice.render: fuzzed through view_text",
    "liarsdice.render_table.table_html": "unchecked, for values already checked by liarsdice.render: fuzzed through view_html",
    "liarsdice.record.record_json": "unchecked, for a Game (trusted): fuzzed through history.game_to_json",
    "liarsdice.record.Recorded": "protocol",
    "liarsdice.record.Recorded.apply": "protocol",
    "liarsdice.record.ChanceOpener": "a TypedDict: the JSON shape, for type checkers",
    "liarsdice.record.ChanceRoll": "a TypedDict: the JSON shape, for type checkers",
    "liarsdice.record.ChanceReroll": "a TypedDict: the JSON shape, for type checkers",
    "liarsdice.moves.Effect": "enum",
    "liarsdice.moves.Turn": "record (a NamedTuple) of the facts the engine builds for the move kinds' hooks",
    "liarsdice.moves.action_types": "takes no argument",
    "liarsdice.moves.MoveKind": "extension base class: takes no argument (register_move is fuzzed)",
    **{
        f"liarsdice.moves.MoveKind.{hook}": "extension hook of a move kind: the engine calls it with a Turn it built and an action of the kind's type (fuzzed through Game.apply, parse_action and the renderers)"
        for hook in (
            "allows",
            "describe",
            "html",
            "offered",
            "parse",
            "refusal",
            "revealed",
            "settle",
            "text",
        )
    },
    **{
        f"liarsdice.actions.{kind}": "built-in move kind, registered once by liarsdice.actions: takes no argument"
        for kind in ("BidKind", "ChallengeKind", "CalzaKind", "PassKind", "ShowKind")
    },
    **{
        f"liarsdice.actions.{hook}": "built-in move kind's hook: the engine calls it with a Turn it built and an action of the kind's type (fuzzed through Game.check, Game.apply, parse_action, action_text and the renderers)"
        for hook in (
            "BidKind.allows",
            "BidKind.describe",
            "BidKind.offered",
            "BidKind.parse",
            "BidKind.refusal",
            "BidKind.text",
            "CalzaKind.allows",
            "CalzaKind.describe",
            "CalzaKind.offered",
            "CalzaKind.refusal",
            "ChallengeKind.describe",
            "PassKind.allows",
            "PassKind.describe",
            "PassKind.offered",
            "ShowKind.allows",
            "ShowKind.describe",
            "ShowKind.offered",
            "ShowKind.parse",
            "ShowKind.revealed",
            "ShowKind.text",
        )
    },
    "liarsdice.actions.BidKind.openings": "unchecked cache of the legal bids for a Turn's checked fields: fuzzed through Game.check and Game.apply",
    "liarsdice.actions.ChallengeKind.settle": "unchecked, for checked arguments (the engine's revealed round): its outcome is fuzzed through settlement.outcome and settle",
    "liarsdice.actions.CalzaKind.settle": "unchecked, for checked arguments (the engine's revealed round): its outcome is fuzzed through settlement.outcome and settle_calza",
    "liarsdice.solver.stream_checkpoint.read_checkpoint": "reads checkpoint files: tests/test_stream_hostile.py tampers",
    "liarsdice.solver.stream_checkpoint.write_checkpoint": "writes checkpoint files: tests/test_stream.py",
    "liarsdice.solver.stream_memory.copy_file": "writes files: tests/test_stream.py",
    "liarsdice.solver.stream_memory.LevelArrays": "StreamSolver's arrays, built by StreamSolver (writes files): tests/test_stream.py",
    **{
        f"liarsdice.solver.stream_memory.LevelArrays.{method}": "StreamSolver's arrays, called by StreamSolver only (files): tests/test_stream.py"
        for method in (
            "create",
            "disk_bytes",
            "load",
            "map",
            "nbytes",
            "path",
            "save",
            "saved_bytes",
            "whole",
        )
    },
    "liarsdice.solver.stream_memory.Workspace": "StreamSolver's buffers, built by StreamSolver for its checked game: tests/test_stream.py",
    "liarsdice.solver.stream_memory.Workspace.get": "StreamSolver's buffers, called by StreamSolver only: tests/test_stream.py",
    # bots that read or play a model (issue 24)
    "liarsdice.bots_adaptive.AdaptiveBayesBot.fitted": "takes no argument",
    "liarsdice.bots_adaptive.AdaptiveBayesBot.decisions": "takes no argument",
    "liarsdice.bots_adaptive.SeatModels": "unchecked, built by AdaptiveBayesBot around quantal(prior_beta) of its checked prior_beta: fuzzed through AdaptiveBayesBot and its act",
    "liarsdice.bots_adaptive.SeatModels.model": "unchecked lookup of a seat's model, for the seats of views AdaptiveBayesBot.act checked (botkit.is_move_turn) and of inference's decisions: fuzzed through AdaptiveBayesBot.act",
    "liarsdice.bots_adaptive.SeatModels.likelihoods": "model protocol: inference builds its arguments",
    "liarsdice.bots_adaptive.SeatModels.per_hand": "model protocol: inference builds its arguments",
    "liarsdice.bots_adaptive.quantal_log_likelihood": "unchecked (its docstring): AdaptiveBayesBot's own score rows and BETA_GRID, reached through AdaptiveBayesBot.act and reseeded; tests/test_bots_adaptive.py",
    "liarsdice.bots_adaptive.full_round": "unchecked (its docstring): the bot's own views, checked by AdaptiveBayesBot.act (botkit.is_move_turn) before it keeps them; tests/test_bots_adaptive.py",
    "liarsdice.bots_adaptive.settled_decisions": "unchecked (its docstring): a view full_round checked (inference's check_view) and the revealed dice of the engine's RoundResult, reached through AdaptiveBayesBot.act; tests/test_bots_adaptive.py",
    # the languages (issue 25)
    "liarsdice.i18n.language": "takes no argument (a bad LIARSDICE_LANGUAGE is refused naming it: tests/test_i18n.py)",
    "liarsdice.i18n.translate": "gettext's lookup, called on every label with the package's own literals: unchecked on that hot path, as gettext is",
    "liarsdice.i18n.N_": "gettext_noop: returns its argument unchanged, an extraction marker on the package's own literals",
    "liarsdice.i18n.n_": "ngettext's lookup, called with the package's own literals and counts: unchecked on that hot path, as ngettext is",
    # profiles (reading a player, issue 24)
    "liarsdice.profiles.Fit": "result record built by profiles.fit (fuzzed); its broken variants are fuzzed into the plots.profiles figures",
    "liarsdice.profiles_data.SeatRecorder": "Game subclass built by read_records for its checked seat (rules, players, seed and opener checked by Game itself): fuzzed through read_records, decisions and profiles.fit",
    "liarsdice.profiles_data.SeatData": "record built by seat_data from decisions()' checked moves: fuzzed through profiles.fit, compare and log_likelihood",
    "liarsdice.profiles_data.SeatData.scores": "takes no argument",
    "liarsdice.profiles_data.SeatData.bluff_rate": "takes no argument",
    "liarsdice.profiles_data.seat_data": "unchecked (its docstring), for moves from decisions(): fuzzed through profiles.fit, compare and log_likelihood",
    "liarsdice.profiles_data.view_scores": "unchecked, for the views of a record replayed by read_records: fuzzed through profiles.fit and compare (quantal)",
    "liarsdice.profiles_data.bet_columns": "unchecked cache, for a replayed view's legal actions and bid: fuzzed through profiles.fit and compare (quantal)",
    **{
        f"liarsdice.profiles_families.{name}": f"unchecked (the module's docstring: liarsdice.profiles checks every argument): fuzzed through {through}"
        for name, through in (
            ("uniform_logs", "profiles.fit and compare (uniform, trembling)"),
            ("quantal_curve", "profiles.fit, compare and log_likelihood (quantal)"),
            ("trembling_terms", "profiles.fit, compare and log_likelihood (trembling)"),
            ("trembling_curve", "profiles.fit, compare and log_likelihood (trembling)"),
            ("in_endgame", "profiles.fit and compare (equilibrium)"),
            ("family_label", "PlayerProfile and plots.profiles, which pass FAMILIES' keys"),
            ("equilibrium_logs", "profiles.fit and compare (equilibrium)"),
            ("model_logs", "profiles.log_likelihood with a callable family"),
            ("curve", "profiles.fit, compare and log_likelihood"),
            ("point", "profiles.fit and log_likelihood"),
        )
    },
}


# --------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------


class Timeout(BaseException):
    """Raised by the alarm inside a call that runs too long (a BaseException, so that the
    library's `except Exception` does not swallow it)."""


def _on_alarm(signum: int, frame: object) -> None:
    raise Timeout


def _safe_repr(value: object, limit: int = 120) -> str:
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} with a failing repr>"
    if isinstance(value, (type(x for x in ()))):
        return "<generator>"
    if len(text) > limit:
        return f"{text[: limit // 2]}...{text[-limit // 2 :]} ({len(text)} chars)"
    return text


def _quotable(value: object) -> list[str] | None:
    """The texts one of which a message must contain to quote `value`, or None when the value
    is too long, unprintable or has no stable repr (then quoting is not checked)."""
    if inspect.isgenerator(value) or isinstance(value, BadRepr | HugeRepr):
        return None
    try:
        text = repr(value)
    except Exception:
        return None
    if len(text) > 40 or not text.isprintable() or " at 0x" in text:
        return None
    texts = [text, str(value)]
    if isinstance(value, bytes):
        texts.append(repr(value.decode("utf-8", "replace")))
    if isinstance(value, list | tuple | set | frozenset | dict) and len(value) <= 8:
        for item in value:  # the offending element quoted is enough
            if not isinstance(item, list | tuple | set | frozenset | dict):
                texts.append(repr(item))
    if isinstance(value, list | set | frozenset | range):
        try:
            texts.append(repr(tuple(value)))
            texts.append(repr(sorted(value)))
        except Exception:
            pass
    return texts


def _kind_ok(kind: str, value: object) -> bool:
    """Whether `value` has the kind an argument declared `kind` takes."""
    from liarsdice.checks import is_integer

    numpy_bool = type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_")
    if kind == "int":
        return is_integer(value)
    if kind == "int?":
        return value is None or is_integer(value)
    if kind == "flag":
        return isinstance(value, bool) or numpy_bool
    if kind == "text":
        return isinstance(value, str)
    if kind == "number":
        from numbers import Real

        if isinstance(value, bool) or numpy_bool or not isinstance(value, Real):
            return False
        try:
            return math.isfinite(float(value))
        except OverflowError:
            return False
    return True


def _numbers(value: object, depth: int = 0):
    """Yield the numbers in a result (floats, Fractions, array items), a bounded number."""
    import numpy as np

    if depth > 4:
        return
    if isinstance(value, bool):
        return
    if isinstance(value, float | Fraction | np.floating | int | np.integer):
        yield value
    elif isinstance(value, np.ndarray):
        if value.dtype.kind in "fiu":
            yield from value.ravel()[:100_000].tolist()
        elif value.dtype.kind == "O":
            for item in value.ravel()[:1000]:
                yield from _numbers(item, depth + 1)
    elif isinstance(value, dict):
        for item in itertools.islice(value.values(), 1000):
            yield from _numbers(item, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value[:1000]:
            yield from _numbers(item, depth + 1)


def _result_problem(spec: Spec, result: object) -> str | None:
    import numpy as np

    for number in _numbers(result):
        if isinstance(number, float | np.floating) and math.isnan(number):
            return "returned NaN"
        if spec.result in ("prob", "probs") and not 0 <= number <= 1:
            return f"returned a probability outside [0, 1]: {_safe_repr(number)}"
    if spec.result == "prob" and not any(True for _ in _numbers(result)):
        return f"returned no probability: {_safe_repr(result)}"
    return None


@dataclass
class Failure:
    name: str
    argument: str
    problem: str
    value: str
    detail: str
    seconds: float
    size: int  # length of the value's repr, to keep the smallest example


def call_once(
    name: str, spec: Spec, argument: str | None, value: object, timed: bool = True
) -> Failure | None:
    """Make one call with `argument` set to `value` (None: all valid); return its failure
    (`timed` False: the warm-up call, which may fill caches, is not held to TIME_LIMIT)."""
    valid = {}
    target = spec.target()
    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        parameters = {}
    for param in parameters:
        if param in spec.valid:
            valid[param] = spec.valid[param]
        elif (param in VALID and parameters[param].default is inspect.Parameter.empty) or (
            param in VALID and param in spec.fuzz
        ):
            valid[param] = VALID[param]()
    if argument is not None:
        valid[argument] = value
    before = spec.state(target) if spec.state else None
    shown = _safe_repr(value) if argument is not None else "(valid arguments)"
    size = len(shown)

    def fail(problem: str, detail: str = "", seconds: float = 0.0) -> Failure:
        return Failure(name, argument or "-", problem, shown, detail[:600], seconds, size)

    signal.setitimer(signal.ITIMER_REAL, ALARM)
    start = time.perf_counter()
    try:
        try:
            result = target(**valid)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - start
    except Timeout:
        return fail(f"no answer within {ALARM:.0f} s (interrupted)", "", ALARM)
    except (ValueError, TypeError) as error:
        seconds = time.perf_counter() - start
        try:
            message = str(error)
        except Exception as inner:
            return fail("the error's message cannot be made", repr(inner), seconds)
        if seconds > TIME_LIMIT:
            return fail(f"refused after {seconds:.2f} s (> {TIME_LIMIT} s)", message, seconds)
        if not message.strip():
            return fail(f"{type(error).__name__} with an empty message", "", seconds)
        if argument is None:
            return fail(f"valid call raised {type(error).__name__}", message, seconds)
        quotable = _quotable(value)
        if quotable is not None and not any(text in message for text in quotable):
            return fail(
                f"{type(error).__name__} message does not quote the input",
                f"{type(error).__name__}: {message}",
                seconds,
            )
        if spec.state is not None and spec.state(target) != before:
            return fail("a refused call changed the state", message, seconds)
        return None
    except RecursionError as error:
        return fail("RecursionError", str(error), time.perf_counter() - start)
    except MemoryError:
        return fail("MemoryError (memory limit)", "", time.perf_counter() - start)
    except BaseException as error:
        seconds = time.perf_counter() - start
        tb = traceback.extract_tb(error.__traceback__)
        where = f" at {tb[-1].filename.rsplit('/', 2)[-1]}:{tb[-1].lineno}" if tb else ""
        return fail(f"raised {type(error).__name__}{where}", _safe_repr(str(error), 300), seconds)
    if timed and seconds > TIME_LIMIT:
        return fail(f"answered after {seconds:.2f} s (> {TIME_LIMIT} s)", "", seconds)
    problem = _result_problem(spec, result)
    if problem:
        return fail(problem, "", seconds)
    if argument is not None:
        kind = spec.kinds.get(argument, KINDS.get(argument, "any"))
        if not _kind_ok(kind, value):
            return fail(
                f"accepted a value of the wrong kind (expected {kind})",
                f"returned {_safe_repr(result)}",
                seconds,
            )
    return None


def _signature(failure: Failure) -> tuple[str, str, str]:
    problem = failure.problem
    if problem.startswith(("answered after", "refused after", "no answer")):
        problem = "slow"
    return failure.name, failure.argument, problem


def fuzz(name: str, spec: Spec, failures: dict, progress) -> None:
    """Fuzz every argument of one spec, recording distinct failures (smallest value kept)."""

    def record(failure: Failure | None) -> None:
        if failure is None:
            return
        key = _signature(failure)
        old = failures.get(key)
        if old is None or failure.size < old.size:
            failures[key] = failure

    progress(f"{name} (valid)")
    try:
        record(
            call_once(name, spec, None, None, timed=False)
        )  # warm-up (caches, imports): not timed
    except Exception as error:
        record(Failure(name, "-", "could not build the call", "", repr(error), 0, 0))
        return
    examples = spec.examples * (20 if LONG else 1)
    for argument in spec.fuzz:
        _fuzz_argument(name, spec, argument, examples, record, progress)


def _fuzz_argument(name, spec, argument, examples, record, progress) -> None:
    """Fuzz one argument of one spec with hypothesis (generation only, no shrinking: the
    smallest failing value of each distinct failure is kept instead)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    slow = [0]
    strategy = hostile()
    if argument in spec.values:
        strategy = st.sampled_from(spec.values[argument])
    elif argument in EXTRA:
        strategy = st.one_of(st.sampled_from(EXTRA[argument]()), strategy)

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(value=strategy)
    def run(value: object) -> None:
        if slow[0] >= 2:  # a call that keeps hanging: stop spending time on it
            return
        progress(f"{name} {argument}={_safe_repr(value, 60)}")
        failure = call_once(name, spec, argument, value)
        if failure is not None and _signature(failure)[2] == "slow":
            slow[0] += 1
        record(failure)

    run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", help="write the failures as JSON here")
    parser.add_argument("--progress", help="write each call's name here before the call")
    parser.add_argument("--only", nargs="*", help="fuzz only these names")
    parser.add_argument("--memory", type=float, default=0, help="RLIMIT_AS in GB (0: none)")
    args = parser.parse_args(argv)
    if args.memory:
        limit = int(args.memory * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.set_int_max_str_digits(4300)  # Python's default, whatever the environment says
    signal.signal(signal.SIGALRM, _on_alarm)
    sys.setrecursionlimit(3000)
    log = open(args.progress, "w") if args.progress else None  # noqa: SIM115

    def progress(text: str) -> None:
        if log:
            log.write(text + "\n")
            log.flush()

    specs = _specs()
    failures: dict[tuple[str, str, str], Failure] = {}
    start = time.perf_counter()
    for name, spec in specs.items():
        if args.only and name not in args.only:
            continue
        fuzz(name, spec, failures, progress)
    ordered = sorted(failures.values(), key=lambda f: (f.name, f.argument, f.problem))
    for f in ordered:
        print(
            f"FAIL {f.name}({f.argument}={f.value}): {f.problem}"
            + (f" -- {f.detail}" if f.detail else "")
        )
    print(f"{len(ordered)} failures in {len(specs)} callables, {time.perf_counter() - start:.0f} s")
    if args.report:
        with open(args.report, "w") as out:
            json.dump([f.__dict__ for f in ordered], out, indent=1)
    return 1 if ordered else 0


if __name__ == "__main__":
    sys.exit(main())
