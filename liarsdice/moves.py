"""One seam per move: a move type declares its whole behaviour in one MoveKind, registered once.

- Phase: the phase of a turn (BID: a move; SHOW: the show-or-pass after one's own bid under
  show_and_reroll; OVER: the game has ended), a str Enum.
- Turn: the facts legality reads (rules, phase, dice per seat, the seat, the bid on the table,
  palifico, the seat's hidden dice), with total and locked (the palifico face lock).
- Effect: what playing a move does: RAISE (it becomes the bid on the table), CALL (it ends
  the round: the dice are revealed and the kind's `settle` gives the Settlement), SHOW (the
  kind's `revealed` dice are shown and the rest of the hand rerolled), PASS (the turn moves on).
- MoveKind: the base class of a move type's behaviour: its value type, name, phase, effect,
  what it bets on (`bets`, which the bidder models, the bots' costs and review read), its
  words; offered(turn) (the legal moves of the type, in order), allows(turn, action) (O(1)
  where it can), refusal(turn, action), text(action) and parse(text, rules), describe(rules,
  action) (render's verb phrase) and html(rules, action), settle(...) for a CALL, revealed(action)
  for a SHOW.
- register_move(kind) -> kind: adds a move type (it must be new; its `depends` names the Turn
  fields its offer reads, for the engine's cache); unregister_move(type) removes one added so.
- kind_of(action) -> MoveKind | None; is_action(value); action_types() (the registered value
  types); offered(turn) -> (legal moves in order, them as a set), every kind of the turn's phase
  in registration order (cached on the fields the kinds depend on).

The built-in moves (Bid, Challenge, Calza, ShowAndReroll, Pass) register their kinds in
liarsdice.actions; docs/extending.md shows a move added from outside the package.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError

if TYPE_CHECKING:
    from liarsdice.bids import Bid
    from liarsdice.rules import Rules
    from liarsdice.settlement import Settlement


class Phase(str, Enum):
    """The phase of a turn: a move, the show-or-pass after one's own bid, or the end."""

    BID = "bid"
    SHOW = "show"
    OVER = "over"


class Effect(str, Enum):
    """What playing a move does to the round."""

    RAISE = "raise"  # becomes the bid on the table
    CALL = "call"  # ends the round: reveal, then the kind's settle
    SHOW = "show"  # shows the kind's revealed dice, rerolls the rest of the hand
    PASS = "pass"  # the turn moves on


Bets = Literal["true", "false", "exact"] | None


class Turn(NamedTuple):
    """The facts a move's legality reads: the rules, the phase, every seat's dice, the seat to
    play, the bid on the table, palifico and the seat's hidden dice."""

    rules: Rules
    phase: Phase
    dice: tuple[int, ...]
    seat: int
    previous: Bid | None
    palifico: bool
    hand: tuple[int, ...]

    @property
    def total(self) -> int:
        """Return the number of dice on the table."""
        return sum(self.dice)

    @property
    def locked(self) -> bool:
        """Return True if the seat must keep the bid's face (palifico, more than one die)."""
        return self.palifico and self.dice[self.seat] > 1


class MoveKind:
    """A move type's behaviour, declared in one place (subclass it and register_move it)."""

    type: ClassVar[type]  # the move's value type (a frozen dataclass)
    name: ClassVar[str]  # a word: "challenge"
    phase: ClassVar[Phase] = Phase.BID  # the turn it is played in
    effect: ClassVar[Effect] = Effect.CALL
    # what the move bets on, for the readers: "true" (its own bid is true), "false" (the bid
    # on the table is false), "exact" (it is exact), None (no bet: a show or a pass)
    bets: ClassVar[Bets] = None
    words: ClassVar[tuple[str, ...]] = ()  # the texts parse reads as this move (no argument)
    # the Turn fields offered() reads: the engine caches the legal moves on them
    depends: ClassVar[tuple[str, ...]] = ("rules", "dice", "seat", "previous", "palifico", "hand")

    def offered(self, turn: Turn) -> tuple[Any, ...]:
        """Return this type's legal moves in `turn`, in order (none by default)."""
        return ()

    def allows(self, turn: Turn, action: Any) -> bool:
        """Return True if `action` (of this type) is legal in `turn`."""
        return action in self.offered(turn)

    def refusal(self, turn: Turn, action: Any) -> str:
        """Return why `action` (of this type) is not legal in `turn`."""
        return "not allowed here"

    def text(self, action: Any) -> str:
        """Return the action as text that parse reads back ("challenge")."""
        return self.name

    def parse(self, text: str, rules: Rules | None) -> Any | None:
        """Return the action `text` (lower case, single spaces) writes, or None."""
        return self.type() if text in self.words else None

    def describe(self, rules: Rules, action: Any) -> str:
        """Return what the move does, as a verb phrase ("challenges")."""
        return self.name

    def html(self, rules: Rules, action: Any) -> str:
        """Return the move's verb phrase as HTML."""
        return html.escape(self.describe(rules, action))

    def settle(
        self, rules: Rules, dice: tuple[int, ...], bidder: int, caller: int, bid: Bid, count: int
    ) -> Settlement:
        """Return the round's Settlement when a CALL is played (count: the bid's true count)."""
        raise NotImplementedError(f"{self.name}: a CALL move gives settle()")

    def revealed(self, action: Any) -> tuple[int, ...]:
        """Return the dice a SHOW move shows (sorted faces)."""
        raise NotImplementedError(f"{self.name}: a SHOW move gives revealed()")

    def __repr__(self) -> str:
        return f"<move {self.name}>"


