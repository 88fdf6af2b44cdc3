"""Checks that the Python versions said are true: requires-python is the oldest Python the
package runs on, and every other place that names a version says the same.

- floor(): the version requires-python names (">=3.11" -> (3, 11)); any other form is refused.
- stated_versions(): each place that names the floor (README, environment.yml, mypy, ruff)
  and the version it names.
- vermin_needs(): the oldest Python vermin finds some files need, with the lines that need it.
- UNSEEN / unseen_needs(): features vermin cannot see (an attribute read on a code object is
  not a name it knows), found in the text, with the version each needs.
- needed(): the oldest Python liarsdice/ needs, vermin's finding and the unseen ones together.

Run as a script (`make test` does, after mypy and before pytest) it prints what sets the
oldest Python and exits 1 if requires-python names another.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "liarsdice"
Version = tuple[int, int]

# Pattern -> (version, what): 3.x-only features vermin does not report.
UNSEEN: dict[str, tuple[Version, str]] = {
    r"\.co_qualname\b": ((3, 11), "code objects' co_qualname"),
}


def _version(text: str) -> Version:
    """Return (major, minor) of a version such as "3.11" or "py311"."""
    found = re.fullmatch(r"(?:py)?(\d)\.?(\d+)", text.strip())
    if found is None:
        raise ValueError(f"not a Python version: {text!r}")
    return int(found[1]), int(found[2])


def _pyproject() -> dict[str, object]:
    """Return pyproject.toml, parsed."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def floor(requires: str) -> Version:
    """Return the version a requires-python of the form ">=X.Y" names."""
    found = re.fullmatch(r">=\s*(\d+\.\d+)", requires.strip())
    if found is None:
        raise ValueError(f"requires-python should read '>=X.Y', not {requires!r}")
    return _version(found[1])


def requires_python() -> Version:
    """Return the floor pyproject.toml's requires-python names."""
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    return floor(project["requires-python"])


def stated_versions() -> dict[str, Version]:
    """Return each place, other than requires-python, that names the floor, and its version."""
    stated: dict[str, Version] = {}
    readme = (ROOT / "README.md").read_text()
    for number, line in enumerate(readme.splitlines(), 1):
        for said in re.findall(r"Python (\d\.\d+)\+", line):
            stated[f"README.md:{number}"] = _version(said)
    pins = re.findall(r"^\s*-\s*python\s*>=\s*(\S+)", (ROOT / "environment.yml").read_text(), re.M)
    for pin in pins:
        stated["environment.yml"] = _version(pin)
    tool = _pyproject()["tool"]
    assert isinstance(tool, dict)
    stated["pyproject.toml [tool.mypy] python_version"] = _version(tool["mypy"]["python_version"])
    stated["pyproject.toml [tool.ruff] target-version"] = _version(tool["ruff"]["target-version"])
    return stated


def _vermin() -> str | None:
    """Return the path of the vermin command beside this Python, or on PATH, or None."""
    beside = Path(sys.executable).with_name("vermin")
    return str(beside) if beside.exists() else shutil.which("vermin")


def vermin_needs(*paths: Path) -> tuple[Version | None, list[str]]:
    """Return the oldest Python 3 vermin finds the files need (None: any) and the lines that
    need exactly that one."""
    command = _vermin()
    if command is None:
        raise FileNotFoundError("vermin is not installed: pip install -e '.[test]'")
    done = subprocess.run(
        [command, "--no-config-file", "--no-tips", "--format", "parsable", *map(str, paths)],
        capture_output=True,
        text=True,
    )
    lines = done.stdout.splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"vermin failed ({done.returncode}): {done.stderr or done.stdout}")
    # Each line: file:line:column:py2:py3:feature; the last, ":::py2:py3:", the minimum.
    total = lines[-1].split(":")[4]
    if not re.fullmatch(r"\d\.\d+", total):
        return None, []
    minimum = _version(total)
    where = [
        line.replace(f"{ROOT}/", "")
        for line in lines[:-1]
        if line.split(":")[1] and re.fullmatch(r"\d\.\d+", line.split(":")[4])
        if _version(line.split(":")[4]) == minimum
    ]
    return minimum, where


def unseen_needs(text: str, name: str = "<text>") -> dict[Version, list[str]]:
    """Return the versions the UNSEEN features in a text need, each with where and what."""
    needs: dict[Version, list[str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, (version, what) in UNSEEN.items():
            if re.search(pattern, line):
                needs.setdefault(version, []).append(f"{name}:{number}: {what}")
    return needs


def needed() -> tuple[Version | None, list[str]]:
    """Return the oldest Python liarsdice/ needs and what sets it (vermin's and the unseen)."""
    minimum, where = vermin_needs(PACKAGE)
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        for version, found in unseen_needs(path.read_text(), name).items():
            if minimum is None or version > minimum:
                minimum, where = version, []
            if version == minimum:
                where.extend(found)
    return minimum, where


def _show(version: Version | None) -> str:
    """Return a version as "3.11", or "any Python 3"."""
    return "any Python 3" if version is None else "{}.{}".format(*version)


def test_floor_reads_only_a_lower_bound() -> None:
    assert floor(">=3.11") == (3, 11)
    assert floor(" >= 3.12 ") == (3, 12)
    for bad in (">=3.11,<4", "~=3.11", "3.11", ">=3"):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            floor(bad)


def test_every_place_names_the_floor_of_requires_python() -> None:
    stated = stated_versions()
    assert any(place.startswith("README.md") for place in stated), "README names no version"
    assert "environment.yml" in stated, "environment.yml pins no python"
    wrong = {place: _show(v) for place, v in stated.items() if v != requires_python()}
    assert not wrong, f"requires-python says {_show(requires_python())}; these say: {wrong}"


def test_unseen_features_are_found_by_line() -> None:
    text = "x = 1\nname = frame.f_code.co_qualname\n"
    assert unseen_needs(text, "a.py") == {(3, 11): ["a.py:2: code objects' co_qualname"]}
    assert unseen_needs("co_qualname_of = 1\n") == {}


def test_vermin_reads_the_version_a_feature_needs(tmp_path: Path) -> None:
    if _vermin() is None:
        pytest.skip("vermin is not installed (the test extra installs it)")
    (tmp_path / "new.py").write_text("from typing import Self\n")
    (tmp_path / "old.py").write_text("x = 1\n")
    minimum, where = vermin_needs(tmp_path / "new.py", tmp_path / "old.py")
    assert minimum == (3, 11)
    assert len(where) == 1 and "typing.Self" in where[0]
    assert vermin_needs(tmp_path / "old.py") == (None, [])


def test_requires_python_is_the_oldest_python_the_code_runs_on() -> None:
    if _vermin() is None:
        pytest.skip("vermin is not installed (the test extra installs it)")
    minimum, where = needed()
    assert minimum == requires_python(), (
        f"liarsdice/ needs {_show(minimum)}, requires-python says "
        f"{_show(requires_python())}; set by:\n" + "\n".join(where)
    )


if __name__ == "__main__":
    minimum, where = needed()
    print(f"liarsdice/ needs Python {_show(minimum)}, set by:", *where, sep="\n  ")
    if minimum != requires_python():
        sys.exit(f"but requires-python says {_show(requires_python())}")
