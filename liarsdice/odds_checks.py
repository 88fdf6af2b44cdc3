"""Checking the odds' input: one seat's view, a bid and the rules, refused quoting the input.

Shared by liarsdice.odds and its parts (odds_counts, odds_costs); check_rules and check_bid
also by liarsdice.inference (odds re-exports them). Each returns the checked value or raises
ValueError (ArgumentTypeError for a wrong kind) quoting the input:
- check_rules(rules): a Rules (a preset name is looked up).
- check_bid(bid, rules): a Bid (text such as "3x5" is parsed) of quantity 1..MAX_QUANTITY.
- check_dice(name, value, exact): a number of dice 0..MAX_UNKNOWN (MAX_EXACT_UNKNOWN if exact).
- check_known(known, unknown, exact): the faces seen, no more than the table may hold.
- check_view(rules, unknown, known, exact, palifico): one seat's view, every part checked.
- Probability: float | Fraction, the type of a chance (exact or not).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from liarsdice.bids import Bid
from liarsdice.checks import check_faces, check_flag, check_integer, check_text, quote
from liarsdice.errors import ArgumentTypeError, InvalidBidError
from liarsdice.limits import MAX_EXACT_UNKNOWN, MAX_QUANTITY, MAX_UNKNOWN
from liarsdice.rules import Rules, resolve

Probability = float | Fraction


def check_rules(rules: object) -> Rules:
    """Return `rules` as Rules (a preset name is looked up); raise quoting anything else."""
    if isinstance(rules, Rules | str):
        return resolve(rules)
    raise ArgumentTypeError(
        f"rules={quote(rules)}: expected a Rules, such as liarsdice.preset('blef'), or a preset name"
    )


def _dice_limit(exact: bool) -> tuple[int, str]:
    """Return the most dice an odds computation takes, and the limit's name."""
    return (MAX_EXACT_UNKNOWN, "MAX_EXACT_UNKNOWN") if exact else (MAX_UNKNOWN, "MAX_UNKNOWN")


def check_dice(name: str, value: object, exact: bool = False) -> int:
    """Return `value` as an int if it is an integer 0..MAX_UNKNOWN (MAX_EXACT_UNKNOWN when
    exact); else raise ValueError (ArgumentTypeError for a wrong kind) quoting it."""
    number = check_integer(name, value, low=0)
    limit, limit_name = _dice_limit(exact)
    if number > limit:
        kind = "exact" if exact else "float"
        raise ValueError(
            f"{name}={quote(value)}: more than {limit_name} = {limit:,} dice for {kind} odds"
        )
    return number


def check_known(known: object, unknown: int = 0, exact: bool = False) -> tuple[int, ...]:
    """Return the known dice as a tuple of ints (faces 1..6), refusing more than the table may
    hold: unknown + len(known) <= MAX_UNKNOWN (MAX_EXACT_UNKNOWN when exact)."""
    limit, limit_name = _dice_limit(exact)
    room = limit - unknown
    if isinstance(known, str | bytes) or not hasattr(known, "__iter__"):
        return check_faces("known", known)  # raises, quoting it
    if hasattr(known, "__len__"):
        size = len(known)
    else:  # an iterator: read no more than the limit allows, plus one
        known = tuple(itertools.islice(known, room + 1))
        size = len(known)
    if size > room:
        raise ValueError(
            f"known={quote(known)}: {unknown:,} unknown and {size:,}{'+' * (size == room + 1)} "
            f"known dice make more than {limit_name} = {limit:,} dice"
        )
    return check_faces("known", known)


def check_bid(bid: object, rules: Rules) -> Bid:
    """Return `bid` as a Bid (text such as "3x5" is parsed) of quantity 1..MAX_QUANTITY; raise
    ValueError (ArgumentTypeError for a wrong kind) quoting it."""
    if isinstance(bid, str):
        bid = Bid.parse(check_text("bid", bid), rules=rules)
    elif not isinstance(bid, Bid):
        raise ArgumentTypeError(f"bid={quote(bid)}: expected a Bid or text such as '3x5'")
    if bid.quantity > MAX_QUANTITY:
        raise InvalidBidError(f"bid={quote(bid)}: a quantity above MAX_QUANTITY = {MAX_QUANTITY:,}")
    return bid


def check_view(
    rules: object, unknown: object, known: object, exact: object, palifico: object
) -> tuple[Rules, int, tuple[int, ...], bool, bool]:
    """Return one seat's view checked: rules, unknown, known, exact, palifico."""
    exact, palifico = check_flag("exact", exact), check_flag("palifico", palifico)
    rules, n = check_rules(rules), check_dice("unknown", unknown, exact)
    return rules, n, check_known(known, n, exact), exact, palifico
