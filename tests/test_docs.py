"""Run the recipes of docs/extending.md as a doctest, in a fresh interpreter (they register an
ace rule, a bot and a lesson, which would change what the other tests see)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXTENDING = Path(__file__).resolve().parents[1] / "docs" / "extending.md"


def test_the_recipes_run() -> None:
    code = (
        "import doctest, sys; "
        f"r = doctest.testfile({str(EXTENDING)!r}, module_relative=False); "
        "print(r.attempted, r.failed); sys.exit(1 if r.failed or r.attempted < 20 else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_each_recipe_names_the_files_it_touches() -> None:
    text = EXTENDING.read_text(encoding="utf-8")
    recipes = text.split("\n## ")[1:]
    assert len(recipes) == 5
    for recipe in recipes:
        touch = next(line for line in recipe.splitlines() if line.startswith("**Touch:**"))
        assert touch, recipe.splitlines()[0]
