"""Reading a player: fit one seat's bidder model from its saved games, with honest uncertainty.

Given a seat's moves in saved games (JSON records, or Games played in PlayTable), each move is
a decision made from the view the seat had, its own hand known (a record's seed decides every
roll). Under a bidder family (liarsdice.inference's models) each decision has an exact chance;
their product is the likelihood of the family's parameter.

- FAMILIES: ("uniform", "quantal", "trembling", "equilibrium"); quantal's parameter is beta
  (0..60; liarsdice.profiles_families says why), trembling's epsilon (0..1), around a bot
  named in liarsdice.agents.BOTS ("expected_loss" by default); uniform and equilibrium have
  none. equilibrium is the solved strategy SolverBot plays in two-player rounds of one die
  each; elsewhere it is undefined and those decisions are skipped (counted in Fit.skipped).
- fit(records, seat, family="quantal", *, level=0.95, grid=None, prior=None,
  bot="expected_loss") -> Fit: the log-likelihood on a grid (200 points over the range by
  default), the maximum-likelihood estimate (the grid's best point refined by a bounded 1-D
  search on the exact log-likelihood, which is concave in beta and in epsilon), the
  profile-likelihood interval {theta: 2 (l_max - l(theta)) <= chi2_1 quantile at level}
  (clipped to the range, and Fit.note says so), the grid posterior under a stated prior and
  its equal-tailed credible interval, and the seat's bluff rate.
- compare(records, seat, families=FAMILIES) -> list of dict rows: the maximum log-likelihood,
  k, AIC, BIC (n = decisions), the log marginal likelihood on the grid (the log of the
  prior-weighted average likelihood; the log-likelihood itself without a parameter) and the
  Bayes factor against uniform. equilibrium, where any decision falls outside its endgames,
  gets a row with note "does not apply" and no numbers.
- log_likelihood(records, seat, family, value=None, bot="expected_loss") -> float: at one
  value; family may also be a callable model(view) -> {action: p}, called once per decision.
- decisions(records, seat) -> (list of (View, action), skipped) (liarsdice.profiles_data).

Fit.prior, Fit.note and compare's notes are display texts, in the language in force when the
fit is made (liarsdice.i18n); families and parameters keep their English keys.

What the fit assumes: the seat's decisions are independent given the views (the family
decides each move from what the seat sees, nothing carried between moves or games), and one
parameter holds over all the records. The chi-square interval is asymptotic (many decisions).

Limits: at most MAX_RECORDS (10,000) records and MAX_DECISIONS (200,000) decisions of the seat;
a grid of 2..MAX_GRID (10,000) points, and grid points x the legal actions of the seat's
decisions at most MAX_GRID_WORK (a few seconds); level in (0, 1). Bad input raises ValueError
(ArgumentTypeError, also a TypeError, for a wrong kind) quoting it; a bad record's message
names it by index. Inputs are never changed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np
from scipy import optimize, stats
from scipy.special import logsumexp

from liarsdice.agents import BOTS
from liarsdice.checks import check_choice, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_general
from liarsdice.i18n import translate as _
from liarsdice.profiles_data import (
    MAX_DECISIONS,
    MAX_RECORDS,
    Records,
    SeatData,
    decisions,
    seat_data,
)
from liarsdice.profiles_families import (
    FAMILIES,
    PARAMETERS,
    RANGES,
    curve,
    in_endgame,
    model_logs,
    point,
)

MAX_GRID = 10_000  # grid points
MAX_GRID_WORK = 400_000_000  # grid points x legal actions over the seat's decisions
DEFAULT_GRID = 200  # grid points when none is given
# compare()'s numbers, in the order the comparison tables show them (the CLI's and the figure's)
COMPARE_COLUMNS = (
    "estimate",
    "log_likelihood",
    "parameters",
    "aic",
    "bic",
    "log_marginal",
    "bayes_factor",
)


@dataclass(frozen=True)
class Fit:
    """A seat's fitted bidder family: estimate, intervals, likelihood curve and posterior."""

    family: str
    seat: int
    parameter: str | None  # "beta", "epsilon" or None
    estimate: float | None  # the maximum-likelihood estimate
    interval: tuple[float, float] | None  # profile-likelihood interval at `level`
    level: float
    grid: np.ndarray  # the parameter values (empty without a parameter)
    log_likelihood: np.ndarray  # at each grid point (one value without a parameter)
    max_log_likelihood: float  # at the estimate
    posterior: np.ndarray  # over the grid, sums to 1 ([1.0] without a parameter)
    prior: str  # how the prior is stated
    credible: tuple[float, float] | None  # equal-tailed credible interval at `level`
    decisions: int  # decisions used
    skipped: int  # decisions left out (the family undefined there, or information missing)
    bluff_rate: float  # share of the seat's bids with P(true) from its own view below 1/2
    log_marginal: float = field(default=math.nan)  # log of the prior-weighted mean likelihood
    note: str = ""  # what else to know (an interval clipped to the range)

    def __repr__(self) -> str:
        shown = "" if self.estimate is None else f", {self.parameter}={self.estimate:.4g}"
        return (
            f"Fit({self.family}, seat {self.seat}{shown}, interval={self.interval}, "
            f"decisions={self.decisions}, skipped={self.skipped})"
        )


