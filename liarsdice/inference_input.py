"""What a person types in to read a table: the table and its moves, and a bidder model by name.

- table_view(rules, dice, seat, hand, moves, shown, palifico): a View from a typed table and
  history, each move checked (liarsdice.replay; for the BidReader, the command line and lessons).
- parse_history(text): "1:3x5, 2:4x5" as its moves, for table_view.
- parse_model(text): "uniform", "quantal:2", "trembling:threshold:0.05" -> a model.

Limits: rules a Rules or a preset name; 2..odds.MAX_SEATS seats, each other seat hiding at most
bidders.MAX_HAND_DICE dice; text at most MAX_TEXT characters; palifico True or False.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from liarsdice import bots_basic  # noqa: F401  (registers random, threshold, expected_loss, honest)
from liarsdice.actions import Action, parse_action
from liarsdice.bidders_hands import MAX_HAND_DICE, Model
from liarsdice.bidders_players import trembling
from liarsdice.bidders_quantal import quantal
from liarsdice.bidders_uniform import UNIFORM
from liarsdice.bot import BOTS
from liarsdice.checks import check_counts, check_faces, check_flag, check_integer, check_text, quote
from liarsdice.engine import legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.moves import Effect, is_action, kind_of
from liarsdice.odds import MAX_SEATS, check_rules
from liarsdice.replay import replay_round
from liarsdice.rules import Rules
from liarsdice.view import View

# ----- a table typed in ----------------------------------------------------------------------


def table_view(
    rules: Rules | str,
    dice: Sequence[int],
    seat: int,
    hand: Sequence[int],
    moves: Sequence[tuple[int, Action | str]] = (),
    shown: Sequence[Sequence[int]] | None = None,
    palifico: bool = False,
) -> View:
    """Return the View of `seat` holding `hand` at a table of `dice` per seat after `moves`
    ((seat, action) in order, actions or text such as "3x5"), each checked against the rules
    (liarsdice.replay): the first mover opens, play goes clockwise, every bid must be a legal
    raise; under show_and_reroll each bidder with two or more hidden dice then passes or shows
    ("pass", "show 2 5"), and the shown dice are taken from those moves.

    Limits: rules a Rules or a preset name; dice 2..MAX_SEATS seats, each other seat hiding at
    most MAX_HAND_DICE dice; hand and shown dice faces 1..6 (shown: one sequence per seat, as
    the moves show them); moves (seat, action or text) pairs, no challenge or calza, text at most MAX_TEXT characters; palifico True or False.
    """
    rules = check_rules(rules)
    palifico = check_flag("palifico", palifico)
    dice = check_counts("dice", dice, low=0, size=2)
    if len(dice) > MAX_SEATS:
        raise ValueError(f"dice={quote(dice)}: more than MAX_SEATS = {MAX_SEATS} seats")
    seat = check_integer("seat", seat, 0, len(dice) - 1)
    hand = tuple(sorted(check_faces("hand", hand)))
    if shown is None or (isinstance(shown, Sequence) and not isinstance(shown, str) and not shown):
        shown_dice: tuple[tuple[int, ...], ...] = ((),) * len(dice)
    elif isinstance(shown, str | bytes) or not isinstance(shown, Sequence):
        raise ArgumentTypeError(f"shown={quote(shown)}: expected shown dice per seat")
    else:
        if len(shown) != len(dice):
            raise ValueError(
                f"shown={quote(shown)}: expected shown dice for each of {len(dice)} seats"
            )
        shown_dice = tuple(tuple(sorted(check_faces("shown", s))) for s in shown)
    if len(hand) + len(shown_dice[seat]) != dice[seat]:
        raise ValueError(f"hand={quote(hand)}: seat {seat} holds {dice[seat]} dice")
    for s, (n, seen) in enumerate(zip(dice, shown_dice)):
        if len(seen) > n:
            raise ValueError(f"shown={quote(shown)}: seat {s} shows more than its {n} dice")
        if s != seat and n - len(seen) > MAX_HAND_DICE:
            raise ValueError(
                f"dice={quote(dice)}: seat {s} hides {n - len(seen)} dice; reading bids "
                f"enumerates every hand, at most MAX_HAND_DICE = {MAX_HAND_DICE} hidden dice"
            )
    if isinstance(moves, str | bytes) or not hasattr(moves, "__iter__"):
        raise ArgumentTypeError(
            f"moves={quote(moves)}: expected (seat, bid) pairs; parse_history reads text"
        )
    history: list[tuple[int, Action]] = []
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, Sequence) or isinstance(move, str) or len(move) != 2:
            raise ArgumentTypeError(f"move {number} {quote(move)}: expected a (seat, bid) pair")
        who, text = move
        who = check_integer(f"move {number}'s seat", who, 0, len(dice) - 1)
        if isinstance(text, str):
            action = parse_action(check_text("move", text), rules=rules)
        elif is_action(text):
            action = text
        else:
            action = None  # refused below
        kind = kind_of(action)
        if kind is None or kind.effect == Effect.CALL:
            raise ValueError(
                f"move {number} ({who}, {quote(text)}): a round in play holds bids (and under "
                "show_and_reroll the bidder's 'pass' or 'show 2 5'); no challenge or calza"
            )
        history.append((who, cast(Action, action)))
    state = replay_round(rules, dice, tuple(history), palifico)  # names an illegal move
    if state.shown != shown_dice:
        if any(shown_dice):
            raise ValueError(
                f"shown={quote(shown)}: the moves show {state.shown} (leave shown out to take them)"
            )
        shown_dice = state.shown
        if len(hand) + len(shown_dice[seat]) != dice[seat]:
            raise ValueError(
                f"hand={quote(hand)}: seat {seat} holds {dice[seat] - len(shown_dice[seat])} "
                "hidden dice after its shows"
            )
    current = seat if state.mover is None else state.mover
    phase = state.phase
    legal = legal_actions_for(rules, phase, dice, current, state.previous, palifico, hand)
    return View(
        seat, rules, hand, shown_dice, dice, tuple(history), current, phase, 1, palifico,
        state.previous, state.bidder, None, legal if current == seat else (),
    )  # fmt: skip


def parse_history(text: str) -> list[tuple[int, str]]:
    """Return "1:3x5, 2:4x5" as [(1, "3x5"), (2, "4x5")] (seat:bid pairs, for table_view).

    Limits: text of at most MAX_TEXT characters; seats of at most 4 digits.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"history={quote(text)}: expected text such as '1:3x5, 2:4x5'")
    check_text("history", text)
    moves = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        seat, _, bid = part.partition(":")
        if (
            not (seat.strip().isascii() and seat.strip().isdigit())
            or len(seat.strip()) > 4
            or not bid.strip()
        ):
            raise ValueError(f"history {quote(text)}: write seat:bid pairs such as 1:3x5, 2:4x5")
        moves.append((int(seat), bid.strip()))
    return moves


# ----- models by name ------------------------------------------------------------------------


def parse_model(text: str) -> Model:
    """Return the model named by `text`: "uniform", "quantal:2", "trembling:threshold:0.05"
    (a bot registered in liarsdice.bot.BOTS: random, threshold, expected_loss and honest
    always, bayes and solver once liarsdice.agents is imported; and epsilon).

    Limits: text of at most MAX_TEXT characters; beta and epsilon as quantal's and trembling's.
    """
    usage = (
        "write 'uniform', 'quantal:BETA' (such as quantal:2) or 'trembling:BOT:EPSILON' "
        "(such as trembling:threshold:0.05)"
    )
    if not isinstance(text, str):
        raise ArgumentTypeError(f"model {quote(text)}: {usage}")
    parts = check_text("model", text).strip().lower().split(":")
    try:
        if parts == ["uniform"]:
            return UNIFORM
        if len(parts) == 2 and parts[0] == "quantal":
            return quantal(float(parts[1]))
        if len(parts) == 3 and parts[0] == "trembling":
            return trembling(BOTS[parts[1]](), Fraction(parts[2]))
    except (KeyError, ValueError, ZeroDivisionError):
        pass
    raise ValueError(f"model {quote(text)}: {usage}")
