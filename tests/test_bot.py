"""Tests of liarsdice.bot (the base class and the registry) and of how liarsdice.agents gathers
the built-in bots from the modules that define them (issue 23, item 8)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from liarsdice import agents, bot, bots_adaptive, bots_basic, bots_bayes, bots_model, bots_solver
from liarsdice.errors import ArgumentTypeError

BUILT_IN = [
    "random",
    "threshold",
    "expected_loss",
    "honest",
    "bayes",
    "solver",
    "model",
    "adaptive",
]


def loaded_by(statement: str) -> list[str]:
    """Return the liarsdice modules (and numpy, if loaded) a fresh interpreter has after
    running `statement`."""
    code = (
        f"import sys; {statement}; print(' '.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('liarsdice', 'numpy') and m.count('.') < 2)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_the_base_class_and_registry_load_no_bot_numpy_or_solver() -> None:
    loaded = loaded_by("from liarsdice.bot import BOTS, Bot, register_bot")
    assert "numpy" not in loaded
    assert not [m for m in loaded if m.startswith(("liarsdice.bots_", "liarsdice.solver"))]
    assert set(loaded) - set(loaded_by("import liarsdice")) == {"liarsdice.bot"}


def test_importing_agents_registers_every_built_in_bot_in_order() -> None:
    loaded = loaded_by(
        f"from liarsdice.agents import BOTS; assert list(BOTS)[:{len(BUILT_IN)}] == {BUILT_IN!r}"
    )
    assert "liarsdice.agents" in loaded
    assert list(agents.BOTS)[: len(BUILT_IN)] == BUILT_IN
    assert agents.BOTS is bot.BOTS
    for name in BUILT_IN:
        assert agents.BOTS[name].name == name
        assert getattr(agents, agents.BOTS[name].__name__) is agents.BOTS[name]


def test_agents_offers_each_name_from_its_home_module() -> None:
    homes = (bot, bots_basic, bots_bayes, bots_solver, bots_model, bots_adaptive)
    for name in agents.__all__:
        assert [m for m in homes if getattr(m, name, None) is getattr(agents, name)], name
    old = {"Bot", "BOTS", "register_bot", "MAX_BOT_NAME", "MAX_ENDGAMES", "BAYES_BETA"}
    assert set(agents.__all__) == old | {agents.BOTS[name].__name__ for name in BUILT_IN}


def test_register_bot_is_a_class_decorator_and_refuses_clashes() -> None:
    @bot.register_bot
    class Quiet(bot.Bot):
        name = "test_bot.quiet"

    try:
        assert bot.BOTS["test_bot.quiet"] is Quiet
        assert bot.register_bot(Quiet) is Quiet  # the same class again: no change
        clash = type("Clash", (bot.Bot,), {"name": "test_bot.quiet"})
        with pytest.raises(ValueError, match="already registered"):
            bot.register_bot(clash)
        long = type("Long", (bot.Bot,), {"name": "x" * (bot.MAX_BOT_NAME + 1)})
        with pytest.raises(ValueError, match=f"1..{bot.MAX_BOT_NAME} characters"):
            bot.register_bot(long)
        with pytest.raises(ArgumentTypeError, match="expected a Bot subclass"):
            bot.register_bot(int)  # type: ignore[type-var]
    finally:
        del bot.BOTS["test_bot.quiet"]


def test_a_bot_that_does_not_act_says_so() -> None:
    with pytest.raises(NotImplementedError):
        bot.Bot().act(None)  # type: ignore[arg-type]
    quiet = bot.Bot()
    assert quiet.reseeded(3) is quiet