def _check_family(family: object) -> str:
    """Return the family if it is one of FAMILIES; else raise quoting it."""
    return check_choice("family", family, FAMILIES)


def _check_bot(bot: object) -> str:
    """Return the bot's name if it is in BOTS; else raise quoting it."""
    return check_choice("bot", bot, tuple(BOTS))


def _check_level(level: object) -> float:
    """Return the level if it is a number strictly between 0 and 1; else raise."""
    value = check_number("level", level, 0, 1)
    if not 0 < value < 1:
        raise ValueError(f"level={quote(level)}: expected a number strictly between 0 and 1")
    return value


def _check_grid(grid: object, parameter: str) -> np.ndarray:
    """Return the grid: DEFAULT_GRID points over the range for None, n points for an int, or
    the given increasing values within the parameter's range."""
    low, high = RANGES[parameter]
    if grid is None:
        grid = DEFAULT_GRID
    if isinstance(grid, int) and not isinstance(grid, bool):
        if not 2 <= grid <= MAX_GRID:
            raise ValueError(f"grid={grid}: expected 2..MAX_GRID = {MAX_GRID:,} points")
        return np.linspace(low, high, grid)
    if isinstance(grid, str | bytes) or not isinstance(grid, Sequence | np.ndarray):
        raise ArgumentTypeError(f"grid={quote(grid)}: expected a number of points or values")
    if not 2 <= len(grid) <= MAX_GRID:  # the length first: each value is checked below
        raise ValueError(f"grid={quote(grid)}: expected 2..MAX_GRID = {MAX_GRID:,} values")
    values = [check_number(f"grid[{i}]", v, low, high) for i, v in enumerate(grid)]
    array = np.array(values)
    if not (np.diff(array) > 0).all():
        raise ValueError(f"grid={quote(grid)}: expected increasing values")
    return array


