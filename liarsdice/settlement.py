"""Settlement: who loses (or gains) how many dice when a bid is challenged or called exact.

- Settlement: the outcome of one round (new dice counts, dice lost per seat, winner, loser,
  next opener, an English explanation).
- settle(rules, dice, bidder, challenger, bid, count): a challenge, under the rules' loss,
  exact and next_opener options.
- settle_every_count(rules, dice, bidder, challenger, bid): the settlement of each possible
  count, the arguments checked once (cached; what a challenge costs is their weighted sum).
- settle_calza(rules, dice, caller, bid, count): Perudo's calza call.
- next_seat_with_dice(dice, seat): the seat itself, or the next one clockwise that has dice.
- Shared with liarsdice.botkit, unchecked (for checked arguments only): dice_owed(rules,
  table, bidder, challenger, difference), apply_owed(table, change, cap) and
  next_seat_unchecked(dice, seat), the steps settle takes.

All functions are pure: they take dice counts per seat and return new values.

Checks: rules is a Rules or a preset name; dice holds 2..rules.max_players seats, each
0..rules.MAX_DICE dice, some seat holding dice; seats are 0..seats - 1 and hold dice; bid is a Bid or bid text; count is
0..sum(dice). Wrong kinds raise ArgumentTypeError, bad values ValueError, quoting the input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_counts, check_integer, quote
from liarsdice.rules import MAX_DICE, MAX_PLAYERS_LIMIT, Rules, resolve


@dataclass(frozen=True)
class Settlement:
    """The outcome of a round: new dice counts per seat and why."""

    dice: tuple[int, ...]
    lost: tuple[int, ...]  # dice lost per seat; -1 means the seat gained a die
    winner: int | None  # the seat that won the challenge (None: a failed calza)
    loser: int | None  # the seat that lost the challenge (None: a right calza)
    next_opener: int
    explanation: str


def _dice_word(n: int) -> str:
    """Return "1 die" or "n dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def next_seat_with_dice(dice: Sequence[int], seat: int) -> int:
    """Return `seat` if it has dice, else the next seat clockwise (increasing) that has dice.

    dice: 1..MAX_PLAYERS_LIMIT integers >= 0 (dice per seat), some seat with dice;
    seat: an integer 0..len(dice) - 1.
    """
    dice = _seats("dice", dice, low=1)
    return next_seat_unchecked(dice, check_integer("seat", seat, 0, len(dice) - 1))


def _seats(name: str, dice: object, low: int = 2, high: int = MAX_PLAYERS_LIMIT) -> tuple[int, ...]:
    """Return dice per seat as a tuple of ints, low..high seats (the length checked first)."""
    sized = hasattr(dice, "__len__") and not isinstance(dice, str | bytes)
    if sized and len(dice) > high:  # type: ignore[arg-type]
        raise ValueError(f"{name}={quote(dice)}: expected {low}..{high} seats")
    table = check_counts(name, dice, low=0, size=low)
    if len(table) > high:
        raise ValueError(f"{name}={quote(dice)}: expected {low}..{high} seats")
    if not any(table):
        raise ValueError(f"{name}={quote(dice)}: no seat has dice left")
    return table


def _check_table(
    rules: Rules | str, dice: Sequence[int], seats: dict[str, int], bid: object, count: int
) -> tuple[Rules, tuple[int, ...], dict[str, int], Bid, int]:
    """Return the rules, the dice, the seats, the bid and the count after checking every
    argument; raise ArgumentTypeError or ValueError quoting a bad one."""
    rules = resolve(rules)
    table = _seats("dice", dice, high=rules.max_players)
    rules.start_dice(len(table))  # a box too small for this many seats is refused here
    if max(table) > MAX_DICE:
        raise ValueError(f"dice={quote(dice)}: a seat holds at most {MAX_DICE} dice")
    checked = {}
    for role, seat in seats.items():
        checked[role] = check_integer(role, seat, 0, len(table) - 1)
        if table[checked[role]] == 0:
            raise ValueError(f"{role}={quote(seat)}: not a seat with dice in {table!r}")
    if len(set(checked.values())) != len(checked):
        raise ValueError(f"seats {seats!r}: the bidder and the challenger must differ")
    bid = as_bid("bid", bid, rules)
    return rules, table, checked, bid, check_integer("count", count, 0, sum(table))


