"""Run the README's examples as a doctest, so they stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_the_readme_lists_every_shared_limit() -> None:
    from liarsdice import limits

    text = README.read_text()
    names = [name for name in vars(limits) if name.startswith("MAX_")]
    assert len(names) >= 9
    missing = [name for name in names if f"`limits.{name}`" not in text]
    assert not missing, f"README's Limits table lacks {missing}"
