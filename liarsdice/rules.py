"""Rule options, the presets and the order of bids.

- Rules: a frozen dataclass of every rule option, validated on construction.
  Its methods hold the bid order (rank, bid_at, is_raise, check_bid, ladder, next_bids,
  min_wild_after, min_plain_after; the ace rule's class in liarsdice.ladder does the work),
  the words (face_name, describe) and the joker-inclusive count.
- OPTIONS: the one option table, name -> Option(name, values, default, meaning). Each option
  is declared once, as a field of Rules; validation, the HTML table of a Rules,
  `python -m liarsdice rules` and the widgets' option controls all read this table.
- Choice, Flag, Whole: the kinds of allowed values (one of a list, True/False, an integer).
- PRESETS: the named games (blef, bluff, bluff_original,
  liars_dice_endless, perudo, openspiel); preset(name, **overrides) one with options changed;
  resolve(rules) a Rules from a Rules or a preset name; changed(rules, option, value) one
  option set, with the options it forces (loss and exact go together).
- rules_key(rules): the stable key of a rule set: canonical JSON of the options that differ from
  their defaults (sorted by name). Solution, endgame and checkpoint files are named and matched
  by it, so adding an option (whose default keeps the old behaviour) leaves every file valid.
- ERRATA: where the sources contradict themselves or each other, and what the presets follow.

The ladder is endless; each ace rule puts the wild bids between the plain quantities:
board (k wild between 2k-1 and 2k plain), perudo (between 2k and 2k+1), face (between k and k+1).
Ranks are dense integers, 0 being the lowest bid, so bids compare as numbers.

Limits (limits.py): bid quantities, ladders and conversions stop at MAX_QUANTITY; an option
`dice` is 1..MAX_DICE (MAX_QUANTITY // MAX_PLAYERS_LIMIT, so a full table stays a ladder) and
`box_dice` 2..MAX_QUANTITY. A bid argument is a Bid or bid text read under these rules
(anything else raises ArgumentTypeError); every refusal is a ValueError quoting the input.

SOURCES and ERRATA (from liarsdice.sources) name the sources (the Polish Blef
players' guide and encyclopedia article, the Czech Bluff game page and the boxed game's short
rules, the published Perudo rules) and where they contradict themselves or each other: the
players' guide's two errata ("2 aces -> 3 threes"; the board's "9 [1]"), its "at most", the
game page's five dice each for Bluff, and the boxes' seats. `python -m liarsdice rules` prints
them.
"""

from __future__ import annotations

import dataclasses
import html
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, cast

from liarsdice.bids import NUMBER_WORDS, Bid, as_bid
from liarsdice.checks import check_choice, check_faces, check_flag, check_integer, quote
from liarsdice.deprecation import aliases
from liarsdice.errors import ArgumentTypeError, IllegalBidError
from liarsdice.ladder import ACE_RULES, PALIFICO, AceRule, PalificoOrder
from liarsdice.limits import MAX_QUANTITY
from liarsdice.sources import ERRATA as ERRATA  # re-exported
from liarsdice.sources import SOURCES as SOURCES  # re-exported

MAX_PLAYERS_LIMIT = 20  # the most players at one table (in the Andes up to 20 play)
MAX_DICE = MAX_QUANTITY // MAX_PLAYERS_LIMIT  # the most dice per player (option `dice`)
# ----- the kinds of option values ------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One of a fixed list of values, or of a live registry (such as ladder.ACE_RULES)."""

    options: Collection[object]

    def values(self) -> tuple[object, ...]:
        """Return the allowed values, in order."""
        return tuple(self.options)

    def check(self, name: str, value: object) -> object:
        """Return the allowed value equal to `value` (numpy integers become ints); else raise."""
        kinds = 0  # how many allowed values are of the value's kind
        for allowed in self.options:
            same_kind = type(value) is type(allowed) or (
                isinstance(allowed, int) and not isinstance(value, bool) and _is_int(value)
            )
            if value is allowed or (same_kind and _equal(value, allowed)):
                return allowed
            kinds += same_kind
        error = ValueError if kinds else ArgumentTypeError
        raise error(f"Rules option {name}={quote(value)}: allowed values are {self.describe()}")

    def describe(self) -> str:
        """Return the allowed values in words."""
        return ", ".join(map(repr, self.options))


@dataclass(frozen=True)
class Flag:
    """True or False."""

    def values(self) -> tuple[bool, bool]:
        """Return (False, True)."""
        return (False, True)

    def check(self, name: str, value: object) -> bool:
        """Return `value` as a bool; else raise."""
        return check_flag(f"Rules option {name}", value)

    def describe(self) -> str:
        """Return "True, False"."""
        return "True, False"