def apply_owed(
    table: tuple[int, ...], change: dict[int, int], cap: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the new dice and the dice lost per seat; change maps seat -> dice lost (<0: gain)."""
    new = list(table)
    lost = [0] * len(table)
    for seat, loss in change.items():
        loss = min(loss, table[seat])  # nobody loses more dice than they have
        if loss < 0 and table[seat] - loss > cap:
            loss = 0  # a gained die above the starting dice leaves the game instead
        new[seat] -= loss
        lost[seat] = loss
    return tuple(new), tuple(lost)


def settle(
    rules: Rules, dice: Sequence[int], bidder: int, challenger: int, bid: Bid, count: int
) -> Settlement:
    """Return the settlement of a challenge of `bid` when the table holds `count` matching dice.

    Args:
        rules: a Rules or a preset name; the loss, exact and next_opener options decide the
            outcome.
        dice: dice counts per seat before settlement (an empty seat stays, with 0):
            2..rules.max_players seats, each 0..MAX_DICE (rules.MAX_DICE).
        bidder: the seat that made the bid, 0..seats - 1, holding dice.
        challenger: the seat that challenged it (another seat holding dice).
        bid: the challenged bid, a Bid or bid text.
        count: the true joker-inclusive count of the bid's face on the table, 0..sum(dice).
    """
    rules, table, seats, bid, count = _check_table(
        rules, dice, {"bidder": bidder, "challenger": challenger}, bid, count
    )
    return _settle(rules, table, seats["bidder"], seats["challenger"], bid, count)


def settle_every_count(
    rules: Rules, dice: Sequence[int], bidder: int, challenger: int, bid: Bid
) -> tuple[Settlement, ...]:
    """Return the settlement of a challenge of `bid` for every count 0..sum(dice), in order
    (the arguments checked once, as settle checks them; odds.challenge_cost weighs them by
    their chances)."""
    rules, table, seats, bid, _ = _check_table(
        rules, dice, {"bidder": bidder, "challenger": challenger}, bid, 0
    )
    every = _every_count if sum(table) <= CACHED_TOTAL else _every_count.__wrapped__
    return every(rules, table, seats["bidder"], seats["challenger"], bid)


# Only tables a game can hold are cached: 4,096 entries of 10,000 settlements would take GBs.
CACHED_TOTAL = 200


@lru_cache(maxsize=4096)
def _every_count(
    rules: Rules, table: tuple[int, ...], bidder: int, challenger: int, bid: Bid
) -> tuple[Settlement, ...]:
    """Return settle_every_count's settlements, for checked arguments (cached)."""
    return tuple(
        _settle(rules, table, bidder, challenger, bid, count) for count in range(sum(table) + 1)
    )


def dice_owed(
    rules: Rules, table: tuple[int, ...], bidder: int, challenger: int, difference: int
) -> dict[int, int]:
    """Return the dice each seat owes (-1: receives one) when the count minus the bid's
    quantity is `difference`, before capping: the rules' loss and exact options in one place."""
    if rules.loss == "one":
        return {challenger if difference >= 0 else bidder: 1}
    if difference != 0:
        return {challenger if difference > 0 else bidder: abs(difference)}
    if rules.exact == "challenger_to_bidder":
        return {challenger: 1, bidder: -1}
    protect = rules.exact == "last_die_protected"
    return {
        seat: 1
        for seat, n in enumerate(table)
        if seat != bidder and n > 0 and not (protect and n == 1 and seat != challenger)
    }


def _settle(
    rules: Rules, table: tuple[int, ...], bidder: int, challenger: int, bid: Bid, count: int
) -> Settlement:
    """Return settle's settlement, for checked arguments."""
    cap = rules.start_dice(len(table))
    q = bid.quantity
    said = f"{rules.describe(bid)} bid, {count} on the table"
    change = dice_owed(rules, table, bidder, challenger, count - q)
    if rules.loss == "one":
        right = count >= q
        loser = challenger if right else bidder
        role = "the challenger" if right else "the bidder"
        text = f"{said}: {role}, seat {loser}, loses 1 die"
    elif count != q:
        right = count > q
        loser = challenger if right else bidder
        role = "the challenger" if right else "the bidder"
        text = (
            f"{said}: {role}, seat {loser}, loses {_dice_word(min(abs(count - q), table[loser]))}"
        )
    else:
        right, loser = True, challenger
        if rules.exact == "challenger_to_bidder":
            text = (
                f"{said}, exactly: the challenger, seat {challenger}, gives a die to seat {bidder}"
            )
        else:
            text = f"{said}, exactly: every player but the bidder, seat {bidder}, loses 1 die"
            if rules.exact == "last_die_protected":
                text += " (a last die is kept, except the challenger's)"
    new, lost = apply_owed(table, change, cap)
    if count != q and lost[loser] < change[loser]:
        text += f" (owed {change[loser]}, but those are all the dice seat {loser} has)"
    if rules.exact == "challenger_to_bidder" and count == q and lost[bidder] == 0:
        text += f" (seat {bidder} is at the starting {cap} dice, so the die leaves the game)"
    winner = bidder if right else challenger
    if rules.next_opener == "winner":
        opener = winner
    else:
        losers = [seat for seat, n in enumerate(lost) if n > 0]
        opener = losers[0] if len(losers) == 1 else challenger
    opener = next_seat_unchecked(new, opener)
    return Settlement(new, lost, winner, loser, opener, text)


def settle_calza(
    rules: Rules, dice: Sequence[int], caller: int, bid: Bid, count: int
) -> Settlement:
    """Return the settlement of a calza: the caller gains a die if count == bid, else loses one.

    rules: a Rules or a preset name; dice: 2..rules.max_players seats, each 0..MAX_DICE
    dice; caller: a seat 0..seats - 1 holding dice; bid: a Bid or
    bid text; count: 0..sum(dice).
    """
    rules, table, seats, bid, count = _check_table(rules, dice, {"caller": caller}, bid, count)
    caller = seats["caller"]
    cap = rules.start_dice(len(table))
    said = f"calza on {rules.describe(bid)}, {count} on the table"
    if count == bid.quantity:
        new, lost = apply_owed(table, {caller: -1}, cap)
        gained = "gains a die" if lost[caller] else f"is at the starting {cap} dice and gains none"
        text = f"{said}: exactly right, seat {caller} {gained}"
        winner, loser = caller, None
    else:
        new, lost = apply_owed(table, {caller: 1}, cap)
        text = f"{said}: wrong, seat {caller} loses 1 die"
        winner, loser = None, caller
    opener = next_seat_unchecked(new, caller)
    return Settlement(new, lost, winner, loser, opener, text)


def next_seat_unchecked(dice: tuple[int, ...], seat: int) -> int:
    """Return next_seat_with_dice(dice, seat) for checked arguments."""
    n = len(dice)
    for step in range(n):
        candidate = (seat + step) % n
        if dice[candidate] > 0:
            return candidate
    raise ValueError(f"dice {dice!r}: no seat has dice left")
