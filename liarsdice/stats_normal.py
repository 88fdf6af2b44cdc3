"""The normal approximation of a count (n dice, each matching with chance p), beside the exact
binomial tails (scipy.stats; liarsdice.stats re-exports every name).

- normal_tails(n, p, ks): P(X >= k) for each k by the normal curve with the continuity
  correction, 1 - Phi((k - 1/2 - np) / sqrt(np(1 - p))) (unchecked; sampling's normal_pmf
  takes the differences of these tails).
- normal_approximation(n, p) -> NormalApproximation: both tails for k = 0..n, and the largest
  error and where it falls.
- MAX_NORMAL_DICE: the most dice normal_approximation takes (10**6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_integer
from liarsdice.stats_inputs import check_open_chance

MAX_NORMAL_DICE = 10**6  # normal_approximation's largest n


def normal_tails(n: int, p: float, ks: NDArray[np.int64]) -> NDArray[np.float64]:
    """Return the normal curve's P(X >= k), continuity-corrected, for each k in `ks`, of a
    Binomial(n, p) count (n >= 1 and 0 < p < 1 unchecked)."""
    from scipy import stats

    tails: NDArray[np.float64] = stats.norm.sf(
        ks - 0.5, loc=n * p, scale=math.sqrt(n * p * (1 - p))
    )
    return tails


@dataclass(frozen=True)
class NormalApproximation:
    """P(X >= k), k = 0..n, exact and by the normal curve (continuity-corrected)."""

    n: int
    p: float
    exact: NDArray[np.float64]
    normal: NDArray[np.float64]
    largest_error: float  # max over k of |normal - exact|
    at: int  # the k where it falls


def normal_approximation(n: int, p: float) -> NormalApproximation:
    """Return the tails P(X >= k) of a Binomial(n, p) count beside the normal curve's, with
    the continuity correction: P(X >= k) ~ 1 - Phi((k - 1/2 - np) / sqrt(np(1 - p))).

    Limits: n 1..MAX_NORMAL_DICE (10**6) dice; p a finite number strictly between 0 and 1.
    """
    from scipy import stats

    n = check_integer("n", n, 1, MAX_NORMAL_DICE)
    p = check_open_chance("p", p)
    k = np.arange(n + 1)
    exact = np.clip(stats.binom.sf(k - 1, n, p), 0.0, 1.0)
    normal = normal_tails(n, p, k)
    errors = np.abs(normal - exact)
    at = int(errors.argmax())
    return NormalApproximation(n, float(p), exact, normal, float(errors[at]), at)
