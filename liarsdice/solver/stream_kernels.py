"""The streamed solver's per-level kernels: fused numba loops over both cores, or numpy.

A level's children are given as groups (starts, sizes): the children in group i of the rows
0..sizes[i]-1 of a level are the rows starts[i]..starts[i]+sizes[i]-1 of the level below, in
order (liarsdice.solver.stream's layout). Every array is 2-D [row, hand] of one float type,
except uniform (per row: one over its legal actions) and the int64 starts and sizes. A
player's probabilities come from non-negative weights (regrets or average-strategy sums) by
regret matching: weight over the row's total, uniform where the total is at most `floor`
(sweeps.EPSILON for regrets, 0 for sums, as CFRPlus).

- policy_down(liar_w, bid_w, uniform, starts, sizes, reach, liar_reach, reach_next, sum_liar,
  sum_bid, weight, root, floor): the mover's reach times their LIAR probability (liar_reach, 0 at the
  root) and their reach at the level below (reach_next); with weight > 0 also adds weight times
  both to the average-strategy sums.
- values_up(liar_w, bid_w, uniform, starts, sizes, terminal, below, values, update, root,
  floor): the
  mover's values (LIAR's terminal value and the children's values, weighted by the
  probabilities); with update=True, regret matching+'s update of liar_w and bid_w in place.
- child_sum(starts, sizes, below, out) and child_max(starts, sizes, below, out): out plus the
  sum, or the max with the max, of each row's children, in place.
- terminal(weights, bids, starts, stops, count_other, count_own, chance, table, out): a
  player's values of LIAR per row and own hand, for chunks of rows (starts..stops) challenged
  on bids[c]: the sum over the other's hands of their weight, times the chance of their hand,
  times table[bid, matching dice of both hands] (count_other, count_own: [hand, bid]). The
  numba kernel first sums the other's weights per matching count (a few flops per entry);
  numpy multiplies by the full [other's hand, own hand] matrix.
- kernels(fused=True): the kernels by name, numba's where numba imports (numba_available();
  loaded and compiled on first use), else numpy's: slower (several times on 2 v 2) and with
  temporaries a level in size.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

import numpy as np

_CHUNK = 4096  # rows per parallel task
Array = np.ndarray


def _rows(starts: np.ndarray, sizes: np.ndarray) -> list[tuple[int, int]]:
    """Return the (start, size) of each group as plain ints."""
    return [(int(s), int(n)) for s, n in zip(starts, sizes)]


def _scale(total: np.ndarray, uniform: np.ndarray, floor: float) -> tuple[np.ndarray, np.ndarray]:
    """Return (1/total, or 0 where total <= floor; uniform there, else 0): a probability is
    weight*scale + add. In float64, so that denormal float32 totals have finite inverses."""
    positive = total > floor
    scale = np.divide(1, total, out=np.zeros_like(total), where=positive)
    add = np.where(positive, 0.0, uniform[:, None].astype(np.float64))
    return scale, add


def _probabilities(
    liar_w: np.ndarray,
    bid_w: np.ndarray,
    uniform: np.ndarray,
    groups: list[tuple[int, int]],
    floor: float,
    root: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """Return the mover's probabilities (float64): of LIAR per row (0 at the root), and of
    each bid of the level below."""
    total = liar_w.astype(np.float64)
    for start, size in groups:
        total[:size] += bid_w[start : start + size]
    scale, add = _scale(total, uniform, floor)
    liar = np.zeros_like(total) if root else liar_w * scale + add
    bids = np.empty(bid_w.shape)
    for start, size in groups:
        bids[start : start + size] = bid_w[start : start + size] * scale[:size] + add[:size]
    return liar, bids


def policy_down_numpy(
    liar_w: np.ndarray,
    bid_w: np.ndarray,
    uniform: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    reach: np.ndarray,
    liar_reach: np.ndarray,
    reach_next: np.ndarray,
    sum_liar: np.ndarray,
    sum_bid: np.ndarray,
    weight: float,
    root: bool,
    floor: float,
) -> None:
    """Fill liar_reach and reach_next (and add to the sums if weight > 0); see the module."""
    groups = _rows(starts, sizes)
    liar, bids = _probabilities(liar_w, bid_w, uniform, groups, floor, root)
    np.multiply(liar, reach, out=liar_reach)
    for start, size in groups:
        np.multiply(bids[start : start + size], reach[:size], out=reach_next[start : start + size])
    if weight > 0:
        w = liar_reach.dtype.type(weight)
        sum_liar += w * liar_reach
        sum_bid += w * reach_next


def values_up_numpy(
    liar_w: np.ndarray,
    bid_w: np.ndarray,
    uniform: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    terminal: np.ndarray,
    below: np.ndarray,
    values: np.ndarray,
    update: bool,
    root: bool,
    floor: float,
) -> None:
    """Fill the mover's values (and update their regrets if `update`); see the module."""
    groups = _rows(starts, sizes)
    liar, bids = _probabilities(liar_w, bid_w, uniform, groups, floor, root)
    np.multiply(liar, terminal, out=values)
    for start, size in groups:
        values[:size] += bids[start : start + size] * below[start : start + size]
    if not update:
        return
    if not root:
        liar_w += terminal
        liar_w -= values
        np.maximum(liar_w, 0, out=liar_w)
    for start, size in groups:
        part = bid_w[start : start + size]
        part += below[start : start + size]
        part -= values[:size]
        np.maximum(part, 0, out=part)


