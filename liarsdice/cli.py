"""The command line: `python -m liarsdice rules|ladder|odds|play|profile|solve|stream|...`.

- rules: the presets table, the option table (allowed values, default,
  meaning) and the sources' errata, printed from the package itself.
- ladder: the bid ladder of a preset up to a quantity.
- odds: a bid's exact P(true) and P(exact) from one seat's view, and what a challenge costs;
  with --history and --model, P(true) also given the other players' bids (Bayes' rule).
- play: a game in the terminal against bots (liarsdice.terminal).
- profile: how one seat bids, fitted from saved games (liarsdice.profiles): a family's
  estimate, its profile-likelihood and credible intervals, the bluff rate and the comparison
  of the bidder families.
- solve: solve a small endgame (liarsdice.solver) and write its solution file, by default
  into the cache folder that SolverBot reads.
- stream: solve a round too large for memory (2 v 2 on six faces) by CFR+ streamed from a
  checkpoint folder (liarsdice.solver.stream), for a time budget; resumes the folder's run.
- exercises: the lessons' exercises (liarsdice.teach), without answers (--solutions is refused:
  the answers are in the teacher's build, written by `assignments`).
- assignments: each lesson as an nbgrader assignment: the teacher's source (solutions, hidden
  tests), the student release, and solutions.md (liarsdice.teach.assignments).
- guide: rewrite the generated exercises of docs/teaching.md (--check: say if it is current).
- figures: the static figures (SVG and PNG) of figures/.
Each subcommand is one `run_<name>(args)` function in the module of its group, registered in
`build_parser()`: cli_tables (rules, ladder, and format_table, presets_table, options_table),
cli_games (odds, play), cli_profile (profile), cli_solver (solve, stream), cli_course (exercises, assignments,
guide, figures); cli_inputs reads numbers, lists of integers and files (MAX_NUMBER_CHARS,
MAX_FILE_BYTES); cli_language puts argparse's own words in the language in force. This module
keeps the parser (build_parser()) and main(), and re-exports those public names.

The language: `python -m liarsdice --language pl odds ...` (en, pl or cs, before the
subcommand) calls liarsdice.set_language; without it the environment variable
LIARSDICE_LANGUAGE, else the system's locale, decides (liarsdice.i18n), and English is the
default. Every subcommand's help (descriptions, argument help, and argparse's own "usage:",
group titles, -h help and error prefix, through cli_language.Parser) and every line printed for
a reader (headings, sentences; decimals with the language's decimal sign) come from the
catalogs, in Polish and Czech as in English; --language is read before the parser is built, so
`--language cs odds --help` is Czech. Error messages stay English, and so do the names the
command line takes (subcommands, options, presets, bots) and bids written as 7x5. main()
called from Python with --language leaves that language set, as set_language does.

Bad input never prints a traceback: main() prints one line on stderr, "liarsdice <command>:
<message quoting the input>", and returns 2 (argparse's own usage errors exit 2 as well; a
LIARSDICE_LANGUAGE that is not en, pl or cs is refused as "liarsdice: <message>"); an
OSError writing a file is reported the same way. Ctrl-C prints "interrupted" and returns 130; a
closed pipe (`... | head`) ends quietly with 1. The limits (liarsdice.limits): a number on the
command line has at most MAX_NUMBER_CHARS characters, a text option at most MAX_TEXT; ladder
--max is 0..MAX_QUANTITY; odds --unknown 0..MAX_EXACT_UNKNOWN (with the known dice); play
--seed 0..MAX_SEED; profile reads at most cli_profile.MAX_PROFILE_FILES game files; a file
read (guide --path, profile's games) is a regular file of at most MAX_FILE_BYTES
bytes of UTF-8 text, else refused naming the file; the rest as the library checks them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from liarsdice import profiles
from liarsdice.agents import BOTS
from liarsdice.checks import quote
from liarsdice.cli_course import run_assignments, run_exercises, run_figures, run_guide
from liarsdice.cli_games import run_odds, run_play
from liarsdice.cli_inputs import MAX_FILE_BYTES, MAX_NUMBER_CHARS, number, whole_number
from liarsdice.cli_language import Parser, language_option
from liarsdice.cli_profile import run_profile
from liarsdice.cli_solver import run_solve, run_stream
from liarsdice.cli_tables import format_table, options_table, presets_table, run_ladder, run_rules
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import LANGUAGES, language, set_language
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import PRESETS

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NUMBER_CHARS",
    "build_parser",
    "format_table",
    "main",
    "options_table",
    "presets_table",
]


def _rules_argument(parser: argparse.ArgumentParser) -> None:
    """Add the --rules option (a preset name) to a subcommand."""
    parser.add_argument("--rules", default="blef", choices=list(PRESETS), help=_("the preset"))


def _command(
    sub: argparse._SubParsersAction[Parser],
    name: str,
    text: str,
    run: Callable[[argparse.Namespace], None],
) -> argparse.ArgumentParser:
    """Register the subcommand `name`, running `run`; `text` is its line in the main help and
    the description of its own help."""
    command = sub.add_parser(name, help=text, description=text)
    command.set_defaults(run=run)
    return command


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered, its texts in the language
    in force (looked up now: call set_language first). main() builds it after reading
    --language; tests read its help texts."""
    parser = Parser(
        prog="liarsdice",
        description=_(
            "Liar's dice on the command line: the rules, the odds of a bid, a game against "
            "bots, the solver and the course's exercises."
        ),
    )
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=None,
        help=_(
            "the language of the help and of the output (default: the environment variable "
            "LIARSDICE_LANGUAGE, else the system's locale, else English)"
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _command(sub, "rules", _("print the presets table"), run_rules)
    ladder = _command(sub, "ladder", _("print the bid ladder of a preset"), run_ladder)
    _rules_argument(ladder)
    ladder.add_argument("--max", type=whole_number, default=6, help=_("the largest quantity"))
    _odds_arguments(
        _command(sub, "odds", _("the exact odds of a bid from one seat's view"), run_odds)
    )
    play = _command(sub, "play", _("play a game in the terminal against bots"), run_play)
    _rules_argument(play)
    play.add_argument("--players", type=whole_number, default=4, help=_("the number of seats"))
    play.add_argument(
        "--seed", type=whole_number, default=None, help=_("the seed (default: a fresh one)")
    )
    play.add_argument("--bot", default="threshold", choices=list(BOTS), help=_("the bots' kind"))
    play.add_argument("--seat", type=whole_number, default=0, help=_("your seat"))
    profile = _command(sub, "profile", _("how one seat bids, fitted from saved games"), run_profile)
    profile.add_argument("games", nargs="+", metavar="GAME.json", help=_("saved games (to_json)"))
    profile.add_argument("--seat", type=whole_number, required=True, help=_("the seat to read"))
    profile.add_argument(
        "--family", default="quantal", choices=list(profiles.FAMILIES), help=_("the model to fit")
    )
    profile.add_argument(
        "--level", type=number, default=0.95, help=_("the intervals' level, such as 0.9")
    )
    profile.add_argument(
        "--bot", default="expected_loss", choices=list(BOTS), help=_("trembling's bot")
    )
    _solver_arguments(sub)
    _course_arguments(sub)
    return parser


def _odds_arguments(odds_: argparse.ArgumentParser) -> None:
    """Add the arguments of `odds`."""
    _rules_argument(odds_)
    odds_.add_argument("--bid", required=True, help=_("the bid, such as 7x5 or '2 aces'"))
    odds_.add_argument(
        "--unknown", type=whole_number, required=True, help=_("dice this seat cannot see")
    )
    odds_.add_argument("--hand", default="", help=_("this seat's dice, such as 1,1,3,5,6"))
    odds_.add_argument("--shown", default="", help=_("dice shown on the table, such as 2,2"))
    odds_.add_argument("--palifico", action="store_true", help=_("a palifico round"))
    odds_.add_argument(
        "--dice",
        default="",
        help=_(
            "dice per seat, such as 5,5,5,5 (default: the bidder holds the unknown dice, the "
            "challenger the known ones)"
        ),
    )
    odds_.add_argument(
        "--bidder", type=whole_number, default=0, help=_("the bidder's seat (with --dice)")
    )
    odds_.add_argument(
        "--history",
        default="",
        help=_(
            "this round's bids as seat:bid, such as 1:3x5,2:4x5 (you are seat 0): adds "
            "P(true) given the bids"
        ),
    )
    odds_.add_argument(
        "--model",
        default="quantal:2",
        help=_("how the others bid (with --history): uniform, quantal:BETA, trembling:BOT:EPS"),
    )
    odds_.add_argument(
        "--challenger", type=whole_number, default=1, help=_("the challenger's seat")
    )


def _solver_arguments(sub: argparse._SubParsersAction[Parser]) -> None:
    """Register `solve` and `stream`."""
    solve = _command(
        sub, "solve", _("solve a small endgame and write its solution file"), run_solve
    )
    _rules_argument(solve)
    solve.add_argument(
        "--dice", default="1,1", help=_("the opener's and the other's dice, such as 1,2")
    )
    solve.add_argument("--faces", type=whole_number, default=6, help=_("faces per die, 2..6"))
    solve.add_argument("--tolerance", type=number, default=1e-3, help=_("the NashConv to reach"))
    solve.add_argument(
        "--max-iterations", type=whole_number, default=None, help=_("CFR+ iterations at most")
    )
    solve.add_argument("--out", default=None, help=_("the file (default: in the cache folder)"))
    solve.add_argument(
        "--single-round",
        action="store_true",
        help=_("solve one round (+-1 to its winner), not the whole game's endgame"),
    )
    stream = _command(
        sub,
        "stream",
        _("solve a round too large for memory by CFR+ streamed from disk"),
        run_stream,
    )
    _rules_argument(stream)
    stream.add_argument(
        "--dice", default="2,2", help=_("the opener's and the other's dice, such as 2,2")
    )
    stream.add_argument("--faces", type=whole_number, default=6, help=_("faces per die, 2..6"))
    stream.add_argument("--checkpoint", required=True, help=_("the checkpoint folder"))
    stream.add_argument("--minutes", type=number, default=60.0, help=_("this run's time budget"))
    stream.add_argument(
        "--report-every",
        type=whole_number,
        default=10,
        help=_("iterations between NashConv checks"),
    )
    stream.add_argument(
        "--checkpoint-minutes", type=number, default=10.0, help=_("minutes between checkpoints")
    )
    stream.add_argument(
        "--max-iterations",
        type=whole_number,
        default=MAX_ITERATIONS,
        help=_("iterations in all"),
    )
    stream.add_argument(
        "--tolerance", type=number, default=0.0, help=_("stop at this NashConv (0: never)")
    )
    stream.add_argument("--restart", action="store_true", help=_("discard the folder's run"))
    stream.add_argument("--no-progress", action="store_true", help=_("no progress bar"))


def _course_arguments(sub: argparse._SubParsersAction[Parser]) -> None:
    """Register `exercises`, `assignments`, `guide` and `figures`."""
    exercises = _command(
        sub, "exercises", _("the lessons' exercises (and their answers)"), run_exercises
    )
    exercises.add_argument(
        "--lesson", type=whole_number, default=None, help=_("one lesson, such as 04")
    )
    exercises.add_argument(
        "--solutions",
        action="store_true",
        help=_("refused: the answers are in the teacher's build (assignments)"),
    )
    assignments = _command(
        sub,
        "assignments",
        _("nbgrader releases for students, sources and key for the teacher"),
        run_assignments,
    )
    assignments.add_argument("--out", required=True, help=_("the course folder to write"))
    assignments.add_argument("--lesson", default=None, help=_("lessons, such as 4 or 1,2,3"))
    assignments.add_argument("--notebooks", default=None, help=_("the folder of core/, advanced/"))
    guide = _command(sub, "guide", _("write the teacher's guide's generated exercises"), run_guide)
    guide.add_argument("--path", default="docs/teaching.md", help=_("the guide to rewrite"))
    guide.add_argument("--check", action="store_true", help=_("only check that it is current"))
    figures = _command(sub, "figures", _("write the static figures as SVG and PNG"), run_figures)
    figures.add_argument("--out", default="figures", help=_("the output folder"))
    figures.add_argument(
        "--format",
        nargs="+",
        default=["svg", "png"],
        choices=["svg", "png"],
        help=_("file types"),
    )


def _one_line(text: str) -> str:
    """Return a message on one line (newlines become spaces)."""
    return " ".join(text.split())


def _os_error_text(error: OSError) -> str:
    """Return an OSError as "No such file or directory: '/x'" (the file quoted, shortened)."""
    reason = error.strerror or str(error) or type(error).__name__
    return f"{reason}: {quote(error.filename)}" if error.filename is not None else reason


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 and a one-line message for bad input).

    argv: the arguments (None: sys.argv[1:]), a sequence of str. Bad arguments print
    "liarsdice <command>: <message>" on stderr and return 2 (argparse's usage errors raise
    SystemExit(2) after their usage line); an OSError writing a file returns 2 too; Ctrl-C
    returns 130 and a closed stdout pipe 1, without a traceback.
    """
    if argv is not None and (
        isinstance(argv, str | bytes)
        or not isinstance(argv, Sequence)
        or not all(isinstance(item, str) for item in argv)
    ):
        raise ArgumentTypeError(f"argv={quote(argv)}: expected a list of str, or None")
    if argv is None:
        argv = sys.argv[1:]
    chosen = language_option(argv)  # before the parser is built, so its help is in it
    if chosen is not None:
        set_language(chosen)
    try:
        language()  # a bad LIARSDICE_LANGUAGE is refused here, before any text is looked up
    except ValueError as error:
        print(f"liarsdice: {_one_line(str(error))}", file=sys.stderr)
        return 2
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (ValueError, TypeError) as error:
        print(f"liarsdice {args.command}: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `python -m liarsdice ladder | head`: the reader left
        with contextlib.suppress(OSError, ValueError):  # stdout may be no real file (a test's)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as error:
        print(f"liarsdice {args.command}: {_one_line(_os_error_text(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"liarsdice {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0
