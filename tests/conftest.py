"""Shared test setup: Hypothesis without time limits (CI machines are shared and noisy), and a
voila server for the app notebook, on 127.0.0.1 with a token; SolverBot's cache folder
(LIARSDICE_CACHE) is an empty temporary folder, so no solution file of the user's is played;
the suite speaks English, and after every test the language is the environment's again."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("liarsdice", deadline=None, print_blob=True)
settings.load_profile("liarsdice")

ROOT = Path(__file__).resolve().parents[1]

# The suite checks English texts: on a machine whose locale is Polish or Czech, the package
# would speak it (liarsdice.i18n reads the system locale); tests of the languages set their own.
os.environ["LIARSDICE_LANGUAGE"] = "en"

from liarsdice.i18n import set_language  # noqa: E402 - after the environment says English


@pytest.fixture(autouse=True)
def _language_back_to_the_environment() -> Iterator[None]:
    """After every test, the language is the environment's again (English in the suite)."""
    yield
    set_language(None)


@pytest.fixture(scope="session", autouse=True)
def _empty_solution_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the solution cache at an empty folder for the whole session."""
    before = os.environ.get("LIARSDICE_CACHE")
    os.environ["LIARSDICE_CACHE"] = str(tmp_path_factory.mktemp("solution-cache"))
    yield
    if before is None:
        os.environ.pop("LIARSDICE_CACHE", None)
    else:
        os.environ["LIARSDICE_CACHE"] = before


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
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], str]]:
    """Yield a function that serves a notebook with voila and returns its URL (with a token)."""
    servers: list[subprocess.Popen] = []
    urls: dict[str, str] = {}  # one server per notebook for the whole session
    logs = tmp_path_factory.mktemp("voila")

    def serve(notebook: str) -> str:
        if notebook in urls:
            return urls[notebook]
        port, token = _free_port(), secrets.token_hex(8)
        log = open(logs / f"{Path(notebook).stem}.log", "w")  # noqa: SIM115
        command = [
            sys.executable,
            "-m",
            "voila",
            str(ROOT / notebook),
            f"--port={port}",
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--token={token}",
        ]
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        servers.append(process)
        _wait_for(port, process, 60)
        urls[notebook] = f"http://127.0.0.1:{port}/?token={token}"
        return urls[notebook]

    yield serve
    for process in servers:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
