"""Tests of the widgets without a browser: set controls, click buttons, read figures and text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import plotly
import pytest
import traitlets

import liarsdice as ld
from liarsdice import Bid, odds, plots
from liarsdice.widgets import (
    BidReader,
    BoardView,
    ClassTally,
    DicePicker,
    EquivalenceExplorer,
    OddsExplorer,
    PlayTable,
    RollingTable,
    RulesPicker,
)
from liarsdice.widgets.controls import CUSTOM, refresh_snapshot


class Points:
    """What plotly passes to a click handler: the indices of the clicked points."""

    def __init__(self, *indices: int) -> None:
        self.point_inds = list(indices)


# --- DicePicker ----------------------------------------------------------------------------------


def test_dice_picker_turns_adds_and_removes_dice() -> None:
    picker = DicePicker((1, 6), max_dice=3)
    picker.dice_buttons[1].click()
    assert picker.value == (1, 1)
    picker._add.click()
    assert picker.value == (1, 1, 2)
    assert picker._add.disabled  # max_dice reached
    picker._remove.click()
    assert picker.value == (1, 1)


def test_dice_picker_refuses_bad_dice_and_keeps_its_value() -> None:
    picker = DicePicker((2, 3))
    with pytest.raises(traitlets.TraitError, match=r"\(2, 7\)"):
        picker.value = (2, 7)
    assert picker.value == (2, 3)


def test_dice_picker_draws_stars_on_star_dice() -> None:
    picker = DicePicker((6, 1), rules=ld.preset("bluff"))
    assert [b.description for b in picker.dice_buttons] == ["★", "⚀"]


# --- OddsExplorer --------------------------------------------------------------------------------


def test_odds_explorer_shows_the_exact_odds_of_the_chosen_bid() -> None:
    explorer = OddsExplorer(total=20, hand=(1, 1, 3, 5, 6), bid=Bid(7, 5))
    rules = ld.preset("blef")
    exact = odds.bid_probability(Bid(7, 5), rules, 15, (1, 1, 3, 5, 6), exact=True)
    assert str(exact) in explorer.summary.value
    # The heatmap's row of fives equals odds.table; rows are plain faces then the wild face.
    heat = explorer.heatmap.data[0]
    row = list(heat.y).index("fives")
    np.testing.assert_allclose(heat.z[row], odds.table(rules, 15, (1, 1, 3, 5, 6))[4, 1:])
    bars = explorer.bars.data[0]
    assert len(bars.x) == 21 and sum(bars.y) == pytest.approx(1.0)


def test_odds_explorer_follows_its_controls() -> None:
    explorer = OddsExplorer(total=20, hand=(2, 3), bid=Bid(5, 4))
    before = explorer.summary.value
    explorer.hand.value = (4, 4)
    assert explorer.summary.value != before
    explorer.quantity.value = 6
    explorer.face.value = 1
    assert "6 aces" in explorer.summary.value
    assert list(explorer.heatmap.data[1].x) == [6]
    explorer.shown.value = (1, 1)
    expected = odds.bid_probability(Bid(6, 1), ld.preset("blef"), 16, (4, 4, 1, 1), exact=True)
    assert str(expected) in explorer.summary.value
    assert "16 dice hidden" in explorer.summary.value


def test_odds_explorer_switches_rules_and_dice_style() -> None:
    explorer = OddsExplorer(total=12, hand=(6, 6))
    explorer.preset.value = "bluff"
    assert [b.description for b in explorer.hand.dice_buttons] == ["★", "★"]
    assert list(explorer.heatmap.data[0].y)[-1] == "stars"
    explorer.preset.value = "perudo"
    explorer.palifico.value = True
    explorer.quantity.value, explorer.face.value = 3, 2
    p = odds.bid_probability(Bid(3, 2), ld.preset("perudo"), 10, (6, 6), exact=True, palifico=True)
    assert str(p) in explorer.summary.value


def test_odds_explorer_explains_an_impossible_table_and_changes_nothing() -> None:
    explorer = OddsExplorer(total=10, hand=(2, 3, 4, 5, 6))
    summary, heat = explorer.summary.value, np.array(explorer.heatmap.data[0].z)
    explorer.total.value = 3
    assert "cannot hold" in explorer.message.value
    assert explorer.summary.value == ""  # no stale numbers beside the message
    np.testing.assert_array_equal(explorer.heatmap.data[0].z, heat)  # figures left as they were
    explorer.total.value = 10
    assert explorer.message.value == "" and explorer.summary.value == summary


def test_odds_explorer_keeps_the_bid_on_the_table() -> None:
    explorer = OddsExplorer(total=10, hand=(), bid=Bid(9, 5))
    explorer.total.value = 4
    assert explorer.quantity.value == 4 and "4 fives" in explorer.summary.value


# --- BoardView -----------------------------------------------------------------------------------


def _cell_index(view: BoardView, bid: Bid) -> int:
    """Return the index of the bid's cell on the board."""
    cells = [tuple(c) for c in view.figure.data[plots.BOARD_CELLS].customdata]
    return cells.index((bid.quantity, bid.face))


