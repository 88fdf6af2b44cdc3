"""Interactive widgets (ipywidgets + plotly FigureWidget); built by calling the class, never shown.

- OddsExplorer: the odds of every bid from one seat's view.
- BoardView: the board coloured by odds; click a cell to choose a bid.
- EquivalenceExplorer: k wilds against plain bids, board and Perudo.
- PlayTable: whole games against bots, legal moves only, reveals and hints.
- BidReader: what the other players' bids say about their dice (Bayes' rule).
- RollingTable: dice rolled again and again, live, against the exact odds.
- ClassTally: a class's real rolls pooled and tested against fair dice.
- CoverageLab: how often Wilson and Wald intervals cover a true win rate.
- DicePicker: a row of dice to toggle, shared by the widgets.
- RulesPicker: a preset dropdown ("custom" for any other Rules) and a control per rule option.
- odds_explorer, board_view, equivalence_explorer, play_table, bid_reader, rolling_table,
  class_tally, coverage_lab: each composite's class as a function, made by _factory(Class), so
  its signature and docstring are the constructor's and cannot drift from it.

Every widget takes `rules` as a Rules or a preset name (an unknown name: ValueError listing
the presets).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from liarsdice.widgets.bid_reader import BidReader
from liarsdice.widgets.board_view import BoardView
from liarsdice.widgets.class_tally import ClassTally
from liarsdice.widgets.controls import DicePicker, RulesPicker
from liarsdice.widgets.coverage_lab import CoverageLab
from liarsdice.widgets.equivalence import EquivalenceExplorer
from liarsdice.widgets.odds_explorer import OddsExplorer
from liarsdice.widgets.play_table import PlayTable
from liarsdice.widgets.rolling_table import RollingTable

P = ParamSpec("P")
W = TypeVar("W")


def _factory(cls: Callable[P, W]) -> Callable[P, W]:
    """Return `cls` as a snake_case function with the constructor's signature and docstring.

    An argument the constructor does not take raises a TypeError naming it and listing the
    keywords the constructor accepts, before any widget is built.
    """
    title = getattr(cls, "__name__", repr(cls))
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", title).lower()
    signature = inspect.signature(cls)
    accepted = ", ".join(signature.parameters)

    def build(*args: P.args, **kwargs: P.kwargs) -> W:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{name}() {error}; {title} takes: {accepted}") from None
        return cls(*args, **kwargs)

    build.__name__ = build.__qualname__ = name
    build.__module__ = __name__
    build.__doc__ = f"Return a new {title} (the class called as a function).\n\n" + (
        inspect.getdoc(cls) or ""
    )
    build.__signature__ = signature.replace(return_annotation=cls)  # type: ignore[attr-defined]
    return build


odds_explorer = _factory(OddsExplorer)
board_view = _factory(BoardView)
equivalence_explorer = _factory(EquivalenceExplorer)
bid_reader = _factory(BidReader)
play_table = _factory(PlayTable)
class_tally = _factory(ClassTally)
coverage_lab = _factory(CoverageLab)
rolling_table = _factory(RollingTable)


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
