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
    assert ", ".join(map(repr, ld.ladder.ACE_RULES)) in out  # the registered ace rules
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


# ----- issue 14: every subcommand refuses bad input with one line and exit status 2 ----------

HUGE = "9" * 5000


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run `python -m liarsdice args` in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "liarsdice", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def test_the_simplest_odds_query_answers_in_a_real_process() -> None:
    done = _run("odds", "--unknown", "15", "--bid", "7x5")
    assert done.returncode == 0, done.stderr
    assert str(odds.bid_probability("7x5", BLEF, 15, exact=True)) in done.stdout


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["ladder", "--max", "1000000000"], "--max=1000000000"),
        (["ladder", "--max", "-1"], "--max=-1"),
        (["odds", "--unknown", "100000", "--bid", "7x5"], "100000"),
        (["odds", "--unknown", "15", "--bid", HUGE + "x5"], "x5' (5004 characters)"),
        (["odds", "--unknown", "15", "--hand", HUGE, "--bid", "7x5"], "--hand="),
        (["odds", "--unknown", "15", "--hand", "1,2", "--bid", "7x5", "--bidder", "9"], "9"),
        (["odds", "--unknown", "15", "--bid", "7x5", "--history", HUGE], "--history="),
        (["odds", "--unknown", "15", "--bid", "7x5", "--dice", "0,0"], "dice=(0, 0)"),
        (["play", "--seed", "-1"], "--seed=-1"),
        (["play", "--seed", str(2**128)], str(2**128)),
        (["play", "--players", "1"], "players=1"),
        (["play", "--seat", "5", "--players", "3"], "seat=5"),
        (["exercises", "--lesson", "99"], "lesson=99"),
        (["guide", "--path", "/"], "'/'"),
        (["figures", "--out", "/proc/no/such/folder"], "'/proc/no/such/folder'"),
    ],
)
def test_each_subcommand_refuses_bad_arguments_with_status_2(argv, quoted, capsys) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert quoted in captured.err
    assert captured.err.startswith(f"liarsdice {argv[0]}: ") and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err and captured.out == ""


def test_a_huge_quantity_is_quoted_shortened_not_converted(capsys) -> None:
    assert main(["odds", "--unknown", "15", "--bid", HUGE + "x5"]) == 2
    err = capsys.readouterr().err
    assert "(5004 characters)" in err and "integer string conversion" not in err
    assert len(err) < 400


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["ladder", "--max", HUGE], "(5002 characters)"),
        (["ladder", "--max", "2.5"], "'2.5'"),
        (["odds", "--unknown", "x", "--bid", "7x5"], "'x'"),
        (["play", "--bot", "nobody"], "'nobody'"),
        (["exercises", "--lesson", "four"], "'four'"),
        (["figures", "--format", "gif"], "'gif'"),
        (["rules", "extra"], "extra"),
    ],
)
def test_usage_errors_exit_2_quoting_the_input(argv, quoted, capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < 1000
    assert quoted in err


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["ladder", "--max", "1000000000"], "1000000000"),
        (["odds", "--unknown", "15", "--bid", HUGE + "x5"], "(5004 characters)"),
        (["figures", "--out", "/proc/no/such/folder"], "/proc/no/such/folder"),
        (["play", "--seed", "-1"], "-1"),
        (["exercises", "--lesson", "99"], "99"),
        (["ladder", "--max", HUGE], "(5002 characters)"),
    ],
)
def test_bad_arguments_in_a_real_process(argv, quoted) -> None:
    done = _run(*argv)
    assert done.returncode == 2
    assert quoted in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_figures_out_on_a_file_is_refused_before_any_figure_is_built(tmp_path, capsys) -> None:
    path = tmp_path / "a_file"
    path.write_text("not a folder")
    assert main(["figures", "--out", str(path)]) == 2
    err = capsys.readouterr().err
    assert repr(str(path)) in err and "not a writable folder" in err
    assert path.read_text() == "not a folder"


def test_oserror_and_ctrl_c_and_a_closed_pipe_never_print_a_traceback(monkeypatch, capsys) -> None:
    from liarsdice import cli

    def raise_(error: BaseException):
        def run(args) -> None:
            raise error

        return run

    monkeypatch.setattr(cli, "run_rules", raise_(PermissionError(13, "Permission denied", "/x")))
    assert main(["rules"]) == 2
    assert capsys.readouterr().err == "liarsdice rules: Permission denied: '/x'\n"
    monkeypatch.setattr(cli, "run_rules", raise_(KeyboardInterrupt()))
    assert main(["rules"]) == 130
    assert "interrupted" in capsys.readouterr().err
    monkeypatch.setattr(cli, "run_rules", raise_(BrokenPipeError()))
    assert main(["rules"]) == 1
    monkeypatch.setattr(cli, "run_rules", raise_(TypeError("odd kind 'x'")))
    assert main(["rules"]) == 2
    assert "odd kind 'x'" in capsys.readouterr().err


def test_play_ends_cleanly_at_the_end_of_input_in_a_real_process() -> None:
    done = _run("play", "--seed", "3", "--players", "2", stdin="")
    assert done.returncode == 0 and "Bye." in done.stdout
    assert "Traceback" not in done.stderr


def test_main_refuses_argv_of_the_wrong_kind() -> None:
    for argv in ("rules", [1, 2], b"rules"):
        with pytest.raises(ld.errors.ArgumentTypeError, match=r"argv="):
            main(argv)  # type: ignore[arg-type]


def test_odds_with_bidder_or_challenger_needs_dice(capsys) -> None:
    args = ["odds", "--unknown", "15", "--hand", "1,2", "--bid", "7x5"]
    assert main([*args, "--challenger", "3"]) == 2
    assert "--challenger 3" in capsys.readouterr().err
    assert main([*args, "--dice", "5,5,5,2", "--bidder", "2", "--challenger", "3"]) == 0
    assert "bidder, seat 2" in capsys.readouterr().out
