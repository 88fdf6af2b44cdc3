"""The command line: `python -m liarsdice rules|ladder|odds|play|solve|stream|exercises|guide|figures`.

- rules: the presets table, the option table (allowed values, default,
  meaning) and the sources' errata, printed from the package itself.
- ladder: the bid ladder of a preset up to a quantity.
- odds: a bid's exact P(true) and P(exact) from one seat's view, and what a challenge costs;
  with --history and --model, P(true) also given the other players' bids (Bayes' rule).
- play: a game in the terminal against bots (liarsdice.terminal).
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
Each subcommand is one `_cmd_<name>(args)` function registered in `_parser()`.

Bad input never prints a traceback: main() prints one line on stderr, "liarsdice <command>:
<message quoting the input>", and returns 2 (argparse's own usage errors exit 2 as well); an
OSError writing a file is reported the same way. Ctrl-C prints "interrupted" and returns 130; a
closed pipe (`... | head`) ends quietly with 1. The limits (liarsdice.limits): a number on the
command line has at most MAX_NUMBER_CHARS characters, a text option at most MAX_TEXT; ladder
--max is 0..MAX_QUANTITY; odds --unknown 0..MAX_EXACT_UNKNOWN (with the known dice); play
--seed 0..MAX_SEED; a file read (guide --path) is a regular file of at most MAX_FILE_BYTES
bytes of UTF-8 text, else refused naming the file; the rest as the library checks them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
import textwrap
from collections.abc import Sequence

import numpy as np

from liarsdice import inference, odds, teach, terminal
from liarsdice.actions import action_text
from liarsdice.agents import BOTS
from liarsdice.bids import Bid
from liarsdice.checks import check_integer, check_seed, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS, MAX_QUANTITY, MAX_TEXT
from liarsdice.rules import ERRATA, OPTIONS, PRESETS, SOURCES, Rules, preset

MAX_NUMBER_CHARS = 50  # characters of a number on the command line (a 128-bit seed has 39)
MAX_FILE_BYTES = 10_000_000  # bytes of a text file read from the command line (--path)


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


def _cmd_rules(args: argparse.Namespace) -> None:
    """Print the presets table, the option table and the sources' errata."""
    print(presets_table())
    print()
    print(options_table())
    print()
    print(textwrap.fill("The sources: " + "; ".join(SOURCES.values()) + ".", 96))
    print("Errata and conflicts between them, as the presets read them:")
    for line in ERRATA:
        print(textwrap.fill(line, 96, initial_indent="- ", subsequent_indent="  "))


def _cmd_ladder(args: argparse.Namespace) -> None:
    """Print the ladder of a preset, one bid a line, with its rank and words.

    --max: 0..MAX_QUANTITY (the largest quantity printed).
    """
    check_integer("--max", args.max, 0, MAX_QUANTITY)
    rules = preset(args.rules)
    rows = [(rules.rank(b), str(b), rules.describe(b)) for b in rules.ladder(args.max)]
    print(f"The ladder of {args.rules} (ace rule {rules.ace_rule!r}), quantities up to {args.max}")
    print(format_table(["rank", "bid", "in words"], rows))


def _whole_number(text: str) -> int:
    """Return a command-line number as an int (argparse's type): at most MAX_NUMBER_CHARS
    characters, so that huge numbers are refused before any conversion."""
    if len(text) <= MAX_NUMBER_CHARS:
        try:
            return int(text)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(
        f"{quote(text)}: expected a whole number of at most {MAX_NUMBER_CHARS} characters"
    )


def _integers(text: str, name: str) -> tuple[int, ...]:
    """Return the integers written as "1,1,3,5,6" (empty text: none); ValueError quotes bad
    text (at most MAX_TEXT characters, each number at most MAX_NUMBER_CHARS)."""
    check_text(f"--{name}", text, MAX_TEXT)
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        if any(len(part) > MAX_NUMBER_CHARS for part in parts):
            raise ValueError
        return tuple(int(part) for part in parts)
    except ValueError:
        raise ValueError(
            f"--{name} {quote(text)}: expected integers separated by commas, such as 1,1,3,5,6"
        ) from None