def _prior(prior: object, grid: np.ndarray) -> tuple[np.ndarray, str]:
    """Return the prior's weights on the grid (summing to 1) and how it is stated."""
    if prior is None or (isinstance(prior, str) and prior == "uniform"):
        middles = (grid[1:] + grid[:-1]) / 2
        widths = np.diff(np.concatenate([[grid[0]], middles, [grid[-1]]]))
        return widths / widths.sum(), _(
            "uniform on [{low}, {high}] (trapezoid weights on the grid)"
        ).format(low=format_general(grid[0]), high=format_general(grid[-1]))
    if isinstance(prior, str | bytes) or not isinstance(prior, Sequence | np.ndarray):
        raise ArgumentTypeError(
            f"prior={quote(prior)}: expected None, 'uniform' or one weight per grid point"
        )
    if len(prior) != len(grid):  # the length first: each weight is checked below
        raise ValueError(
            f"prior={quote(prior)}: expected {len(grid)} weights >= 0, not all 0 (one per "
            "grid point)"
        )
    weights = np.array([check_number(f"prior[{i}]", w, 0) for i, w in enumerate(prior)])
    weights = weights / weights.max() if weights.max() > 0 else weights  # no overflow
    if not weights.sum() > 0:
        raise ValueError(
            f"prior={quote(prior)}: expected {len(grid)} weights >= 0, not all 0 (one per "
            "grid point)"
        )
    return weights / weights.sum(), _("weights given per grid point (normalised)")


def _read(records: object, seat: object) -> SeatData:
    """Return the seat's decisions in `records` as SeatData (checked)."""
    moves, _ = decisions(records, seat)  # type: ignore[arg-type]
    return seat_data(moves, moves[0][0].seat)


def _maximise(
    data: SeatData, family: str, grid: np.ndarray, logs: np.ndarray, bot: str
) -> tuple[float, float]:
    """Return (the MLE, the log-likelihood there): the grid's best point refined by a bounded
    1-D search between its neighbours (the log-likelihood is concave)."""
    best = int(np.argmax(logs))
    low, high = grid[max(best - 1, 0)], grid[min(best + 1, len(grid) - 1)]
    found = optimize.minimize_scalar(
        lambda x: -point(data, family, x, bot),
        bounds=(low, high),
        method="bounded",
        options={"xatol": 1e-6 * max(1.0, high - low)},
    )
    if np.isfinite(found.fun) and -found.fun > logs[best]:
        return float(found.x), float(-found.fun)
    return float(grid[best]), float(logs[best])


def _crossing(f: Callable[[float], float], inside: float, outside: float) -> float:
    """Return where f crosses 0 between a point inside (f >= 0) and one outside (f < 0)."""
    if not np.isfinite(f(outside)):
        f0 = f
        f = lambda x: max(f0(x), -1e300)  # noqa: E731 (brentq needs finite values)
    return float(optimize.brentq(f, inside, outside, xtol=1e-9))


def _profile_interval(
    data: SeatData,
    family: str,
    grid: np.ndarray,
    logs: np.ndarray,
    estimate: float,
    top: float,
    level: float,
    bot: str,
) -> tuple[tuple[float, float], str]:
    """Return the profile-likelihood interval at `level` and a note if clipped to the grid."""
    drop = stats.chi2.ppf(level, 1) / 2
    f = lambda x: point(data, family, x, bot) - (top - drop)  # noqa: E731
    above = logs >= top - drop
    ends, clipped = [], []
    for side, edge in ((-1, grid[0]), (1, grid[-1])):
        outside = np.flatnonzero(~above & ((grid < estimate) if side < 0 else (grid > estimate)))
        if len(outside) == 0:
            ends.append(float(edge))
            clipped.append(side)
            continue
        out = outside[-1] if side < 0 else outside[0]
        ends.append(_crossing(f, estimate, float(grid[out])))
    notes = {
        (): "",
        (-1,): _("the profile-likelihood interval reaches the grid's end (below): clipped"),
        (1,): _("the profile-likelihood interval reaches the grid's end (above): clipped"),
        (-1, 1): _(
            "the profile-likelihood interval reaches the grid's end (below, above): clipped"
        ),
    }
    return (ends[0], ends[1]), notes[tuple(clipped)]