def test_board_view_colours_cells_by_odds_and_outlines_the_legal_raises() -> None:
    view = BoardView(total=20, hand=(1, 5), bid=Bid(3, 4))
    rules = ld.preset("blef")
    cells = view.figure.data[plots.BOARD_CELLS]
    expected = odds.table(rules, 18, (1, 5))
    index = _cell_index(view, Bid(4, 5))
    assert cells.marker.color[index] == pytest.approx(expected[4, 4])
    legal = [b for b in rules.next_bids(Bid(3, 4), 20) if b.quantity <= 20]
    on_board = {tuple(c) for c in cells.customdata}
    assert len(view.figure.data[plots.BOARD_LEGAL].x) == sum(
        (b.quantity, b.face) in on_board for b in legal
    )
    assert len(view.figure.data[plots.BOARD_BID].x) == 1


def test_board_view_picks_a_legal_raise_by_click_and_refuses_others() -> None:
    view = BoardView(total=20, hand=(1, 5), bid=Bid(3, 4))
    view.on_cell_click(None, Points(_cell_index(view, Bid(2, 4))))
    assert view.chosen is None and "not a legal bid" in view.message.value
    view.on_cell_click(None, Points(_cell_index(view, Bid(2, 1))))
    assert view.chosen == Bid(2, 1) and "2 aces" in view.message.value


def test_board_view_picks_by_controls_and_draws_the_perudo_ladder() -> None:
    view = BoardView(total=10, hand=())
    view.preset.value = "perudo"
    view.quantity.value, view.face.value = 1, 1
    view.choose.click()
    assert view.chosen is None and "to open" in view.message.value  # no opening on aces
    view.face.value = 3
    view.choose.click()
    assert view.chosen == Bid(1, 3)
    cells = [tuple(c) for c in view.figure.data[plots.BOARD_CELLS].customdata]
    assert cells.index((1, 1)) == cells.index((2, 6)) + 1


def test_board_view_explains_a_malformed_bid() -> None:
    view = BoardView(total=10)
    view.current.value = "3 sevens"
    assert "3 sevens" in view.message.value


def test_board_view_grows_with_the_table() -> None:
    view = BoardView(total=10)
    small = len(view.figure.data[plots.BOARD_CELLS].x)
    view.total.value = 30
    assert len(view.figure.data[plots.BOARD_CELLS].x) > small
    assert len(view.figure.data[plots.BOARD_CELLS].marker.color) == len(
        view.figure.data[plots.BOARD_CELLS].x
    )


# --- EquivalenceExplorer -------------------------------------------------------------------------


def test_equivalence_explorer_redraws_for_n_and_names_the_first_rise() -> None:
    explorer = EquivalenceExplorer(n=10)
    curve = explorer.figures[0].data[-1]
    expected = [float(odds.bid_probability(Bid(int(k), 1), ld.preset("blef"), 10)) for k in curve.x]
    np.testing.assert_allclose(curve.y, expected)
    explorer.n.value = 2
    assert "board</b>: monotone" in explorer.text.value
    explorer.n.value = 12
    rise = odds.first_rise(ld.preset("blef"), 12)
    assert ld.preset("blef").describe(rise[1]) in explorer.text.value
    assert explorer.map.layout.shapes[0].x0 == 11.5
    assert all(0 <= y <= 1 for y in explorer.figures[1].data[-1].y)


def test_figure_updates_reach_a_page_that_opens_later() -> None:
    """voila renders after every cell has run: the page reads the synced snapshot of a figure,
    so each update must refresh it, not only send edit messages (controls.refresh_snapshot, the
    one workaround of plotly's internals). If this fails, a plotly release moved them."""
    where = f"plotly {plotly.__version__}: the synced snapshot no longer follows the figure"
    explorer = OddsExplorer(total=20, hand=(1, 3, 5, 5, 6), bid=Bid(7, 5))
    explorer.quantity.value = 9  # an update after construction
    snapshot = explorer.bars._widget_data[0]
    assert list(snapshot["y"]) == pytest.approx(list(explorer.bars.data[0].y)), where
    assert len(snapshot["x"]) == 21, where
    assert "9 fives" in explorer.bars._widget_layout["title"]["text"], where
    board = BoardView(total=20)
    colours = board.figure._widget_data[plots.BOARD_CELLS]["marker"]["color"]
    assert len(colours) == len(board.figure.data[plots.BOARD_CELLS].x), where


