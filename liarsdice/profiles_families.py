"""The bidder families a seat is fitted to, as log-likelihoods of its decisions (vectorised).

- FAMILIES: ("uniform", "quantal", "trembling", "equilibrium"); PARAMETERS: each family's
  parameter ("beta", "epsilon" or None); RANGES: each parameter's range.
- family_label(family): a family's name as a student reads it, in the language in force
  (liarsdice.i18n; the keys of FAMILIES stay English: code and the CLI parse them).
- curve(data, family, grid, bot): the total log-likelihood of the seat's decisions at every
  grid point (one value for a family without a parameter), and how many decisions the family
  left out (undefined there: equilibrium outside its endgames).
- point(data, family, value, bot): the same at one parameter value (a float).
- model_logs(data, model): log P(action) per decision under any callable model, called once
  per decision (liarsdice.bots_model.chances checks what it gives).

The models are liarsdice.inference's: UNIFORM; quantal(beta) (P(action) = softmax of beta x
score over the legal actions, Quantal.scores; show turns as UNIFORM); trembling(bot, epsilon)
((1 - epsilon) x the bot's choice + epsilon x UNIFORM); equilibrium: the solved strategy that
SolverBot plays in a two-player endgame of one die each (SolverBot.policy), undefined
elsewhere. quantal's log-likelihood is computed for every grid point at once: a log-sum-exp
over each decision's legal actions, for all betas and decisions in a few numpy operations
(bidders_quantal.choice_log_likelihoods, in chunks); trembling's is log((1 - eps) q + eps u) summed, from each
decision's q (the bot's chance of the move) and u (UNIFORM's), for every epsilon at once.

The range of beta, 0..60: a score is a chance in 0..1, so at beta = 60 a move that looks 5
points (0.05) better is 20 times likelier; past that the curve is flat for any real player
(nearly "always the best-looking move") and the grid would be spent on nothing.

trembling reads a bot without a policy as the one move its act(view) returns (as
inference.trembling does): a bot of its own randomness ("random", "model") is read as the move
it happens to draw, so give trembling a deterministic bot (or SolverBot, read by its policy).

Internal: the callers (liarsdice.profiles) check every argument; nothing here does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from liarsdice.actions import Action
from liarsdice.agents import BOTS, SolverBot
from liarsdice.bidders import UNIFORM, Trembling
from liarsdice.bidders_quantal import choice_log_likelihoods
from liarsdice.bots_model import chances
from liarsdice.i18n import translate as _
from liarsdice.profiles_data import SeatData
from liarsdice.view import View

FAMILIES = ("uniform", "quantal", "trembling", "equilibrium")
PARAMETERS: dict[str, str | None] = {
    "uniform": None,
    "quantal": "beta",
    "trembling": "epsilon",
    "equilibrium": None,
}
RANGES = {"beta": (0.0, 60.0), "epsilon": (0.0, 1.0)}


def family_label(family: str) -> str:
    """Return the name of a family of FAMILIES in the language in force ("quantal" in English;
    in Polish and Czech the word that follows "model": kwantalny, kvantální)."""
    labels = {
        "uniform": _("uniform"),
        "quantal": _("quantal"),
        "trembling": _("trembling"),
        "equilibrium": _("equilibrium"),
    }
    return labels[family]


def uniform_logs(data: SeatData) -> np.ndarray:
    """Return log P(move) under UNIFORM for every decision."""
    if "uniform" not in data.cache:
        logs = -np.log(data.sizes.astype(float))
        for d in np.flatnonzero(data.show):  # a show turn: pass 1/2, each show alike
            logs[d] = np.log(float(UNIFORM(data.views[d])[data.actions[d]]))
        data.cache["uniform"] = logs
    return cast(np.ndarray, data.cache["uniform"])


def quantal_curve(data: SeatData, betas: np.ndarray) -> np.ndarray:
    """Return the total log-likelihood under quantal(beta) for every beta of `betas`."""
    flat, offsets = data.scores()
    shows = float(uniform_logs(data)[data.show].sum())
    return choice_log_likelihoods(flat, offsets, data.chosen[~data.show], betas) + shows


def trembling_terms(data: SeatData, bot: str) -> tuple[np.ndarray, np.ndarray]:
    """Return, per decision, the bot's chance of the move made and UNIFORM's."""
    key = f"trembling:{bot}"
    if key not in data.cache:
        model = Trembling(BOTS[bot](), 0.0)
        q = [float(model.choice(v).get(a, 0)) for v, a in zip(data.views, data.actions)]
        data.cache[key] = (np.array(q), np.exp(uniform_logs(data)))
    return cast(tuple[np.ndarray, np.ndarray], data.cache[key])


def trembling_curve(data: SeatData, epsilons: np.ndarray, bot: str) -> np.ndarray:
    """Return the total log-likelihood under trembling(bot, epsilon) for every epsilon."""
    q, u = trembling_terms(data, bot)
    eps = epsilons[:, None]
    with np.errstate(divide="ignore"):  # a move the bot never makes, at epsilon 0: -inf
        total: np.ndarray = np.log((1 - eps) * q + eps * u).sum(axis=1)
    return total


def in_endgame(view: View) -> bool:
    """Return True if the view is in a two-player round of one die each (cheap, before the
    solver is asked)."""
    with_dice = [d for d in view.dice if d]
    return len(with_dice) == 2 and max(with_dice) == 1


def equilibrium_logs(data: SeatData) -> np.ndarray:
    """Return log P(move) under the solved equilibrium per decision; NaN where undefined."""
    if "equilibrium" not in data.cache:
        solver_bot = SolverBot()
        logs = np.full(len(data), np.nan)
        for d, (view, action) in enumerate(zip(data.views, data.actions)):
            policy = solver_bot.policy(view) if in_endgame(view) else None
            if policy is not None:
                with np.errstate(divide="ignore"):
                    logs[d] = np.log(float(policy.get(action, 0)))
        data.cache["equilibrium"] = logs
    return cast(np.ndarray, data.cache["equilibrium"])


def model_logs(data: SeatData, model: Callable[[View], dict[Action, object]]) -> np.ndarray:
    """Return log P(move) per decision under a callable model, called once per decision."""
    p = [chances(model, v)[c] for v, c in zip(data.views, data.chosen)]  # type: ignore[arg-type]
    with np.errstate(divide="ignore"):
        logs: np.ndarray = np.log(np.array(p, dtype=float))
    return logs


def curve(data: SeatData, family: str, grid: np.ndarray, bot: str) -> tuple[np.ndarray, int]:
    """Return (the total log-likelihood at each grid point, or one value for a family without
    a parameter; the number of decisions the family left out)."""
    if family == "quantal":
        return quantal_curve(data, grid), 0
    if family == "trembling":
        return trembling_curve(data, grid, bot), 0
    logs = uniform_logs(data) if family == "uniform" else equilibrium_logs(data)
    undefined = np.isnan(logs)
    return np.array([logs[~undefined].sum()]), int(undefined.sum())


def point(data: SeatData, family: str, value: float | None, bot: str) -> float:
    """Return the total log-likelihood at one parameter value (None for no parameter)."""
    grid = np.array([0.0 if value is None else value])
    return float(curve(data, family, grid, bot)[0][0])
