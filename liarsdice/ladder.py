"""The order of bids: one class per ace rule, in a registry, and the cached ladders of a table.

The ladder is endless. Within a quantity the plain faces rank in ascending order; an ace rule
says where the wild bids go among the plain quantities: k wilds sit right after the plain
quantity `plain_below(k)` (after every face of it). From that one function follow the dense
ranks, their inverse and the two conversions (halve and double).

- AceRule: the base class; a subclass names itself and gives plain_below(k) (and, for speed,
  wilds_below(q), its inverse). rank(bid, rules), bid_at(rank, rules), min_wild_after(q),
  min_plain_after(k), bounds() and between() (where k wilds sit, "2k-1 and 2k") follow.
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

Limits: quantities are 1..limits.MAX_QUANTITY (plain_below and wilds_below of the built-in
rules take one more, MAX_QUANTITY + 1, since the ladder's end asks about it); ranks are
0..last_rank(rules), the last rank below a quantity MAX_QUANTITY + 1; a table's total is
0..MAX_QUANTITY. Ladders of more than CACHED_TOTAL dice are built afresh, not cached, so the
caches stay small. Wrong kinds raise ArgumentTypeError, values out of range ValueError, each
quoting the input.
"""

from __future__ import annotations

import bisect
import itertools
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_QUANTITY
from liarsdice.rules_base import RuleSet, resolve

if TYPE_CHECKING:
    from liarsdice.rules_class import Rules

PLAIN_FACES = 5  # every die has five plain faces and one wild face
CACHED_TOTAL = 1_000  # ladders of at most this many dice are cached (about 1 MB each)


def _quantity(name: str, value: object, low: int = 1, high: int = MAX_QUANTITY) -> int:
    """Return a quantity as a plain int (the common case, a small int, checked first)."""
    if type(value) is int and low <= value <= high:
        return value
    return check_integer(name, value, low, high)


