"""The game engine: a state machine in OpenSpiel's verbs with an explicit, seeded chance step.

- Game(rules, players=4, seed=0, opener=None): the whole state. current_player,
  legal_actions(), apply(action), is_over, winner, returns, view(seat), to_json(), from_json().
- View, RoundResult, Phase (from liarsdice.view): what a seat sees, a settled round, the
  phase of a turn; bots get views, never the Game.
- legal_actions_for(rules, phase, dice, seat, previous, palifico, hand) (from
  liarsdice.legal_moves): a turn's legal actions from its public facts and a hand.

The legal moves come from each move kind (liarsdice.moves; the bids from the cached ladders of
liarsdice.ladder); str() and _repr_html_ draw through liarsdice.render_table.

The chance steps (the first opener, the roll at each round start, the reroll after a
show-and-reroll) are drawn from numpy's Generator seeded with `seed` and recorded in
`game.chance` (ChanceOutcome: a ChanceOpener, ChanceRoll or ChanceReroll dict), so a seed
and a list of actions decide the whole game. The moves are the values
of liarsdice.actions: Bid, Challenge, Calza, ShowAndReroll, Pass. A rejected move raises
IllegalMoveError and changes nothing: every move is checked before any state changes (a
value that is no action at all raises NotAnActionError, both an IllegalMoveError and a
TypeError). Checking a move costs O(1) (no list of every legal bid is built), so a long saved
game replays in linear time.

Limits: players 2..rules.max_players (at most rules.MAX_PLAYERS_LIMIT = 20), 1..
MAX_DICE_PER_PLAYER = 10 dice per player, seed 0..limits.MAX_SEED (2**128 - 1, None refused).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import cast

import numpy as np

from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.checks import check_integer, check_seed, quote
from liarsdice.deprecation import aliases
from liarsdice.errors import ArgumentTypeError, IllegalMoveError
from liarsdice.ladder import ladder_positions, legal_bids
from liarsdice.legal_moves import legal_actions_for
from liarsdice.limits import MAX_DICE_PER_PLAYER as MAX_DICE_PER_PLAYER
from liarsdice.limits import MAX_TABLE_DICE as MAX_TABLE_DICE
from liarsdice.moves import Effect, MoveKind, Phase, Turn, kind_of, offered
from liarsdice.record import (
    ChanceOutcome,
    load_game,
    record_json,
)
from liarsdice.render_table import table_html, table_text
from liarsdice.rules import Rules
from liarsdice.settlement import next_round, next_seat_with_dice
from liarsdice.view import RoundResult, View, face_locked

__all__ = [
    "Game",
    "Phase",
    "RoundResult",
    "View",
    "ladder_positions",
    "legal_actions_for",
    "legal_bids",
]


# The legal actions of a turn, in order, and them as a set.
_Legal = tuple[tuple[Action, ...], frozenset[Action]]


class NotAnActionError(IllegalMoveError, ArgumentTypeError):
    """A value that is no action at all (not a Bid, Challenge, Calza, ShowAndReroll or Pass):
    an IllegalMoveError, and a TypeError since it is the wrong kind of value."""


# ----- the game ------------------------------------------------------------------------------


class Game:
    """A game of Liar's Dice under `rules` with `players` seats, decided by `seed` and the moves.

    Args:
        rules: the rule options (a preset or any Rules).
        players: the number of seats, 2..rules.max_players (at most MAX_PLAYERS_LIMIT = 20),
            each starting with 1..MAX_DICE_PER_PLAYER (10) dice.
        seed: seeds the numpy Generator of every chance step (the rolls, the first opener):
            an integer 0..limits.MAX_SEED (2**128 - 1); None is refused (a game must replay).
        opener: the seat that opens the first round, 0..players - 1; None draws it from the
            Generator.

    Bad arguments raise ValueError quoting them (ArgumentTypeError, also a TypeError, for a
    wrong kind: a float, a bool or text for an integer).
    """

    def __init__(
        self, rules: Rules, players: int = 4, seed: int = 0, opener: int | None = None
    ) -> None:
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(
                f"rules={quote(rules)}: expected a Rules (see liarsdice.preset)"
            )
        start = rules.start_dice(players)  # raises ValueError quoting a bad number of players
        players = check_integer("players", players)  # start_dice checked its range
        seed = check_seed("seed", seed)  # a plain int, for JSON and repr
        if opener is not None:
            opener = check_integer("opener", opener, 0, players - 1)
        self.rules, self.players, self.seed, self.opener = rules, players, seed, opener
        self.start_dice = start
        self._rng = np.random.default_rng(seed)
        self._dice = [start] * players
        self._hands: list[tuple[int, ...]] = []
        self._shown: list[tuple[int, ...]] = []
        self._round_moves: list[tuple[int, Action]] = []
        self._previous: Bid | None = None
        self._bidder: int | None = None
        self._current = 0
        self._phase = Phase.BID
        self._round = 0
        self._palifico = False
        self._had_palifico: frozenset[int] = frozenset()
        self.actions: list[tuple[int, Action]] = []  # every move of the game, (seat, action)
        self.chance: list[ChanceOutcome] = []  # every chance outcome, in the order drawn
        self.results: list[RoundResult] = []
        self._winner: int | None = None
        self._returns = (0.0,) * players
        self._legal_now: _Legal | None = None
        if opener is None:
            opener = int(self._rng.integers(players))
            self.chance.append({"opener": opener})
        self._start_round(opener, palifico=False)

    # ----- reading the state -------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """Return the seat to move, or None once the game is over."""
        return None if self._phase == Phase.OVER else self._current

    @property
    def is_over(self) -> bool:
        """Return True once the game has ended."""
        return self._phase == Phase.OVER

    @property
    def winner(self) -> int | None:
        """Return the winning seat (single_round: the round's winner), or None while playing."""
        return self._winner

    @property
    def returns(self) -> tuple[float, ...]:
        """Return each seat's payoff, all 0 while playing.

        single_round: +1 to the round's winner and -1 to its loser (a failed calza: the caller
        loses to the bidder). A whole game: +1 to the winner, -1/(players - 1) to each other.
        """
        return self._returns

    @property
    def dice(self) -> tuple[int, ...]:
        """Return every seat's dice count."""
        return tuple(self._dice)

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Return every seat's hidden dice (the whole state: not for bots)."""
        return tuple(self._hands)

    @property
    def shown(self) -> tuple[tuple[int, ...], ...]:
        """Return every seat's shown dice this round."""
        return tuple(self._shown)

    @property
    def previous(self) -> Bid | None:
        """Return the bid on the table, or None before the opening bid."""
        return self._previous

    @property
    def round(self) -> int:
        """Return the number of the round being played, from 1."""
        return self._round

    @property
    def palifico(self) -> bool:
        """Return True during a palifico round."""
        return self._palifico

    @property
    def phase(self) -> Phase:
        """Return Phase.BID (a move), Phase.SHOW (show or pass after one's bid) or Phase.OVER."""
        return self._phase

    @property
    def last_round(self) -> RoundResult | None:
        """Return the reveal of the last settled round."""
        return self.results[-1] if self.results else None

    def _locked(self, seat: int) -> bool:
        """Return True if the seat may not change the face (palifico, more than one die)."""
        return face_locked(self._palifico, self._dice[seat])

    def _turn(self) -> Turn:
        """Return the facts of the current turn that legality reads."""
        seat = self._current
        return Turn(
            self.rules,
            self._phase,
            tuple(self._dice),
            seat,
            self._previous,
            self._palifico,
            self._hands[seat] if self._hands else (),
        )

    def _legal(self) -> _Legal:
        """Return the current legal actions and them as a set (kept until the next move)."""
        if self._legal_now is None:
            self._legal_now = offered(self._turn())
        return self._legal_now

    def legal_actions(self) -> list[Action]:
        """Return the legal actions of the player to move, in a fixed order.

        A move: Challenge(), Calza() where allowed, then the bids lowest first. Right after
        one's own bid under show_and_reroll: Pass(), then every ShowAndReroll, sorted.
        """
        return list(self._legal()[0])

    def view(self, seat: int) -> View:
        """Return what `seat` (0..players - 1) may see: never another seat's hidden dice."""
        seat = check_integer("seat", seat, 0, self.players - 1)
        mine = seat == self._current and self._phase != Phase.OVER
        return View(
            seat,
            self.rules,
            self._hands[seat],
            tuple(self._shown),
            tuple(self._dice),
            tuple(self._round_moves),
            self.current_player,
            self._phase,
            self._round,
            self._palifico,
            self._previous,
            self._bidder,
            self.last_round,
            self._legal()[0] if mine else (),
        )

    # ----- moves ------------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Return None if `action` is legal now; else raise IllegalMoveError saying why
        (NotAnActionError, also a TypeError, for a value that is no action at all)."""
        kind = kind_of(action)
        if kind is None:
            raise NotAnActionError(self._refusal(action, None))
        if not (kind.phase == self._phase and kind.allows(self._turn(), action)):
            raise IllegalMoveError(self._refusal(action, kind))

    def apply(self, action: Action) -> None:
        """Play `action` for the current player; raise IllegalMoveError (changing nothing),
        NotAnActionError (an IllegalMoveError and a TypeError) for a value that is no action."""
        self.check(action)
        kind = kind_of(action)
        assert kind is not None  # checked above
        seat = self._current
        self._legal_now = None  # every move below changes what is legal
        self.actions.append((seat, action))
        if kind.effect == Effect.CALL:
            self._settle(seat, action, kind)
            return
        self._round_moves.append((seat, action))
        if kind.effect == Effect.RAISE:
            self._previous, self._bidder = cast(Bid, action), seat  # a raise puts a bid up
            if self.rules.show_and_reroll and len(self._hands[seat]) >= 2:
                self._phase = Phase.SHOW
                return
        elif kind.effect == Effect.SHOW:
            self._show_and_reroll(seat, kind.revealed(action))
        self._phase = Phase.BID
        self._current = self._next_seat(seat)

    def _refusal(self, action: object, kind: MoveKind | None) -> str:
        """Return why `action` is not legal now, quoting the action and the state."""
        if self._phase == Phase.OVER:
            return f"{quote(action)}: the game is over (seat {self._winner} won)"
        state = f"seat {self._current} to play in round {self._round}"
        if self._previous is not None:
            state += f", the bid is {self._previous} by seat {self._bidder}"
        if self._palifico:
            state += " (a palifico round)"
        if kind is None:
            return f"{quote(action)} is not an action (Bid, Challenge, Calza, ShowAndReroll, Pass); {state}"
        if self._phase == Phase.SHOW:
            hidden = self._hands[self._current]
            return (
                f"{quote(action)} is not legal: {state}; after a bid the bidder may only Pass() or "
                f"ShowAndReroll(some but not all of the hidden dice {hidden})"
            )
        if kind.phase == Phase.SHOW:
            return f"{quote(action)} is not legal: only right after one's own bid; {state}"
        return f"{quote(action)} is not legal: {kind.refusal(self._turn(), action)}; {state}"

    def _next_seat(self, seat: int) -> int:
        """Return the next seat clockwise after `seat` that has dice."""
        return next_seat_with_dice(self._dice, (seat + 1) % self.players)

    def _show_and_reroll(self, seat: int, shown: tuple[int, ...]) -> None:
        """Show `shown` from the seat's hidden dice and reroll the rest (a chance step)."""
        rest = len(self._hands[seat]) - len(shown)
        self._shown[seat] = tuple(sorted(self._shown[seat] + shown))
        rolled = tuple(sorted(int(d) for d in self._rng.integers(1, 7, size=rest)))
        self._hands[seat] = rolled
        self.chance.append({"reroll": seat, "dice": list(rolled)})

    def _start_round(self, opener: int, palifico: bool) -> None:
        """Roll every seat's dice (a chance step) and hand the opening bid to `opener`."""
        rolled = self._rng.integers(1, 7, size=sum(self._dice)).tolist()
        hands, at = [], 0
        for n in self._dice:
            hands.append(tuple(sorted(rolled[at : at + n])))
            at += n
        self._hands = hands
        self._shown = [()] * self.players
        self._round_moves = []
        self._previous = self._bidder = None
        self._current, self._phase, self._palifico = opener, Phase.BID, palifico
        self._round += 1
        self.chance.append({"roll": [list(h) for h in hands]})

    def _settle(self, caller: int, action: Action, kind: MoveKind) -> None:
        """Reveal the dice, settle the call (the move kind's settle), then start the next round
        (settlement.next_round) or end the game."""
        bid, bidder = self._previous, self._bidder
        assert bid is not None and bidder is not None  # a call answers a bid
        dice = tuple(tuple(sorted(h + s)) for h, s in zip(self._hands, self._shown))
        count = self.rules.count(itertools.chain.from_iterable(dice), bid.face, self._palifico)
        before = tuple(self._dice)
        result = kind.settle(self.rules, before, bidder, caller, bid, count)
        self.results.append(
            RoundResult(
                self._round, dice, bid, bidder, caller, action, count, self._palifico, result
            )
        )
        self._dice = list(result.dice)
        self._round_moves.append((caller, action))
        alive = [seat for seat, n in enumerate(self._dice) if n > 0]
        if self.rules.single_round:
            won = bidder if result.winner is None else result.winner
            lost = bidder if result.loser is None else result.loser
            self._end(won, {won: 1.0, lost: -1.0})
        elif len(alive) == 1:
            others = -1.0 / (self.players - 1)
            self._end(alive[0], {s: 1.0 if s == alive[0] else others for s in range(self.players)})
        else:
            start = next_round(self.rules, before, result, self._had_palifico)
            self._had_palifico = start.had_palifico
            self._start_round(start.opener, start.palifico)

    def _end(self, winner: int, payoffs: dict[int, float]) -> None:
        """End the game with `winner` and the payoffs per seat."""
        self._phase, self._winner = Phase.OVER, winner
        self._returns = tuple(payoffs.get(s, 0.0) for s in range(self.players))

    # ----- history and display ------------------------------------------------------------

    def to_json(self) -> str:
        """Return the game as JSON: seed, rules, players, opener, moves and chance outcomes."""
        return record_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Return the game replayed from to_json() text, checked move by move.

        A tampered or illegal record raises ValueError (IllegalMoveError for a move) and no
        half-loaded game is returned.
        """
        return load_game(text, cls)

    def __repr__(self) -> str:
        name = self.rules.preset_name
        rules = f"preset({name!r})" if name else repr(self.rules)
        return f"Game({rules}, players={self.players}, seed={self.seed})"

    def __str__(self) -> str:
        return table_text(self.view_all(), dict(enumerate(self._hands)), None)

    def view_all(self) -> View:
        """Return the public part of the state as a View from the current seat."""
        return self.view(self._current)

    def _repr_html_(self) -> str:
        """Return the whole state as HTML with every seat's dice drawn."""
        return table_html(self.view_all(), dict(enumerate(self._hands)), None)


def _phase_alias(old: str) -> Callable[[], Phase]:
    """Return the function that serves the deprecated liarsdice.engine.<old> (a Phase)."""
    return lambda: Phase[old]


__getattr__ = aliases(
    "liarsdice.engine",
    {old: (_phase_alias(old), f"liarsdice.view.Phase.{old}") for old in ("BID", "SHOW", "OVER")},
)