@dataclass(frozen=True)
class Whole:
    """An integer in [low, high] (high None: no upper bound), or None where optional."""

    low: int
    high: int | None = None
    optional: bool = False

    def check(self, name: str, value: object) -> int | None:
        """Return `value` as an int (or None where allowed); else raise."""
        if value is None and self.optional:
            return None
        return check_integer(f"Rules option {name}", value, self.low, self.high)

    def describe(self) -> str:
        """Return the allowed values in words."""
        upper = f"..{self.high}" if self.high is not None else " or more"
        return ("None or " if self.optional else "") + f"an integer {self.low}{upper}"


def _equal(value: object, allowed: object) -> bool:
    """Return value == allowed as a bool (False where the comparison fails or is no bool)."""
    try:
        return bool(value == allowed)
    except (TypeError, ValueError):  # a numpy array and the like
        return False


def _is_int(value: object) -> bool:
    """Return True for an integer that is not a bool (numpy integers included, numpy arrays
    not)."""
    return (
        not isinstance(value, bool)
        and hasattr(type(value), "__index__")
        and getattr(value, "ndim", 0) == 0
    )


@dataclass(frozen=True)
class Option:
    """One row of the option table: the option's name, allowed values, default and meaning."""

    name: str
    values: Choice | Flag | Whole
    default: object
    meaning: str


def _option(default: object, values: Choice | Flag | Whole, meaning: str) -> Any:
    """Return the dataclass field of an option, its allowed values and meaning as metadata."""
    return field(default=default, metadata={"values": values, "meaning": meaning})


