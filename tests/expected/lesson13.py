"""Independent computations of lesson 13's answers: the quantal log-likelihood of seat 0 built
from each decision's chances under inference.quantal (the model itself, one decision at a time,
not liarsdice.profiles' vectorised curve), the maximum found by scipy's bounded search on it,
and the grid posterior's spread from it under the uniform prior's trapezoid weights."""

from __future__ import annotations

import math

import numpy as np
from scipy import optimize

from liarsdice import inference, profiles
from liarsdice.teach import key
from liarsdice.teach.lesson13 import (
    LESSON_GAMES,
    OTHER_BETA,
    OTHER_GAMES,
    OTHER_SEED,
    classmate_games,
    seat_log_likelihood,
)
from tests.expected import Expected

GRID = np.linspace(0, 60, 200)  # beta's range and profiles.fit's default grid of 200 points


def scored(games: int, beta: float | None = None, seed: int | None = None) -> list:
    """Return seat 0's decisions as (scores of the legal moves, index of the move made), the
    scores read from inference.quantal's probabilities at beta = 1 (log p + log-sum-exp)."""
    kwargs = {} if beta is None else {"beta": beta, "seed": seed}
    moves, _ = profiles.decisions(classmate_games(games, **kwargs), 0)
    decisions = []
    for view, move in moves:
        chances = inference.quantal(1.0)(view)
        legal = list(view.legal_actions())
        logs = [math.log(chances[action]) for action in legal]
        decisions.append((tuple(v - logs[0] for v in logs), legal.index(move)))
    return decisions


def curve(decisions: list) -> np.ndarray:
    """Return the log-likelihood at every grid point (the scores' shift cancels out)."""
    return np.array([seat_log_likelihood(decisions, float(beta)) for beta in GRID])


def estimate() -> float:
    """Return the maximum likelihood estimate of the other classmate's beta, to two decimals:
    scipy's bounded search between the grid points around the curve's best one."""
    decisions = scored(OTHER_GAMES, OTHER_BETA, OTHER_SEED)
    best = int(np.argmax(curve(decisions)))
    found = optimize.minimize_scalar(
        lambda beta: -seat_log_likelihood(decisions, beta),
        bounds=(GRID[best - 1], GRID[best + 1]),
        method="bounded",
        options={"xatol": 1e-9},
    )
    return round(float(found.x), 2)


def spread(games: int) -> float:
    """Return the posterior standard deviation of beta on the grid from `games` games."""
    widths = np.diff(np.concatenate([[0.0], (GRID[1:] + GRID[:-1]) / 2, [60.0]]))
    logs = curve(scored(games))
    posterior = widths * np.exp(logs - logs.max())
    posterior /= posterior.sum()
    mean = posterior @ GRID
    return float(math.sqrt(posterior @ (GRID - mean) ** 2))


EXPECTED: Expected = {
    "13.estimate": estimate,
    "13.narrowing": lambda: spread(2 * LESSON_GAMES) / spread(LESSON_GAMES),
    "13.log_likelihood": lambda: seat_log_likelihood,  # tests/test_teach_lesson13.py tries it
    # an open question: its answer is the teacher's notes
    "13.own_games": lambda: key.format_solution("13.own_games"),
}
