"""Tests of the command line (liarsdice.cli): rules, ladder, odds and the exit status of bad
input. The play, exercises and guide subcommands are tested with their modules."""

from __future__ import annotations

import subprocess
import sys

import pytest

import liarsdice as ld
from liarsdice import odds
from liarsdice.cli import main

BLEF = ld.preset("blef")


def test_rules_prints_every_preset_with_its_options(capsys: pytest.CaptureFixture) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for name, rules in ld.PRESETS.items():
        row = next(line for line in lines if line.split()[0] == name)
        assert rules.ace_rule in row and rules.next_opener in row and str(rules.exact) in row


def test_ladder_prints_the_perudo_order(capsys: pytest.CaptureFixture) -> None:
    assert main(["ladder", "--rules", "perudo", "--max", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bids = [line.split()[1] for line in lines[3:]]
    rules = ld.preset("perudo")
    assert bids == [str(b) for b in rules.ladder(6)]
    assert bids.index("1x1") == bids.index("2x6") + 1  # one ace sits after the twos


def test_unknown_preset_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as info:
        main(["ladder", "--rules", "poker"])
    assert info.value.code == 2


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "liarsdice", "rules"], capture_output=True, text=True, check=True
    )
    assert "bluff_original" in done.stdout


def test_cli_odds_prints_the_exact_fraction_and_expected_losses(capsys) -> None:
    args = ["odds", "--unknown", "15", "--hand", "1,1,3,5,6", "--bid", "7x5", "--rules", "blef"]
    assert main(args) == 0
    out = capsys.readouterr().out
    p_true = odds.bid_probability("7x5", BLEF, 15, (1, 1, 3, 5, 6), exact=True)
    cost = odds.challenge_cost("7x5", BLEF, 15, (1, 1, 3, 5, 6))
    assert f"{p_true} = {float(p_true):.6f}" in out
    assert str(odds.p_exact("7x5", BLEF, 15, (1, 1, 3, 5, 6), exact=True)) in out
    assert f"{float(cost.expected_bidder_loss):.4f}" in out
    assert f"{float(cost.expected_challenger_loss):.4f}" in out


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--unknown", "15", "--hand", "1,1,9", "--bid", "7x5"], "9"),
        (["--unknown", "-1", "--bid", "7x5"], "-1"),
        (["--unknown", "15", "--hand", "1,x", "--bid", "7x5"], "1,x"),
        (["--unknown", "15", "--bid", "seven fives"], "seven fives"),
    ],
)
def test_cli_odds_refuses_bad_input_with_a_clear_message(args, quoted, capsys) -> None:
    assert main(["odds", *args]) == 2
    assert quoted in capsys.readouterr().err


def test_rules_prints_the_option_table_and_the_errata(capsys: pytest.CaptureFixture) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for option in ld.rules.OPTIONS.values():
        row = next(line for line in out.splitlines() if line.startswith(option.name + " "))
        assert option.meaning in row and option.values.describe() in row
    assert "'board', 'perudo', 'face'" in out  # the registered ace rules
    assert "2 aces -> 3 threes" in out and "dice=5" in out  # the errata


def test_cli_odds_reads_a_history_of_bids_beside_the_naive_odds(capsys) -> None:
    args = ["odds", "--unknown", "15", "--hand", "1,1,3,5,6", "--bid", "7x5", "--rules", "blef"]
    assert main([*args, "--history", "1:3x5,2:4x5", "--model", "quantal:2"]) == 0
    out = capsys.readouterr().out
    view = ld.inference.table_view(BLEF, (5, 5, 5, 5), 0, (1, 1, 3, 5, 6), [(1, "3x5"), (2, "4x5")])
    read = ld.inference.bid_probability(view, "7x5", ld.inference.quantal(2))
    naive = odds.bid_probability("7x5", BLEF, 15, (1, 1, 3, 5, 6))
    row = [line for line in out.splitlines() if line.startswith("P(true) ")][-1]  # the table
    assert row.split()[1:] == [f"{naive:.6f}", f"{read:.6f}"]
    assert "seat 1 bid 3 fives; seat 2 bid 4 fives" in out
    assert main([*args, "--history", "1:3x5", "--model", "uniform"]) == 0
    out = capsys.readouterr().out
    row = [line for line in out.splitlines() if line.startswith("P(true) ")][-1]
    assert row.split()[1] == row.split()[2]  # UNIFORM reads nothing


@pytest.mark.parametrize(
    ("extra", "quoted"),
    [
        (["--history", "1:3x5,1:4x5"], "seat 2 is to play"),
        (["--history", "one:3x5"], "seat:bid pairs"),
        (["--history", "1:3x5", "--model", "bayes"], "write 'uniform'"),
        (["--history", "1:3x5", "--shown", "2"], "--shown with --history"),
        (["--history", "1:3x5", "--unknown", "14"], "give --dice"),
    ],
)
def test_cli_odds_refuses_a_bad_history_clearly(extra, quoted, capsys) -> None:
    args = ["odds", "--unknown", "15", "--hand", "1,1,3,5,6", "--bid", "7x5"]
    assert main([*args, *extra]) == 2
    assert quoted in capsys.readouterr().err


def test_cli_odds_without_a_hand_gives_the_odds_of_the_simplest_query(capsys) -> None:
    assert main(["odds", "--unknown", "15", "--bid", "7x5"]) == 0
    out = capsys.readouterr().out
    assert str(odds.bid_probability("7x5", BLEF, 15, exact=True)) in out and "--hand" in out