def _credible(grid: np.ndarray, posterior: np.ndarray, level: float) -> tuple[float, float]:
    """Return the equal-tailed credible interval: the grid points where the posterior's
    cumulative sum first reaches (1 - level) / 2 and (1 + level) / 2."""
    cumulative = np.cumsum(posterior)
    low = int(np.searchsorted(cumulative, (1 - level) / 2))
    high = int(np.searchsorted(cumulative, (1 + level) / 2))
    return float(grid[min(low, len(grid) - 1)]), float(grid[min(high, len(grid) - 1)])


def _fit(data: SeatData, family: str, level: float, grid: object, prior: object, bot: str) -> Fit:
    """Return the Fit of checked arguments on the seat's decisions."""
    parameter = PARAMETERS[family]
    make = partial(Fit, family=family, seat=data.seat, parameter=parameter, level=level)
    if parameter is None:
        logs, skipped = curve(data, family, np.zeros(1), bot)
        used = len(data) - skipped
        if used == 0:
            raise ValueError(f"{family} does not apply to any of seat {data.seat}'s decisions")
        return make(
            estimate=None, interval=None, grid=np.zeros(0), log_likelihood=logs,
            max_log_likelihood=float(logs[0]), posterior=np.ones(1), prior=_("none (no parameter)"),
            credible=None, decisions=used, skipped=skipped, bluff_rate=data.bluff_rate(),
            log_marginal=float(logs[0]),
        )  # fmt: skip
    values = _check_grid(grid, parameter)
    work = len(values) * int(data.sizes.sum())
    if work > MAX_GRID_WORK:
        raise ValueError(
            f"{len(values):,} grid points x {int(data.sizes.sum()):,} legal actions = "
            f"{work:,}: at most MAX_GRID_WORK = {MAX_GRID_WORK:,}; use a coarser grid"
        )
    weights, stated = _prior(prior, values)
    logs, skipped = curve(data, family, values, bot)
    estimate, top = _maximise(data, family, values, logs, bot)
    interval, note = _profile_interval(data, family, values, logs, estimate, top, level, bot)
    if estimate in (values[0], values[-1]) and logs[0] != logs[-1]:
        at_end = _("the maximum is at the grid's end ({parameter} = {estimate})")
        at_end = at_end.format(parameter=parameter, estimate=format_general(estimate))
        note = "; ".join(part for part in (at_end, note) if part)
    with np.errstate(divide="ignore"):
        joint = logs + np.log(weights)
    marginal = float(logsumexp(joint))
    posterior = np.exp(joint - marginal)
    posterior /= posterior.sum()
    return make(
        estimate=estimate, interval=interval, grid=values, log_likelihood=logs,
        max_log_likelihood=top, posterior=posterior, prior=stated,
        credible=_credible(values, posterior, level), decisions=len(data) - skipped,
        skipped=skipped, bluff_rate=data.bluff_rate(), log_marginal=marginal, note=note,
    )  # fmt: skip


def fit(
    records: Records,
    seat: int,
    family: str = "quantal",
    *,
    level: float = 0.95,
    grid: int | Sequence[float] | np.ndarray | None = None,
    prior: str | Sequence[float] | np.ndarray | None = None,
    bot: str = "expected_loss",
) -> Fit:
    """Return the seat's Fit under `family` (see the module docstring for each field).

    Args:
        records: a Game, a game's JSON text, or a list of them (one rule set; at most
            MAX_RECORDS); seat: a seat that moved in every record.
        family: one of FAMILIES. level: of both intervals, strictly between 0 and 1.
        grid: None (DEFAULT_GRID points over the parameter's range), a number of points
            (2..MAX_GRID), or increasing values within the range.
        prior: None or "uniform" (uniform on the grid's range), or one weight >= 0 per point.
        bot: the trembling family's bot, a name in liarsdice.agents.BOTS.
    """
    family, bot, level = _check_family(family), _check_bot(bot), _check_level(level)
    data = _read(records, seat)
    return _fit(data, family, level, grid, prior, bot)


