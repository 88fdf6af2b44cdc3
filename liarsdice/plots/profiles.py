"""Figures of a fitted player: the likelihood, the posterior and the model comparison.

- likelihood_figure(fit, title): a seat's log-likelihood over its family's parameter grid
  (liarsdice.profiles.fit's Fit), the maximum-likelihood estimate marked, and the
  profile-likelihood interval drawn as the segment where the curve stays within
  chi2(1, level) / 2 of its maximum.
- posterior_figure(fit, title): the grid posterior (the probability of each grid point under
  the fit's stated prior) with its equal-tailed credible interval shaded and the estimate
  marked.
- comparison_figure(rows, title): profiles.compare's rows as a table (family, estimate, log
  likelihood, parameters, AIC, BIC, log marginal likelihood, Bayes factor against uniform); a
  family that does not apply keeps its row, saying so.
- number_text(value): a number with 3 significant digits and the language's decimal sign;
  parameter_symbol(parameter): β for beta, ε for epsilon.
- LIKELIHOOD_CURVE, LIKELIHOOD_ESTIMATE, LIKELIHOOD_INTERVAL; POSTERIOR_CREDIBLE,
  POSTERIOR_CURVE, POSTERIOR_ESTIMATE: the indices of their traces. A family without a
  parameter (uniform, equilibrium) draws the same traces empty and says its log-likelihood in
  the title, so a widget redraws any family into the same figure.

Limits: a fit's grid holds at most plots.MAX_POINTS (20,000) finite values, one
log-likelihood each (a finite number or -inf, the log of a chance 0) and one posterior
probability each; rows at most MAX_ROWS dicts, their numbers real (an infinite Bayes factor, one past a
float's range, shows as inf). Wrong kinds raise ArgumentTypeError, values out
of range ValueError, each quoting the input.

The texts (titles, axes, legend, the table's header, the families' names) are in the language
in force when a figure is built (liarsdice.i18n), its numbers with the language's decimal sign.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Real
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from liarsdice.checks import quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_general, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.plots._inputs import (
    MAX_POINTS,
    check_items,
    check_mapping,
    check_numbers,
    check_probabilities,
    check_title,
)
from liarsdice.plots.style import PLAIN_COLOUR, localised

if TYPE_CHECKING:
    from liarsdice.profiles import Fit

LIKELIHOOD_CURVE, LIKELIHOOD_ESTIMATE, LIKELIHOOD_INTERVAL = 0, 1, 2
POSTERIOR_CREDIBLE, POSTERIOR_CURVE, POSTERIOR_ESTIMATE = 0, 1, 2  # the shading under the curve
MAX_ROWS = 100  # profiles.compare gives one row per family (four today)
CURVE_COLOUR = "#1f77b4"
MARK_COLOUR = "#d62728"
SYMBOLS = {"beta": "β", "epsilon": "ε"}  # how a parameter is written on the axes


def columns() -> tuple[str, ...]:
    """Return the comparison table's columns: "family", then profiles.compare's numbers
    (column_labels() heads them). liarsdice.profiles is imported here, when a table is drawn,
    not with the figure builders (it loads the bots)."""
    from liarsdice.profiles import COMPARE_COLUMNS

    return ("family", *COMPARE_COLUMNS)


def column_labels() -> list[str]:
    """Return the heads of the comparison table's columns(), in the language in force."""
    return [
        _("family"),
        _("estimate"),
        _("max log-likelihood"),
        _("parameters"),
        "AIC",
        "BIC",
        _("log marginal likelihood"),
        _("Bayes factor vs uniform"),
    ]


def _family(family: object) -> str:
    """Return a family's name in the language in force (profiles_families.family_label; a
    name that is no family of FAMILIES as it is)."""
    from liarsdice.profiles_families import FAMILIES, family_label  # the bots: loaded late

    return family_label(family) if family in FAMILIES else str(family)


