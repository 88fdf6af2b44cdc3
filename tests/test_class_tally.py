"""Tests of the ClassTally widget without a browser: type entries, click Add and Undo, load
files, and read the table, the texts, the export link and the figures against the model."""

from __future__ import annotations

import base64
import csv
import datetime
import html
import io
import re

import numpy as np
import pytest
from scipy import stats as sps

from liarsdice import stats
from liarsdice.plots.tally import TALLY_EXPECTED, TALLY_OBSERVED
from liarsdice.tally import Tally
from liarsdice.widgets.class_tally import (
    CLASS,
    ClassTally,
    comparison_html,
    export_link_html,
    fit_html,
)


def enter(widget: ClassTally, group: str, mode: str, text: str) -> None:
    """Type an entry into the widget and click Add."""
    widget.group.value = group
    widget.mode.value = mode
    widget.entry.value = text
    widget.add.click()


def upload(widget: ClassTally, content: bytes, name: str = "tally.csv") -> None:
    """Load a file into the widget's FileUpload as the browser does."""
    widget.upload.value = (
        {
            "name": name,
            "type": "text/csv",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime.now(datetime.UTC),
        },
    )


def shown(widget: ClassTally) -> tuple:
    """Return what the widget shows: the tally's CSV, its texts and its figures' data."""
    figures = [
        (tuple(f.data[TALLY_OBSERVED].y), tuple(f.data[TALLY_EXPECTED].y))
        for f in (widget.faces_figure, widget.rounds_figure)
    ]
    texts = (widget.table, widget.faces_text, widget.rounds_text, widget.compare_text)
    return (widget.to_csv(), widget.tally.history, *(t.value for t in texts), figures)


@pytest.fixture
def widget() -> ClassTally:
    """Return a widget holding face counts and rounds of two groups."""
    widget = ClassTally()
    enter(widget, "red", "counts", "12 9 11 10 8 10")
    enter(widget, "red", "rounds", " ".join(["4 6 5 3 7 5 4 6 5 5"] * 3))
    enter(widget, "blue", "faces", "1 5 5 3 6 2 4 4 1 1 5 2 6 6 3 5 5 5 2 1")
    return widget


def test_an_empty_widget_says_what_to_do_and_raises_nothing():
    widget = ClassTally()
    assert "no face counts yet" in widget.faces_text.value
    assert "no rounds yet" in widget.rounds_text.value
    assert "two groups" in widget.compare_text.value
    assert widget.export.value == "Nothing to export yet."
    assert widget.undo.disabled
    assert list(widget.faces_figure.data[TALLY_OBSERVED].y) == [0] * 6
    widget.undo.click()  # nothing to undo: nothing happens
    assert widget.tally.is_empty()


def test_added_entries_reach_the_tally_and_the_entry_box_empties(widget):
    expected = Tally()
    expected.add_face_counts("red", [12, 9, 11, 10, 8, 10])
    expected.add_rounds("red", [4, 6, 5, 3, 7, 5, 4, 6, 5, 5] * 3)
    expected.add_faces("blue", [1, 5, 5, 3, 6, 2, 4, 4, 1, 1, 5, 2, 6, 6, 3, 5, 5, 5, 2, 1])
    assert widget.tally == expected
    assert widget.entry.value == ""
    assert widget.message.value == "Added 20 dice by face for blue."
    assert not widget.undo.disabled
    table = widget.table.value
    assert table == expected._repr_html_()
    assert "<td>blue</td><td>4</td><td>3</td><td>2</td><td>2</td><td>6</td><td>3</td>" in table


def test_the_texts_and_figures_show_the_class_fit(widget):
    tally = widget.tally
    faces, rounds = tally.fit("faces", seed=widget.seed), tally.fit("rounds", seed=widget.seed)
    assert widget.faces_text.value == fit_html(faces, tally)
    assert widget.rounds_text.value == fit_html(rounds, tally)
    observed = np.array([12, 9, 11, 10, 8, 10]) + np.array([4, 3, 2, 2, 6, 3])
    figure = widget.faces_figure
    assert list(figure.data[TALLY_OBSERVED].y) == list(observed)
    assert list(figure.data[TALLY_EXPECTED].y) == pytest.approx([observed.sum() / 6] * 6)
    statistic, p = sps.chisquare(observed)
    assert f"χ² = {statistic:.3f} with 5 degrees of freedom" in widget.faces_text.value
    assert f"p <b>= {p:.4f}</b>" in widget.faces_text.value
    figure = widget.rounds_figure
    assert list(figure.data[TALLY_OBSERVED].y) == list(np.bincount(tally.rounds(), minlength=16))
    chances = sps.binom.pmf(np.arange(16), 15, 1 / 3)
    assert list(figure.data[TALLY_EXPECTED].y) == pytest.approx(30 * chances)
    assert "0–" in widget.rounds_text.value  # the pooled cells are named
    assert f"p <b>= {rounds.p_value:.4f}</b>" in widget.rounds_text.value
    # a page opening later (voila) reads the synced snapshot: it holds the same data
    assert list(widget.rounds_figure._widget_data[TALLY_OBSERVED]["y"]) == list(
        figure.data[TALLY_OBSERVED].y
    )


