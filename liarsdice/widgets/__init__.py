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

from collections.abc import Sequence
from typing import TypedDict, Unpack

from liarsdice.bids import Bid
from liarsdice.rules import Rules
from liarsdice.widgets.bid_reader import BidReader
from liarsdice.widgets.board_view import BoardView
from liarsdice.widgets.class_tally import ClassTally
from liarsdice.widgets.controls import DicePicker, RulesPicker
from liarsdice.widgets.coverage_lab import CoverageLab
from liarsdice.widgets.equivalence import EquivalenceExplorer
from liarsdice.widgets.odds_explorer import OddsExplorer
from liarsdice.widgets.play_table import PlayTable
from liarsdice.widgets.rolling_table import RollingTable

# The keyword options each factory passes on: the widget's own parameters, with their types.


class _SeatOptions(TypedDict, total=False):
    rules: Rules | str
    total: int
    hand: tuple[int, ...]
    bid: Bid | None


class _EquivalenceOptions(TypedDict, total=False):
    n: int
    rules: Rules | str
    ace_rules: Sequence[str]


class _BidReaderOptions(TypedDict, total=False):
    rules: Rules | str
    dice: Sequence[int]
    hand: tuple[int, ...]
    history: str
    bid: Bid | None
    beta: float
    play_table: object


class _PlayTableOptions(TypedDict, total=False):
    rules: Rules | str
    players: int
    bot: str
    seed: int
    show_and_reroll: bool | None
    dice: int | None


class _ClassTallyOptions(TypedDict, total=False):
    rules: Rules | str
    dice_per_round: int
    face: int
    seed: int


class _CoverageLabOptions(TypedDict, total=False):
    rate: float
    games: int
    samples: int
    seed: int
    confidence: float


class _RollingTableOptions(TypedDict, total=False):
    rules: Rules | str
    dice: int
    bid: Bid | str
    seed: int
    rolls_per_step: int
    speed: int


def odds_explorer(**options: Unpack[_SeatOptions]) -> OddsExplorer:
    """Return a new OddsExplorer (options: rules, total, hand, bid)."""
    return OddsExplorer(**options)


def board_view(**options: Unpack[_SeatOptions]) -> BoardView:
    """Return a new BoardView (options: rules, total, hand, bid)."""
    return BoardView(**options)


def equivalence_explorer(**options: Unpack[_EquivalenceOptions]) -> EquivalenceExplorer:
    """Return a new EquivalenceExplorer (options: n, rules)."""
    return EquivalenceExplorer(**options)


def bid_reader(**options: Unpack[_BidReaderOptions]) -> BidReader:
    """Return a new BidReader (options: rules, players, dice, hand, history, bid, beta)."""
    return BidReader(**options)


def play_table(**options: Unpack[_PlayTableOptions]) -> PlayTable:
    """Return a new PlayTable (options: rules, players, bot, seed, show_and_reroll)."""
    return PlayTable(**options)


def class_tally(**options: Unpack[_ClassTallyOptions]) -> ClassTally:
    """Return a new ClassTally (options: rules, dice_per_round, face, seed)."""
    return ClassTally(**options)


def coverage_lab(**options: Unpack[_CoverageLabOptions]) -> CoverageLab:
    """Return a new CoverageLab (options: rate, games, samples, seed, confidence)."""
    return CoverageLab(**options)


def rolling_table(**options: Unpack[_RollingTableOptions]) -> RollingTable:
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
