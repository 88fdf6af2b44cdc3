"""The order of bids: one class per ace rule, in a registry, and the cached ladders of a table.

The ladder is endless. Within a quantity the plain faces rank in ascending order; an ace rule
says where the wild bids go among the plain quantities: k wilds sit right after the plain
quantity `plain_below(k)` (after every face of it). From that one function follow the dense
ranks, their inverse and the two conversions (halve and double).

- AceRule: the base class; a subclass names itself and gives plain_below(k) (and, for speed,
  wilds_below(q), its inverse). rank(bid, rules), bid_at(rank, rules), min_wild_after(q),
  min_plain_after(k) and between() (where k wilds sit, "2k-1 and 2k") follow.
- BoardRule ("board": k wilds between 2k-1 and 2k plain), PerudoRule ("perudo": between 2k and
  2k+1), FaceRule ("face": between k and k+1, the wild ranking as the highest face).
- PalificoOrder / PALIFICO: a palifico round's order, every face plain, faces 1..6 in order.
- ACE_RULES: the registry, name -> rule; Rules' allowed ace_rule values, the rules table, the
  plot colours and the widgets' lists all read it. register(rule) adds one, unregister(name)
  removes one.
- ladder_positions(rules, total, palifico): the bids with quantity <= total, lowest first, and
  each bid's position among them (cached: the engine and the bots share them).
- legal_bids(rules, total, previous, palifico, locked): the raises allowed next (cached).

Adding an ace rule is one subclass and one register() call (docs/extending.md).
"""

from __future__ import annotations

import bisect
import itertools
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from liarsdice.bids import Bid
from liarsdice.checks import check_integer

if TYPE_CHECKING:
    from liarsdice.rules import Rules

PLAIN_FACES = 5  # every die has five plain faces and one wild face


class AceRule:
    """Where k wild bids sit among the plain quantities; subclasses give plain_below(k)."""

    name: ClassVar[str] = ""
    meaning: ClassVar[str] = ""  # one line, for the rules table
    colour: ClassVar[str] = "#7f7f7f"  # the rule's colour in figures

    def plain_below(self, k: int) -> int:
        """Return the plain quantity right below k wilds (k >= 1): k wilds rank after it."""
        raise NotImplementedError

    def wilds_below(self, q: int) -> int:
        """Return how many wild quantities rank below the plain quantity q (k with
        plain_below(k) < q); subclasses may give a closed form."""
        low, high = 0, max(q, 0)  # plain_below rises strictly from >= 0, so k <= q
        while low < high:
            middle = (low + high + 1) // 2
            if self.plain_below(middle) < q:
                low = middle
            else:
                high = middle - 1
        return low

    def rank(self, bid: Bid, rules: Rules) -> int:
        """Return the bid's position on the endless ladder, 0 being the lowest bid."""
        if bid.face == rules.wild:
            return PLAIN_FACES * self.plain_below(bid.quantity) + bid.quantity - 1
        index = rules.plain_faces.index(bid.face)
        return PLAIN_FACES * (bid.quantity - 1) + self.wilds_below(bid.quantity) + index

    def bid_at(self, rank: int, rules: Rules) -> Bid:
        """Return the bid at a ladder position (the inverse of rank)."""
        rank = check_integer("rank", rank, low=0)
        # The highest plain quantity whose first face ranks at or below `rank`.
        low, high = 0, rank // PLAIN_FACES + 1
        while low < high:
            middle = (low + high + 1) // 2
            if self._first_plain_rank(middle) <= rank:
                low = middle
            else:
                high = middle - 1
        if low == 0:  # wilds below the plain quantity 1
            return Bid(rank + 1, rules.wild)
        offset = rank - self._first_plain_rank(low)
        if offset < PLAIN_FACES:
            return Bid(low, rules.plain_faces[offset])
        return Bid(self.wilds_below(low) + offset - PLAIN_FACES + 1, rules.wild)

    def _first_plain_rank(self, q: int) -> int:
        """Return the rank of q of the lowest plain face (q >= 1)."""
        return PLAIN_FACES * (q - 1) + self.wilds_below(q)

    def min_wild_after(self, q: int) -> int:
        """Return the fewest wilds that raise a bid of q of any plain face."""
        return self.wilds_below(q) + 1

    def min_plain_after(self, k: int) -> int:
        """Return the fewest dice of a plain face that raise a bid of k wilds."""
        return self.plain_below(k) + 1

    def between(self) -> str:
        """Return where k wilds sit, in words: "2k-1 and 2k" (for a rule with plain_below
        linear in k), else "plain_below(k) and plain_below(k)+1"."""
        a = self.plain_below(2) - self.plain_below(1)
        b = self.plain_below(1) - a
        if all(self.plain_below(k) == a * k + b for k in range(1, 20)):
            below = _linear(a, b)
            return f"{below} and {_linear(a, b + 1)}"
        return "plain_below(k) and plain_below(k)+1"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _linear(a: int, b: int) -> str:
    """Return a k + b in words: "2k-1", "k", "2k+1", "3"."""
    term = "" if a == 0 else "k" if a == 1 else f"{a}k"
    if not term:
        return str(b)
    return term + ("" if b == 0 else f"+{b}" if b > 0 else f"{b}")


