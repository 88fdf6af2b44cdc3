"""Bidder models: how a seat acts given what it sees, the likelihood half of Bayes' rule.

A bidder model is any callable `model(view) -> {action: probability}` over
`view.legal_actions()`. liarsdice.inference calls it with the view a seat had at each of its
moves this round, its hidden hand replaced by a hypothetical one. The built-in models:

- UNIFORM: every legal action equally likely, whatever the hand; bids then carry no
  information. In a show turn (show-and-reroll) the number of ways to show depends on the hand,
  so UNIFORM passes with probability 1/2 and otherwise shows one of the legal sets, each alike;
  thus nothing a seat does tells anything about its dice.
- quantal(beta): P(action) proportional to exp(beta x how good the action looks from the seat's
  own view, bids carrying no information): a raise scores its P(true), a challenge
  1 - P(bid on the table true), calza P(exact); show turns as UNIFORM. quantal(0) is UNIFORM;
  a large beta approaches "always the most probable move".
- trembling(bot, epsilon): the bot's choice with probability 1 - epsilon, otherwise UNIFORM (so
  a deterministic bot becomes a model with no zero likelihoods); a bot with a policy(view)
  (SolverBot) mixes as its policy says.
- equilibrium(solution): the solver's strategy, for its two-player one-round games.

For speed UNIFORM and quantal also give their likelihoods for every hand at once
(Bidder.likelihoods; Bidder.per_hand says where); any other model (trembling, equilibrium, any
callable) is called once per move and distinct hand, and a call costs more the more dice are
on the table, so a reading may do at most MAX_MODEL_WORK call-dice (calls x dice on the table;
liarsdice.inference refuses a larger one up front, with the estimate).

The tools for writing a model, each in the module named for its idea:
- liarsdice.bidders_hands: Decision (a move of a seat, with the view it had), HandSet /
  hand_set(size) and hand_count(size) (the hands a seat may hide, with their priors),
  generic_likelihoods (one checked model call per hand); the types Probability, Model,
  Likelihoods and the limits TOTAL_TOLERANCE, MAX_HAND_DICE, MAX_MODEL_WORK, CALL_SECONDS_PER_DIE.
- liarsdice.bidders_uniform: Bidder (the base class of the built-in models), Uniform, UNIFORM.
- liarsdice.bidders_quantal: Quantal, quantal, MAX_BETA.
- liarsdice.bidders_players: Trembling, trembling, Equilibrium, equilibrium, MAX_EPSILON_DIGITS.
Every one of these names is importable from liarsdice.bidders, as it always was.

Limits: hand_set(size) enumerates C(size + 5, 5) hands, so size is 0..MAX_HAND_DICE (12: 6,188
hands; 20 dice would be 53,130 hands and seconds per move); quantal's beta 0..MAX_BETA;
trembling's epsilon a probability 0..1 (a Fraction of at most MAX_EPSILON_DIGITS digits); one
reading does at most MAX_MODEL_WORK (100,000) call-dice, model calls x dice on the table
(about 3 s).
"""

from __future__ import annotations

from liarsdice.bidders_hands import CALL_SECONDS_PER_DIE as CALL_SECONDS_PER_DIE
from liarsdice.bidders_hands import MAX_HAND_DICE as MAX_HAND_DICE
from liarsdice.bidders_hands import MAX_MODEL_WORK as MAX_MODEL_WORK
from liarsdice.bidders_hands import TOTAL_TOLERANCE as TOTAL_TOLERANCE
from liarsdice.bidders_hands import Decision as Decision
from liarsdice.bidders_hands import HandSet as HandSet
from liarsdice.bidders_hands import Likelihoods as Likelihoods
from liarsdice.bidders_hands import Model as Model
from liarsdice.bidders_hands import Probability as Probability
from liarsdice.bidders_hands import generic_likelihoods as generic_likelihoods
from liarsdice.bidders_hands import hand_count as hand_count
from liarsdice.bidders_hands import hand_set as hand_set
from liarsdice.bidders_players import MAX_EPSILON_DIGITS as MAX_EPSILON_DIGITS
from liarsdice.bidders_players import Equilibrium as Equilibrium
from liarsdice.bidders_players import Trembling as Trembling
from liarsdice.bidders_players import equilibrium as equilibrium
from liarsdice.bidders_players import trembling as trembling
from liarsdice.bidders_quantal import MAX_BETA as MAX_BETA
from liarsdice.bidders_quantal import Quantal as Quantal
from liarsdice.bidders_quantal import quantal as quantal
from liarsdice.bidders_uniform import UNIFORM as UNIFORM
from liarsdice.bidders_uniform import Bidder as Bidder
from liarsdice.bidders_uniform import Uniform as Uniform

__all__ = [
    "CALL_SECONDS_PER_DIE",
    "MAX_BETA",
    "MAX_EPSILON_DIGITS",
    "MAX_HAND_DICE",
    "MAX_MODEL_WORK",
    "TOTAL_TOLERANCE",
    "UNIFORM",
    "Bidder",
    "Decision",
    "Equilibrium",
    "HandSet",
    "Likelihoods",
    "Model",
    "Probability",
    "Quantal",
    "Trembling",
    "Uniform",
    "equilibrium",
    "generic_likelihoods",
    "hand_count",
    "hand_set",
    "quantal",
    "trembling",
]
