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
- liarsdice.plots.sampling: frequency_figure(trials, frequencies, p_true), the running
  frequency of "the bid is true" beside the exact P(true) and its +-2 standard-error band;
  histogram_figure(histogram, distribution, normal, quantity), the observed counts beside the
  exact distribution and the normal curve (RollingTable reuses both).
- liarsdice.plots.tally: tally_figure(cells, observed, expected, pooled_cells), a class's
  counts as bars beside the counts fair dice lead us to expect, shaded by pooled cell
  (ClassTally reuses it).
- liarsdice.plots.coverage: intervals_figure(...), each sample's Wilson and Wald interval as
  a bar coloured by whether it covers the true rate; coverage_by_rate_figure(...) and
  coverage_by_games_figure(...), each method's exact coverage against the rate and against
  the games, beside a draw's shares (CoverageLab reuses all three).
- liarsdice.plots.endgame: endgame_figure(endgames), solved endgames' P(seat 0 wins) by the
  dice each seat holds, a heatmap per rule set and opener.
- liarsdice.plots.profiles: likelihood_figure(fit), a seat's log-likelihood over its
  family's parameter with the estimate and the profile-likelihood interval marked;
  posterior_figure(fit), the grid posterior with the credible interval shaded;
  comparison_figure(rows), profiles.compare's rows as a table (PlayerProfile reuses all three).
- liarsdice.plots.style: the colours and the ring marks they share, and the language's number
  signs (localised, separators, general, percent).

Language: every text a reader sees (titles, axis titles, trace names, colour-bar titles,
annotations, hover words) is looked up in the language in force when the figure is built
(liarsdice.i18n; set_language before building), and every figure carries that language's
layout.separators (style.localised: a decimal comma in Polish and Czech), so plotly writes
the numbers of hover texts, ticks and cell texts with it; numbers written in Python use
i18n.format_number. A default text argument (a title, belief_figure's model,
histogram_figure's face_name, tally_figure's cell_title) is None: the English default,
translated when the figure is built. Names given by the caller (rule sets, bots, methods, ace
rules) are drawn as given.

Every builder checks its input first: wrong kinds raise liarsdice.errors.ArgumentTypeError,
values out of range ValueError, each quoting the input. Limits: MAX_POINTS (20,000) values in
one series; board.MAX_PLAIN (1,000) plain fields; ladders.MAX_ACE_RULES and
ladders.MAX_EQUIVALENCE_POINTS; tally.MAX_CELLS; profiles.MAX_ROWS; coverage.MAX_METHODS;
chances.MAX_LINES; probabilities in [0, 1] (up to a rounding slack of 1e-9), numbers finite;
each docstring names its own. Each range is that of the core function whose output the builder draws (a
challenge's expected loss may be negative: Bluff's bidder can gain a die), so a builder takes
whatever the core returns under every preset; tests/test_plots_core_outputs.py feeds them.
"""

from liarsdice.deprecation import aliases
from liarsdice.ladder import ACE_RULES
from liarsdice.plots._inputs import MAX_POINTS
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
from liarsdice.plots.coverage import (
    coverage_by_games_figure,
    coverage_by_rate_figure,
    intervals_figure,
)
from liarsdice.plots.endgame import endgame_figure
from liarsdice.plots.games import bluff_figure, strategy_figure, tournament_figure
from liarsdice.plots.ladders import equivalence_figure, monotonicity_figure
from liarsdice.plots.profiles import comparison_figure, likelihood_figure, posterior_figure
from liarsdice.plots.sampling import frequency_figure, histogram_figure
from liarsdice.plots.style import COLOURSCALE, LOSS_COLOURS, PLAIN_COLOUR, WILD_COLOUR
from liarsdice.plots.tally import tally_figure

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
    "MAX_POINTS",
    "PLAIN_COLOUR",
    "WILD_COLOUR",
    "belief_figure",
    "bluff_figure",
    "board_fields",
    "board_figure",
    "challenge_loss_figure",
    "comparison_figure",
    "count_figure",
    "coverage_by_games_figure",
    "coverage_by_rate_figure",
    "endgame_figure",
    "equivalence_figure",
    "frequency_figure",
    "histogram_figure",
    "intervals_figure",
    "likelihood_figure",
    "monotonicity_figure",
    "odds_heatmap",
    "posterior_figure",
    "ratio_figure",
    "strategy_figure",
    "tally_figure",
    "tournament_figure",
]
