"""The command line: `python -m liarsdice rules|ladder|odds|play|exercises|guide|figures`.

- rules: the presets table, the option table (allowed values, default,
  meaning) and the sources' errata, printed from the package itself.
- ladder: the bid ladder of a preset up to a quantity.
- odds: a bid's exact P(true) and P(exact) from one seat's view, and what a challenge costs;
  with --history and --model, P(true) also given the other players' bids (Bayes' rule).
- play: a game in the terminal against bots (liarsdice.terminal).
- exercises: the lessons' exercises (liarsdice.teach), with --solutions the teacher's answers.
- guide: rewrite the generated exercises of docs/teaching.md (--check: say if it is current).
- figures: the static figures (SVG and PNG) of figures/.
Each subcommand is one `_cmd_<name>(args)` function registered in `_parser()`.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

import numpy as np

from liarsdice import inference, odds, teach, terminal
from liarsdice.agents import BOTS
from liarsdice.bids import Bid
from liarsdice.rules import ERRATA, OPTIONS, PRESETS, SOURCES, Rules, preset


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
    """Print the ladder of a preset, one bid a line, with its rank and words."""
    rules = preset(args.rules)
    rows = [(rules.rank(b), str(b), rules.describe(b)) for b in rules.ladder(args.max)]
    print(f"The ladder of {args.rules} (ace rule {rules.ace_rule!r}), quantities up to {args.max}")
    print(format_table(["rank", "bid", "in words"], rows))


def _integers(text: str, name: str) -> tuple[int, ...]:
    """Return the integers written as "1,1,3,5,6" (empty text: none); ValueError quotes bad text."""
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ValueError(
            f"--{name} {text!r}: expected integers separated by commas, such as 1,1,3,5,6"
        ) from None


def _cmd_odds(args: argparse.Namespace) -> None:
    """Print a bid's exact P(true), P(exact) and the expected dice lost if it is challenged;
    with --history, P(true) also given the other players' bids (liarsdice.inference)."""
    rules = preset(args.rules)
    bid = Bid.parse(args.bid, rules=rules)
    hand = _integers(args.hand, "hand")
    known = hand + _integers(args.shown, "shown")
    dice = _integers(args.dice, "dice") if args.dice else None
    view = dict(unknown=args.unknown, known=known, palifico=args.palifico)
    p_true = odds.bid_probability(bid, rules, exact=True, **view)
    p_exact = odds.p_exact(bid, rules, exact=True, **view)
    print(
        f"{bid} ({rules.describe(bid)}) under {args.rules}: {args.unknown} unknown dice, "
        f"known {','.join(map(str, known)) or 'none'}"
    )
    print(f"P(true)  = {p_true} = {float(p_true):.6f}")
    print(f"P(exact) = {p_exact} = {float(p_exact):.6f}")
    if args.history:
        _print_reading(args, rules, bid, hand, dice, float(p_true))
    if dice is None and not known:
        print("Give --hand (or --dice) to see what a challenge would cost each side.")
        return
    cost = odds.challenge_cost(
        bid, rules, dice=dice, bidder=args.bidder, challenger=args.challenger, **view
    )
    print(f"If challenged now (dice per seat {cost.dice}), expected dice lost:")
    print(f"  bidder, seat {cost.bidder}: {float(cost.expected_bidder_loss):.4f}")
    print(f"  challenger, seat {cost.challenger}: {float(cost.expected_challenger_loss):.4f}")


def _print_reading(
    args: argparse.Namespace,
    rules: Rules,
    bid: Bid,
    hand: tuple[int, ...],
    dice: tuple[int, ...] | None,
    naive: float,
) -> None:
    """Print P(true) naive and given the history of bids, side by side."""
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
    said = "; ".join(f"seat {s} bid {rules.describe(b)}" for s, b in seat_view.history)
    print(f"Given the bids ({said}), under the bidder model {args.model}:")
    print(format_table(["", "naive (bids say nothing)", f"reading the bids ({args.model})"],
                       [["P(true)", f"{naive:.6f}", f"{float(read):.6f}"]]))  # fmt: skip


def _cmd_play(args: argparse.Namespace) -> None:
    """Play a game in the terminal against bots; a missing --seed draws one (and prints it)."""
    seed = args.seed
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1)[0])
    rules = preset(args.rules)
    terminal.play(rules, args.players, seed, bot=args.bot, seat=args.seat)


def _cmd_exercises(args: argparse.Namespace) -> None:
    """Print the exercises' prompts (of one lesson with --lesson), with answers if --solutions."""
    print(teach.sheet(args.lesson, solutions=args.solutions))


def _cmd_guide(args: argparse.Namespace) -> None:
    """Rewrite the teacher's guide's generated exercises (or, with --check, check them)."""
    from liarsdice.teach.guide import write_guide

    try:
        current = write_guide(args.path, check=args.check)
    except OSError as error:
        raise ValueError(f"--path {args.path!r}: {error.strerror}") from None
    if args.check and not current:
        raise ValueError(f"{args.path} is out of date: run `python -m liarsdice guide`")
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
    ladder.add_argument("--max", type=int, default=6, help="the largest quantity")
    ladder.set_defaults(run=_cmd_ladder)
    odds_ = sub.add_parser("odds", help="the exact odds of a bid from one seat's view")
    _rules_argument(odds_)
    odds_.add_argument("--bid", required=True, help="the bid, such as 7x5 or '2 aces'")
    odds_.add_argument("--unknown", type=int, required=True, help="dice this seat cannot see")
    odds_.add_argument("--hand", default="", help="this seat's dice, such as 1,1,3,5,6")
    odds_.add_argument("--shown", default="", help="dice shown on the table, such as 2,2")
    odds_.add_argument("--palifico", action="store_true", help="a palifico round")
    odds_.add_argument(
        "--dice",
        default="",
        help="dice per seat, such as 5,5,5,5 (default: the bidder holds the unknown dice, the "
        "challenger the known ones)",
    )
    odds_.add_argument("--bidder", type=int, default=0, help="the bidder's seat (with --dice)")
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
    odds_.add_argument("--challenger", type=int, default=1, help="the challenger's seat")
    odds_.set_defaults(run=_cmd_odds)
    play = sub.add_parser("play", help="play a game in the terminal against bots")
    _rules_argument(play)
    play.add_argument("--players", type=int, default=4, help="the number of seats")
    play.add_argument("--seed", type=int, default=None, help="the seed (default: a fresh one)")
    play.add_argument("--bot", default="threshold", choices=list(BOTS), help="the bots' kind")
    play.add_argument("--seat", type=int, default=0, help="your seat")
    play.set_defaults(run=_cmd_play)
    exercises = sub.add_parser("exercises", help="the lessons' exercises (and their answers)")
    exercises.add_argument("--lesson", type=int, default=None, help="one lesson, such as 04")
    exercises.add_argument("--solutions", action="store_true", help="print the answers too")
    exercises.set_defaults(run=_cmd_exercises)
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
