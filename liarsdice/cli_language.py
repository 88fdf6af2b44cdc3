"""The command line in the language in force: argparse's own words and the numbers it prints.

- Parser: an argparse.ArgumentParser whose own words come from our catalogs, not from the
  standard library's gettext domain "argparse" (which has no Polish or Czech here): the usage
  prefix ("usage: ", through HelpFormatter), the group titles ("positional arguments",
  "options"), the -h help ("show this help message and exit") and the error line's prefix
  ("PROG: error: MESSAGE"; the message itself, argparse's or ours, stays English). Its
  subparsers are Parsers too (argparse makes them of the parent's class).
- HelpFormatter: argparse.HelpFormatter with the translated usage prefix; Parser's default.
- language_option(argv): the --language given before the subcommand (en, pl or cs), read
  before the parser is built, so that the help itself is in that language; None if none is
  given (or it is not a language: the full parser then refuses it with its usage).
Numbers it prints go through liarsdice.i18n (format_decimal_text for what an f-string wrote,
format_number for fixed decimals).

Every text is looked up when a parser is built or a number printed, never at import time.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from liarsdice.i18n import LANGUAGES
from liarsdice.i18n import translate as _


class HelpFormatter(argparse.HelpFormatter):
    """argparse's HelpFormatter with the usage prefix ("usage: ") in the language in force."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        """Add the usage line; argparse's default prefix is replaced by our translation."""
        if prefix is None:
            prefix = _("usage: ")
        super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose own words (usage prefix, group titles, -h help, error prefix)
    are in the language in force when it is built; arguments as ArgumentParser's."""

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument(
                "-h", "--help", action="help", help=_("show this help message and exit")
            )

    def error(self, message: str) -> NoReturn:
        """Print the usage and "PROG: error: MESSAGE" on stderr and exit with status 2."""
        self.print_usage(sys.stderr)
        line = _("{prog}: error: {message}").format(prog=self.prog, message=message)
        self.exit(2, line + "\n")


def language_option(argv: Sequence[str]) -> str | None:
    """Return the value of --language given before the subcommand, if it is one of
    i18n.LANGUAGES; else None (no --language, a missing value or another word, which the full
    parser refuses). Nothing is printed and nothing exits."""
    pre = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    pre.add_argument("--language")
    pre.add_argument("rest", nargs=argparse.REMAINDER)  # the subcommand and its arguments
    try:
        known, _unknown = pre.parse_known_args(list(argv))
    except argparse.ArgumentError:
        return None
    return known.language if known.language in LANGUAGES else None
