"""The named games and the ways to make a rule set from one: presets, changes and keys.

- The presets, filled into liarsdice.rules_base.PRESETS: blef (the default Rules), bluff,
  bluff_original, liars_dice_endless, perudo, openspiel (SOURCES and ERRATA, in
  liarsdice.sources, say what each follows).
- preset(name, **overrides): a preset with options changed (validated).
- changed(rules, option, value): one option set, with the options it forces (loss and exact go
  together; a wild 6 is a star).
- rules_key(rules): the stable key of a rule set: canonical JSON of the options that differ from
  their defaults (sorted by name). Solution, endgame and checkpoint files are named and matched
  by it, so adding an option (whose default keeps the old behaviour) leaves every file valid.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, cast

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.rules_base import PRESETS, named, resolve
from liarsdice.rules_class import OPTIONS, Rules, option_defaults

PRESETS.update(
    {
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
)


def preset(name: str, **overrides: object) -> Rules:
    """Return the named preset with the given options overridden (validated).

    name: a key of PRESETS (other text: ValueError listing them; not text: ArgumentTypeError);
    overrides: options of Rules, each checked as Rules checks it.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"preset name {quote(name)}: expected text, one of {', '.join(PRESETS)}"
        )
    rules = named(name)
    unknown = sorted(set(overrides) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Rules option(s) {unknown}: the options are {sorted(OPTIONS)}")
    # each override is checked by Rules.__post_init__, so any value may be passed on
    return dataclasses.replace(rules, **cast(dict[str, Any], overrides))


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
    values = option_defaults(rules)  # a Rules subclass's added options count too
    return _canonical({n: v for n, (v, d) in values.items() if _canonical(v) != _canonical(d)})


def _canonical(value: object) -> str:
    """Return an option value's canonical text: its JSON (1, "face", true, null)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
