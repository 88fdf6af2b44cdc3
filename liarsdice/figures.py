"""The static figures of figures/, made from liarsdice.plots (`make figures`).

- FIGURES: the name of each figure and the function that builds it (seeded, so reproducible).
- make_figures(out, formats): writes every figure as SVG and PNG; returns the paths written.

Writing PNG or SVG uses plotly's kaleido, which needs a Chrome or Chromium on the machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import plotly.graph_objects as go

from liarsdice import odds, plots
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.bids import Bid
from liarsdice.rules import PRESETS
from liarsdice.tournament import tournament

HAND = (1, 3, 5, 5, 6)  # the hand of lessons 2 and 4
TABLE_DICE = 20


def board_by_odds() -> go.Figure:
    """Return the Blef board coloured by P(true) for the lessons' hand among 20 dice."""
    rules = PRESETS["blef"]
    probabilities = odds.table(rules, TABLE_DICE - len(HAND), HAND)
    current = Bid(9, 5)
    return plots.board_figure(
        rules,
        bid=current,
        legal=rules.next_bids(current, TABLE_DICE),
        probabilities=probabilities,
        title="The Blef board coloured by P(true): hand 1 3 5 5 6, 20 dice, bid 9 fives",
    )


def odds_heatmap() -> go.Figure:
    """Return the heatmap of P(true) for every bid from the lessons' seat."""
    rules = PRESETS["blef"]
    return plots.odds_heatmap(odds.table(rules, TABLE_DICE - len(HAND), HAND), rules, Bid(9, 5))


def equivalence_curves() -> go.Figure:
    """Return P(at least k wilds) inside each ace rule's band, for 20 unknown dice."""
    return plots.equivalence_figure(TABLE_DICE)


def tournament_chart() -> go.Figure:
    """Return the win rates of the three bots in 150 seeded three-player Blef games."""
    result = tournament(
        [RandomBot(), ThresholdBot(), ExpectedLossBot()],
        games=300,
        rules=PRESETS["blef"],
        seed=2026,
        progress=False,
    )
    return plots.tournament_figure(result.names, result.win_rates, result.intervals, chance=1 / 3)


FIGURES: dict[str, Callable[[], go.Figure]] = {
    "board_by_odds": board_by_odds,
    "odds_heatmap": odds_heatmap,
    "equivalence_curves": equivalence_curves,
    "tournament": tournament_chart,
}


def make_figures(out: Path | str, formats: Sequence[str] = ("svg", "png")) -> list[Path]:
    """Write every figure of FIGURES into `out` in each format; return the paths written.

    Raises:
        RuntimeError: kaleido or a Chrome/Chromium is missing (the message says which to install).
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in FIGURES.items():
        figure = build()
        for kind in formats:
            path = out / f"{name}.{kind}"
            try:
                figure.write_image(path, scale=2 if kind == "png" else 1)
            except (ValueError, RuntimeError, ImportError) as error:
                raise RuntimeError(
                    f"could not write {path}: static export needs kaleido (pip install kaleido) "
                    f"and a Chrome or Chromium browser (e.g. apt-get install chromium): {error}"
                ) from error
            written.append(path)
    return written
