"""CFR+'s passes over a SmallGame's tree, flattened: numpy always, numba where it is installed.

The passes: liarsdice.solver.sweeps_numpy (the flat tree, Tree, and numpy's Sweeps, with the
layout of the rows and the weights) and liarsdice.solver.sweeps_numba (NumbaSweeps, the same
passes compiled, skipping the subtrees a player never reaches). This module picks between them.

- BACKENDS ("numpy", "numba"), NUMBA_MIN_STATES (backend "auto" picks numba from this many
  information states on, where compiling pays); numba_available(), choose_backend(backend,
  game); make_sweeps(game, backend, dtype) builds the backend's Sweeps.
- From sweeps_numpy, importable here as before: EPSILON (a regret total at most this counts as
  none), DTYPES ("float32", "float64"), Tree and Sweeps.
"""

from __future__ import annotations

import importlib.util

from liarsdice.checks import check_choice
from liarsdice.solver.game import SmallGame
from liarsdice.solver.sweeps_numpy import DTYPES, EPSILON, Sweeps, Tree

__all__ = [
    "BACKENDS",
    "DTYPES",
    "EPSILON",
    "NUMBA_MIN_STATES",
    "Sweeps",
    "Tree",
    "choose_backend",
    "make_sweeps",
    "numba_available",
]

BACKENDS = ("numpy", "numba")
NUMBA_MIN_STATES = 20_000  # from 1 v 1 on six faces (24,576) up


def numba_available() -> bool:
    """Return True if numba can be imported (pip install liarsdice[fast])."""
    return importlib.util.find_spec("numba") is not None


def choose_backend(backend: str, game: SmallGame) -> str:
    """Return the backend to use: "numpy" or "numba" as asked, or for "auto" numba where it is
    installed and the game has at least NUMBA_MIN_STATES information states, else numpy.

    backend: "auto", "numpy" or "numba" (ImportError if numba is asked for and missing).
    """
    backend = check_choice("backend", backend, ("auto", *BACKENDS))
    if backend == "auto":
        big = game.n_information_states >= NUMBA_MIN_STATES
        return "numba" if big and numba_available() else "numpy"
    if backend == "numba" and not numba_available():
        raise ImportError(
            "backend='numba' needs numba: pip install numba (or liarsdice[fast]); "
            "backend='numpy' or 'auto' works without it"
        )
    return backend


def make_sweeps(game: SmallGame, backend: str, dtype: str) -> Sweeps:
    """Return the Sweeps of a game for a backend ("numpy" or "numba") and dtype."""
    tree = Tree.of(game)
    if backend == "numba":
        from liarsdice.solver.sweeps_numba import NumbaSweeps

        return NumbaSweeps(tree, dtype)
    return Sweeps(tree, dtype)
