"""Light notebooks: a lesson executed and saved with its widget state (as JupyterLab's "save
widget state" does) is at most 2 MB, the app at most 5 MB, and no figure stores plotly's 5 MB
bundle (liarsdice.widgets.figures: each figure's `_esm` is a small loader; the bundle reaches
the page once, from the kernel, in a message that is no widget state).

The notebooks are executed once per test session, two at a time, shared with
tests/test_notebooks.py (tests.course.executed_notebooks). That figures still draw and update
in a browser is tested in tests/browser.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import plotly.graph_objects as go
import pytest

from liarsdice.widgets import figures
from liarsdice.widgets.figures import ANSWER, ASK, FigureWidget, PlotlyBundle, plotly_bundle
from tests.course import APP, ROOT, executed_notebooks, lesson_paths

MB = 1_000_000
LIMITS = {**dict.fromkeys(lesson_paths(), 2 * MB), APP: 5 * MB}
LOADER_MAX = 10_000  # bytes of a figure's _esm: a loader, never the bundle
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_states(notebook: nbformat.NotebookNode) -> list[dict]:
    """Return the stored state of every widget model of a saved notebook."""
    stored = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {})
    return [model["state"] for model in stored.get("state", {}).values()]


@pytest.mark.parametrize("path", list(LIMITS), ids=lambda p: p.name)
def test_an_executed_and_saved_notebook_is_light(path: Path) -> None:
    notebook = executed_notebooks()[path]
    size = len(nbformat.writes(notebook).encode())
    heavy = sorted(
        (
            (len(json.dumps(value)), key)
            for state in widget_states(notebook)
            for key, value in state.items()
        ),
        reverse=True,
    )[:3]
    assert size <= LIMITS[path], (
        f"{path.name} saved with its widget state is {size / MB:.1f} MB "
        f"(at most {LIMITS[path] / MB:.0f} MB); its largest widget values: {heavy}"
    )
    for state in widget_states(notebook):
        assert len(state.get("_esm", "")) <= LOADER_MAX, f"{path.name}: a widget stores its bundle"


# ----- the mechanism, without a kernel -------------------------------------------------------


def test_a_figure_holds_a_small_loader_and_no_bundle() -> None:
    figure = FigureWidget(go.Figure(go.Bar(y=[1, 2, 3])))
    assert isinstance(figure, go.FigureWidget)
    assert len(figure._esm) <= LOADER_MAX
    assert len(figures.bundle_widget()._esm) <= LOADER_MAX
    assert len(plotly_bundle()) > 1_000_000  # plotly's bundle: kept out of every state
    figure.close()


def test_the_bundle_widget_sends_plotlys_own_bundle_when_made_and_when_asked() -> None:
    sent: list[tuple[dict, list[bytes]]] = []

    class Recorded(PlotlyBundle):
        def send(self, content: dict, buffers: list[bytes] | None = None) -> None:
            sent.append((content, buffers or []))

    carrier = Recorded()
    carrier._on_message(carrier, {"kind": ASK}, [])
    carrier._on_message(carrier, {"kind": "something else"}, [])
    assert [content for content, _ in sent] == [{"kind": ANSWER}, {"kind": ANSWER}]
    assert all(buffers == [str(go.FigureWidget._esm).encode()] for _, buffers in sent)
    carrier.close()


def test_a_closed_bundle_widget_is_made_anew() -> None:
    first = figures.bundle_widget()
    first.close()
    second = figures.bundle_widget()
    assert second is not first and second.comm is not None


def test_every_widget_makes_its_figures_with_the_light_figure_widget() -> None:
    package = ROOT / "liarsdice"
    plain = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "figures.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "go.FigureWidget(" in line
    ]
    assert not plain, f"use liarsdice.widgets.figures.FigureWidget, not go.FigureWidget: {plain}"
