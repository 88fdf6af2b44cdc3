"""Lesson 13 (advanced track), reading a player: the likelihood of a seat's moves under the
quantal model, the maximum likelihood estimate of its beta, the posterior on a grid, credible
against confidence intervals, and model comparison, on seeded games that stand in for the class's
own PlayTable games.

- classmate_games(games, beta, seed): the lesson's games: three players of Blef with three dice
  each, seat 0 a ModelBot playing quantal(beta) (the classmate), seats 1 and 2 ExpectedLossBot.
- The exercises: 13.estimate moves the lesson's fit to another classmate (beta and seed the
  lesson does not fit), 13.narrowing asks how the posterior narrows with twice the games,
  13.log_likelihood has the student write the quantal log-likelihood of a seat's decisions
  (graded by function_grader on cases the lesson never printed), 13.own_games asks what the
  class's own games say. Every answer comes from liarsdice.profiles; the lesson prints none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from liarsdice.checks import check_integer, check_number
from liarsdice.engine import Game
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson
from liarsdice.teach.graders import function_grader

register_lesson(13, "Reading a player", "advanced")

CLASSMATE_BETA = 6.0  # the lesson's classmate (seat 0) plays quantal(6)
LESSON_GAMES, SEED = 20, 2024  # the lesson fits the classmate from its first 20 games
OTHER_BETA, OTHER_GAMES, OTHER_SEED = 3.0, 30, 7  # 13.estimate: another classmate
PLAYERS, DICE = 3, 3
MAX_GAMES = 400  # classmate_games plays at most this many games


@lru_cache(maxsize=8)
def _games(games: int, beta: float, seed: int) -> tuple[Game, ...]:
    """Return the seeded games (unchecked: classmate_games checks)."""
    from liarsdice.agents import ExpectedLossBot, ModelBot
    from liarsdice.inference import quantal
    from liarsdice.match import play_game
    from liarsdice.rules import preset

    rules = preset("blef", dice=DICE)
    played = []
    for game in range(games):
        bots = [ModelBot(quantal(beta), seed=seed + game), ExpectedLossBot(), ExpectedLossBot()]
        played.append(play_game(rules, bots, seed=seed + game))
    return tuple(played)


def classmate_games(games: int, beta: float = CLASSMATE_BETA, seed: int = SEED) -> list[Game]:
    """Return `games` finished games of Blef, three players with three dice each, game i seeded
    with seed + i: seat 0 a ModelBot playing quantal(beta) seeded with seed + i (the classmate),
    seats 1 and 2 ExpectedLossBot. The first games of a longer series are the shorter series.

    Limits: games 1..MAX_GAMES (400); beta 0..50; seed 0..10**9.
    """
    games = check_integer("games", games, 1, MAX_GAMES)
    beta = float(check_number("beta", beta, 0, 50))
    seed = check_integer("seed", seed, 0, 10**9)
    return list(_games(games, beta, seed))


def _fit(games: int, beta: float = CLASSMATE_BETA, seed: int = SEED, seat: int = 0) -> object:
    """Return profiles.fit of the quantal family for a seat of the classmate's games."""
    from liarsdice import profiles

    return profiles.fit(classmate_games(games, beta, seed), seat, "quantal")


def posterior_sd(fit: object) -> float:
    """Return the standard deviation of a Fit's grid posterior."""
    grid, posterior = fit.grid, fit.posterior  # type: ignore[attr-defined]
    mean = float(posterior @ grid)
    return float(math.sqrt(posterior @ (grid - mean) ** 2))


def _narrowing(times: int = 2, sd: bool = True) -> float:
    """Return the posterior's standard deviation (or its credible interval's width, sd=False)
    from `times` times the lesson's games, over that from the lesson's games."""

    def spread(games: int) -> float:
        fit = _fit(games)
        if sd:
            return posterior_sd(fit)
        low, high = fit.credible  # type: ignore[attr-defined]
        return float(high - low)

    return spread(times * LESSON_GAMES) / spread(LESSON_GAMES)


