"""Tests of terminal play (liarsdice.terminal and `python -m liarsdice play`), fed scripted input."""

from __future__ import annotations

import itertools

import pytest

import liarsdice as ld
from liarsdice.cli import main
from liarsdice.terminal import describe_action, play


class Script:
    """A reader that answers prompts from a list, then signals the end of input."""

    def __init__(self, answers, end: type[BaseException] = EOFError) -> None:
        self.answers = iter(answers)
        self.end = end
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        try:
            return next(self.answers)
        except StopIteration:
            raise self.end from None


def run(rules: ld.Rules, answers, players: int = 3, seed: int = 0, **kwargs) -> tuple[int, str]:
    """Return the exit status and everything written by a scripted game."""
    lines: list[str] = []
    status = play(rules, players, seed, read=Script(answers), write=lines.append, **kwargs)
    return status, "\n".join(lines)


def test_a_whole_game_against_bots() -> None:
    # "challenge" works whenever there is a bid; "1x2" opens any round.
    status, text = run(ld.preset("blef"), itertools.cycle(["challenge", "1x2"]), seed=3)
    assert status == 0
    assert "your dice (seat 0):" in text
    assert "seat 1: 5 dice" in text and "bids:" in text
    assert "your moves: " in text
    assert "Reveal of round 1:" in text and "on the table" in text
    assert "wins" in text or "You win!" in text


def test_bad_input_says_why_and_asks_again() -> None:
    reader = Script(["banana", "0x5", "99x6", "calza", "help"])
    lines: list[str] = []
    status = play(ld.preset("blef"), 3, seed=0, read=reader, write=lines.append)
    text = "\n".join(lines)
    assert status == 0
    assert "cannot read a bid from 'banana'" in text
    assert "cannot use the bid '0x5'" in text
    assert "only 15 dice are on the table" in text
    assert "no calza" in text or "no bid yet" in text
    assert "('help' lists all)" in text and "15x1" in text.split("help")[-1]
    assert reader.prompts == 6  # five answers, then the end of input
    assert text.endswith("Game left unfinished. Bye.")


@pytest.mark.parametrize("end", [EOFError, KeyboardInterrupt])
def test_end_of_input_and_ctrl_c_exit_cleanly(end: type[BaseException]) -> None:
    lines: list[str] = []
    status = play(ld.preset("perudo"), 4, seed=1, read=Script([], end), write=lines.append)
    assert status == 0 and lines[-1].endswith("Bye.")


def test_quit_leaves_the_game() -> None:
    status, text = run(ld.preset("bluff"), ["quit"])
    assert status == 0 and "Bye." in text


def test_show_and_reroll_at_the_prompt() -> None:
    rules = ld.preset("bluff", show_and_reroll=True)
    assert ld.Game(rules, 3, seed=11).current_player == 0  # you open
    answers = ["1x2", "show 9", "show 1 2 3 4 5 6 1", "pass", "challenge", "quit"]
    status, text = run(rules, answers, seed=11)
    assert status == 0
    assert "pass, or show some (not all) of your dice" in text
    assert "show one or more dice, each a face 1..6" in text
    assert "some but not all of the hidden dice" in text


def test_describe_action() -> None:
    rules = ld.preset("blef")
    assert describe_action(rules, 2, ld.Bid(4, 5)) == "seat 2 bids 4x5 (4 fives)"
    assert describe_action(rules, 1, ld.Challenge()) == "seat 1 challenges"
    assert describe_action(rules, 0, ld.ShowAndReroll((2, 2))) == (
        "seat 0 shows 2 2 and rerolls the rest"
    )


def test_the_play_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    answers = Script(["1x2", "challenge"])
    monkeypatch.setattr("builtins.input", answers)
    assert main(["play", "--rules", "perudo", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "perudo, 3 players, seed 2" in out and "Bye." in out
    assert answers.prompts >= 1


def test_the_play_command_refuses_bad_sizes(capsys: pytest.CaptureFixture) -> None:
    assert main(["play", "--players", "1"]) == 2
    assert "players=1" in capsys.readouterr().err
    assert main(["play", "--rules", "openspiel", "--players", "3"]) == 2
    assert main(["play", "--seat", "7", "--players", "2"]) == 2


# ----- issue 14: bad arguments are refused before the game starts ----------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        (dict(seat=1.5), ld.errors.ArgumentTypeError, "seat=1.5"),  # was: no human seat at all
        (dict(seat=True), ld.errors.ArgumentTypeError, "seat=True"),
        (dict(seat=3), ValueError, "seat=3"),
        (dict(bot="nobody"), ValueError, "bot='nobody'"),
        (dict(bot=None), ld.errors.ArgumentTypeError, "bot=None"),
        (dict(seed=-1), ValueError, "seed=-1"),
        (dict(seed=None), ld.errors.ArgumentTypeError, "seed=None"),
        (dict(seed=10**5000), ValueError, "seed=<int of about"),
        (dict(read=5), ld.errors.ArgumentTypeError, "read=5"),
        (dict(listeners=[print, 3]), ld.errors.ArgumentTypeError, "listeners="),
    ],
)
def test_play_refuses_bad_arguments_before_writing_anything(kwargs, error, quoted) -> None:
    lines: list[str] = []
    arguments = dict(players=3, seed=0, read=Script([]), write=lines.append) | kwargs
    with pytest.raises(error) as info:
        play(ld.preset("blef"), **arguments)
    assert quoted in str(info.value)
    assert lines == []


def test_play_takes_a_preset_name_and_refuses_other_rules() -> None:
    lines: list[str] = []
    assert play("perudo", 3, seed=1, read=Script([]), write=lines.append) == 0
    with pytest.raises(ValueError, match="rules=None"):
        play(None, 3, read=Script([]), write=lines.append)  # type: ignore[arg-type]


def test_a_huge_line_at_the_prompt_is_refused_and_asked_again() -> None:
    reader = Script(["9" * 5000 + "x5"])
    lines: list[str] = []
    assert play(ld.preset("blef"), 3, seed=0, read=reader, write=lines.append) == 0
    text = "\n".join(lines)
    assert "(5004 characters): a move is at most 1,000 characters" in text
    assert "integer string conversion" not in text
    assert reader.prompts == 2


def test_a_reader_that_returns_no_text_is_named() -> None:
    with pytest.raises(ld.errors.ArgumentTypeError, match="read returned None"):
        play(ld.preset("blef"), 3, seed=0, read=lambda prompt: None, write=lambda line: None)
