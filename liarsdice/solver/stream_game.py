"""The streamed solver's game: the single round for any dice, laid out level by level.

The layout. A history is a rising sequence of bids; level d holds the histories of d bids,
sorted by their last bid, and within one last bid b by the row of the history without it in
level d - 1. So the histories of level d + 1 that end in b extend the first rows of level d
(those whose last bid is below b), in order: every parent-child step is a contiguous slice (no
index arrays), and the histories challenged on one bid are contiguous (one matrix product).

- MAX_STREAM_STATES: the most information states of a streamed game (10^9: 2 v 2 on six faces
  has 352 million, 1 v 3 520 million, 2 v 3 twenty billion); MAX_STREAM_DICE: the most dice in
  all (8). check_stream_size(dice, faces) checks the sizes.
- Group: (last bid, first row, end row), the rows of a level with one last bid.
- StreamGame(rules, dice=(2, 2), faces=6, payoff=None): the layout (bids, openings, hands,
  chance, rows per level and per last bid) and the payoff matrices; small_game() the same game
  as a SmallGame where that fits in memory (at most MAX_SOLVED_DICE dice), rows_of(small) the
  streamed row of each of its histories.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.ladder import legal_bids
from liarsdice.rules import Rules, resolve
from liarsdice.solver.game import SmallGame
from liarsdice.solver.game_parts import (
    MAX_SOLVED_DICE,
    Payoff,
    die_faces,
    hand_multisets,
    payoff_table,
)

MAX_STREAM_STATES = 1_000_000_000
MAX_STREAM_DICE = 8

Group = tuple[int, int, int]  # (last bid, first row, end row): the rows with that last bid


def check_stream_size(dice: object, faces: object) -> tuple[int, int]:
    """Return the two dice counts, or raise ValueError for sizes the streamed solver refuses.

    dice: two integers >= 1, at most MAX_STREAM_DICE in all; faces: an integer 2..6. The
    information states are checked when the game is built (at most MAX_STREAM_STATES).
    """
    if isinstance(dice, str | bytes) or not hasattr(dice, "__iter__"):
        raise ArgumentTypeError(f"dice={quote(dice)}: give the dice of both players, e.g. (2, 2)")
    counts = tuple(itertools.islice(iter(dice), 3))
    if len(counts) != 2:
        raise ValueError(f"dice={quote(dice)}: two players; give two dice counts, e.g. (2, 2)")
    a, b = check_counts("dice", counts, low=1, size=2)
    if a + b > MAX_STREAM_DICE:
        raise ValueError(
            f"dice={quote(dice)}: {a + b} dice in all; the streamed solver handles at most "
            f"MAX_STREAM_DICE = {MAX_STREAM_DICE}"
        )
    check_integer("faces", faces, 2, 6)
    return a, b


def _layout(openings: np.ndarray) -> list[np.ndarray]:
    """Return, per level d >= 1, the number of histories whose last bid is each bid.

    Level 1 holds the openings; a history of level d + 1 ending in b extends a history of
    level d whose last bid is below b, so its count is the running total below b.
    """
    counts = [openings.astype(np.int64)]
    while counts[-1].any():
        counts.append(np.concatenate(([0], np.cumsum(counts[-1])[:-1])))
    return counts[:-1]


class StreamGame:
    """The single round for any dice, as a streamed layout: bids, hands and rows per level."""

    def __init__(
        self,
        rules: Rules | str,
        dice: Sequence[int] = (2, 2),
        faces: int = 6,
        *,
        payoff: Payoff | None = None,
    ) -> None:
        """Build the layout. rules: a Rules or a preset name (no palifico round); dice: two
        integers >= 1, at most MAX_STREAM_DICE in all; faces: 2..6; payoff: None (+-1 to the
        round's winner) or payoff(bidder, bid, count) -> the opener's payoff in [-1, 1], as
        SmallGame takes it. At most MAX_STREAM_STATES information states."""
        self.dice = check_stream_size(dice, faces)
        self.rules = resolve(rules)
        self.faces = int(faces)
        if payoff is not None and not callable(payoff):
            raise ArgumentTypeError(
                f"payoff={quote(payoff)}: expected None or a function (bidder, bid, count)"
            )
        self.die_faces = die_faces(self.rules, self.faces)
        total = sum(self.dice)
        self.bids: tuple[Bid, ...] = tuple(
            b for b in self.rules.ladder(total) if b.face in self.die_faces
        )
        hands = [hand_multisets(self.die_faces, n) for n in self.dice]
        self.hands: tuple[tuple[tuple[int, ...], ...], ...] = tuple(h for h, _ in hands)
        self.chance: tuple[np.ndarray, ...] = tuple(p for _, p in hands)
        self.openings = self._openings(total)
        counts = _layout(self.openings)
        self.sizes: tuple[int, ...] = (1, *(int(c.sum()) for c in counts))
        if self.n_information_states > MAX_STREAM_STATES:
            raise ValueError(
                f"dice={quote(dice)}, faces={quote(faces)}: {self.n_information_states:,} "
                f"information states (limit MAX_STREAM_STATES = {MAX_STREAM_STATES:,})"
            )
        # groups[d]: the non-empty (bid, start, stop) row ranges of level d per last bid
        starts = [np.cumsum(c) - c for c in counts]
        self.groups: tuple[tuple[Group, ...], ...] = (
            (),
            *(
                tuple((b, int(s), int(s + n)) for b, (s, n) in enumerate(zip(first, c)) if n)
                for first, c in zip(starts, counts)
            ),
        )
        self.payoff_table = payoff_table(self.bids, sum(self.dice), payoff)

    def _openings(self, total: int) -> np.ndarray:
        """Return which bids may open; raise ValueError unless the raises of every bid are the
        later bids of the ladder (as in every preset's single round)."""
        index = {b: i for i, b in enumerate(self.bids)}
        for i, previous in enumerate(self.bids):
            after = [index[b] for b in legal_bids(self.rules, total, previous) if b in index]
            if after != list(range(i + 1, len(self.bids))):
                raise ValueError(
                    f"rules={quote(self.rules.preset_name or self.rules)}: the raises of "
                    f"{previous} are not the later bids of the ladder, which the streamed "
                    "solver needs"
                )
        opening = {index[b] for b in legal_bids(self.rules, total, None) if b in index}
        return np.array([i in opening for i in range(len(self.bids))])

    # ----- sizes -------------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Return the most bids a history can hold (the deepest level)."""
        return len(self.sizes) - 1

    @property
    def n_histories(self) -> int:
        """Return the number of public bid histories, the empty one included."""
        return sum(self.sizes)

    @property
    def n_information_states(self) -> int:
        """Return the number of (hand, history) pairs at which a player moves."""
        return sum(n * len(self.hands[d % 2]) for d, n in enumerate(self.sizes))

    def uniform(self, d: int) -> np.ndarray:
        """Return, per history of level d (0..depth), one over its legal actions (a column)."""
        d = check_integer("d", d, 0, self.depth)
        if d == 0:
            return np.array([[1.0 / int(self.openings.sum())]])
        k = len(self.bids)
        return np.concatenate(
            [np.full(stop - start, 1.0 / (k - b)) for b, start, stop in self.groups[d]]
        )[:, None]

    def counts(self, player: int) -> np.ndarray:
        """Return the matching dice [hand, bid] of each of the player's (0 or 1) hands."""
        player = check_integer("player", player, 0, 1)
        return np.array(
            [[self.rules.count(h, b.face) for b in self.bids] for h in self.hands[player]],
            dtype=np.int64,
        )

    def same_game(self, other: StreamGame) -> bool:
        """Return True if `other` (a StreamGame) is this game built again."""
        if not isinstance(other, StreamGame):
            raise ArgumentTypeError(f"other={quote(other)}: expected a StreamGame")
        return (other.rules, other.dice, other.faces) == (
            self.rules,
            self.dice,
            self.faces,
        ) and np.array_equal(other.payoff_table, self.payoff_table)

    def small_game(self) -> SmallGame:
        """Return this game as an in-memory SmallGame (at most MAX_SOLVED_DICE dice in all)."""
        if sum(self.dice) > MAX_SOLVED_DICE:
            raise ValueError(
                f"{self!r}: too large for the in-memory SmallGame (at most MAX_SOLVED_DICE = "
                f"{MAX_SOLVED_DICE} dice in all)"
            )
        index = {b: i for i, b in enumerate(self.bids)}
        table = self.payoff_table
        return SmallGame(
            self.rules,
            self.dice,
            self.faces,
            payoff=lambda bidder, bid, count: float(table[bidder, index[bid], count]),
        )

    def rows_of(self, small: SmallGame) -> list[np.ndarray]:
        """Return, per level, the streamed row of each history of `small` (this game as a
        SmallGame)."""
        if not isinstance(small, SmallGame):
            raise ArgumentTypeError(f"small={quote(small)}: expected a SmallGame")
        if (small.bids, small.dice, small.palifico) != (self.bids, self.dice, False):
            raise ValueError(f"small={quote(small)}: not this game")
        rows = [np.zeros(1, dtype=np.int64)]
        for d in range(1, len(small.levels)):
            start = np.zeros(len(self.bids), dtype=np.int64)
            for b, first, _ in self.groups[d]:
                start[b] = first
            level = small.levels[d]
            rows.append(start[level.last] + rows[-1][level.parent])
        return rows

    def __repr__(self) -> str:
        return (
            f"StreamGame({self.rules.preset_name or 'custom rules'}, dice={self.dice}, "
            f"faces={self.faces}: {len(self.bids)} bids, {self.n_histories:,} histories, "
            f"{self.n_information_states:,} information states)"
        )
