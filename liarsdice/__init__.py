"""liarsdice: exact odds, an engine, bots and widgets for Liar's Dice (Blef, Bluff, Perudo).

The public names:

- Rules: the frozen dataclass of rule options (RULES.md section 3), with the bid order.
- PRESETS / preset(name, **overrides): the named games (blef, bluff, ..., openspiel).
- Bid: a bid "at least q dice show face f"; Bid.parse reads "3x5", "3 fives", "2 aces".
- Hand: a hand of dice that draws itself as SVG dice in Jupyter.
- InvalidBidError, IllegalBidError, IllegalMoveError: the errors, all ValueError.
- odds, plots, svg: the probability core, the plotly figure builders, the SVG drawings.
- solver: equilibria of small two-player games (solve, SmallGame, Strategy, nash_conv).
- solver: equilibria of small two-player games (solve, SmallGame, Strategy, nash_conv).
"""

from liarsdice import odds, plots, solver, svg
from liarsdice.bids import Bid
from liarsdice.errors import IllegalBidError, IllegalMoveError, InvalidBidError
from liarsdice.rules import PRESETS, Rules, preset
from liarsdice.svg import Hand

__all__ = [
    "PRESETS",
    "Bid",
    "Hand",
    "IllegalBidError",
    "IllegalMoveError",
    "InvalidBidError",
    "Rules",
    "odds",
    "odds",
    "plots",
    "preset",
    "solver",
    "solver",
    "svg",
]
__version__ = "0.1.0"
