"""Plain-text tables, and the subcommands that print the rules: `rules` and `ladder`.

- format_table(header, rows, numbers_right): rows under a header with aligned columns (the
  command line's tables and the benchmarks').
- presets_table(): every preset's value of every Rules option.
- options_table(): each option's allowed values, default and meaning.
- run_rules(args): print both tables and the sources' errata (`python -m liarsdice rules`).
- run_ladder(args): print a preset's ladder up to --max, 0..MAX_QUANTITY (`... ladder`).

Headings and sentences are in the language in force (liarsdice.i18n), looked up when printed;
option names, preset names and values stay as the code spells them.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence

from liarsdice.checks import check_integer
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules import ERRATA, OPTIONS, PRESETS, SOURCES, preset
from liarsdice.rules_options import Choice, Flag, Whole


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
    return format_table([_("preset"), *OPTIONS], rows)


def values_text(values: Choice | Flag | Whole) -> str:
    """Return an option's allowed values in the language in force: Whole's words translated,
    the listed values (Python literals, what you type) as they are."""
    if isinstance(values, Whole):
        said = (
            _("an integer {low}..{high}")
            if values.high is not None
            else _("an integer {low} or more")
        )
        said = said.format(low=values.low, high=values.high)
        return _("None or {values}").format(values=said) if values.optional else said
    return values.describe()  # Choice and Flag list the values as you type them


def options_table() -> str:
    """Return the option table: each option's allowed values, default and meaning."""
    rows = [
        (o.name, values_text(o.values), repr(o.default), _(o.meaning)) for o in OPTIONS.values()
    ]
    header = [_("option"), _("allowed values"), _("default"), _("meaning")]
    return format_table(header, rows)


def run_rules(args: argparse.Namespace) -> None:
    """Print the presets table, the option table and the sources' errata."""
    print(presets_table())
    print()
    print(options_table())
    print()
    print(
        textwrap.fill(
            _("The sources: {sources}.").format(sources="; ".join(map(_, SOURCES.values()))), 96
        )
    )
    print(_("Errata and conflicts between them, as the presets read them:"))
    for line in ERRATA:
        print(textwrap.fill(_(line), 96, initial_indent="- ", subsequent_indent="  "))


def run_ladder(args: argparse.Namespace) -> None:
    """Print the ladder of a preset, one bid a line, with its rank and words.

    --max: 0..MAX_QUANTITY (the largest quantity printed).
    """
    check_integer("--max", args.max, 0, MAX_QUANTITY)
    rules = preset(args.rules)
    rows = [(rules.rank(b), str(b), rules.describe(b)) for b in rules.ladder(args.max)]
    title = _("The ladder of {rules} (ace rule {ace_rule!r}), quantities up to {max}")
    print(title.format(rules=args.rules, ace_rule=rules.ace_rule, max=args.max))
    print(format_table([_("rank"), _("bid"), _("in words")], rows))
