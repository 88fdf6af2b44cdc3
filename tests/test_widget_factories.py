"""Tests that the widgets are built directly from their classes, and that a lower-case name in
liarsdice.widgets is a submodule, never a function (issue 23, items 7 and 8); the old factory
functions still build their class, with a DeprecationWarning."""

from __future__ import annotations

import importlib
import inspect
import re
import typing
from pathlib import Path

import pytest

from liarsdice import widgets
from liarsdice.widgets import controls

# The composite widgets: every class the package exports except the shared controls.
COMPOSITES = [
    getattr(widgets, name)
    for name in widgets.__all__
    if inspect.isclass(getattr(widgets, name))
    and getattr(widgets, name).__module__ != controls.__name__
]
SUBMODULES = sorted(
    path.stem for path in Path(widgets.__file__).parent.glob("*.py") if path.stem != "__init__"
)


def snake(name: str) -> str:
    """Return a CamelCase class name in snake_case (BidReader -> bid_reader)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def test_the_package_exports_classes_only() -> None:
    assert len(COMPOSITES) >= 8
    assert all(inspect.isclass(getattr(widgets, name)) for name in widgets.__all__)


@pytest.mark.parametrize("name", SUBMODULES)
def test_a_submodule_name_means_the_submodule(name: str) -> None:
    module = importlib.import_module(f"liarsdice.widgets.{name}")
    assert getattr(widgets, name) is module
    assert inspect.ismodule(module) and not inspect.isfunction(getattr(widgets, name))


# The factory functions there were before the classes became the API, pinned on purpose: a
# widget added since has no old function.
OLD_FUNCTIONS = (
    "odds_explorer",
    "board_view",
    "bid_reader",
    "play_table",
    "class_tally",
    "coverage_lab",
    "rolling_table",
    "equivalence_explorer",
)


@pytest.mark.parametrize(
    "cls",
    [cls for cls in COMPOSITES if snake(cls.__name__) in OLD_FUNCTIONS],
    ids=lambda cls: cls.__name__,
)
def test_the_old_function_builds_the_class_and_warns(cls: type) -> None:
    first = next(iter(inspect.signature(cls).parameters.values()))
    name = snake(cls.__name__)
    with pytest.warns(DeprecationWarning, match=rf"widgets\.{name}.* is deprecated: use"):
        old = getattr(widgets, name)
        built = old(**{first.name: first.default})
    assert type(built) is cls


def test_the_arguments_reach_the_constructor() -> None:
    with pytest.warns(DeprecationWarning, match=r"play_table\(\.\.\.\) is deprecated"):
        table = widgets.play_table(players=3, seed=5)  # type: ignore[operator]
    assert table.players.value == 3
    assert table.game.hands == widgets.PlayTable(players=3, seed=5).game.hands
    with pytest.warns(DeprecationWarning, match="use liarsdice.widgets.CoverageLab"):
        assert widgets.coverage_lab(games=37).games.value == 37  # type: ignore[operator]


def test_an_unknown_keyword_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="'players'"):
        widgets.BidReader(players=4)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'no_such_option'"):
        widgets.CoverageLab(no_such_option=1)  # type: ignore[call-arg]


def test_the_package_defines_no_typeddict() -> None:
    assert not [n for n, v in vars(widgets).items() if typing.is_typeddict(v)]
    source = inspect.getsource(widgets)
    assert "TypedDict" not in source and "Unpack" not in source
