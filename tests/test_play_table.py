"""Tests of PlayTable without a browser: whole games played through its buttons."""

from __future__ import annotations

import html
from types import SimpleNamespace

import pytest

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, plots
from liarsdice.review import review, review_html
from liarsdice.widgets import PlayTable
from liarsdice.widgets.play_table import YOU


def play_through(table: PlayTable, prefer: str = "challenge", limit: int = 400) -> int:
    """Click through a whole game; return the number of clicks. Checks each screen on the way."""
    clicks = 0
    while not table.game.is_over:
        clicks += 1
        assert clicks < limit, "the game did not end"
        if table.pending is not None:
            assert "on the table" in table.reveal.value
            assert html.escape(table.pending.explanation) in table.reveal.value
            table.next_button.click()
        elif table.show_row.layout.display != "none":
            table.pass_button.click()
        elif prefer == "challenge" and not table.challenge_button.disabled:
            table.challenge_button.click()
        else:
            assert not table.bid_button.disabled
            table.bid_button.click()
    return clicks


@pytest.mark.parametrize("preset", sorted(ld.PRESETS))
@pytest.mark.parametrize("prefer", ["challenge", "bid"])
def test_a_whole_game_is_played_through_the_buttons(preset: str, prefer: str) -> None:
    table = PlayTable(rules=preset, players=3, seed=5)
    play_through(table, prefer)
    assert table.game.winner is not None
    assert "win" in table.status.value
    assert table.bid_button.disabled and table.challenge_button.disabled


def test_the_picker_offers_exactly_the_legal_raises() -> None:
    table = PlayTable(players=4, seed=1)
    offered = [value for _, value in table.raises.options]
    legal = [a for a in table.game.legal_actions() if isinstance(a, Bid)]
    assert offered == legal and table.game.current_player == YOU


def test_your_dice_are_drawn_and_others_hidden() -> None:
    table = PlayTable(players=3, seed=2)
    hands = table.game.hands
    assert table.table.value.count('class="die') == 5  # only your hand is drawn
    assert table.table.value.count('class="cup"') == 2  # the other seats' cups
    assert "<title>5 dice</title>" in table.table.value
    assert len(hands[YOU]) == 5


def opening_table() -> PlayTable:
    """Return a table where you open the first round (the first such seed)."""
    for seed in range(50):
        table = PlayTable(players=3, seed=seed)
        if table.game.previous is None:
            return table
    raise AssertionError("no seed in 0..49 lets you open")


def test_an_illegal_click_is_explained_and_changes_nothing() -> None:
    table = opening_table()
    before = table.game.to_json()
    assert table.challenge_button.disabled
    table.challenge_button.click()  # a disabled button clicked from code anyway
    assert "no bid yet" in table.message.value
    assert table.game.to_json() == before


def test_moves_out_of_turn_are_refused() -> None:
    table = opening_table()
    table.bid_button.click()
    while table.pending is None:  # play on until a round is settled
        (table.bid_button if table.challenge_button.disabled else table.challenge_button).click()
    before = table.game.to_json()
    table.bid_button.click()
    assert "not your turn" in table.message.value
    assert table.game.to_json() == before


def test_the_reveal_highlights_matching_dice() -> None:
    table = PlayTable(players=2, seed=3)
    while table.pending is None:
        if not table.challenge_button.disabled:
            table.challenge_button.click()
        else:
            table.bid_button.click()
    result = table.pending
    rules = table.game.rules
    matching = sum(rules.count(d, result.bid.face, result.palifico) for d in result.dice)
    assert matching == result.count
    assert table.reveal.value.count("#f6c744") == result.count  # one highlight per matching die


def test_hint_shows_the_exact_odds_of_the_current_bid() -> None:
    table = PlayTable(players=4, seed=3)
    table.hint.value = True
    view = table.game.view(YOU)
    if view.previous is None:
        table.bid_button.click()
        view = table.game.view(YOU)
    p = ld.odds.bid_probability(view.previous, table.game.rules, view.unknown, view.known)
    assert f"{p:.3f} if the bids say nothing" in table.hint_text.value
    read = ld.inference.bid_probability(view, view.previous, table.hint_model)
    assert f"{read:.3f} reading them as {table.hint_model.name} bidders" in table.hint_text.value
    table.hint.value = False
    assert table.hint_text.value == ""