def child_sum_numpy(
    starts: np.ndarray, sizes: np.ndarray, below: np.ndarray, out: np.ndarray
) -> None:
    """Add to each row of out the sum of its children's rows of `below`."""
    for start, size in _rows(starts, sizes):
        out[:size] += below[start : start + size]


def child_max_numpy(
    starts: np.ndarray, sizes: np.ndarray, below: np.ndarray, out: np.ndarray
) -> None:
    """Raise each row of out to the max of its children's rows of `below`."""
    for start, size in _rows(starts, sizes):
        part = out[:size]
        np.maximum(part, below[start : start + size], out=part)


def terminal_numpy(
    weights: np.ndarray,
    bids: np.ndarray,
    starts: np.ndarray,
    stops: np.ndarray,
    count_other: np.ndarray,
    count_own: np.ndarray,
    chance: np.ndarray,
    table: np.ndarray,
    out: np.ndarray,
) -> None:
    """Fill out with the terminal values: per chunk of rows challenged on one bid, the
    weights times the payoff matrix [other's hand, own hand] (see the module)."""
    for b, start, stop in zip(bids, starts, stops):
        matrix = table[b, count_other[:, b, None] + count_own[None, :, b]] * chance[:, None]
        np.matmul(weights[start:stop], matrix.astype(out.dtype), out=out[start:stop])


