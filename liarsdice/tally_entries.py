"""What a class enters in its tally: the entries, the group names, typed numbers, and the
limits that every entry keeps (liarsdice.tally re-exports every name but the helpers).

- Entry(group, kind, values): one group's entry, six face counts (kind "faces") or the counts
  of its rounds (kind "rounds").
- check_group(name): a group name, 1..MAX_NAME printable characters, its outer spaces removed.
- parse_numbers(text, what): the whole numbers in typed text ("12 9 11, 10 8 10").
- whole_numbers(what, values): a sequence of whole numbers as a tuple of plain ints.
- check_round(where, count, dice_per_round): a round's count of dice in 0..dice_per_round.
- check_limits(batch, groups, faces, rounds): whether entries fit in a tally's limits.
- WHOLE_NUMBER: the pattern of a whole number as typed or read from a CSV cell (15 digits).
- KINDS ("faces", "rounds"), MODES (what add_entry's text holds) and the limits MAX_GROUPS,
  MAX_NAME, MAX_DICE_PER_ROUND, MAX_ENTRY_DICE, MAX_COUNT and MAX_ROUNDS (beside each, what
  it bounds).

Bad input raises ValueError (or ArgumentTypeError, a TypeError and a ValueError) quoting it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from liarsdice.checks import is_integer, quote
from liarsdice.errors import ArgumentTypeError

KINDS = ("faces", "rounds")  # the two kinds of record, and of fit
MODES = ("counts", "faces", "rounds")  # what add_entry's text holds: six counts, faces, rounds
MAX_GROUPS = 40
MAX_NAME = 30  # characters of a group name
MAX_DICE_PER_ROUND = 100
MAX_ENTRY_DICE = 100_000  # dice in one typed entry (six counts, or faces listed)
MAX_COUNT = 10_000_000  # dice of one face in one group's pooled tally
MAX_ROUNDS = 10_000  # rounds in one group's tally
WHOLE_NUMBER = re.compile(r"[+-]?\d{1,15}")


@dataclass(frozen=True)
class Entry:
    """One group's entry: six face counts (kind "faces") or round counts (kind "rounds")."""

    group: str
    kind: str
    values: tuple[int, ...]


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
        if not WHOLE_NUMBER.fullmatch(token):
            if re.fullmatch(r"[+-]?\d+", token):  # a whole number, too long to read
                raise ValueError(f"{what} {quote(text)}: {quote(token)} has more than 15 digits")
            raise ArgumentTypeError(f"{what} {quote(text)}: {quote(token)} is not a whole number")
    return tuple(int(token) for token in tokens)


def whole_numbers(what: str, values: object) -> tuple[int, ...]:
    """Return `values` as a tuple of plain ints; raise quoting the first that is not one."""
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise ArgumentTypeError(f"{what} {quote(values)}: expected a sequence of whole numbers")
    items = tuple(values)
    for item in items:
        if not is_integer(item):
            raise ArgumentTypeError(f"{what} {quote(items)}: {quote(item)} is not a whole number")
    return tuple(int(item) for item in items)


def check_round(where: str, count: int, dice_per_round: int) -> None:
    """Raise, after `where` (the input quoted), unless `count` is in 0..dice_per_round."""
    if count < 0:
        raise ValueError(f"{where}: the count {count} is negative")
    if count > dice_per_round:
        raise ValueError(
            f"{where}: {count} is more dice than the {dice_per_round} rolled in a round"
        )


def check_limits(
    batch: tuple[Entry, ...],
    groups: Sequence[str],
    faces: Mapping[str, Sequence[int]],
    rounds: Mapping[str, Sequence[int]],
) -> None:
    """Raise if adding `batch` to a tally of these groups (in order), face counts and rounds
    (per group) would pass MAX_GROUPS, MAX_COUNT or MAX_ROUNDS."""
    groups = list(dict.fromkeys([*groups, *(e.group for e in batch)]))
    if len(groups) > MAX_GROUPS:
        raise ValueError(
            f"{len(groups)} groups ({quote(groups[MAX_GROUPS:])} new): a tally holds at most "
            f"{MAX_GROUPS} groups"
        )
    for group in groups:
        counts = list(faces.get(group, [0] * 6))
        played = len(rounds.get(group, ()))
        for entry in (e for e in batch if e.group == group):
            if entry.kind == "faces":
                counts = [a + b for a, b in zip(counts, entry.values)]
            else:
                played += len(entry.values)
        if max(counts) > MAX_COUNT:
            raise ValueError(
                f"group {quote(group)}: {max(counts):,} dice of one face; a group's tally "
                f"holds at most {MAX_COUNT:,}"
            )
        if played > MAX_ROUNDS:
            raise ValueError(
                f"group {quote(group)}: {played:,} rounds; a group's tally holds at most "
                f"{MAX_ROUNDS:,}"
            )