def number_text(value: object) -> str:
    """Return a number as text with 3 significant digits and the language's decimal sign
    ("0.25", Polish "0,25"; an empty text for None)."""
    if value is None:
        return ""
    if not _is_real(value):
        raise ArgumentTypeError(f"value={quote(value)}: expected a number or None")
    if value != value:  # NaN: nothing to show
        return ""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return str(value)
    return format_general(float(value), 3)  # type: ignore[arg-type]  # a number, checked by the caller


def parameter_symbol(parameter: str | None) -> str:
    """Return how a parameter is written: β for beta, ε for epsilon, its name otherwise."""
    if parameter is not None and not isinstance(parameter, str):
        raise ArgumentTypeError(f"parameter={quote(parameter)}: expected text or None")
    return SYMBOLS.get(parameter or "", parameter or "")


def _log_likelihoods(fit: Fit, size: int) -> NDArray[np.float64]:
    """Return the fit's log-likelihoods as floats (-inf allowed); raise quoting them."""
    given = fit.log_likelihood
    items = check_items("fit.log_likelihood", given, MAX_POINTS)
    if isinstance(items, np.ndarray) and items.dtype.kind not in "iuf":
        raise ArgumentTypeError(f"fit.log_likelihood={quote(given)}: expected numbers")
    finite = [v for v in items if not (isinstance(v, float | np.floating) and v == -math.inf)]
    check_numbers("fit.log_likelihood", finite, high=1e-9)
    values = np.asarray(items, dtype=float)
    if len(values) != size:
        raise ValueError(
            f"fit.log_likelihood={quote(given)}: {len(values)} values for a grid of {size} "
            "points (one for a family without a parameter)"
        )
    return values


def _checked(fit: object) -> tuple[Fit, NDArray[np.float64], NDArray[np.float64]]:
    """Return the fit, its grid and its log-likelihoods as float arrays; raise quoting it."""
    from liarsdice.profiles import Fit

    if not isinstance(fit, Fit):
        raise ArgumentTypeError(f"fit={quote(fit)}: expected a liarsdice.profiles.Fit")
    grid = np.asarray(check_numbers("fit.grid", fit.grid), dtype=float)
    values = _log_likelihoods(fit, len(grid) or 1)
    if len(grid):
        for name in ("estimate", "max_log_likelihood"):
            check_numbers(f"fit.{name}", [getattr(fit, name)])
        for name in ("interval", "credible"):
            pair = check_numbers(f"fit.{name}", getattr(fit, name))
            if len(pair) != 2:
                raise ValueError(f"fit.{name}={quote(getattr(fit, name))}: expected (low, high)")
    return fit, grid, values


def _shown(values: NDArray[np.float64]) -> list[float | None]:
    """Return values plotly draws: -inf (a chance 0) as a gap."""
    return [float(v) if math.isfinite(v) else None for v in values]


def _no_parameter_title(fit: Fit, posterior: bool) -> str:
    """Return the title of a family without a parameter: nothing to draw but one number (no
    curve, or no posterior if `posterior`)."""
    if posterior:
        said = n_(
            "Seat {seat}, {family}: no parameter, so no posterior; log-likelihood {value} "
            "over {n} decision",
            "Seat {seat}, {family}: no parameter, so no posterior; log-likelihood {value} "
            "over {n} decisions",
            fit.decisions,
        )
    else:
        said = n_(
            "Seat {seat}, {family}: no parameter, so no curve; log-likelihood {value} "
            "over {n} decision",
            "Seat {seat}, {family}: no parameter, so no curve; log-likelihood {value} "
            "over {n} decisions",
            fit.decisions,
        )
    value = number_text(fit.max_log_likelihood)
    return said.format(seat=fit.seat, family=_family(fit.family), value=value, n=fit.decisions)


