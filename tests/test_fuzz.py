"""Property tests of the whole public API (issue 14): hostile input is refused clearly and fast.

tests/fuzz_api.py holds the API map and the fuzzer; it runs in a child process under a memory
limit (RLIMIT_AS, FUZZ_MEMORY_GB, 4 GB by default), so a MemoryError or a hang there is a
failure of the child, never of this process. Each call must return (a probability in [0, 1],
no NaN) or raise ValueError/TypeError quoting the input, within FUZZ_TIME_LIMIT seconds (1).
FUZZ_PROFILE=long runs 20 times the examples (a longer local run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_api

ROOT = Path(__file__).resolve().parents[1]
MEMORY_GB = float(os.environ.get("FUZZ_MEMORY_GB", "4"))
CHILD_TIMEOUT = 1800 if os.environ.get("FUZZ_PROFILE") == "long" else 600


def test_every_public_callable_is_in_the_api_map() -> None:
    """A new public function, method or constructor must be fuzzed or excluded with a reason."""
    public = fuzz_api.public_callables()
    mapped = set(fuzz_api._specs()) | set(fuzz_api.EXCLUDED)
    missing = sorted(public - mapped)
    assert not missing, "public callables missing from tests/fuzz_api.py's SPECS:\n" + "\n".join(
        missing
    )
    stale = sorted(mapped - public)
    assert not stale, "names in tests/fuzz_api.py that are no longer public:\n" + "\n".join(stale)


def test_every_fuzzed_argument_exists() -> None:
    """Each fuzzed argument names a parameter of its callable (a typo would fuzz nothing)."""
    import inspect

    wrong = []
    for name, spec in fuzz_api._specs().items():
        parameters = inspect.signature(spec.target()).parameters
        wrong += [f"{name}: {arg}" for arg in spec.fuzz if arg not in parameters]
    assert not wrong, "\n".join(wrong)


@pytest.fixture(scope="module")
def fuzz_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, list[dict], str]:
    """Run the fuzzer in a child process under the memory limit; return (exit code, failures,
    output)."""
    folder = tmp_path_factory.mktemp("fuzz")
    report, progress = folder / "report.json", folder / "progress.txt"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    command = [
        sys.executable,
        str(ROOT / "tests" / "fuzz_api.py"),
        "--report",
        str(report),
        "--progress",
        str(progress),
        "--memory",
        str(MEMORY_GB),
    ]
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT
        )
    except subprocess.TimeoutExpired:
        last = progress.read_text().splitlines()[-1:] if progress.exists() else ["?"]
        pytest.fail(f"the fuzz child did not finish in {CHILD_TIMEOUT} s; last call: {last[0]}")
    output = done.stdout + done.stderr
    if not report.exists():
        last = progress.read_text().splitlines()[-1:] if progress.exists() else ["?"]
        pytest.fail(
            f"the fuzz child died (exit {done.returncode}) during {last[0]}:\n{output[-3000:]}"
        )
    return done.returncode, json.loads(report.read_text()), output


def _show(failures: list[dict]) -> str:
    return "\n".join(
        f"{f['name']}({f['argument']}={f['value']}): {f['problem']}"
        + (f" -- {f['detail'][:300]}" if f["detail"] else "")
        for f in failures
    )


@pytest.mark.parametrize("name", sorted(fuzz_api._specs()))
def test_hostile_input_is_refused_clearly_and_fast(
    fuzz_report: tuple[int, list[dict], str], name: str
) -> None:
    """Every call returns a valid answer or raises ValueError/TypeError quoting the input, in
    time, within the memory limit, changing nothing when refused."""
    failures = [f for f in fuzz_report[1] if f["name"] == name]
    assert not failures, f"{len(failures)} distinct failures:\n{_show(failures)}"


def test_fuzz_child_passed(fuzz_report: tuple[int, list[dict], str]) -> None:
    """The child exited cleanly, with nothing failing (the total of the per-callable tests)."""
    code, failures, output = fuzz_report
    assert code == 0 and not failures, output[-5000:]
