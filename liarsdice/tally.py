"""A class's tally of real rolls: entered by groups, pooled, tested against the exact odds.

- Tally(rules="blef", dice_per_round=15, face=5): the rolls of a class, per group, of two kinds:
  face counts (how many dice showed each face 1..6) and rounds (for each round, how many of the
  dice_per_round dice counted for `face`, the wild included under the rules).
  - add_face_counts(group, counts), add_faces(group, faces), add_rounds(group, counts) and
    add_entry(group, mode, text) (typed text, parsed by parse_numbers): each entry is checked
    whole, then added; a bad entry adds nothing. undo() takes back the last entry (or the last
    loaded file), clear() empties the tally; `history` holds what was added, in order.
  - groups; face_counts(group), rounds(group), round_table(group), matches(group): the pooled
    tallies of a group, or of the whole class with group=None.
  - fit("faces" | "rounds", group=None, seed=0) -> TallyFit: the chi-square goodness-of-fit
    test, faces against 1/6 each, rounds against odds.count_distribution; cells pooled until
    every expected count is at least MIN_EXPECTED. Where the curve cannot be trusted (rounds:
    too few to pool into two such cells; faces: fewer than 6 * MIN_EXPECTED dice, since
    neighbouring faces have nothing in common to pool them by), the headline p-value is that
    of the unpooled table: exact (every possible tally summed, at most EXACT_LIMIT tallies) or
    else simulated (SIMULATIONS fair tallies from np.random.default_rng(seed)); `method` says
    which.
  - compare(group_a, group_b) -> GroupComparison: the two-proportion z-test of the share of
    dice that count for `face` (it assumes every die is rolled independently).
  - to_csv(); merge_csv(text), a whole file added as one entry; Tally.from_csv(text, rules).
- TallyFit, GroupComparison, Entry: the results and the entries (frozen dataclasses).
- parse_numbers(text, what): the whole numbers in typed text ("12 9 11, 10 8 10").
- csv_cell(text), csv_text(cell): a text cell made safe for a spreadsheet, and back.

The CSV has the header CSV_HEADER, group,kind,key,value, and one row per number:
    ,setting,dice_per_round,15    the dice rolled per round   (optional rows: without them the
    ,setting,face,5               the face rounds count        tally's own settings are assumed;
    ,setting,wild,1               the wild face (rules.wild)   with them they must agree)
    red,face,5,12                 group red's dice showed face 5 twelve times (all six faces)
    red,round,3,4                 in group red's round 3, four dice counted for the face
to_csv writes the settings, then each group in order of entry: its six face rows, its rounds
numbered 1, 2, ...; from_csv(to_csv()) is an equal tally whose to_csv() is the same text.
Group names are typed by students and the file is opened in a spreadsheet, which runs a cell
starting with =, +, -, @, tab or CR as a formula: csv_cell writes such a name, or one starting
with a quote, after a single quote (OWASP's CSV-injection rule: '=x is text), and the reader's
csv_text takes exactly that quote off again (a quote before anything else stays).

Limits, enforced: MAX_GROUPS groups, names of at most MAX_NAME characters, MAX_DICE_PER_ROUND
dice per round, MAX_ENTRY_DICE dice in one typed entry, MAX_COUNT dice of one face per group,
MAX_ROUNDS rounds per group, MAX_CSV_CHARS characters of CSV. Bad input raises ValueError (or
ArgumentTypeError, a TypeError and a ValueError) quoting it, and changes nothing.
"""

from __future__ import annotations

import csv
import html
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from liarsdice import odds, stats
from liarsdice.checks import check_faces, check_integer, is_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve

KINDS = ("faces", "rounds")  # the two kinds of record, and of fit
MODES = ("counts", "faces", "rounds")  # what add_entry's text holds: six counts, faces, rounds
MAX_GROUPS = 40
MAX_NAME = 30  # characters of a group name
MAX_DICE_PER_ROUND = 100
MAX_ENTRY_DICE = 100_000  # dice in one typed entry (six counts, or faces listed)
MAX_COUNT = 10_000_000  # dice of one face in one group's pooled tally
MAX_ROUNDS = 10_000  # rounds in one group's tally
MAX_CSV_CHARS = 10_000_000
MIN_EXPECTED = 5  # the chi-square rule: pool cells until each expects at least this many
EXACT_LIMIT = 4_000  # the most possible tallies summed for an exact p-value (about 30 ms)
SIMULATIONS = 20_000  # fair tallies drawn for a simulated p-value (its error is below 0.004)
CSV_HEADER = ("group", "kind", "key", "value")
SETTINGS = ("dice_per_round", "face", "wild")
_WHOLE_NUMBER = re.compile(r"[+-]?\d{1,15}")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet reads such a cell as a formula


