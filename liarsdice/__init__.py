"""liarsdice: exact odds, an engine, bots and widgets for Liar's Dice (Blef, Bluff, Perudo).

The public names:

- Rules: the frozen dataclass of rule options (RULES.md section 3), with the bid order.
- PRESETS / preset(name, **overrides): the named games (blef, bluff, ..., openspiel).
- Bid: a bid "at least q dice show face f"; Bid.parse reads "3x5", "3 fives", "2 aces".
- Hand: a hand of dice that draws itself as SVG dice in Jupyter.
- InvalidBidError, IllegalBidError, IllegalMoveError: the errors, all ValueError.
- settle / settle_calza -> Settlement: who loses how many dice, who opens next, and why.
- Game(rules, players, seed): the engine (current_player, legal_actions, apply, view, to_json).
- Challenge, Calza, ShowAndReroll, Pass: the moves besides Bid (liarsdice.actions).
- engine, agents, tournament: the state machine, the bots, seeded tournaments of bots.
- odds, plots, svg: the probability core, the plotly figure builders, the SVG drawings.
- solver: equilibria of small two-player games (solve, SmallGame, Strategy, nash_conv).
- teach: exercises for the lessons; check(exercise_id, answer) says right or wrong with a hint.

Imported on demand (they pull in ipywidgets or write files):

- liarsdice.widgets: OddsExplorer, BoardView, EquivalenceExplorer, PlayTable.
- liarsdice.figures: the static figures of figures/ (`make figures`).
- liarsdice.cli: `python -m liarsdice rules|ladder|odds|play|exercises|figures`.
"""

from liarsdice import agents, engine, odds, plots, solver, svg, teach, tournament
from liarsdice.actions import Calza, Challenge, Pass, ShowAndReroll
from liarsdice.bids import Bid
from liarsdice.engine import Game
from liarsdice.errors import IllegalBidError, IllegalMoveError, InvalidBidError
from liarsdice.rules import PRESETS, Rules, preset
from liarsdice.settlement import Settlement, settle, settle_calza
from liarsdice.svg import Hand

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
    "engine",
    "odds",
    "plots",
    "preset",
    "settle",
    "settle_calza",
    "solver",
    "svg",
    "teach",
    "tournament",
]
__version__ = "0.1.0"
