"""Fixtures for real-browser tests: Debian's Chromium driven by Playwright (voila: ../conftest.py).

Tests here are marked `browser`; they skip, saying why, when no Chromium or Playwright exists.
Playwright drives the system Chromium (`executable_path`); it never downloads a browser.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """Return the path of a system Chromium, or None."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `browser`."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Yield a headless Chromium driven by Playwright, or skip saying why."""
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (apt-get install chromium); browser tests skipped")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install playwright); browser tests skipped")
    SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()
