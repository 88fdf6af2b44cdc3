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


# ----- issue 14: bad arguments are refused before any figure is built ------------------------


def _no_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make building any figure fail the test: refusals must come first."""

    def build() -> go.Figure:
        raise AssertionError("a figure was built before the arguments were checked")

    monkeypatch.setattr(figures, "FIGURES", {"odds_heatmap": build})


def test_out_on_a_file_is_refused_quoting_it(tmp_path: Path, monkeypatch) -> None:
    _no_build(monkeypatch)
    path = tmp_path / "file.txt"
    path.write_text("keep me")
    for out in (path, path / "sub"):
        with pytest.raises(ValueError, match="not a writable folder") as info:
            figures.make_figures(out)
        assert repr(str(out)) in str(info.value)
    assert path.read_text() == "keep me"


@pytest.mark.parametrize(
    ("out", "formats", "error", "quoted"),
    [
        (None, ("svg",), figures.ArgumentTypeError, "out=None"),
        (3, ("svg",), figures.ArgumentTypeError, "out=3"),
        ("x" * 5000, ("svg",), ValueError, "(5002 characters)"),
        ("ok", "svg", figures.ArgumentTypeError, "formats='svg'"),
        ("ok", ["gif"], ValueError, "formats='gif'"),
        ("ok", [], ValueError, "formats=()"),
        ("ok", None, figures.ArgumentTypeError, "formats=None"),
    ],
)
def test_bad_arguments_are_refused(tmp_path, monkeypatch, out, formats, error, quoted) -> None:
    _no_build(monkeypatch)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(error) as info:
        figures.make_figures(out, formats)
    assert quoted in str(info.value)


class JavascriptError(RuntimeError):
    """Named as kaleido's error for a tab asked to export before its page loaded."""


def test_a_tab_not_ready_is_tried_again_once(monkeypatch, tmp_path) -> None:
    from liarsdice import figures

    monkeypatch.setattr(figures.time, "sleep", lambda seconds: None)
    calls: list[Path] = []

    class Flaky:
        def __init__(self, failures: int) -> None:
            self.failures = failures

        def write_image(self, path: Path, scale: int) -> None:
            calls.append(path)
            if len(calls) <= self.failures:
                raise JavascriptError("kaleido_scopes is not defined")

    figures._write_image(Flaky(1), tmp_path / "a.svg", 1)
    assert len(calls) == 2
    calls.clear()
    with pytest.raises(JavascriptError):
        figures._write_image(Flaky(2), tmp_path / "b.svg", 1)
    assert len(calls) == 2
