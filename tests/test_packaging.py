"""Tests that the package metadata, environment.yml and the public API agree."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import liarsdice as ld

ROOT = Path(__file__).resolve().parents[1]
CONDA_TO_PYPI = {"python-kaleido": "kaleido"}
NOT_PACKAGES = {"python", "pip"}


def _requirement(text: str) -> tuple[str, str]:
    """Return (name, version specifier) of a requirement, without an environment marker."""
    text = text.split(";")[0].strip()
    name, spec = re.match(r"^([A-Za-z0-9_.\-]+)\s*(.*)$", text).groups()
    return CONDA_TO_PYPI.get(name.lower(), name.lower()), spec.replace(" ", "")


def pyproject_requirements() -> set[tuple[str, str]]:
    """Return every requirement of pyproject.toml: the runtime ones and every extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        lines.extend(extra)
    return {_requirement(line) for line in lines}


def environment_requirements() -> set[tuple[str, str]]:
    """Return every package of environment.yml, conda and pip entries alike."""
    entries = re.findall(
        r"^\s*-\s+([A-Za-z][^\s#]*)\s*$", (ROOT / "environment.yml").read_text(), re.M
    )
    found = {_requirement(entry) for entry in entries if entry not in ("conda-forge",)}
    return {(name, spec) for name, spec in found if name not in NOT_PACKAGES}


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    assert environment_requirements() == pyproject_requirements()


def test_anywidget_is_a_runtime_dependency() -> None:
    """plotly's FigureWidget needs anywidget but does not declare it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(dep.startswith("anywidget") for dep in project["dependencies"])


def test_every_public_name_is_mapped_in_the_package_docstring() -> None:
    doc = ld.__doc__
    missing = [name for name in ld.__all__ if name not in doc]
    assert not missing, f"names missing from liarsdice's docstring: {missing}"


def test_import_liarsdice_loads_only_the_pure_core() -> None:
    """`import liarsdice` leaves numpy, plotly, sympy, tqdm and scipy for first use."""
    import subprocess
    import sys

    heavy = ("numpy", "plotly", "sympy", "tqdm", "scipy", "ipywidgets")
    code = f"import sys, liarsdice; print([m for m in {heavy!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    code = "import sys, liarsdice as ld; ld.Game; ld.odds; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"  # and the lazy names load on first use


def test_every_public_name_resolves() -> None:
    for name in ld.__all__:
        assert getattr(ld, name) is not None, name
    assert set(ld.__all__) <= set(dir(ld))


def _installed_by_make_lab() -> set[str]:
    """Return the distributions `make lab` installs: the runtime requirements and the lab
    extra, with everything they require in turn (read from the installed metadata)."""
    import importlib.metadata as metadata

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["lab"]]
    todo = [_requirement(line)[0] for line in wanted]
    found: set[str] = set()
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in found:
            continue
        found.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for line in requires:
            if "extra ==" not in line:
                todo.append(_requirement(line)[0])
    return found


def _imported_modules(source: str) -> set[str]:
    """Return the top-level modules a piece of Python imports (magics and shell lines skipped)."""
    import ast

    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    modules = set()
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, ast.Import):
            modules |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    return modules


def test_the_lessons_run_on_what_make_lab_installs() -> None:
    """Every module a lesson or the package imports is installed by `make lab` alone."""
    import importlib.metadata as metadata
    import json
    import sys

    sources = [path.read_text() for path in (ROOT / "liarsdice").rglob("*.py")]
    for notebook in (ROOT / "notebooks").rglob("*.ipynb"):
        cells = json.loads(notebook.read_text())["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    modules = set().union(*map(_imported_modules, sources)) - {"liarsdice", "__future__"}
    # The fast extra's modules (numba) are imported only where installed; numpy works without.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    modules -= {_requirement(line)[0] for line in project["optional-dependencies"]["fast"]}
    distributions = metadata.packages_distributions()
    installed = _installed_by_make_lab()
    missing = {
        module: distributions.get(module, ["(not installed)"])
        for module in sorted(modules - set(sys.stdlib_module_names))
        if not {re.sub(r"[-_.]+", "-", d).lower() for d in distributions.get(module, [])}
        & installed
    }
    assert not missing, f"imported but not installed by `make lab`: {missing}"
