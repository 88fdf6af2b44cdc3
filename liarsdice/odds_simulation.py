"""Simulated rolls: how many dice show each face, and the joker-inclusive counts they make.

- simulate_counts(n, trials, rng): how many of n rolled dice show each face, per trial.
- joker_counts(face_counts, face, rules, palifico): the joker-inclusive counts of `face`.
- MAX_TRIALS: the most trials in one simulate_counts call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from liarsdice.checks import check_integer, is_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_SIMULATED_DICE
from liarsdice.odds_counts import matching_faces
from liarsdice.rules import Rules

MAX_TRIALS = 1_000_000  # simulate_counts' trials: one row of six counts each
_COUNT_CHUNK = 10_000_000  # dice counted at once by simulate_counts


def simulate_counts(n: int, trials: int, rng: np.random.Generator) -> NDArray[np.int64]:
    """Return how many of n rolled dice show each face, one row per trial: [trial, face - 1].

    Limits: n >= 0 and trials 0..MAX_TRIALS with n x trials at most MAX_SIMULATED_DICE dice
    rolled in one call; rng a numpy Generator (np.random.default_rng(seed)).
    """
    n, trials = check_integer("n", n, low=0), check_integer("trials", trials, low=0)
    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(
            f"rng={quote(rng)}: expected a numpy Generator, np.random.default_rng(seed)"
        )
    if trials > MAX_TRIALS:
        raise ValueError(f"trials={quote(trials)}: more than MAX_TRIALS = {MAX_TRIALS:,}")
    if n > MAX_SIMULATED_DICE or n * trials > MAX_SIMULATED_DICE:
        raise ValueError(
            f"n={quote(n)}, trials={quote(trials)}: more than MAX_SIMULATED_DICE = "
            f"{MAX_SIMULATED_DICE:,} dice rolled in one call"
        )
    rolls = rng.integers(0, 6, size=(trials, n), dtype=np.uint8)
    counts = np.zeros((trials, 6), dtype=np.int64)
    step = max(1, _COUNT_CHUNK // max(n, 1))  # rows counted at once (a 10 MB mask per face)
    for first in range(0, trials, step):
        block = rolls[first : first + step]
        for face in range(6):
            counts[first : first + step, face] = np.count_nonzero(block == face, axis=1)
    return counts


def joker_counts(
    face_counts: NDArray[np.integer[Any]] | Sequence[Sequence[int]],
    face: int,
    rules: Rules,
    palifico: bool = False,
) -> NDArray[Any]:
    """Return the joker-inclusive count of `face` per row of face counts ([trial, face - 1]).

    Limits: face_counts a 2-D array (or nested sequence) of integer counts >= 0 with six
    columns, as simulate_counts gives; face 1..6; palifico True or False.
    """
    columns = [f - 1 for f in matching_faces(face, rules, palifico)]
    expected = "a [trial, face - 1] array of integer counts >= 0 with six columns"
    try:
        counts: NDArray[Any] = np.asarray(face_counts)
    except (ValueError, TypeError):  # ragged nested lists
        raise ArgumentTypeError(f"face_counts={quote(face_counts)}: expected {expected}") from None
    if (
        counts.ndim != 2
        or counts.shape[1] != 6
        or not (
            np.issubdtype(counts.dtype, np.integer)
            or (counts.dtype == object and all(is_integer(c) for c in counts.ravel()))
        )
    ):
        raise ArgumentTypeError(f"face_counts={quote(face_counts)}: expected {expected}")
    if (counts < 0).any():
        raise ValueError(f"face_counts={quote(face_counts)}: expected {expected}")
    joker: NDArray[Any] = counts[:, columns].sum(axis=1)  # integers (object: Python ints given)
    return joker
