"""Tests of liarsdice.deprecation: the names that changed still work, with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

from liarsdice import match, render
from liarsdice.view import Phase


@pytest.mark.parametrize(
    ("module", "name", "check"),
    [
        (
            "liarsdice.rules",
            "OPTION_VALUES",
            lambda v: v["ace_rule"] == ("board", "perudo", "face"),
        ),
        ("liarsdice.rules", "OPTION_MEANINGS", lambda v: "wild" in v and "dice" in v),
        ("liarsdice.engine", "SHOW", lambda v: v is Phase.SHOW and v == "show"),
        ("liarsdice.engine", "OVER", lambda v: v is Phase.OVER),
        ("liarsdice.plots", "ACE_RULE_COLOURS", lambda v: v["board"] == "#1f77b4"),
        ("liarsdice.widgets.controls", "preset_dropdown", lambda v: v("perudo").value == "perudo"),
        ("liarsdice.widgets.play_table", "reveal_html", lambda v: v is render.reveal_html),
        ("liarsdice.match", "Bot", lambda v: v is match.BotLike),
        (
            "liarsdice.widgets",
            "equivalence_explorer",
            lambda v: v.__name__ == "EquivalenceExplorer" and v.__module__.endswith("equivalence"),
        ),
    ],
)
def test_old_names_warn_and_give_the_new_value(module: str, name: str, check) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated: use"):
        value = getattr(importlib.import_module(module), name)
    assert check(value)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr(importlib.import_module(module), "nothing")  # noqa: B009


def test_the_solver_still_reads_the_string_liar() -> None:
    import liarsdice as ld
    from liarsdice import solver

    game = solver.SmallGame(ld.preset("openspiel"), faces=2)
    with pytest.warns(DeprecationWarning, match='"liar" is deprecated'):
        old = solver.Strategy.from_policy(
            game, lambda hand, history: {"liar": 1.0} if history else {game.bids[0]: 1.0}
        )
    new = solver.Strategy.from_policy(
        game, lambda hand, history: {solver.LIAR: 1.0} if history else {game.bids[0]: 1.0}
    )
    assert game.expected_value(old) == game.expected_value(new)
