"""The bot that reads the bids: Bayes' rule over the other seats' moves this round.

- BayesBot(beta=BAYES_BETA, model=None): as ExpectedLossBot, but it reads the other seats'
  moves this round (liarsdice.inference, under quantal(beta) or the model given): the counts
  it costs its moves with are posteriors, not the naive odds.
- BAYES_BETA: quantal's default beta for the other seats (benchmarks/inference.py sweeps it).

BayesBot is registered in liarsdice.bot.BOTS as "bayes" when this module is imported.

Limits: beta a finite number; model None or a callable bidder model. act(view) takes a
liarsdice View at the seat's turn. Bad arguments raise ValueError quoting them
(ArgumentTypeError, also a TypeError, for a wrong kind).
"""

from __future__ import annotations

from dataclasses import dataclass

from liarsdice import botkit, inference, odds
from liarsdice.actions import Action, Calza, Challenge, Pass
from liarsdice.bot import Bot, register_bot
from liarsdice.checks import check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.view import View

# quantal's knob for the other seats: at 10, a raise 10 points of P(true) likelier is e times
# as probable. benchmarks/inference.py sweeps it: 8 to 16 do best against these bots.
BAYES_BETA = 10.0


@register_bot
@dataclass
class BayesBot(Bot):
    """Reads the other seats' moves this round by Bayes' rule under a bidder model (default
    quantal(BAYES_BETA)), then takes the move with the fewest expected dice lost: a challenge,
    calza or each cheapest raise (costed as if the next seat challenged it), each settled
    under the rules against the posterior distribution of the count."""

    beta: float = BAYES_BETA  # a finite number
    model: object = None  # any bidder model; None: quantal(beta)
    name = "bayes"

    def __post_init__(self) -> None:
        number = check_number("beta", self.beta)
        if type(self.beta) not in (int, float):  # numpy scalars, Fractions: a float
            self.beta = number
        if self.model is not None and not callable(self.model):
            raise ArgumentTypeError(
                f"model={quote(self.model)}: expected a bidder model (a callable)"
            )
        self._model = inference.quantal(self.beta) if self.model is None else self.model

    def act(self, view: View) -> Action:
        """Return the move with the least expected dice lost, reading the bids; Pass() after
        its own bid."""
        if not botkit.is_move_turn(view):
            return Pass()
        belief = inference.Belief(view, self._model)
        rules, seat, previous = view.rules, view.seat, view.previous
        options: list[tuple[float, int, Action]] = []
        if previous is not None:
            assert view.bidder is not None  # a bid on the table has its bidder
            counts = belief.count_distribution(previous.face)
            cost = odds.cost_of_counts(counts, previous, rules, view.dice, view.bidder, seat)
            options.append((float(cost.expected_loss[seat]), 0, Challenge()))
            if Calza() in view.legal_actions():
                right = float(counts[previous.quantity]) if previous.quantity < len(counts) else 0.0
                options.append((botkit.calza_cost(right, botkit.calza_gains(view)), 1, Calza()))
        for order, bid in enumerate(botkit.cheapest_raises(view), start=2):
            counts = belief.count_distribution(bid.face)
            cost = odds.cost_of_counts(counts, bid, rules, view.dice, seat, view.next_seat)
            options.append((float(cost.expected_loss[seat]), order, bid))
        return botkit.cheapest(options)
