"""The bot that reads each opponent with its own fitted model: BayesBot, refitted between rounds.

- AdaptiveBayesBot(prior_beta=BAYES_BETA, refit="round", remember=False, spread=PRIOR_SPREAD):
  BayesBot (liarsdice.bots_bayes), but each other seat is read under quantal(beta) with that
  seat's own beta, fitted from the seat's past decisions. Registered in BOTS as "adaptive".
- SeatModels(default): a bidder model that dispatches on the deciding seat (view.seat, or a
  decision's seat) to that seat's model, vectorised as the built-in models are.
- quantal_log_likelihood(rows, grid): the log-likelihood of decisions kept as quantal scores,
  at each beta of the grid.
- BETA_GRID, PRIOR_SPREAD: the betas a fit weighs and the prior's spread (log units).

How it learns, seeing only Views: at each of its turns it keeps the view (the round's moves so
far). When a later round starts, the view's last_round reveals every seat's dice: the round's
moves it saw, plus the final call when it came straight after the last move it saw, are each
settled with the decider's hand known (liarsdice.inference_evidence.decisions and
Decision.view), and each bidding decision is kept as its quantal scores (what every legal move
looked like from the decider's own dice, liarsdice.bidders_quantal). Moves it did not see (made
after its last turn of a round) and rounds it had no turn in are left out, not guessed.

The fit: the log-likelihood (quantal_log_likelihood) of the seat's decisions under
quantal(beta) on BETA_GRID, times a log-normal prior centred on prior_beta (sd `spread` in log
beta); the estimate is the posterior mean of log beta, exponentiated, so a seat with few
decisions stays near prior_beta. The model assumes a seat's choices are quantal in its own
odds with one beta over the games seen, independent given the hands.

Opponents are known by their place after this bot around the table (1: the next seat), which a
tournament's seat rotation keeps, so with remember=True what it learned about "the next seat"
carries from game to game. With refit="round" the betas are refitted after every settled round;
with refit="game" (which needs remember=True) only when a new game starts (reseeded). Without
remember, reseeded(seed) returns a fresh bot, so tournaments give the same results in any
number of processes; with it, reseeded returns the bot itself (play its games in one process,
workers=1, for repeatable results).

Limits: prior_beta 0..MAX_BETA (bidders_quantal), spread a number > 0 and at most 10, refit
"round" or "game", remember True or False. Bad arguments raise ValueError quoting them
(ArgumentTypeError, also a TypeError, for a wrong kind).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np
from numpy.typing import NDArray

from liarsdice import botkit
from liarsdice.actions import Action
from liarsdice.bidders_hands import Decision, HandSet, Likelihoods, Probability
from liarsdice.bidders_quantal import MAX_BETA, Quantal, choice_log_likelihoods, quantal
from liarsdice.bidders_uniform import Bidder, check_turn
from liarsdice.bot import register_bot
from liarsdice.bots_bayes import BAYES_BETA, BayesBot
from liarsdice.checks import check_flag, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.inference_evidence import check_view, decisions_unchecked
from liarsdice.view import Phase, View

BETA_GRID = np.geomspace(0.25, 60.0, 60)  # the betas a fit weighs (log-spaced; as profiles, to 60)
PRIOR_SPREAD = 1.0  # the prior's sd in log beta: about a factor e either way
_REFITS = ("round", "game")
_SCORER = Quantal(1.0)  # quantal's scores do not depend on beta


class SeatModels(Bidder):
    """A bidder model per seat: each decision is read under its seat's model (default else)."""

    def __init__(self, default: Bidder) -> None:
        self.default = default
        self.models: dict[int, Bidder] = {}
        self.name = "per-seat"

    def model(self, seat: int) -> Bidder:
        """Return the model of `seat` (the default for a seat not fitted)."""
        return self.models.get(seat, self.default)

    def __call__(self, view: View) -> dict[Action, Probability]:
        """Return {legal action: probability} under the model of view.seat."""
        check_turn(view)
        return self.model(view.seat)(view)

    def likelihoods(
        self, decision: Decision, base: View, hands: HandSet, exact: bool
    ) -> Likelihoods:
        """Return P(decision.action | hand) for every hand, under the deciding seat's model."""
        return self.model(decision.seat).likelihoods(decision, base, hands, exact)

    def per_hand(self, decision: Decision) -> bool:
        """Return whether the deciding seat's model is called once per hand for `decision`."""
        return self.model(decision.seat).per_hand(decision)


