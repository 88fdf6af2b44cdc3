"""A class's tally of real rolls: entered by groups, pooled, tested against the exact odds.

The Tally class lives here; its parts live in three modules by idea, whose public names this
module re-exports: tally_entries (Entry, group names, typed numbers, the entry limits),
tally_fit (TallyFit, GroupComparison and the tests' rules) and tally_csv (the CSV format).

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
    every expected count is at least MIN_EXPECTED. Where the curve cannot be trusted (see
    tally_fit), the headline p-value is the unpooled table's, exact (at most EXACT_LIMIT
    tallies) or simulated (SIMULATIONS fair tallies, seeded); `method` says which.
  - compare(group_a, group_b) -> GroupComparison: the two-proportion z-test of the share of
    dice that count for `face` (it assumes every die is rolled independently).
  - to_csv(); merge_csv(text), a whole file added as one entry; Tally.from_csv(text, rules).
- TallyFit, GroupComparison, Entry: the results and the entries (frozen dataclasses).
- parse_numbers(text, what): the whole numbers in typed text ("12 9 11, 10 8 10").
- csv_cell(text), csv_text(cell): a text cell made safe for a spreadsheet, and back.

The CSV file (header group,kind,key,value; one row per number, setting rows first), and why a
group name that starts like a formula is written after a quote, are described in tally_csv;
from_csv(to_csv()) is an equal tally whose to_csv() is the same text.

Limits, enforced: MAX_GROUPS groups, names of at most MAX_NAME characters, MAX_DICE_PER_ROUND
dice per round, MAX_ENTRY_DICE dice in one typed entry, MAX_COUNT dice of one face per group,
MAX_ROUNDS rounds per group, MAX_CSV_CHARS characters of CSV. Bad input raises ValueError (or
ArgumentTypeError, a TypeError and a ValueError) quoting it, and changes nothing.

Language: `counted` and the HTML table (headings, caption, decimals) are in the language in
force (liarsdice.i18n) when they are read; error messages and the CSV file (its header, kinds
and setting names) stay English, so a file loads in any language.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from liarsdice import odds
from liarsdice.checks import check_faces, check_integer, quote
from liarsdice.i18n import format_number, n_
from liarsdice.i18n import translate as _
from liarsdice.rules import Rules, resolve
from liarsdice.stats_tests import two_proportion_test
from liarsdice.tally_csv import (
    CSV_HEADER,
    FORMULA_STARTS,
    MAX_CSV_CHARS,
    SETTINGS,
    csv_cell,
    csv_rows,
    csv_settings,
    csv_text,
    read_entries,
    write_csv,
)
from liarsdice.tally_entries import (
    KINDS,
    MAX_COUNT,
    MAX_DICE_PER_ROUND,
    MAX_ENTRY_DICE,
    MAX_GROUPS,
    MAX_NAME,
    MAX_ROUNDS,
    MODES,
    Entry,
    check_group,
    check_limits,
    check_round,
    parse_numbers,
    whole_numbers,
)
from liarsdice.tally_fit import (
    EXACT_LIMIT,
    MIN_EXPECTED,
    SIMULATIONS,
    GroupComparison,
    TallyFit,
    fit_table,
)

__all__ = [
    "CSV_HEADER",
    "EXACT_LIMIT",
    "FORMULA_STARTS",
    "KINDS",
    "MAX_COUNT",
    "MAX_CSV_CHARS",
    "MAX_DICE_PER_ROUND",
    "MAX_ENTRY_DICE",
    "MAX_GROUPS",
    "MAX_NAME",
    "MAX_ROUNDS",
    "MIN_EXPECTED",
    "MODES",
    "SETTINGS",
    "SIMULATIONS",
    "Entry",
    "GroupComparison",
    "Tally",
    "TallyFit",
    "check_group",
    "csv_cell",
    "csv_text",
    "parse_numbers",
]


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
        """Return the faces a round counts in words, in the language in force: "fives and
        aces", or "aces" for the wild."""
        names = [self.rules.face_name(f, plural=True) for f in self.counted_faces]
        if len(names) == 1:
            return names[0]
        return _("{first} and {second}").format(first=names[0], second=names[1])

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
        counts = whole_numbers(what, counts)
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
        counts = whole_numbers(what, counts)
        if not 0 < len(counts) <= MAX_ROUNDS:
            raise ValueError(f"{what} {quote(counts)}: expected 1..{MAX_ROUNDS:,} rounds")
        bad = [c for c in counts if not 0 <= c <= self.dice_per_round]
        if bad:  # quote the entry only then: quoting it per round is slow for long entries
            check_round(f"{what} {quote(counts)}", bad[0], self.dice_per_round)
        return self._add((Entry(check_group(group), "rounds", counts),))

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
        check_limits(batch, self._groups, self._faces, self._rounds)
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
        if sum(observed) == 0:
            whose = "the class" if group is None else f"group {group!r}"
            what = "face counts" if kind == "faces" else "rounds"
            raise ValueError(f"{whose} has no {what} yet: enter some before testing them")
        return fit_table(kind, group, cells, observed, chances, seed)

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
        test = two_proportion_test(ma, da, mb, db)
        return GroupComparison(group_a, group_b, ma, da, mb, db, test)

    # ----- CSV --------------------------------------------------------------------------------

    def to_csv(self) -> str:
        """Return the tally as CSV text: the header, the settings, then each group's rows."""
        return write_csv(
            (self.dice_per_round, self.face, self.rules.wild),
            [(g, self._faces.get(g, ()), self._rounds.get(g, ())) for g in self._groups],
        )

    def merge_csv(self, text: str) -> tuple[Entry, ...]:
        """Return the entries read from CSV text after adding them as one entry (undo takes
        the whole file back); a bad row refuses the whole file."""
        batch = read_entries(csv_rows(text), self)
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
        rows = csv_rows(text)
        settings = csv_settings(rows)
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
        tally._add(read_entries(rows, tally))
        return tally

    # ----- display ----------------------------------------------------------------------------

    def _repr_html_(self) -> str:
        """Return the pooled tallies as an HTML table: a row per group and one for the class."""
        headings = (
            _("group"),
            *(self.rules.face_name(f, plural=True) for f in range(1, 7)),
            _("dice"),
            _("rounds"),
            _("{counted} per round").format(counted=self.counted),
            _("share counting for {face}").format(face=self.rules.face_name(self.face, True)),
        )
        head = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headings) + "</tr>"
        rows = [self._row_html(html.escape(g), g) for g in self._groups]
        whole = html.escape(_("whole class"))
        rows.append(self._row_html(f"<b>{whole}</b>", None))
        expected = float(odds.match_chance(self.face, self.rules))
        caption = n_(
            "A round rolls {n} die and counts the {counted}; with fair dice a round counts "
            "{mean} of them on average and a share of {share} of all dice counts.",
            "A round rolls {n} dice and counts the {counted}; with fair dice a round counts "
            "{mean} of them on average and a share of {share} of all dice counts.",
            self.dice_per_round,
        ).format(
            n=self.dice_per_round,
            counted=self.counted,
            mean=format_number(self.dice_per_round * expected, 2),
            share=format_number(expected, 3),
        )
        caption = html.escape(_("Pooled tallies.") + " " + caption)
        return f"<table class='ld-tally'><caption>{caption}</caption>{head}{''.join(rows)}</table>"

    def _row_html(self, label: str, group: str | None) -> str:
        """Return one row of the table: a group's (None: the class's) pooled tallies."""
        faces, rounds = self.face_counts(group), self.rounds(group)
        counted, dice = self.matches(group)
        mean = format_number(sum(rounds) / len(rounds), 2) if rounds else "–"
        share = format_number(counted / dice, 3) if dice else "–"
        cells = "".join(f"<td>{c}</td>" for c in (*faces, sum(faces), len(rounds), mean, share))
        return f"<tr><td>{label}</td>{cells}</tr>"
