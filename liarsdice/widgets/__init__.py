"""Interactive widgets (ipywidgets + plotly FigureWidget); built by calling the class, never shown.

- OddsExplorer: the odds of every bid from one seat's view.
- BoardView: the board coloured by odds; click a cell to choose a bid.
- EquivalenceExplorer: k wilds against plain bids, board and Perudo.
- PlayTable: whole games against bots, legal moves only, reveals and hints.
- BidReader: what the other players' bids say about their dice (Bayes' rule).
- RollingTable: dice rolled again and again, live, against the exact odds.
- ClassTally: a class's real rolls pooled and tested against fair dice.
- PlayerProfile: how one seat bids, fitted from its games: likelihood, posterior, bluff rate.
- CoverageLab: how often Wilson and Wald intervals cover a true win rate.
- ClassroomApp: the classroom app (notebooks/app.ipynb): every widget in a section, with a
  language control (English, Polski, Čeština) that builds the sections anew in the language.
- DicePicker: a row of dice to toggle, shared by the widgets.
- RulesPicker: a preset dropdown ("custom" for any other Rules) and a control per rule option.

A lower-case name is a submodule, never a function: liarsdice.widgets.play_table is the module
that defines PlayTable (with its constants, such as YOU). The old factory functions are
deprecated: odds_explorer, board_view, play_table, bid_reader, rolling_table, class_tally and
coverage_lab, called, build their class with a DeprecationWarning (the module is what the name
holds); equivalence_explorer is an alias of EquivalenceExplorer, with the same warning.

Every widget takes `rules` as a Rules or a preset name (an unknown name: ValueError listing
the presets).
"""

from __future__ import annotations

import sys
import types
import warnings

from liarsdice.deprecation import aliases
from liarsdice.widgets.bid_reader import BidReader
from liarsdice.widgets.board_view import BoardView
from liarsdice.widgets.class_tally import ClassTally
from liarsdice.widgets.classroom_app import ClassroomApp
from liarsdice.widgets.controls import DicePicker, RulesPicker
from liarsdice.widgets.coverage_lab import CoverageLab
from liarsdice.widgets.equivalence import EquivalenceExplorer
from liarsdice.widgets.odds_explorer import OddsExplorer
from liarsdice.widgets.play_table import PlayTable
from liarsdice.widgets.player_profile import PlayerProfile
from liarsdice.widgets.rolling_table import RollingTable

# The submodules whose names the old factory functions had, and the class each one built.
_OLD_FACTORIES: dict[str, type] = {
    "odds_explorer": OddsExplorer,
    "board_view": BoardView,
    "bid_reader": BidReader,
    "play_table": PlayTable,
    "class_tally": ClassTally,
    "coverage_lab": CoverageLab,
    "rolling_table": RollingTable,
}


class _CallableModule(types.ModuleType):
    """A widget's module that, called as the old factory was, builds its widget and warns."""

    def __call__(self, *args: object, **kwargs: object) -> object:
        """Return the module's widget built from the arguments (deprecated)."""
        name = self.__name__.rpartition(".")[2]
        widget = _OLD_FACTORIES[name]
        warnings.warn(
            f"{__name__}.{name}(...) is deprecated: use {__name__}.{widget.__name__}(...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return widget(*args, **kwargs)


for _name in _OLD_FACTORIES:
    sys.modules[f"{__name__}.{_name}"].__class__ = _CallableModule

__getattr__ = aliases(
    __name__,
    {"equivalence_explorer": (lambda: EquivalenceExplorer, f"{__name__}.EquivalenceExplorer")},
)

__all__ = [
    "BidReader",
    "BoardView",
    "ClassTally",
    "ClassroomApp",
    "CoverageLab",
    "DicePicker",
    "EquivalenceExplorer",
    "OddsExplorer",
    "PlayTable",
    "PlayerProfile",
    "RollingTable",
    "RulesPicker",
]