# ----- values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One group's entry: six face counts (kind "faces") or round counts (kind "rounds")."""

    group: str
    kind: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class TallyFit:
    """A tally tested against fair dice: the cells, the pooled chi-square test and, where the
    curve cannot be trusted (see Tally.fit), the unpooled table's exact or simulated p-value."""

    kind: str  # "faces" or "rounds"
    group: str | None  # None: the whole class
    cells: tuple[int, ...]  # the cells' labels: faces 1..6, or counts 0..dice_per_round
    observed: tuple[int, ...]
    expected: tuple[float, ...]  # if the dice are fair
    pooled: stats.Fit | None  # the chi-square curve's test; None when pooling leaves one cell
    small: stats.Fit | None  # every cell kept, exact_p_value or simulated_p_value set; or None
    method: str  # where the headline p-value comes from: "chi-square", "exact" or "simulated"

    @property
    def total(self) -> int:
        """Return the number of observations (dice or rounds)."""
        return sum(self.observed)

    @property
    def p_value(self) -> float:
        """Return the headline p-value: the exact or simulated one where used, else the curve's."""
        if self.method == "exact":
            return self.small.exact_p_value  # type: ignore[union-attr, return-value]
        if self.method == "simulated":
            return self.small.simulated_p_value  # type: ignore[union-attr, return-value]
        return self.pooled.p_value  # type: ignore[union-attr]

    @property
    def pooled_cells(self) -> tuple[tuple[int, int], ...]:
        """Return the (first, last) cell label of each pooled cell (all in one without a test)."""
        if self.pooled is None:
            return ((self.cells[0], self.cells[-1]),)
        return tuple((self.cells[a], self.cells[b]) for a, b in self.pooled.cells)


@dataclass(frozen=True)
class GroupComparison:
    """Two groups' shares of dice that count for the face, and the two-proportion z-test of
    them; the test assumes every die is rolled independently of every other."""

    group_a: str
    group_b: str
    matches_a: int
    dice_a: int
    matches_b: int
    dice_b: int
    test: stats.Comparison


# ----- checks ---------------------------------------------------------------------------------


def check_group(name: object) -> str:
    """Return a group name with its outer spaces removed, if it is 1..MAX_NAME printable
    characters; else raise."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"group={quote(name)}: expected a name such as 'red table'")
    stripped = name.strip()
    if not stripped:
        raise ValueError(f"group={quote(name)}: give the group a name")
    if len(stripped) > MAX_NAME or not stripped.isprintable():
        raise ValueError(
            f"group={quote(name)}: expected at most {MAX_NAME} printable characters on one line"
        )
    return stripped


def parse_numbers(text: object, what: str = "entry") -> tuple[int, ...]:
    """Return the whole numbers in `text`, separated by spaces, commas or semicolons."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{what} {quote(text)}: expected text such as '12 9 11'")
    tokens = re.split(r"[\s,;]+", text.strip())
    if tokens == [""]:
        raise ValueError(f"{what} {quote(text)}: nothing entered")
    if len(tokens) > MAX_ENTRY_DICE:
        raise ValueError(
            f"{what} {quote(text)}: {len(tokens):,} numbers; one entry holds at most "
            f"{MAX_ENTRY_DICE:,}"
        )
    for token in tokens:
        if not _WHOLE_NUMBER.fullmatch(token):
            if re.fullmatch(r"[+-]?\d+", token):  # a whole number, too long to read
                raise ValueError(f"{what} {quote(text)}: {quote(token)} has more than 15 digits")
            raise ArgumentTypeError(f"{what} {quote(text)}: {quote(token)} is not a whole number")
    return tuple(int(token) for token in tokens)


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


def _integers(what: str, values: object) -> tuple[int, ...]:
    """Return `values` as a tuple of plain ints; raise quoting the first that is not one."""
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise ArgumentTypeError(f"{what} {quote(values)}: expected a sequence of whole numbers")
    items = tuple(values)
    for item in items:
        if not is_integer(item):
            raise ArgumentTypeError(f"{what} {quote(items)}: {quote(item)} is not a whole number")
    return tuple(int(item) for item in items)


# ----- the tally ------------------------------------------------------------------------------