def _framed(traces: list[go.Scatter], title: str, fit: Fit, yaxis: dict[str, str]) -> go.Figure:
    """Return a figure of `traces` over the fit's parameter axis (its name and symbol)."""
    figure = localised(go.Figure(traces))
    figure.update_layout(
        title=title,
        xaxis=dict(title=f"{fit.parameter} {parameter_symbol(fit.parameter)}".strip()),
        yaxis=yaxis,
        legend=dict(orientation="h", y=-0.25),
        template="plotly_white",
        width=640,
        height=400,
    )
    return figure


def likelihood_figure(fit: Fit, title: str | None = None) -> go.Figure:
    """Return the log-likelihood curve over the fit's grid, the estimate and the
    profile-likelihood interval marked.

    fit: what liarsdice.profiles.fit returns (any family); title: text of at most MAX_TEXT
    characters or None.
    """
    fit, grid, values = _checked(fit)
    title = check_title("title", title)
    curve = go.Scatter(
        x=list(grid),
        y=_shown(values) if len(grid) else [],
        mode="lines",
        name=_("log-likelihood"),
        line=dict(color=CURVE_COLOUR),
        hovertemplate="%{x:.3g}: %{y:.4g}<extra></extra>",
    )
    mark = go.Scatter(x=[], y=[], mode="markers", name=_("estimate"), marker_color=MARK_COLOUR)
    band = go.Scatter(x=[], y=[], mode="lines", name=_("interval"), line=dict(color=MARK_COLOUR))
    symbol = parameter_symbol(fit.parameter)
    if len(grid):
        drop = NormalDist().inv_cdf((1 + fit.level) / 2) ** 2 / 2  # chi2(1)'s quantile / 2
        cut = fit.max_log_likelihood - drop
        low, high = fit.interval  # type: ignore[misc]  # checked: a pair where there is a grid
        mark.update(
            x=[fit.estimate],
            y=[fit.max_log_likelihood],
            name=_("estimate {symbol} = {value}").format(
                symbol=symbol, value=number_text(fit.estimate)
            ),
            marker=dict(size=11, symbol="diamond"),
        )
        below = _("{x} (log-likelihood {drop} below its maximum)")
        band.update(
            x=[low, high],
            y=[cut, cut],
            name=_("{level} profile-likelihood interval").format(level=format_percent(fit.level)),
            line=dict(width=5),
            hovertemplate=below.format(x="%{x:.3g}", drop=number_text(drop)) + "<extra></extra>",
        )
        heading = n_(
            "Seat {seat}, {family}: log-likelihood of {n} decision, {symbol} = {value} "
            "({low} to {high})",
            "Seat {seat}, {family}: log-likelihood of {n} decisions, {symbol} = {value} "
            "({low} to {high})",
            fit.decisions,
        ).format(
            seat=fit.seat,
            family=_family(fit.family),
            n=fit.decisions,
            symbol=symbol,
            value=number_text(fit.estimate),
            low=number_text(low),
            high=number_text(high),
        )
    else:
        heading = _no_parameter_title(fit, posterior=False)
    yaxis = dict(title=_("log-likelihood"))
    return _framed([curve, mark, band], title or heading, fit, yaxis)


