"""The one game loop: every seat is a bot or a human, and every step is told as an event.

Tournaments, terminal play and the PlayTable widget all play through Match, so a game is played
the same way wherever it is shown; what each shows is a listener of the events.

- Human(ask=None): a seat played by a person. With ask (view -> action: the terminal reads a
  line), the match asks for the move; without it the match waits (a widget) until submit().
- Player: a Bot (anything with act(view) -> action) or a Human.
- The events, small frozen values: RoundStarted(round, opener, palifico, dice),
  Moved(seat, action, round), Revealed(result), Settled(result), GameOver(winner, returns).
  Revealed and Settled carry the engine's RoundResult (every seat's dice, the count, the
  Settlement and its explanation); liarsdice.render turns any event into text.
- Match(game, players, listeners=()): run() plays to the end; advance(pause_after_round)
  plays until a human without ask must move (`waiting` names the seat), a round ends (when
  asked to pause) or the game ends; submit(action) plays the waiting human's move (a refused
  move raises IllegalMoveError and changes nothing); subscribe(listener) adds a listener.
- play_game(rules, bots, seed, players): a finished game of bots (bot i at seat i).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, Union

from liarsdice.actions import Action
from liarsdice.engine import Game
from liarsdice.errors import IllegalMoveError
from liarsdice.rules import Rules, resolve
from liarsdice.view import RoundResult, View


class Bot(Protocol):
    """Anything that chooses a move from a View (liarsdice.agents.Bot and its kin)."""

    def act(self, view: View) -> Action:
        """Return one of view.legal_actions()."""
        ...


@dataclass(frozen=True)
class Human:
    """A seat played by a person: `ask(view)` returns its move, or None makes the match wait."""

    ask: Callable[[View], Action] | None = None


Player = Union[Bot, Human]  # noqa: UP007 (a runtime alias)


@dataclass(frozen=True)
class RoundStarted:
    """A round began: its number, who opens, whether it is a palifico round, the dice per seat."""

    round: int
    opener: int
    palifico: bool
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Moved:
    """A seat made a move in a round."""

    seat: int
    action: Action
    round: int


@dataclass(frozen=True)
class Revealed:
    """A challenge or calza showed every die: the round's dice and the count."""

    result: RoundResult


@dataclass(frozen=True)
class Settled:
    """The round was settled: who lost (or gained) dice, and why (result.explanation)."""

    result: RoundResult


@dataclass(frozen=True)
class GameOver:
    """The game ended: the winning seat and every seat's payoff."""

    winner: int
    returns: tuple[float, ...]


Event = Union[RoundStarted, Moved, Revealed, Settled, GameOver]  # noqa: UP007
Listener = Callable[[Event], None]


def _check_player(seat: int, player: object) -> None:
    """Raise ValueError unless `player` is a Human or has an act(view) method."""
    if not isinstance(player, Human) and not callable(getattr(player, "act", None)):
        raise ValueError(f"players[{seat}]={player!r}: expected a bot (with act(view)) or a Human")


class Match:
    """A game played by `players` (one per seat), telling each step to the listeners."""

    def __init__(
        self, game: Game, players: Sequence[Player], listeners: Sequence[Listener] = ()
    ) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game={game!r}: expected a liarsdice Game")
        if len(players) != game.players:
            raise ValueError(
                f"players: {len(players)} players for {game.players} seats; give one per seat"
            )
        for seat, player in enumerate(players):
            _check_player(seat, player)
        self.game = game
        self.players = tuple(players)
        self.listeners: list[Listener] = list(listeners)
        self.waiting: int | None = None  # the human seat whose move is awaited
        self._told_round = 0  # the last round whose start was told
        self._settled = len(game.results)

    def subscribe(self, listener: Listener) -> None:
        """Add a listener; it hears every event from now on."""
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
            self._tell(RoundStarted(game.round, opener, game.palifico, game.dice))
        self._told_round = max(self._told_round, game.round)

    def _play(self, seat: int, action: Action) -> bool:
        """Apply a move and tell what followed; return True if it settled a round."""
        game = self.game
        played_in = game.round
        game.apply(action)
        settled = len(game.results) > self._settled
        self._settled = len(game.results)
        if self.listeners:
            self._tell(Moved(seat, action, played_in))
            if settled:
                self._tell(Revealed(game.results[-1]))
                self._tell(Settled(game.results[-1]))
                if game.is_over:
                    self._tell(GameOver(game.winner, game.returns))
                else:
                    self._tell_round_start()
        return settled

    def advance(self, pause_after_round: bool = False) -> None:
        """Play until a human without `ask` must move, the game ends, or (when asked) a round
        has just been settled."""
        game = self.game
        self.waiting = None
        self._tell_round_start()
        while not game.is_over:
            seat = game.current_player
            player = self.players[seat]
            if isinstance(player, Human):
                if player.ask is None:
                    self.waiting = seat
                    return
                action = player.ask(game.view(seat))
            else:
                action = player.act(game.view(seat))
            if self._play(seat, action) and pause_after_round:
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
            raise IllegalMoveError(f"{action!r}: no human seat is waiting for a move")
        seat = self.waiting
        self.game.check(action)
        self.waiting = None
        return self._play(seat, action)


def play_game(
    rules: Rules | str, bots: Sequence[Bot], seed: int = 0, players: int | None = None
) -> Game:
    """Return the finished game of `bots` (bot i at seat i) under `rules`, seeded with `seed`."""
    rules = resolve(rules)
    players = len(bots) if players is None else players
    if len(bots) != players:
        raise ValueError(f"bots: {len(bots)} bots for {players} seats; give one bot per seat")
    return Match(Game(rules, players, seed), bots).run()
