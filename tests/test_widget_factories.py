"""Tests of the widget functions (bid_reader, play_table, ...): each is its class called as a
function, with the constructor's signature, so it cannot drift from the class."""

from __future__ import annotations

import inspect
import pydoc
import re
import typing

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


def snake(name: str) -> str:
    """Return a CamelCase class name in snake_case (BidReader -> bid_reader)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def factory(cls: type) -> typing.Callable[..., object]:
    """Return the package's function for the widget class `cls`."""
    return typing.cast(typing.Callable[..., object], getattr(widgets, snake(cls.__name__)))


def test_every_composite_has_a_function_and_every_function_a_composite() -> None:
    functions = {name for name in widgets.__all__ if name.islower()}
    assert len(COMPOSITES) >= 8
    assert functions == {snake(cls.__name__) for cls in COMPOSITES}


@pytest.mark.parametrize("cls", COMPOSITES, ids=lambda cls: cls.__name__)
def test_the_function_has_the_constructors_signature_and_docstring(cls: type) -> None:
    made = factory(cls)
    signature, constructor = inspect.signature(made), inspect.signature(cls)
    assert list(signature.parameters) == list(constructor.parameters)
    assert signature.parameters == constructor.parameters
    assert signature.return_annotation is cls
    assert made.__name__ == snake(cls.__name__)
    assert made.__doc__ is not None and (inspect.getdoc(cls) or "") in made.__doc__
    shown = pydoc.plain(pydoc.render_doc(made))
    for name in constructor.parameters:
        assert f"{name}:" in shown or f"{name}=" in shown, (name, shown[:500])


@pytest.mark.parametrize("cls", COMPOSITES, ids=lambda cls: cls.__name__)
def test_a_valid_keyword_builds_the_class(cls: type) -> None:
    first = next(iter(inspect.signature(cls).parameters.values()))
    built = factory(cls)(**{first.name: first.default})
    assert type(built) is cls


def test_the_arguments_reach_the_constructor() -> None:
    assert widgets.equivalence_explorer(n=33).n.value == 33
    assert widgets.coverage_lab(games=37).games.value == 37
    table = widgets.play_table(players=3, seed=5)
    assert table.players.value == 3
    assert table.game.hands == widgets.PlayTable(players=3, seed=5).game.hands


@pytest.mark.parametrize("cls", COMPOSITES, ids=lambda cls: cls.__name__)
def test_an_unknown_keyword_is_named_with_the_accepted_ones(cls: type) -> None:
    with pytest.raises(TypeError, match="'no_such_option'") as caught:
        factory(cls)(no_such_option=1)
    message = str(caught.value)
    assert message.startswith(f"{snake(cls.__name__)}()")
    for name in inspect.signature(cls).parameters:
        assert name in message, (name, message)


def test_bid_reader_takes_no_players() -> None:
    with pytest.raises(TypeError, match=r"bid_reader\(\) .*'players'.*BidReader takes: rules"):
        widgets.bid_reader(players=4)  # type: ignore[call-arg]


def test_too_many_positional_arguments_list_the_accepted_ones() -> None:
    with pytest.raises(TypeError, match=r"too many positional.*CoverageLab takes: rate, games"):
        widgets.coverage_lab(0.5, 20, 1000, 0, 0.95, "extra")  # type: ignore[call-arg]


def test_the_package_defines_no_typeddict() -> None:
    assert not [n for n, v in vars(widgets).items() if typing.is_typeddict(v)]
    source = inspect.getsource(widgets)
    assert "TypedDict" not in source and "Unpack" not in source
