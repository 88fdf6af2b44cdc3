"""Tests of liarsdice.plots: the board figure (data in, figure out)."""

from __future__ import annotations

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import Bid
from liarsdice.plots import (
    BOARD_BID,
    BOARD_CELLS,
    BOARD_LABELS,
    BOARD_LEGAL,
    board_fields,
    board_figure,
)


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
