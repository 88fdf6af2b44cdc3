"""Tests of liarsdice.plots: the board figure (data in, figure out)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid, plots
from liarsdice.errors import ArgumentTypeError
from liarsdice.plots import (
    BOARD_BID,
    BOARD_CELLS,
    BOARD_LABELS,
    BOARD_LEGAL,
    board_fields,
    board_figure,
)
from liarsdice.plots import coverage as cov
from liarsdice.plots import sampling as samp


@pytest.mark.parametrize("name", ["blef", "perudo", "openspiel", "bluff"])
def test_board_has_every_bid_of_its_fields_once(name: str) -> None:
    rules = ld.preset(name)
    fig = board_figure(rules, max_plain=20)
    cells = [Bid(q, f) for q, f in fig.data[BOARD_CELLS].customdata]
    assert len(cells) == len(set(cells))
    fields = board_fields(rules, 20)
    wild_fields = sum(kind == "wild" for kind, _ in fields)
    assert len(cells) == 5 * 20 + wild_fields
    assert len(fig.data[BOARD_LABELS].text) == len(fields)
    # Clockwise order of the cells follows the ladder.
    ranks = [rules.rank(b) for b in cells]
    assert ranks == sorted(ranks)


def test_board_and_perudo_ladders_place_wild_fields_differently() -> None:
    assert board_fields(ld.preset("blef"), 4)[:3] == [("plain", 1), ("wild", 1), ("plain", 2)]
    assert board_fields(ld.preset("perudo"), 4)[:3] == [("plain", 1), ("plain", 2), ("wild", 1)]
    with pytest.raises(ValueError, match="max_plain=0"):
        board_fields(ld.preset("blef"), 0)


def test_board_marks_the_bid_and_the_legal_raises() -> None:
    rules = ld.preset("blef")
    current = Bid(3, 4)
    legal = rules.next_bids(current, 6)
    fig = board_figure(rules, max_plain=12, bid=current, legal=legal)
    assert len(fig.data[BOARD_LEGAL].x) == len(legal)
    assert len(fig.data[BOARD_BID].x) == 1


def test_board_colours_cells_by_probability() -> None:
    rules = ld.preset("blef")
    probabilities = np.zeros((6, 6))
    probabilities[4, 3] = 0.75  # P(3 fives) in this made-up table
    fig = board_figure(rules, max_plain=8, probabilities=probabilities)
    cells = fig.data[BOARD_CELLS]
    colours = dict(zip([tuple(c) for c in cells.customdata], cells.marker.color))
    assert colours[(3, 5)] == 0.75
    assert colours[(8, 5)] == 0.0  # beyond the table: impossible
    assert "P(true) = 0.750" in cells.hovertext[[tuple(c) for c in cells.customdata].index((3, 5))]


# ----- the halve/double figures of lesson 03 ----------------------------------------------------


def test_equivalence_figure_draws_each_rules_band_around_the_wild_curve() -> None:
    from fractions import Fraction

    from liarsdice import odds
    from liarsdice.plots import equivalence_figure

    n, ace_rules = 12, ("board", "perudo")
    fig = equivalence_figure(n, ace_rules)
    assert len(fig.data) == 2 * len(ace_rules) + 1
    wild = odds.binomial_tails(n, Fraction(1, 6))
    plain = odds.binomial_tails(n, Fraction(1, 3))
    ks = list(fig.data[-1].x)
    assert ks == list(range(1, n // 2 + 1))
    assert np.allclose(fig.data[-1].y, [wild[k] for k in ks])
    for i, ace_rule in enumerate(ace_rules):
        rules = ld.Rules(ace_rule=ace_rule)
        below = [odds.wild_bracket(rules, k)[0] for k in ks]
        assert np.allclose(fig.data[2 * i].y, [plain[q] for q in below])
        assert np.allclose(fig.data[2 * i + 1].y, [plain[q + 1] for q in below])


def test_monotonicity_figure_counts_the_rises_of_each_ladder() -> None:
    from liarsdice import odds
    from liarsdice.plots import monotonicity_figure

    ns = range(1, 9)
    heatmap = monotonicity_figure(ns).data[0]
    assert list(heatmap.y) == list(odds.ACE_RULES)
    for row, ace_rule in zip(heatmap.z, odds.ACE_RULES):
        expected = [len(odds.ladder_rises(ld.Rules(ace_rule=ace_rule), n)) for n in ns]
        assert list(row) == expected


def test_challenge_loss_figure_draws_both_sides_of_each_rule() -> None:
    from liarsdice import odds
    from liarsdice.plots import challenge_loss_figure

    hand, quantities = (1, 2, 3, 4, 6), range(3, 10)
    challenger, bidder = {}, {}
    for name in ("blef", "perudo"):
        costs = [
            odds.challenge_cost(Bid(q, 4), ld.preset(name), 10, hand, (5, 5, 5), 2, 0)
            for q in quantities
        ]
        challenger[name] = [c.expected_challenger_loss for c in costs]
        bidder[name] = [c.expected_bidder_loss for c in costs]
    fig = challenge_loss_figure(quantities, challenger, bidder)
    assert [t.name for t in fig.data] == [
        "challenger, blef",
        "bidder, blef",
        "challenger, perudo",
        "bidder, perudo",
    ]
    assert list(fig.data[0].x) == list(quantities)
    assert np.allclose(fig.data[2].y, [float(c) for c in challenger["perudo"]])
    assert fig.data[1].line.dash == "dash" and fig.data[0].line.color == fig.data[1].line.color
    with pytest.raises(ValueError, match="different lines"):
        challenge_loss_figure(quantities, challenger, {"blef": bidder["blef"]})
    with pytest.raises(ValueError, match="3 values for 7 quantities"):
        challenge_loss_figure(quantities, {"x": [0, 1, 2]}, {"x": [0, 1, 2]})


# ----- issue 14: every builder refuses bad input clearly (the error quotes the input) ----------

_WINS = [3, 5, 7]
_BOUNDS = {"wilson": ([0.1, 0.2, 0.3], [0.5, 0.6, 0.9])}
_COVERS = {"wilson": [True, True, False]}
_CURVES = {"wilson": [0.9, 0.95]}


def _strategy():
    from liarsdice.solver import SmallGame, Strategy

    return Strategy.uniform(SmallGame(ld.Rules(), (1, 1), faces=3))


# (call, expected exception, text the message must contain)
REFUSED = {
    # the examples of the issue
    "board probabilities=4": (
        lambda: board_figure("blef", probabilities=4), ArgumentTypeError, "probabilities=4"),
    "count_figure bid=4": (
        lambda: plots.count_figure([0.5, 0.5], "blef", 4), ArgumentTypeError, "bid=4"),
    "odds_heatmap bid=4": (
        lambda: plots.odds_heatmap(np.full((6, 4), 0.5), "blef", 4), ArgumentTypeError, "bid=4"),
    "bluff rates=4": (lambda: plots.bluff_figure(4), ArgumentTypeError, "rates=4"),
    "strategy=4": (lambda: plots.strategy_figure(4), ArgumentTypeError, "strategy=4"),
    "ratio bytes": (
        lambda: plots.ratio_figure(b"2\x93", "blef", 5, 1), ArgumentTypeError, "b'2\\x93'"),
    "trials=inf": (
        lambda: plots.frequency_figure(math.inf, [0.5], 0.4), ArgumentTypeError, "trials=inf"),
    "trials=[inf]": (
        lambda: plots.frequency_figure([math.inf], [0.5], 0.4), ArgumentTypeError, "inf"),
    "trials huge Fraction": (
        lambda: plots.frequency_figure(Fraction(10**30, 7), [0.5], 0.4),
        ArgumentTypeError, "Fraction(1000000000000000000000000000000, 7)"),
    "trials [huge Fraction]": (
        lambda: plots.frequency_figure([Fraction(10**30, 7)], [0.5], 0.4),
        ArgumentTypeError, "Fraction(1000000000000000000000000000000, 7)"),
    "trials too many rolls": (
        lambda: plots.frequency_figure([2**60], [0.5], 0.4), ValueError, str(2**60)),
    "k_max=10**8": (
        lambda: plots.equivalence_figure(6, k_max=10**8), ValueError, "k_max=100000000"),
    "n=10**8": (lambda: plots.equivalence_figure(10**8), ValueError, "n=100000000"),
    "belief seat=b''": (
        lambda: plots.belief_figure([0.5], [0.5], "blef", 5, b""), ArgumentTypeError, "seat=b''"),
    "ratio seat=b''": (
        lambda: plots.ratio_figure({0: 1.0}, "blef", 5, b""), ArgumentTypeError, "seat=b''"),
    "equivalence ace_rules text": (
        lambda: plots.equivalence_figure(6, ace_rules="blef"), ArgumentTypeError, "'blef'"),
    "monotonicity ns text": (
        lambda: plots.monotonicity_figure("blef"), ArgumentTypeError, "ns='blef'"),
    "monotonicity ace_rules text": (
        lambda: plots.monotonicity_figure([2], "board"), ArgumentTypeError, "'board'"),
    "board_fields max_plain=10**18": (
        lambda: board_fields("blef", 10**18), ValueError, "max_plain=1000000000000000000"),
    # raw numpy / Python errors that used to escape
    "board legal=4": (lambda: board_figure("blef", legal=4), ArgumentTypeError, "legal=4"),
    "board legal=[(3, 5)]": (
        lambda: board_figure("blef", legal=[(3, 5)]), ArgumentTypeError, "(3, 5)"),
    "board max_plain array": (
        lambda: board_fields("blef", np.array([1, 2, 3])), ArgumentTypeError, "array([1, 2, 3])"),
    "board max_plain 2.5": (lambda: board_fields("blef", 2.5), ArgumentTypeError, "2.5"),
    "board max_plain True": (lambda: board_fields("blef", True), ArgumentTypeError, "True"),
    "board probabilities shape": (
        lambda: board_figure("blef", probabilities=np.zeros((5, 3))), ValueError, "(5, 3)"),
    "board probabilities P > 1": (
        lambda: board_figure("blef", probabilities=np.full((6, 3), 1.5)), ValueError, "1.5"),
    "board probabilities NaN": (
        lambda: board_figure("blef", probabilities=np.full((6, 3), math.nan)), ValueError, "nan"),
    "board title=4": (lambda: board_figure("blef", title=4), ArgumentTypeError, "title=4"),
    "heatmap probabilities=4": (
        lambda: plots.odds_heatmap(4, "blef"), ArgumentTypeError, "probabilities=4"),
    "heatmap text table": (
        lambda: plots.odds_heatmap(np.array([["a"] * 3] * 6), "blef"), ArgumentTypeError, "<U1"),
    "count distribution=4": (
        lambda: plots.count_figure(4, "blef", Bid(1, 5)), ArgumentTypeError, "distribution=4"),
    "count distribution text": (
        lambda: plots.count_figure("0.5", "blef", Bid(1, 5)), ArgumentTypeError, "'0.5'"),
    "count distribution nested": (
        lambda: plots.count_figure([[0.5]], "blef", Bid(1, 5)), ArgumentTypeError, "[[0.5]]"),
    "count bid None": (
        lambda: plots.count_figure([1.0], "blef", None), ArgumentTypeError, "bid=None"),
    "loss quantities=4": (
        lambda: plots.challenge_loss_figure(4, {}, {}), ArgumentTypeError, "quantities=4"),
    "loss values NaN": (
        lambda: plots.challenge_loss_figure([3], {"a": [math.nan]}, {"a": [1]}), ValueError, "nan"),
    "loss labels not text": (
        lambda: plots.challenge_loss_figure([3], {1: [0.5]}, {1: [1]}), ArgumentTypeError, "1"),
    "equivalence n=b''": (lambda: plots.equivalence_figure(b""), ArgumentTypeError, "n=b''"),
    "equivalence n=2.5": (lambda: plots.equivalence_figure(2.5), ArgumentTypeError, "n=2.5"),
    "equivalence n huge": (
        lambda: plots.equivalence_figure(10**5000), ValueError, "digits"),
    "equivalence k_max=inf": (
        lambda: plots.equivalence_figure(6, k_max=math.inf), ArgumentTypeError, "k_max=inf"),
    "equivalence k_max=b''": (
        lambda: plots.equivalence_figure(6, k_max=b""), ArgumentTypeError, "k_max=b''"),
    "equivalence ace_rules=4": (
        lambda: plots.equivalence_figure(6, ace_rules=4), ArgumentTypeError, "ace_rules=4"),
    "equivalence unknown rule": (
        lambda: plots.equivalence_figure(6, ace_rules=["nope"]), ValueError, "'nope'"),
    "equivalence too many points": (
        lambda: plots.equivalence_figure(6, ["board"] * 5, k_max=10_000), ValueError, "k_max=10000"),
    "monotonicity ns=4": (lambda: plots.monotonicity_figure(4), ArgumentTypeError, "ns=4"),
    "monotonicity n=-1": (lambda: plots.monotonicity_figure([2, -1]), ValueError, "-1"),
    "monotonicity too much work": (
        lambda: plots.monotonicity_figure([1000] * 3), ValueError, "[1000, 1000, 1000]"),
    "belief prior=4": (
        lambda: plots.belief_figure(4, [0.5], "blef", 5, 1), ArgumentTypeError, "prior=4"),
    "belief lengths": (
        lambda: plots.belief_figure((), [0.5], "blef", 5, 1), ValueError, "prior=()"),
    "belief P > 1": (
        lambda: plots.belief_figure([2.0], [0.5], "blef", 5, 1), ValueError, "2.0"),
    "belief face=7": (
        lambda: plots.belief_figure([0.5], [0.5], "blef", 7, 1), ValueError, "face=7"),
    "belief seat huge": (
        lambda: plots.belief_figure([0.5], [0.5], "blef", 5, 2**20000), ValueError, "digits"),
    "ratio ratios=4": (lambda: plots.ratio_figure(4, "blef", 5, 1), ArgumentTypeError, "ratios=4"),
    "ratio value None": (
        lambda: plots.ratio_figure({1: None}, "blef", 5, 1), ArgumentTypeError, "{1: None}"),
    "ratio negative count": (
        lambda: plots.ratio_figure({-1: 1.0}, "blef", 5, 1), ValueError, "{-1: 1.0}"),
    "tournament names=4": (
        lambda: plots.tournament_figure(4, [0.5], [(0.4, 0.6)]), ArgumentTypeError, "names=4"),
    "tournament lengths": (
        lambda: plots.tournament_figure(b"", [0.5], [(0.4, 0.6)]), ArgumentTypeError, "b''"),
    "tournament lengths differ": (
        lambda: plots.tournament_figure(["a"], [0.5, 0.4], [(0.4, 0.6)]), ValueError, "[0.5, 0.4]"),
    "tournament chance=b''": (
        lambda: plots.tournament_figure(["a"], [0.5], [(0.4, 0.6)], b""), ArgumentTypeError,
        "chance=b''"),
    "tournament interval not a pair": (
        lambda: plots.tournament_figure(["a"], [0.5], [(0.4,)]), ValueError, "(0.4,)"),
    "strategy history text": (
        lambda: plots.strategy_figure(_strategy(), "1x2"), ArgumentTypeError, "'1x2'"),
    "strategy history [[]]": (
        lambda: plots.strategy_figure(_strategy(), [[]]), ArgumentTypeError, "[[]]"),
    "bluff hand 7": (
        lambda: plots.bluff_figure({"a": {(7,): 0.5}}), ValueError, "{'a': {(7,): 0.5}}"),
    "bluff share NaN": (
        lambda: plots.bluff_figure({"a": {(1,): math.nan}}), ValueError, "nan"),
    "frequency trials=4": (
        lambda: plots.frequency_figure(4, [0.5], 0.4), ArgumentTypeError, "trials=4"),
    "frequency frequencies set": (
        lambda: plots.frequency_figure([1, 2], frozenset({2, 7}), 0.4), ArgumentTypeError,
        "frozenset({2, 7})"),
    "frequency p_true=b''": (
        lambda: plots.frequency_figure([1], [0.5], b""), ArgumentTypeError, "p_true=b''"),
    "frequency p_true > 1": (
        lambda: plots.frequency_figure([1], [0.5], 1.5), ValueError, "p_true=1.5"),
    "frequency lengths": (
        lambda: plots.frequency_figure([1, 2, 3], (), 0.4), ValueError, "frequencies=()"),
    "frequency trials 2.5": (
        lambda: plots.frequency_figure([2.5], [0.5], 0.4), ArgumentTypeError, "2.5"),
    "frequency trials 0": (lambda: plots.frequency_figure([0], [0.5], 0.4), ValueError, "[0]"),
    "histogram=4": (
        lambda: plots.histogram_figure(4, [1.0], [1.0], 0), ArgumentTypeError, "histogram=4"),
    "histogram empty": (
        lambda: plots.histogram_figure((), (), (), 0), ValueError, "histogram=()"),
    "histogram distribution=b''": (
        lambda: plots.histogram_figure([1], b"", [1.0], 0), ArgumentTypeError, "b''"),
    "histogram normal short": (
        lambda: plots.histogram_figure([1, 2], [0.5, 0.5], (), 0), ValueError, "normal=()"),
    "histogram quantity set": (
        lambda: plots.histogram_figure([1], [1.0], [1.0], frozenset({2, 7})), ArgumentTypeError,
        "frozenset({2, 7})"),
    "histogram quantity pair": (
        lambda: plots.histogram_figure([1], [1.0], [1.0], (None, True)), ArgumentTypeError,
        "(None, True)"),
    "histogram quantity b''": (
        lambda: plots.histogram_figure([1], [1.0], [1.0], b""), ArgumentTypeError, "b''"),
    "observed_shares negative": (lambda: samp.observed_shares([1, -1]), ValueError, "[1, -1]"),
    "tally cells=4": (
        lambda: plots.tally_figure(4, [1], [1.0]), ArgumentTypeError, "cells=4"),
    "tally observed 2.5": (
        lambda: plots.tally_figure([1], [2.5], [1.0]), ArgumentTypeError, "2.5"),
    "tally lengths": (
        lambda: plots.tally_figure([1, 2], [1], [1.0]), ValueError, "cells=[1, 2]"),
    "tally pooled not pairs": (
        lambda: plots.tally_figure([1], [1], [1.0], [(1, 2, 3)]), ArgumentTypeError, "(1, 2, 3)"),
    "tally pooled huge": (
        lambda: plots.tally_figure([1], [1], [1.0], [(1, 10**5000)]), ValueError, "digits"),
    "tally too many cells": (
        lambda: plots.tally_figure(range(2000), [0] * 2000, [0.0] * 2000), ValueError,
        "range(0, 2000)"),
    "intervals wins=4": (
        lambda: plots.intervals_figure(0.5, 10, 4, _BOUNDS, _COVERS), ArgumentTypeError, "wins=4"),
    "intervals wins > games": (
        lambda: plots.intervals_figure(0.5, 10, [11, 5, 7], _BOUNDS, _COVERS), ValueError, "11"),
    "intervals rate NaN": (
        lambda: plots.intervals_figure(math.nan, 10, _WINS, _BOUNDS, _COVERS), ValueError, "nan"),
    "intervals covers not flags": (
        lambda: plots.intervals_figure(0.5, 10, _WINS, _BOUNDS, {"wilson": [1, 0, 1]}),
        ArgumentTypeError, "[1, 0, 1]"),
    "intervals covers missing": (
        lambda: plots.intervals_figure(0.5, 10, _WINS, _BOUNDS, {}), ValueError, "'wilson'"),
    "intervals bounds short": (
        lambda: cov.interval_traces(0.5, 10, _WINS, {"wilson": ([0.1], [0.5])}, _COVERS),
        ValueError, "'wilson'"),
    "by_rate rates=4": (
        lambda: plots.coverage_by_rate_figure(4, _CURVES, 0.95, 20, 0.3, {"wilson": 0.9}),
        ArgumentTypeError, "rates=4"),
    "by_rate curves short": (
        lambda: plots.coverage_by_rate_figure([0.1, 0.2, 0.3], _CURVES, 0.95, 20, 0.3,
                                              {"wilson": 0.9}), ValueError, "[0.9, 0.95]"),
    "by_rate exact missing": (
        lambda: plots.coverage_by_rate_figure([0.1, 0.2], _CURVES, 0.95, 20, 0.3, {}),
        ValueError, "'wilson'"),
    "by_rate confidence Fraction": (
        lambda: plots.coverage_by_rate_figure([0.1, 0.2], _CURVES, Fraction(3, 2), 20, 0.3,
                                              {"wilson": 0.9}), ValueError, "Fraction(3, 2)"),
    "by_games at=0": (
        lambda: plots.coverage_by_games_figure([5, 10], _CURVES, 0.95, 0.3, 0, {"wilson": 0.9}),
        ValueError, "at=0"),
    "by_games games 2.5": (
        lambda: plots.coverage_by_games_figure([5, 2.5], _CURVES, 0.95, 0.3, 5, {"wilson": 0.9}),
        ArgumentTypeError, "2.5"),
    "share_trace simulated wrong": (
        lambda: cov.share_trace(0.3, {"wilson": (0.9, 0.8)}, ["wilson"]), ValueError,
        "(0.9, 0.8)"),
    "share_trace methods text": (
        lambda: cov.share_trace(0.3, None, "wilson"), ArgumentTypeError, "'wilson'"),
    "share_trace at=inf": (
        lambda: cov.share_trace(math.inf, None, ["wilson"]), ValueError, "at=inf"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_builders_refuse_bad_input_quoting_it(case: str) -> None:
    call, error, quoted = REFUSED[case]
    with pytest.raises(error) as caught:
        call()
    assert quoted in str(caught.value)
    assert len(str(caught.value)) < 2000  # quoted inputs are shortened


def test_wrong_kinds_are_also_value_errors() -> None:
    """ArgumentTypeError is a TypeError and a ValueError: `except ValueError` catches both."""
    with pytest.raises(ValueError, match="bid=4"):
        plots.count_figure([0.5], "blef", 4)
    with pytest.raises(TypeError, match="bid=4"):
        plots.count_figure([0.5], "blef", 4)


def test_builders_accept_numpy_numbers_text_bids_and_rounding_slack() -> None:
    rules = ld.preset("blef")
    fig = board_figure(rules, np.int64(8), bid="3x5", legal={Bid(4, 5), "2 aces"})
    assert len(fig.data[BOARD_BID].x) == 1 and len(fig.data[BOARD_LEGAL].x) == 2
    # sums of float chances may pass 1 by a rounding error: still drawn
    fig = plots.count_figure([0.5, 0.5 + 1e-12], rules, "1x5")
    assert list(fig.data[0].y) == [0.5, 0.5 + 1e-12]
    fig = plots.odds_heatmap([[0.5] * 3] * 6, rules, "2x5")  # nested lists as well as arrays
    assert np.asarray(fig.data[0].z).shape == (6, 2)
    exact = ld.odds.table(rules, 4, exact=True)  # Fractions: drawn as floats
    assert "0.5" in plots.odds_heatmap(exact, rules).to_json()
    fig = plots.equivalence_figure(np.int64(6), k_max=np.int64(2))
    assert list(fig.data[-1].x) == [1, 2]
    fig = cov.share_trace(Fraction(1, 2), {"wilson": (0.9, 0.8, 0.95)}, ["wilson"])
    assert list(fig.x) == [0.5]


def test_equivalence_figure_matches_bid_probability_exactly() -> None:
    """The curves come from one odds.table now; every point is bid_probability's float."""
    from liarsdice import odds

    for n in (0, 1, 7, 40):
        fig = plots.equivalence_figure(n, ("board", "perudo"), k_max=max(1, n))
        wild = [odds.bid_probability(Bid(int(k), 1), ld.Rules(), n) for k in fig.data[-1].x]
        assert list(fig.data[-1].y) == wild
        lower = [odds.wild_bracket(ld.Rules(ace_rule="perudo"), int(k))[0] for k in fig.data[-1].x]
        plain = [odds.bid_probability(Bid(q, 2), ld.Rules(), n) for q in lower]
        assert list(fig.data[2].y) == plain


