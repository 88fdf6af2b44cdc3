"""Settlement: who loses (or gains) how many dice when a bid is challenged or called exact.

- Settlement: the outcome of one round (new dice counts, dice lost per seat, winner, loser,
  next opener, an explanation in the language in force: liarsdice.i18n, English by default).
- outcome(rules, dice, bidder, caller, bid, count, call="challenge"): a challenge's or a
  calza's whole outcome, the ONE function the engine, settle, settle_calza, the bots' costs
  (liarsdice.botkit) and the endgame's transitions read; outcome_unchecked for checked
  arguments. The dice a challenge costs come from rules.dice_owed (the loss and exact
  options, and any option a Rules subclass adds); the explanation is written from the dice
  actually lost.
- settle(rules, dice, bidder, challenger, bid, count): a challenge (outcome, call="challenge").
- settle_every_count(rules, dice, bidder, challenger, bid): the settlement of each possible
  count, the arguments checked once (cached; what a challenge costs is their weighted sum).
- settle_calza(rules, dice, caller, bid, count): Perudo's calza call (outcome, call="calza").
- next_round(rules, before, settlement, had_palifico) -> RoundStart: the next round's opener
  and whether it is a palifico round, for the engine and the endgame.
- next_seat_with_dice(dice, seat): the seat itself, or the next one clockwise that has dice.
- Shared, unchecked (for checked arguments only): dice_owed(rules, table, bidder,
  challenger, difference), apply_owed(table, change, cap) and next_seat_unchecked(dice, seat).

All functions are pure: they take dice counts per seat and return new values.

Checks: rules is a Rules or a preset name; dice holds 2..rules.max_players seats, each
0..limits.MAX_SEAT_DICE dice (an analysis may pool the other players as one seat), some seat holding dice; seats are 0..seats - 1 and hold dice; bid is a Bid or bid text;
count is 0..sum(dice). Wrong kinds raise ArgumentTypeError, bad values ValueError, quoting the input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from liarsdice.bids import Bid, as_bid
from liarsdice.checks import check_choice, check_counts, check_integer, quote
from liarsdice.i18n import language, n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_PLAYERS_LIMIT, MAX_SEAT_DICE
from liarsdice.rules import Rules, resolve


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
    """Return "1 die" or "n dice" (what a seat loses; in the language in force)."""
    return n_("{n} die", "{n} dice", n).format(n=n)


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
    rules: Rules | str, dice: Sequence[int], seats: dict[str, object], bid: object, count: int
) -> tuple[Rules, tuple[int, ...], dict[str, int], Bid, int]:
    """Return the rules, the dice, the seats, the bid and the count after checking every
    argument; raise ArgumentTypeError or ValueError quoting a bad one."""
    rules = resolve(rules)
    table = _seats("dice", dice, high=rules.max_players)
    rules.start_dice(len(table))  # a box too small for this many seats is refused here
    if max(table) > MAX_SEAT_DICE:
        raise ValueError(f"dice={quote(dice)}: a seat holds at most {MAX_SEAT_DICE} dice")
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
            2..rules.max_players seats, each 0..MAX_SEAT_DICE (limits.MAX_SEAT_DICE).
        bidder: the seat that made the bid, 0..seats - 1, holding dice.
        challenger: the seat that challenged it (another seat holding dice).
        bid: the challenged bid, a Bid or bid text.
        count: the true joker-inclusive count of the bid's face on the table, 0..sum(dice).
    """
    rules, table, seats, bid, count = _check_table(
        rules, dice, {"bidder": bidder, "challenger": challenger}, bid, count
    )
    return outcome_unchecked(rules, table, seats["bidder"], seats["challenger"], bid, count)


def settle_every_count(
    rules: Rules, dice: Sequence[int], bidder: int, challenger: int, bid: Bid
) -> tuple[Settlement, ...]:
    """Return the settlement of a challenge of `bid` for every count 0..sum(dice), in order
    (the arguments checked once, as settle checks them; odds.challenge_cost weighs them by
    their chances)."""
    rules, table, seats, bid, _count = _check_table(
        rules, dice, {"bidder": bidder, "challenger": challenger}, bid, 0
    )
    every = _every_count if sum(table) <= CACHED_TOTAL else _every_count.__wrapped__
    return every(rules, table, seats["bidder"], seats["challenger"], bid, language())


# Only tables a game can hold are cached: 4,096 entries of 10,000 settlements would take GBs.
CACHED_TOTAL = 200


