"""Tests of liarsdice.aces, the deprecated old name of liarsdice.halve_double (issue 23): it
warns on import and serves the same objects as halve_double."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import liarsdice
from liarsdice import halve_double


def test_importing_the_old_name_warns() -> None:
    with pytest.warns(DeprecationWarning, match=r"liarsdice\.aces is deprecated: use liarsdice\."):
        importlib.import_module("liarsdice.aces")  # a first import warns
        importlib.reload(sys.modules["liarsdice.aces"])  # and so does each re-run of the module


def test_a_fresh_import_fails_under_warnings_as_errors() -> None:
    run = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", "import liarsdice.aces"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode != 0
    assert "DeprecationWarning: liarsdice.aces is deprecated: use liarsdice.halve_double" in (
        run.stderr
    )


def test_the_new_name_imports_without_a_warning() -> None:
    code = "import liarsdice.halve_double, liarsdice.odds; liarsdice.odds.wild_place(1, 3)"
    run = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def test_the_old_names_are_the_new_objects() -> None:
    with pytest.warns(DeprecationWarning):
        aces = importlib.reload(importlib.import_module("liarsdice.aces"))
    assert halve_double.__all__ == aces.__all__
    assert {"halve_double_table", "wild_place", "Equivalence"} <= set(aces.__all__)
    for name in halve_double.__all__:
        assert getattr(aces, name) is getattr(halve_double, name), name
    assert liarsdice.aces is aces  # the package's lazy attribute still serves the old name


def test_halve_double_lists_every_public_name_it_defines() -> None:
    defined = {
        name
        for name, value in vars(halve_double).items()
        if not name.startswith("_")
        and (getattr(value, "__module__", None) == halve_double.__name__ or name.isupper())
        and name not in {"MAX_EXACT_UNKNOWN", "MAX_QUANTITY", "ACE_RULES"}  # imported limits
    }
    assert defined == set(halve_double.__all__)
    assert "halve_double" in liarsdice.__all__ and "aces" not in liarsdice.__all__