def test_the_plotly_workaround_names_the_version_when_plotly_changes() -> None:
    class NotAFigureWidget:
        _data = ()

    with pytest.raises(RuntimeError, match=rf"plotly {re.escape(plotly.__version__)} changed"):
        refresh_snapshot(NotAFigureWidget())  # type: ignore[arg-type]


def test_plotly_is_bounded_to_the_tested_major() -> None:
    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    (spec,) = [d for d in project["project"]["dependencies"] if d.startswith("plotly")]
    major = int(plotly.__version__.split(".")[0])
    assert f"plotly>={major},<{major + 1}" == spec.replace(" ", ""), (spec, plotly.__version__)


# --- any Rules, or a preset name -----------------------------------------------------------------

SIX_DICE_BLEF = ld.preset("blef", dice=6)
WIDGETS = [
    lambda rules: OddsExplorer(rules=rules),
    lambda rules: BoardView(rules=rules),
    lambda rules: EquivalenceExplorer(rules=rules),
    lambda rules: PlayTable(rules=rules, players=3),
    lambda rules: BidReader(rules=rules),
    lambda rules: RollingTable(rules=rules),
    lambda rules: ClassTally(rules=rules),
]


@pytest.mark.parametrize("make", WIDGETS)
def test_every_widget_takes_a_custom_rules_and_keeps_its_options(make) -> None:
    widget = make(SIX_DICE_BLEF)
    assert widget.rules == SIX_DICE_BLEF
    if hasattr(widget, "preset"):
        assert widget.preset.value == CUSTOM
    if isinstance(widget, PlayTable):
        assert widget.game.rules == SIX_DICE_BLEF and widget.game.start_dice == 6


@pytest.mark.parametrize("make", WIDGETS)
def test_every_widget_refuses_an_unknown_preset_listing_the_names(make) -> None:
    with pytest.raises(ValueError, match=r"unknown preset 'dudo'.*blef, bluff"):
        make("dudo")


@pytest.mark.parametrize(
    "build",
    [
        lambda rules: plots.board_fields(rules),
        lambda rules: plots.board_figure(rules),
        lambda rules: plots.odds_heatmap(odds.table(ld.preset("blef"), 3), rules),
        lambda rules: plots.count_figure([0.5, 0.5], rules, Bid(1, 5)),
        lambda rules: plots.equivalence_figure(4, rules=rules),
        lambda rules: plots.monotonicity_figure(range(1, 4), rules=rules),
    ],
)
def test_figure_builders_take_a_rules_or_a_preset_name(build) -> None:
    assert build("perudo") is not None and build(SIX_DICE_BLEF) is not None
    with pytest.raises(ValueError, match=r"unknown preset 'dudo'.*perudo"):
        build("dudo")


def test_the_rules_picker_reads_the_option_table_and_refuses_broken_rules() -> None:
    picker = RulesPicker("blef")
    assert set(picker.controls) == set(ld.rules.OPTIONS)
    assert list(picker.controls["ace_rule"].options) == [(n, n) for n in ld.ladder.ACE_RULES]
    picker.controls["dice"].value = 7
    assert picker.rules == ld.preset("blef", dice=7) and picker.preset.value == CUSTOM
    picker.controls["loss"].value = "one"  # forces exact=None with it
    assert picker.rules.loss == "one" and picker.rules.exact is None
    picker.controls["exact"].value = "challenger_to_bidder"  # and back to 'difference'
    assert picker.rules.loss == "difference" and picker.rules.exact == "challenger_to_bidder"
    before = picker.rules
    picker.controls["max_players"].value = 2
    picker.controls["box_dice"].value = 2  # two players with a box of 2 dice: fine
    assert picker.rules.box_dice == 2
    picker.controls["box_dice"].value = 0  # shown as 0: no box
    assert picker.rules.box_dice is None
    picker.controls["wild_name"].value = "ace"
    picker.controls["wild"].value = 6  # a wild 6 is a star
    assert picker.rules.wild == 6 and picker.rules.wild_name == "star"
    picker.preset.value = "perudo"
    assert picker.rules == ld.preset("perudo")
    assert picker.controls["exact"].value == "None" and picker.controls["calza"].value
    assert before != picker.rules


