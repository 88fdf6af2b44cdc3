"""The classroom app: voila serves notebooks/app.ipynb without code: the language note and one
ClassroomApp (every section's widget inside it; their rendering: tests/browser/)."""

from __future__ import annotations

import html
import json
import re
import urllib.request
from collections.abc import Callable

OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', re.S)


def test_voila_serves_the_app_without_code(voila: Callable[[str], str]) -> None:
    url = voila("notebooks/app.ipynb")
    with urllib.request.urlopen(url, timeout=180) as response:
        assert response.status == 200
        page = response.read().decode()
    assert "Language · Język · Jazyk" in page  # the note on choosing the language
    outputs = [json.loads(found) for found in OUTPUT.findall(page)]
    views = [
        out["data"]
        for out in outputs
        if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
    ]
    assert len(views) == 1  # the app: one widget holding the nine
    shown = views[0]["text/plain"]  # the widget's repr: its first child is the title
    assert shown.startswith("ClassroomApp(") and html.escape("Liar's Dice in class") in shown
    assert "from liarsdice.widgets import" not in page  # voila strips the code cells