def _check_bid(bid: object, rules: object) -> None:
    """Raise ArgumentTypeError unless `bid` is a Bid and `rules` a Rules (a RuleSet)."""
    if not isinstance(bid, Bid):
        raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid")
    if not isinstance(rules, RuleSet):
        raise ArgumentTypeError(f"rules={quote(rules)}: expected a Rules")


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
        """Return the bid's position on the endless ladder, 0 being the lowest bid (bid: a Bid,
        quantity 1..MAX_QUANTITY; rules: a Rules)."""
        if type(bid) is not Bid or not isinstance(rules, RuleSet):
            _check_bid(bid, rules)
        if bid.face == rules.wild:
            return PLAIN_FACES * self.plain_below(bid.quantity) + bid.quantity - 1
        index = rules.plain_faces.index(bid.face)
        return PLAIN_FACES * (bid.quantity - 1) + self.wilds_below(bid.quantity) + index

    def last_rank(self, rules: Rules) -> int:
        """Return the highest rank below every bid of quantity MAX_QUANTITY + 1: the ranks
        0..last_rank(rules) hold exactly the bids that bid_at returns."""
        _check_bid(Bid(1, 1), rules)
        beyond = MAX_QUANTITY + 1
        first_plain = self._first_plain_rank(beyond)
        first_wild = PLAIN_FACES * self.plain_below(beyond) + beyond - 1
        return min(first_plain, first_wild) - 1

    def bids_up_to(self, max_quantity: int, rules: Rules) -> list[Bid]:
        """Return every bid of quantity 1..max_quantity (0..MAX_QUANTITY), lowest first."""
        _check_bid(Bid(1, 1), rules)
        top = _quantity("max_quantity", max_quantity, 0, MAX_QUANTITY)
        wild, plain = rules.wild, rules.plain_faces
        bids: list[Bid] = []
        made = 0  # wild quantities listed so far
        for q in range(1, top + 1):
            below = min(self.wilds_below(q), top)  # the wilds ranking below q of a plain face
            bids.extend(Bid(k, wild) for k in range(made + 1, below + 1))
            made = max(made, below)
            bids.extend(Bid(q, face) for face in plain)
        bids.extend(Bid(k, wild) for k in range(made + 1, top + 1))
        return bids

    def bid_at(self, rank: int, rules: Rules) -> Bid:
        """Return the bid at a ladder position (the inverse of rank); rank: an integer
        0..last_rank(rules)."""
        _check_bid(Bid(1, 1), rules)
        rank = check_integer("rank", rank, 0, self.last_rank(rules))
        # The highest plain quantity whose first face ranks at or below `rank`.
        low, high = 0, min(rank // PLAIN_FACES + 1, MAX_QUANTITY)
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
        """Return the fewest wilds that raise a bid of q of any plain face (q: 1..MAX_QUANTITY)."""
        return self.wilds_below(_quantity("q", q)) + 1

    def min_plain_after(self, k: int) -> int:
        """Return the fewest dice of a plain face that raise a bid of k wilds
        (k: 1..MAX_QUANTITY)."""
        return self.plain_below(_quantity("k", k)) + 1

    def bounds(self) -> tuple[str, str]:
        """Return the plain quantities k wilds sit between, as formulas in k: ("2k-1", "2k")
        (for a rule with plain_below linear in k), else ("plain_below(k)", "plain_below(k)+1")."""
        a = self.plain_below(2) - self.plain_below(1)
        b = self.plain_below(1) - a
        if all(self.plain_below(k) == a * k + b for k in range(1, 20)):
            return _linear(a, b), _linear(a, b + 1)
        return "plain_below(k)", "plain_below(k)+1"

    def between(self) -> str:
        """Return where k wilds sit, in words: "2k-1 and 2k" (the two bounds)."""
        return " and ".join(self.bounds())

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
        """Return 2k - 1 (k: 1..MAX_QUANTITY + 1)."""
        return 2 * _quantity("k", k, 1, MAX_QUANTITY + 1) - 1

    def wilds_below(self, q: int) -> int:
        """Return q // 2 (q: 0..MAX_QUANTITY + 1)."""
        return _quantity("q", q, 0, MAX_QUANTITY + 1) // 2


class PerudoRule(AceRule):
    """Classic Perudo: k wilds between 2k and 2k+1 of a plain face."""

    name = "perudo"
    meaning = "Perudo: k wilds between 2k and 2k+1 plain (halve, round up; double, add one)"
    colour = "#2ca02c"

    def plain_below(self, k: int) -> int:
        """Return 2k (k: 1..MAX_QUANTITY + 1)."""
        return 2 * _quantity("k", k, 1, MAX_QUANTITY + 1)

    def wilds_below(self, q: int) -> int:
        """Return (q - 1) // 2, or 0 for q = 0 (q: 0..MAX_QUANTITY + 1)."""
        return max((_quantity("q", q, 0, MAX_QUANTITY + 1) - 1) // 2, 0)


class FaceRule(AceRule):
    """OpenSpiel's order: no conversion, the wild face ranks as the highest face of a quantity."""

    name = "face"
    meaning = "no conversion: k wilds between k and k+1 plain (the wild is the highest face)"
    colour = "#ff7f0e"

    def plain_below(self, k: int) -> int:
        """Return k (k: 1..MAX_QUANTITY + 1)."""
        return _quantity("k", k, 1, MAX_QUANTITY + 1)

    def wilds_below(self, q: int) -> int:
        """Return q - 1, or 0 for q = 0 (q: 0..MAX_QUANTITY + 1)."""
        return max(_quantity("q", q, 0, MAX_QUANTITY + 1) - 1, 0)


class PalificoOrder:
    """A palifico round's order: wilds are not wild, faces 1..6 in order within a quantity."""

    def rank(self, bid: Bid, rules: Rules) -> int:
        """Return 6 (q - 1) + face - 1 (bid: a Bid; rules: a Rules)."""
        if type(bid) is not Bid or not isinstance(rules, RuleSet):
            _check_bid(bid, rules)
        return 6 * (bid.quantity - 1) + bid.face - 1

    def last_rank(self, rules: Rules) -> int:
        """Return the rank of the last bid of quantity MAX_QUANTITY, 6 MAX_QUANTITY - 1."""
        _check_bid(Bid(1, 1), rules)
        return 6 * MAX_QUANTITY - 1

    def bids_up_to(self, max_quantity: int, rules: Rules) -> list[Bid]:
        """Return every bid of quantity 1..max_quantity (0..MAX_QUANTITY), lowest first."""
        _check_bid(Bid(1, 1), rules)
        top = _quantity("max_quantity", max_quantity, 0, MAX_QUANTITY)
        return [Bid(q, face) for q in range(1, top + 1) for face in range(1, 7)]

    def bid_at(self, rank: int, rules: Rules) -> Bid:
        """Return the bid at a palifico ladder position (rank: 0..6 MAX_QUANTITY - 1)."""
        rank = check_integer("rank", rank, 0, self.last_rank(rules))
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
        raise ArgumentTypeError(
            f"register({quote(rule)}): expected an AceRule instance with a name"
        )
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
    """Remove an ace rule from the registry (for tests and experiments); name: text."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"name={quote(name)}: expected the name of an ace rule")
    if name in ("board", "perudo", "face"):
        raise ValueError(f"ace rule {name!r} belongs to the presets and stays registered")
    ACE_RULES.pop(name, None)
    _clear_caches()


def ace_rule(name: str) -> AceRule:
    """Return the registered ace rule called `name`; raise ValueError listing the names
    (ArgumentTypeError if `name` is not text)."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"ace_rule={quote(name)}: the ace rules are {', '.join(ACE_RULES)}")
    try:
        return ACE_RULES[name]
    except KeyError:
        raise ValueError(
            f"ace_rule={quote(name)}: the ace rules are {', '.join(ACE_RULES)}"
        ) from None


# ----- the cached ladders of a table --------------------------------------------------------


def _table(rules: Rules | str, total: object, palifico: object) -> tuple[Rules, int, bool]:
    """Return the checked rules (a Rules or a preset name), total and palifico flag."""
    return (
        resolve(rules),
        _quantity("total", total, 0, MAX_QUANTITY),
        palifico if type(palifico) is bool else check_flag("palifico", palifico),
    )


def _build_ladder(
    rules: Rules, total: int, palifico: bool
) -> tuple[tuple[Bid, ...], tuple[int, ...]]:
    """Return the bids with quantity <= total, lowest first, and their ranks."""
    order = PALIFICO if palifico else ACE_RULES[rules.ace_rule]
    bids = tuple(order.bids_up_to(total, rules))
    return bids, tuple(order.rank(b, rules) for b in bids)


_cached_ladder = lru_cache(maxsize=512)(_build_ladder)


def _ladder(rules: Rules, total: int, palifico: bool) -> tuple[tuple[Bid, ...], tuple[int, ...]]:
    """Return _build_ladder's answer, cached up to CACHED_TOTAL dice."""
    return (_cached_ladder if total <= CACHED_TOTAL else _build_ladder)(rules, total, palifico)


def ladder_positions(
    rules: Rules, total: int, palifico: bool = False
) -> tuple[tuple[Bid, ...], dict[Bid, int]]:
    """Return the bids with quantity <= total, lowest first, and each bid's position among them.

    rules: a Rules or a preset name; total: an integer 0..MAX_QUANTITY (cached up to
    CACHED_TOTAL); palifico: True or False.
    """
    rules, total, palifico = _table(rules, total, palifico)
    if total <= CACHED_TOTAL:
        return _positions(rules, total, palifico)
    bids = _ladder(rules, total, palifico)[0]
    return bids, {bid: i for i, bid in enumerate(bids)}


@lru_cache(maxsize=512)
def _positions(rules: Rules, total: int, palifico: bool) -> tuple[tuple[Bid, ...], dict[Bid, int]]:
    """Return ladder_positions' answer for checked arguments (cached)."""
    bids = _ladder(rules, total, palifico)[0]
    return bids, {bid: i for i, bid in enumerate(bids)}


def legal_bids(
    rules: Rules, total: int, previous: Bid | None, palifico: bool = False, locked: bool = False
) -> tuple[Bid, ...]:
    """Return the bids that may follow `previous` with `total` dice on the table, lowest first.

    `locked` is a palifico round's face lock: a player with more than one die keeps the face.
    rules: a Rules or a preset name; total: an integer 0..MAX_QUANTITY; previous: None, a Bid
    or bid text; palifico, locked: True or False.
    """
    rules, total, palifico = _table(rules, total, palifico)
    if previous is not None:
        previous = as_bid("previous", previous, rules)
    if type(locked) is not bool:
        locked = check_flag("locked", locked)
    if total <= CACHED_TOTAL:
        return _legal_bids(rules, total, previous, palifico, locked)
    return _legal_bids.__wrapped__(rules, total, previous, palifico, locked)


@lru_cache(maxsize=4096)
def _legal_bids(
    rules: Rules, total: int, previous: Bid | None, palifico: bool, locked: bool
) -> tuple[Bid, ...]:
    """Return legal_bids' answer for checked arguments (cached)."""
    if previous is not None and locked:
        return tuple(Bid(q, previous.face) for q in range(previous.quantity + 1, total + 1))
    bids, ranks = _ladder(rules, total, palifico)
    if previous is None:
        return tuple(b for b in bids if rules.is_raise(None, b, palifico))
    return bids[bisect.bisect_right(ranks, rules.rank(previous, palifico)) :]


def _clear_caches() -> None:
    """Forget the cached ladders (the registry changed)."""
    for cached in (_cached_ladder, _positions, _legal_bids):
        cached.cache_clear()


for _rule in (BoardRule(), PerudoRule(), FaceRule()):
    register(_rule)
