"""A seat's decisions read from saved games: the evidence that liarsdice.profiles fits.

- decisions(records, seat) -> (list of (View, action), skipped): every move the seat made, with
  the view it had (its own hand included); records are checked first.
- read_records(records, seat) -> list of SeatRecorder: the records checked and replayed afresh
  (a Game from its actions, JSON text as Game.from_json reads it, through record.load_game),
  each refused with a ValueError naming it (its index); SeatRecorder is the Game that keeps
  the seat's view before each of its moves, so each record is replayed once.
- view_scores(view): Quantal.scores(view) as an array in the order of the legal actions, from
  the cached odds table (bet_columns(legal, previous): what each action bets on, cached).
- SeatData / seat_data(games, seat): the decisions as arrays the families read at once
  (unchecked): each move's index among its legal actions, how many legal actions it had, which
  were show turns, and (computed once, on demand) the quantal scores of every bidding turn.

Every hand is known: a record holds the seed, and the seed decides every roll, so a replay
deals each seat the dice it held (a Game from PlayTable holds them too). So no decision of the
seat is left out here for want of a hand (skipped is 0); a family may still leave a decision
out where it is undefined (liarsdice.profiles counts those).

Limits: at most MAX_RECORDS records per call, each at most limits.MAX_RECORD_CHARS characters
of JSON; at most MAX_DECISIONS decisions of the seat in all. Bad input raises ValueError
(ArgumentTypeError, also a TypeError, for a wrong kind) quoting it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

import numpy as np

from liarsdice import botkit, odds
from liarsdice.actions import Action
from liarsdice.bidders_quantal import bet_of
from liarsdice.bids import Bid
from liarsdice.checks import check_integer, quote
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.record import load_game
from liarsdice.rules import Rules
from liarsdice.rules_presets import rules_key
from liarsdice.view import Phase, View

MAX_RECORDS = 10_000  # records per call
MAX_DECISIONS = 200_000  # decisions of the fitted seat, over all records of a call

Record = Game | str
Records = Record | Sequence[Record]


def read_records(records: object, seat: object) -> list[SeatRecorder]:
    """Return the games of `records`, checked, each replayed afresh (from its JSON if text)
    keeping the seat's views."""
    if isinstance(records, Game | str):
        items: list[object] = [records]
    elif isinstance(records, bytes | dict) or not isinstance(records, Sequence):
        raise ArgumentTypeError(
            f"records={quote(records)}: expected a Game, its JSON text, or a list of them"
        )
    else:
        if len(records) > MAX_RECORDS:  # before any record is read
            raise ValueError(
                f"records={quote(records)}: {len(records):,} records, at most MAX_RECORDS = "
                f"{MAX_RECORDS:,}"
            )
        items = list(records)
    if not items:
        raise ValueError(f"records={quote(records)}: expected at least one record")
    seat = check_integer("seat", seat, 0)
    games: list[SeatRecorder] = []
    for index, item in enumerate(items):
        try:
            games.append(_checked_record(index, item, seat, games))
        except (ValueError, TypeError) as error:  # name the whole input, then the record
            raise type(error)(f"records={quote(records)}: {error}") from None
    return games


def _checked_record(index: int, item: object, seat: int, games: list[SeatRecorder]) -> SeatRecorder:
    """Return record `index` replayed, after the records before it; else raise naming it."""
    if isinstance(item, Game) and seat >= item.players:  # before replaying it
        raise ValueError(f"record {index}: no seat {seat} ({item.players} players)")
    game = _load(index, item, seat)
    first = games[0] if games else game
    if game.rules != first.rules:
        raise ValueError(
            f"record {index}: other rules ({rules_key(game.rules)}, the options unlike "
            f"the defaults) than record 0's ({rules_key(first.rules)}); fit a seat "
            "over games of one rule set"
        )
    if seat >= game.players:
        raise ValueError(f"record {index}: no seat {seat} ({game.players} players)")
    if not game.moves:
        raise ValueError(f"record {index}: seat {seat} never moved")
    return game


class SeatRecorder(Game):
    """A Game that keeps `seat`'s view before each of its moves as they are applied."""

    def __init__(
        self, rules: Rules, players: int, seed: int, opener: int | None, seat: int
    ) -> None:
        super().__init__(rules, players, seed, opener)
        self.seat = seat
        self.moves: list[tuple[View, Action]] = []

    def apply(self, action: Action) -> None:
        """Apply the action, keeping the seat's view first if it is the seat's move."""
        view = self.view(self.seat) if self.current_player == self.seat else None
        super().apply(action)  # a refused move changes nothing, the views kept included
        if view is not None:
            self.moves.append((view, action))


