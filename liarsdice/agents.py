"""Bots: players that see only a seat's View and return one of its legal actions.

Every built-in bot, gathered from the modules that define them (importing this module
registers them all in BOTS):

- Bot, BOTS, register_bot, MAX_BOT_NAME (liarsdice.bot): the base class (act(view) ->
  action, reseeded(seed) -> a fresh copy for a new game) and the bots by name ("random",
  "threshold", "expected_loss", "honest", "bayes", "solver", "model"), for the command line, the
  widgets and inference's models by name; register_bot(cls) adds one under cls.name.
- RandomBot, ThresholdBot, ExpectedLossBot, HonestBot (liarsdice.bots_basic): the bots that
  read only their own dice and the odds (uniform; a threshold on P(true); the fewest expected
  dice lost; never a bluff).
- BayesBot, BAYES_BETA (liarsdice.bots_bayes): the fewest expected dice lost, counted from the
  posteriors of the other seats' moves this round (liarsdice.inference).
- SolverBot, MAX_ENDGAMES (liarsdice.bots_solver): the solved equilibrium in two-player
  endgames of few dice, ExpectedLossBot elsewhere; solution files read from the cache folder.
- AdaptiveBayesBot (liarsdice.bots_adaptive): BayesBot reading each other seat with its own
  quantal beta, refitted between rounds from the moves it saw and the dice revealed.
- ModelBot (liarsdice.bots_model): samples its moves from a bidder model's distribution
  (liarsdice.inference's UNIFORM, quantal, trembling, equilibrium, or one's own), seeded.
- A game of bots: liarsdice.match.play_game; many games: liarsdice.tournament.

Only the base class and the registry? `from liarsdice.bot import Bot` loads no numpy, odds or
solver. Limits and errors: as each defining module says.
"""

from __future__ import annotations

from liarsdice.bot import BOTS, MAX_BOT_NAME, Bot, register_bot
from liarsdice.bots_adaptive import AdaptiveBayesBot
from liarsdice.bots_basic import ExpectedLossBot, HonestBot, RandomBot, ThresholdBot
from liarsdice.bots_bayes import BAYES_BETA, BayesBot
from liarsdice.bots_model import ModelBot
from liarsdice.bots_solver import MAX_ENDGAMES, SolverBot

# The built-in bots first, in this order, whichever bot module was imported first (the
# terminal's --bot list and PlayTable's dropdown show them so); bots of one's own follow.
_ORDER = (
    RandomBot,
    ThresholdBot,
    ExpectedLossBot,
    HonestBot,
    BayesBot,
    SolverBot,
    ModelBot,
    AdaptiveBayesBot,
)
_OWN = {name: kind for name, kind in BOTS.items() if kind not in _ORDER}
BOTS.clear()
BOTS.update({kind.name: kind for kind in _ORDER})
BOTS.update(_OWN)

__all__ = [
    "BAYES_BETA",
    "BOTS",
    "MAX_BOT_NAME",
    "MAX_ENDGAMES",
    "AdaptiveBayesBot",
    "BayesBot",
    "Bot",
    "ExpectedLossBot",
    "HonestBot",
    "ModelBot",
    "RandomBot",
    "SolverBot",
    "ThresholdBot",
    "register_bot",
]
