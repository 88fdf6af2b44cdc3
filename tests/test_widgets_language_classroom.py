"""RollingTable and ClassTally in Polish and Czech (issue 25): after ld.set_language the widgets'
labels, placeholders, options, texts, table and messages are the catalog's translations
(liarsdice.i18n's translate / n_ of the English text, so a missing or English entry fails),
decimals carry the language's decimal sign, the CSV file stays English and loads in any
language, and set_language("en") brings the English back."""

from __future__ import annotations

import html
import re

import pytest

import liarsdice as ld
from liarsdice.i18n import format_count, format_number, format_percent, n_
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.sampling import MAX_SEED
from liarsdice.tally import CSV_HEADER, SIMULATIONS, Tally
from liarsdice.widgets import ClassTally, RollingTable
from liarsdice.widgets.rolling_texts import chance_text
from tests.language_helpers import TRANSLATED, in_language, template_start

DECIMAL_SIGN = {"en": ".", "pl": ",", "cs": ","}

# English labels of RollingTable's controls and of ClassTally's, by attribute.
ROLLING_LABELS = {
    "step_button": "Step",
    "reset_button": "Reset",
    "speed": "steps/s",
    "rolls": "rolls per step",
    "bid": "bid",
    "seed": "seed",
}
TALLY_LABELS = {
    "group": "group",
    "mode": "enter",
    "entry": "numbers",
    "add": "Add",
    "undo": "Undo",
    "upload": "Load CSV",
    "whose": "test",
    "group_a": "group A",
    "group_b": "group B",
}
MODES = {"counts": "face counts", "faces": "faces rolled", "rounds": "rounds"}


def plural_in_language(lang: str, singular: str, plural: str, n: int) -> str:
    """Return the catalog's form of a plural message for n in `lang` (and check it is one)."""
    ld.set_language(lang)
    said = n_(singular, plural, n)
    assert said and said not in (singular, plural), (lang, singular)
    return said