def test_a_small_tally_names_its_exact_or_simulated_p_value():
    widget = ClassTally()
    enter(widget, "a", "faces", "6 6 6 2 3 6")
    fit = widget.tally.fit("faces")
    assert fit.method == "exact"
    text = widget.faces_text.value
    assert "exactly" in text and f"p <b>= {fit.p_value:.4f}</b>" in text
    enter(widget, "a", "counts", "1 1 2 3 1 2")  # 16 dice: simulated
    fit = widget.tally.fit("faces", seed=widget.seed)
    assert fit.method == "simulated"
    assert "20,000 simulated tallies" in widget.faces_text.value
    assert f"p <b>= {fit.p_value:.4f}</b>" in widget.faces_text.value


def test_choosing_a_group_tests_that_group(widget):
    widget.whose.value = "blue"
    fit = widget.tally.fit("faces", "blue", seed=widget.seed)
    assert widget.faces_text.value == fit_html(fit, widget.tally)
    assert list(widget.faces_figure.data[TALLY_OBSERVED].y) == [4, 3, 2, 2, 6, 3]
    assert "group blue" in widget.faces_figure.layout.title.text
    assert html.escape("group 'blue' has no rounds yet") in widget.rounds_text.value
    assert list(widget.rounds_figure.data[TALLY_OBSERVED].y) == [0] * 16
    enter(widget, "green", "rounds", "5")  # a new group keeps the choice
    assert widget.whose.value == "blue"
    widget.whose.value = CLASS
    assert "the whole class" in widget.faces_figure.layout.title.text


def test_the_comparison_is_the_two_proportion_test_of_the_chosen_groups(widget):
    assert (widget.group_a.value, widget.group_b.value) == ("red", "blue")
    red, blue = (12 + 8 + 150, 60 + 450), (4 + 6, 20)  # aces and fives, dice rolled
    test = stats.two_proportion_test(*red, *blue)
    assert widget.compare_text.value == comparison_html(
        widget.tally.compare("red", "blue"), widget.tally
    )
    assert f"z = {test.statistic:.3f}" in widget.compare_text.value
    assert f"p <b>= {test.p_value:.4f}</b>" in widget.compare_text.value
    assert "independently" in widget.compare_text.value
    widget.group_b.value = "red"
    assert "two different groups" in widget.compare_text.value


def test_mode_shows_the_format_in_the_placeholder():
    widget = ClassTally(dice_per_round=12, face=3)
    assert "six counts" in widget.entry.placeholder
    widget.mode.value = "rounds"
    assert widget.entry.placeholder.startswith("per round, the threes and aces among 12 dice")
    widget.mode.value = "faces"
    assert "each die's face" in widget.entry.placeholder


@pytest.mark.parametrize(
    "group, mode, text, words",
    [
        ("red", "counts", "12 -9 11 10 8 10", "-9, is negative"),
        ("red", "counts", "12 9 11 10 8", "got 5"),
        ("red", "counts", "12 9 11 10 8 1.5", "'1.5' is not a whole number"),
        ("red", "faces", "1 5 7", "the die 7 is not a face"),
        ("red", "faces", "0 5", "the die 0 is not a face"),
        ("red", "rounds", "4 16 5", "16 is more dice than the 15 rolled"),
        ("red", "rounds", "", "nothing entered"),
        ("", "rounds", "4 5", "give the group a name"),
        ("x" * 40, "rounds", "4 5", "at most 30"),
    ],
)
def test_a_refused_entry_shows_why_keeps_the_text_and_changes_nothing(
    widget, group, mode, text, words
):
    widget.group.value, widget.mode.value = group, mode
    before = shown(widget)
    widget.entry.value = text
    widget.add.click()
    assert html.escape(words) in widget.message.value
    assert widget.message.value.startswith("<span style='color:")  # the error colour
    assert widget.entry.value == text and widget.group.value == group
    assert shown(widget) == before


