"""A tally as a CSV file: written, read back row by row, and its text cells kept safe from a
spreadsheet's formulas (liarsdice.tally re-exports the names of its file format).

- write_csv(settings, records): the CSV text of a tally's settings and each group's records.
- csv_rows(text): the data rows of CSV text with their line numbers, the header checked.
- csv_settings(rows): the settings that the setting rows give (dice_per_round, face, wild).
- read_entries(rows, tally): the entries of the rows for a tally with those settings, or
  ValueError naming the first bad line.
- csv_cell(text), csv_text(cell): a text cell made safe for a spreadsheet, and back.
- TallySettings: what read_entries reads of a tally (its settings and groups).
- CSV_HEADER, SETTINGS, FORMULA_STARTS, MAX_CSV_CHARS: the format and its limit.

The CSV has the header CSV_HEADER, group,kind,key,value, and one row per number:
    ,setting,dice_per_round,15    the dice rolled per round   (optional rows: without them the
    ,setting,face,5               the face rounds count        tally's own settings are assumed;
    ,setting,wild,1               the wild face (rules.wild)   with them they must agree)
    red,face,5,12                 group red's dice showed face 5 twelve times (all six faces)
    red,round,3,4                 in group red's round 3, four dice counted for the face
write_csv (Tally.to_csv) writes the settings, then each group in order of entry: its six face
rows, its rounds numbered 1, 2, ...; Tally.from_csv(to_csv()) is an equal tally whose to_csv()
is the same text.
Group names are typed by students and the file is opened in a spreadsheet, which runs a cell
starting with =, +, -, @, tab or CR as a formula: csv_cell writes such a name, or one starting
with a quote, after a single quote (OWASP's CSV-injection rule: '=x is text), and the reader's
csv_text takes exactly that quote off again (a quote before anything else stays).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Protocol

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules
from liarsdice.tally_entries import (
    MAX_COUNT,
    MAX_DICE_PER_ROUND,
    MAX_GROUPS,
    MAX_ROUNDS,
    WHOLE_NUMBER,
    Entry,
    check_group,
    check_round,
)

MAX_CSV_CHARS = 10_000_000
CSV_HEADER = ("group", "kind", "key", "value")
SETTINGS = ("dice_per_round", "face", "wild")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet reads such a cell as a formula

CsvRows = list[tuple[int, list[str]]]  # (line number, stripped fields) of each data row


class TallySettings(Protocol):
    """What read_entries reads of a tally: its settings, its groups and their words."""

    rules: Rules
    dice_per_round: int
    face: int

    @property
    def counted(self) -> str: ...

    @property
    def groups(self) -> tuple[str, ...]: ...


def csv_cell(text: str) -> str:
    """Return a text cell that a spreadsheet shows as text: after a quote if it starts with
    a formula character (FORMULA_STARTS) or a quote, so that csv_text can undo it exactly."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"cell {quote(text)}: expected text")
    return "'" + text if text.startswith((*FORMULA_STARTS, "'")) else text


def csv_text(cell: str) -> str:
    """Return the text that csv_cell wrote as `cell`: its added quote taken off."""
    if not isinstance(cell, str):
        raise ArgumentTypeError(f"cell {quote(cell)}: expected text")
    escaped = cell.startswith("'") and cell[1:].startswith((*FORMULA_STARTS, "'"))
    return cell[1:] if escaped else cell


def write_csv(
    settings: Sequence[int], records: Iterable[tuple[str, Sequence[int], Sequence[int]]]
) -> str:
    """Return CSV text: the header, the SETTINGS' values (dice_per_round, face, wild), then for
    each (group, face counts, round counts) its six face rows (none if it has no face counts)
    and its rounds numbered 1, 2, ..."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for key, value in zip(SETTINGS, settings, strict=True):
        writer.writerow(("", "setting", key, value))
    for group, faces, rounds in records:
        cell = csv_cell(group)  # the counts are ints, written as numbers
        for face, count in enumerate(faces, 1):
            writer.writerow((cell, "face", face, count))
        for number, count in enumerate(rounds, 1):
            writer.writerow((cell, "round", number, count))
    return out.getvalue()


def csv_rows(text: object) -> CsvRows:
    """Return the data rows of CSV text with their line numbers (the header checked, blank
    lines skipped, fields stripped)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"CSV {quote(text)}: expected the text of a CSV file")
    if len(text) > MAX_CSV_CHARS:
        raise ValueError(
            f"CSV of {len(text):,} characters: a tally file holds at most {MAX_CSV_CHARS:,}"
        )
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))  # spreadsheets add a BOM
    rows = []
    try:
        for row in reader:
            fields = [f.strip() for f in row]
            if any(fields):
                rows.append((reader.line_num, fields))
    except csv.Error as error:
        raise ValueError(f"CSV line {reader.line_num}: {error}") from None
    if not rows:
        raise ValueError("CSV: the file is empty (an empty table)")
    line, header = rows[0]
    if tuple(f.lower() for f in header) != CSV_HEADER:
        raise ValueError(
            f"CSV line {line} {quote(','.join(header))}: expected the header {','.join(CSV_HEADER)}"
        )
    if len(rows) == 1:
        raise ValueError("CSV: the file holds a header and no rows (an empty table)")
    for line, fields in rows[1:]:
        if len(fields) != len(CSV_HEADER):
            raise ValueError(
                f"CSV line {line} {quote(','.join(fields))}: expected 4 fields "
                f"({','.join(CSV_HEADER)}), got {len(fields)}"
            )
    return rows[1:]


