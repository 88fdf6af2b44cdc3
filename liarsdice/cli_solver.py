"""The subcommands that solve: `solve` (a small endgame or round, in memory) and `stream`.

- run_solve(args): solve a two-player endgame (or, for one-round rules, a round by CFR+) and
  write its file, by default into the cache folder that SolverBot reads (liarsdice.solver).
- run_stream(args): solve a round too large for memory (2 v 2 on six faces) by CFR+ streamed
  from a checkpoint folder for a time budget, resuming the folder's run
  (liarsdice.solver.stream).

The solver is imported only when one of them runs: `python -m liarsdice rules` stays light.
Their own lines are in the language in force (liarsdice.i18n), decimals with its decimal sign;
the solver's notes, its progress log and the endgame table's cells are liarsdice.solver's.
"""

from __future__ import annotations

import argparse
from typing import cast

from liarsdice.cli_inputs import integers
from liarsdice.i18n import format_decimal_text, format_number
from liarsdice.i18n import translate as _
from liarsdice.rules import Rules, preset


def run_solve(args: argparse.Namespace) -> None:
    """Solve a two-player endgame and write its file; print what it found and the path.

    Rules that play one round (or --single-round): the round game by CFR+, its solution file
    (solver.solution_path). Otherwise the whole-game endgame up to the dice given in all
    (solver.solve_endgame, calza left out), its endgame file (solver.endgame_path) and a table
    of every state's P(seat 0 wins).

    --dice: two counts (the opener's first), at most solver.MAX_SOLVED_DICE in all; --faces 2..6;
    --tolerance a finite number >= 0; --max-iterations as solver.solve checks it (default: as
    many as the work limit solver.cfr.MAX_WORK allows for the game);
    --out: the file (default: solver.solution_path in the cache folder).
    """
    from liarsdice import solver

    rules = preset(args.rules)
    dice = solver.check_size(integers(args.dice, "dice"), args.faces)
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
    tolerance = format_decimal_text(f"{args.tolerance}")
    met = (
        ""
        if solution.nash_conv <= args.tolerance
        else " " + _("(tolerance {tolerance} not met)").format(tolerance=tolerance)
    )
    done = _("{rules} {first} v {second} dice, {faces} faces: {n} iterations in {seconds} s")
    print(
        done.format(
            rules=args.rules,
            first=dice[0],
            second=dice[1],
            faces=args.faces,
            n=solution.iterations,
            seconds=format_number(solution.seconds, 1),
        )
    )
    value = format_number(solution.value, 6)
    print(_("value    = {value} (for the opener)").format(value=value))
    print(f"NashConv = {format_decimal_text(f'{solution.nash_conv:.2e}')}{met}")
    print(_("written to {path}").format(path=path))


def _write_endgame(
    args: argparse.Namespace, rules: Rules, dice: tuple[int, int], iterations: int | None
) -> None:
    """Solve the rules' endgame up to sum(dice) dice, write its file and print its table."""
    from liarsdice import solver

    if rules.calza:
        print(_("calza left out: a right calza gains a die, so the endgame would not close"))
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
    title = _("{rules} endgame, at most {most} dice, {faces} faces: {endgame}")
    print(title.format(rules=args.rules, most=most, faces=args.faces, endgame=repr(endgame)))
    header = [_("state"), _("P(seat 0 wins)"), _("method"), _("bound"), _("first bid")]
    w = [max(width, len(name) + 1) for width, name in zip((36, 15, 8, 10), header)]
    print(f"{header[0]:{w[0]}}{header[1]:>{w[1]}}{header[2]:>{w[2]}}{header[3]:>{w[3]}}  "
          f"{header[4]}")  # fmt: skip
    for row in endgame.table():
        if row["palifico"]:
            state = _("{first} v {second}, seat {seat} opens, palifico")
        else:
            state = _("{first} v {second}, seat {seat} opens")
        state = state.format(
            first=row["seat 0 dice"], second=row["seat 1 dice"], seat=row["opener"]
        )
        win = format_number(cast(float, row["P(seat 0 wins)"]), 6)
        bound = format_decimal_text(f"{row['error bound']:.1e}")
        print(f"{state:{w[0]}}{win:>{w[1]}}{row['method']:>{w[2]}}{bound:>{w[3]}}  "
              f"{row['first bid']}")  # fmt: skip
    if endgame.cyclic:  # the endgame's one note (its files keep it in English)
        said = _("rounds leading back to the same dice: Shapley's value iteration, {n} sweeps")
        print(said.format(n=endgame.sweeps))
    print(_("written to {path}").format(path=path))


def run_stream(args: argparse.Namespace) -> None:
    """Run the streamed CFR+ solver for --minutes and print the value with its NashConv bound.

    --dice: two counts (the opener's first), at most stream.MAX_STREAM_DICE in all and
    stream.MAX_STREAM_STATES information states; --faces 2..6; --checkpoint: the folder (its run
    is resumed unless --restart); --minutes and --checkpoint-minutes numbers > 0;
    --report-every and --max-iterations 1..MAX_ITERATIONS; --tolerance a number >= 0.
    """
    from liarsdice.solver.stream import stream_solve

    result = stream_solve(
        preset(args.rules),
        integers(args.dice, "dice"),
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
