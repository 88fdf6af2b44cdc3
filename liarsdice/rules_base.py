"""What the modules below the Rules class know of a rule set: its base class and its names.

Bids, the ace rules and the drawings read a rule set's faces and take a rule set by preset
name; they sit below liarsdice.rules_class (which imports them), so they see rules through here:

- RuleSet: the base class of Rules (liarsdice.rules_class): the faces an ace rule reads (wild,
  plain_faces). `isinstance(x, RuleSet)` is the check "x is a Rules".
- PRESETS: the named games, name -> Rules; liarsdice.rules_presets fills it with the built-in
  six (blef, bluff, bluff_original, liars_dice_endless, perudo, openspiel).
- named(name): the preset called `name`; resolve(rules): a Rules itself, or the preset it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError

if TYPE_CHECKING:
    from liarsdice.rules_class import Rules


class RuleSet:
    """The base of Rules: its wild face and the plain faces that follow from it."""

    wild: int  # the face that is wild (a field of Rules)

    @property
    def plain_faces(self) -> tuple[int, ...]:
        """Return the five plain faces in ascending order."""
        return tuple(f for f in range(1, 7) if f != self.wild)


PRESETS: dict[str, Rules] = {}


def named(name: str) -> Rules:
    """Return the preset called `name` (text); raise ValueError listing the presets."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"preset name {quote(name)}: expected text")
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(
            f"unknown preset {quote(name)}: the presets are {', '.join(PRESETS)}"
        ) from None


def resolve(rules: Rules | str) -> Rules:
    """Return `rules` itself, or the preset it names.

    Raises:
        ValueError: text that names no preset (the message lists the presets).
        ArgumentTypeError: neither a Rules nor text (None, 42...).
    """
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return named(rules)
    raise ArgumentTypeError(
        f"rules={quote(rules)}: expected a Rules or a preset name ({', '.join(PRESETS)})"
    )
