"""The Rules class: every rule option as a field, the order of bids and the words.

- Rules: a frozen dataclass of every rule option, validated on construction. Its methods hold
  the bid order (rank, bid_at, is_raise, check_bid, ladder, next_bids, min_wild_after,
  min_plain_after; the ace rule's class in liarsdice.ladder does the work), the words
  (face_name, describe: in the language in force, through liarsdice.i18n's n_; meaning, the
  HTML table), the joker-inclusive count (count) and what
  a challenge costs each seat (dice_owed, read by liarsdice.settlement).
- OPTIONS: the one option table, name -> Option(name, values, default, meaning), read from the
  fields of Rules: validation, the HTML table, `python -m liarsdice rules` and the widgets'
  option controls all read it.
- FACE_WORDS: each face's English name -> its word for a count n, through n_ (the catalogs'
  plural forms: Polish 1 piątka, 2-4 piątki, 5-21 piątek; Czech 1 pětka, 2-4 pětky, 5 pětek).
- MAX_PLAYERS_LIMIT, MAX_DICE_PER_PLAYER (from liarsdice.limits): the most players at one
  table and the most dice per player (the engine's limit, so every valid Rules plays).

The presets (liarsdice.rules_presets) and the option kinds (liarsdice.rules_options) are
re-exported, with this module's names, by liarsdice.rules.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, cast

from liarsdice.bids import NUMBER_WORDS, Bid, as_bid
from liarsdice.checks import check_choice, check_faces, check_flag, check_integer, quote
from liarsdice.errors import IllegalBidError
from liarsdice.i18n import N_, n_
from liarsdice.ladder import ACE_RULES, PALIFICO, AceRule, PalificoOrder
from liarsdice.limits import MAX_DICE_PER_PLAYER, MAX_PLAYERS_LIMIT, MAX_QUANTITY
from liarsdice.rules_base import PRESETS, RuleSet
from liarsdice.rules_options import Choice, Flag, Option, Whole, option_field

# The faces' words, English singular -> the word for a count n (n_, so each language's plural
# forms apply); the wild face is "ace" or "star" (Rules.wild_name), the others NUMBER_WORDS.
FACE_WORDS: dict[str, Callable[[int], str]] = {
    "one": lambda n: n_("one", "ones", n),
    "two": lambda n: n_("two", "twos", n),
    "three": lambda n: n_("three", "threes", n),
    "four": lambda n: n_("four", "fours", n),
    "five": lambda n: n_("five", "fives", n),
    "six": lambda n: n_("six", "sixes", n),
    "ace": lambda n: n_("ace", "aces", n),
    "star": lambda n: n_("star", "stars", n),
}


@dataclass(frozen=True)
class Rules(RuleSet):
    """The options of one rule set; the default is Blef.

    Every option is checked against the option table (OPTIONS): a wrong kind (a bool or a
    float for an integer, text for a flag) raises ArgumentTypeError, a value out of range
    ValueError, quoting it. dice: 1..MAX_DICE_PER_PLAYER (10); box_dice: None or 2..MAX_QUANTITY; max_players:
    2..MAX_PLAYERS_LIMIT. A bid argument of a method is a Bid or bid text ("3x5").
    """

    wild: int = option_field(
        1, Choice((1, 6)), N_("the face that is wild; the plain faces are the others")
    )
    wild_name: str = option_field(
        "ace", Choice(("ace", "star")), N_("how the wild face is called and drawn")
    )
    ace_rule: str = option_field(
        "board", Choice(ACE_RULES), N_("where wild bids sit on the ladder")
    )
    loss: str = option_field(
        "difference", Choice(("one", "difference")), N_("how many dice a loser gives up")
    )
    exact: str | None = option_field(
        "others_lose_one",
        Choice(("others_lose_one", "challenger_to_bidder", "last_die_protected", None)),
        N_("what happens when the count equals the bid under 'difference'"),
    )
    next_opener: str = option_field(
        "winner", Choice(("winner", "loser")), N_("who opens the next round")
    )
    dice: int = option_field(5, Whole(1, MAX_DICE_PER_PLAYER), N_("dice per player at the start"))
    box_dice: int | None = option_field(
        None,
        Whole(2, MAX_QUANTITY, optional=True),
        N_("the dice in the box: each starts with min(dice, box_dice // players)"),
    )
    open_on_wild: bool = option_field(True, Flag(), N_("may the opening bid be on the wild face"))
    palifico: bool = option_field(False, Flag(), N_("Perudo's palifico rounds"))
    calza: bool = option_field(False, Flag(), N_("Perudo's calza call"))
    show_and_reroll: bool = option_field(False, Flag(), N_("Bluff's show-and-reroll move"))
    single_round: bool = option_field(
        False, Flag(), N_("one round, +1 to its winner and -1 to its loser")
    )
    max_players: int = option_field(
        MAX_PLAYERS_LIMIT,
        Whole(2, MAX_PLAYERS_LIMIT),
        N_("the most players a game may seat (a boxed game: what its box holds)"),
    )

    def __post_init__(self) -> None:
        for name, values in option_kinds(type(self)).items():  # a subclass's options too
            value = values.check(name, getattr(self, name))
            object.__setattr__(self, name, value)  # numpy integers stored as ints
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
            exact_values = cast(Choice, OPTIONS["exact"].values)  # a Choice in the option table
            allowed = [v for v in exact_values.values() if v is not None]
            raise ValueError(
                f"Rules option exact=None: with loss='difference' allowed values are {allowed}"
            )

    # ----- faces and words -------------------------------------------------------------------

    @property
    def preset_name(self) -> str | None:
        """Return the name of the preset equal to these rules, or None."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    @property
    def ace_order(self) -> AceRule:
        """Return the ace rule's ladder class (liarsdice.ladder), from its registered name."""
        return ACE_RULES[self.ace_rule]

    def start_dice(self, players: int) -> int:
        """Return the dice each of `players` players starts with: min(dice, box_dice // players).

        players: an integer 2..max_players.
        """
        if not (type(players) is int and 2 <= players <= self.max_players):
            players = check_integer("players", players)
            if not 2 <= players <= self.max_players:
                raise ValueError(
                    f"players={quote(players)}: these rules seat 2..{self.max_players} players"
                )
        if self.box_dice is None:
            return self.dice
        share = self.box_dice // players
        if share < 1:
            raise ValueError(
                f"players={players}: a box of {self.box_dice} dice cannot give each player a die"
            )
        return min(self.dice, share)

    def face_name(self, face: int, plural: bool = False, count: int | None = None) -> str:
        """Return the word for a face: "ace"/"star" for the wild face, else "two", "six"...

        In the language in force (liarsdice.i18n): Polish "piątka"/"piątki", Czech
        "pětka"/"pětky". count, when given, picks the form that follows that number, which
        overrides plural: English "five" for 1 and "fives" otherwise, Polish "piątek" for 0
        and 5..21, Czech "pětek" for 0 and 5 or more.
        face: an integer 1..6; plural: True or False; count: None or an integer >= 0.
        """
        face = check_integer("face", face, 1, 6)
        plural = check_flag("plural", plural)
        if count is not None:
            return self._face_word(face, check_integer("count", count, low=0))
        return self._face_word(face, 2 if plural else 1)

    def _face_word(self, face: int, n: int) -> str:
        """Return the face's word for a count n, in the language in force (n_: Polish 1
        piątka, 2-4 piątki, 5 piątek; Czech 1 pětka, 2-4 pětky, 5 pětek). For checked faces."""
        word = self.wild_name if face == self.wild else NUMBER_WORDS[face - 1]
        return FACE_WORDS[word](n)

    def count(self, dice: Iterable[int], face: int, palifico: bool = False) -> int:
        """Return the joker-inclusive count of `face` among `dice` (wilds match a plain face).

        dice: faces 1..6 (a tuple, list or any iterable but text); face: an integer 1..6;
        palifico: True or False (then wilds are not wild).
        """
        if not (type(dice) is tuple and all(type(d) is int and 0 < d < 7 for d in dice)):
            dice = check_faces("dice", dice)
        if not (type(face) is int and 0 < face < 7):
            face = check_integer("face", face, 1, 6)
        if type(palifico) is not bool:
            palifico = check_flag("palifico", palifico)
        wild_matches = face != self.wild and not palifico
        return sum(d == face or (wild_matches and d == self.wild) for d in dice)

    def describe(self, bid: Bid | str) -> str:
        """Return the bid in words: "3 fives", "1 ace", "2 stars" (bid: a Bid or bid text); in
        the language in force, the face's word in the form for the quantity ("22 piątki")."""
        bid = as_bid("bid", bid, self)
        return f"{bid.quantity} {self._face_word(bid.face, bid.quantity)}"

    # ----- the ladder ------------------------------------------------------------------------

    def _order(self, palifico: object) -> AceRule | PalificoOrder:
        """Return the order of bids: the palifico order in a palifico round, else the ace rule's
        (palifico checked: True or False)."""
        if type(palifico) is not bool:
            palifico = check_flag("palifico", palifico)
        return PALIFICO if palifico else ACE_RULES[self.ace_rule]

    def _previous(self, previous: object) -> Bid | None:
        """Return the previous bid: None (an opening bid), or a Bid or bid text as a Bid."""
        return None if previous is None else as_bid("previous", previous, self)

    def rank(self, bid: Bid | str, palifico: bool = False) -> int:
        """Return the bid's position on the endless ladder, 0 being the lowest bid, with no gaps.

        In a palifico round every face is plain and faces rank 1..6 within a quantity.
        bid: a Bid or bid text (quantity 1..MAX_QUANTITY); palifico: True or False.
        """
        order = self._order(palifico)
        return order.rank(as_bid("bid", bid, self), self)

    def bid_at(self, rank: int, palifico: bool = False) -> Bid:
        """Return the bid at a ladder position (the inverse of rank).

        rank: an integer 0..the last rank below a quantity MAX_QUANTITY + 1 (every bid up to
        there has a quantity 1..MAX_QUANTITY); palifico: True or False.
        """
        return self._order(palifico).bid_at(rank, self)

    def is_raise(self, previous: Bid | str | None, bid: Bid | str, palifico: bool = False) -> bool:
        """Return True if `bid` may follow `previous` (None: whether `bid` may open the round).

        previous: None, a Bid or bid text; bid: a Bid or bid text; palifico: True or False.
        """
        order = self._order(palifico)
        previous, bid = self._previous(previous), as_bid("bid", bid, self)
        if previous is None:
            return order is PALIFICO or self.open_on_wild or bid.face != self.wild
        return order.rank(bid, self) > order.rank(previous, self)

    def check_bid(
        self,
        previous: Bid | str | None,
        bid: Bid | str,
        max_quantity: int | None = None,
        palifico: bool = False,
    ) -> Bid:
        """Return `bid` if it may follow `previous`; otherwise raise IllegalBidError saying why.

        previous: None, a Bid or bid text; bid: a Bid or bid text; max_quantity: None or the
        dice on the table, an integer 0..MAX_QUANTITY; palifico: True or False.
        """
        previous, bid = self._previous(previous), as_bid("bid", bid, self)
        if max_quantity is not None:
            max_quantity = check_integer("max_quantity", max_quantity, 0, MAX_QUANTITY)
        palifico = check_flag("palifico", palifico)
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
        """Return every bid whose quantity is at most max_quantity, lowest first.

        max_quantity: an integer 0..MAX_QUANTITY (MAX_QUANTITY: 60,000 bids, well under a
        second); palifico: True or False.
        """
        order = self._order(palifico)
        max_quantity = check_integer("max_quantity", max_quantity, 0, MAX_QUANTITY)
        return order.bids_up_to(max_quantity, self)

    def next_bids(
        self, previous: Bid | str | None, max_quantity: int, palifico: bool = False
    ) -> list[Bid]:
        """Return the raises over `previous` with quantity at most max_quantity, lowest first.

        previous: None (an opening bid), a Bid or bid text; max_quantity: an integer
        0..MAX_QUANTITY; palifico: True or False.
        """
        order = self._order(palifico)
        previous = self._previous(previous)
        bids = self.ladder(max_quantity, order is PALIFICO)
        if previous is None:
            return [b for b in bids if self.is_raise(None, b, order is PALIFICO)]
        floor = order.rank(previous, self)
        return [b for b in bids if order.rank(b, self) > floor]

    def min_wild_after(self, q: int) -> int:
        """Return the fewest wilds that raise a bid of q of any plain face (q: 1..MAX_QUANTITY)."""
        return self.ace_order.min_wild_after(q)

    def min_plain_after(self, k: int) -> int:
        """Return the fewest dice of a plain face that raise a bid of k wilds
        (k: 1..MAX_QUANTITY)."""
        return self.ace_order.min_plain_after(k)

    # ----- what a challenge costs -------------------------------------------------------------

    def dice_owed(
        self, table: tuple[int, ...], bidder: int, challenger: int, difference: int
    ) -> dict[int, int]:
        """Return the dice each seat owes (-1: receives one) when a challenge finds the count
        minus the bid's quantity `difference`, before capping: the loss and exact options in one
        place (liarsdice.settlement reads it; a Rules subclass with a new option overrides it).

        For checked arguments only: table the dice per seat, bidder and challenger seats of it.
        """
        if self.loss == "one":
            return {challenger if difference >= 0 else bidder: 1}
        if difference != 0:
            return {challenger if difference > 0 else bidder: abs(difference)}
        if self.exact == "challenger_to_bidder":
            return {challenger: 1, bidder: -1}
        protect = self.exact == "last_die_protected"
        return {
            seat: 1
            for seat, n in enumerate(table)
            if seat != bidder and n > 0 and not (protect and n == 1 and seat != challenger)
        }

    # ----- display ---------------------------------------------------------------------------

    def meaning(self, option: str) -> str:
        """Return what an option means here; for ace_rule, what the chosen rule does.

        option: the name of an option (a key of OPTIONS).
        """
        option = check_choice("option", option, OPTIONS)
        if option == "ace_rule":
            return f"{OPTIONS[option].meaning}: {self.ace_order.meaning}"
        return OPTIONS[option].meaning

    def _repr_html_(self) -> str:
        """Return the options as an HTML table: option, value, meaning (the option table)."""
        name = self.preset_name
        caption = f"Rules (preset {name!r})" if name else "Rules (custom)"
        rows = "".join(
            f"<tr><td><code>{option}</code></td>"
            f"<td><code>{html.escape(repr(getattr(self, option)))}</code></td>"
            f"<td>{html.escape(self.meaning(option))}</td></tr>"
            for option in OPTIONS
        )
        return (
            f"<table><caption>{caption}</caption>"
            "<tr><th>option</th><th>value</th><th>meaning</th></tr>"
            f"{rows}</table>"
        )


def option_kinds(kind: type[Rules]) -> dict[str, Any]:
    """Return each option of a Rules class (a subclass's added ones too): name -> its kind of
    values (Choice, Flag or Whole), in field order (kept per class)."""
    found = _OPTION_KINDS.get(kind)
    if found is None:
        found = _OPTION_KINDS[kind] = {
            f.name: f.metadata["values"] for f in fields(kind) if "values" in f.metadata
        }
    return found


_OPTION_KINDS: dict[type, dict[str, Any]] = {}


def option_defaults(rules: Rules) -> dict[str, tuple[object, object]]:
    """Return each option of the rules' class: name -> (its value here, its default)."""
    return {
        f.name: (getattr(rules, f.name), f.default) for f in fields(rules) if "values" in f.metadata
    }


OPTIONS: dict[str, Option] = {
    f.name: Option(f.name, f.metadata["values"], f.default, f.metadata["meaning"])
    for f in fields(Rules)
}
