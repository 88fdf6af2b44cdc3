"""Real-browser tests of the app's languages (issue 25): voila's page is English by default;
picking Polski or Čeština with the language control rebuilds the sections, and the page then
shows the catalog's headings, PlayTable's buttons and, after a round played by clicking, the
settlement's explanation in that language; `?lang=cs` opens the page in Czech. The expected
texts are the catalogs' (liarsdice.i18n's translate, in this process). Screenshots go to
tests/browser/screenshots."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

import liarsdice as ld
from liarsdice.i18n import translate
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_app import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, click_and_wait
from tests.test_classroom_app import LEVEL, SECTIONS, TITLE

LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "cs": "Čeština"}
BUTTONS = {"ld-bid": "Bid", "ld-challenge": "Challenge", "ld-new-game": "New game"}
SETTLED = "{bid} bid, {count} on the table"  # liarsdice.settlement's start of every challenge


@pytest.fixture(autouse=True)
def back_to_the_environment() -> Iterator[None]:
    """This process looks texts up in a language; every test leaves it to the environment."""
    yield
    ld.set_language(None)


def in_language(lang: str) -> dict[str, object]:
    """Return what the page must show in `lang`: the catalog's title, headings, buttons and
    the fixed words of the settlement's explanation and of the reveal's title."""
    ld.set_language(lang)
    texts = {
        "title": translate(TITLE),
        "headings": [translate(heading).format(level=LEVEL) for heading, _, _ in SECTIONS],
        "buttons": {name: translate(label) for name, label in BUTTONS.items()},
        "settled": [part.strip() for part in re.split(r"\{\w+\}", translate(SETTLED))],
        "reveal": translate("Reveal of round {round}").format(round=1),
    }
    ld.set_language(None)
    return texts


def open_app(browser: object, url: str) -> object:
    """Return a new page with the app loaded and every section drawn."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-classroom-app .ld-play-table", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-class-tally .js-plotly-plot", timeout=LOAD_TIMEOUT_MS)
    return page


def choose(page: object, lang: str) -> None:
    """Press the language control's button for `lang`; wait until the sections are rebuilt."""
    first = in_language(lang)["headings"][0]
    page.locator(".ld-language button", has_text=LANGUAGE_NAMES[lang]).click()
    page.locator(".ld-classroom-app h2", has_text=first).wait_for(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-class-tally .js-plotly-plot", timeout=LOAD_TIMEOUT_MS)


def check_page_speaks(page: object, lang: str) -> None:
    """Check the title, every heading, the chosen language and PlayTable's buttons."""
    expected = in_language(lang)
    app = page.locator(".ld-classroom-app")
    assert app.locator("h1").inner_text().strip() == expected["title"]
    assert [h.strip() for h in app.locator("h2").all_inner_texts()] == expected["headings"]
    chosen = app.locator(".ld-language button.mod-active").inner_text().strip()
    assert chosen == LANGUAGE_NAMES[lang]
    table = page.locator(".ld-play-table")
    assert table.count() == 1  # the old sections are gone
    for name, label in expected["buttons"].items():
        assert table.locator(f"button.{name}").inner_text().strip() == label, name


def play_until_settled(page: object) -> str:
    """Click Challenge (or Bid when no bid is on the table) until a round is settled; return
    the reveal's text."""
    table = page.locator(".ld-play-table")
    for _ in range(40):
        reveal = table.locator(".ld-reveal")
        if reveal.count() and reveal.inner_text().strip():
            return reveal.inner_text()
        challenge = table.locator("button.ld-challenge")
        button = challenge if challenge.is_enabled() else table.locator("button.ld-bid")
        click_and_wait(page, table, button)
    raise AssertionError("no round was settled in 40 clicks")


def test_the_default_page_is_english(browser: object, voila: Callable[[str], str]) -> None:
    page = open_app(browser, voila("notebooks/app.ipynb"))
    check_page_speaks(page, "en")
    assert in_language("en")["headings"][0] == "Play a game"
    page.close()


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_language_control_shows_the_app_in_the_language(
    browser: object, voila: Callable[[str], str], lang: str
) -> None:
    page = open_app(browser, voila("notebooks/app.ipynb"))
    choose(page, lang)
    check_page_speaks(page, lang)
    english = in_language("en")
    expected = in_language(lang)
    assert expected["headings"] != english["headings"]
    assert expected["buttons"] != english["buttons"]
    page.screenshot(path=str(SCREENSHOTS / f"app_{lang}.png"), full_page=True)
    reveal = play_until_settled(page)
    assert expected["reveal"] in reveal and english["reveal"] not in reveal
    assert expected["settled"] != english["settled"]
    assert all(part in reveal for part in expected["settled"]), (expected["settled"], reveal)
    assert "on the table" not in reveal
    table = page.locator(".ld-play-table")
    table.screenshot(path=str(SCREENSHOTS / f"play_table_reveal_{lang}.png"))
    page.close()


def test_the_query_string_opens_the_app_in_czech(
    browser: object, voila: Callable[[str], str]
) -> None:
    page = open_app(browser, voila("notebooks/app.ipynb") + "&lang=cs")
    page.locator(".ld-classroom-app h2", has_text=in_language("cs")["headings"][0]).wait_for(
        timeout=STEP_TIMEOUT_MS
    )
    check_page_speaks(page, "cs")
    page.close()