def test_switching_options_in_an_explorer_recomputes_it() -> None:
    explorer = OddsExplorer(rules="blef", total=20, hand=(1, 3, 5, 5, 6), bid=Bid(7, 5))
    explorer.picker.controls["wild"].value = 6  # star dice: the 1 is plain now
    rules = explorer.rules
    assert rules.wild == 6 and explorer.preset.value == CUSTOM
    expected = odds.bid_probability(Bid(7, 5), rules, 15, (1, 3, 5, 5, 6), exact=True)
    assert str(expected) in explorer.summary.value


# --- BidReader -----------------------------------------------------------------------------------


def test_bid_reader_draws_the_posterior_of_the_seat_it_reads() -> None:
    reader = BidReader(
        rules="blef", dice=(5, 5, 5, 5), hand=(1, 1, 3, 5, 6), history="1:3x5, 2:4x5"
    )
    view = ld.inference.table_view(
        "blef", (5, 5, 5, 5), 0, (1, 1, 3, 5, 6), [(1, "3x5"), (2, "4x5")]
    )
    model = ld.inference.quantal(reader.beta.value)
    belief = ld.inference.Belief(view, model)
    assert reader.seat.value == 2 and reader.face.value == 5 and reader.quantity.value == 7
    np.testing.assert_allclose(reader.bars.data[1].y, belief.seat_counts(2, 5))
    prior = ld.inference.Belief(view, ld.inference.UNIFORM).seat_counts(2, 5)
    np.testing.assert_allclose(reader.bars.data[0].y, prior)
    ratios = ld.inference.likelihood_ratios(view, model, 2, 5)
    np.testing.assert_allclose(reader.ratios.data[0].y, [ratios[c] for c in sorted(ratios)])
    naive = odds.bid_probability("7x5", ld.preset("blef"), 15, (1, 1, 3, 5, 6))
    text = reader.summary.value
    assert f"{naive:.4f}" in text and f"{belief.bid_probability('7x5'):.4f}" in text
    reader.seat.value = 1
    np.testing.assert_allclose(reader.bars.data[1].y, belief.seat_counts(1, 5))


def test_bid_reader_models_and_knobs() -> None:
    reader = BidReader()
    reader.model.value = "uniform (bids say nothing)"
    assert reader.bidder_model is ld.inference.UNIFORM
    assert reader.beta.layout.display == "none" and reader.epsilon.layout.display == "none"
    reader.model.value = "ThresholdBot, trembling (knob: epsilon)"
    assert reader.epsilon.layout.display is None and reader.beta.layout.display == "none"
    reader.epsilon.value = 0.1
    assert reader.bidder_model.epsilon == pytest.approx(0.1)
    assert "trembling(threshold" in reader.summary.value


def test_bid_reader_refuses_bad_bids_and_keeps_what_it_showed() -> None:
    reader = BidReader()
    shown = list(reader.bars.data[1].y)
    for bad in ("1:3x5, 2:2x5", "1:3x5, 1:4x5", "1:banana", "9:3x5", "x"):
        reader.history.value = bad
        assert reader.message.value, bad
        assert list(reader.bars.data[1].y) == shown
    reader.history.value = "1:3x5, 2:4x5"
    assert reader.message.value == ""
    reader.dice.value = "5"
    assert "dice per seat" in reader.message.value
    assert list(reader.bars.data[1].y) == shown
    reader.dice.value = "5, 5, 5, 5"
    assert reader.message.value == ""


def test_bid_reader_reads_a_play_tables_round() -> None:
    table = PlayTable(players=3, seed=2)
    while not table.game.view(0).history or table.pending is not None:
        if table.pending is not None:
            table.next_button.click()
        else:
            table.bid_button.click()
    reader = BidReader(play_table=table)
    reader.take.click()
    view = table.game.view(0)
    assert reader.dice.value == ", ".join(map(str, view.dice))
    assert reader.hand.value == view.hand
    assert reader.view.history == view.history


def test_the_equivalence_legend_names_each_rules_place() -> None:
    figure = plots.equivalence_figure(10)
    names = [trace.name for trace in figure.data if trace.name and "between" in trace.name]
    assert names == [
        "board: k wilds between 2k-1 and 2k plain",
        "perudo: k wilds between 2k and 2k+1 plain",
        "face: k wilds between k and k+1 plain",
    ]


def test_the_odds_explorer_says_what_its_cost_assumes_and_clears_stale_numbers() -> None:
    explorer = OddsExplorer(total=20, hand=(1, 3, 5, 5, 6), bid=Bid(7, 5))
    assert "heads-up" in explorer.summary.value and "say nothing" in explorer.summary.value
    explorer.total.value = 3  # smaller than the hand
    assert "cannot hold" in explorer.message.value and explorer.summary.value == ""
    explorer.total.value = 20
    assert explorer.message.value == "" and "P(true)" in explorer.summary.value
