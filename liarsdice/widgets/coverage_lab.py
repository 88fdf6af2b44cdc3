"""CoverageLab: how often do the Wilson and the Wald intervals cover the true win rate?

Many samples of g games, each game won with the same chance p, independently of the others;
from each sample's wins k both intervals (liarsdice.stats.intervals); the share of samples
whose interval covers p, per method, beside the exact coverage (stats.coverage: the chance,
before the games are played, that the interval will cover p). The Wald interval has zero
width at k = 0 and k = g, so its coverage collapses near p = 0 and p = 1.

The pure part (no widgets):
- Settings, check_settings(rate, games, samples, seed, confidence): the lab's settings, checked
  against RATE_MIN..RATE_MAX, GAMES_MIN..GAMES_MAX, SAMPLES_MIN..SAMPLES_MAX, 0..SEED_MAX and
  CONFIDENCE_LEVELS.
- CoverageDraw, draw_coverage(rng, rate, games, samples, confidence): win counts drawn from a
  numpy Generator, both intervals of every sample and which of them cover the rate (any rate
  0..1, GAMES_MIN..GAMES_MAX games, 1..SAMPLES_MAX samples, a level strictly between 0 and 1).
- exact_coverage(rate, games, confidence): each method's exact coverage at one rate;
  coverage_by_rate(games, confidence) over RATE_GRID and coverage_by_games(rate, confidence)
  over GAMES_GRID (cached: they depend only on their arguments).
- share_intervals(draw): each method's covering share with its Wilson interval.
- summary_html(draw, exact, seed, draws): the numbers in words.

The widget: CoverageLab(rate, games, samples, seed, confidence): a slider for p, number boxes
for g, the samples and the seed, a confidence dropdown and "Draw again" (the next samples from
the same Generator); set_settings(**changes) changes several settings at once. Changing a
setting starts the Generator again from the seed, so a picture is fixed by the settings, the
seed and how often "Draw again" was pressed. A refused setting shows a message and changes
nothing. Figures
(liarsdice.plots.coverage): the first SHOWN_SAMPLES samples' intervals, and the exact coverage
against p (at g) and against g (at p), the draw's shares marked.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice import stats
from liarsdice.checks import check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.plots.coverage import (
    METHOD_LABELS,
    SHARES_TRACE,
    coverage_by_games_figure,
    coverage_by_rate_figure,
    interval_traces,
    intervals_figure,
    share_trace,
)
from liarsdice.render import error_html
from liarsdice.widgets.controls import LABEL_STYLE, refresh_snapshot, update_figure
from liarsdice.widgets.figures import FigureWidget

METHODS = stats.METHODS  # ("wilson", "wald")
RATE_MIN, RATE_MAX = 0.01, 0.99  # the true win rates the slider offers
GAMES_MIN, GAMES_MAX = 1, 1000  # games per sample
SAMPLES_MIN, SAMPLES_MAX = 10, 10_000  # samples per draw
SEED_MAX = 2**32 - 1
CONFIDENCE_LEVELS = (0.8, 0.9, 0.95, 0.99)
SHOWN_SAMPLES = 50  # the samples whose intervals are drawn
# The rates of the coverage-by-p curve: the slider's range every 0.0001, fine enough to show
# the sawtooth's teeth (at 20 games Wilson's lowest point here is 0.894, near p = 0.028; on a
# grid a hundred times coarser it was 0.905, and on 99 rates 0.925). Lesson 07 uses this grid.
RATE_GRID = np.arange(round(RATE_MIN * 10_000), round(RATE_MAX * 10_000) + 1) / 10_000
# The numbers of games of the coverage-by-g curve: every g up to 50, where the curve jumps
# most, then about 40 steps evenly spaced on the log axis up to GAMES_MAX.
GAMES_GRID = np.union1d(np.arange(1, 51), np.geomspace(50, GAMES_MAX, 40).round().astype(int))

Ends = tuple[NDArray[np.float64], NDArray[np.float64]]  # the low ends and the high ends


# ----- the pure part -------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """The lab's settings: true win rate, games per sample, samples, seed, confidence level."""

    rate: float
    games: int
    samples: int
    seed: int
    confidence: float