class Tally:
    """The rolls of a class, per group: face counts and rounds, pooled and tested."""

    def __init__(
        self, rules: Rules | str = "blef", dice_per_round: int = 15, face: int = 5
    ) -> None:
        self.rules = resolve(rules)
        self.dice_per_round = check_integer("dice_per_round", dice_per_round, 1, MAX_DICE_PER_ROUND)
        self.face = check_integer("face", face, 1, 6)
        self.counted_faces = odds.matching_faces(self.face, self.rules)
        self._faces: dict[str, list[int]] = {}  # group -> six counts (absent: no face records)
        self._rounds: dict[str, list[int]] = {}  # group -> the count of every round, in order
        self._groups: list[str] = []  # in order of their first entry
        self._history: list[tuple[Entry, ...]] = []  # each item: one entry, or one file's

    # ----- reading ----------------------------------------------------------------------------

    @property
    def groups(self) -> tuple[str, ...]:
        """Return the group names in the order of their first entry."""
        return tuple(self._groups)

    @property
    def history(self) -> tuple[tuple[Entry, ...], ...]:
        """Return what was added, in order: each item one entry or one loaded file's entries."""
        return tuple(self._history)

    @property
    def counted(self) -> str:
        """Return the faces a round counts in words: "fives and aces", or "aces" for the wild."""
        return " and ".join(self.rules.face_name(f, plural=True) for f in self.counted_faces)

    def _check_whose(self, group: object) -> str | None:
        """Return `group` if it is None (the class) or a group of the tally; else raise."""
        if group is None or (isinstance(group, str) and group in self._groups):
            return group
        known = ", ".join(map(repr, self._groups)) or "none yet"
        raise ValueError(f"group={quote(group)}: no such group (the groups: {known})")

    def _whose(self, group: str | None) -> list[str]:
        """Return the groups pooled for `group`: itself, or every group for the class."""
        group = self._check_whose(group)
        return list(self._groups) if group is None else [group]

    def face_counts(self, group: str | None = None) -> tuple[int, ...]:
        """Return how many dice showed each face 1..6, pooled over a group (None: the class)."""
        rows = [self._faces.get(g, [0] * 6) for g in self._whose(group)]
        return tuple(int(sum(column)) for column in zip(*rows)) if rows else (0,) * 6

    def rounds(self, group: str | None = None) -> tuple[int, ...]:
        """Return each round's count of dice that counted, a group's or the class's in order."""
        return tuple(c for g in self._whose(group) for c in self._rounds.get(g, ()))

    def round_table(self, group: str | None = None) -> tuple[int, ...]:
        """Return how many rounds counted c dice, c = 0..dice_per_round."""
        counts = np.bincount(self.rounds(group), minlength=self.dice_per_round + 1)
        return tuple(int(c) for c in counts)

    def matches(self, group: str | None = None) -> tuple[int, int]:
        """Return (dice that counted for the face, dice rolled): face records and rounds pooled."""
        faces, rounds = self.face_counts(group), self.rounds(group)
        counted = sum(faces[f - 1] for f in self.counted_faces) + sum(rounds)
        return counted, sum(faces) + len(rounds) * self.dice_per_round

    def is_empty(self) -> bool:
        """Return True when nothing is entered."""
        return not self._groups

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a tally changes: no hash

    def _key(self) -> tuple[Rules, int, int, list[tuple[str, list[int] | None, list[int] | None]]]:
        """Return what makes two tallies equal: the settings and each group's records, in order."""
        return (
            self.rules,
            self.dice_per_round,
            self.face,
            [(g, self._faces.get(g), self._rounds.get(g)) for g in self._groups],
        )

    def __repr__(self) -> str:
        return (
            f"<Tally of {len(self._groups)} groups: {sum(self.face_counts())} dice by face, "
            f"{len(self.rounds())} rounds of {self.dice_per_round} dice counting {self.counted}>"
        )

    # ----- adding -----------------------------------------------------------------------------

    def add_face_counts(self, group: str, counts: Sequence[int]) -> Entry:
        """Return the entry of six counts (faces 1..6) after adding it to `group`."""
        what = "face counts"
        counts = _integers(what, counts)
        if len(counts) != 6:
            raise ValueError(
                f"{what} {quote(counts)}: expected six counts, one for each face 1..6, "
                f"got {len(counts)}"
            )
        for face, count in enumerate(counts, 1):
            if count < 0:
                raise ValueError(
                    f"{what} {quote(counts)}: the count of {self.rules.face_name(face, True)}, "
                    f"{count}, is negative"
                )
        if not 0 < sum(counts) <= MAX_ENTRY_DICE:
            raise ValueError(
                f"{what} {quote(counts)}: expected 1..{MAX_ENTRY_DICE:,} dice in one entry"
            )
        return self._add((Entry(check_group(group), "faces", counts),))

    def add_faces(self, group: str, faces: Sequence[int]) -> Entry:
        """Return the entry of face counts after adding the faces rolled (1 5 5 3 ...) to `group`."""
        faces = check_faces("faces rolled", faces)
        if not 0 < len(faces) <= MAX_ENTRY_DICE:
            raise ValueError(
                f"faces rolled {quote(faces)}: expected 1..{MAX_ENTRY_DICE:,} dice in one entry"
            )
        counts = tuple(faces.count(f) for f in range(1, 7))
        return self._add((Entry(check_group(group), "faces", counts),))

    def add_rounds(self, group: str, counts: Sequence[int]) -> Entry:
        """Return the entry of rounds after adding it: per round, the dice that counted."""
        what = "round counts"
        counts = _integers(what, counts)
        if not 0 < len(counts) <= MAX_ROUNDS:
            raise ValueError(f"{what} {quote(counts)}: expected 1..{MAX_ROUNDS:,} rounds")
        bad = [c for c in counts if not 0 <= c <= self.dice_per_round]
        if bad:  # quote the entry only then: quoting it per round is slow for long entries
            self._check_round(f"{what} {quote(counts)}", bad[0])
        return self._add((Entry(check_group(group), "rounds", counts),))

    def _check_round(self, where: str, count: int) -> None:
        """Raise, after `where` (the input quoted), unless `count` is in 0..dice_per_round."""
        if count < 0:
            raise ValueError(f"{where}: the count {count} is negative")
        if count > self.dice_per_round:
            raise ValueError(
                f"{where}: {count} is more dice than the {self.dice_per_round} rolled in a round"
            )

    def add_entry(self, group: str, mode: str, text: str) -> Entry:
        """Return the entry after adding typed text: six counts ("counts"), the faces rolled
        ("faces") or the rounds' counts ("rounds"), numbers separated by spaces or commas."""
        if mode not in MODES:
            raise ValueError(f"mode={quote(mode)}: expected one of {MODES}")
        check_group(group)  # a missing name is the first thing to say
        if mode == "faces":
            return self.add_faces(group, parse_numbers(text, "faces rolled"))
        numbers = parse_numbers(text, "face counts" if mode == "counts" else "round counts")
        if mode == "counts":
            return self.add_face_counts(group, numbers)
        return self.add_rounds(group, numbers)

    def _add(self, batch: tuple[Entry, ...]) -> Entry:
        """Add a checked batch of entries if the limits hold (else raise, adding nothing);
        return its last entry."""
        self._check_limits(batch)
        for entry in batch:
            if entry.group not in self._groups:
                self._groups.append(entry.group)
            if entry.kind == "faces":
                old = self._faces.setdefault(entry.group, [0] * 6)
                self._faces[entry.group] = [a + b for a, b in zip(old, entry.values)]
            else:
                self._rounds.setdefault(entry.group, []).extend(entry.values)
        self._history.append(batch)
        return batch[-1]

    def _check_limits(self, batch: tuple[Entry, ...]) -> None:
        """Raise if adding `batch` would pass MAX_GROUPS, MAX_COUNT or MAX_ROUNDS."""
        groups = list(dict.fromkeys([*self._groups, *(e.group for e in batch)]))
        if len(groups) > MAX_GROUPS:
            raise ValueError(
                f"{len(groups)} groups ({quote(groups[MAX_GROUPS:])} new): a tally holds at most "
                f"{MAX_GROUPS} groups"
            )
        for group in groups:
            faces = list(self._faces.get(group, [0] * 6))
            rounds = len(self._rounds.get(group, ()))
            for entry in (e for e in batch if e.group == group):
                if entry.kind == "faces":
                    faces = [a + b for a, b in zip(faces, entry.values)]
                else:
                    rounds += len(entry.values)
            if max(faces) > MAX_COUNT:
                raise ValueError(
                    f"group {quote(group)}: {max(faces):,} dice of one face; a group's tally "
                    f"holds at most {MAX_COUNT:,}"
                )
            if rounds > MAX_ROUNDS:
                raise ValueError(
                    f"group {quote(group)}: {rounds:,} rounds; a group's tally holds at most "
                    f"{MAX_ROUNDS:,}"
                )

    def undo(self) -> tuple[Entry, ...]:
        """Return the last entry (or the entries of the last loaded file) after taking it back."""
        if not self._history:
            raise ValueError("undo: nothing entered yet")
        batch = self._history.pop()
        for entry in reversed(batch):
            if entry.kind == "faces":
                counts = self._faces[entry.group]
                self._faces[entry.group] = [a - b for a, b in zip(counts, entry.values)]
                if not any(self._faces[entry.group]):
                    del self._faces[entry.group]
            else:
                del self._rounds[entry.group][-len(entry.values) :]
                if not self._rounds[entry.group]:
                    del self._rounds[entry.group]
            if entry.group not in self._faces and entry.group not in self._rounds:
                self._groups.remove(entry.group)  # it came with this batch, so it was last
        return batch

    def clear(self) -> None:
        """Empty the tally and its history."""
        self._faces, self._rounds, self._groups, self._history = {}, {}, [], []

    # ----- tests ------------------------------------------------------------------------------

    def probabilities(self, kind: str) -> NDArray[np.float64]:
        """Return each cell's chance with fair dice: 1/6 per face, or P(a round counts c)."""
        if kind == "faces":
            return np.full(6, 1 / 6)
        if kind == "rounds":
            return np.asarray(odds.count_distribution(self.face, self.rules, self.dice_per_round))
        raise ValueError(f"kind={quote(kind)}: expected one of {KINDS}")

    def fit(self, kind: str, group: str | None = None, seed: int = 0) -> TallyFit:
        """Return the chi-square test of a group's (None: the class's) faces or rounds against
        fair dice, cells pooled; where the curve cannot be trusted, with the exact or simulated
        p-value of the unpooled table (the module docstring says when)."""
        chances = self.probabilities(kind)
        seed = check_integer("seed", seed, 0)
        group = self._check_whose(group)
        observed = self.face_counts(group) if kind == "faces" else self.round_table(group)
        cells = tuple(range(1, 7)) if kind == "faces" else tuple(range(self.dice_per_round + 1))
        total = sum(observed)
        if total == 0:
            whose = "the class" if group is None else f"group {group!r}"
            what = "face counts" if kind == "faces" else "rounds"
            raise ValueError(f"{whose} has no {what} yet: enter some before testing them")
        expected = chances * total
        pooled_expected = stats.pool_cells(observed, expected, MIN_EXPECTED)[1]
        pooled = (
            stats.chi_square_fit(observed, chances, MIN_EXPECTED)
            if len(pooled_expected) > 1
            else None
        )
        small, method = None, "chi-square"
        # The curve wants every cell to expect MIN_EXPECTED. Rounds get there by pooling
        # neighbouring counts; neighbouring faces have nothing in common, so a face tally
        # with a face expecting fewer is tested whole, by the exact or simulated p-value.
        if pooled is None or (kind == "faces" and expected.min() < MIN_EXPECTED):
            if math.comb(total + len(cells) - 1, len(cells) - 1) <= EXACT_LIMIT:
                small, method = stats.chi_square_fit(observed, chances, 0, exact=True), "exact"
            else:
                rng = np.random.default_rng(seed)
                small = stats.chi_square_fit(observed, chances, 0, simulate=SIMULATIONS, rng=rng)
                method = "simulated"
        return TallyFit(
            kind, group, cells, tuple(observed), tuple(expected.tolist()), pooled, small, method
        )

    def compare(self, group_a: str, group_b: str) -> GroupComparison:
        """Return the two-proportion z-test of the share of dice counting for the face in two
        groups (face records and rounds pooled); it assumes independent dice."""
        for group in (group_a, group_b):
            if group is None:
                raise ValueError("compare: name two groups (the class is not a group)")
            self._check_whose(group)
        if group_a == group_b:
            raise ValueError(f"compare: {quote(group_a)} twice; pick two different groups")
        (ma, da), (mb, db) = self.matches(group_a), self.matches(group_b)
        test = stats.two_proportion_test(ma, da, mb, db)
        return GroupComparison(group_a, group_b, ma, da, mb, db, test)

    # ----- CSV --------------------------------------------------------------------------------

    def to_csv(self) -> str:
        """Return the tally as CSV text: the header, the settings, then each group's rows."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        for key, value in zip(SETTINGS, (self.dice_per_round, self.face, self.rules.wild)):
            writer.writerow(("", "setting", key, value))
        for group in self._groups:
            cell = csv_cell(group)  # the counts are ints, written as numbers
            for face, count in enumerate(self._faces.get(group, ()), 1):
                writer.writerow((cell, "face", face, count))
            for number, count in enumerate(self._rounds.get(group, ()), 1):
                writer.writerow((cell, "round", number, count))
        return out.getvalue()

    def merge_csv(self, text: str) -> tuple[Entry, ...]:
        """Return the entries read from CSV text after adding them as one entry (undo takes
        the whole file back); a bad row refuses the whole file."""
        batch = _read_csv(_csv_rows(text), self)
        self._add(batch)
        return batch

    @classmethod
    def from_csv(
        cls,
        text: str,
        rules: Rules | str = "blef",
        dice_per_round: int | None = None,
        face: int | None = None,
    ) -> Tally:
        """Return a new tally of the CSV text; dice_per_round and face come from its setting
        rows (else these arguments, else 15 and 5), the wild face must be the rules'."""
        rows = _csv_rows(text)
        settings = _csv_settings(rows)
        for name, given in (("dice_per_round", dice_per_round), ("face", face)):
            if given is not None and name in settings and settings[name] != given:
                raise ValueError(
                    f"{name}={quote(given)}, but the CSV's setting rows say {settings[name]}"
                )
        tally = cls(
            rules,
            settings.get("dice_per_round", 15 if dice_per_round is None else dice_per_round),
            settings.get("face", 5 if face is None else face),
        )
        tally._add(_read_csv(rows, tally))
        return tally

    # ----- display ----------------------------------------------------------------------------

    def _repr_html_(self) -> str:
        """Return the pooled tallies as an HTML table: a row per group and one for the class."""
        faces = "".join(
            f"<th>{html.escape(self.rules.face_name(f, plural=True))}</th>" for f in range(1, 7)
        )
        head = (
            f"<tr><th>group</th>{faces}<th>dice</th><th>rounds</th>"
            f"<th>{html.escape(self.counted)} per round</th>"
            f"<th>share counting for {html.escape(self.rules.face_name(self.face, True))}</th></tr>"
        )
        rows = [self._row_html(html.escape(g), g) for g in self._groups]
        rows.append(self._row_html("<b>whole class</b>", None))
        expected = float(odds.match_chance(self.face, self.rules))
        caption = (
            f"Pooled tallies. A round rolls {self.dice_per_round} dice and counts the "
            f"{html.escape(self.counted)}; with fair dice a round counts "
            f"{self.dice_per_round * expected:.2f} of them on average and a share of "
            f"{expected:.3f} of all dice counts."
        )
        return f"<table class='ld-tally'><caption>{caption}</caption>{head}{''.join(rows)}</table>"

    def _row_html(self, label: str, group: str | None) -> str:
        """Return one row of the table: a group's (None: the class's) pooled tallies."""
        faces, rounds = self.face_counts(group), self.rounds(group)
        counted, dice = self.matches(group)
        mean = f"{sum(rounds) / len(rounds):.2f}" if rounds else "–"
        share = f"{counted / dice:.3f}" if dice else "–"
        cells = "".join(f"<td>{c}</td>" for c in (*faces, sum(faces), len(rounds), mean, share))
        return f"<tr><td>{label}</td>{cells}</tr>"


# ----- reading CSV ----------------------------------------------------------------------------


def _csv_rows(text: object) -> list[tuple[int, list[str]]]:
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
    if not _WHOLE_NUMBER.fullmatch(text):
        raise ValueError(f"{where}: the {meaning or column} {quote(text)} is not a whole number")
    number = int(text)
    if not low <= number <= high:
        raise ValueError(f"{where}: the {meaning or column} {number} is not in {low}..{high:,}")
    return number


def _csv_settings(rows: list[tuple[int, list[str]]]) -> dict[str, int]:
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


def _read_csv(rows: list[tuple[int, list[str]]], tally: Tally) -> tuple[Entry, ...]:
    """Return the entries of CSV rows for `tally`: per group, its face counts and its rounds
    in the order of their numbers; raise ValueError naming the first bad line."""
    ours = {"dice_per_round": tally.dice_per_round, "face": tally.face, "wild": tally.rules.wild}
    for setting, value in _csv_settings(rows).items():
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
            tally._check_round(where, value)  # says "negative" or "more dice than rolled"
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
