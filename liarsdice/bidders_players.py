"""Bidder models borrowed from a player: a bot's choice that trembles, the solver's strategy.

- trembling(bot, epsilon) / Trembling: the bot's choice with probability 1 - epsilon, otherwise
  UNIFORM (so a deterministic bot becomes a model with no zero likelihoods); a bot with a
  policy(view) (SolverBot) mixes as its policy says.
- equilibrium(solution) / Equilibrium: the solver's strategy, for its two-player one-round games.

Both are called once per move and hand (Bidder.likelihoods' generic path).

Limits: epsilon a probability 0..1 (a Fraction of at most MAX_EPSILON_DIGITS digits); a
solution of six-sided dice and a normal (not palifico) round.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from liarsdice.actions import Action
from liarsdice.bidders_hands import Probability
from liarsdice.bidders_uniform import UNIFORM, Bidder, check_turn
from liarsdice.checks import check_probability, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import View

if TYPE_CHECKING:
    from liarsdice.match import BotLike
    from liarsdice.solver import Solution

MAX_EPSILON_DIGITS = 100  # digits of an exact epsilon's numerator and denominator


class Trembling(Bidder):
    """A bot's choice with probability 1 - epsilon, otherwise UNIFORM."""

    def __init__(self, bot: object, epsilon: Probability) -> None:
        if not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(f"bot={quote(bot)}: expected a bot (with act(view))")
        exact = isinstance(epsilon, numbers.Rational) and not isinstance(epsilon, bool)
        checked = check_probability("epsilon", epsilon, exact=exact)
        if (  # exact: checked is a Fraction
            isinstance(checked, Fraction)
            and max(abs(checked.numerator), checked.denominator) >= 10**MAX_EPSILON_DIGITS
        ):
            raise ValueError(
                f"epsilon={quote(epsilon)}: more than MAX_EPSILON_DIGITS = {MAX_EPSILON_DIGITS} "
                "digits; use a shorter Fraction or a float"
            )
        if not exact:
            epsilon = checked  # a float (numpy floats as plain floats)
        self.bot, self.epsilon = cast("BotLike", bot), epsilon  # a bot: act(view) checked above
        self.name = f"trembling({getattr(bot, 'name', type(bot).__name__)}, {epsilon})"

    def choice(self, view: View) -> Mapping[Action, Probability]:
        """Return the bot's distribution: its policy(view) where it has one, else its act."""
        policy = getattr(self.bot, "policy", None)
        chosen = policy(view) if callable(policy) else None
        return chosen if chosen is not None else {self.bot.act(view): 1}

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return (1 - epsilon) x the bot's choice + epsilon x UNIFORM."""
        check_turn(view)
        chosen, even, keep = self.choice(view), UNIFORM(view), 1 - self.epsilon
        exact = isinstance(self.epsilon, numbers.Rational)
        return {
            a: keep * chosen.get(a, 0) + self.epsilon * (p if exact else float(p))
            for a, p in even.items()
        }


def trembling(bot: object, epsilon: Probability) -> Bidder:
    """Return the model "the bot's move, except with chance epsilon a UNIFORM one"."""
    return Trembling(bot, epsilon)


class Equilibrium(Bidder):
    """The solver's strategy in its two-player, one-round game."""

    def __init__(self, solution: Solution) -> None:
        game = getattr(solution, "game", None)
        if (
            game is None
            or not callable(getattr(solution, "action_probabilities", None))
            or not hasattr(game, "faces")
            or not hasattr(game, "dice")
        ):
            raise ArgumentTypeError(
                f"solution={quote(solution)}: expected a liarsdice.solver Solution"
            )
        if game.faces != 6:
            raise ValueError(f"solution for {game.faces}-sided dice: the engine's dice have 6")
        if game.palifico:
            raise ValueError(
                "solution of a palifico round: equilibrium models a seat in a normal round"
            )
        self.solution = solution
        self.name = f"equilibrium(dice={game.dice})"

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return the solved strategy's probabilities at the view's round and hand."""
        from liarsdice.solver import round_of

        check_turn(view)
        found = round_of(view)
        if found is None or found[0] != self.solution.game.dice:
            raise ValueError(
                f"seat {view.seat}'s round is not this solution's game (two players, "
                f"{self.solution.game.dice} dice, no palifico or shown dice)"
            )
        chances = self.solution.action_probabilities(view.hand, found[1])
        return {action: p for action, p in chances.items()}  # as dict[Action, Probability]


def equilibrium(solution: Solution) -> Bidder:
    """Return the model of a seat that plays the solved equilibrium (solver.solve's Solution)."""
    return Equilibrium(solution)
