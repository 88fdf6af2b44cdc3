"""tournament and play_game refuse a bot class given instead of a bot (issue: hostile input,
round two): the message names the position and asks for an instance, such as RandomBot()."""

from __future__ import annotations

import pytest

from liarsdice.agents import RandomBot, ThresholdBot
from liarsdice.engine import Game
from liarsdice.errors import ArgumentTypeError
from liarsdice.match import Match, play_game
from liarsdice.rules import preset
from liarsdice.tournament import tournament


def test_the_issues_example_names_the_position_and_asks_for_an_instance() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        tournament([RandomBot(), RandomBot], games=1, progress=False)  # type: ignore[list-item]
    message = str(caught.value)
    assert "bots[1]=<class 'liarsdice.bots_basic.RandomBot'>" in message
    assert "is a class, not a bot" in message and "RandomBot()" in message


@pytest.mark.parametrize(
    "start",
    [
        lambda: play_game("blef", [ThresholdBot, RandomBot()]),
        lambda: Match(Game(preset("blef"), 2), [ThresholdBot, RandomBot()]),
        lambda: tournament([ThresholdBot, RandomBot()], games=1, progress=False),
    ],
    ids=["play_game", "Match", "tournament"],
)
def test_every_entry_refuses_a_class_naming_it(start) -> None:
    with pytest.raises(ArgumentTypeError, match=r"\[0\]=<class .*ThresholdBot'> is a class.*"
                       r"ThresholdBot\(\)"):  # fmt: skip
        start()