def test_equivalence_figure_reaches_the_dice_limit() -> None:
    """n = MAX_UNKNOWN used to build bids past MAX_QUANTITY (an InvalidBidError)."""
    from liarsdice.limits import MAX_UNKNOWN

    fig = plots.equivalence_figure(MAX_UNKNOWN, ("perudo",))  # k up to n // 2 = 5,000
    assert len(fig.data) == 3 and len(fig.data[-1].x) == MAX_UNKNOWN // 2
    assert all(0 <= y <= 1 for trace in fig.data for y in trace.y)


def test_board_fields_limit() -> None:
    from liarsdice.plots.board import MAX_PLAIN

    assert board_fields("blef", MAX_PLAIN)[-1] == ("plain", MAX_PLAIN)
    with pytest.raises(ValueError, match=f"max_plain={MAX_PLAIN + 1}"):
        board_fields("blef", MAX_PLAIN + 1)


def test_series_longer_than_max_points_are_refused() -> None:
    too_many = [0.0] * (plots.MAX_POINTS + 1)
    with pytest.raises(ValueError, match="at most 20,000 values"):
        plots.count_figure(too_many, "blef", "1x5")
    with pytest.raises(ValueError, match="at most 20,000 values"):
        plots.belief_figure(range(10**20), [0.5], "blef", 5, 1)  # len() overflows
    endless = iter(int, 1)  # an endless iterator is cut off, not read forever
    with pytest.raises(ValueError, match="at most 20,000 values"):
        plots.frequency_figure(endless, [0.5], 0.4)
