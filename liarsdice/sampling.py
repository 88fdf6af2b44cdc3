"""Rolling n dice again and again for one bid: the running frequency against the exact odds.

- RollingRun(rules, dice, bid, seed): a seeded run. step(rolls) rolls `rolls` tables of `dice`
  dice at once (odds.simulate_counts) and counts the bid's face on each (odds.joker_counts:
  wilds count for a plain face; a bid on the wild face counts wilds only); it keeps the
  trials, the hits (rolls on which the bid was true), the histogram of the counts and the
  running frequency at checkpoints (path()). advance(rolls) adds many rolls at once, drawing
  only their tally: one multinomial draw of the counts per stretch between checkpoints, the
  same law as rolling each table (another stream of random numbers), in time that grows with
  the checkpoints passed, not the rolls. reset() starts again from the seed: the same seed and
  the same calls give the same rolls.
- half_width(trials, p): the band's half-width 2 sqrt(p(1 - p)/t) around the exact P(true)
  (twice stats_intervals.standard_error, the spread that the Wald interval uses too).
- standard_errors(hits, trials, p): how many standard errors sqrt(p(1 - p)/t) the observed
  frequency lies from p (0 when p is 0 or 1 and the frequency equals it; otherwise refused).
- skewness(n, p): how lopsided the count is, (1 - 2p)/sqrt(np(1 - p)), for p strictly
  between 0 and 1.
- normal_pmf(n, p): P(count = k), k = 0..n, by the normal curve with the continuity
  correction, Phi((k + 1/2 - np)/s) - Phi((k - 1/2 - np)/s), s = sqrt(np(1 - p)): the
  differences of stats_normal.normal_tails (the tails of stats.normal_approximation).
- NormalCheck / normal_check(rules, dice, bid): where the normal curve is poor, computed: its
  largest error over the tails, the bid's tail exact and normal, the first far tail (exact
  chance at most FAR_TAIL) and the largest error by number of dice for a plain and the wild face.

Limits: 1..MAX_TABLE_DICE dice, 1..MAX_ROLLS_PER_STEP rolls per step, 1..MAX_ADVANCE rolls per
advance (at most MAX_TRIALS rolls in a run), seeds 0..MAX_SEED; the helpers take trials and n
1..MAX_TRIALS, hits 0..trials, p a chance in [0, 1] (no NaN), and half_width at most
stats.MAX_CELLS_COMPUTED trials at once, so nothing they return is NaN or infinite. The path
keeps every roll up to DENSE_TRIALS, then one point each time the rolls grow by GRID_RATIO
(about 116 points per tenfold), so a long run stays small (under 1,000 points at 10**8 rolls).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.checks import check_flag, check_integer, check_probability, is_integer, quote
from liarsdice.deprecation import aliases
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.rules import Rules, resolve
from liarsdice.stats_inputs import MAX_CELLS_COMPUTED, check_open_chance
from liarsdice.stats_intervals import standard_error
from liarsdice.stats_normal import NormalApproximation, normal_approximation, normal_tails

MAX_ROLLS_PER_STEP = 10_000  # the most tables rolled in one step
MAX_ADVANCE = 10**9  # the most rolls one advance() adds (its time grows with log(rolls))
MAX_TRIALS = 2**53  # the most rolls in a run, or counted by the helpers (a float holds each)
MAX_SEED = 2**32 - 1  # seeds 0..MAX_SEED (a browser number box holds them exactly)
DENSE_TRIALS = 100  # the path keeps every roll up to here ...
GRID_RATIO = 1.02  # ... then a point each time the number of rolls grows by 2%
FAR_TAIL = 0.05  # a bid this unlikely is one a challenger calls: "the far tail"
TOLERANCE = 0.01  # an error below this does not show in odds rounded to two decimals
FEW_DICE = (5, 10, 30, 100, 200)  # table sizes at which the largest error is shown

# The checkpoints of the path: 1..DENSE_TRIALS, then DENSE_TRIALS * GRID_RATIO**j rounded up,
# up to 10**15 rolls (beyond any run: a step rolls at most 10**4 tables).
_GRID_STEPS = math.ceil(math.log(1e15 / DENSE_TRIALS) / math.log(GRID_RATIO))
CHECKPOINTS = np.unique(
    np.concatenate(
        [
            np.arange(1, DENSE_TRIALS + 1),
            np.ceil(DENSE_TRIALS * GRID_RATIO ** np.arange(_GRID_STEPS + 1)),
        ]
    ).astype(np.int64)
)


def read_bid(bid: Bid | str, rules: Rules | str, dice: int) -> Bid:
    """Return `bid` as a Bid (text such as "5x5" or "2 stars" read under `rules`) whose
    quantity fits among `dice` dice (1..MAX_TABLE_DICE); raise ValueError (TypeError for a wrong
    kind) quoting it."""
    rules = resolve(rules)
    dice = check_integer("dice", dice, 1, MAX_TABLE_DICE)
    if isinstance(bid, str):
        bid = Bid.parse(bid, rules=rules)
    elif not isinstance(bid, Bid):
        raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid or text such as '5x5'")
    if bid.quantity > dice:
        raise InvalidBidError(
            f"bid {bid} ({rules.describe(bid)}): the quantity {bid.quantity} is more than the "
            f"{dice} {'die' if dice == 1 else 'dice'} rolled; choose a quantity of at most "
            f"{dice} or roll more dice"
        )
    return bid


class RollingRun:
    """A seeded run of rolls of `dice` dice, counting one bid's face: trials, hits, histogram.

    Args:
        rules: a Rules or a preset name; decides the wild face.
        dice: how many dice each roll throws, 1..MAX_TABLE_DICE.
        bid: a Bid or text such as "5x5"; its quantity is at most `dice`.
        seed: seeds the numpy Generator, 0..MAX_SEED.
    """

    def __init__(
        self, rules: Rules | str = "blef", dice: int = 15, bid: Bid | str = "5x5", seed: int = 0
    ) -> None:
        self.rules = resolve(rules)
        self.dice = check_integer("dice", dice, 1, MAX_TABLE_DICE)
        self.bid = read_bid(bid, self.rules, self.dice)
        self.seed = check_integer("seed", seed, 0, MAX_SEED)
        self.p = float(odds.match_chance(self.bid.face, self.rules))
        self.p_true = float(odds.bid_probability(self.bid, self.rules, self.dice))
        # P(count = c), c = 0..dice: floats (exact=False), so asarray keeps the same array
        self.distribution: NDArray[np.float64] = np.asarray(
            odds.count_distribution(self.bid.face, self.rules, self.dice), dtype=np.float64
        )
        self.reset()

    def __repr__(self) -> str:
        return (
            f"RollingRun({self.rules.preset_name or self.rules!r}, dice={self.dice}, "
            f"bid={str(self.bid)!r}, seed={self.seed}): {self.hits} of {self.trials} rolls true"
        )

    @property
    def chance(self) -> Fraction:
        """Return p, the exact chance that one die counts for the bid's face."""
        return odds.match_chance(self.bid.face, self.rules)

    def reset(self) -> None:
        """Start again from the seed: no rolls, an empty histogram, an empty path."""
        self.rng = np.random.default_rng(self.seed)
        self.trials = 0
        self.hits = 0
        self.histogram = np.zeros(self.dice + 1, dtype=np.int64)
        self._path_trials = np.zeros(0, dtype=np.int64)
        self._path_hits = np.zeros(0, dtype=np.int64)

    def step(self, rolls: int = 100) -> NDArray[np.int64]:
        """Return the counts of the bid's face on `rolls` new tables, after adding them."""
        rolls = check_integer("rolls", rolls, 1, MAX_ROLLS_PER_STEP)
        faces = odds.simulate_counts(self.dice, rolls, self.rng)
        counts = odds.joker_counts(faces, self.bid.face, self.rules)
        running = self.hits + np.cumsum(counts >= self.bid.quantity)
        first, last = np.searchsorted(CHECKPOINTS, [self.trials, self.trials + rolls], "right")
        marks = CHECKPOINTS[first:last]
        self._path_trials = np.concatenate([self._path_trials, marks])
        self._path_hits = np.concatenate([self._path_hits, running[marks - self.trials - 1]])
        self.histogram += np.bincount(counts, minlength=self.dice + 1)
        self.trials += rolls
        self.hits = int(running[-1])
        return counts

    def advance(self, rolls: int) -> None:
        """Add `rolls` new tables, drawing only their tally (the counts are not kept one by one).

        Between two checkpoints of the path the counts of g tables follow the multinomial law
        Multinomial(g, P(count = c)), so one draw per stretch gives the histogram, the hits
        and the path exactly as rolling each table would, in law (not the same random
        numbers as step()). Limits: rolls 1..MAX_ADVANCE, the run at most MAX_TRIALS rolls.
        """
        rolls = check_integer("rolls", rolls, 1, MAX_ADVANCE)
        end = self.trials + rolls
        if end > MAX_TRIALS:
            raise ValueError(
                f"rolls={quote(rolls)}: the run would pass MAX_TRIALS = {MAX_TRIALS:,} rolls"
            )
        first, last = np.searchsorted(CHECKPOINTS, [self.trials, end], "right")
        marks = CHECKPOINTS[first:last]
        ends = marks if len(marks) and marks[-1] == end else np.append(marks, end)
        sizes = np.diff(ends, prepend=self.trials)
        chances = self.distribution / self.distribution.sum()  # multinomial needs a sum <= 1
        tallies = self.rng.multinomial(sizes, chances)  # [stretch, count]
        running = self.hits + np.cumsum(tallies[:, self.bid.quantity :].sum(axis=1))
        self._path_trials = np.concatenate([self._path_trials, marks])
        self._path_hits = np.concatenate([self._path_hits, running[: len(marks)]])
        self.histogram += tallies.sum(axis=0)
        self.trials = end
        self.hits = int(running[-1])

    @property
    def frequency(self) -> float:
        """Return the share of rolls so far on which the bid was true (0 before any roll)."""
        return self.hits / self.trials if self.trials else 0.0

    def path(self) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
        """Return the rolls t at the checkpoints passed and now, and the frequency after each."""
        trials, hits = self._path_trials, self._path_hits
        if self.trials and (not len(trials) or trials[-1] != self.trials):
            trials = np.append(trials, self.trials)
            hits = np.append(hits, self.hits)
        return trials, hits / np.maximum(trials, 1)


