"""The command line: `python -m liarsdice rules|ladder|odds|play|figures`.

- rules: the presets table of RULES.md section 5, printed from the package itself.
- ladder: the bid ladder of a preset up to a quantity.
Each subcommand is one `_cmd_<name>(args)` function registered in `_parser()`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import fields

from liarsdice.rules import PRESETS, Rules, preset


def _format_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Return rows as a plain-text table with aligned columns."""
    cells = [list(map(str, header))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def presets_table() -> str:
    """Return the presets as a table of every Rules option (RULES.md section 5)."""
    names = [f.name for f in fields(Rules)]
    rows = [
        [name] + [getattr(rules, option) for option in names] for name, rules in PRESETS.items()
    ]
    return _format_table(["preset", *names], rows)


def _cmd_rules(args: argparse.Namespace) -> None:
    """Print the presets table."""
    print(presets_table())


def _cmd_ladder(args: argparse.Namespace) -> None:
    """Print the ladder of a preset, one bid a line, with its rank and words."""
    rules = preset(args.rules)
    rows = [(rules.rank(b), str(b), rules.describe(b)) for b in rules.ladder(args.max)]
    print(f"The ladder of {args.rules} (ace rule {rules.ace_rule!r}), quantities up to {args.max}")
    print(_format_table(["rank", "bid", "in words"], rows))


def _rules_argument(parser: argparse.ArgumentParser) -> None:
    """Add the --rules option (a preset name) to a subcommand."""
    parser.add_argument("--rules", default="blef", choices=list(PRESETS), help="the preset")


def _parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="liarsdice", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rules", help="print the presets table").set_defaults(run=_cmd_rules)
    ladder = sub.add_parser("ladder", help="print the bid ladder of a preset")
    _rules_argument(ladder)
    ladder.add_argument("--max", type=int, default=6, help="the largest quantity")
    ladder.set_defaults(run=_cmd_ladder)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 and a message for bad input)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except ValueError as error:
        print(f"liarsdice {args.command}: {error}", file=sys.stderr)
        return 2
    return 0