def _cmd_odds(args: argparse.Namespace) -> None:
    """Print a bid's exact P(true), P(exact) and the expected dice lost if it is challenged;
    with --history, P(true) also given the other players' bids (liarsdice.inference).

    Everything is computed (and bad input refused) before anything is printed. Limits: --bid,
    --hand, --shown, --dice, --history and --model at most MAX_TEXT characters; --unknown plus
    the known dice at most MAX_EXACT_UNKNOWN (liarsdice.odds checks it); --bidder and
    --challenger are seats of --dice (without --dice: 0 and 1, the defaults).
    """
    for option in ("bid", "history", "model"):
        check_text(f"--{option}", getattr(args, option), MAX_TEXT)
    rules = preset(args.rules)
    bid = Bid.parse(args.bid, rules=rules)
    hand = _integers(args.hand, "hand")
    known = hand + _integers(args.shown, "shown")
    dice = _integers(args.dice, "dice") if args.dice else None
    if dice is None and (args.bidder, args.challenger) != (0, 1):
        raise ValueError(
            f"--bidder {args.bidder} --challenger {args.challenger}: seats need --dice (dice "
            "per seat); without it the bidder is seat 0 and the challenger seat 1"
        )
    view = dict(unknown=args.unknown, known=known, palifico=args.palifico)
    p_true = odds.bid_probability(bid, rules, exact=True, **view)
    p_exact = odds.p_exact(bid, rules, exact=True, **view)
    reading = _reading(args, rules, bid, hand, dice, float(p_true)) if args.history else None
    cost = None
    if dice is not None or known:
        cost = odds.challenge_cost(
            bid, rules, dice=dice, bidder=args.bidder, challenger=args.challenger, **view
        )
    print(
        f"{bid} ({rules.describe(bid)}) under {args.rules}: {args.unknown} unknown dice, "
        f"known {','.join(map(str, known)) or 'none'}"
    )
    print(f"P(true)  = {p_true} = {float(p_true):.6f}")
    print(f"P(exact) = {p_exact} = {float(p_exact):.6f}")
    if reading:
        print(reading)
    if cost is None:
        print("Give --hand (or --dice) to see what a challenge would cost each side.")
        return
    print(f"If challenged now (dice per seat {cost.dice}), expected dice lost:")
    print(f"  bidder, seat {cost.bidder}: {float(cost.expected_bidder_loss):.4f}")
    print(f"  challenger, seat {cost.challenger}: {float(cost.expected_challenger_loss):.4f}")


def _reading(
    args: argparse.Namespace,
    rules: Rules,
    bid: Bid,
    hand: tuple[int, ...],
    dice: tuple[int, ...] | None,
    naive: float,
) -> str:
    """Return P(true) naive and given the history of bids, side by side, as text."""
    if args.shown:
        raise ValueError("--shown with --history: shown dice belong to seats; leave --shown out")
    if dice is None:
        if not hand or args.unknown % len(hand):
            raise ValueError(
                f"--history: give --dice (dice per seat, you first), or a --hand whose size "
                f"divides the {args.unknown} unknown dice into seats"
            )
        dice = (len(hand),) * (1 + args.unknown // len(hand))
    moves = inference.parse_history(args.history)
    model = inference.parse_model(args.model)
    seat_view = inference.table_view(rules, dice, 0, hand, moves, palifico=args.palifico)
    read = inference.bid_probability(seat_view, bid, model)
    said = "; ".join(
        f"seat {s} bid {rules.describe(a)}" if isinstance(a, Bid) else f"seat {s}: {action_text(a)}"
        for s, a in seat_view.history
    )
    table = format_table(["", "naive (bids say nothing)", f"reading the bids ({args.model})"],
                         [["P(true)", f"{naive:.6f}", f"{float(read):.6f}"]])  # fmt: skip
    return f"Given the bids ({said}), under the bidder model {args.model}:\n{table}"


def _cmd_play(args: argparse.Namespace) -> None:
    """Play a game in the terminal against bots; a missing --seed draws one (and prints it).

    --seed: 0..MAX_SEED; --players and --seat as the rules and liarsdice.terminal check them.
    """
    seed = args.seed
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1)[0])
    seed = check_seed("--seed", seed)
    rules = preset(args.rules)
    terminal.play(rules, args.players, seed, bot=args.bot, seat=args.seat)


def _number(text: str) -> float:
    """Return a command-line number as a float (argparse's type), at most MAX_NUMBER_CHARS
    characters."""
    if len(text) <= MAX_NUMBER_CHARS:
        try:
            return float(text)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(
        f"{quote(text)}: expected a number of at most {MAX_NUMBER_CHARS} characters"
    )