def _check_trials(trials: object) -> NDArray[np.float64]:
    """Return trials (an integer or a 1-D array of at most stats.MAX_CELLS_COMPUTED integers,
    each 1..MAX_TRIALS) as floats; else raise quoting them."""
    if is_integer(trials):
        return np.asarray(check_integer("trials", trials, 1, MAX_TRIALS), dtype=float)
    expected = f"an integer or an array of integers 1..{MAX_TRIALS}"
    if isinstance(trials, str | bytes) or not hasattr(trials, "__len__"):
        raise ArgumentTypeError(f"trials={quote(trials)}: expected {expected}")
    if len(trials) > MAX_CELLS_COMPUTED:
        raise ValueError(f"trials={quote(trials)}: more than {MAX_CELLS_COMPUTED:,} values")
    try:
        array = np.asarray(trials)
    except (ValueError, TypeError):  # ragged nested lists
        raise ArgumentTypeError(f"trials={quote(trials)}: expected {expected}") from None
    if array.ndim != 1 or (len(array) and array.dtype.kind not in "iu"):
        raise ArgumentTypeError(f"trials={quote(trials)}: expected {expected}")
    if len(array) and (array.min() < 1 or array.max() > MAX_TRIALS):
        raise ValueError(f"trials={quote(trials)}: expected {expected}")
    return array.astype(float)


