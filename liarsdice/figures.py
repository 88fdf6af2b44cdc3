"""The static figures of figures/, made from liarsdice.plots (`make figures`).

- FIGURES: the name of each figure and the function that builds it (seeded, so reproducible).
- make_figures(out, formats): writes every figure as SVG and PNG; returns the paths written.

Writing PNG or SVG uses plotly's kaleido, which needs a Chrome or Chromium on the machine.
Bad arguments (out not a writable folder, formats other than "svg" and "png") are refused with
a ValueError quoting them before any figure is built (building plays a tournament).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import plotly.graph_objects as go

from liarsdice import odds, plots
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.checks import check_choice, check_text, quote
from liarsdice.errors import ArgumentTypeError
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


FORMATS = ("svg", "png")

FIGURES: dict[str, Callable[[], go.Figure]] = {
    "board_by_odds": board_by_odds,
    "odds_heatmap": odds_heatmap,
    "equivalence_curves": equivalence_curves,
    "tournament": tournament_chart,
}


def _check_formats(formats: object) -> tuple[str, ...]:
    """Return the formats as a tuple, each one of FORMATS, at least one; else raise."""
    if isinstance(formats, str | bytes) or not hasattr(formats, "__iter__"):
        raise ArgumentTypeError(f"formats={quote(formats)}: expected a list such as ['svg', 'png']")
    kinds = tuple(formats)
    if not kinds or len(kinds) > len(FORMATS):
        raise ValueError(f"formats={quote(kinds)}: expected one or both of {list(FORMATS)}")
    return tuple(check_choice("formats", kind, FORMATS) for kind in kinds)


def _writable_folder(out: object) -> Path:
    """Return `out` as a Path to a folder that exists (created if need be) and is writable."""
    if isinstance(out, str):
        check_text("out", out)
    elif not isinstance(out, os.PathLike):
        raise ArgumentTypeError(f"out={quote(out)}: expected a folder, as text or a Path")
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as error:  # ValueError: a NUL character in the path
        reason = getattr(error, "strerror", None) or str(error)
        raise ValueError(f"out={quote(str(folder))}: not a writable folder ({reason})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"out={quote(str(folder))}: not a writable folder (permission denied)")
    return folder


def _write_image(figure: go.Figure, path: Path, scale: int) -> None:
    """Write the figure with kaleido, trying twice: on a loaded machine kaleido's browser tab
    can be asked to export before its page has loaded ("kaleido_scopes is not defined")."""
    for attempt in range(2):
        try:
            figure.write_image(path, scale=scale)
            return
        except Exception as error:
            if attempt == 1 or type(error).__name__ != "JavascriptError":
                raise
            time.sleep(1)


def make_figures(out: Path | str, formats: Sequence[str] = FORMATS) -> list[Path]:
    """Write every figure of FIGURES into `out` in each format; return the paths written.

    out: a folder (text of at most MAX_TEXT characters, or a Path), created if missing; it must
    be writable. formats: one or both of "svg" and "png". Both are checked before any figure
    is built.

    Raises:
        ValueError: `out` is not a writable folder, or a format is not "svg" or "png" (an
            ArgumentTypeError for a wrong kind); a file could not be written.
        RuntimeError: kaleido or a Chrome/Chromium is missing (the message says which to install).
    """
    kinds = _check_formats(formats)
    out = _writable_folder(out)
    written = []
    for name, build in FIGURES.items():
        figure = build()
        for kind in kinds:
            path = out / f"{name}.{kind}"
            try:
                _write_image(figure, path, scale=2 if kind == "png" else 1)
            except OSError as error:
                raise ValueError(
                    f"could not write {quote(str(path))}: {error.strerror or error}"
                ) from None
            except (ValueError, RuntimeError, ImportError) as error:
                raise RuntimeError(
                    f"could not write {path}: static export needs kaleido (pip install kaleido) "
                    f"and a Chrome or Chromium browser (e.g. apt-get install chromium): {error}"
                ) from error
            written.append(path)
    return written
