"""What a bot is, and the bots by name: a light module (no numpy, no odds, no solver).

- Bot: the base class; act(view) -> action, reseeded(seed) -> a fresh copy for a new game.
- BOTS: {name: bot class}, for the command line, the widgets and inference's models by name
  ("trembling:threshold:0.05"); it holds every bot registered so far.
- register_bot(cls): adds a Bot subclass to BOTS under cls.name (usable as a class decorator).
- MAX_BOT_NAME: the longest name a bot may be registered under (characters).

A bot is registered where it is defined: each module of bots decorates its classes with
register_bot, so importing the module registers them. The built-in bots live in
liarsdice.bots_basic, liarsdice.bots_bayes and liarsdice.bots_solver; importing
liarsdice.agents imports all three, so BOTS holds every built-in bot from then on. This module
imports none of them (they import it), so whatever reads BOTS (inference, by name) stays below
the bots in the import graph.

Limits: seeds 0..limits.MAX_SEED (None refused: games must replay); names of 1..MAX_BOT_NAME
characters, one class per name. Bad arguments raise ValueError quoting them (ArgumentTypeError,
also a TypeError, for a wrong kind).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from liarsdice.checks import check_seed, quote
from liarsdice.errors import ArgumentTypeError

if TYPE_CHECKING:
    from liarsdice.actions import Action
    from liarsdice.view import View

MAX_BOT_NAME = 100  # characters of a registered bot's name


class Bot:
    """A player that sees only a View; subclasses define act()."""

    name = "bot"

    def act(self, view: View) -> Action:
        """Return one of view.legal_actions()."""
        raise NotImplementedError

    def reseeded(self, seed: int) -> Bot:
        """Return the bot to use in a new game seeded with `seed` (0..limits.MAX_SEED; itself,
        if not random)."""
        check_seed("seed", seed)
        return self


BOTS: dict[str, type[Bot]] = {}
Kind = TypeVar("Kind", bound=type[Bot])


def register_bot(kind: Kind) -> Kind:
    """Add a bot class to BOTS under its `name` (usable as a class decorator); return it."""
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise ArgumentTypeError(f"register_bot({quote(kind)}): expected a Bot subclass")
    if not isinstance(kind.name, str) or not kind.name or len(kind.name) > MAX_BOT_NAME:
        raise ValueError(
            f"register_bot({quote(kind)}): its name {quote(kind.name)} must be text of "
            f"1..{MAX_BOT_NAME} characters"
        )
    if BOTS.get(kind.name, kind) is not kind:
        raise ValueError(f"a bot called {quote(kind.name)} is already registered")
    BOTS[kind.name] = kind
    return kind