def half_width(trials: NDArray[np.integer] | int, p: float) -> NDArray[np.float64]:
    """Return 2 sqrt(p(1 - p)/t): the half-width of the band around p after t rolls.

    Limits: trials an integer or a 1-D array of integers, each 1..MAX_TRIALS (at most
    stats.MAX_CELLS_COMPUTED of them); p a chance in [0, 1].
    """
    t = _check_trials(trials)
    p = float(check_probability("p", p))
    return 2 * standard_error(p, t)


def standard_errors(hits: int, trials: int, p: float) -> float:
    """Return (hits/trials - p) / sqrt(p(1 - p)/trials): how far the frequency lies from p.

    Limits: trials 1..MAX_TRIALS, hits 0..trials; p a chance in [0, 1]. With p 0 or 1 there
    is no spread: a frequency equal to p is 0 standard errors away, any other is refused.
    """
    trials = check_integer("trials", trials, 1, MAX_TRIALS)
    hits = check_integer("hits", hits, 0, trials)
    given, p = p, float(check_probability("p", p))
    spread = float(standard_error(p, trials))
    if spread:
        return (hits / trials - p) / spread
    if hits / trials != p:
        raise ValueError(
            f"hits={quote(hits)}, trials={quote(trials)}, p={quote(given)}: a frequency of "
            f"{hits / trials:g} cannot happen when p is {p:g}"
        )
    return 0.0


