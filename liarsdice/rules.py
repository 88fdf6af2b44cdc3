"""Rule options, the presets and the order of bids: the one place to import them from.

- Rules: a frozen dataclass of every rule option, validated on construction.
  Its methods hold the bid order (rank, bid_at, is_raise, check_bid, ladder, next_bids,
  min_wild_after, min_plain_after; the ace rule's class in liarsdice.ladder does the work),
  the words (face_name, describe) and the joker-inclusive count (liarsdice.rules_class).
- OPTIONS: the one option table, name -> Option(name, values, default, meaning). Each option
  is declared once, as a field of Rules; validation, the HTML table of a Rules,
  `python -m liarsdice rules` and the widgets' option controls all read this table
  (liarsdice.rules_class).
- Choice, Flag, Whole: the kinds of allowed values (one of a list, True/False, an integer);
  Option: a row of the table; option_field(default, values, meaning): the field that declares
  an option, in Rules or in a subclass that adds one (liarsdice.rules_options).
- PRESETS: the named games (blef, bluff, bluff_original, liars_dice_endless, perudo,
  openspiel); preset(name, **overrides) one with options changed; changed(rules, option, value)
  one option set, with the options it forces (loss and exact go together)
  (liarsdice.rules_presets); resolve(rules) a Rules from a Rules or a preset name
  (liarsdice.rules_base).
- rules_key(rules): the stable key of a rule set: canonical JSON of the options that differ from
  their defaults (sorted by name). Solution, endgame and checkpoint files are named and matched
  by it, so adding an option (whose default keeps the old behaviour) leaves every file valid.
- MAX_PLAYERS_LIMIT, MAX_DICE_PER_PLAYER (liarsdice.limits): the most players at a table, the
  most dice per player (the engine plays every valid Rules).
- SOURCES, ERRATA (liarsdice.sources): the sources, and where they contradict themselves.
- OPTION_VALUES, OPTION_MEANINGS: deprecated, read OPTIONS; MAX_DICE: deprecated, read
  MAX_DICE_PER_PLAYER.

The ladder is endless; each ace rule puts the wild bids between the plain quantities:
board (k wild between 2k-1 and 2k plain), perudo (between 2k and 2k+1), face (between k and k+1).
Ranks are dense integers, 0 being the lowest bid, so bids compare as numbers.

Limits (limits.py): bid quantities, ladders and conversions stop at MAX_QUANTITY; an option
`dice` is 1..MAX_DICE_PER_PLAYER (10) and
`box_dice` 2..MAX_QUANTITY. A bid argument is a Bid or bid text read under these rules
(anything else raises ArgumentTypeError); every refusal is a ValueError quoting the input.

SOURCES and ERRATA name the sources (the Polish Blef players' guide and encyclopedia article,
the Czech Bluff game page and the boxed game's short rules, the published Perudo rules) and
where they contradict themselves or each other: the players' guide's two errata ("2 aces -> 3
threes"; the board's "9 [1]"), its "at most", the game page's five dice each for Bluff, and the
boxes' seats. `python -m liarsdice rules` prints them.
"""

from __future__ import annotations

from liarsdice.deprecation import aliases
from liarsdice.limits import MAX_DICE_PER_PLAYER as MAX_DICE_PER_PLAYER
from liarsdice.limits import MAX_PLAYERS_LIMIT as MAX_PLAYERS_LIMIT
from liarsdice.rules_base import PRESETS as PRESETS
from liarsdice.rules_base import resolve as resolve
from liarsdice.rules_class import OPTIONS as OPTIONS
from liarsdice.rules_class import Rules as Rules
from liarsdice.rules_options import Choice as Choice
from liarsdice.rules_options import Flag as Flag
from liarsdice.rules_options import Option as Option
from liarsdice.rules_options import Whole as Whole
from liarsdice.rules_options import option_field as option_field
from liarsdice.rules_presets import changed as changed
from liarsdice.rules_presets import preset as preset
from liarsdice.rules_presets import rules_key as rules_key
from liarsdice.sources import ERRATA as ERRATA
from liarsdice.sources import SOURCES as SOURCES

__getattr__ = aliases(
    "liarsdice.rules",
    {
        "OPTION_VALUES": (
            lambda: {
                o.name: o.values.values() for o in OPTIONS.values() if isinstance(o.values, Choice)
            },
            "liarsdice.rules.OPTIONS",
        ),
        "MAX_DICE": (lambda: MAX_DICE_PER_PLAYER, "liarsdice.limits.MAX_DICE_PER_PLAYER"),
        "OPTION_MEANINGS": (
            lambda: {o.name: o.meaning for o in OPTIONS.values()},
            "liarsdice.rules.OPTIONS",
        ),
    },
)
