"""Lesson 08, small games, solved: the one-die game's value, who is favoured, NashConv."""

from __future__ import annotations

import functools
from fractions import Fraction

from liarsdice import solver
from liarsdice.rules import preset
from liarsdice.teach.core import Exercise, register, register_lesson

register_lesson(8, "Small games, solved")

PUBLISHED_VALUE = Fraction(-7, 258)  # the 1v1 research game's value, as OpenSpiel publishes it
ONE_DIE_GAME = (
    "In the one-round research game with one die each (the openspiel preset: the 6 is a wild "
    "star, the loser of the challenge gets -1 and the winner +1)"
)


@functools.cache
def _game_value() -> Fraction:
    """Return the first player's value in the 1v1 game: the LP's, or the published one."""
    try:
        value = solver.game_value(preset("openspiel"), dice=(1, 1))
    except ImportError:  # no scipy: the published value
        return PUBLISHED_VALUE
    return Fraction(value).limit_denominator(1000)


def _uniform_nash_conv() -> float:
    """Return the NashConv of the uniform strategy in the 1v1 game."""
    game = solver.SmallGame(preset("openspiel"), dice=(1, 1))
    return solver.nash_conv(solver.Strategy.uniform(game))


register(
    Exercise(
        "08.game_value",
        f"{ONE_DIE_GAME}, what is the first player's expected payoff when both play an "
        "equilibrium?",
        "fraction",
        _game_value,
        "solve the game exactly with liarsdice.solver.game_value (a linear program) and write "
        "the value as a fraction with a small denominator.",
        rules="openspiel",
    ),
    Exercise(
        "08.favoured",
        f"{ONE_DIE_GAME}, which player has the advantage at equilibrium: the first (who "
        "opens) or the second?",
        "choice",
        lambda: "first" if _game_value() > 0 else "second",
        "look at the sign of the first player's value.",
        choices=("first", "second"),
        rules="openspiel",
    ),
    Exercise(
        "08.uniform_nash_conv",
        f"{ONE_DIE_GAME}, the uniform strategy picks every legal action with equal chance. "
        "What is its NashConv?",
        "decimal",
        _uniform_nash_conv,
        "NashConv adds what each player gains by switching to a best response "
        "(solver.nash_conv of solver.Strategy.uniform(game)).",
        rules="openspiel",
    ),
)