def skewness(n: int, p: float) -> float:
    """Return the skewness (1 - 2p)/sqrt(np(1 - p)) of a Binomial(n, p) count.

    Limits: n 1..MAX_TRIALS; p a number strictly between 0 and 1 (at 0 or 1 the count never
    varies and has no skewness).
    """
    n = check_integer("n", n, 1, MAX_TRIALS)
    chance = check_open_chance("p", p)
    return (1 - 2 * chance) / math.sqrt(n * chance * (1 - chance))


def normal_pmf(n: int, p: float) -> NDArray[np.float64]:
    """Return P(count = k), k = 0..n, by the normal curve with the continuity correction.

    Limits: n 1..10**6; p strictly between 0 and 1 (as stats.normal_approximation).
    """
    approximation = normal_approximation(n, p)  # checks n and p
    beyond = normal_tails(approximation.n, approximation.p, np.array([n + 1]))
    tails = np.append(approximation.normal, beyond)  # P(count >= k), k = 0..n + 1
    pmf: NDArray[np.float64] = tails[:-1] - tails[1:]
    return pmf


@lru_cache(maxsize=1024)
def _largest_error(n: int, p: float) -> float:
    """Return the normal curve's largest error over the tails of Binomial(n, p) (cached)."""
    return normal_approximation(n, p).largest_error


@dataclass(frozen=True)
class NormalCheck:
    """Where the normal curve (continuity-corrected) is poor for one bid among n dice."""

    n: int
    p: float  # the chance that one die counts for the bid's face
    approximation: NormalApproximation  # the tails P(count >= k), exact and normal
    quantity: int  # the bid's q: its tail is approximation.exact[q] and .normal[q]
    far: int  # the first k whose exact tail is at most FAR_TAIL (n if none is)
    sizes: tuple[int, ...]  # numbers of dice, FEW_DICE and n
    plain_p: float  # a plain face's p (1/3) ...
    plain_errors: tuple[float, ...]  # ... and the largest error at each size
    wild_p: float  # the wild face's p (1/6) ...
    wild_errors: tuple[float, ...]  # ... and the largest error at each size

    @property
    def largest_error(self) -> float:
        """Return the largest |normal - exact| over the tails P(count >= k), k = 0..n."""
        return self.approximation.largest_error

    @property
    def at(self) -> int:
        """Return the k where the largest error falls."""
        return self.approximation.at

    def error_at(self, wild: bool) -> float:
        """Return the largest error with n dice for the wild face (or a plain face)."""
        errors = self.wild_errors if check_flag("wild", wild) else self.plain_errors
        return errors[self.sizes.index(self.n)]


def normal_check(rules: Rules | str, dice: int, bid: Bid | str) -> NormalCheck:
    """Return the normal curve's errors for `bid` among `dice` dice: see NormalCheck."""
    rules = resolve(rules)
    n = check_integer("dice", dice, 1, MAX_TABLE_DICE)
    bid = read_bid(bid, rules, n)
    p = float(odds.match_chance(bid.face, rules))
    approximation = normal_approximation(n, p)
    unlikely = np.flatnonzero(approximation.exact <= FAR_TAIL)
    far = int(unlikely[0]) if len(unlikely) else n
    sizes = tuple(sorted({*FEW_DICE, n}))
    plain_p = float(odds.match_chance(rules.plain_faces[0], rules))
    wild_p = float(odds.match_chance(rules.wild, rules))
    return NormalCheck(
        n, p, approximation, bid.quantity, far, sizes,
        plain_p, tuple(_largest_error(s, plain_p) for s in sizes),
        wild_p, tuple(_largest_error(s, wild_p) for s in sizes),
    )  # fmt: skip


__getattr__ = aliases(
    "liarsdice.sampling", {"MAX_DICE": (lambda: MAX_TABLE_DICE, "liarsdice.limits.MAX_TABLE_DICE")}
)
