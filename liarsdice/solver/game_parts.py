"""The parts a single-round game is built from: its sizes, the dice and hands, the payoffs.

- LIAR: the challenge action (the engine's Challenge()); Action: a Bid or LIAR; MAX_SOLVED_DICE: the
  most dice in all (3).
- check_size(dice, faces): the two dice counts, refused beyond what the solver handles
  (dice: two integers >= 1 summing to at most MAX_SOLVED_DICE; faces: 2..6); check_player(player).
- die_faces(rules, faces): the faces of a smaller die (the wild and the lowest plain faces);
  hand_multisets(faces, n): the hands of n dice with their probabilities.
- Payoff: payoff(bidder, bid, count) -> the opener's payoff when `bidder` (0: the opener, 1:
  the other) is challenged on `bid` and the table holds `count` matching dice;
  payoff_table(bids, total, payoff) its values per [bidder, bid, count], checked.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from liarsdice.actions import Challenge
from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_integer, check_number, quote
from liarsdice.deprecation import aliases
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules import Rules, resolve

LIAR = Challenge()  # the challenge, as the engine writes it
MAX_SOLVED_DICE = 3  # the most dice in all (both players) of a game solved in memory

Action = Bid | Challenge
Payoff = Callable[[int, Bid, int], float]


def _win_or_lose(bidder: int, bid: Bid, count: int) -> float:
    """Return the single round's payoff to the opener: +-1 to whoever the count proves right."""
    bidder_wins = count >= bid.quantity
    return 1.0 if bidder_wins == (bidder == 0) else -1.0


def payoff_table(bids: Sequence[Bid], total: int, payoff: Payoff | None) -> np.ndarray:
    """Return the opener's payoff per [bidder, bid, count] for a round of these bids and
    `total` dice: payoff(bidder, bid, count) (None: +-1 to the round's winner), each checked to
    be a number in [-1, 1]; an exception the function raises comes back as a ValueError."""
    rule = _win_or_lose if payoff is None else payoff
    table = np.empty((2, len(bids), total + 1))
    for bidder, (i, bid), count in itertools.product((0, 1), enumerate(bids), range(total + 1)):
        where = f"payoff({bidder}, {bid}, {count})"
        try:
            value = rule(bidder, bid, count)
        except Exception as error:  # the caller's function may raise anything
            raise ValueError(f"{where}: raised {quote(error)}") from error
        table[bidder, i, count] = check_number(where, value, -1.0, 1.0)
    return table


def check_size(dice: object, faces: object) -> tuple[int, int]:
    """Return the two dice counts, or raise ValueError for sizes the solver does not handle.

    dice: two integers >= 1, at most MAX_SOLVED_DICE in all; faces: an integer 2..6. Wrong kinds
    raise ArgumentTypeError (a ValueError too).
    """
    if isinstance(dice, str | bytes) or not hasattr(dice, "__iter__"):
        raise ArgumentTypeError(f"dice={quote(dice)}: give the dice of both players, e.g. (1, 1)")
    counts = tuple(itertools.islice(iter(dice), 3))
    if len(counts) != 2:
        raise ValueError(
            f"dice={quote(dice)}: the solver plays two players; give two dice counts, e.g. (1, 1)"
        )
    counts = check_counts("dice", counts, low=1, size=2)
    if sum(counts) > MAX_SOLVED_DICE:
        raise ValueError(
            f"dice={quote(dice)}: {quote(sum(counts))} dice in all; the solver handles at most "
            f"{MAX_SOLVED_DICE} (1 v 1, 1 v 2, 2 v 1)"
        )
    check_integer("faces", faces, 2, 6)
    return counts[0], counts[1]


def check_player(player: object) -> int:
    """Return a player, 0 (who opens) or 1, as a plain int; else raise."""
    return check_integer("player", player, 0, 1)


def die_faces(rules: Rules, faces: int = 6) -> tuple[int, ...]:
    """Return the faces of a `faces`-sided die (2..6): the wild face and the lowest faces-1
    plain ones. rules: a Rules or a preset name."""
    rules = resolve(rules)
    faces = check_integer("faces", faces, 2, 6)
    return tuple(sorted((*rules.plain_faces[: faces - 1], rules.wild)))


def hand_multisets(faces: Sequence[int], n: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """Return the multisets of n dice (sorted tuples) and their probabilities."""
    hands = tuple(itertools.combinations_with_replacement(faces, n))
    ways = [
        math.factorial(n) / math.prod(math.factorial(h.count(f)) for f in set(h)) for h in hands
    ]
    return hands, np.array(ways) / len(faces) ** n


__getattr__ = aliases(
    "liarsdice.solver.game_parts",
    {"MAX_DICE": (lambda: MAX_SOLVED_DICE, "liarsdice.solver.game_parts.MAX_SOLVED_DICE")},
)
