"""The explorers in Polish and Czech (issue 25): after ld.set_language, the labels, titles,
tooltips, status lines and summaries of RulesPicker, DicePicker and the seat controls,
OddsExplorer, EquivalenceExplorer and BidReader are the catalog's translations (liarsdice.i18n's
translate of the English text, so a missing or English entry fails), their decimals carry the
language's decimal sign, and set_language("en") brings the English texts back."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest

import liarsdice as ld
from liarsdice import Bid, odds, render
from liarsdice.actions import Pass
from liarsdice.engine import Game
from liarsdice.i18n import format_number, n_, translate
from liarsdice.widgets import BidReader, EquivalenceExplorer, OddsExplorer, RulesPicker
from liarsdice.widgets.bid_reader import MODELS, model_labels
from liarsdice.widgets.controls import CUSTOM
from tests.language_helpers import TRANSLATED, in_language

DECIMAL_SIGN = {"en": ".", "pl": ",", "cs": ","}

# English labels of each widget's controls, by attribute.
SEAT_LABELS = {"total": "dice on table", "face": "face"}
ODDS_LABELS = {**SEAT_LABELS, "quantity": "bid q", "palifico": "palifico round"}
EQUIVALENCE_LABELS = {"n": "unknown n", "ace_rules": "ace rules"}
READER_LABELS = {
    "dice": "dice per seat",
    "history": "bids (seat:bid)",
    "model": "bidders",
    "seat": "read seat",
    "quantity": "bid q",
    "face": "face",
    "take": "Read the PlayTable's round",
}


def plain(value: str) -> str:
    """Return HTML as plain text."""
    return html.unescape(re.sub(r"<[^>]*>", "", value))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_rules_picker_and_dice_picker_speak_the_language(lang: str) -> None:
    ld.set_language(lang)
    picker = RulesPicker("perudo")
    assert picker.preset.description == in_language(lang, "rules")
    assert picker.options.get_title(0) == in_language(lang, "rule options")
    picker.controls["dice"].value = 4  # no preset now: the dropdown shows "custom"
    assert picker.preset.value == CUSTOM
    assert (in_language(lang, "custom"), CUSTOM) in picker.preset.options
    box = in_language(lang, "{option} (0: none)").format(option="box_dice")
    assert picker.controls["box_dice"].description == box
    explorer = OddsExplorer(total=12, hand=(2, 5))
    hand = explorer.hand
    assert hand.children[0].value == in_language(lang, "your hand")
    assert explorer.shown.children[0].value == in_language(lang, "shown dice")
    assert hand._add.tooltip == in_language(lang, "add a die")
    assert hand._remove.tooltip == in_language(lang, "remove the last die")
    turn = in_language(lang, "{face}: click to turn").format(face=explorer.rules.face_name(5))
    assert hand.dice_buttons[1].tooltip == turn and "click" not in turn


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_odds_explorer_labels_and_summary_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    explorer = OddsExplorer(total=20, hand=(1, 1, 3, 5, 6), bid=Bid(7, 5))
    for name, english in ODDS_LABELS.items():
        assert getattr(explorer, name).description == in_language(lang, english), name
    rules = explorer.rules
    hidden = n_(
        "{bid} ({unknown} die hidden from you, {seen} seen)",
        "{bid} ({unknown} dice hidden from you, {seen} seen)",
        15,
    )
    assert hidden != "{bid} ({unknown} dice hidden from you, {seen} seen)"
    summary = plain(explorer.summary.value)
    assert hidden.format(bid=rules.describe(Bid(7, 5)), unknown=15, seen=5) in summary
    challenge = translate(
        "If you challenge it heads-up (the bidder holding every die you cannot see): you "
        "lose {yours} dice on average, the bidder {theirs}. At a table of more seats your "
        "cost is the same, the bidder's can differ (each seat's dice cap what it can lose; "
        "lesson 9 costs it seat by seat)."
    )
    assert challenge.split("{")[0] in summary and "heads-up" not in summary
    explorer.hand.value = ()
    assert in_language(lang, "Add dice to your hand to see what a challenge would cost you.") in (
        plain(explorer.summary.value)
    )
    explorer.total.value = 3
    explorer.shown.value = (2, 2, 2, 2)
    cannot = in_language(
        lang,
        "{total} dice on the table cannot hold your {seen} seen dice: add dice to the "
        "table or remove some.",
    )
    assert explorer.message.value == render.error_html(cannot.format(total=3, seen=4))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_odds_explorer_writes_p_true_with_the_languages_decimal_sign(lang: str) -> None:
    ld.set_language(lang)
    explorer = OddsExplorer(total=20, hand=(1, 1, 3, 5, 6), bid=Bid(7, 5))
    p_true = odds.bid_probability(Bid(7, 5), explorer.rules, 15, (1, 1, 3, 5, 6), exact=True)
    shown = format_number(float(p_true), 6)
    assert DECIMAL_SIGN[lang] in shown and shown != f"{float(p_true):.6f}"
    said = translate(
        "P(true) = {p} = {fraction} if the other players' bids say nothing about their dice "
        "(lesson 5 reads them)"
    )
    expected = said.format(p=shown, fraction=p_true)
    assert expected in plain(explorer.summary.value) and not expected.startswith("P(true) =")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_equivalence_explorer_is_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    explorer = EquivalenceExplorer(n=2)
    for name, english in EQUIVALENCE_LABELS.items():
        assert getattr(explorer, name).description == in_language(lang, english), name
    monotone = in_language(lang, "{rule}: monotone for n = {n} (no raise is more likely)")
    assert html.escape(monotone).format(rule="<b>board</b>", n=2) in explorer.text.value
    title = n_("{rule}: k wilds among {n} unknown die", "{rule}: k wilds among {n} unknown dice", 2)
    assert explorer.figures[0].layout.title.text == title.format(rule="board", n=2)
    assert "unknown dice" not in title
    explorer.n.value = 12
    rise = odds.first_rise(explorer.rules, 12)
    assert rise is not None
    breaks = in_language(
        lang, "{rule}: first breaks at {bid} → {higher} (the raise is more likely)"
    )
    bid, higher = (explorer.rules.describe(b) for b in rise)
    assert breaks.format(rule="board", bid=bid, higher=higher) in plain(explorer.text.value)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_bid_reader_labels_and_reading_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    reader = BidReader(rules="blef", dice=(5, 5, 5, 5), hand=(1, 1, 3, 5, 6))
    for name, english in READER_LABELS.items():
        assert getattr(reader, name).description == in_language(lang, english), name
    assert reader.dice.placeholder == in_language(lang, "5, 5, 5, 5 (you are seat 0)")
    assert reader.hand.children[0].value == in_language(lang, "your hand")
    labels = [label for label, _ in reader.model.options]
    assert labels == [in_language(lang, english) for english in MODELS]
    assert model_labels() == {english: translate(english) for english in MODELS}
    assert reader.model.value in MODELS  # the value stays the model's English name
    seats = [label for label, _ in reader.seat.options]
    assert seats == [translate("seat {seat}").format(seat=s) for s in (1, 2, 3)]
    reading = translate(
        "P({bid} is true) from your seat: {naive} if the bids say nothing, {read} reading "
        "them as {model} bidders"
    )
    summary = plain(reader.summary.value)
    assert reading.split("{")[0] in summary and "from your seat" not in summary
    last = in_language(lang, "Seat {seat}'s last move, {move}, is the evidence on the right.")
    words = reader.rules.describe(Bid(4, 5))
    assert last.format(seat=2, move=words) in summary
    assert (reader.quantity.value, reader.face.value) == (7, 5)
    naive = odds.bid_probability(Bid(7, 5), reader.rules, 15, (1, 1, 3, 5, 6))
    shown = format_number(float(naive), 4)
    assert DECIMAL_SIGN[lang] in shown and shown in summary
    reader.history.value = ""
    reader.dice.value = "5, 0"  # no other seat holds dice: none to read
    nothing = in_language(lang, "No other seat has made a move to read.")
    assert nothing in plain(reader.summary.value)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_bid_reader_refuses_a_table_in_the_language(lang: str) -> None:
    ld.set_language(lang)
    game = Game(ld.Rules(show_and_reroll=True), 2, 0)
    game.apply(game.legal_actions()[0])  # seat 1 opens...
    game.apply(Pass())  # ...and keeps its dice: a round of more than bids
    reader = BidReader()
    reader.read_table(SimpleNamespace(game=game))
    refusal = "This reader takes rounds of bids only (no shown dice), with dice in your cup."
    assert reader.message.value == render.error_html(in_language(lang, refusal))


def test_english_comes_back_and_the_languages_differ() -> None:
    built: dict[str, tuple[OddsExplorer, EquivalenceExplorer, BidReader]] = {}
    for lang in ("pl", "cs", "en"):
        ld.set_language(lang)
        built[lang] = (OddsExplorer(), EquivalenceExplorer(n=5), BidReader())
    faces = {lang: parts[0].face.description for lang, parts in built.items()}
    assert len(set(faces.values())) == 3 and faces["en"] == "face"
    odds_explorer, equivalence, reader = built["en"]
    assert [getattr(odds_explorer, n).description for n in ODDS_LABELS] == list(
        ODDS_LABELS.values()
    )
    assert odds_explorer.preset.description == "rules"
    assert odds_explorer.picker.options.get_title(0) == "rule options"
    assert "dice hidden from you" in odds_explorer.summary.value
    assert [getattr(equivalence, n).description for n in EQUIVALENCE_LABELS] == list(
        EQUIVALENCE_LABELS.values()
    )
    assert equivalence.figures[0].layout.title.text == "board: k wilds among 5 unknown dice"
    assert [getattr(reader, n).description for n in READER_LABELS] == list(READER_LABELS.values())
    assert [label for label, _ in reader.model.options] == list(MODELS)
    assert "from your seat" in reader.summary.value
    assert f"{0.5:.1f}" == format_number(0.5, 1)  # English keeps the point
