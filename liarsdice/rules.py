"""Rule options, the presets and the order of bids (the ladder).

- Rules: a frozen dataclass of every option of RULES.md section 3, validated on construction.
  Its methods hold the bid order: rank, bid_at, is_raise, check_bid, ladder, next_bids,
  min_wild_after, min_plain_after; and the words: face_name, describe.
- PRESETS: the named games of RULES.md section 5 (blef, bluff, bluff_original,
  liars_dice_endless, perudo, openspiel).
- preset(name, **overrides): a preset with some options changed.
- OPTION_VALUES: the allowed values of each option with a fixed set of values.

The ladder is endless; each ace rule puts the wild bids between the plain quantities:
board (k wild between 2k-1 and 2k plain), perudo (between 2k and 2k+1), face (between k and k+1).
Ranks are dense integers, 0 being the lowest bid, so bids compare as numbers.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable
from dataclasses import dataclass, fields

from liarsdice.bids import NUMBER_WORDS, Bid
from liarsdice.errors import IllegalBidError

OPTION_VALUES: dict[str, tuple] = {
    "wild": (1, 6),
    "wild_name": ("ace", "star"),
    "ace_rule": ("board", "perudo", "face"),
    "loss": ("one", "difference"),
    "exact": ("others_lose_one", "challenger_to_bidder", "last_die_protected", None),
    "next_opener": ("winner", "loser"),
}
_BOOLEAN_OPTIONS = ("open_on_wild", "palifico", "calza", "show_and_reroll", "single_round")

OPTION_MEANINGS: dict[str, str] = {
    "wild": "the face that is wild; the plain faces are the other five",
    "wild_name": "how the wild face is called and drawn",
    "ace_rule": "where wild bids sit on the ladder",
    "loss": "how many dice a loser gives up",
    "exact": "what happens when the count equals the bid under 'difference'",
    "next_opener": "who opens the next round",
    "dice": "dice per player at the start",
    "box_dice": "the dice in the box: each starts with min(dice, box_dice // players)",
    "open_on_wild": "may the opening bid be on the wild face",
    "palifico": "Perudo's palifico rounds",
    "calza": "Perudo's calza call",
    "show_and_reroll": "Bluff's show-and-reroll move",
    "single_round": "one round, +1 to its winner and -1 to its loser",
    "max_players": "the most players a game may seat",
}

MAX_PLAYERS_LIMIT = 20


def _is_int(value: object) -> bool:
    """Return True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules:
    """The options of one rule set (RULES.md section 3); the default is Blef."""

    wild: int = 1
    wild_name: str = "ace"
    ace_rule: str = "board"
    loss: str = "difference"
    exact: str | None = "others_lose_one"
    next_opener: str = "winner"
    dice: int = 5
    box_dice: int | None = None
    open_on_wild: bool = True
    palifico: bool = False
    calza: bool = False
    show_and_reroll: bool = False
    single_round: bool = False
    max_players: int = MAX_PLAYERS_LIMIT

    def __post_init__(self) -> None:
        for option, allowed in OPTION_VALUES.items():
            value = getattr(self, option)
            if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
                raise ValueError(f"Rules option {option}={value!r}: allowed values are {allowed}")
        for option in _BOOLEAN_OPTIONS:
            if not isinstance(getattr(self, option), bool):
                raise ValueError(
                    f"Rules option {option}={getattr(self, option)!r}: "
                    "allowed values are True, False"
                )
        if self.wild == 6 and self.wild_name == "ace":
            raise ValueError(
                "Rules option wild_name='ace' with wild=6: an ace is the 1; use wild_name='star'"
            )
        if self.loss == "one" and self.exact is not None:
            raise ValueError(
                f"Rules option exact={self.exact!r}: must be None when loss='one' "
                "(a count equal to the bid makes the bid right)"
            )
        if self.loss == "difference" and self.exact is None:
            raise ValueError(
                "Rules option exact=None: with loss='difference' allowed values are "
                f"{OPTION_VALUES['exact'][:-1]}"
            )
        if not _is_int(self.dice) or self.dice < 1:
            raise ValueError(f"Rules option dice={self.dice!r}: allowed values are integers >= 1")
        if self.box_dice is not None and (not _is_int(self.box_dice) or self.box_dice < 2):
            raise ValueError(
                f"Rules option box_dice={self.box_dice!r}: allowed values are None or integers >= 2"
            )
        if not _is_int(self.max_players) or not 2 <= self.max_players <= MAX_PLAYERS_LIMIT:
            raise ValueError(
                f"Rules option max_players={self.max_players!r}: "
                f"allowed values are integers 2..{MAX_PLAYERS_LIMIT}"
            )

    # ----- faces and words -------------------------------------------------------------------

    @property
    def plain_faces(self) -> tuple[int, ...]:
        """Return the five plain faces in ascending order."""
        return tuple(f for f in range(1, 7) if f != self.wild)

    @property
    def preset_name(self) -> str | None:
        """Return the name of the preset equal to these rules, or None."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    def start_dice(self, players: int) -> int:
        """Return the dice each of `players` players starts with: min(dice, box_dice // players)."""
        if not _is_int(players) or not 2 <= players <= self.max_players:
            raise ValueError(f"players={players!r}: these rules seat 2..{self.max_players} players")
        if self.box_dice is None:
            return self.dice
        share = self.box_dice // players
        if share < 1:
            raise ValueError(
                f"players={players}: a box of {self.box_dice} dice cannot give each player a die"
            )
        return min(self.dice, share)

    def face_name(self, face: int, plural: bool = False) -> str:
        """Return the word for a face: "ace"/"star" for the wild face, else "two", "six"..."""
        word = self.wild_name if face == self.wild else NUMBER_WORDS[face - 1]
        if not plural:
            return word
        return word + ("es" if word.endswith("x") else "s")

    def count(self, dice: Iterable[int], face: int, palifico: bool = False) -> int:
        """Return the joker-inclusive count of `face` among `dice` (wilds match a plain face)."""
        wild_matches = face != self.wild and not palifico
        return sum(d == face or (wild_matches and d == self.wild) for d in dice)

    def describe(self, bid: Bid) -> str:
        """Return the bid in words: "3 fives", "1 ace", "2 stars"."""
        return f"{bid.quantity} {self.face_name(bid.face, plural=bid.quantity != 1)}"

    # ----- the ladder ------------------------------------------------------------------------

    def rank(self, bid: Bid, palifico: bool = False) -> int:
        """Return the bid's position on the endless ladder, 0 being the lowest bid, with no gaps.

        In a palifico round every face is plain and faces rank 1..6 within a quantity.
        """
        q, face = bid.quantity, bid.face
        if palifico:
            return 6 * (q - 1) + face - 1
        if self.ace_rule == "face":
            return 6 * (q - 1) + (5 if face == self.wild else self.plain_faces.index(face))
        if face == self.wild:
            return 11 * q - (6 if self.ace_rule == "board" else 1)
        index = self.plain_faces.index(face)
        wilds_below = q // 2 if self.ace_rule == "board" else (q - 1) // 2
        return 5 * (q - 1) + wilds_below + index

    def bid_at(self, rank: int, palifico: bool = False) -> Bid:
        """Return the bid at a ladder position (the inverse of rank)."""
        if not _is_int(rank) or rank < 0:
            raise ValueError(f"rank={rank!r}: ladder positions are integers >= 0")
        if palifico:
            return Bid(rank // 6 + 1, rank % 6 + 1)
        if self.ace_rule == "face":
            q, offset = divmod(rank, 6)
            return Bid(q + 1, self.wild if offset == 5 else self.plain_faces[offset])
        block, offset = divmod(rank, 11)
        # A block of 11 ranks holds plain 2b+1, plain 2b+2 and wild b+1; the wild sits at
        # offset 5 on the board (between the two) and at offset 10 in Perudo (after both).
        wild_offset = 5 if self.ace_rule == "board" else 10
        if offset == wild_offset:
            return Bid(block + 1, self.wild)
        if offset > wild_offset:
            offset -= 1
        second, index = divmod(offset, 5)
        return Bid(2 * block + 1 + second, self.plain_faces[index])

    def is_raise(self, previous: Bid | None, bid: Bid, palifico: bool = False) -> bool:
        """Return True if `bid` may follow `previous` (None: whether `bid` may open the round)."""
        if previous is None:
            return palifico or self.open_on_wild or bid.face != self.wild
        return self.rank(bid, palifico) > self.rank(previous, palifico)

    def check_bid(
        self,
        previous: Bid | None,
        bid: Bid,
        max_quantity: int | None = None,
        palifico: bool = False,
    ) -> Bid:
        """Return `bid` if it may follow `previous`; otherwise raise IllegalBidError saying why."""
        if max_quantity is not None and bid.quantity > max_quantity:
            raise IllegalBidError(
                f"bid {bid} ({self.describe(bid)}): only {max_quantity} dice are on the table"
            )
        if self.is_raise(previous, bid, palifico):
            return bid
        if previous is None:
            raise IllegalBidError(
                f"bid {bid} ({self.describe(bid)}): these rules do not allow opening on the "
                f"wild face ({self.face_name(self.wild, plural=True)})"
            )
        least = self.bid_at(self.rank(previous, palifico) + 1, palifico)
        raise IllegalBidError(
            f"bid {bid} ({self.describe(bid)}) is not a raise over {previous} "
            f"({self.describe(previous)}); the least raise is {least} ({self.describe(least)})"
        )

    def ladder(self, max_quantity: int, palifico: bool = False) -> list[Bid]:
        """Return every bid whose quantity is at most max_quantity, lowest first."""
        if not _is_int(max_quantity) or max_quantity < 0:
            raise ValueError(f"max_quantity={max_quantity!r}: expected an integer >= 0")
        bids = [Bid(q, f) for q in range(1, max_quantity + 1) for f in range(1, 7)]
        return sorted(bids, key=lambda b: self.rank(b, palifico))

    def next_bids(
        self, previous: Bid | None, max_quantity: int, palifico: bool = False
    ) -> list[Bid]:
        """Return the raises over `previous` with quantity at most max_quantity, lowest first."""
        return [
            b for b in self.ladder(max_quantity, palifico) if self.is_raise(previous, b, palifico)
        ]

    def min_wild_after(self, q: int) -> int:
        """Return the fewest wilds that raise a bid of q of any plain face."""
        if self.ace_rule == "board":
            return q // 2 + 1
        if self.ace_rule == "perudo":
            return (q + 1) // 2
        return q

    def min_plain_after(self, k: int) -> int:
        """Return the fewest dice of a plain face that raise a bid of k wilds."""
        if self.ace_rule == "board":
            return 2 * k
        if self.ace_rule == "perudo":
            return 2 * k + 1
        return k + 1

    # ----- display ---------------------------------------------------------------------------

    def _repr_html_(self) -> str:
        """Return the options as an HTML table."""
        name = self.preset_name
        caption = f"Rules (preset {name!r})" if name else "Rules"
        rows = "".join(
            f"<tr><td><code>{f.name}</code></td>"
            f"<td><code>{html.escape(repr(getattr(self, f.name)))}</code></td>"
            f"<td>{html.escape(OPTION_MEANINGS[f.name])}</td></tr>"
            for f in fields(self)
        )
        return (
            f"<table><caption>{caption}</caption>"
            "<tr><th>option</th><th>value</th><th>meaning</th></tr>"
            f"{rows}</table>"
        )


PRESETS: dict[str, Rules] = {
    "blef": Rules(),
    "bluff": Rules(wild=6, wild_name="star", exact="challenger_to_bidder", dice=6, box_dice=30),
    "bluff_original": Rules(wild=6, wild_name="star", dice=6, box_dice=30),
    "liars_dice_endless": Rules(wild_name="star", exact="last_die_protected"),
    "perudo": Rules(
        ace_rule="perudo",
        loss="one",
        exact=None,
        next_opener="loser",
        open_on_wild=False,
        palifico=True,
        calza=True,
    ),
    "openspiel": Rules(
        wild=6,
        wild_name="star",
        ace_rule="face",
        loss="one",
        exact=None,
        dice=1,
        single_round=True,
        max_players=2,
    ),
}


def preset(name: str, **overrides: object) -> Rules:
    """Return the named preset with the given options overridden (validated)."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}: the presets are {', '.join(PRESETS)}")
    names = {f.name for f in fields(Rules)}
    unknown = sorted(set(overrides) - names)
    if unknown:
        raise ValueError(f"unknown Rules option(s) {unknown}: the options are {sorted(names)}")
    return dataclasses.replace(PRESETS[name], **overrides)
