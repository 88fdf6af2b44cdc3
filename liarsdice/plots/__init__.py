"""Plotly figure builders: data in, go.Figure out; no widgets and no game state.

Every builder that takes rules takes a Rules or a preset name.

- liarsdice.plots.board: board_fields(rules, max_plain), the board's fields clockwise, and
  board_figure(rules, ...), the board as a ring of fields, optionally coloured by P(true),
  with the legal raises outlined and the current bid marked (BoardView reuses it);
  BOARD_CELLS, BOARD_LEGAL, BOARD_BID, BOARD_LABELS name its traces.
- liarsdice.plots.ladders: equivalence_figure(n, ace_rules), P(at least k wilds) inside each
  ace rule's band of plain quantities (EquivalenceExplorer reuses it), and
  monotonicity_figure(ns, ace_rules), how many raises on each ladder are more likely than the
  bid they beat, by ace rule and n.
- liarsdice.plots.chances: odds_heatmap(probabilities, rules, bid), P(true) of every bid as a
  face-by-quantity heatmap (OddsExplorer reuses it); count_figure(distribution, rules, bid),
  a face's count as bars, those that make the bid true in another colour;
  challenge_loss_figure(quantities, challenger, bidder), the expected dice each side of a
  challenge loses against the bid's quantity.
- liarsdice.plots.games: strategy_figure(strategy, history), a solved strategy as a heatmap;
  bluff_figure(rates), the share of bluff bids per hand; tournament_figure(names, rates,
  intervals, chance), win rates with their 95% intervals.
- liarsdice.plots.beliefs: belief_figure(prior, posterior, rules, face, seat), a seat's count
  before and after reading its bids; ratio_figure(ratios, ...), what its last move weighed
  (BidReader reuses both).
- liarsdice.plots.style: the colours and the ring marks they share.
"""

from liarsdice.deprecation import aliases
from liarsdice.ladder import ACE_RULES
from liarsdice.plots.beliefs import belief_figure, ratio_figure
from liarsdice.plots.board import (
    BOARD_BID,
    BOARD_CELLS,
    BOARD_LABELS,
    BOARD_LEGAL,
    board_fields,
    board_figure,
)
from liarsdice.plots.chances import challenge_loss_figure, count_figure, odds_heatmap
from liarsdice.plots.games import bluff_figure, strategy_figure, tournament_figure
from liarsdice.plots.ladders import equivalence_figure, monotonicity_figure
from liarsdice.plots.style import COLOURSCALE, LOSS_COLOURS, PLAIN_COLOUR, WILD_COLOUR

__getattr__ = aliases(
    "liarsdice.plots",
    {
        "ACE_RULE_COLOURS": (
            lambda: {name: rule.colour for name, rule in ACE_RULES.items()},
            "the colour of each rule in liarsdice.ladder.ACE_RULES",
        )
    },
)

__all__ = [
    "BOARD_BID",
    "BOARD_CELLS",
    "BOARD_LABELS",
    "BOARD_LEGAL",
    "COLOURSCALE",
    "LOSS_COLOURS",
    "PLAIN_COLOUR",
    "WILD_COLOUR",
    "belief_figure",
    "bluff_figure",
    "board_fields",
    "board_figure",
    "challenge_loss_figure",
    "count_figure",
    "equivalence_figure",
    "monotonicity_figure",
    "odds_heatmap",
    "ratio_figure",
    "strategy_figure",
    "tournament_figure",
]