MOVES: dict[type, MoveKind] = {}  # value type -> its kind, in registration order
_KEYS: dict[Phase, Callable[[Turn], Any]] = {}  # per phase: the Turn fields the offers read
_OFFERED: dict[Any, tuple[tuple[Any, ...], frozenset[Any]]] = {}
CACHED_TURNS = 8192  # legal-move lists kept (each a tuple of at most a ladder's bids)


def register_move(kind: MoveKind) -> MoveKind:
    """Return `kind` after adding its move type to the game (refused if the type has one)."""
    if not isinstance(kind, MoveKind):
        raise ArgumentTypeError(f"kind={quote(kind)}: expected a MoveKind instance")
    if not isinstance(getattr(kind, "type", None), type) or kind.type in MOVES:
        raise ValueError(f"kind={quote(kind)}: its `type` must be a new class of move values")
    if not isinstance(kind.phase, Phase) or kind.phase == Phase.OVER:
        raise ValueError(f"kind={quote(kind)}: phase must be Phase.BID or Phase.SHOW")
    if not isinstance(kind.effect, Effect):
        raise ValueError(f"kind={quote(kind)}: effect must be an Effect")
    unknown = set(kind.depends) - {*Turn._fields, "total", "locked"}
    if unknown:
        raise ValueError(f"kind={quote(kind)}: depends names no Turn field {sorted(unknown)}")
    MOVES[kind.type] = kind
    _keep_fields()
    return kind


def unregister_move(kind: type) -> None:
    """Remove a move type added by register_move (the built-in moves stay)."""
    if not isinstance(kind, type):
        raise ArgumentTypeError(f"kind={quote(kind)}: expected a move type (a class)")
    if kind in BUILT_IN or kind not in MOVES:
        raise ValueError(f"kind={quote(kind)}: not a registered move type added by a user")
    del MOVES[kind]
    _keep_fields()


def _keep_fields() -> None:
    """Set, per phase, the Turn fields the registered kinds read (the cache key), and empty the
    cache of legal moves."""
    fields: dict[Phase, tuple[str, ...]] = {}
    for kind in MOVES.values():
        fields[kind.phase] = tuple(dict.fromkeys(fields.get(kind.phase, ()) + kind.depends))
    _KEYS.clear()
    _KEYS.update({phase: attrgetter("phase", *names) for phase, names in fields.items()})
    _OFFERED.clear()


BUILT_IN: set[type] = set()  # the move types liarsdice.actions registers


def kind_of(action: object) -> MoveKind | None:
    """Return the registered kind of `action`'s type, or None for a value that is no move."""
    return MOVES.get(type(action))


def is_action(value: object) -> bool:
    """Return True if `value` is a move of a registered type."""
    return type(value) in MOVES


def action_types() -> tuple[type, ...]:
    """Return the registered move value types, in registration order."""
    return tuple(MOVES)


def offered(turn: Turn) -> tuple[tuple[Any, ...], frozenset[Any]]:
    """Return the legal moves of `turn` in order (each kind of its phase in registration
    order) and them as a set; cached on the Turn fields the kinds read (turn: a Turn the caller
    checked, as the engine builds it; a value that is no Turn raises ArgumentTypeError)."""
    if type(turn) is not Turn:
        raise ArgumentTypeError(f"turn={quote(turn)}: expected a liarsdice.moves.Turn")
    if turn.phase == Phase.OVER:
        return (), frozenset()
    key = _KEYS[turn.phase](turn) if turn.phase in _KEYS else turn.phase
    found = _OFFERED.get(key)
    if found is None:
        moves: tuple[Any, ...] = ()
        for kind in MOVES.values():
            if kind.phase == turn.phase:
                moves += kind.offered(turn)
        if len(_OFFERED) >= CACHED_TURNS:
            _OFFERED.clear()
        found = _OFFERED[key] = moves, frozenset(moves)
    return found
