"""The subcommands about a game: `odds` (a bid's chances from one seat) and `play`.

- run_odds(args): print a bid's exact P(true) and P(exact) from one seat's view and what a
  challenge would cost each side; with --history and --model, P(true) also given the other
  players' bids (liarsdice.inference, Bayes' rule).
- run_play(args): play a game in the terminal against bots (liarsdice.terminal).

The printed sentences and headings are in the language in force (liarsdice.i18n), decimals
with its decimal sign (format_number); "P(true)", fractions and bids such as 7x5 stay as written.
"""

from __future__ import annotations

import argparse

import numpy as np

from liarsdice import inference, odds, terminal
from liarsdice.actions import action_text
from liarsdice.bids import Bid
from liarsdice.checks import check_seed, check_text
from liarsdice.cli_inputs import integers
from liarsdice.cli_tables import format_table
from liarsdice.i18n import format_number, n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TEXT
from liarsdice.rules import Rules, preset


def run_odds(args: argparse.Namespace) -> None:
    """Print a bid's exact P(true), P(exact) and the expected dice lost if it is challenged;
    with --history, P(true) also given the other players' bids (liarsdice.inference).

    Everything is computed (and bad input refused) before anything is printed. Limits: --bid,
    --hand, --shown, --dice, --history and --model at most MAX_TEXT characters; --unknown plus
    the known dice at most MAX_EXACT_UNKNOWN (liarsdice.odds checks it); --bidder and
    --challenger are seats of --dice (without --dice: 0 and 1, the defaults).
    """
    for option in ("bid", "history", "model"):
        check_text(f"--{option}", getattr(args, option), MAX_TEXT)
    rules = preset(args.rules)
    bid = Bid.parse(args.bid, rules=rules)
    hand = integers(args.hand, "hand")
    known = hand + integers(args.shown, "shown")
    dice = integers(args.dice, "dice") if args.dice else None
    if dice is None and (args.bidder, args.challenger) != (0, 1):
        raise ValueError(
            f"--bidder {args.bidder} --challenger {args.challenger}: seats need --dice (dice "
            "per seat); without it the bidder is seat 0 and the challenger seat 1"
        )
    view = dict(unknown=args.unknown, known=known, palifico=args.palifico)
    p_true = odds.bid_probability(bid, rules, exact=True, **view)
    p_exact = odds.p_exact(bid, rules, exact=True, **view)
    reading = _reading(args, rules, bid, hand, dice, float(p_true)) if args.history else None
    cost = None
    if dice is not None or known:
        cost = odds.challenge_cost(
            bid, rules, dice=dice, bidder=args.bidder, challenger=args.challenger, **view
        )
    heading = n_(
        "{bid} ({words}) under {rules}: {n} unknown die, known {known}",
        "{bid} ({words}) under {rules}: {n} unknown dice, known {known}",
        args.unknown,
    )
    print(
        heading.format(
            bid=bid,
            words=rules.describe(bid),
            rules=args.rules,
            n=args.unknown,
            known=",".join(map(str, known)) or _("none"),
        )
    )
    names = [_("P(true)"), _("P(exact)")]
    width = max(map(len, names))
    for name, p in zip(names, (p_true, p_exact)):
        print(f"{name:{width}} = {p} = {format_number(float(p), 6)}")
    if reading:
        print(reading)
    if cost is None:
        print(_("Give --hand (or --dice) to see what a challenge would cost each side."))
        return
    print(_("If challenged now (dice per seat {dice}), expected dice lost:").format(dice=cost.dice))
    bidder_loss = format_number(float(cost.expected_bidder_loss), 4)
    print("  " + _("bidder, seat {seat}: {loss}").format(seat=cost.bidder, loss=bidder_loss))
    challenger_loss = format_number(float(cost.expected_challenger_loss), 4)
    print(
        "  "
        + _("challenger, seat {seat}: {loss}").format(seat=cost.challenger, loss=challenger_loss)
    )


def _reading(
    args: argparse.Namespace,
    rules: Rules,
    bid: Bid,
    hand: tuple[int, ...],
    dice: tuple[int, ...] | None,
    naive: float,
) -> str:
    """Return P(true) naive and given the history of bids, side by side, as text."""
    if args.shown:
        raise ValueError("--shown with --history: shown dice belong to seats; leave --shown out")
    if dice is None:
        if not hand or args.unknown % len(hand):
            raise ValueError(
                f"--history: give --dice (dice per seat, you first), or a --hand whose size "
                f"divides the {args.unknown} unknown dice into seats"
            )
        dice = (len(hand),) * (1 + args.unknown // len(hand))
    moves = inference.parse_history(args.history)
    model = inference.parse_model(args.model)
    seat_view = inference.table_view(rules, dice, 0, hand, moves, palifico=args.palifico)
    read = inference.bid_probability(seat_view, bid, model)
    said = "; ".join(
        _("seat {seat} bid {bid}").format(seat=s, bid=rules.describe(a))
        if isinstance(a, Bid)
        else _("seat {seat}: {move}").format(seat=s, move=action_text(a))
        for s, a in seat_view.history
    )
    header = [
        "",
        _("naive (bids say nothing)"),
        _("reading the bids ({model})").format(model=args.model),
    ]
    table = format_table(
        header, [[_("P(true)"), format_number(naive, 6), format_number(float(read), 6)]]
    )
    given = _("Given the bids ({said}), under the bidder model {model}:")
    return given.format(said=said, model=args.model) + "\n" + table


def run_play(args: argparse.Namespace) -> None:
    """Play a game in the terminal against bots; a missing --seed draws one (and prints it).

    --seed: 0..MAX_SEED; --players and --seat as the rules and liarsdice.terminal check them.
    """
    seed = args.seed
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1)[0])
    seed = check_seed("--seed", seed)
    rules = preset(args.rules)
    terminal.play(rules, args.players, seed, bot=args.bot, seat=args.seat)
