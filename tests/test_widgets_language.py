"""PlayTable and BoardView in Polish and Czech (issue 25): after ld.set_language the widgets'
labels, status lines and messages are the catalog's translations (liarsdice.i18n's translate of
the English text, so a missing or English entry fails), numbers carry the language's decimal
sign, and set_language("en") brings the English labels back."""

from __future__ import annotations

import html

import pytest

import liarsdice as ld
from liarsdice import Bid, Challenge, odds, render
from liarsdice.i18n import format_number, translate
from liarsdice.widgets import BoardView, PlayTable
from liarsdice.widgets.play_table import YOU
from tests.language_helpers import TRANSLATED, in_language, template_start

DECIMAL_SIGN = {"en": ".", "pl": ",", "cs": ","}

# English labels of PlayTable's controls, by attribute, and of BoardView's own controls.
TABLE_LABELS = {
    "new_game": "New game",
    "bid_button": "Bid",
    "challenge_button": "Challenge",
    "show_button": "Show and reroll",
    "pass_button": "Keep my dice",
    "next_button": "Next round",
    "hint": "hint: odds from my seat",
    "raises": "raise to",
    "players": "players",
}
VIEW_LABELS = {"current": "current bid", "quantity": "choose q", "choose": "Choose bid"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_table_labels_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    table = PlayTable(players=4, seed=1)
    for name, english in TABLE_LABELS.items():
        assert getattr(table, name).description == in_language(lang, english), name
    assert table.board_box.get_title(0) == in_language(lang, "pick on the board")
    assert table.history.value.startswith(f"<b>{html.escape(translate('This round:'))}</b>")
    assert table.game.current_player == YOU  # so the status line says it is your move
    view = table.game.view(YOU)
    said = translate("Round {round}: your move.")
    if view.palifico:
        said = translate("Round {round} (palifico): your move.")
    assert html.escape(said.format(round=view.round)) in table.status.value
    move = translate("(move {n})").format(n=len(table.game.actions))
    assert f"<small>{html.escape(move)}</small>" in table.status.value
    assert "your move" not in table.status.value and "Bid" not in table.bid_button.description


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_table_messages_and_hint_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    table = PlayTable(players=4, seed=1)
    table.hint.value = True
    likeliest = translate("likeliest raise: {bid} (P = {p}, bids unread)")
    assert template_start(likeliest) in table.hint_text.value
    assert template_start(likeliest) != "likeliest raise: "
    table.show_picker.value = ()
    table.on_show_click()  # nothing picked to show
    assert table.message.value == render.error_html(translate("Pick the dice to show."))
    table.raises.value = None
    table.on_bid_click()  # no raise chosen
    assert table.message.value == render.error_html(translate("There is no raise to make."))
    for _ in range(50):  # play until a round is settled or the bots are to move
        if table.pending is not None or table.match.waiting != YOU:
            break
        if Challenge() in table.game.legal_actions():
            table.challenge_button.click()
        else:
            table.bid_button.click()
    table.on_bid_click()  # not your turn: a reveal is shown, or the bots play on
    assert html.escape(translate("It is not your turn.")) in table.message.value
    if table.pending is not None:
        settled = translate("Round {round} is settled. Press Next round.")
        assert html.escape(settled.format(round=table.pending.round)) in table.status.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_hint_writes_its_odds_with_the_languages_decimal_sign(lang: str) -> None:
    ld.set_language(lang)
    table = PlayTable(players=3, seed=3)
    while table.game.view(YOU).previous is None and not table.game.is_over:
        table.bid_button.click()  # your opening bid; the bots answer it
        if table.pending is not None:
            table.next_button.click()
    view = table.game.view(YOU)
    assert view.previous is not None and table.match.waiting == YOU
    table.hint.value = True
    naive = odds.bid_probability(
        view.previous, table.game.rules, view.unknown, view.known, palifico=view.palifico
    )
    said = format_number(naive, 3)
    assert DECIMAL_SIGN[lang] in said and f"{naive:.3f}" != said
    full = translate(
        "P({bid} is true) = {naive} if the bids say nothing; {read} reading them as {model} bidders"
    )
    assert template_start(full) in table.hint_text.value
    assert f"= {said}" in table.hint_text.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_board_view_labels_and_messages_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    view = BoardView(total=20, hand=(1, 5), bid=Bid(3, 4))
    for name, english in VIEW_LABELS.items():
        assert getattr(view, name).description == in_language(lang, english), name
    assert view.current.placeholder == in_language(lang, "none: an opening bid")
    bid = view.legal_raises()[0]
    view.pick(bid)
    p_true = odds.bid_probability(bid, view.rules, 20 - 2, (1, 5))
    chose = translate("You chose {bid}: P(true) = {p}")
    expected = html.escape(chose).format(
        bid=f"<b>{html.escape(view.rules.describe(bid))}</b>", p=format_number(p_true, 4)
    )
    assert view.message.value == expected and view.chosen == bid
    assert DECIMAL_SIGN[lang] in format_number(p_true, 4) and "You chose" not in expected
    view.total.value = 2
    view.hand.value = (1, 2, 3)
    cannot = translate("{total} dice cannot hold your hand of {hand}.")
    assert html.escape(cannot.format(total=2, hand=3)) in view.message.value


def test_polish_and_czech_differ_and_english_comes_back() -> None:
    labels: dict[str, PlayTable] = {}
    for lang in ("pl", "cs", "en"):
        ld.set_language(lang)
        labels[lang] = PlayTable(players=2, seed=0)
    pl, cs, en = (labels[lang].challenge_button.description for lang in ("pl", "cs", "en"))
    assert len({pl, cs, en}) == 3
    assert en == "Challenge" and labels["en"].new_game.description == "New game"
    ld.set_language("en")
    view = BoardView()
    assert [getattr(view, name).description for name in VIEW_LABELS] == list(VIEW_LABELS.values())
    assert view.current.placeholder == "none: an opening bid"
    assert "your move" in labels["en"].status.value or "win" in labels["en"].status.value
