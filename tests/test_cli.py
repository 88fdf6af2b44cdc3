"""Tests of the command line's rules and ladder subcommands."""

from __future__ import annotations

import subprocess
import sys

import pytest

import liarsdice as ld
from liarsdice.cli import main


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