# ----- the rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The options of one rule set; the default is Blef.

    Every option is checked against the option table (OPTIONS): a wrong kind (a bool or a
    float for an integer, text for a flag) raises ArgumentTypeError, a value out of range
    ValueError, quoting it. dice: 1..MAX_DICE; box_dice: None or 2..MAX_QUANTITY; max_players:
    2..MAX_PLAYERS_LIMIT. A bid argument of a method is a Bid or bid text ("3x5").
    """

    wild: int = _option(1, Choice((1, 6)), "the face that is wild; the plain faces are the others")
    wild_name: str = _option(
        "ace", Choice(("ace", "star")), "how the wild face is called and drawn"
    )
    ace_rule: str = _option("board", Choice(ACE_RULES), "where wild bids sit on the ladder")
    loss: str = _option(
        "difference", Choice(("one", "difference")), "how many dice a loser gives up"
    )
    exact: str | None = _option(
        "others_lose_one",
        Choice(("others_lose_one", "challenger_to_bidder", "last_die_protected", None)),
        "what happens when the count equals the bid under 'difference'",
    )
    next_opener: str = _option("winner", Choice(("winner", "loser")), "who opens the next round")
    dice: int = _option(5, Whole(1, MAX_DICE), "dice per player at the start")
    box_dice: int | None = _option(
        None,
        Whole(2, MAX_QUANTITY, optional=True),
        "the dice in the box: each starts with min(dice, box_dice // players)",
    )
    open_on_wild: bool = _option(True, Flag(), "may the opening bid be on the wild face")
    palifico: bool = _option(False, Flag(), "Perudo's palifico rounds")
    calza: bool = _option(False, Flag(), "Perudo's calza call")
    show_and_reroll: bool = _option(False, Flag(), "Bluff's show-and-reroll move")
    single_round: bool = _option(False, Flag(), "one round, +1 to its winner and -1 to its loser")
    max_players: int = _option(
        MAX_PLAYERS_LIMIT,
        Whole(2, MAX_PLAYERS_LIMIT),
        "the most players a game may seat (a boxed game: what its box holds)",
    )

    def __post_init__(self) -> None:
        for option in OPTIONS.values():
            value = option.values.check(option.name, getattr(self, option.name))
            object.__setattr__(self, option.name, value)  # numpy integers stored as ints
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
    def plain_faces(self) -> tuple[int, ...]:
        """Return the five plain faces in ascending order."""
        return tuple(f for f in range(1, 7) if f != self.wild)

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

    def face_name(self, face: int, plural: bool = False) -> str:
        """Return the word for a face: "ace"/"star" for the wild face, else "two", "six"...

        face: an integer 1..6; plural: True or False.
        """
        face = check_integer("face", face, 1, 6)
        plural = check_flag("plural", plural)
        word = self.wild_name if face == self.wild else NUMBER_WORDS[face - 1]
        if not plural:
            return word
        return word + ("es" if word.endswith("x") else "s")

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
        """Return the bid in words: "3 fives", "1 ace", "2 stars" (bid: a Bid or bid text)."""
        bid = as_bid("bid", bid, self)
        return f"{bid.quantity} {self.face_name(bid.face, plural=bid.quantity != 1)}"

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


OPTIONS: dict[str, Option] = {
    f.name: Option(f.name, f.metadata["values"], f.default, f.metadata["meaning"])
    for f in fields(Rules)
}


PRESETS: dict[str, Rules] = {
    "blef": Rules(),
    "bluff": Rules(
        wild=6,
        wild_name="star",
        exact="challenger_to_bidder",
        dice=6,
        box_dice=30,
        max_players=6,
    ),
    "bluff_original": Rules(wild=6, wild_name="star", dice=6, box_dice=30, max_players=6),
    "liars_dice_endless": Rules(wild_name="star", exact="last_die_protected", max_players=4),
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
    """Return the named preset with the given options overridden (validated).

    name: a key of PRESETS (other text: ValueError listing them; not text: ArgumentTypeError);
    overrides: options of Rules, each checked as Rules checks it.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"preset name {quote(name)}: expected text, one of {', '.join(PRESETS)}"
        )
    if name not in PRESETS:
        raise ValueError(f"unknown preset {quote(name)}: the presets are {', '.join(PRESETS)}")
    unknown = sorted(set(overrides) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Rules option(s) {unknown}: the options are {sorted(OPTIONS)}")
    # each override is checked by Rules.__post_init__, so any value may be passed on
    return dataclasses.replace(PRESETS[name], **cast(dict[str, Any], overrides))


def resolve(rules: Rules | str) -> Rules:
    """Return `rules` itself, or the preset it names.

    Raises:
        ValueError: text that names no preset (the message lists the presets).
        ArgumentTypeError: neither a Rules nor text (None, 42...).
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return preset(rules)
    raise ArgumentTypeError(
        f"rules={quote(rules)}: expected a Rules or a preset name ({', '.join(PRESETS)})"
    )


def changed(rules: Rules, option: str, value: object) -> Rules:
    """Return `rules` with one option set, and the options it forces set with it.

    loss "one" clears exact and "difference" restores it; exact None means loss "one"; a wild 6
    is a star (an ace is the 1). A widget changes one control at a time through this.

    rules: a Rules or a preset name; option: a key of OPTIONS; value: checked as Rules checks it.
    """
    rules = resolve(rules)
    if not isinstance(option, str):
        raise ArgumentTypeError(f"option={quote(option)}: expected one of {sorted(OPTIONS)}")
    if option not in OPTIONS:
        raise ValueError(f"unknown Rules option {quote(option)}: the options are {sorted(OPTIONS)}")
    changes: dict[str, Any] = {option: value}  # checked by Rules.__post_init__
    if option == "loss":
        changes["exact"] = None if value == "one" else rules.exact or OPTIONS["exact"].default
    elif option == "exact":
        changes["loss"] = "one" if value is None else "difference"
    elif option == "wild" and value == 6:
        changes["wild_name"] = "star"
    elif option == "wild_name" and value == "ace" and rules.wild == 6:
        changes["wild"] = 1
    return dataclasses.replace(rules, **changes)


def rules_key(rules: Rules | str) -> str:
    """Return the rules' stable key: canonical JSON of the options unlike their defaults.

    The key is a JSON object, names sorted, no spaces, of every option whose value differs from
    its default in OPTIONS ('{}' for Blef); Rules(**json.loads(key)) gives the rules back. An
    option added later, at a default that keeps the old behaviour, leaves every key unchanged.
    rules: a Rules or a preset name.
    """
    rules = resolve(rules)
    values = {option.name: getattr(rules, option.name) for option in OPTIONS.values()}
    return _canonical(
        {n: v for n, v in values.items() if _canonical(v) != _canonical(OPTIONS[n].default)}
    )


def _canonical(value: object) -> str:
    """Return an option value's canonical text: its JSON (1, "face", true, null)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


__getattr__ = aliases(
    "liarsdice.rules",
    {
        "OPTION_VALUES": (
            lambda: {
                o.name: o.values.values() for o in OPTIONS.values() if isinstance(o.values, Choice)
            },
            "liarsdice.rules.OPTIONS",
        ),
        "OPTION_MEANINGS": (
            lambda: {o.name: o.meaning for o in OPTIONS.values()},
            "liarsdice.rules.OPTIONS",
        ),
    },
)