def _cmd_solve(args: argparse.Namespace) -> None:
    """Solve a two-player endgame and write its file; print what it found and the path.

    Rules that play one round (or --single-round): the round game by CFR+, its solution file
    (solver.solution_path). Otherwise the whole-game endgame up to the dice given in all
    (solver.solve_endgame, calza left out), its endgame file (solver.endgame_path) and a table
    of every state's P(seat 0 wins).

    --dice: two counts (the opener's first), at most solver.MAX_DICE in all; --faces 2..6;
    --tolerance a finite number >= 0; --max-iterations as solver.solve checks it (default: as
    many as the work limit solver.cfr.MAX_WORK allows for the game);
    --out: the file (default: solver.solution_path in the cache folder).
    """
    from liarsdice import solver

    rules = preset(args.rules)
    dice = solver.check_size(_integers(args.dice, "dice"), args.faces)
    iterations = args.max_iterations  # None: as many as the work limit allows
    if not (rules.single_round or args.single_round):
        _write_endgame(args, rules, dice, iterations)
        return
    out = solver.solution_path(rules, dice, args.faces) if args.out is None else args.out
    try:
        solution = solver.solve(
            rules, dice, faces=args.faces, tolerance=args.tolerance, max_iterations=iterations
        )
    except ValueError as error:
        raise ValueError(f"the solver refused: {error}") from None
    path = solver.save_solution(solution, out)
    met = "" if solution.nash_conv <= args.tolerance else f" (tolerance {args.tolerance} not met)"
    print(f"{args.rules} {dice[0]} v {dice[1]} dice, {args.faces} faces: {solution.iterations} "
          f"iterations in {solution.seconds:.1f} s")  # fmt: skip
    print(f"value    = {solution.value:.6f} (for the opener)")
    print(f"NashConv = {solution.nash_conv:.2e}{met}")
    print(f"written to {path}")


def _write_endgame(
    args: argparse.Namespace, rules: Rules, dice: tuple[int, int], iterations: int | None
) -> None:
    """Solve the rules' endgame up to sum(dice) dice, write its file and print its table."""
    from liarsdice import solver

    if rules.calza:
        print("calza left out: a right calza gains a die, so the endgame would not close")
    rules = solver.endgame_rules(rules)
    most = max(2, sum(dice))
    out = solver.endgame_path(rules, args.faces, most) if args.out is None else args.out
    try:
        endgame = solver.solve_endgame(
            rules,
            faces=args.faces,
            max_dice=most,
            tolerance=args.tolerance,
            max_iterations=iterations,
        )
    except ValueError as error:
        raise ValueError(f"the solver refused: {error}") from None
    path = solver.save_endgame(endgame, out)
    print(f"{args.rules} endgame, at most {most} dice, {args.faces} faces: {endgame!r}")
    print(f"{'state':36}{'P(seat 0 wins)':>15}{'method':>8}{'bound':>10}  first bid")
    for row in endgame.table():
        state = f"{row['seat 0 dice']} v {row['seat 1 dice']}, seat {row['opener']} opens"
        state += ", palifico" if row["palifico"] else ""
        print(f"{state:36}{row['P(seat 0 wins)']:15.6f}{row['method']:>8}"
              f"{row['error bound']:10.1e}  {row['first bid']}")  # fmt: skip
    for note in endgame.notes:
        print(note)
    print(f"written to {path}")


def _cmd_stream(args: argparse.Namespace) -> None:
    """Run the streamed CFR+ solver for --minutes and print the value with its NashConv bound.

    --dice: two counts (the opener's first), at most stream.MAX_STREAM_DICE in all and
    stream.MAX_STREAM_STATES information states; --faces 2..6; --checkpoint: the folder (its run
    is resumed unless --restart); --minutes and --checkpoint-minutes numbers > 0;
    --report-every and --max-iterations 1..MAX_ITERATIONS; --tolerance a number >= 0.
    """
    from liarsdice.solver.stream import stream_solve

    result = stream_solve(
        preset(args.rules),
        _integers(args.dice, "dice"),
        args.faces,
        folder=args.checkpoint,
        minutes=args.minutes,
        max_iterations=args.max_iterations,
        report_every=args.report_every,
        checkpoint_minutes=args.checkpoint_minutes,
        tolerance=args.tolerance,
        restart=args.restart,
        progress=not args.no_progress,
        log=lambda line: print(line, flush=True),
    )
    print(result.summary(), flush=True)