def _check_number(name: str, value: object, low: float, high: float, ends: bool = True) -> float:
    """Return `value` as a float if it is a number within low..high (ends included, or not
    with ends=False); else raise ArgumentTypeError (not a number) or ValueError, quoting it."""
    bounds = f"between {low:g} and {high:g}" + ("" if ends else " (not the ends)")
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating | np.integer):
        raise ArgumentTypeError(f"{name}={quote(value)}: expected a number {bounds}")
    inside = low <= value <= high if ends else low < value < high  # NaN is never inside
    if not inside:
        raise ValueError(f"{name}={quote(value)}: expected a number {bounds}")
    return float(value)


def check_settings(
    rate: object, games: object, samples: object, seed: object, confidence: object
) -> Settings:
    """Return the settings if every one is within its limits; else raise ValueError (or
    ArgumentTypeError, also a ValueError, for a value of the wrong kind) quoting it."""
    level = _check_number("confidence", confidence, 0, 1, ends=False)
    if level not in CONFIDENCE_LEVELS:
        raise ValueError(f"confidence={quote(confidence)}: expected one of {CONFIDENCE_LEVELS}")
    return Settings(
        _check_number("rate", rate, RATE_MIN, RATE_MAX),
        check_integer("games", games, GAMES_MIN, GAMES_MAX),
        check_integer("samples", samples, SAMPLES_MIN, SAMPLES_MAX),
        check_integer("seed", seed, 0, SEED_MAX),
        level,
    )


@dataclass(frozen=True, eq=False)
class CoverageDraw:
    """Samples of `games` games won with chance `rate`, with each method's intervals."""

    rate: float
    games: int
    confidence: float
    wins: NDArray[np.int64]  # the wins k of each sample
    bounds: Mapping[str, Ends]  # method -> (low ends, high ends)
    covers: Mapping[str, NDArray[np.bool_]]  # method -> whether each sample's interval covers rate

    @property
    def samples(self) -> int:
        """Return the number of samples."""
        return len(self.wins)

    def covered(self, method: str) -> int:
        """Return how many samples' intervals of `method` cover the rate."""
        return int(self.covers[method].sum())

    def share(self, method: str) -> float:
        """Return the share of samples whose interval of `method` covers the rate."""
        return self.covered(method) / self.samples


def draw_coverage(
    rng: np.random.Generator, rate: float, games: int, samples: int, confidence: float = 0.95
) -> CoverageDraw:
    """Return `samples` win counts ~ Binomial(games, rate) drawn from `rng`, each sample's
    Wilson and Wald intervals (stats.intervals) and whether each covers `rate`."""
    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(
            f"rng={quote(rng)}: expected a numpy Generator, np.random.default_rng(seed)"
        )
    # Check everything before drawing: refused input leaves the Generator where it was.
    rate = _check_number("rate", rate, 0, 1)
    games = check_integer("games", games, GAMES_MIN, GAMES_MAX)
    samples = check_integer("samples", samples, 1, SAMPLES_MAX)
    confidence = _check_number("confidence", confidence, 0, 1, ends=False)
    wins = rng.binomial(games, rate, size=samples)
    bounds: dict[str, Ends] = {}
    covers: dict[str, NDArray[np.bool_]] = {}
    for method in METHODS:
        low, high = stats.intervals(wins, games, method, confidence)
        bounds[method] = (low, high)
        covers[method] = (low <= rate) & (rate <= high)  # stats.coverage counts the ends in
    return CoverageDraw(rate, games, confidence, wins, bounds, covers)


def exact_coverage(rate: float, games: int, confidence: float = 0.95) -> dict[str, float]:
    """Return, per method, the exact chance that the interval from `games` games covers `rate`."""
    return {m: float(stats.coverage(games, [rate], m, confidence)[0]) for m in METHODS}


def _frozen(curves: dict[str, NDArray[np.float64]]) -> Mapping[str, NDArray[np.float64]]:
    """Return the curves read-only (they are cached and shared)."""
    for curve in curves.values():
        curve.setflags(write=False)
    return MappingProxyType(curves)


