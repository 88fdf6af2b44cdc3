"""The classroom app: voila serves notebooks/app.ipynb without code and with every widget."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable


def test_voila_serves_the_app_without_code(voila: Callable[[str], str]) -> None:
    url = voila("notebooks/app.ipynb")
    with urllib.request.urlopen(url, timeout=180) as response:
        assert response.status == 200
        page = response.read().decode()
    assert "Liar&#39;s Dice in class" in page or "Liar's Dice in class" in page
    assert page.count("application/vnd.jupyter.widget-view+json") >= 9  # the nine widgets
    assert "from liarsdice.widgets import" not in page  # voila strips the code cells