@lru_cache(maxsize=4096)
def _every_count(
    rules: Rules, table: tuple[int, ...], bidder: int, challenger: int, bid: Bid, lang: str
) -> tuple[Settlement, ...]:
    """Return settle_every_count's settlements, for checked arguments (cached per language:
    `lang`, the language in force, keys the cache, so the explanations are in it)."""
    return tuple(
        outcome_unchecked(rules, table, bidder, challenger, bid, count)
        for count in range(sum(table) + 1)
    )


def dice_owed(
    rules: Rules, table: tuple[int, ...], bidder: int, challenger: int, difference: int
) -> dict[int, int]:
    """Return the dice each seat owes (-1: receives one) when a challenge finds the count minus
    the bid's quantity `difference`, before capping: rules.dice_owed, the one place the loss and
    exact options (and an option a Rules subclass adds) decide it."""
    return rules.dice_owed(table, bidder, challenger, difference)


def _losses_text(lost: tuple[int, ...]) -> str:
    """Return who lost or gained what: "seat 2 loses 2 dice", "seats 1 and 3 lose 1 die each"."""
    by_loss: dict[int, list[int]] = {}
    for seat, n in enumerate(lost):
        if n > 0:
            by_loss.setdefault(n, []).append(seat)
    parts = []
    for n, seats in by_loss.items():
        if len(seats) == 1:
            said = _("seat {seat} loses {dice}")
            parts.append(said.format(seat=seats[0], dice=_dice_word(n)))
        else:
            names = _("{seats} and {last}").format(
                seats=", ".join(map(str, seats[:-1])), last=seats[-1]
            )
            parts.append(
                _("seats {seats} lose {dice} each").format(seats=names, dice=_dice_word(n))
            )
    gains = _("seat {seat} gains a die")
    parts += [gains.format(seat=seat) for seat, n in enumerate(lost) if n < 0]
    return "; ".join(parts) or _("nobody loses a die")


CALLS = ("challenge", "calza")


def outcome(
    rules: Rules,
    dice: Sequence[int],
    bidder: int | None,
    caller: int,
    bid: Bid,
    count: int,
    call: str = "challenge",
) -> Settlement:
    """Return a call's whole outcome: each seat's dice change, who won and lost, the next
    opener and why, in one English line. settle, settle_calza, the engine, the bots' costs
    (liarsdice.botkit) and the endgame's transitions all read this one function.

    Args:
        rules: a Rules or a preset name; its dice_owed (the loss and exact options) decides a
            challenge's dice, next_opener the opener.
        dice: dice counts per seat before settlement (an empty seat stays, with 0):
            2..rules.max_players seats, each 0..MAX_SEAT_DICE.
        bidder: the seat that made the bid, holding dice (a calza ignores it: None is fine).
        caller: the seat that challenged or called calza, holding dice, not the bidder.
        bid: the bid called, a Bid or bid text.
        count: the true joker-inclusive count of the bid's face on the table, 0..sum(dice).
        call: "challenge" or "calza".
    """
    call = check_choice("call", call, CALLS)
    seats: dict[str, object] = {"caller": caller}
    if call == "challenge":
        seats = {"bidder": bidder, "caller": caller}
    rules, table, checked, bid, count = _check_table(rules, dice, seats, bid, count)
    return outcome_unchecked(
        rules, table, checked.get("bidder"), checked["caller"], bid, count, call
    )


