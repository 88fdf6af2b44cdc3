"""Playing in a terminal against bots: the loop behind `python -m liarsdice play`.

- play(rules, players, seed, bot, seat, read, write): one game; you sit at `seat`, bots in
  the other seats. Shows your dice, every seat's dice count, the bid history, your legal moves,
  each reveal and its settlement. Bad input says why and asks again; end of input (Ctrl-D) or
  Ctrl-C ends the game cleanly. Returns the exit status.
- describe_action(rules, seat, action): one line for a move ("seat 2 bids 4x5 (4 fives)").

`read` and `write` default to input() and print(); tests pass their own.
"""

from __future__ import annotations

from collections.abc import Callable

from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll, parse_action
from liarsdice.agents import BOTS
from liarsdice.bids import Bid
from liarsdice.engine import Game, RoundResult
from liarsdice.errors import IllegalMoveError
from liarsdice.rules import Rules

SHOWN_RAISES = 12  # how many of the lowest raises a turn lists; "help" lists them all
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")


def describe_action(rules: Rules, seat: int, action: Action) -> str:
    """Return one line saying what a seat did."""
    who = f"seat {seat}"
    if isinstance(action, Bid):
        return f"{who} bids {action} ({rules.describe(action)})"
    if isinstance(action, Challenge):
        return f"{who} challenges"
    if isinstance(action, Calza):
        return f"{who} calls calza (exactly right)"
    if isinstance(action, ShowAndReroll):
        return f"{who} shows {' '.join(map(str, action.shown))} and rerolls the rest"
    return f"{who} keeps their dice"


def _moves_line(game: Game, everything: bool) -> str:
    """Return the legal moves of the player to move, the raises cut short unless `everything`."""
    legal = game.legal_actions()
    if game.phase == "show":
        shows = [" ".join(map(str, a.shown)) for a in legal if isinstance(a, ShowAndReroll)]
        return "pass, or show some (not all) of your dice: " + "; ".join(f"show {s}" for s in shows)
    calls = [type(a).__name__.lower() for a in legal if not isinstance(a, Bid)]
    raises = [str(a) for a in legal if isinstance(a, Bid)]
    if not everything and len(raises) > SHOWN_RAISES:
        raises = [*raises[:SHOWN_RAISES], f"... up to {raises[-1]} ('help' lists all)"]
    parts = calls + ([f"a bid: {', '.join(raises)}"] if raises else [])
    return " or ".join(parts)


def _table_lines(game: Game, seat: int) -> list[str]:
    """Return the state as seen from `seat`: its dice, every seat's count, this round's bids."""
    view = game.view(seat)
    rules = game.rules
    title = f"Round {view.round}" + (" - palifico: wilds are not wild" if view.palifico else "")
    lines = [title, f"  your dice (seat {seat}): {' '.join(map(str, view.hand)) or 'none'}"]
    for other, n in enumerate(view.dice):
        shown = f", shown {' '.join(map(str, view.shown[other]))}" if view.shown[other] else ""
        mark = " (you)" if other == seat else (" (out)" if n == 0 else "")
        lines.append(f"  seat {other}: {n} {'die' if n == 1 else 'dice'}{shown}{mark}")
    bids = [describe_action(rules, s, a) for s, a in view.history if not isinstance(a, Pass)]
    lines.append("  bids: " + ("; ".join(bids) if bids else "none yet, you open"))
    return lines


def _reveal_lines(result: RoundResult) -> list[str]:
    """Return the reveal of a settled round: every seat's dice and the settlement."""
    lines = [f"Reveal of round {result.round}:"]
    lines += [
        f"  seat {s}: {' '.join(map(str, dice)) or '-'}" for s, dice in enumerate(result.dice)
    ]
    lines.append(f"  {result.explanation}")
    return lines


def _ask(game: Game, seat: int, read: Callable[[str], str], write: Callable[[str], None]) -> Action:
    """Return a legal action typed by the player; say why and ask again on bad input."""
    write("\n".join(_table_lines(game, seat)))
    write("  your moves: " + _moves_line(game, everything=False))
    while True:
        text = read("> ").strip()
        if text.lower() in QUIT_WORDS:
            raise EOFError
        if text.lower() in HELP_WORDS:
            write("  your moves: " + _moves_line(game, everything=True))
            continue
        try:
            action = parse_action(text, game.rules)
        except ValueError as error:
            write(f"  {error}")
            continue
        try:
            game.check(action)
        except IllegalMoveError as error:
            write(f"  {error}")
            continue
        return action


def play(
    rules: Rules,
    players: int = 4,
    seed: int = 0,
    bot: str = "threshold",
    seat: int = 0,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] | None = None,
) -> int:
    """Play one game at `seat` against bots of kind `bot`; return the exit status (0).

    `read` and `write` default to input() and print(), looked up when the game starts.
    """
    read, write = read or input, write or print
    if bot not in BOTS:
        raise ValueError(f"bot={bot!r}: the bots are {', '.join(BOTS)}")
    game = Game(rules, players, seed)
    if not 0 <= seat < players:
        raise ValueError(f"seat={seat!r}: the seats are 0..{players - 1}")
    bots = {s: BOTS[bot]().reseeded(seed + s) for s in range(players) if s != seat}
    write(f"Liar's Dice, {rules.preset_name or 'custom rules'}, {players} players, seed {seed}.")
    write(f"You are seat {seat}; the others are {bot} bots. Type 'help' for every move.")
    seen = 0
    try:
        while not game.is_over:
            current = game.current_player
            if current == seat:
                action = _ask(game, seat, read, write)
            else:
                action = bots[current].act(game.view(current))
            game.apply(action)
            if current != seat and not isinstance(action, Pass):
                write(describe_action(rules, current, action))
            if len(game.results) > seen:
                seen = len(game.results)
                write("\n".join(_reveal_lines(game.results[-1])))
                if game.results[-1].settlement.lost[seat] and not game.dice[seat]:
                    write("You are out of dice; the bots play on.")
                if not game.is_over:
                    write(f"seat {game.current_player} opens round {game.round}.\n")
    except (EOFError, KeyboardInterrupt, StopIteration):
        write("\nGame left unfinished. Bye.")
        return 0
    won = "You win!" if game.winner == seat else f"Seat {game.winner} wins."
    write(f"{won} Replay it with --seed {seed}.")
    return 0
