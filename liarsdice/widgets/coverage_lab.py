"""CoverageLab: how often do the Wilson and the Wald intervals cover the true win rate?

Many samples of g games, each game won with the same chance p, independently of the others;
from each sample's wins k both intervals; the share of samples whose interval covers p, per
method, beside the exact coverage. The Wald interval has zero width at k = 0 and k = g, so its
coverage collapses near p = 0 and p = 1.

The widget: CoverageLab(rate, games, samples, seed, confidence): a slider for p, number boxes
for g, the samples and the seed, a confidence dropdown and "Draw again" (the next samples from
the same Generator); set_settings(**changes) changes several settings at once. Changing a
setting starts the Generator again from the seed, so a picture is fixed by the settings, the
seed and how often "Draw again" was pressed. A refused setting shows a message and changes
nothing. Figures (liarsdice.plots.coverage): the first SHOWN_SAMPLES samples' intervals, and
the exact coverage against p (at g) and against g (at p), the draw's shares marked.
intro_html(): the text above the controls. Every label, the intro and the summary are in the
language in force when the lab is built (liarsdice.set_language: English, Polish or Czech),
their numbers with its decimal sign and grouping; error messages stay English.

The pure part lives in liarsdice.widgets.coverage_lab_core and is re-exported here: Settings,
check_settings, CoverageDraw, draw_coverage, exact_coverage, coverage_by_rate,
coverage_by_games, share_intervals, summary_html, METHODS, Ends and the limits
RATE_MIN, RATE_MAX, GAMES_MIN, GAMES_MAX, SAMPLES_MIN, SAMPLES_MAX, SEED_MAX, CONFIDENCE_LEVELS,
RATE_GRID, GAMES_GRID.
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_count, format_percent
from liarsdice.i18n import translate as _
from liarsdice.plots.coverage import (
    SHARES_TRACE,
    coverage_by_games_figure,
    coverage_by_rate_figure,
    interval_traces,
    intervals_figure,
    share_trace,
)
from liarsdice.render import error_html
from liarsdice.widgets.controls import LABEL_STYLE, refresh_snapshot, update_figure
from liarsdice.widgets.coverage_lab_core import (
    CONFIDENCE_LEVELS,
    GAMES_GRID,
    GAMES_MAX,
    GAMES_MIN,
    METHODS,
    RATE_GRID,
    RATE_MAX,
    RATE_MIN,
    SAMPLES_MAX,
    SAMPLES_MIN,
    SEED_MAX,
    CoverageDraw,
    Ends,
    Settings,
    check_settings,
    coverage_by_games,
    coverage_by_rate,
    draw_coverage,
    exact_coverage,
    share_intervals,
    summary_html,
)
from liarsdice.widgets.figures import FigureWidget

__all__ = [
    "CONFIDENCE_LEVELS",
    "GAMES_GRID",
    "GAMES_MAX",
    "GAMES_MIN",
    "METHODS",
    "RATE_GRID",
    "RATE_MAX",
    "RATE_MIN",
    "SAMPLES_MAX",
    "SAMPLES_MIN",
    "SEED_MAX",
    "SHOWN_SAMPLES",
    "CoverageDraw",
    "CoverageLab",
    "Ends",
    "Settings",
    "check_settings",
    "coverage_by_games",
    "coverage_by_rate",
    "draw_coverage",
    "exact_coverage",
    "intro_html",
    "share_intervals",
    "summary_html",
]

SHOWN_SAMPLES = 50  # the samples whose intervals are drawn


def _frame(settings: Settings) -> tuple[float, int, float, int]:
    """Return what the figures' layouts and exact curves depend on (not the seed, nor the
    samples beyond those shown)."""
    s = settings
    return (s.rate, s.games, s.confidence, min(s.samples, SHOWN_SAMPLES))


def intro_html() -> str:
    """Return the text above the controls, as HTML, in the language in force."""
    what = _(
        "<b>How often does an interval cover the true win rate?</b> A bot wins each game with "
        "the same chance p, independently of its other games (one fixed win rate). Each "
        "<i>sample</i> is g such games; from its k wins we build two intervals for p at the "
        "chosen confidence: Wald's, k/g ± z·√(k/g·(1 − k/g)/g), and Wilson's score interval. "
        "The <b>exact coverage</b> is the chance, before the games are played, that the "
        "interval will cover p: the sum of P(k wins) over the k whose interval holds p. A "
        "{level} interval should cover p in about {level} of the samples."
    )
    shown = _(
        "Top: the first {shown} samples' intervals, blue where they cover p (the dashed line), "
        "red where they miss it; the dot is the sample's share k/g, so an interval of zero "
        "width still shows. Below: the exact coverage for every p at these g games, and for "
        "every g at this p; rings mark the chosen p and g, dots this draw's shares (bars: the "
        "share's Wilson interval). Watch Wald's curve collapse near p = 0 and p = 1."
    )
    level = format_percent(0.95, 0)
    return what.format(level=level) + "<br>" + shown.format(shown=SHOWN_SAMPLES)


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
            description=_("true win rate p"),
            continuous_update=False,
            style=LABEL_STYLE,
        )
        self.games = w.IntText(
            value=s.games,
            description=_("games per sample g ({low}..{high})").format(
                low=GAMES_MIN, high=format_count(GAMES_MAX)
            ),
            style=LABEL_STYLE,
            layout=w.Layout(width="260px"),
        )
        self.samples = w.IntText(
            value=s.samples,
            description=_("samples ({low}..{high})").format(
                low=SAMPLES_MIN, high=format_count(SAMPLES_MAX)
            ),
            style=LABEL_STYLE,
            layout=w.Layout(width="240px"),
        )
        self.seed = w.IntText(value=s.seed, description=_("seed"), layout=w.Layout(width="180px"))
        self.confidence = w.Dropdown(
            options=[(format_percent(c, 0), c) for c in CONFIDENCE_LEVELS],
            value=s.confidence,
            description=_("confidence"),
            layout=w.Layout(width="180px"),
        )
        self.draw_button = w.Button(
            description=_("Draw again"),
            icon="refresh",
            tooltip=_("the next samples from the same seeded stream"),
        )
        self.intro = w.HTML(intro_html())
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

    def on_draw_click(self, button: object = None) -> None:
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
