"""docs/extending.md: its recipes run as a doctest, in a fresh interpreter (they register an
ace rule, a move, a bot and a lesson, which would change what the other tests see), and each
recipe lists the whole contract, naming only files that exist."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTENDING = ROOT / "docs" / "extending.md"
RECIPES = ("ace rule", "Rules option", "move", "bot", "widget", "lesson")
PARTS = ("**Touch:**", "**Register:**", "**Test:**", "**Guide:**", "**Checked for you")


def recipes() -> dict[str, str]:
    """Return each recipe of the page: what it adds ("a bot") -> its text."""
    sections = EXTENDING.read_text(encoding="utf-8").split("\n## ")[1:]
    return {
        re.sub(r"^Add an? ", "", s.split("\n", 1)[0]): s for s in sections if s.startswith("Add ")
    }


def touched(recipe: str) -> list[str]:
    """Return what a recipe's "**Touch:**" paragraph names in backquotes (paths only)."""
    paragraph = recipe.split("**Touch:**", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"`([^`\s]+)`", paragraph)


def pattern(path: str) -> str | None:
    """Return the glob a named path stands for ("<name>" any name, "NN" two digits), or None
    for a file of the reader's own (a path that is a placeholder from its first part)."""
    if path.startswith("<"):
        return None
    return re.sub(r"<[^>]+>", "*", path).replace("NN", "[0-9][0-9]")


def test_the_recipes_run() -> None:
    code = (
        "import doctest, sys; "
        f"r = doctest.testfile({str(EXTENDING)!r}, module_relative=False); "
        "print(r.attempted, r.failed); sys.exit(1 if r.failed or r.attempted < 30 else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_each_recipe_lists_the_whole_contract() -> None:
    found = recipes()
    assert list(found) == list(RECIPES)
    for name, recipe in found.items():
        places = [recipe.find(part) for part in PARTS]
        assert -1 not in places, (name, dict(zip(PARTS, places)))
        assert "```python" in recipe, f"the {name} recipe has no example"
        assert "your own: `<" in " ".join(recipe.split("**Register:**")[0].split()), name


def test_each_recipe_names_only_files_that_exist() -> None:
    for name, recipe in recipes().items():
        paths = touched(recipe)
        assert paths, name
        for path in paths:
            assert re.search(r"/|\.(py|md|ipynb)$", path), f"{name}: {path!r} is no path"
            glob = pattern(path)
            if glob is not None:
                assert list(ROOT.glob(glob)), f"the {name} recipe names {path}: no such file"


def test_the_touch_patterns_read_placeholders() -> None:
    assert pattern("<your_module>.py") is None
    assert pattern("notebooks/<track>/NN_<name>.ipynb") == "notebooks/*/[0-9][0-9]_*.ipynb"
    assert not list(ROOT.glob("liarsdice/no_such_module.py"))  # a gone file would be caught
