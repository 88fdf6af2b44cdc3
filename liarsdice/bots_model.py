"""The bot that plays a bidder model: a model's distribution, sampled for the bot's own hand.

- ModelBot(model=UNIFORM, seed=0): at each turn (bids, calls and show turns alike) draws an
  action from model(view), in the order of view.legal_actions(), with its own numpy Generator
  seeded by `seed`; so a model (quantal(beta), trembling(bot, epsilon), UNIFORM,
  equilibrium(solution) where defined, any callable) can be simulated, played against and
  fitted back (liarsdice.profiles). Registered in liarsdice.bot.BOTS as "model" (UNIFORM by
  name; a model of one's own is passed to the constructor).
- chances(model, view): the model's probabilities at the view, one per legal action in the
  order of view.legal_actions(), checked (only legal actions, finite, not negative, summing
  to 1 within bidders.TOTAL_TOLERANCE); what ModelBot samples from and what
  liarsdice.profiles reads a callable model with.

Limits: seeds 0..limits.MAX_SEED (None refused: games must replay); the model a callable
model(view) -> {action: probability}. Bad arguments raise ValueError quoting them
(ArgumentTypeError, also a TypeError, for a wrong kind); a model that gives a bad distribution
raises ValueError naming the seat and the action.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from liarsdice.actions import Action
from liarsdice.bidders import TOTAL_TOLERANCE, UNIFORM, Model
from liarsdice.bidders_uniform import check_turn
from liarsdice.bot import Bot, register_bot
from liarsdice.checks import check_seed, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.inference_evidence import check_model
from liarsdice.view import View


def chances(model: Model, view: View) -> np.ndarray:
    """Return model(view)'s probability of each legal action, in view.legal_actions() order.

    model: a callable model(view) -> {action: probability}; view: a View of a seat to play.
    """
    model = check_model(model)
    check_turn(view)
    where = f"seat {view.seat}, round {view.round}"
    try:
        given = model(view)
    except (TypeError, ValueError) as error:  # the model's own refusal, naming the model
        kind = ArgumentTypeError if isinstance(error, TypeError) else ValueError
        raise kind(f"model={quote(model)} at {where}: {error}") from None
    if not isinstance(given, Mapping):
        raise ValueError(f"the model gave {quote(given)} at {where}: expected {{action: p}}")
    legal = view.legal_actions()
    index = {action: i for i, action in enumerate(legal)}
    out = np.zeros(len(legal))
    for action, p in given.items():
        if action not in index:
            raise ValueError(f"the model gives {quote(action)} a probability at {where}: illegal")
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not math.isfinite(p):
            raise ValueError(f"the model gives {quote(action)} the probability {quote(p)}")
        if p < 0:
            raise ValueError(f"the model gives {quote(action)} a negative probability {p!r}")
        out[index[action]] += float(p)
    if abs(out.sum() - 1) > TOTAL_TOLERANCE:
        raise ValueError(f"the model's probabilities sum to {out.sum()!r}, not 1, at {where}")
    return out


@register_bot
@dataclass
class ModelBot(Bot):
    """Samples each move from a bidder model's distribution for its own hand (seeded).

    Args:
        model: a callable model(view) -> {legal action: probability} (liarsdice.inference's
            UNIFORM, quantal(beta), trembling(bot, epsilon), equilibrium(solution), or one's
            own).
        seed: seeds the Generator that draws the moves (0..limits.MAX_SEED).
    """

    model: Model = UNIFORM
    seed: int = 0
    name = "model"
    _rng: np.random.Generator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not callable(self.model):
            raise ArgumentTypeError(
                f"model={quote(self.model)}: expected a callable model(view) -> {{action: p}}"
            )
        self.seed = check_seed("seed", self.seed)
        self._rng = np.random.default_rng(self.seed)

    def act(self, view: View) -> Action:
        """Return an action drawn from model(view) (any turn with legal actions, shows too)."""
        if not isinstance(view, View):
            raise ArgumentTypeError(f"view={quote(view)}: expected a View (game.view(seat))")
        p = chances(self.model, view)
        legal = view.legal_actions()
        return legal[int(self._rng.choice(len(legal), p=p / p.sum()))]

    def reseeded(self, seed: int) -> ModelBot:
        """Return a new ModelBot of the same model seeded with `seed` (0..limits.MAX_SEED)."""
        return ModelBot(self.model, seed)