def _csv_integer(
    line: int, fields: list[str], column: str, low: int, high: int, meaning: str = ""
) -> int:
    """Return a row's field `column` (called `meaning` in messages) as an int in low..high;
    else raise naming the line."""
    text = fields[CSV_HEADER.index(column)]
    where = f"CSV line {line} {quote(','.join(fields))}"
    if not WHOLE_NUMBER.fullmatch(text):
        raise ValueError(f"{where}: the {meaning or column} {quote(text)} is not a whole number")
    number = int(text)
    if not low <= number <= high:
        raise ValueError(f"{where}: the {meaning or column} {number} is not in {low}..{high:,}")
    return number


def csv_settings(rows: CsvRows) -> dict[str, int]:
    """Return the settings that the CSV's setting rows give (each key once, or agreeing)."""
    settings: dict[str, int] = {}
    for line, fields in rows:
        if fields[1].lower() != "setting":
            continue
        where = f"CSV line {line} {quote(','.join(fields))}"
        key = fields[2]
        if fields[0] or key not in SETTINGS:
            raise ValueError(f"{where}: a setting row is ,setting,<{'|'.join(SETTINGS)}>,<value>")
        high = MAX_DICE_PER_ROUND if key == "dice_per_round" else 6
        value = _csv_integer(line, fields, "value", 1, high)
        if settings.setdefault(key, value) != value:
            raise ValueError(f"{where}: {key} was {settings[key]} on an earlier line")
    return settings


def read_entries(rows: CsvRows, tally: TallySettings) -> tuple[Entry, ...]:
    """Return the entries of CSV rows for `tally`: per group, its face counts and its rounds
    in the order of their numbers; raise ValueError naming the first bad line."""
    ours = {"dice_per_round": tally.dice_per_round, "face": tally.face, "wild": tally.rules.wild}
    for setting, value in csv_settings(rows).items():
        if value != ours[setting]:
            raise ValueError(
                f"CSV setting {setting}={value}, but this tally has {setting}={ours[setting]} "
                f"(rounds counting {tally.counted} among {tally.dice_per_round} dice)"
            )
    faces: dict[str, dict[int, tuple[int, int]]] = {}  # group -> face -> (count, line)
    rounds: dict[str, dict[int, tuple[int, int]]] = {}  # group -> round number -> (count, line)
    order: dict[str, None] = {}  # the groups in order of their first row
    for line, fields in rows:
        kind = fields[1].lower()
        if kind == "setting":
            continue
        where = f"CSV line {line} {quote(','.join(fields))}"
        if kind not in ("face", "round"):
            raise ValueError(f"{where}: the kind {quote(fields[1])} is not face, round or setting")
        try:
            group = check_group(csv_text(fields[0]))
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        if kind == "face":
            key = _csv_integer(line, fields, "key", 1, 6, "face")
            value = _csv_integer(line, fields, "value", 0, MAX_COUNT, "count")
            table = faces
        else:
            key = _csv_integer(line, fields, "key", 1, MAX_ROUNDS, "round number")
            value = _csv_integer(line, fields, "value", -MAX_COUNT, MAX_COUNT, "count")
            check_round(where, value, tally.dice_per_round)  # negative, or too many
            table = rounds
        seen = table.setdefault(group, {})
        if key in seen:
            raise ValueError(
                f"{where}: {kind} {key} of group {group!r} is also on line {seen[key][1]}"
            )
        seen[key] = (value, line)
        if group not in order:
            order[group] = None
            if len(order.keys() | set(tally.groups)) > MAX_GROUPS:  # say so at the first row
                raise ValueError(f"{where}: a tally holds at most {MAX_GROUPS} groups")
    batch = []
    for group in order:
        if group in faces:
            given = faces[group]
            first = min(line for _, line in given.values())
            if len(given) != 6:
                missing = sorted(set(range(1, 7)) - set(given))
                raise ValueError(
                    f"CSV line {first}: group {group!r} has no row for face(s) {missing}; give "
                    "all six face counts (0 where none)"
                )
            counts = tuple(given[f][0] for f in range(1, 7))
            if not any(counts):
                raise ValueError(f"CSV line {first}: group {group!r}'s face rows count no dice")
            batch.append(Entry(group, "faces", counts))
        if group in rounds:
            batch.append(
                Entry(group, "rounds", tuple(c for _, (c, _) in sorted(rounds[group].items())))
            )
    return tuple(batch)