@functools.lru_cache(maxsize=64)
def coverage_by_rate(games: int, confidence: float = 0.95) -> Mapping[str, NDArray[np.float64]]:
    """Return, per method, the exact coverage at each rate of RATE_GRID for `games` games."""
    step = max(1, stats.MAX_COVERAGE_CELLS // (games + 1))  # rates per call, within its limit
    return _frozen(
        {
            m: np.concatenate(
                [
                    stats.coverage(games, RATE_GRID[i : i + step], m, confidence)
                    for i in range(0, len(RATE_GRID), step)
                ]
            )
            for m in METHODS
        }
    )


@functools.lru_cache(maxsize=64)
def coverage_by_games(rate: float, confidence: float = 0.95) -> Mapping[str, NDArray[np.float64]]:
    """Return, per method, the exact coverage of `rate` for each number of games of GAMES_GRID."""
    return _frozen(
        {
            m: np.array([stats.coverage(int(g), [rate], m, confidence)[0] for g in GAMES_GRID])
            for m in METHODS
        }
    )


def share_intervals(draw: CoverageDraw) -> dict[str, tuple[float, float, float]]:
    """Return, per method, the covering share of the draw with its Wilson interval at the
    draw's confidence: (share, low, high); how far the share could be from the exact one."""
    covered = np.array([draw.covered(m) for m in METHODS])
    low, high = stats.intervals(covered, draw.samples, "wilson", draw.confidence)
    return {m: (draw.share(m), float(lo), float(hi)) for m, lo, hi in zip(METHODS, low, high)}


def _percent(share: float) -> str:
    """Return a share as a percentage with one decimal ("94.8%")."""
    return f"{100 * share:.1f}%"


def summary_html(draw: CoverageDraw, exact: Mapping[str, float], seed: int, draws: int) -> str:
    """Return, per method, the covering share of the draw beside the exact coverage, and the
    draw's zero-width Wald intervals, as HTML."""
    n, g, p = draw.samples, draw.games, draw.rate
    lines = [
        f"Draw {draws} from seed {seed}: {n:,} samples of {g} games at p = {p:g}, "
        f"{draw.confidence:.0%} intervals."
    ]
    for method in METHODS:
        share, chance = draw.share(method), exact[method]
        error = math.sqrt(chance * (1 - chance) / n)  # the standard error of the share
        line = (
            f"<b>{METHOD_LABELS[method]}</b>: covered p in {draw.covered(method):,} of {n:,} "
            f"samples ({_percent(share)}); exact coverage {_percent(chance)}."
        )
        if error > 1e-12:  # else the chance is 0 or 1 (up to rounding)
            line += (
                f" With {n:,} samples the share strays from the exact coverage by about "
                f"{_percent(error)} (one standard error); this draw is "
                f"{abs(share - chance) / error:.1f} standard errors away."
            )
        else:
            line += " Every sample's interval covers p, or none does: no draw can stray."
        lines.append(line)
    edges = int(((draw.wins == 0) | (draw.wins == g)).sum())
    chance = (1 - p) ** g + p**g  # P(k = 0) + P(k = g)
    lines.append(
        f"Wald's interval has zero width when k = 0 or k = {g} (here {edges:,} of {n:,} "
        f"samples); that happens with chance {_percent(chance)} and such an interval never "
        "covers a p strictly between 0 and 1."
    )
    return "<div class='ld-summary'>" + "<br>".join(lines) + "</div>"


def _frame(settings: Settings) -> tuple[float, int, float, int]:
    """Return what the figures' layouts and exact curves depend on (not the seed, nor the
    samples beyond those shown)."""
    s = settings
    return (s.rate, s.games, s.confidence, min(s.samples, SHOWN_SAMPLES))


# ----- the widget ----------------------------------------------------------------------------

INTRO = (
    "<b>How often does an interval cover the true win rate?</b> A bot wins each game with the "
    "same chance p, independently of its other games (one fixed win rate). Each <i>sample</i> "
    "is g such games; from its k wins we build two intervals for p at the chosen confidence: "
    "Wald's, k/g ± z·√(k/g·(1 − k/g)/g), and Wilson's score interval. The <b>exact "
    "coverage</b> is the chance, before the games are played, that the interval will cover p: "
    "the sum of P(k wins) over the k whose interval holds p. A 95% interval should cover p in "
    "about 95% of the samples.<br>"
    f"Top: the first {SHOWN_SAMPLES} samples' intervals, blue where they cover p (the dashed "
    "line), red where they miss it; the dot is the sample's share k/g, so an interval of zero "
    "width still shows. Below: the exact coverage for every p at these g games, and for every g "
    "at this p; rings mark the chosen p and g, dots this draw's shares (bars: the share's "
    "Wilson interval). Watch Wald's curve collapse near p = 0 and p = 1."
)


class CoverageLab(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """Controls for p, g, the samples, the seed and the level beside many samples' intervals
    and the exact coverage curves of the Wilson and the Wald intervals."""

    def __init__(
        self,
        rate: float = 0.5,
        games: int = 20,
        samples: int = 1000,
        seed: int = 0,
        confidence: float = 0.95,
    ) -> None:
        super().__init__()
        self.settings = check_settings(rate, games, samples, seed, confidence)
        s = self.settings
        self.rate = w.FloatSlider(
            value=s.rate,
            min=RATE_MIN,
            max=RATE_MAX,
            step=0.01,
            readout_format=".2f",
            description="true win rate p",
            continuous_update=False,
            style=LABEL_STYLE,
        )
        self.games = w.IntText(
            value=s.games,
            description=f"games per sample g ({GAMES_MIN}..{GAMES_MAX})",
            style=LABEL_STYLE,
            layout=w.Layout(width="260px"),
        )
        self.samples = w.IntText(
            value=s.samples,
            description=f"samples ({SAMPLES_MIN}..{SAMPLES_MAX:,})",
            style=LABEL_STYLE,
            layout=w.Layout(width="240px"),
        )
        self.seed = w.IntText(value=s.seed, description="seed", layout=w.Layout(width="180px"))
        self.confidence = w.Dropdown(
            options=[(f"{c:.0%}", c) for c in CONFIDENCE_LEVELS],
            value=s.confidence,
            description="confidence",
            layout=w.Layout(width="180px"),
        )
        self.draw_button = w.Button(
            description="Draw again",
            icon="refresh",
            tooltip="the next samples from the same seeded stream",
        )
        self.intro = w.HTML(INTRO)
        self.message = w.HTML()
        self.summary = w.HTML()
        self._showing = False  # True while the controls are set back to the settings
        self._restart()
        first, by_rate, by_games = self.figures()  # built once; later draws update them
        self.intervals_figure = FigureWidget(first)
        self.rate_figure = FigureWidget(by_rate)
        self.games_figure = FigureWidget(by_games)
        self.summary.value = self.summary_html()
        for control in (self.rate, self.games, self.samples, self.seed, self.confidence):
            control.observe(self.on_setting_change, names="value")
        self.draw_button.on_click(self.on_draw_click)
        self.add_class("ld-coverage-lab")
        self.children = [
            self.intro,
            w.HBox([self.rate, self.games, self.samples]),
            w.HBox([self.confidence, self.seed, self.draw_button]),
            self.message,
            self.summary,
            self.intervals_figure,
            w.HBox([self.rate_figure, self.games_figure]),
        ]

    # ----- state -----------------------------------------------------------------------------

    def _restart(self) -> None:
        """Start the Generator again from the seed and take its first draw."""
        self.rng = np.random.default_rng(self.settings.seed)
        self.draws = 0
        self._draw()

    def _draw(self) -> None:
        """Take the next draw of samples from the Generator."""
        s = self.settings
        self.result = draw_coverage(self.rng, s.rate, s.games, s.samples, s.confidence)
        self.draws += 1

    def exact(self) -> dict[str, float]:
        """Return each method's exact coverage at the chosen p and g."""
        s = self.settings
        return exact_coverage(s.rate, s.games, s.confidence)

    def _shown_samples(
        self,
    ) -> tuple[NDArray[np.int64], dict[str, Ends], dict[str, NDArray[np.bool_]]]:
        """Return the wins, the intervals and the covering flags of the first SHOWN_SAMPLES."""
        shown = slice(0, SHOWN_SAMPLES)
        draw = self.result
        bounds = {m: (low[shown], high[shown]) for m, (low, high) in draw.bounds.items()}
        covers = {m: flags[shown] for m, flags in draw.covers.items()}
        return draw.wins[shown], bounds, covers

    def figures(self) -> tuple[go.Figure, go.Figure, go.Figure]:
        """Return the figures of the current draw: the first samples' intervals, the exact
        coverage against p (at g) and against g (at p), this draw's shares marked."""
        s = self.settings
        wins, bounds, covers = self._shown_samples()
        exact, marks = self.exact(), share_intervals(self.result)
        return (
            intervals_figure(s.rate, s.games, wins, bounds, covers, s.confidence),
            coverage_by_rate_figure(
                RATE_GRID,
                coverage_by_rate(s.games, s.confidence),
                s.confidence,
                s.games,
                s.rate,
                exact,
                marks,
            ),
            coverage_by_games_figure(
                GAMES_GRID,
                coverage_by_games(s.rate, s.confidence),
                s.confidence,
                s.rate,
                s.games,
                exact,
                marks,
            ),
        )

    def summary_html(self) -> str:
        """Return the numbers of the current draw in words, as HTML."""
        return summary_html(self.result, self.exact(), self.settings.seed, self.draws)

    def _render(self) -> None:
        """Show the current draw: the three figures (one batch each) and the text."""
        widgets = (self.intervals_figure, self.rate_figure, self.games_figure)
        for widget, figure in zip(widgets, self.figures()):
            update_figure(widget, figure)
        self.summary.value = self.summary_html()

    def _render_draw(self) -> None:
        """Show a new draw at the same settings: only the intervals and the shares change
        (the layouts and the exact curves stay), so only those traces are rebuilt."""
        s = self.settings
        wins, bounds, covers = self._shown_samples()
        traces = interval_traces(s.rate, s.games, wins, bounds, covers)
        update_figure(self.intervals_figure, go.Figure(traces), layout=False)
        marks = share_intervals(self.result)
        for widget, at in ((self.rate_figure, s.rate), (self.games_figure, s.games)):
            with widget.batch_update():
                dots = share_trace(at, marks, METHODS).to_plotly_json()
                widget.data[SHARES_TRACE].update(dots, overwrite=True)
            refresh_snapshot(widget)
        self.summary.value = self.summary_html()

    def _show(self, settings: Settings) -> None:
        """Set every control to `settings` without reacting to the changes."""
        self._showing = True
        try:
            self.rate.value = settings.rate
            self.games.value = settings.games
            self.samples.value = settings.samples
            self.seed.value = settings.seed
            self.confidence.value = settings.confidence
        finally:
            self._showing = False

    # ----- handlers --------------------------------------------------------------------------

    def draw_again(self) -> None:
        """Draw new samples from the same Generator stream and show them."""
        self.message.value = ""
        self._draw()
        self._render_draw()

    def set_settings(self, **changes: object) -> None:
        """Change some settings (rate, games, samples, seed, confidence) at once, show them and
        draw from the seed again; refused settings raise ValueError, show the message and
        change nothing."""
        unknown = sorted(set(changes) - set(Settings.__dataclass_fields__))
        try:
            if unknown:
                raise ArgumentTypeError(
                    f"set_settings: unknown setting {quote(unknown[0])}; expected some of "
                    f"{tuple(Settings.__dataclass_fields__)}"
                )
            settings = check_settings(**{**vars(self.settings), **changes})
        except ValueError as error:
            self.message.value = error_html(str(error))
            raise
        self._take(settings)

    def on_draw_click(self, _: object = None) -> None:
        """Draw again (the button)."""
        self.draw_again()

    def on_setting_change(self, change: object = None) -> None:
        """Take the controls' settings and draw from the seed again; refuse settings out of
        their limits with a message, keeping the controls, the draw and the figures."""
        if self._showing:
            return
        try:
            settings = check_settings(
                self.rate.value,
                self.games.value,
                self.samples.value,
                self.seed.value,
                self.confidence.value,
            )
        except ValueError as error:
            self.message.value = error_html(str(error))
            self._show(self.settings)
            return
        self._take(settings)

    def _take(self, settings: Settings) -> None:
        """Take checked settings: show them, draw from the seed again and redraw (only the
        draw's traces when the layouts and the exact curves stay, as for a new seed)."""
        same_frame = _frame(settings) == _frame(self.settings)
        self.message.value = ""
        self.settings = settings
        self._show(settings)
        self._restart()
        if same_frame:
            self._render_draw()
        else:
            self._render()
