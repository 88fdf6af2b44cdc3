"""A turn's legal moves from its public facts: what the engine offers, for any hand.

- legal_actions_for(rules, phase, dice, seat, previous, palifico, hand): the legal actions of
  `seat` holding hidden dice `hand` (every registered move kind of the phase, in order, from
  liarsdice.moves); Game.legal_actions() gives the same, and liarsdice.inference asks it for
  hypothetical hands. Re-exported by liarsdice.engine.

Limits: dice is 2..MAX_PLAYERS_LIMIT (20) counts per seat, each 0..MAX_DICE_PER_PLAYER (10);
seat 0..len(dice) - 1; hand at most MAX_DICE_PER_PLAYER faces 1..6; previous None or a Bid;
palifico True or False. Bad input raises ValueError (ArgumentTypeError, also a TypeError, for a
wrong kind) quoting it.
"""

from __future__ import annotations

from liarsdice.actions import Action
from liarsdice.bids import Bid
from liarsdice.checks import check_counts, check_faces, check_flag, check_integer, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_DICE_PER_PLAYER, MAX_PLAYERS_LIMIT
from liarsdice.moves import Phase, Turn, offered
from liarsdice.rules import Rules


def legal_actions_for(
    rules: Rules,
    phase: Phase,
    dice: tuple[int, ...],
    seat: int,
    previous: Bid | None,
    palifico: bool,
    hand: tuple[int, ...],
) -> tuple[Action, ...]:
    """Return the legal actions of `seat` holding hidden dice `hand` in a turn of `phase`:
    what Game.legal_actions() gives (every registered move kind of the phase, liarsdice.moves);
    liarsdice.inference asks it for hypothetical hands.

    Limits: dice is 2..MAX_PLAYERS_LIMIT (20) counts per seat, each 0..MAX_DICE_PER_PLAYER
    (10); seat 0..len(dice) - 1; hand at most MAX_DICE_PER_PLAYER faces 1..6; previous None
    or a Bid; palifico True or False. Bad input raises ValueError (ArgumentTypeError, also a
    TypeError, for a wrong kind) quoting it.
    """
    rules, phase, dice, seat, hand = _check_turn(rules, phase, dice, seat, previous, palifico, hand)
    return offered(Turn(rules, phase, dice, seat, previous, palifico, hand))[0]


def _check_turn(
    rules: object,
    phase: object,
    dice: object,
    seat: object,
    previous: object,
    palifico: object,
    hand: object,
) -> tuple[Rules, Phase, tuple[int, ...], int, tuple[int, ...]]:
    """Return legal_actions_for's arguments checked (a plain Phase, tuples of ints)."""
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules={quote(rules)}: expected a Rules (see liarsdice.preset)")
    if not isinstance(phase, Phase):
        try:
            phase = Phase(phase)
        except ValueError:
            raise ArgumentTypeError(
                f"phase={quote(phase)}: expected a Phase ({', '.join(p.value for p in Phase)})"
            ) from None
    if type(dice) is not tuple or not all(type(n) is int for n in dice):
        dice = check_counts("dice", dice, low=0, size=2)
    if not 2 <= len(dice) <= MAX_PLAYERS_LIMIT or not all(
        0 <= n <= MAX_DICE_PER_PLAYER for n in dice
    ):
        raise ValueError(
            f"dice={quote(dice)}: expected 2..{MAX_PLAYERS_LIMIT} seats of "
            f"0..{MAX_DICE_PER_PLAYER} dice each"
        )
    if type(seat) is not int or not 0 <= seat < len(dice):
        seat = check_integer("seat", seat, 0, len(dice) - 1)
    if previous is not None and not isinstance(previous, Bid):
        raise ArgumentTypeError(f"previous={quote(previous)}: expected None or a Bid")
    check_flag("palifico", palifico)
    if type(hand) is not tuple or not all(type(d) is int and 1 <= d <= 6 for d in hand):
        hand = check_faces("hand", hand)
    if len(hand) > MAX_DICE_PER_PLAYER:
        raise ValueError(f"hand={quote(hand)}: at most {MAX_DICE_PER_PLAYER} dice")
    return rules, phase, dice, seat, hand
