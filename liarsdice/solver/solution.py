"""A solved small game, as CFR+ (liarsdice.solver.cfr) or the LP (liarsdice.solver.lp) makes it.

- Solution(game, strategy, value, nash_conv, iterations, seconds, exact_value=None): the
  strategy, the first player's value under it, its NashConv, how it was found, and the exact
  value where the LP gave it; rules and action_probabilities(hand, history) for a bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from liarsdice.bids import Bid
from liarsdice.rules import Rules
from liarsdice.solver.game import Action, SmallGame
from liarsdice.solver.strategy import Strategy


@dataclass(frozen=True, eq=False)
class Solution:
    """A solved small game: the average CFR+ strategy, its value and its exploitability."""

    game: SmallGame
    strategy: Strategy
    value: float  # the first player's expected payoff under `strategy`
    nash_conv: float
    iterations: int
    seconds: float
    exact_value: float | None = None  # the LP value, when solve(..., exact=True)

    @property
    def rules(self) -> Rules:
        """Return the rules of the solved game."""
        return self.game.rules

    def action_probabilities(
        self, hand: Iterable[int], history: Sequence[Bid | str] = ()
    ) -> dict[Action, float]:
        """Return {action: probability} of the solved strategy (see Strategy.action_probabilities)."""
        return self.strategy.action_probabilities(hand, history)

    def __repr__(self) -> str:
        exact = "" if self.exact_value is None else f", exact_value={self.exact_value:.7f}"
        return (
            f"Solution({self.game!r}, value={self.value:.7f}{exact}, "
            f"nash_conv={self.nash_conv:.2e}, iterations={self.iterations})"
        )