def test_undo_takes_back_the_last_entry(widget):
    before = shown(widget)
    enter(widget, "green", "rounds", "4 5 6")
    assert "green" in widget.tally.groups and shown(widget) != before
    widget.undo.click()
    assert widget.message.value == "Took back 3 rounds for green."
    assert shown(widget) == before
    for _ in range(3):
        widget.undo.click()
    assert widget.tally.is_empty() and widget.undo.disabled
    assert "no face counts yet" in widget.faces_text.value


def test_a_loaded_file_is_merged_and_undone_whole(widget):
    other = Tally()
    other.add_face_counts("green", [5, 5, 5, 5, 5, 5])
    other.add_rounds("yellow", [3, 4])
    before = shown(widget)
    upload(widget, other.to_csv().encode("utf-8"), "groups.csv")
    assert widget.message.value == (
        "Loaded groups.csv: 30 dice by face for green, 2 rounds for yellow."
    )
    assert widget.tally.groups == ("red", "blue", "green", "yellow")
    assert widget.tally.face_counts("green") == (5,) * 6
    assert widget.upload.value == ()  # ready for the next file
    widget.undo.click()
    assert shown(widget) == before


@pytest.mark.parametrize(
    "content, words",
    [
        (b"group,kind,key,value\ngreen,round,1,4\ngreen,round,2,16\n", "line 3"),
        (b"group,kind,key,value\n", "no rows"),
        (b"", "empty"),
        (b"group,kind,key,value\ngreen,face,7,4\n", "the face 7"),
        ("gr\u00fcn,round,1,4".encode("latin-1"), "not UTF-8"),
    ],
)
def test_a_bad_file_is_refused_whole_with_the_reason(widget, content, words):
    before = shown(widget)
    upload(widget, content, "bad.csv")
    assert "Not loaded" in widget.message.value and words in widget.message.value
    assert shown(widget) == before
    assert widget.upload.value == ()


def test_the_export_link_downloads_the_tally_as_csv(widget):
    link = widget.export.value
    assert link == export_link_html(widget.to_csv())
    data = re.search(r"base64,([A-Za-z0-9+/=]+)'", link).group(1)
    text = base64.b64decode(data).decode("utf-8")
    assert text == widget.to_csv() == widget.tally.to_csv()
    assert Tally.from_csv(text) == widget.tally
    assert "download='class_tally.csv'" in link


def exported(widget: ClassTally) -> str:
    """Return the CSV text that the Export link downloads."""
    data = re.search(r"base64,([A-Za-z0-9+/=]+)'", widget.export.value).group(1)
    return base64.b64decode(data).decode("utf-8")


@pytest.mark.parametrize("name", ['=HYPERLINK("//x.io","y")', "+1", "-2+3", "@SUM(A1)"])
def test_the_export_link_writes_a_formula_group_name_as_text(name):
    widget = ClassTally()
    enter(widget, name, "rounds", "4 5")
    text = exported(widget)
    assert [row[0] for row in csv.reader(io.StringIO(text))][-2:] == ["'" + name] * 2
    assert Tally.from_csv(text) == widget.tally and widget.tally.groups == (name,)


def test_a_loaded_file_with_a_formula_name_is_exported_safely():
    widget = ClassTally()
    upload(widget, b'group,kind,key,value\n"=HYPERLINK(""//x.io"",""y"")",round,1,4\n')
    assert widget.tally.groups == ('=HYPERLINK("//x.io","y")',)
    text = exported(widget)
    assert text.splitlines()[-1] == '"\'=HYPERLINK(""//x.io"",""y"")",round,1,4'
    assert Tally.from_csv(text) == widget.tally


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match=r"unknown preset 'nope'.*blef"):
        ClassTally(rules="nope")
    with pytest.raises(ValueError, match="dice_per_round=200"):
        ClassTally(dice_per_round=200)
    with pytest.raises(ValueError, match="seed=-1"):
        ClassTally(seed=-1)


def test_star_rules_name_the_stars():
    widget = ClassTally(rules="bluff", dice_per_round=10, face=2)
    assert "twos and stars" in widget.intro.value
    enter(widget, "a", "rounds", "3 4")
    assert widget.tally.rules.wild == 6
    assert "twos and stars among 10 dice" in widget.rounds_text.value