def log_likelihood(
    records: Records,
    seat: int,
    family: str | Callable[..., object],
    value: float | None = None,
    bot: str = "expected_loss",
) -> float:
    """Return the seat's total log-likelihood under `family` at `value` (its parameter; None
    for uniform and equilibrium), or under a callable model (value None), called once per
    decision. equilibrium sums the decisions where it is defined."""
    bot = _check_bot(bot)
    if callable(family):
        if value is not None:
            raise ValueError(
                f"family={quote(family)}, value={quote(value)}: a callable model takes no value"
            )
        return float(model_logs(_read(records, seat), family).sum())  # type: ignore[arg-type]
    family = _check_family(family)
    parameter = PARAMETERS[family]
    if parameter is None:
        if value is not None:
            raise ValueError(f"value={quote(value)}: {family} has no parameter; give None")
        checked = None
    else:
        checked = check_number(parameter, value, *RANGES[parameter])
    data = _read(records, seat)
    return point(data, family, checked, bot)


def _outside(data: SeatData, family: str) -> int:
    """Return how many decisions lie outside the family's domain, before solving anything
    (equilibrium: rounds that are not two players of one die each)."""
    return 0 if family != "equilibrium" else sum(not in_endgame(v) for v in data.views)


def _exp(x: float) -> float:
    """Return e**x, infinite past a float's range."""
    return math.inf if x > 709 else math.exp(x)


def compare(
    records: Records, seat: int, families: Sequence[str] = FAMILIES, bot: str = "expected_loss"
) -> list[dict[str, object]]:
    """Return one row per family: family, parameter, estimate, log_likelihood (its maximum),
    parameters (k), aic, bic (n = decisions), log_marginal (on the default grid, uniform
    prior), bayes_factor (against uniform) and note ("does not apply" with no numbers where
    the family is undefined at some decision)."""
    if isinstance(families, str | bytes) or not isinstance(families, Sequence):
        raise ArgumentTypeError(f"families={quote(families)}: expected a list of FAMILIES")
    names = [_check_family(f) for f in families]
    if not names:
        raise ValueError(f"families={quote(families)}: expected at least one of FAMILIES")
    bot = _check_bot(bot)
    data = _read(records, seat)
    uniform = _fit(data, "uniform", 0.95, None, None, bot)
    rows: list[dict[str, object]] = []
    for family in dict.fromkeys(names):
        row: dict[str, object] = {"family": family, "note": ""}
        row |= dict.fromkeys(
            ("parameter", "estimate", "log_likelihood", "parameters", "aic", "bic",
             "log_marginal", "log_bayes_factor", "bayes_factor"),
        )  # fmt: skip
        outside = _outside(data, family)
        fitted = None if outside else _fit(data, family, 0.95, None, None, bot)
        if fitted is None or fitted.skipped:
            skipped = outside if fitted is None else fitted.skipped
            row["note"] = _("does not apply ({skipped} of {total} decisions outside it)").format(
                skipped=skipped, total=len(data)
            )
            rows.append(row)
            continue
        log_factor = fitted.log_marginal - uniform.log_marginal
        k, n, top = (
            (0 if fitted.parameter is None else 1),
            fitted.decisions,
            fitted.max_log_likelihood,
        )
        row.update(
            parameter=fitted.parameter, estimate=fitted.estimate, log_likelihood=top,
            parameters=k, aic=2 * k - 2 * top, bic=k * math.log(n) - 2 * top,
            log_marginal=fitted.log_marginal,
            log_bayes_factor=log_factor, bayes_factor=_exp(log_factor),
        )  # fmt: skip
        rows.append(row)
    return rows


__all__ = [
    "COMPARE_COLUMNS",
    "DEFAULT_GRID",
    "FAMILIES",
    "MAX_DECISIONS",
    "MAX_GRID",
    "MAX_GRID_WORK",
    "MAX_RECORDS",
    "Fit",
    "compare",
    "decisions",
    "fit",
    "log_likelihood",
]