def _compile(numba: Any) -> dict[str, Callable[..., None]]:
    """Return the numba versions of the kernels, compiled on first call (cached on disk)."""
    Kernel = Callable[..., None]
    jit: Callable[[Kernel], Kernel] = numba.njit(parallel=True, cache=True, fastmath=False)
    prange = numba.prange

    @numba.njit(cache=True, inline="always")  # type: ignore[untyped-decorator]
    def row_scale(
        liar_w: Array, bid_w: Array, uniform: float, starts: Array, sizes: Array, j: int,
        floor: float, scale: Array, add: Array,
    ) -> None:  # fmt: skip
        """Fill row j's scale (1/total, or 0 at a total <= floor) and add (0, or uniform)."""
        for h in range(liar_w.shape[1]):
            scale[h] = liar_w[j, h]
        for i in range(len(starts)):
            if sizes[i] > j:
                for h in range(liar_w.shape[1]):
                    scale[h] += bid_w[starts[i] + j, h]
        for h in range(liar_w.shape[1]):
            if scale[h] > floor:
                scale[h] = 1 / scale[h]
                add[h] = 0.0
            else:
                scale[h] = 0.0
                add[h] = uniform

    @jit
    def policy_down(
        liar_w: Array, bid_w: Array, uniform: Array, starts: Array, sizes: Array, reach: Array,
        liar_reach: Array, reach_next: Array, sum_liar: Array, sum_bid: Array, weight: float,
        root: bool, floor: float,
    ) -> None:  # fmt: skip
        n, hands = liar_w.shape
        groups = len(starts)
        zero = 0.0
        for c in prange((n + _CHUNK - 1) // _CHUNK):
            scale = np.empty(hands, np.float64)  # float64: 1/denormal is finite
            add = np.empty(hands, np.float64)
            for j in range(c * _CHUNK, min(n, (c + 1) * _CHUNK)):
                row_scale(liar_w, bid_w, uniform[j], starts, sizes, j, floor, scale, add)
                for h in range(hands):
                    x = zero if root else (liar_w[j, h] * scale[h] + add[h]) * reach[j, h]
                    liar_reach[j, h] = x
                    if weight > 0:
                        sum_liar[j, h] += weight * x
                for i in range(groups):
                    if sizes[i] > j:
                        k = starts[i] + j
                        for h in range(hands):
                            x = (bid_w[k, h] * scale[h] + add[h]) * reach[j, h]
                            reach_next[k, h] = x
                            if weight > 0:
                                sum_bid[k, h] += weight * x

    @jit
    def values_up(
        liar_w: Array, bid_w: Array, uniform: Array, starts: Array, sizes: Array,
        terminal: Array, below: Array, values: Array, update: bool, root: bool, floor: float,
    ) -> None:  # fmt: skip
        n, hands = liar_w.shape
        groups = len(starts)
        zero = 0.0
        for c in prange((n + _CHUNK - 1) // _CHUNK):
            scale = np.empty(hands, np.float64)  # float64: 1/denormal is finite
            add = np.empty(hands, np.float64)
            for j in range(c * _CHUNK, min(n, (c + 1) * _CHUNK)):
                row_scale(liar_w, bid_w, uniform[j], starts, sizes, j, floor, scale, add)
                for h in range(hands):
                    v = zero if root else (liar_w[j, h] * scale[h] + add[h]) * terminal[j, h]
                    values[j, h] = v
                for i in range(groups):
                    if sizes[i] > j:
                        k = starts[i] + j
                        for h in range(hands):
                            values[j, h] += (bid_w[k, h] * scale[h] + add[h]) * below[k, h]
                if not update:
                    continue
                for h in range(hands):
                    if not root:
                        r = liar_w[j, h] + terminal[j, h] - values[j, h]
                        liar_w[j, h] = r if r > zero else zero
                for i in range(groups):
                    if sizes[i] > j:
                        k = starts[i] + j
                        for h in range(hands):
                            r = bid_w[k, h] + below[k, h] - values[j, h]
                            bid_w[k, h] = r if r > zero else zero

    @jit
    def child_sum(starts: Array, sizes: Array, below: Array, out: Array) -> None:
        n, hands = out.shape
        for c in prange((n + _CHUNK - 1) // _CHUNK):
            for j in range(c * _CHUNK, min(n, (c + 1) * _CHUNK)):
                for i in range(len(starts)):
                    if sizes[i] > j:
                        for h in range(hands):
                            out[j, h] += below[starts[i] + j, h]

    @jit
    def child_max(starts: Array, sizes: Array, below: Array, out: Array) -> None:
        n, hands = out.shape
        for c in prange((n + _CHUNK - 1) // _CHUNK):
            for j in range(c * _CHUNK, min(n, (c + 1) * _CHUNK)):
                for i in range(len(starts)):
                    if sizes[i] > j:
                        for h in range(hands):
                            x = below[starts[i] + j, h]
                            if x > out[j, h]:
                                out[j, h] = x

    @jit
    def terminal(
        weights: Array, bids: Array, starts: Array, stops: Array, count_other: Array,
        count_own: Array, chance: Array, table: Array, out: Array,
    ) -> None:  # fmt: skip
        others, owns = weights.shape[1], out.shape[1]
        for c in prange(len(bids)):
            b = bids[c]
            by_count = np.empty(table.shape[1], np.float64)  # the other's weight per count
            for j in range(starts[c], stops[c]):
                by_count[:] = 0.0
                for h in range(others):
                    by_count[count_other[h, b]] += weights[j, h] * chance[h]
                for h in range(owns):
                    k = count_own[h, b]
                    v = 0.0
                    for n in range(table.shape[1] - k):
                        v += by_count[n] * table[b, n + k]
                    out[j, h] = v

    return {
        "terminal": terminal,
        "policy_down": policy_down,
        "values_up": values_up,
        "child_sum": child_sum,
        "child_max": child_max,
    }


NUMPY: dict[str, Callable[..., None]] = {
    "terminal": terminal_numpy,
    "policy_down": policy_down_numpy,
    "values_up": values_up_numpy,
    "child_sum": child_sum_numpy,
    "child_max": child_max_numpy,
}

_FUSED: dict[str, Callable[..., None]] = {}


def numba_available() -> bool:
    """Return True if numba imports (then kernels() compiles the fused kernels)."""
    return importlib.util.find_spec("numba") is not None


def kernels(fused: bool = True) -> dict[str, Callable[..., None]]:
    """Return the kernels by name: the numba ones if `fused` and numba imports (compiled on
    first use, cached on disk), else numpy's."""
    if not fused or not numba_available():
        return NUMPY
    if not _FUSED:
        _FUSED.update(_compile(importlib.import_module("numba")))
    return _FUSED