def words(widget_html: str) -> str:
    """Return the words of an HTML value, tags dropped and entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget_html))


def enter(widget: ClassTally, group: str, mode: str, text: str) -> None:
    """Type an entry into the widget and click Add."""
    widget.group.value, widget.mode.value, widget.entry.value = group, mode, text
    widget.add.click()


# --- RollingTable ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rolling_table_labels_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    table = RollingTable("blef", dice=15, bid="5x5", seed=1)
    for name, english in ROLLING_LABELS.items():
        assert getattr(table, name).description == in_language(lang, english), name
    dice = in_language(lang, "dice n (1..{max})").format(max=MAX_TABLE_DICE)
    assert table.dice.description == dice
    assert table.bid.placeholder == in_language(lang, "5x5, 5 fives, 2 aces")
    assert table.seed.tooltip == in_language(lang, "a whole number 0..{max}").format(max=MAX_SEED)
    title = plural_in_language(
        lang, "How often is {bid} true? ({n} die)", "How often is {bid} true? ({n} dice)", 15
    )
    said = title.format(bid=table.rules.describe(table.run.bid), n=15)
    assert table.frequency.layout.title.text == said
    intro = table.intro.value
    for english in ("Left:", "Right:"):
        assert f"<b>{html.escape(in_language(lang, english))}</b>" in intro
    each = plural_in_language(
        lang,
        "Each step rolls {rolls} tables of {n} die and counts the {counted}.",
        "Each step rolls {rolls} tables of {n} dice and counts the {counted}.",
        15,
    )
    assert template_start(each) in intro and "Each step" not in intro
    assert (
        html.escape(in_language(lang, "No rolls yet: press play or Step.")) in table.summary.value
    )
    normal = table.normal.value
    for english in (
        "Normal curve",
        "Where it is poor:",
        "few dice",
        "the wild face",
        "the far tail",
    ):
        assert html.escape(in_language(lang, english)) in normal, english
    assert "Where it is poor" not in normal


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rolling_table_numbers_use_the_languages_decimal_sign(lang: str) -> None:
    ld.set_language(lang)
    table = RollingTable("blef", dice=15, bid="5x5", seed=1, rolls_per_step=1000)
    table.step(2)
    run = table.run
    after = plural_in_language(
        lang,
        "After {trials} roll the bid was true {hits} times: frequency {frequency}, {z} standard "
        "errors from P(true) (SE = √(P(1−P)/t) = {se}).",
        "After {trials} rolls the bid was true {hits} times: frequency {frequency}, {z} standard "
        "errors from P(true) (SE = √(P(1−P)/t) = {se}).",
        run.trials,
    )
    summary = words(table.summary.value)
    assert after.split("{")[0] in summary and "After" not in summary
    frequency = chance_text(run.frequency)
    assert frequency == format_number(run.frequency, 6) and DECIMAL_SIGN[lang] in frequency
    assert f"{run.frequency:.6f}" not in summary and frequency in summary
    assert format_count(run.trials) in summary  # 2000 rolls, grouped as the language groups them
    share = format_percent(0.954, 1)
    assert share.startswith("95,4") and share in summary
    exact = in_language(lang, "Exact P(true) = P(count ≥ {quantity}) = {p}.")
    assert exact.split("{")[0] in summary


# --- ClassTally --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_class_tally_labels_and_empty_texts_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    widget = ClassTally()
    for name, english in TALLY_LABELS.items():
        assert getattr(widget, name).description == in_language(lang, english), name
    assert [label for label, _mode in widget.mode.options] == [
        in_language(lang, english) for english in MODES.values()
    ]
    placeholder = "six counts, faces 1 to 6 in order: 12 9 11 10 8 10"
    assert widget.entry.placeholder == in_language(lang, placeholder)
    assert widget.group.placeholder == in_language(lang, "your group's name, e.g. red table")
    assert widget.add.tooltip == in_language(lang, "add the entry")
    assert widget.whose.options[0][0] == in_language(lang, "the whole class")
    assert widget.export.value == html.escape(in_language(lang, "Nothing to export yet."))
    empty = in_language(lang, "the class has no face counts yet: enter some before testing them")
    assert widget.faces_text.value == f"<i>{html.escape(empty)}.</i>"
    compare = in_language(lang, "Enter rolls for two groups to compare them.")
    assert widget.compare_text.value == f"<i>{html.escape(compare)}</i>"
    assert html.escape(in_language(lang, "Class tally: are our dice fair?")) in widget.intro.value
    title = in_language(lang, "No face counts yet")
    assert widget.faces_figure.layout.title.text == title


@pytest.mark.parametrize("lang", TRANSLATED)
def test_class_tally_messages_tests_and_table_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    widget = ClassTally()
    enter(widget, "red", "counts", "12 9 11 10 8 10")
    added = in_language(lang, "Added {entries}.")
    entries = plural_in_language(
        lang, "{n} die by face for {group}", "{n} dice by face for {group}", 60
    )
    said = added.format(entries=entries.format(n=60, group="red"))
    assert widget.message.value == html.escape(said)
    enter(widget, "red", "rounds", " ".join(["4 6 5 3 7 5 4 6 5 5"] * 3))
    enter(widget, "blue", "faces", "1 5 5 3 6 2 4 4 1 1 5 2 6 6 3 5 5 5 2 1")
    faces = widget.faces_text.value
    fit = widget.tally.fit("faces")
    chi = plural_in_language(
        lang,
        "Chi-square test: χ² = {statistic} with {dof} degree of freedom ({cells}). If the dice "
        "are fair, a tally at least this far from the expected counts happens with chance p {p} "
        "(from the chi-square curve).",
        "Chi-square test: χ² = {statistic} with {dof} degrees of freedom ({cells}). If the dice "
        "are fair, a tally at least this far from the expected counts happens with chance p {p} "
        "(from the chi-square curve).",
        5,
    )
    assert template_start(chi) in faces and "Chi-square test" not in faces
    p = format_number(fit.p_value, 4)
    assert DECIMAL_SIGN[lang] in p and f"p <b>= {p}</b>" in faces
    assert html.escape(in_language(lang, "Faces of the whole class")) in faces
    table = widget.table.value
    for english in ("group", "dice", "rounds", "Pooled tallies.", "whole class"):
        assert html.escape(in_language(lang, english)) in table, english
    assert f"<th>{html.escape(in_language(lang, 'group'))}</th>" in table
    share = format_number(0.3333, 3)  # a fair die counts for fives or aces a third of the time
    assert share in table and "0.333" not in table
    compare = widget.compare_text.value
    assert html.escape(in_language(lang, "two-proportion z-test")) in compare
    assert "If both groups" not in compare and "z-test," not in compare
    link = in_language(lang, "⬇ Export the tally as CSV ({filename})")
    assert template_start(link) in widget.export.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_class_tally_simulated_p_value_and_refusals_in_the_language(lang: str) -> None:
    ld.set_language(lang)
    widget = ClassTally()
    enter(widget, "a", "faces", "6 6 6 2 3 6")
    enter(widget, "a", "counts", "1 1 2 3 1 2")  # 16 dice: simulated
    assert format_count(SIMULATIONS) == "20\u00a0000"
    assert f"{format_count(SIMULATIONS)} " in widget.faces_text.value
    assert "20,000" not in widget.faces_text.value
    enter(widget, "a", "counts", "1 2 x")
    refused = in_language(lang, "Not added: {reason}")
    assert html.escape(refused.split("{")[0]) in widget.message.value
    assert "is not a whole number" in widget.message.value  # the library's reason stays English


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_csv_stays_english_and_loads_in_any_language(lang: str) -> None:
    ld.set_language(lang)
    widget = ClassTally()
    enter(widget, "red", "counts", "12 9 11 10 8 10")
    enter(widget, "red", "rounds", "4 6 5")
    text = widget.to_csv()
    assert text.startswith(",".join(CSV_HEADER)) and ",setting," in text and ",face," in text
    ld.set_language("en")
    assert Tally.from_csv(text) == widget.tally and Tally.from_csv(text).to_csv() == text
    ld.set_language("cs" if lang == "pl" else "pl")
    assert Tally.from_csv(text) == widget.tally


def test_polish_and_czech_differ_and_english_comes_back() -> None:
    tables, tallies = {}, {}
    for lang in ("pl", "cs", "en"):
        ld.set_language(lang)
        tables[lang], tallies[lang] = RollingTable(), ClassTally()
    assert len({tables[lang].reset_button.description for lang in tables}) == 3
    assert len({tallies[lang].undo.description for lang in tallies}) == 3
    ld.set_language("en")
    table, tally = RollingTable(), ClassTally()
    assert [getattr(table, n).description for n in ROLLING_LABELS] == list(ROLLING_LABELS.values())
    assert [getattr(tally, n).description for n in TALLY_LABELS] == list(TALLY_LABELS.values())
    assert [label for label, _mode in tally.mode.options] == list(MODES.values())
    assert "No rolls yet: press play or Step." in table.summary.value
    assert tally.export.value == "Nothing to export yet."
    enter(tally, "red", "counts", "12 9 11 10 8 10")
    assert tally.message.value == "Added 60 dice by face for red."
    assert "<th>group</th>" in tally.table.value and "0.333" in tally.table.value
    assert format_count(SIMULATIONS) == "20,000" and format_percent(0.954, 1) == "95.4%"
