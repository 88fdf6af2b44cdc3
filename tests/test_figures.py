"""Tests of liarsdice.figures: every static figure builds, and export works where Chromium is."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import plotly.graph_objects as go
import pytest

from liarsdice import figures


@pytest.mark.parametrize("name", [n for n in figures.FIGURES if n != "tournament"])
def test_each_figure_builds_with_data(name: str) -> None:
    figure = figures.FIGURES[name]()
    assert isinstance(figure, go.Figure)
    assert figure.data and figure.layout.title.text


def test_figures_export_as_svg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not (shutil.which("chromium") or Path("/usr/bin/chromium").exists()):
        pytest.skip("static export needs a Chrome or Chromium (apt-get install chromium)")
    pytest.importorskip("kaleido")
    monkeypatch.setattr(figures, "FIGURES", {"odds_heatmap": figures.odds_heatmap})
    paths = figures.make_figures(tmp_path, formats=("svg",))
    assert [p.name for p in paths] == ["odds_heatmap.svg"]
    assert ET.parse(paths[0]).getroot().tag.endswith("svg")