def posterior_figure(fit: Fit, title: str | None = None) -> go.Figure:
    """Return the grid posterior over the fit's parameter, the credible interval shaded and
    the estimate marked.

    fit: what liarsdice.profiles.fit returns (any family); title: text of at most MAX_TEXT
    characters or None.
    """
    fit, grid, _logs = _checked(fit)
    title = check_title("title", title)
    posterior = np.asarray(check_probabilities("fit.posterior", fit.posterior), dtype=float)
    curve = go.Scatter(x=[], y=[], mode="lines", name=_("posterior"), line_color=CURVE_COLOUR)
    shade = go.Scatter(x=[], y=[], mode="lines", name=_("credible"), fill="tozeroy")
    mark = go.Scatter(x=[], y=[], mode="lines", name=_("estimate"), line_color=MARK_COLOUR)
    symbol = parameter_symbol(fit.parameter)
    if len(grid):
        if len(posterior) != len(grid):
            raise ValueError(
                f"fit.posterior={quote(fit.posterior)}: {len(posterior)} values for a grid of "
                f"{len(grid)} points"
            )
        low, high = fit.credible  # type: ignore[misc]  # checked: a pair where there is a grid
        inside = (grid >= low) & (grid <= high)
        curve.update(
            x=list(grid), y=list(posterior), hovertemplate="%{x:.3g}: %{y:.3g}<extra></extra>"
        )
        shade.update(
            x=list(grid[inside]),
            y=list(posterior[inside]),
            name=_("{level} credible interval").format(level=format_percent(fit.level)),
            line=dict(width=0),
            fillcolor=PLAIN_COLOUR,
            hoverinfo="skip",
        )
        mark.update(
            x=[fit.estimate, fit.estimate],
            y=[0, float(posterior.max())],
            name=_("maximum likelihood {symbol} = {value}").format(
                symbol=symbol, value=number_text(fit.estimate)
            ),
            line=dict(dash="dash"),
        )
        heading = _(
            "Seat {seat}, {family}: posterior of {symbol} ({prior}), {level} credible {low} "
            "to {high}"
        ).format(
            seat=fit.seat,
            family=_family(fit.family),
            symbol=symbol,
            prior=fit.prior,
            level=format_percent(fit.level),
            low=number_text(low),
            high=number_text(high),
        )
    else:
        heading = _no_parameter_title(fit, posterior=True)
    yaxis = dict(title=_("posterior probability of the grid point"), rangemode="tozero")
    return _framed([shade, curve, mark], title or heading, fit, yaxis)


def _is_real(value: object) -> bool:
    """Return True for a real number (infinite too: a Bayes factor past a float's range)."""
    return isinstance(value, Real) and not isinstance(value, bool | np.bool_)


def _rows(rows: object) -> list[Mapping[str, Any]]:
    """Return compare's rows as a list of mappings; raise quoting them."""
    items = check_items("rows", rows, MAX_ROWS, "a sequence of rows (dicts)")
    for row in items:
        check_mapping("row", row, MAX_ROWS)
        family = row.get("family")
        if not isinstance(family, str):
            raise ArgumentTypeError(f"rows={quote(rows)}: the row {quote(row)} names no family")
        for key in columns()[1:]:
            value = row.get(key)
            if value is not None and not _is_real(value):
                raise ArgumentTypeError(
                    f"rows={quote(rows)}: {family}'s {key}, {quote(value)}, is not a number"
                )
    return list(items)


def comparison_figure(rows: Sequence[Mapping[str, Any]], title: str | None = None) -> go.Figure:
    """Return profiles.compare's rows as a table, one line per family.

    rows: a sequence of at most MAX_ROWS dicts, each with a "family" (text) and numbers (or
    None) under compare's keys; a row with a "note" (a family that does not apply) shows it.
    title: text of at most MAX_TEXT characters or None.
    """
    items = _rows(rows)
    title = check_title("title", title)
    keys = columns()
    cells: list[list[str]] = [[] for key in keys]
    for row in items:
        note = row.get("note")
        for column, key in enumerate(keys):
            value = row.get(key)
            if key == "family":
                text = _family(value)
            elif key == "estimate" and value is not None:
                text = f"{parameter_symbol(row.get('parameter'))} = {number_text(value)}"
            elif note and column == 1:
                text = str(note)
            else:
                text = number_text(value)
            cells[column].append(text)
    table = go.Table(
        header=dict(values=column_labels(), fill_color=PLAIN_COLOUR, align="left"),
        cells=dict(values=cells, align="left"),
    )
    figure = localised(go.Figure([table]))
    figure.update_layout(
        title=title or _("Which model fits best: lowest AIC and BIC, highest Bayes factor"),
        width=760,
        height=140 + 30 * len(items),
        margin=dict(l=10, r=10, t=50, b=10),
    )
    return figure