def _cmd_exercises(args: argparse.Namespace) -> None:
    """Print the exercises' prompts (of one lesson with --lesson); refuse --solutions."""
    if args.solutions:
        raise ValueError(
            "--solutions: the answers are the teacher's, not printed here; "
            "python -m liarsdice assignments --out DIR writes them to DIR/solutions.md"
        )
    print(teach.sheet(args.lesson))


def _cmd_assignments(args: argparse.Namespace) -> None:
    """Write the nbgrader course (the teacher's sources, the student releases, the key)."""
    from liarsdice.teach.assignments import build

    lessons = None if args.lesson is None else list(_integers(args.lesson, "lesson"))
    root = build(args.out, lessons, args.notebooks)
    print(f"written to {root}: hand out {root / 'release'}; keep source/ and solutions.md")


def _text_file(option: str, path: str) -> str:
    """Return the text of a file named on the command line, after checking that it is a
    regular file (not a folder, a device or a pipe) of at most MAX_FILE_BYTES bytes of UTF-8
    text; else raise ValueError naming the option and the file."""
    check_text(option, path, MAX_TEXT)
    where = f"{option} {quote(path, limit=MAX_TEXT + 2)}"  # the whole path: it names the file
    try:
        status = os.stat(path)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise ValueError(f"{where}: {getattr(error, 'strerror', None) or error}") from None
    if not stat.S_ISREG(status.st_mode):
        kind = "a folder" if stat.S_ISDIR(status.st_mode) else "a device, a pipe or a socket"
        raise ValueError(f"{where} is {kind}, not a regular file")
    if status.st_size > MAX_FILE_BYTES:
        raise ValueError(f"{where} is larger than {MAX_FILE_BYTES:,} bytes, the limit")
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # bounded, whatever the file's size claims
    except OSError as error:
        raise ValueError(f"{where}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{where} is larger than {MAX_FILE_BYTES:,} bytes, the limit")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{where} is not UTF-8 text (byte {data[error.start]:#04x} at {error.start:,}): "
            "a binary file?"
        ) from None
    if "\x00" in text:
        raise ValueError(f"{where} holds a NUL byte: a binary file, not text")
    return text


def _cmd_guide(args: argparse.Namespace) -> None:
    """Rewrite the teacher's guide's generated exercises (or, with --check, check them).

    --path: a regular file of at most MAX_FILE_BYTES bytes of UTF-8 text (_text_file).
    """
    from liarsdice.teach.guide import write_guide

    _text_file("--path", args.path)  # refused with a message before write_guide reads it
    try:
        current = write_guide(args.path, check=args.check)
    except OSError as error:
        raise ValueError(f"--path {quote(args.path)}: {error.strerror or error}") from None
    if args.check and not current:
        raise ValueError(f"{quote(args.path)} is out of date: run `python -m liarsdice guide`")
    print(f"{args.path}: {'current' if current else 'rewritten'}")


def _cmd_figures(args: argparse.Namespace) -> None:
    """Write the static figures (SVG and PNG) into the output folder."""
    from liarsdice.figures import make_figures  # plays a tournament: only when asked

    try:
        paths = make_figures(args.out, args.format)
    except RuntimeError as error:
        raise ValueError(str(error)) from None
    for path in paths:
        print(path)


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
    ladder.add_argument("--max", type=_whole_number, default=6, help="the largest quantity")
    ladder.set_defaults(run=_cmd_ladder)
    odds_ = sub.add_parser("odds", help="the exact odds of a bid from one seat's view")
    _rules_argument(odds_)
    odds_.add_argument("--bid", required=True, help="the bid, such as 7x5 or '2 aces'")
    odds_.add_argument(
        "--unknown", type=_whole_number, required=True, help="dice this seat cannot see"
    )
    odds_.add_argument("--hand", default="", help="this seat's dice, such as 1,1,3,5,6")
    odds_.add_argument("--shown", default="", help="dice shown on the table, such as 2,2")
    odds_.add_argument("--palifico", action="store_true", help="a palifico round")
    odds_.add_argument(
        "--dice",
        default="",
        help="dice per seat, such as 5,5,5,5 (default: the bidder holds the unknown dice, the "
        "challenger the known ones)",
    )
    odds_.add_argument(
        "--bidder", type=_whole_number, default=0, help="the bidder's seat (with --dice)"
    )
    odds_.add_argument(
        "--history",
        default="",
        help="this round's bids as seat:bid, such as 1:3x5,2:4x5 (you are seat 0): adds "
        "P(true) given the bids",
    )
    odds_.add_argument(
        "--model",
        default="quantal:2",
        help="how the others bid (with --history): uniform, quantal:BETA, trembling:BOT:EPS",
    )
    odds_.add_argument("--challenger", type=_whole_number, default=1, help="the challenger's seat")
    odds_.set_defaults(run=_cmd_odds)
    play = sub.add_parser("play", help="play a game in the terminal against bots")
    _rules_argument(play)
    play.add_argument("--players", type=_whole_number, default=4, help="the number of seats")
    play.add_argument(
        "--seed", type=_whole_number, default=None, help="the seed (default: a fresh one)"
    )
    play.add_argument("--bot", default="threshold", choices=list(BOTS), help="the bots' kind")
    play.add_argument("--seat", type=_whole_number, default=0, help="your seat")
    play.set_defaults(run=_cmd_play)
    solve = sub.add_parser("solve", help="solve a small endgame and write its solution file")
    _rules_argument(solve)
    solve.add_argument("--dice", default="1,1", help="the opener's and the other's dice, 1,2")
    solve.add_argument("--faces", type=_whole_number, default=6, help="faces per die, 2..6")
    solve.add_argument("--tolerance", type=_number, default=1e-3, help="the NashConv to reach")
    solve.add_argument(
        "--max-iterations", type=_whole_number, default=None, help="CFR+ iterations at most"
    )
    solve.add_argument("--out", default=None, help="the file (default: in the cache folder)")
    solve.add_argument(
        "--single-round",
        action="store_true",
        help="solve one round (+-1 to its winner), not the whole game's endgame",
    )
    solve.set_defaults(run=_cmd_solve)
    stream = sub.add_parser(
        "stream", help="solve a round too large for memory by CFR+ streamed from disk"
    )
    _rules_argument(stream)
    stream.add_argument("--dice", default="2,2", help="the opener's and the other's dice, 2,2")
    stream.add_argument("--faces", type=_whole_number, default=6, help="faces per die, 2..6")
    stream.add_argument("--checkpoint", required=True, help="the checkpoint folder")
    stream.add_argument("--minutes", type=_number, default=60.0, help="this run's time budget")
    stream.add_argument(
        "--report-every", type=_whole_number, default=10, help="iterations between NashConv checks"
    )
    stream.add_argument(
        "--checkpoint-minutes", type=_number, default=10.0, help="minutes between checkpoints"
    )
    stream.add_argument(
        "--max-iterations", type=_whole_number, default=MAX_ITERATIONS, help="iterations in all"
    )
    stream.add_argument(
        "--tolerance", type=_number, default=0.0, help="stop at this NashConv (0: never)"
    )
    stream.add_argument("--restart", action="store_true", help="discard the folder's run")
    stream.add_argument("--no-progress", action="store_true", help="no progress bar")
    stream.set_defaults(run=_cmd_stream)
    exercises = sub.add_parser("exercises", help="the lessons' exercises (and their answers)")
    exercises.add_argument(
        "--lesson", type=_whole_number, default=None, help="one lesson, such as 04"
    )
    exercises.add_argument(
        "--solutions",
        action="store_true",
        help="refused: the answers are in the teacher's build (assignments)",
    )
    exercises.set_defaults(run=_cmd_exercises)
    assignments = sub.add_parser(
        "assignments", help="nbgrader releases for students, sources and key for the teacher"
    )
    assignments.add_argument("--out", required=True, help="the course folder to write")
    assignments.add_argument("--lesson", default=None, help="lessons, such as 4 or 1,2,3")
    assignments.add_argument("--notebooks", default=None, help="the folder of core/, advanced/")
    assignments.set_defaults(run=_cmd_assignments)
    guide = sub.add_parser("guide", help="write the teacher's guide's generated exercises")
    guide.add_argument("--path", default="docs/teaching.md", help="the guide to rewrite")
    guide.add_argument("--check", action="store_true", help="only check that it is current")
    guide.set_defaults(run=_cmd_guide)
    figures = sub.add_parser("figures", help="write the static figures as SVG and PNG")
    figures.add_argument("--out", default="figures", help="the output folder")
    figures.add_argument(
        "--format", nargs="+", default=["svg", "png"], choices=["svg", "png"], help="file types"
    )
    figures.set_defaults(run=_cmd_figures)
    return parser


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
    parser = _parser()
    args = parser.parse_args(argv)
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
