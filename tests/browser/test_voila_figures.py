"""Real-browser test: on a voila page every figure keeps receiving edits, not only the first.

anywidget 0.9.17 to at least 0.11.0 drops, without an error, every later message of a model
whose widget code took more than two seconds to load; plotly's 5 MB bundle, imported anew for
each figure a voila page creates at once, takes that long for all but the first figure or two.
pyproject.toml pins anywidget below 0.9.17 for this; with anywidget 0.11.0 this test fails
(the later figures keep their first data).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

LOAD_TIMEOUT_MS = 180_000  # voila starts a kernel and runs the notebook first
STEP_TIMEOUT_MS = 30_000
FIGURES = 6  # enough that plain FigureWidgets lose edits on every run seen

FIGURES_CELL = f"""\
import ipywidgets as w
import plotly.graph_objects as go

from liarsdice.widgets.controls import update_figure

figures = [go.FigureWidget(go.Figure(go.Bar(y=[0, 0, 0]))) for _ in range({FIGURES})]
step = w.Button(description="Step")


def on_step(_):
    for i, figure in enumerate(figures):
        update_figure(figure, go.Figure(go.Bar(y=[i + 1, i + 2, i + 3])))


step.on_click(on_step)
w.VBox([step, w.HBox(figures[::-1])])  # shown in the reverse order of creation
"""

Y_VALUES = """() => Array.from(document.querySelectorAll('.js-plotly-plot'),
    (plot) => Array.from(plot.data[0].y, Number))"""


@pytest.fixture(scope="module")
def figures_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Write a one-cell notebook that shows FIGURES figures and a Step button."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "figures",
                "metadata": {},
                "outputs": [],
                "source": FIGURES_CELL,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path_factory.mktemp("voila_figures") / "figures.ipynb"
    path.write_text(json.dumps(notebook))
    return path


def test_every_figure_on_a_voila_page_receives_edits(
    browser: object, voila: Callable[[str], str], figures_notebook: Path
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 800})
    try:
        page.goto(voila(str(figures_notebook)), timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            f"document.querySelectorAll('.js-plotly-plot').length === {FIGURES}",
            timeout=LOAD_TIMEOUT_MS,
        )
        assert page.evaluate(Y_VALUES) == [[0, 0, 0]] * FIGURES
        page.get_by_role("button", name="Step").click()
        # Shown in reverse order: the last plot on the page is the first figure created.
        expected = [[i + 1, i + 2, i + 3] for i in reversed(range(FIGURES))]
        with contextlib.suppress(PlaywrightTimeout):  # the assertion says which did not update
            page.wait_for_function(
                f"({Y_VALUES})().every((y, i) => JSON.stringify(y) === "
                f"JSON.stringify({json.dumps(expected)}[i]))",
                timeout=STEP_TIMEOUT_MS,
            )
        assert page.evaluate(Y_VALUES) == expected
    finally:
        page.close()