def outcome_unchecked(
    rules: Rules,
    table: tuple[int, ...],
    bidder: int | None,
    caller: int,
    bid: Bid,
    count: int,
    call: str = "challenge",
) -> Settlement:
    """Return outcome(...) for checked arguments (the engine's and botkit's path)."""
    cap = rules.start_dice(len(table))
    q = bid.quantity
    if call == "calza":
        right = count == q
        new, lost = apply_owed(table, {caller: -1 if right else 1}, cap)
        said = _("calza on {bid}, {count} on the table").format(
            bid=rules.describe(bid), count=count
        )
        if right and lost[caller]:
            text = _("{said}: exactly right, seat {seat} gains a die")
        elif right:
            text = _(
                "{said}: exactly right, seat {seat} is at the starting {cap} dice and gains none"
            )
        else:
            text = _("{said}: wrong, {losses}")
        text = text.format(said=said, seat=caller, cap=cap, losses=_losses_text(lost))
        winner, loser = (caller, None) if right else (None, caller)
        return Settlement(new, lost, winner, loser, next_seat_unchecked(new, caller), text)
    assert bidder is not None  # a challenge answers a bidder's bid
    right = count >= q  # the bid was true: the challenger loses
    loser, winner = (caller, bidder) if right else (bidder, caller)
    owed = rules.dice_owed(table, bidder, caller, count - q)
    new, lost = apply_owed(table, owed, cap)
    said = _("{bid} bid, {count} on the table").format(bid=rules.describe(bid), count=count)
    losing = [seat for seat, n in enumerate(lost) if n > 0]
    exact = count == q and rules.loss != "one"
    if exact and rules.exact == "challenger_to_bidder" and lost[caller] == 1:
        text = _("{said}, exactly: the challenger, seat {caller}, gives a die to seat {bidder}")
        if lost[bidder] == 0:
            text += " " + _(
                "(seat {bidder} is at the starting {cap} dice, so the die leaves the game)"
            )
        text = text.format(said=said, caller=caller, bidder=bidder, cap=cap)
    elif (
        exact
        and bidder not in losing
        and all(lost[seat] == 1 for seat in losing)
        and all(
            lost[seat] == 1 or (n == 1 and seat != caller and rules.exact == "last_die_protected")
            for seat, n in enumerate(table)
            if n and seat != bidder
        )
    ):
        text = _("{said}, exactly: every player but the bidder, seat {bidder}, loses 1 die")
        text = text.format(said=said, bidder=bidder)
        if rules.exact == "last_die_protected":
            text += " " + _("(a last die is kept, except the challenger's)")
    elif exact:
        text = _("{said}, exactly: {losses}").format(said=said, losses=_losses_text(lost))
    elif losing in ([loser], []):
        if right:
            text = _("{said}: the challenger, seat {seat}, loses {dice}")
        else:
            text = _("{said}: the bidder, seat {seat}, loses {dice}")
        text = text.format(said=said, seat=loser, dice=_dice_word(lost[loser]))
        if 0 <= lost[loser] < owed.get(loser, 0) and lost[loser] == table[loser]:
            owing = _("(owed {owed}, but those are all the dice seat {seat} has)")
            text += " " + owing.format(owed=owed[loser], seat=loser)
    else:
        text = _("{said}: {losses}").format(said=said, losses=_losses_text(lost))
    if rules.next_opener == "loser":
        winner_or_loser = losing[0] if len(losing) == 1 else caller
    else:
        winner_or_loser = winner
    return Settlement(new, lost, winner, loser, next_seat_unchecked(new, winner_or_loser), text)


def settle_calza(
    rules: Rules, dice: Sequence[int], caller: int, bid: Bid, count: int
) -> Settlement:
    """Return the settlement of a calza: the caller gains a die if count == bid, else loses one
    (outcome with call="calza").

    rules: a Rules or a preset name; dice: 2..rules.max_players seats, each 0..MAX_SEAT_DICE
    dice; caller: a seat 0..seats - 1 holding dice; bid: a Bid or bid text; count: 0..sum(dice).
    """
    return outcome(rules, dice, None, caller, bid, count, "calza")


@dataclass(frozen=True)
class RoundStart:
    """How the next round starts: its opener, whether it is a palifico round, and the seats
    that have had their palifico round so far."""

    opener: int
    palifico: bool
    had_palifico: frozenset[int]


def next_round(
    rules: Rules,
    before: tuple[int, ...],
    result: Settlement,
    had_palifico: frozenset[int] = frozenset(),
) -> RoundStart:
    """Return the next round's start after `result` settled a round played with `before` dice
    (checked arguments): the settlement's opener, unless under palifico a seat first drops to
    one die; then the first such seat clockwise from that opener opens a palifico round, and
    each seat that dropped has had its turn. The engine and the endgame both read it."""
    if not rules.palifico:
        return RoundStart(result.next_opener, False, had_palifico)
    dropped = [
        seat
        for seat, n in enumerate(result.dice)
        if n == 1 and before[seat] > 1 and seat not in had_palifico
    ]
    if not dropped:
        return RoundStart(result.next_opener, False, had_palifico)
    seats = len(before)
    opener = min(dropped, key=lambda s: (s - result.next_opener) % seats)
    return RoundStart(opener, True, had_palifico | frozenset(dropped))


def next_seat_unchecked(dice: tuple[int, ...], seat: int) -> int:
    """Return next_seat_with_dice(dice, seat) for checked arguments."""
    n = len(dice)
    for step in range(n):
        candidate = (seat + step) % n
        if dice[candidate] > 0:
            return candidate
    raise ValueError(f"dice {dice!r}: no seat has dice left")
