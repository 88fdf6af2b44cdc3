"""Fixtures for real-browser tests: a voila server on 127.0.0.1 and Debian's Chromium.

Tests here are marked `browser`; they skip, saying why, when no Chromium or Playwright exists.
Playwright drives the system Chromium (`executable_path`); it never downloads a browser.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def _free_port() -> int:
    """Return a free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, seconds: float) -> None:
    """Wait until the server listens on `port` (asking for a page would run the notebook)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"voila did not listen on port {port} within {seconds} s")


@pytest.fixture(scope="session")
def voila() -> Iterator[Callable[[str], str]]:
    """Yield a function that serves a notebook with voila and returns its URL (with a token)."""
    servers: list[subprocess.Popen] = []

    def serve(notebook: str) -> str:
        port, token = _free_port(), secrets.token_hex(8)
        log = open(SCREENSHOTS.parent / f"voila-{Path(notebook).stem}.log", "w")  # noqa: SIM115
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                str(ROOT / notebook),
                f"--port={port}",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--token={token}",
            ],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        servers.append(process)
        url = f"http://127.0.0.1:{port}/?token={token}"
        _wait_for(port, process, 60)
        return url

    SCREENSHOTS.mkdir(exist_ok=True)
    yield serve
    for process in servers:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
