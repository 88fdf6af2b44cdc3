"""Interactive widgets (ipywidgets + plotly FigureWidget); each factory returns, never displays.

- OddsExplorer / odds_explorer(): the odds of every bid from one seat's view.
- BoardView / board_view(): the board coloured by odds; click a cell to choose a bid.
- EquivalenceExplorer / equivalence_explorer(): k wilds against plain bids, board and Perudo.
- PlayTable / play_table(): whole games against bots, legal moves only, reveals and hints.
- BidReader / bid_reader(): what the other players' bids say about their dice (Bayes' rule).
- RollingTable / rolling_table(): dice rolled again and again, live, against the exact odds.
- ClassTally / class_tally(): a class's real rolls pooled and tested against fair dice.
- CoverageLab / coverage_lab(): how often Wilson and Wald intervals cover a true win rate.
- DicePicker: a row of dice to toggle, shared by the widgets.
- RulesPicker: a preset dropdown ("custom" for any other Rules) and a control per rule option.

Every widget takes `rules` as a Rules or a preset name (an unknown name: ValueError listing
the presets).
"""

from liarsdice.widgets.bid_reader import BidReader
from liarsdice.widgets.board_view import BoardView
from liarsdice.widgets.class_tally import ClassTally
from liarsdice.widgets.controls import DicePicker, RulesPicker
from liarsdice.widgets.coverage_lab import CoverageLab
from liarsdice.widgets.equivalence import EquivalenceExplorer
from liarsdice.widgets.odds_explorer import OddsExplorer
from liarsdice.widgets.play_table import PlayTable
from liarsdice.widgets.rolling_table import RollingTable


def odds_explorer(**options: object) -> OddsExplorer:
    """Return a new OddsExplorer (options: rules, total, hand, bid)."""
    return OddsExplorer(**options)


def board_view(**options: object) -> BoardView:
    """Return a new BoardView (options: rules, total, hand, bid)."""
    return BoardView(**options)


def equivalence_explorer(**options: object) -> EquivalenceExplorer:
    """Return a new EquivalenceExplorer (options: n, rules)."""
    return EquivalenceExplorer(**options)


def bid_reader(**options: object) -> BidReader:
    """Return a new BidReader (options: rules, players, dice, hand, history, bid, beta)."""
    return BidReader(**options)


def play_table(**options: object) -> PlayTable:
    """Return a new PlayTable (options: rules, players, bot, seed, show_and_reroll)."""
    return PlayTable(**options)


def class_tally(**options: object) -> ClassTally:
    """Return a new ClassTally (options: rules, dice_per_round, face, seed)."""
    return ClassTally(**options)


def coverage_lab(**options: object) -> CoverageLab:
    """Return a new CoverageLab (options: rate, games, samples, seed, confidence)."""
    return CoverageLab(**options)


def rolling_table(**options: object) -> RollingTable:
    """Return a new RollingTable (options: rules, dice, bid, seed, rolls_per_step, speed)."""
    return RollingTable(**options)


__all__ = [
    "BidReader",
    "BoardView",
    "ClassTally",
    "CoverageLab",
    "DicePicker",
    "EquivalenceExplorer",
    "OddsExplorer",
    "PlayTable",
    "RollingTable",
    "RulesPicker",
    "bid_reader",
    "board_view",
    "class_tally",
    "coverage_lab",
    "equivalence_explorer",
    "odds_explorer",
    "play_table",
    "rolling_table",
]
