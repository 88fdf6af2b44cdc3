"""The count of rolls behind exercise 01.count_ways (registered by lesson01): the reference the
student's ways(n, q, face) is compared with, the cases it is called on, the worked solution and
the usual wrong counts.

- count_ways(n, q, face) -> int: the rolls of n dice holding at least q dice that count for a
  face in Blef, the library's exact chance times 6^n.
- WAYS_CASES: the (n, q, face) cases the grader calls, none printed by the lesson.
- WORKED_COUNT_WAYS: the worked solution, a notebook cell as a student writes it.
- ways_wild_forgotten, ways_exactly, ways_more_than: the counts of the usual mistakes (the
  aces not counted, "exactly" and "more than" read for "at least").
"""

from __future__ import annotations

import math

from liarsdice import odds
from liarsdice.bids import Bid
from liarsdice.rules import preset

WAYS_CASES = (  # Blef; (n, q, face) the lesson does not print
    {"n": 3, "q": 2, "face": 4},
    {"n": 4, "q": 1, "face": 1},  # the wild face: aces alone
    {"n": 5, "q": 3, "face": 2},
    {"n": 2, "q": 2, "face": 6},
)


WORKED_COUNT_WAYS = '''\
from itertools import product

# Go through all 6**n equally likely rolls and count those with at least q dice that count for
# face: a die counts if it shows face, or an ace (wild) when face is not aces.


def ways(n, q, face):
    """Return how many of the 6**n rolls of n dice hold at least q dice counting for face."""
    counting = {face} if face == 1 else {face, 1}
    total = 0
    for roll in product(range(1, 7), repeat=n):
        matches = sum(1 for die in roll if die in counting)
        if matches >= q:
            total += 1
    return total


answer = ways
'''  # the worked solution: a notebook cell, as a student writes it


def count_ways(n: int, q: int, face: int) -> int:
    """Return how many of the 6^n rolls of n dice hold at least q dice counting for `face` in
    Blef: the library's exact chance times 6^n."""
    chance = odds.bid_probability(Bid(q, face), preset("blef"), n, exact=True)
    return int(chance * 6**n)


def _ways_with(n: int, q: int, matching: int, at_least: bool = True) -> int:
    """Return the rolls of n dice in which at least (or exactly) q dice show one of `matching`
    faces of six: sum over j of C(n, j) matching^j (6 - matching)^(n - j)."""
    top = n if at_least else q
    return sum(math.comb(n, j) * matching**j * (6 - matching) ** (n - j) for j in range(q, top + 1))


def ways_wild_forgotten(n: int, q: int, face: int) -> int:
    """Return the count with the aces not counted: the face alone matches."""
    return _ways_with(n, q, 1)


def ways_exactly(n: int, q: int, face: int) -> int:
    """Return the rolls with exactly q matches: "exactly" read for "at least"."""
    return _ways_with(n, q, 1 if face == 1 else 2, at_least=False)


def ways_more_than(n: int, q: int, face: int) -> int:
    """Return the rolls with more than q matches: "more than" read for "at least"."""
    return _ways_with(n, q + 1, 1 if face == 1 else 2)
