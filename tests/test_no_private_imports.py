"""No module of liarsdice reaches into another module's private names (issue 23, item 8).

Every module of the package (liarsdice/teach/ aside) is parsed with ast; a cross-module helper
must be public in its home module, so these are refused:
- `from liarsdice.x import _name` (a private name; dunders and private *modules* such as
  liarsdice.plots._inputs are fine - the name imported is what counts);
- `alias._name` where `alias` is a liarsdice module bound by an import in that file;
- a `type(...).__name__` comparison in ladder.py (a real type check instead).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "liarsdice"
SKIPPED = ("teach",)


def _modules() -> list[Path]:
    """Return the .py files of the package, liarsdice/teach/ excluded."""
    return sorted(
        path for path in PACKAGE.rglob("*.py") if path.relative_to(PACKAGE).parts[0] not in SKIPPED
    )


def _private(name: str) -> bool:
    """Return whether name is private (one leading underscore, not a dunder)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_package(module: str | None) -> bool:
    """Return whether a dotted module name is liarsdice or inside it."""
    return module is not None and (module == "liarsdice" or module.startswith("liarsdice."))


def _package_aliases(tree: ast.Module) -> set[str]:
    """Return the names a file binds to liarsdice modules (import ... / from liarsdice import m)."""
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_package(alias.name):
                    aliases.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and _is_package(node.module) and node.level == 0:
            for alias in node.names:
                if (PACKAGE.parent / f"{node.module}.{alias.name}".replace(".", "/")).is_dir() or (
                    PACKAGE.parent / (f"{node.module}.{alias.name}".replace(".", "/") + ".py")
                ).is_file():
                    aliases.add(alias.asname or alias.name)
    return aliases


def private_uses(source: str) -> list[str]:
    """Return 'line: text' for each private name taken from another liarsdice module."""
    tree = ast.parse(source)
    aliases = _package_aliases(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (_is_package(node.module) or node.level > 0):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
        elif (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def type_name_checks(source: str) -> list[int]:
    """Return the lines comparing `type(...).__name__` with something."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if (
                    isinstance(side, ast.Attribute)
                    and side.attr == "__name__"
                    and isinstance(side.value, ast.Call)
                    and isinstance(side.value.func, ast.Name)
                    and side.value.func.id == "type"
                ):
                    lines.append(node.lineno)
    return lines


def test_the_checks_catch_what_they_should() -> None:
    bad = (
        "from liarsdice.odds import _shortfall, table\n"
        "from liarsdice import settlement\n"
        "import liarsdice.botkit as kit\n"
        "x = settlement._apply(1)\n"
        "y = kit._cheapest(2)\n"
        "z = self._own + other.__dict__\n"
        "from liarsdice.plots._inputs import check_items\n"
    )
    assert private_uses(bad) == [
        "1: from liarsdice.odds import _shortfall",
        "4: settlement._apply",
        "5: kit._cheapest",
    ]
    assert type_name_checks("ok = type(rules).__name__ != 'Rules'\n") == [1]
    assert type_name_checks("ok = isinstance(rules, Rules)\n") == []


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_names_across_modules(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8")) == []


def test_ladder_has_no_type_name_check() -> None:
    assert type_name_checks((PACKAGE / "ladder.py").read_text(encoding="utf-8")) == []


def test_ladder_refuses_a_look_alike_named_rules() -> None:
    from liarsdice import preset
    from liarsdice.bids import Bid
    from liarsdice.errors import ArgumentTypeError
    from liarsdice.ladder import ACE_RULES, PALIFICO

    rules = preset("blef")
    Rules = type("Rules", (), {"wild": 1})  # the old name check let this one through
    for order in (ACE_RULES[rules.ace_rule], PALIFICO):
        assert order.rank(Bid(3, 5), rules) >= 0
        with pytest.raises(ArgumentTypeError, match="expected a Rules"):
            order.rank(Bid(3, 5), Rules())