def _estimate(beta: float = OTHER_BETA, games: int = OTHER_GAMES, seed: int = OTHER_SEED) -> float:
    """Return the maximum likelihood estimate of beta for seat 0 of the classmate's games, to
    two decimals."""
    return round(float(_fit(games, beta, seed).estimate), 2)  # type: ignore[attr-defined]


register(
    Exercise(
        "13.estimate",
        f"Another classmate: the {OTHER_GAMES} games of "
        f"`classmate_games({OTHER_GAMES}, beta={OTHER_BETA:g}, seed={OTHER_SEED})` (from "
        "liarsdice.teach.lesson13, as in the lesson: seat 0 plays a quantal model). Pretend you "
        "do not know its beta: what is the maximum likelihood estimate of beta for seat 0 "
        "(the quantal family, profiles.fit's defaults), to two decimals?",
        "decimal",
        _estimate,
        "fit seat 0 of those games with the quantal family, as section 3 does, and read "
        "the estimate: the beta at which the log-likelihood curve peaks.",
        tolerance=0.01,
        mistakes=(
            Mistake(
                "the lesson's classmate",
                lambda: _estimate(CLASSMATE_BETA, LESSON_GAMES, SEED),
                "that is the lesson's classmate; fit the games of the other classmate, with "
                "the games, beta and seed the question gives.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "13.narrowing",
        f"The lesson fits the classmate's beta from `classmate_games({LESSON_GAMES})`. Fit it "
        f"again from `classmate_games({2 * LESSON_GAMES})`: twice the games, the first "
        f"{LESSON_GAMES} the same. Predict first, then compute: the posterior standard "
        f"deviation of beta from {2 * LESSON_GAMES} games divided by the one from "
        f"{LESSON_GAMES} games (profiles.fit's default grid and prior).",
        "decimal",
        _narrowing,
        "the standard deviation of a grid posterior is sqrt(sum of p x (beta - mean)^2) over "
        "the grid, the mean being sum of p x beta; compute it for both fits and divide.",
        tolerance=0.001,
        mistakes=(
            Mistake(
                "the games' ratio",
                lambda: 0.5,
                "twice the games do not halve the spread: the log-likelihood adds up over "
                "decisions, so the spread shrinks more slowly. Compute it.",
            ),
            Mistake(
                "the law taken for the answer",
                lambda: 1 / math.sqrt(2),
                "that is the 1/sqrt(n) law's prediction for twice the data; the question asks "
                "what these games give: compute both posteriors' spreads.",
            ),
            Mistake(
                "the ratio upside down",
                lambda: 1 / _narrowing(),
                "that is the spread from fewer games over the one from more; the question "
                "divides the spread from twice the games by the lesson's.",
            ),
        ),
        tags=("predict",),
    ),
)


# ----- 13.log_likelihood: the student's log-likelihood of a seat ------------------------------

Decisions = Sequence[tuple[Sequence[float], int]]

LOG_LIKELIHOOD_CASES = (  # decisions and betas the lesson does not print
    {"decisions": (((0.9, 0.4, 0.15), 0), ((0.7, 0.3), 1)), "beta": 2.5},
    {"decisions": (((0.5, 0.25, 0.75, 0.6), 2),), "beta": 0.0},
    {
        "decisions": (
            ((0.95, 0.62, 0.33, 0.1, 0.05), 1),
            ((0.2, 0.8), 1),
            ((0.44, 0.56, 0.71), 2),
        ),
        "beta": 8.0,
    },
    {"decisions": (((1.0, 0.0), 1), ((0.35, 0.65, 0.5), 0)), "beta": 1.25},
)


def seat_log_likelihood(decisions: Decisions, beta: float, scale: float | None = None) -> float:
    """Return the quantal log-likelihood: the sum over decisions of
    log(exp(beta x chosen score) / sum of exp(beta x score)); `scale` replaces beta inside the
    normaliser (a mistake when 1)."""
    scale = beta if scale is None else scale
    total = 0.0
    for scores, chosen in decisions:
        top = max(scale * s for s in scores)
        normaliser = top + math.log(sum(math.exp(scale * s - top) for s in scores))
        total += beta * scores[chosen] - normaliser
    return total


_WORKED_LOG_LIKELIHOOD = '''\
import math

# A decision is (scores, chosen): each legal move's score (its chance of being right, from the
# seat's own dice) and the index of the move the seat made. Under quantal(beta) the chance of a
# move is exp(beta x score) over the sum of exp(beta x score) for every legal move. The
# decisions are independent given the views, so the log-likelihood is the sum of the logs.


def log_likelihood(decisions, beta):
    """Return the log of the chance of the chosen moves under quantal(beta)."""
    total = 0.0
    for scores, chosen in decisions:
        weights = [math.exp(beta * s) for s in scores]
        total += math.log(weights[chosen] / sum(weights))
    return total


answer = log_likelihood
'''  # the worked solution: a notebook cell, as a student writes it


def _no_normaliser(decisions: Decisions, beta: float) -> float:
    """Return beta x the sum of the chosen scores (the normaliser left out: a mistake)."""
    return beta * sum(scores[chosen] for scores, chosen in decisions)


register(
    Exercise(
        "13.log_likelihood",
        "Write log_likelihood(decisions, beta): decisions is a list of pairs (scores, chosen), "
        "one per decision of a seat, where scores lists each legal move's score (its chance of "
        "being right from the seat's own dice, bids unread) and chosen is the index of the move "
        "the seat made. Under quantal(beta) a move is chosen with chance exp(beta x its score) "
        "divided by the sum of exp(beta x score) over the legal moves, each decision "
        "independently. Return the log of the chance of all the chosen moves, a float. The "
        "checker calls it on decisions the lesson never printed.",
        "code",
        lambda: seat_log_likelihood,
        "for each decision, the chosen move's chance is its weight exp(beta x score) over the "
        "sum of the weights; the log of a product is the sum of the logs.",
        grade=function_grader(
            seat_log_likelihood,
            LOG_LIKELIHOOD_CASES,
            mistakes=[
                (
                    _no_normaliser,
                    "your function leaves out the denominator: a move's chance is its weight "
                    "divided by the sum of the weights of every legal move.",
                ),
                (
                    lambda decisions, beta: math.exp(seat_log_likelihood(decisions, beta)),
                    "your function returns the likelihood itself; the exercise asks for its log "
                    "(the sum of the logs of the chances).",
                ),
                (
                    lambda decisions, beta: seat_log_likelihood(decisions, beta) / len(decisions),
                    "your function averages over the decisions; the log-likelihood adds them up "
                    "(the decisions are independent, so their chances multiply).",
                ),
                (
                    lambda decisions, beta: seat_log_likelihood(decisions, beta, scale=1.0),
                    "beta is missing from the denominator: every weight there is exp(beta x "
                    "score), as in the numerator.",
                ),
            ],
            tolerance=1e-6,
            what="the log-likelihood",
        ),
        worked=_WORKED_LOG_LIKELIHOOD,
        tags=("code",),
    ),
    Exercise(
        "13.own_games",
        "Play five or more games against the bots in a PlayTable "
        '(`PlayTable(rules="blef", players=3, bot="expected_loss")`), saving each finished game '
        "with `Path('game1.json').write_text(table.game.to_json())`. Load them all and fit your "
        "own seat (seat 0) with profiles.fit and profiles.compare. What beta do the games give "
        "you, how wide are the two intervals, which family fits best, and what does the "
        "quantal model assume about you that you know to be false?",
        "open",
        lambda: None,
        "treat your moves as data: which model makes them most probable, and how sure can a "
        "handful of games make you?",
        worked=(
            "A good answer reports the estimate with both intervals (the profile-likelihood "
            "confidence interval and the credible interval), notes that a handful of games "
            "gives wide intervals that are close to each other under a flat prior, and reads "
            "the model comparison as evidence between the families fitted, not as proof that "
            "any of them is true (a Bayes factor near 1 says the games cannot tell them "
            "apart). It names the assumptions: the quantal model scores each move by its "
            "chance of being right from the player's own dice with the bids unread, so a "
            "player who reads the bids, bluffs on purpose or changes style between games is "
            "misdescribed; the decisions are taken as independent given the views; and "
            "decisions whose hands were never revealed are left out, not guessed."
        ),
        tags=("open",),
    ),
)
