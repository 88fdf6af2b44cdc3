"""Reading a bid: Bayes' rule at the table, over the other seats' hidden hands.

Every "P(true) from your seat" of liarsdice.odds treats the dice you cannot see as uniform, as
if the other players' bids said nothing about them. Here a seat's moves this round are
evidence about its hand: the posterior of a hand is its prior (the multinomial chance of the
roll) times the likelihood of every move the seat made holding it, under a bidder model (how
a seat acts given what it sees; see liarsdice.bidders), normalised.

The hands are independent a priori, and each seat's moves depend only on its own hand and the
public record, so the joint posterior of all hidden hands factorises by seat: it is the
product of the seats' own posteriors. That is why each seat is read on its own here, and why
the count on the table is the convolution of the seats' counts.

- UNIFORM, quantal(beta), trembling(bot, epsilon), equilibrium(solution): the built-in models.
- posterior(view, model, exact=False) -> {seat: {hand: probability}}: for each other seat with
  hidden dice, its hidden hand (a sorted tuple) given its moves this round since its last
  reroll (a reroll replaces the hand, so earlier moves say nothing about the new one); shown
  dice are known and stay out of the hand.
- count_distribution(view, face, model, exact=False) -> {count: probability}: the
  joker-inclusive count of `face` on the whole table (the known matches plus the convolution of
  the seats' posterior counts; palifico rounds count as the rules say).
- bid_probability(view, bid, model, exact=False): P(bid true) given the bids.
- Belief(view, model, exact): all of the above, computed once for one view.
- likelihood_ratios(view, model, seat, face): how much the seat's last move multiplied the odds
  of each of its counts of `face` (posterior over the posterior before that move).
- table_view(rules, dice, seat, hand, moves, shown): a View from a typed table and history,
  each move checked (for the BidReader, the command line and lessons); parse_history(text)
  reads "1:3x5, 2:4x5" as its moves.

Every entry point checks its view once: its fields hang together, and its round replays
(liarsdice.replay: every move legal where it stands, in turn, nothing after a challenge or
calza, the shows giving view.shown), else ValueError naming the move's position, seat and
text. A generic model (trembling, equilibrium, any callable) is called once per move and hand,
so a reading past bidders.MAX_MODEL_WORK call-dice (calls x dice on the table, about 3 s) is
refused up front with the estimate; UNIFORM and quantal read every hand at once.
- parse_model(text): "uniform", "quantal:2", "trembling:threshold:0.05" -> a model.

exact=True gives Fractions wherever the model gives Fractions (UNIFORM; trembling with a
Fraction epsilon over a deterministic bot; any model written with Fractions). A model that
gives probability to an illegal action, a negative probability or a total other than 1, and a
history that the model makes impossible, raise ValueError naming the seat and the move.

Limits: every hand of each other seat is enumerated, so a seat may hide at most
bidders.MAX_HAND_DICE (12) dice; a table holds 2..odds.MAX_SEATS (20) seats; a bid's quantity
1..MAX_QUANTITY; a generic model's reading at most MAX_MODEL_WORK call-dice; text (bids,
histories, model names) at most MAX_TEXT characters; exact and
palifico are True or False; a model is a callable; a view is a View with consistent fields.
Bad input raises ValueError (ArgumentTypeError, also a TypeError, for a wrong kind) quoting it.

The reading lives in modules by idea, and every name above is importable from here (with the
bidder models and the names of liarsdice.bidders this module always gave):
- liarsdice.inference_evidence: decisions (the moves that are evidence) and the checks of a
  view, a model and a reading's cost.
- liarsdice.inference_posterior: Belief, posterior, count_distribution, bid_probability,
  likelihood_ratios, is_seat.
- liarsdice.inference_input: table_view, parse_history, parse_model.
"""

from __future__ import annotations

from liarsdice.bidders import CALL_SECONDS_PER_DIE as CALL_SECONDS_PER_DIE
from liarsdice.bidders import MAX_HAND_DICE as MAX_HAND_DICE
from liarsdice.bidders import MAX_MODEL_WORK as MAX_MODEL_WORK
from liarsdice.bidders import UNIFORM as UNIFORM
from liarsdice.bidders import Bidder as Bidder
from liarsdice.bidders import Decision as Decision
from liarsdice.bidders import HandSet as HandSet
from liarsdice.bidders import Likelihoods as Likelihoods
from liarsdice.bidders import Model as Model
from liarsdice.bidders import Probability as Probability
from liarsdice.bidders import equilibrium as equilibrium
from liarsdice.bidders import generic_likelihoods as generic_likelihoods
from liarsdice.bidders import hand_count as hand_count
from liarsdice.bidders import hand_set as hand_set
from liarsdice.bidders import quantal as quantal
from liarsdice.bidders import trembling as trembling
from liarsdice.inference_evidence import decisions as decisions
from liarsdice.inference_input import parse_history as parse_history
from liarsdice.inference_input import parse_model as parse_model
from liarsdice.inference_input import table_view as table_view
from liarsdice.inference_posterior import Belief as Belief
from liarsdice.inference_posterior import bid_probability as bid_probability
from liarsdice.inference_posterior import count_distribution as count_distribution
from liarsdice.inference_posterior import is_seat as is_seat
from liarsdice.inference_posterior import likelihood_ratios as likelihood_ratios
from liarsdice.inference_posterior import posterior as posterior

__all__ = [
    "UNIFORM",
    "Belief",
    "bid_probability",
    "count_distribution",
    "equilibrium",
    "likelihood_ratios",
    "parse_history",
    "parse_model",
    "posterior",
    "quantal",
    "table_view",
    "trembling",
]
