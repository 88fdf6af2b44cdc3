"""Tests of the tally's CSV against formula injection: a group name a spreadsheet would run as a
formula is written after a single quote (csv_cell), the reader takes exactly that quote off
(csv_text), and every tally comes back the same, whatever its group names."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liarsdice.errors import ArgumentTypeError
from liarsdice.tally import (
    FORMULA_STARTS,
    MAX_GROUPS,
    MAX_NAME,
    Tally,
    check_group,
    csv_cell,
    csv_text,
)

HYPERLINK = '=HYPERLINK("//x.io","y")'
ISSUE_CELLS = (HYPERLINK, "+1", "-2+3", "@SUM(A1)", "\tx", "\rx")


def group_cells(text: str) -> list[str]:
    """Return the group column of CSV text (the header and setting rows left out)."""
    rows = list(csv.reader(io.StringIO(text)))[1:]
    return [row[0] for row in rows if row[1] != "setting"]


def runs_as_formula(cell: str) -> bool:
    """Return True if a spreadsheet would read the cell as a formula."""
    return cell.startswith(FORMULA_STARTS)


@pytest.mark.parametrize("text", ISSUE_CELLS)
def test_a_cell_a_spreadsheet_would_run_is_written_after_a_quote(text: str) -> None:
    assert csv_cell(text) == "'" + text
    assert csv_text(csv_cell(text)) == text


@pytest.mark.parametrize("text", ["red", "", "1", "x=1", "a-b", " =x", "r'd"])
def test_other_text_is_written_as_it_is(text: str) -> None:
    assert csv_cell(text) == text
    assert csv_text(text) == text


def test_a_leading_quote_is_doubled_so_the_reader_knows_which_quote_it_added() -> None:
    assert csv_cell("'=x") == "''=x" and csv_text("''=x") == "'=x"
    assert csv_cell("'red") == "''red" and csv_text("''red") == "'red"
    assert csv_text("'red") == "'red"  # a quote the writer did not add stays


@pytest.mark.parametrize("name", [HYPERLINK, "+1", "-2+3", "@SUM(A1)", "'=x", "'"])
def test_the_export_writes_a_formula_name_as_text_and_loads_it_back(name: str) -> None:
    tally = Tally()
    tally.add_face_counts(name, [1, 2, 3, 4, 5, 6])
    tally.add_rounds(name, [4, 7])
    text = tally.to_csv()
    assert group_cells(text) == ["'" + name] * 8
    again = Tally.from_csv(text)
    assert again == tally and again.groups == (name,) and again.to_csv() == text


@pytest.mark.parametrize("name", ["\tx", "\rx"])
def test_names_starting_with_a_tab_or_return_are_stored_stripped(name: str) -> None:
    tally = Tally()
    tally.add_rounds(name, [4])
    assert tally.groups == ("x",) and group_cells(tally.to_csv()) == ["x"]


def test_a_loaded_file_with_formula_names_is_re_exported_safely() -> None:
    loaded = (
        "group,kind,key,value\n"
        f'"{HYPERLINK.replace(chr(34), 2 * chr(34))}",round,1,4\n'
        "+1,round,1,5\n-2+3,round,1,6\n@SUM(A1),round,1,7\n"
        '"\tx",round,1,3\n"\rx",round,2,2\n'
    )
    tally = Tally.from_csv(loaded)
    assert tally.groups == (HYPERLINK, "+1", "-2+3", "@SUM(A1)", "x")
    assert tally.rounds("x") == (3, 2)
    text = tally.to_csv()
    cells = group_cells(text)
    assert not any(runs_as_formula(c) for c in cells)
    assert cells == ["'" + HYPERLINK, "'+1", "'-2+3", "'@SUM(A1)", "x", "x"]
    assert Tally.from_csv(text) == tally
    merged = Tally()
    merged.merge_csv(text)
    assert merged == tally


def test_counts_are_numbers_and_never_quoted() -> None:
    tally = Tally()
    tally.add_rounds("-1", [0, 15])
    rows = list(csv.reader(io.StringIO(tally.to_csv())))
    assert rows[-2:] == [["'-1", "round", "1", "0"], ["'-1", "round", "2", "15"]]


def test_cells_must_be_text() -> None:
    for function in (csv_cell, csv_text):
        with pytest.raises(ArgumentTypeError, match="cell 5"):
            function(5)  # type: ignore[arg-type]


NAME_CHARACTERS = st.sampled_from("=+-@'\" ,;\t\rxé1") | st.characters()


def valid_name(text: str) -> bool:
    """Return True if the tally takes `text` as a group name."""
    try:
        check_group(text)
    except ValueError:
        return False
    return True


@given(st.text(NAME_CHARACTERS, max_size=12))
def test_csv_text_undoes_csv_cell_and_no_written_cell_runs(text: str) -> None:
    assert csv_text(csv_cell(text)) == text
    assert not runs_as_formula(csv_cell(text))


@given(
    st.lists(
        st.text(NAME_CHARACTERS, min_size=1, max_size=MAX_NAME).filter(valid_name),
        min_size=1,
        max_size=5,
    ).map(lambda names: list(dict.fromkeys(check_group(n) for n in names))[:MAX_GROUPS])
)
def test_any_group_names_round_trip_exactly(names: list[str]) -> None:
    tally = Tally()
    for number, name in enumerate(names):
        tally.add_face_counts(name, [number, 1, 0, 0, 2, 0])
        tally.add_rounds(name, [number % 16])
    text = tally.to_csv()
    assert not any(runs_as_formula(c) for c in group_cells(text))
    again = Tally.from_csv(text)
    assert again == tally and again.groups == tally.groups and again.to_csv() == text


def test_write_csv_and_read_entries_are_the_tallys_own() -> None:
    from liarsdice.tally_csv import csv_rows, read_entries, write_csv

    tally = Tally()
    tally.add_face_counts("=red", [1, 2, 3, 4, 5, 6])
    tally.add_rounds("blue", [3, 0, 15])
    text = write_csv((15, 5, 1), [("=red", (1, 2, 3, 4, 5, 6), ()), ("blue", (), (3, 0, 15))])
    assert text == tally.to_csv()
    assert read_entries(csv_rows(text), Tally()) == tuple(e for b in tally.history for e in b)