def quantal_log_likelihood(
    rows: list[tuple[NDArray[np.float64], int]], grid: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Return the log-likelihood of the decisions at each beta of `grid`: the sum over rows
    (each legal move's quantal score, the index of the move made) of log softmax(beta x score).

    Unchecked (AdaptiveBayesBot's own rows).
    """
    if not rows:
        return np.zeros(len(grid))
    offsets = np.cumsum([0] + [len(row) for row, _ in rows])
    chosen = np.array([index for _, index in rows])
    return choice_log_likelihoods(np.concatenate([row for row, _ in rows]), offsets, chosen, grid)


def _remove(dice: tuple[int, ...], shown: tuple[int, ...]) -> tuple[int, ...] | None:
    """Return the dice left after taking out `shown` (sorted), or None if they are not there."""
    left = Counter(dice)
    left.subtract(shown)
    if any(n < 0 for n in left.values()):
        return None
    return tuple(sorted(left.elements()))


def full_round(base: View, after: View) -> View | None:
    """Return base with its round's history completed from after.last_round (the reveal of
    base's round), or None if that round is not revealed there.

    The moves after base's last one are known when they were the final bid (if not seen) and
    the call straight after it, and the round so completed replays (inference's check_view);
    otherwise base is returned as it is, its round's end unseen. Unchecked (a bot's own views).
    """
    result = after.last_round
    if result is None or result.round != base.round:
        return None
    call = (result.caller, result.action)
    bid = (result.bidder, result.bid)
    ending = (call,) if base.history[-1:] == (bid,) else (bid, call)
    try:
        return check_view(replace(base, history=base.history + ending))
    except ValueError:  # other moves came in between: keep what was seen
        return base


def settled_decisions(
    full: View, dice: tuple[tuple[int, ...], ...]
) -> list[tuple[int, View, Action]]:
    """Return the other seats' bidding decisions in full's round whose hands the revealed
    `dice` (every seat's dice at the reveal) settle, each as a view with the hand known and
    the action taken: (seat, view, action). Unchecked."""
    found: list[tuple[int, View, Action]] = []
    for seat, made in decisions_unchecked(full).items():
        for decision in made:
            if decision.phase != Phase.BID:
                continue  # a show turn: quantal reads it as UNIFORM, whatever beta
            hand = _remove(dice[seat], decision.shown[seat])
            if hand is not None:  # the shown dice were among the revealed ones
                found.append((seat, decision.view(full, hand), decision.action))
    return found


@register_bot
@dataclass
class AdaptiveBayesBot(BayesBot):
    """BayesBot reading each other seat under quantal with that seat's own fitted beta,
    refitted between rounds (or games) from the seat's revealed decisions."""

    prior_beta: float = BAYES_BETA  # the beta of a seat not yet seen, and the prior's centre
    refit: str = "round"  # "round": after every settled round; "game": when a game starts
    remember: bool = False  # keep the evidence across games (reseeded returns the bot itself)
    spread: float = PRIOR_SPREAD  # the prior's sd in log beta
    beta: float = field(default=BAYES_BETA, init=False, repr=False)
    model: object = field(default=None, init=False, repr=False)
    name = "adaptive"

    def __post_init__(self) -> None:
        given_beta, given_spread = self.prior_beta, self.spread
        self.prior_beta = check_number("prior_beta", given_beta)
        if not 0 <= self.prior_beta <= MAX_BETA:
            raise ValueError(f"prior_beta={quote(given_beta)}: expected 0..{MAX_BETA:,}")
        self.spread = check_number("spread", given_spread)
        if not 0 < self.spread <= 10:
            raise ValueError(f"spread={quote(given_spread)}: expected a number > 0, at most 10")
        if not isinstance(self.refit, str):
            raise ArgumentTypeError(f"refit={quote(self.refit)}: expected 'round' or 'game'")
        if self.refit not in _REFITS:
            raise ValueError(f"refit={quote(self.refit)}: expected 'round' or 'game'")
        self.remember = check_flag("remember", self.remember)
        if self.refit == "game" and not self.remember:
            raise ValueError("refit='game' needs remember=True (it learns from earlier games)")
        self.beta = self.prior_beta
        self.reader = SeatModels(quantal(self.prior_beta))
        self.model = self.reader
        super().__post_init__()
        self.scores: dict[int, list[tuple[NDArray[np.float64], int]]] = {}  # place: decisions
        self.unseen = 0  # rounds whose end (or the whole round) it did not see
        self.betas: dict[int, float] = {}  # place after this bot: fitted beta
        self.seat: int | None = None
        self.seats = 0
        self.pending: View | None = None  # its last view of the round in play, with its move

    def _place(self, seat: int) -> int:
        """Return where `seat` sits after this bot (1: the next seat), in the game in play."""
        assert self.seat is not None  # set at the first turn
        return (seat - self.seat) % self.seats

    def fitted(self) -> dict[int, float]:
        """Return {seat: fitted beta} for the other seats of the game in play (the fitted
        ones; a seat not fitted is read under prior_beta)."""
        if self.seat is None:
            return {}
        return {(self.seat + place) % self.seats: beta for place, beta in self.betas.items()}

    def decisions(self) -> dict[int, int]:
        """Return {seat: number of its decisions kept} for the game in play."""
        if self.seat is None:
            return {}
        return {(self.seat + p) % self.seats: len(rows) for p, rows in self.scores.items()}

    def act(self, view: View) -> Action:
        """Return BayesBot's move, reading each other seat under its fitted beta; first
        settle the round before, if one ended since this bot's last turn."""
        botkit.is_move_turn(view)  # a View at the seat's turn; else raise quoting it
        if self.seat is None:
            self.seat, self.seats = view.seat, len(view.dice)
        if self.pending is not None and self.pending.round != view.round:
            self._learn(self.pending, view)
            if self.refit == "round":
                self._refit()
        self.reader.models = {
            (self.seat + place) % self.seats: quantal(beta) for place, beta in self.betas.items()
        }
        action = super().act(view)
        self.pending = replace(view, history=(*view.history, (view.seat, action)))
        return action

    def _learn(self, base: View, after: View) -> None:
        """Keep the revealed decisions of base's round as quantal scores, by seat place; count
        the round as unseen if its end (or all of it) is not known."""
        full, result = full_round(base, after), after.last_round
        if full is None or result is None:
            self.unseen += 1
            return
        if full.history[-1] != (result.caller, result.action):
            self.unseen += 1
        for seat, seen, action in settled_decisions(full, result.dice):
            scores = _SCORER.scores(seen)
            actions = list(scores)
            row = np.array([scores[a] for a in actions])
            self.scores.setdefault(self._place(seat), []).append((row, actions.index(action)))

    def _refit(self) -> None:
        """Refit every seat's beta from its kept decisions (posterior mean of log beta)."""
        centre = math.log(max(self.prior_beta, BETA_GRID[0]))
        log_prior = -0.5 * ((np.log(BETA_GRID) - centre) / self.spread) ** 2
        for place, rows in self.scores.items():
            log_post = log_prior + quantal_log_likelihood(rows, BETA_GRID)
            weights = np.exp(log_post - log_post.max())
            weights /= weights.sum()
            self.betas[place] = float(np.exp(weights @ np.log(BETA_GRID)))

    def reseeded(self, seed: int) -> AdaptiveBayesBot:
        """Return the bot for a new game: a fresh one, or (remember=True) itself, its betas
        refitted from the games so far and the round in play forgotten."""
        super().reseeded(seed)  # checks the seed
        if not self.remember:
            return AdaptiveBayesBot(self.prior_beta, self.refit, self.remember, self.spread)
        self.pending = None
        self.seat = None
        self._refit()
        return self
