"""The one game loop: every seat is a bot or a human, and every step is told as an event.

Tournaments, terminal play and the PlayTable widget all play through Match, so a game is played
the same way wherever it is shown; what each shows is a listener of the events.

- Human(ask=None): a seat played by a person. With ask (view -> action: the terminal reads a
  line), the match asks for the move; without it the match waits (a widget) until submit().
- BotLike: anything with act(view) -> action (liarsdice.bot.Bot and its kin); the old name
  match.Bot still works, with a DeprecationWarning.
- Player: a BotLike or a Human.
- The events, small frozen values: RoundStarted(round, opener, palifico, dice),
  Moved(seat, action, round), Revealed(result), Settled(result), GameOver(winner, returns);
  each checks its fields when made (seats, rounds >= 1, a RoundResult, one payoff per seat).
  Revealed and Settled carry the engine's RoundResult (every seat's dice, the count, the
  Settlement and its explanation); liarsdice.render turns any event into text.
- Match(game, players, listeners=(), move_seconds=None): run() plays to the end;
  advance(pause_after_round) plays until a human without ask must move (`waiting` names the
  seat), a round ends (when asked to pause) or the game ends; submit(action) plays the
  waiting human's move (a refused move raises IllegalMoveError and changes nothing);
  subscribe(listener) adds a listener.
- play_game(rules, bots, seed, players, move_seconds=None): a finished game of bots (bot i at
  seat i).

The per-move time limit: move_seconds None (the default) lets every bot think as long as it
likes, at no cost. With a number (0 < move_seconds <= MAX_MOVE_SECONDS), each bot's act(view)
runs in a worker thread that the match waits for at most move_seconds; a bot that overruns
stops the game with BotTimeoutError (an IllegalMoveError) naming the seat, the bot's class
and the limit. The game is left as it was before that move (the bot saw a frozen View, and
its late answer is never applied); a thread cannot be killed, so the overrunning act goes on
in the background (a daemon thread) until it returns, and its answer is dropped. Humans are
not timed: a person's `ask` may take as long as it takes.

Bad arguments raise ValueError quoting them (ArgumentTypeError, also a TypeError, for a wrong
kind: a player that is no bot, a listener that is not callable). A bot or human that answers
with something that is not a legal action raises IllegalMoveError naming the seat and the
player, and the game is left as it was before that move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Union

from liarsdice.actions import Action
from liarsdice.checks import (
    check_counts,
    check_flag,
    check_integer,
    check_number,
    check_seed,
    quote,
)
from liarsdice.deprecation import aliases
from liarsdice.engine import Game, NotAnActionError
from liarsdice.errors import ArgumentTypeError, BotTimeoutError, IllegalMoveError
from liarsdice.limits import MAX_DICE_PER_PLAYER, MAX_PLAYERS_LIMIT
from liarsdice.moves import is_action
from liarsdice.rules import Rules, resolve
from liarsdice.view import RoundResult, View


class BotLike(Protocol):
    """Anything that chooses a move from a View (liarsdice.bot.Bot and its kin)."""

    def act(self, view: View) -> Action:
        """Return one of view.legal_actions()."""
        ...


@dataclass(frozen=True)
class Human:
    """A seat played by a person: `ask(view)` returns its move, or None makes the match wait."""

    ask: Callable[[View], Action] | None = None

    def __post_init__(self) -> None:
        if self.ask is not None and not callable(self.ask):
            raise ArgumentTypeError(f"ask={quote(self.ask)}: expected None or a callable(view)")


Player = Union[BotLike, Human]  # noqa: UP007 (a runtime alias)


def _check_dice(dice: object) -> tuple[int, ...]:
    """Return dice per seat (a tuple of 2..MAX_PLAYERS_LIMIT counts 0..MAX_DICE_PER_PLAYER); else raise."""
    if not isinstance(dice, tuple):
        raise ArgumentTypeError(f"dice={quote(dice)}: expected a tuple of dice per seat")
    counts = check_counts("dice", dice, 0, 2)
    if len(counts) > MAX_PLAYERS_LIMIT or max(counts) > MAX_DICE_PER_PLAYER:
        raise ValueError(
            f"dice={quote(dice)}: expected 2..{MAX_PLAYERS_LIMIT} seats of 0..{MAX_DICE_PER_PLAYER} dice"
        )
    return counts


def _check_result(result: object) -> None:
    """Raise ArgumentTypeError unless `result` is a RoundResult (the engine's reveal)."""
    if not isinstance(result, RoundResult):
        raise ArgumentTypeError(f"result={quote(result)}: expected a RoundResult (the reveal)")


@dataclass(frozen=True)
class RoundStarted:
    """A round began: its number, who opens, whether it is a palifico round, the dice per seat."""

    round: int
    opener: int
    palifico: bool
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        check_integer("round", self.round, low=1)
        dice = _check_dice(self.dice)
        check_integer("opener", self.opener, 0, len(dice) - 1)
        check_flag("palifico", self.palifico)


@dataclass(frozen=True)
class Moved:
    """A seat made a move in a round."""

    seat: int
    action: Action
    round: int

    def __post_init__(self) -> None:
        check_integer("seat", self.seat, 0, MAX_PLAYERS_LIMIT - 1)
        if not is_action(self.action):
            raise ArgumentTypeError(
                f"action={quote(self.action)}: expected a Bid, Challenge(), Calza(), "
                "ShowAndReroll or Pass()"
            )
        check_integer("round", self.round, low=1)


@dataclass(frozen=True)
class Revealed:
    """A challenge or calza showed every die: the round's dice and the count."""

    result: RoundResult

    def __post_init__(self) -> None:
        _check_result(self.result)


@dataclass(frozen=True)
class Settled:
    """The round was settled: who lost (or gained) dice, and why (result.explanation)."""

    result: RoundResult

    def __post_init__(self) -> None:
        _check_result(self.result)


@dataclass(frozen=True)
class GameOver:
    """The game ended: the winning seat and every seat's payoff."""

    winner: int
    returns: tuple[float, ...]

    def __post_init__(self) -> None:
        check_integer("winner", self.winner, 0, MAX_PLAYERS_LIMIT - 1)
        returns = self.returns
        if not isinstance(returns, tuple) or not 2 <= len(returns) <= MAX_PLAYERS_LIMIT:
            raise ArgumentTypeError(
                f"returns={quote(returns)}: expected a tuple of 2..{MAX_PLAYERS_LIMIT} payoffs, "
                "one per seat"
            )
        for seat, payoff in enumerate(returns):
            check_number(f"returns[{seat}]", payoff)
        check_integer("winner", self.winner, 0, len(returns) - 1)


Event = Union[RoundStarted, Moved, Revealed, Settled, GameOver]  # noqa: UP007
Listener = Callable[[Event], None]
MAX_LISTENERS = 1_000  # listeners of one match (each hears every event)
MAX_MOVE_SECONDS = 86_400.0  # a per-move time limit of at most a day


def _check_move_seconds(value: object) -> float | None:
    """Return a per-move time limit: None (no limit) or a number 0 < seconds <= MAX_MOVE_SECONDS
    as a float; else raise quoting it."""
    if value is None:
        return None
    seconds = check_number("move_seconds", value, 0, MAX_MOVE_SECONDS)
    if seconds == 0:
        raise ValueError(
            f"move_seconds={quote(value)}: expected None (no limit) or a number of seconds "
            f"> 0, at most {MAX_MOVE_SECONDS:,.0f}"
        )
    return seconds


def _timed_act(seat: int, bot: BotLike, view: View, seconds: float) -> Action:
    """Return bot.act(view), run in a daemon thread waited for at most `seconds`; raise
    BotTimeoutError naming the seat, the bot and the limit when it is not back in time, or
    the bot's own error when act raised."""
    answer: list[Action] = []
    failure: list[BaseException] = []

    def act() -> None:
        try:
            answer.append(bot.act(view))
        except BaseException as error:  # handed back to the match's thread, raised there
            failure.append(error)

    worker = threading.Thread(target=act, name=f"liarsdice seat {seat}", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise BotTimeoutError(
            f"players[{seat}]={quote(bot)} ({type(bot).__name__}) did not move within "
            f"move_seconds={seconds!r} s, the per-move time limit: the game stops here, as it "
            "was before this move"
        )
    if failure:
        raise failure[0]
    return answer[0]


def _check_player(seat: int, player: object, name: str = "players") -> None:
    """Raise ArgumentTypeError unless `player` is a Human or has an act(view) method (an
    instance: a class's act is unbound)."""
    if isinstance(player, type):
        raise ArgumentTypeError(
            f"{name}[{seat}]={quote(player)} is a class, not a bot: give an instance, such as "
            f"{player.__name__}()"
        )
    if not isinstance(player, Human) and not callable(getattr(player, "act", None)):
        raise ArgumentTypeError(
            f"{name}[{seat}]={quote(player)}: expected a bot (with act(view)) or a Human"
        )


def _sequence(name: str, values: object, size: int, what: str) -> tuple[Any, ...]:
    """Return `values` (a list, tuple or other sized sequence, not text) as a tuple of `size`
    items; else raise ValueError (ArgumentTypeError for a wrong kind)."""
    if isinstance(values, str | bytes) or not (
        hasattr(values, "__len__") and hasattr(values, "__iter__")
    ):
        raise ArgumentTypeError(f"{name}={quote(values)}: expected a list of {what}")
    if len(values) != size:
        raise ValueError(
            f"{name}={quote(values)}: {len(values)} {what} for {size} seats; give one per seat"
        )
    return tuple(values)  # the caller checks the items


def _check_listener(listener: object) -> None:
    """Raise ArgumentTypeError unless `listener` is callable."""
    if not callable(listener):
        raise ArgumentTypeError(f"listener={quote(listener)}: expected a callable(event)")


class Match:
    """A game played by `players` (one per seat), telling each step to the listeners.

    Args:
        game: a liarsdice Game (2..20 seats).
        players: one bot (with act(view)) or Human per seat, a list or tuple.
        listeners: callables of one event; at most MAX_LISTENERS of them.
        move_seconds: None (no limit, the default) or the seconds each bot may take per move,
            a number 0 < move_seconds <= MAX_MOVE_SECONDS; a bot that overruns raises
            BotTimeoutError and the game stays as it was before that move (see the module
            docstring).
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[Player],
        listeners: Sequence[Listener] = (),
        move_seconds: float | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"game={quote(game)}: expected a liarsdice Game")
        seated = _sequence("players", players, game.players, "players")
        for seat, player in enumerate(seated):
            _check_player(seat, player)
        if isinstance(listeners, str | bytes) or not (
            hasattr(listeners, "__len__") and hasattr(listeners, "__iter__")
        ):
            raise ArgumentTypeError(f"listeners={quote(listeners)}: expected a list of callables")
        if len(listeners) > MAX_LISTENERS:
            raise ValueError(f"listeners={quote(listeners)}: at most {MAX_LISTENERS} listeners")
        for listener in listeners:
            _check_listener(listener)
        self.move_seconds = _check_move_seconds(move_seconds)
        self.game = game
        self.players = seated
        self.listeners: list[Listener] = list(listeners)
        self.waiting: int | None = None  # the human seat whose move is awaited
        self._told_round = 0  # the last round whose start was told
        self._settled = len(game.results)

    def subscribe(self, listener: Listener) -> None:
        """Add a listener (a callable of one event; at most MAX_LISTENERS in all); it hears
        every event from now on."""
        _check_listener(listener)
        if len(self.listeners) >= MAX_LISTENERS:
            raise ValueError(f"listener={quote(listener)}: at most {MAX_LISTENERS} listeners")
        self.listeners.append(listener)

    def _tell(self, event: Event) -> None:
        """Hand an event to every listener."""
        for listener in self.listeners:
            listener(event)

    def _tell_round_start(self) -> None:
        """Tell the start of the current round, once (its opener made its first move)."""
        game = self.game
        if self.listeners and not game.is_over and game.round > self._told_round:
            history = game.view_all().history
            opener = history[0][0] if history else game.current_player
            assert opener is not None  # a game not over has a seat to move
            self._tell(RoundStarted(game.round, opener, game.palifico, game.dice))
        self._told_round = max(self._told_round, game.round)

    def _play(self, seat: int, action: Action, chosen: bool = False) -> bool:
        """Apply a move and tell what followed; return True if it settled a round. A refused
        move `chosen` by the seat's player names that player in the error."""
        game = self.game
        played_in = game.round
        try:
            game.apply(action)
        except IllegalMoveError as error:
            if not chosen:
                raise
            kind = NotAnActionError if isinstance(error, NotAnActionError) else IllegalMoveError
            raise kind(
                f"players[{seat}]={quote(self.players[seat])} answered {quote(action)}: {error}"
            ) from None
        settled = len(game.results) > self._settled
        self._settled = len(game.results)
        if self.listeners:
            self._tell(Moved(seat, action, played_in))
            if settled:
                self._tell(Revealed(game.results[-1]))
                self._tell(Settled(game.results[-1]))
                if game.winner is not None:  # the game is over
                    self._tell(GameOver(game.winner, game.returns))
                else:
                    self._tell_round_start()
        return settled

    def advance(self, pause_after_round: bool = False) -> None:
        """Play until a human without `ask` must move, the game ends, or (when asked, with
        pause_after_round True) a round has just been settled.

        Raises:
            IllegalMoveError: a player answered with a move that is not legal (or no action
                at all: NotAnActionError, also a TypeError); the game stays as it was.
            BotTimeoutError: a bot took longer than move_seconds (an IllegalMoveError); the
                game stays as it was before that move.
        """
        pause_after_round = check_flag("pause_after_round", pause_after_round)
        game = self.game
        self.waiting = None
        self._tell_round_start()
        while (seat := game.current_player) is not None:  # None once the game is over
            player = self.players[seat]
            if isinstance(player, Human):
                if player.ask is None:
                    self.waiting = seat
                    return
                action = player.ask(game.view(seat))
            elif self.move_seconds is None:
                action = player.act(game.view(seat))
            else:
                action = _timed_act(seat, player, game.view(seat), self.move_seconds)
            if self._play(seat, action, chosen=True) and pause_after_round:
                return

    def run(self) -> Game:
        """Play the game to its end and return it (every human seat needs `ask`)."""
        self.advance()
        if self.waiting is not None:
            raise ValueError(
                f"seat {self.waiting} is a Human without ask: use advance() and submit()"
            )
        return self.game

    def submit(self, action: Action) -> bool:
        """Play the waiting human's move; return True if it settled a round.

        Raises:
            IllegalMoveError: no human is waiting, or the move is not legal (nothing changes).
        """
        if self.waiting is None or self.game.current_player != self.waiting:
            raise IllegalMoveError(f"{quote(action)}: no human seat is waiting for a move")
        seat = self.waiting
        self.game.check(action)
        self.waiting = None
        return self._play(seat, action)


def play_game(
    rules: Rules | str,
    bots: Sequence[BotLike],
    seed: int = 0,
    players: int | None = None,
    move_seconds: float | None = None,
) -> Game:
    """Return the finished game of `bots` (bot i at seat i) under `rules`, seeded with `seed`.

    Limits: rules a Rules or a preset name; bots a list of 2..rules.max_players (at most 20)
    bots, each with act(view); seed 0..limits.MAX_SEED (2**128 - 1, None refused); players
    None or len(bots); move_seconds None (no limit) or 0 < seconds <= MAX_MOVE_SECONDS per
    move: a bot that overruns raises BotTimeoutError naming its seat, its class and the limit.
    """
    rules = resolve(rules)
    if isinstance(bots, str | bytes) or not (
        hasattr(bots, "__len__") and hasattr(bots, "__iter__")
    ):
        raise ArgumentTypeError(f"bots={quote(bots)}: expected a list of bots (with act(view))")
    if players is None:
        players = len(bots)
        if players < 2:
            raise ValueError(f"bots={quote(bots)}: give one bot per seat, two or more")
    players = check_integer("players", players)
    bots = _sequence("bots", bots, players, "bots")
    for seat, bot in enumerate(bots):
        if isinstance(bot, type):
            _check_player(seat, bot, "bots")  # names the class and asks for an instance
        if isinstance(bot, Human) or not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(f"bots[{seat}]={quote(bot)}: expected a bot (with act(view))")
    seed = check_seed("seed", seed)
    move_seconds = _check_move_seconds(move_seconds)
    return Match(Game(rules, players, seed), bots, move_seconds=move_seconds).run()


__getattr__ = aliases("liarsdice.match", {"Bot": (lambda: BotLike, "liarsdice.match.BotLike")})