class BoardRule(AceRule):
    """The board of Blef and Bluff: k wilds between 2k-1 and 2k of a plain face."""

    name = "board"
    meaning = "the board: k wilds between 2k-1 and 2k plain (halve, add one; double)"
    colour = "#1f77b4"

    def plain_below(self, k: int) -> int:
        """Return 2k - 1."""
        return 2 * k - 1

    def wilds_below(self, q: int) -> int:
        """Return q // 2."""
        return q // 2


class PerudoRule(AceRule):
    """Classic Perudo: k wilds between 2k and 2k+1 of a plain face."""

    name = "perudo"
    meaning = "Perudo: k wilds between 2k and 2k+1 plain (halve, round up; double, add one)"
    colour = "#2ca02c"

    def plain_below(self, k: int) -> int:
        """Return 2k."""
        return 2 * k

    def wilds_below(self, q: int) -> int:
        """Return (q - 1) // 2."""
        return (q - 1) // 2


class FaceRule(AceRule):
    """OpenSpiel's order: no conversion, the wild face ranks as the highest face of a quantity."""

    name = "face"
    meaning = "no conversion: k wilds between k and k+1 plain (the wild is the highest face)"
    colour = "#ff7f0e"

    def plain_below(self, k: int) -> int:
        """Return k."""
        return k

    def wilds_below(self, q: int) -> int:
        """Return q - 1."""
        return max(q - 1, 0)


class PalificoOrder:
    """A palifico round's order: wilds are not wild, faces 1..6 in order within a quantity."""

    def rank(self, bid: Bid, rules: Rules) -> int:
        """Return 6 (q - 1) + face - 1."""
        return 6 * (bid.quantity - 1) + bid.face - 1

    def bid_at(self, rank: int, rules: Rules) -> Bid:
        """Return the bid at a palifico ladder position."""
        rank = check_integer("rank", rank, low=0)
        return Bid(rank // 6 + 1, rank % 6 + 1)


PALIFICO = PalificoOrder()
ACE_RULES: dict[str, AceRule] = {}


def register(rule: AceRule) -> AceRule:
    """Add an ace rule to the registry under its name; return it.

    Raises:
        ValueError: the rule has no name, the name is taken, or plain_below does not rise
            strictly from a value >= 0 (then the ladder would have gaps or ties).
    """
    if not isinstance(rule, AceRule) or not isinstance(rule.name, str) or not rule.name:
        raise ValueError(f"register({rule!r}): expected an AceRule instance with a name")
    if rule.name in ACE_RULES:
        raise ValueError(f"ace rule {rule.name!r} is already registered")
    below = [rule.plain_below(k) for k in range(1, 50)]
    if below[0] < 0 or any(b >= a for b, a in itertools.pairwise(below)):
        raise ValueError(
            f"ace rule {rule.name!r}: plain_below(k) must be >= 0 and rise strictly "
            f"(got {below[:6]}...)"
        )
    ACE_RULES[rule.name] = rule
    _clear_caches()
    return rule


def unregister(name: str) -> None:
    """Remove an ace rule from the registry (for tests and experiments)."""
    if name in ("board", "perudo", "face"):
        raise ValueError(f"ace rule {name!r} belongs to the presets and stays registered")
    ACE_RULES.pop(name, None)
    _clear_caches()


def ace_rule(name: str) -> AceRule:
    """Return the registered ace rule called `name`; raise ValueError listing the names."""
    try:
        return ACE_RULES[name]
    except (KeyError, TypeError):
        raise ValueError(f"ace_rule={name!r}: the ace rules are {', '.join(ACE_RULES)}") from None


# ----- the cached ladders of a table --------------------------------------------------------


@lru_cache(maxsize=512)
def _ladder(rules: Rules, total: int, palifico: bool) -> tuple[tuple[Bid, ...], tuple[int, ...]]:
    """Return the bids with quantity <= total, lowest first, and their ranks."""
    bids = tuple(rules.ladder(total, palifico))
    return bids, tuple(rules.rank(b, palifico) for b in bids)


@lru_cache(maxsize=512)
def ladder_positions(
    rules: Rules, total: int, palifico: bool = False
) -> tuple[tuple[Bid, ...], dict[Bid, int]]:
    """Return the bids with quantity <= total, lowest first, and each bid's position among them."""
    bids = _ladder(rules, total, palifico)[0]
    return bids, {bid: i for i, bid in enumerate(bids)}


@lru_cache(maxsize=4096)
def legal_bids(
    rules: Rules, total: int, previous: Bid | None, palifico: bool = False, locked: bool = False
) -> tuple[Bid, ...]:
    """Return the bids that may follow `previous` with `total` dice on the table, lowest first.

    `locked` is a palifico round's face lock: a player with more than one die keeps the face.
    """
    if previous is not None and locked:
        return tuple(Bid(q, previous.face) for q in range(previous.quantity + 1, total + 1))
    bids, ranks = _ladder(rules, total, palifico)
    if previous is None:
        return tuple(b for b in bids if rules.is_raise(None, b, palifico))
    return bids[bisect.bisect_right(ranks, rules.rank(previous, palifico)) :]


def _clear_caches() -> None:
    """Forget the cached ladders (the registry changed)."""
    for cached in (_ladder, ladder_positions, legal_bids):
        cached.cache_clear()


for _rule in (BoardRule(), PerudoRule(), FaceRule()):
    register(_rule)
