"""Tests of the bound on a generic bidder model's cost (bidders.MAX_MODEL_WORK): the issue's
20 seats of 10 dice after 19 bids under trembling(ThresholdBot(), 0.05) is refused up front
with the estimate, from the library, the command line and the BidReader; small tables and the
vectorised models are still answered."""

from __future__ import annotations

import time

import liarsdice as ld
from liarsdice import Bid, inference
from liarsdice.agents import ThresholdBot
from liarsdice.bidders import MAX_MODEL_WORK, hand_count
from liarsdice.cli import main
from liarsdice.engine import legal_actions_for
from liarsdice.view import Phase

BLEF = ld.preset("blef")
DICE = (10,) * 20
HAND = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)


def nineteen_bids() -> list[tuple[int, Bid]]:
    """Return seats 1..19 each raising to the least legal bid (a legal 19-bid round)."""
    moves: list[tuple[int, Bid]] = []
    previous = None
    for seat in range(1, 20):
        legal = legal_actions_for(BLEF, Phase.BID, DICE, seat, previous, False, ())
        previous = next(a for a in legal if isinstance(a, Bid))
        moves.append((seat, previous))
    return moves


BIG = inference.table_view(BLEF, DICE, 0, HAND, nineteen_bids())
ESTIMATE = f"{19 * hand_count(10):,} times"  # 57,057 calls


def test_the_issues_table_is_refused_up_front_with_the_estimate() -> None:
    model = inference.trembling(ThresholdBot(), 0.05)
    start = time.perf_counter()
    for read in (
        lambda: inference.bid_probability(BIG, "30x5", model),
        lambda: inference.posterior(BIG, model),
        lambda: inference.count_distribution(BIG, 5, model),
        lambda: inference.Belief(BIG, model),
        lambda: inference.likelihood_ratios(BIG, model, 19, 5),
    ):
        try:
            read()
        except ValueError as error:
            message = str(error)
        else:
            raise AssertionError("the reading was not refused")
        assert ESTIMATE in message and f"MAX_MODEL_WORK = {MAX_MODEL_WORK:,}" in message
        assert "trembling(threshold, 0.05)" in message and "quantal" in message
    assert time.perf_counter() - start < 5  # a generous guard: it answered in minutes before


def test_a_refused_reading_never_calls_the_model() -> None:
    calls = []

    def counting(view: ld.view.View) -> dict:
        calls.append(view.hand)
        return inference.UNIFORM(view)

    try:
        inference.posterior(BIG, counting)
    except ValueError as error:
        assert ESTIMATE in str(error)
    assert calls == []


def test_a_small_table_with_the_same_model_is_answered() -> None:
    model = inference.trembling(ThresholdBot(), 0.05)
    view = inference.table_view(BLEF, (5, 5, 5, 5), 0, (1, 1, 3, 5, 6), [(1, "3x5"), (2, "4x5")])
    assert 0 <= inference.bid_probability(view, "7x5", model) <= 1
    assert 2 * hand_count(5) * 20 <= MAX_MODEL_WORK


def test_quantal_reads_the_issues_table() -> None:
    assert 0 <= inference.bid_probability(BIG, "30x5", inference.quantal(2.0)) <= 1


def test_the_command_line_refuses_the_issues_table(capsys) -> None:
    history = ",".join(f"{seat}:{bid}" for seat, bid in nineteen_bids())
    args = ["odds", "--rules", "blef", "--bid", "30x5", "--unknown", "190"]
    args += ["--hand", ",".join(map(str, HAND))]
    args += ["--dice", ",".join(map(str, DICE)), "--history", history]
    assert main([*args, "--model", "trembling:threshold:0.05"]) == 2
    err = capsys.readouterr().err
    assert ESTIMATE in err and "MAX_MODEL_WORK" in err


def test_the_bid_reader_shows_the_refusal() -> None:
    from liarsdice.widgets import BidReader

    history = ", ".join(f"{seat}:{bid}" for seat, bid in nineteen_bids())
    reader = BidReader(rules="blef")
    reader.model.value = "ThresholdBot, trembling (knob: epsilon)"
    assert reader.message.value == ""  # the small default table is read
    reader.dice.value = ", ".join(map(str, DICE))
    reader.hand.value = HAND
    reader.history.value = history
    assert ESTIMATE in reader.message.value and "MAX_MODEL_WORK" in reader.message.value
