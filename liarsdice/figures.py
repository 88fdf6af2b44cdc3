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
from liarsdice.rules import PRESETS
from liarsdice.scenarios import NINE_FIVES
from liarsdice.tournament import tournament


def board_by_odds() -> go.Figure:
    """Return the Blef board coloured by P(true) from lesson 04's seat (scenarios.NINE_FIVES)."""
    s = NINE_FIVES
    return plots.board_figure(
        s.rules,
        bid=s.bid,
        legal=s.rules.next_bids(s.bid, s.total),
        probabilities=odds.table(s.rules, s.unknown, s.hand),
        title=f"The Blef board coloured by P(true): hand {' '.join(map(str, s.hand))}, "
        f"{s.total} dice, bid {s.rules.describe(s.bid)}",
    )


def odds_heatmap() -> go.Figure:
    """Return the heatmap of P(true) for every bid from lesson 04's seat."""
    s = NINE_FIVES
    return plots.odds_heatmap(odds.table(s.rules, s.unknown, s.hand), s.rules, s.bid)


def equivalence_curves() -> go.Figure:
    """Return P(at least k wilds) inside each ace rule's band, for lesson 04's 20 dice."""
    return plots.equivalence_figure(NINE_FIVES.total)


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