def test_calza_is_offered_in_perudo_only() -> None:
    perudo = PlayTable(rules="perudo", players=3, seed=7)
    blef = PlayTable(rules="blef", players=3, seed=7)
    assert blef.calza_button.layout.display == "none"
    assert perudo.calza_button.layout.display is None
    if perudo.game.previous is not None:
        assert not perudo.calza_button.disabled
        perudo.calza_button.click()
        assert perudo.pending is not None and perudo.pending.action == Calza()


def test_show_and_reroll_through_the_widget() -> None:
    table = PlayTable(rules="bluff", players=3, seed=11, show_and_reroll=True)
    table.bid_button.click()
    assert table.show_row.layout.display is None and table.moves_row.layout.display == "none"
    hand = table.game.hands[YOU]
    table.show_picker.value = tuple(range(len(hand)))  # every die: not allowed
    table.show_button.click()
    assert "not legal" in table.message.value
    table.show_picker.value = (0,)
    table.show_button.click()
    shown = table.game.shown[YOU] if table.pending is None else table.pending.dice[YOU]
    assert hand[0] in shown


def test_new_game_follows_the_controls() -> None:
    table = PlayTable(players=3, seed=0)
    table.preset.value = "perudo"
    assert table.game.rules == ld.preset("perudo") and table.game.players == 3
    table.players.value = 5
    assert table.game.players == 5
    table.seed.value = 9
    table.new_game.click()
    assert table.game.seed == 9
    assert Challenge() not in table.game.legal_actions() or table.game.previous is not None


def cell_points(table: PlayTable, bid: Bid) -> SimpleNamespace:
    """Return a plotly-like click on `bid`'s cell of the table's board."""
    cells = [tuple(c) for c in table.board.data[plots.BOARD_CELLS].customdata]
    return SimpleNamespace(point_inds=[cells.index((bid.quantity, bid.face))])


def outlined_bids(table: PlayTable) -> list[Bid]:
    """Return the bids whose cells the board outlines as legal raises (by position)."""
    cells = table.board.data[plots.BOARD_CELLS]
    where = {
        (x, y): Bid(int(q), int(f)) for x, y, (q, f) in zip(cells.x, cells.y, cells.customdata)
    }
    rings = table.board.data[plots.BOARD_LEGAL]
    return [where[(x, y)] for x, y in zip(rings.x, rings.y)]


def on_board(table: PlayTable, bids: list[Bid]) -> list[Bid]:
    """Return the bids that have a cell on the table's board."""
    cells = {tuple(c) for c in table.board.data[plots.BOARD_CELLS].customdata}
    return [b for b in bids if (b.quantity, b.face) in cells]


def test_the_board_picks_a_legal_raise_and_explains_an_illegal_one() -> None:
    table = PlayTable(players=3, seed=4)
    table.board_box.selected_index = 0  # open the board
    shown = on_board(table, table.legal_bids)
    assert outlined_bids(table) == shown and len(shown) > 20
    target = shown[len(shown) // 2]
    table.on_board_click(None, cell_points(table, target))
    assert table.raises.value == target and "press Bid" in table.message.value
    moves = len(table.game.actions)
    table.bid_button.click()
    assert table.game.actions[moves] == (YOU, target)
    # An illegal cell: below the bid now on the table.
    while table.game.view(YOU).previous is None or table.pending is not None:
        assert not table.game.is_over
        (table.next_button if table.pending else table.bid_button).click()
    choice = table.raises.value
    table.on_board_click(None, cell_points(table, Bid(1, 2)))
    assert "not a legal bid after" in table.message.value and table.raises.value == choice


def test_the_board_is_drawn_only_while_open() -> None:
    table = PlayTable(players=3, seed=4)
    assert table.board is None  # not drawn until opened
    table.board_box.selected_index = 0
    drawn = outlined_bids(table)
    table.board_box.selected_index = None
    table.bid_button.click()  # the position changes while the board is closed
    assert outlined_bids(table) == drawn
    table.board_box.selected_index = 0  # reopened: a new figure, up to date
    assert outlined_bids(table) == on_board(table, table.legal_bids) != drawn
    table.bid_button.click()  # while open, each move redraws it
    assert outlined_bids(table) == on_board(table, table.legal_bids)


def test_the_review_lists_your_decisions_when_the_game_ends() -> None:
    table = PlayTable(players=3, seed=6)
    assert table.review.value == ""
    play_through(table, "bid")
    rows = review(table.decisions)
    assert len(rows) == len(table.decisions) > 0
    assert table.review.value == review_html(rows, table.game.rules)
    assert f"of {len(rows)} as ExpectedLossBot" in table.review.value
    table.new_game.click()
    assert table.review.value == "" and table.decisions == []