def _load(index: int, item: object, seat: int) -> SeatRecorder:
    """Return record `index` replayed afresh, keeping the seat's views (text read as
    Game.from_json reads it); else raise naming the record."""
    if isinstance(item, Game):
        game = SeatRecorder(item.rules, item.players, item.seed, item.opener, seat)
        for _, action in item.actions:
            game.apply(action)
        return game
    if not isinstance(item, str):
        raise ArgumentTypeError(
            f"record {index}: {quote(item)} is not a record (a Game or its JSON text)"
        )
    try:
        return load_game(item, lambda r, n, s, o: SeatRecorder(r, n, s, o, seat))
    except ValueError as error:
        raise ValueError(f"record {index}: {error}") from error


def decisions(records: Records, seat: int) -> tuple[list[tuple[View, Action]], int]:
    """Return (the (View, action) of every move `seat` made, its own hand known; skipped).

    records: a Game, a game's JSON text (Game.to_json), or a list of them, all of one rule set
    (at most MAX_RECORDS); seat: a seat of every record that moved in each. skipped counts the
    decisions left out for want of information: 0, since a record's seed decides every hand.
    """
    moves = [move for game in read_records(records, seat) for move in game.moves]
    if len(moves) > MAX_DECISIONS:
        raise ValueError(
            f"seat {seat} made {len(moves):,} decisions: at most MAX_DECISIONS = "
            f"{MAX_DECISIONS:,}; fit fewer records"
        )
    return moves, 0


@lru_cache(maxsize=4096)
def bet_columns(
    legal: tuple[Action, ...], previous: Bid | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return, per legal action, the face - 1 and quantity of the bid it bets on (a call: the
    bid on the table) and what it bets on ("true", "false", "exact"; MoveKind.bets)."""
    bets = np.array([bet_of(action) for action in legal], dtype=object)
    if (bets == None).any():  # noqa: E711 (elementwise)
        raise ValueError(f"the legal move {quote(legal[list(bets).index(None)])} bets on nothing")
    bids = [action if bet == "true" else previous for action, bet in zip(legal, bets)]
    faces = np.array([bid.face - 1 for bid in bids], dtype=np.intp)  # type: ignore[union-attr]
    quantities = np.array([bid.quantity for bid in bids], dtype=np.intp)  # type: ignore[union-attr]
    return faces, quantities, bets


def view_scores(view: View) -> np.ndarray:
    """Return Quantal.scores(view) as an array in the order of view.legal_actions(), computed
    at once from the view's cached odds table (botkit.odds_table)."""
    faces, quantities, bets = bet_columns(view.legal_actions(), view.previous)
    rules, unknown, known, palifico = view.rules, view.unknown, view.known, view.palifico
    chance = botkit.odds_table(rules, unknown, known, palifico)[faces, quantities]
    scores: np.ndarray = np.where(bets == "true", chance, 1 - chance)
    exact = bets == "exact"
    if exact.any():
        bid = cast(Bid, view.previous)
        scores[exact] = float(odds.p_exact(bid, rules, unknown, known, False, palifico))
    return scores


@dataclass
class SeatData:
    """A seat's decisions as arrays: the views, the actions and what the families read."""

    seat: int
    views: list[View]
    actions: list[Action]
    chosen: np.ndarray  # each move's index among view.legal_actions()
    sizes: np.ndarray  # how many legal actions each move had
    show: np.ndarray  # True where the move was a show turn (show-and-reroll or pass)
    cache: dict[str, object] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.views)

    def scores(self) -> tuple[np.ndarray, np.ndarray]:
        """Return the quantal scores of every bidding turn's legal actions, concatenated, and
        the offsets where each bidding turn's scores start (with the total at the end)."""
        if "scores" not in self.cache:
            rows = [view_scores(view) for view, show in zip(self.views, self.show) if not show]
            offsets = np.cumsum([0] + [len(r) for r in rows])
            flat = np.concatenate(rows) if rows else np.zeros(0)
            self.cache["scores"] = (flat, offsets)
        return self.cache["scores"]  # type: ignore[return-value]

    def bluff_rate(self) -> float:
        """Return the share of the seat's bids whose P(true) from its own view is below 1/2
        (NaN when it made no bid)."""
        flat, offsets = self.scores()
        bidding = np.flatnonzero(~self.show)
        bids = [
            flat[offsets[k] + self.chosen[d]]
            for k, d in enumerate(bidding)
            if isinstance(self.actions[d], Bid)
        ]
        return float(np.mean(np.array(bids) < 0.5)) if bids else float("nan")


def seat_data(moves: list[tuple[View, Action]], seat: int) -> SeatData:
    """Return the decisions as SeatData (unchecked: moves from decisions())."""
    views = [view for view, _ in moves]
    actions = [action for _, action in moves]
    chosen = np.array([v.legal_actions().index(a) for v, a in moves], dtype=np.intp)
    sizes = np.array([len(v.legal_actions()) for v in views], dtype=np.intp)
    show = np.array([v.phase == Phase.SHOW for v in views], dtype=bool)
    return SeatData(seat, views, actions, chosen, sizes, show)
