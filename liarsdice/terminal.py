"""Playing in a terminal against bots: the loop behind `python -m liarsdice play`.

- play(rules, players, seed, bot, seat, read, write, listeners): one game through
  liarsdice.match; you sit at `seat` (a Human whose moves are read from the terminal), bots in
  the other seats. Every match event is written as liarsdice.render words it: the rounds,
  every move, each reveal and its settlement. On your turn the table from your seat and your legal moves are shown; bad
  input says why and asks again; end of input (Ctrl-D) or Ctrl-C ends the game cleanly.
  Returns the exit status.
- describe_action(rules, seat, action): one line for a move (render.move_text).

The words are in the language in force (liarsdice.i18n, English by default); what the player
types stays English ("3x5", "challenge", "help"), and so do the refusals of bad input.

`read` and `write` default to input() and print(); tests pass their own.

Limits: rules a Rules or a preset name; players as the rules seat them (Game checks it); seed
0..limits.MAX_SEED; bot one of agents.BOTS; seat 0..players-1; a line typed at the prompt at
most limits.MAX_TEXT characters (a longer one is refused, and asked again). Bad arguments raise
ValueError (ArgumentTypeError for a wrong kind) quoting them, before the game starts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from liarsdice import render
from liarsdice.actions import Action, ShowAndReroll, action_text, parse_action
from liarsdice.agents import BOTS
from liarsdice.bids import Bid
from liarsdice.checks import check_choice, check_integer, check_seed, quote
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError, IllegalMoveError
from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TEXT
from liarsdice.match import Event, Human, Listener, Match, Settled
from liarsdice.rules import Rules, resolve
from liarsdice.view import Phase, View

SHOWN_RAISES = 12  # how many of the lowest raises a turn lists; "help" lists them all
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")

describe_action = render.move_text  # the one renderer's line for a move


def _moves_line(view: View, everything: bool) -> str:
    """Return the legal moves of the seat to move, the raises cut short unless `everything`."""
    legal = view.legal_actions()
    if view.phase == Phase.SHOW:
        shows = [action_text(a) for a in legal if isinstance(a, ShowAndReroll)]
        return _("pass, or show some (not all) of your dice: {shows}").format(
            shows="; ".join(shows)
        )
    calls = [action_text(a) for a in legal if not isinstance(a, Bid)]
    raises = [str(a) for a in legal if isinstance(a, Bid)]
    if not everything and len(raises) > SHOWN_RAISES:
        more = _("... up to {bid} ('help' lists all)").format(bid=raises[-1])
        raises = [*raises[:SHOWN_RAISES], more]
    parts = calls + ([_("a bid: {bids}").format(bids=", ".join(raises))] if raises else [])
    return _(" or ").join(parts)


def _ask(
    game: Game, view: View, read: Callable[[str], str], write: Callable[[str], None]
) -> Action:
    """Return a legal action typed by the player; say why and ask again on bad input."""
    write(render.view_text(view, {view.seat: view.hand}, you=view.seat))
    write("  " + _("your moves: {moves}").format(moves=_moves_line(view, everything=False)))
    while True:
        text = read("> ")
        if not isinstance(text, str):
            raise ArgumentTypeError(f"read returned {quote(text)}: expected a line of text")
        text = text.strip()
        if len(text) > MAX_TEXT:
            write(f"  {quote(text)}: a move is at most {MAX_TEXT:,} characters")
            continue
        if text.lower() in QUIT_WORDS:
            raise EOFError
        if text.lower() in HELP_WORDS:
            write("  " + _("your moves: {moves}").format(moves=_moves_line(view, everything=True)))
            continue
        try:
            action = parse_action(text, game.rules)
            game.check(action)
        except (ValueError, IllegalMoveError) as error:
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
    listeners: Sequence[Listener] = (),
) -> int:
    """Play one game at `seat` against bots of kind `bot`; return the exit status (0).

    rules: a Rules or a preset name. players: as the rules seat them (2..20 for most presets).
    seed: 0..MAX_SEED. bot: one of agents.BOTS. seat: 0..players-1. `read` and `write`
    default to input() and print(), looked up when the game starts; `listeners` (callables)
    hear the match's events too (a log, a test). Bad arguments raise ValueError (or
    ArgumentTypeError) quoting them before anything is written.
    """
    rules = resolve(rules)
    bot = check_choice("bot", bot, BOTS)
    seed = check_seed("seed", seed)
    game = Game(rules, players, seed)
    seat = check_integer("seat", seat, 0, game.players - 1)
    for name, function in (("read", read), ("write", write)):
        if function is not None and not callable(function):
            raise ArgumentTypeError(f"{name}={quote(function)}: expected a function, or None")
    if isinstance(listeners, str | bytes) or not hasattr(listeners, "__iter__"):
        raise ArgumentTypeError(f"listeners={quote(listeners)}: expected a list of functions")
    listeners = tuple(listeners)
    if not all(callable(listener) for listener in listeners):
        raise ArgumentTypeError(f"listeners={quote(listeners)}: expected a list of functions")
    read, write = read or input, write or print
    players = game.players
    you = Human(ask=lambda view: _ask(game, view, read, write))
    seated = [you if s == seat else BOTS[bot]().reseeded(seed + s) for s in range(players)]

    def tell(event: Event) -> None:
        """Write what happened, as the renderer words it."""
        write(render.event_text(event, rules, you=seat))
        settled = isinstance(event, Settled) and event.result.settlement
        if settled and settled.lost[seat] and not settled.dice[seat] and not game.is_over:
            write(_("You are out of dice; the bots play on."))

    said = n_(
        "Liar's Dice, {rules}, {players} player, seed {seed}.",
        "Liar's Dice, {rules}, {players} players, seed {seed}.",
        players,
    )
    write(said.format(rules=rules.preset_name or _("custom rules"), players=players, seed=seed))
    said = _("You are seat {seat}; the others are {bot} bots. Type 'help' for every move.")
    write(said.format(seat=seat, bot=bot))
    try:
        Match(game, seated, listeners=[tell, *listeners]).run()
    except (EOFError, KeyboardInterrupt, StopIteration):
        write("\n" + _("Game left unfinished. Bye."))
        return 0
    write(_("Replay it with --seed {seed}.").format(seed=seed))
    return 0
