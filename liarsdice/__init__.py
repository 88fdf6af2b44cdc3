"""liarsdice: exact odds, an engine, bots and widgets for Liar's Dice (Blef, Bluff, Perudo).

The public names:

- Rules: the frozen dataclass of rule options, with the bid order.
- PRESETS / preset(name, **overrides): the named games (blef, bluff, ..., openspiel).
- Bid: a bid "at least q dice show face f"; Bid.parse reads "3x5", "3 fives", "2 aces".
- Hand: a hand of dice that draws itself as SVG dice in Jupyter.
- InvalidBidError, IllegalBidError, IllegalMoveError: the errors, all ValueError.
- settle / settle_calza -> Settlement: who loses how many dice, who opens next, and why.
- Game(rules, players, seed): the engine (current_player, legal_actions, apply, view, to_json).
- Challenge, Calza, ShowAndReroll, Pass: the moves besides Bid (liarsdice.actions).
- ladder: one class per ace rule, in a registry (ACE_RULES, register).
- engine, view, match, render: the state machine; what a seat sees; the one game loop (seats
  are bots or humans, every step an event); text and HTML for all of it.
- agents, botkit, tournament: the bots, their toolkit of cached odds, seeded tournaments.
- inference, bidders: reading bids by Bayes' rule (posterior, count_distribution,
  bid_probability) under bidder models (UNIFORM, quantal, trembling, equilibrium).
- odds, halve_double, symbolic, plots, svg: the probability core, halve and double (where k
  wilds belong among plain bids; liarsdice.aces is its deprecated old name), the odds in
  symbols, the plotly figure builders, the SVG drawings.
- solver: equilibria of small two-player games (solve, SmallGame, Strategy, nash_conv).
- teach: exercises for the lessons; check(exercise_id, answer) says right or wrong with a hint.
- set_language("pl"): the language of what a player sees, "en" (the default), "pl" or "cs"
  (liarsdice.i18n: else LIARSDICE_LANGUAGE, else the system locale, else English).

`import liarsdice` loads only the pure core (rules, bids, actions, settlement, svg); the
rest, numpy, plotly and sympy included, is imported when first used: `ld.Game`, `ld.odds`.
Imported only on demand, not as attributes (they pull in ipywidgets or write files):

- liarsdice.widgets: OddsExplorer, BoardView, EquivalenceExplorer, PlayTable, BidReader,
  RollingTable, CoverageLab, ClassTally.
- liarsdice.stats, liarsdice.sampling, liarsdice.tally: intervals and tests (scipy), seeded
  runs of rolls, a class's real rolls pooled and tested.
- liarsdice.figures: the static figures of figures/ (`make figures`).
- liarsdice.cli: `python -m liarsdice rules|ladder|odds|play|exercises|figures|guide`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from liarsdice import ladder, svg
from liarsdice.actions import Calza, Challenge, Pass, ShowAndReroll
from liarsdice.bids import Bid
from liarsdice.errors import IllegalBidError, IllegalMoveError, InvalidBidError
from liarsdice.i18n import set_language
from liarsdice.rules import PRESETS, Rules, preset
from liarsdice.settlement import Settlement, settle, settle_calza
from liarsdice.svg import Hand

if TYPE_CHECKING:  # imported on first use; named here for type checkers and editors
    from liarsdice import (
        agents,
        bidders,
        botkit,
        engine,
        halve_double,
        inference,
        match,
        odds,
        plots,
        render,
        solver,
        symbolic,
        teach,
        tournament,
        view,
    )
    from liarsdice.engine import Game

_LAZY_MODULES = (
    "aces",  # the deprecated old name of halve_double: kept importable, left out of __all__
    "agents",
    "bidders",
    "botkit",
    "engine",
    "halve_double",
    "inference",
    "match",
    "odds",
    "plots",
    "render",
    "solver",
    "symbolic",
    "teach",
    "tournament",
    "view",
)

__all__ = [
    "PRESETS",
    "Bid",
    "Calza",
    "Challenge",
    "Game",
    "Hand",
    "IllegalBidError",
    "IllegalMoveError",
    "InvalidBidError",
    "Pass",
    "Rules",
    "Settlement",
    "ShowAndReroll",
    "agents",
    "bidders",
    "botkit",
    "engine",
    "halve_double",
    "inference",
    "ladder",
    "match",
    "odds",
    "plots",
    "preset",
    "render",
    "set_language",
    "settle",
    "settle_calza",
    "solver",
    "svg",
    "symbolic",
    "teach",
    "tournament",
    "view",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Return a submodule or Game, imported on first use (so `import liarsdice` stays light)."""
    if name in _LAZY_MODULES:
        return importlib.import_module(f"liarsdice.{name}")
    if name == "Game":
        return importlib.import_module("liarsdice.engine").Game
    raise AttributeError(f"module 'liarsdice' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Return the public names, the lazily imported ones included."""
    return sorted({*globals(), *__all__})
