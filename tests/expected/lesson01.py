"""Independent computations of lesson 01's answers: the board written out by hand, field by
field (plain field n holds n of each plain face, lowest face first; the field of k wilds comes
right after the plain field 2k - 1), without the library's ranks."""

from __future__ import annotations

from liarsdice import Bid
from liarsdice.teach.lesson01 import count_ways

BLEF_PLAIN, BLEF_WILD = (2, 3, 4, 5, 6), 1  # aces wild
BLUFF_PLAIN, BLUFF_WILD = (1, 2, 3, 4, 5), 6  # Bluff's star dice: the six is the star


def board(plain: tuple[int, ...], wild: int, top: int = 30) -> list[Bid]:
    """Return the board's bids in order, up to the plain field `top`, written out by hand."""
    bids: list[Bid] = []
    for n in range(1, top + 1):
        bids += [Bid(n, face) for face in plain]
        if n % 2 == 1:  # the field of k wilds follows the plain field 2k - 1
            bids.append(Bid((n + 1) // 2, wild))
    return bids


BLEF_BOARD = board(BLEF_PLAIN, BLEF_WILD)
BLUFF_BOARD = board(BLUFF_PLAIN, BLUFF_WILD)


def above(bids: list[Bid], bid: Bid) -> list[Bid]:
    """Return the bids that come after `bid` on this board (its raises)."""
    return bids[bids.index(bid) + 1 :]


def fewest_of(face: int, after: Bid) -> int:
    """Return the fewest dice of `face` that raise `after` on Blef's board."""
    return min(b.quantity for b in above(BLEF_BOARD, after) if b.face == face)


def not_a_raise() -> str:
    """Return the letter of the option that does not come after 7 sixes on the board."""
    options = {"a": Bid(8, 2), "b": Bid(4, 1), "c": Bid(7, 5), "d": Bid(12, 3)}
    raises = above(BLEF_BOARD, Bid(7, 6))
    (letter,) = [k for k, b in options.items() if b not in raises]
    return letter


EXPECTED = {
    "01.halve_nine": lambda: fewest_of(BLEF_WILD, Bid(9, 3)),
    "01.double_seven_aces": lambda: fewest_of(3, Bid(7, BLEF_WILD)),
    "01.after_fifteen_sixes": lambda: above(BLEF_BOARD, Bid(15, 6))[0],  # the id predates 15
    "01.not_a_raise": not_a_raise,
    "01.rank_of_ten_twos": lambda: BLEF_BOARD.index(Bid(10, 2)),
    "01.bluff_after_thirteen_fives": lambda: above(BLUFF_BOARD, Bid(13, 5))[0],
    "01.count_ways": lambda: count_ways,  # the student's function: tests/test_teach_lesson01.py
}
