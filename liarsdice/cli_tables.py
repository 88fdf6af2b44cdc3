"""Plain-text tables, and the subcommands that print the rules: `rules` and `ladder`.

- format_table(header, rows, numbers_right): rows under a header with aligned columns (the
  command line's tables and the benchmarks').
- presets_table(): every preset's value of every Rules option.
- options_table(): each option's allowed values, default and meaning.
- run_rules(args): print both tables and the sources' errata (`python -m liarsdice rules`).
- run_ladder(args): print a preset's ladder up to --max, 0..MAX_QUANTITY (`... ladder`).
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence

from liarsdice.checks import check_integer
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules import ERRATA, OPTIONS, PRESETS, SOURCES, preset


def format_table(
    header: Sequence[str], rows: Sequence[Sequence[object]], numbers_right: bool = False
) -> str:
    """Return rows under a header as a plain-text table with aligned columns.

    numbers_right aligns every column but the first to the right (benchmark tables).
    """
    cells = [list(map(str, header))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if numbers_right and i else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip()

    return "\n".join([line(cells[0]), "  ".join("-" * w for w in widths), *map(line, cells[1:])])


def presets_table() -> str:
    """Return the presets as a table of every Rules option."""
    rows = [
        [name] + [getattr(rules, option) for option in OPTIONS] for name, rules in PRESETS.items()
    ]
    return format_table(["preset", *OPTIONS], rows)


def options_table() -> str:
    """Return the option table: each option's allowed values, default and meaning."""
    rows = [(o.name, o.values.describe(), repr(o.default), o.meaning) for o in OPTIONS.values()]
    return format_table(["option", "allowed values", "default", "meaning"], rows)


def run_rules(args: argparse.Namespace) -> None:
    """Print the presets table, the option table and the sources' errata."""
    print(presets_table())
    print()
    print(options_table())
    print()
    print(textwrap.fill("The sources: " + "; ".join(SOURCES.values()) + ".", 96))
    print("Errata and conflicts between them, as the presets read them:")
    for line in ERRATA:
        print(textwrap.fill(line, 96, initial_indent="- ", subsequent_indent="  "))


def run_ladder(args: argparse.Namespace) -> None:
    """Print the ladder of a preset, one bid a line, with its rank and words.

    --max: 0..MAX_QUANTITY (the largest quantity printed).
    """
    check_integer("--max", args.max, 0, MAX_QUANTITY)
    rules = preset(args.rules)
    rows = [(rules.rank(b), str(b), rules.describe(b)) for b in rules.ladder(args.max)]
    print(f"The ladder of {args.rules} (ace rule {rules.ace_rule!r}), quantities up to {args.max}")
    print(format_table(["rank", "bid", "in words"], rows))
