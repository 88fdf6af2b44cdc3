"""Real-browser tests: the voila app renders its widgets, a round is played by clicking, and
moving a control in the OddsExplorer changes the page. Screenshots go to tests/browser/screenshots.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scipy.stats import chi2

from tests.browser.conftest import SCREENSHOTS

LOAD_TIMEOUT_MS = 180_000  # voila starts a kernel and runs the notebook first
STEP_TIMEOUT_MS = 30_000


@pytest.fixture(scope="module")
def app_page(browser: object, voila: Callable[[str], str]) -> object:
    """Yield the app page, loaded in Chromium, with every widget rendered."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(voila("notebooks/app.ipynb"), timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-play-table", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-equivalence-explorer .js-plotly-plot", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ld-class-tally .js-plotly-plot", timeout=LOAD_TIMEOUT_MS)
    yield page
    page.close()


def test_the_app_renders_every_widget_with_its_figures(app_page: object) -> None:
    page = app_page
    page.screenshot(path=str(SCREENSHOTS / "app.png"), full_page=True)
    for widget in (
        ".ld-play-table",
        ".ld-odds-explorer",
        ".ld-board-view",
        ".ld-bid-reader",
        ".ld-equivalence-explorer",
        ".ld-rolling-table",
        ".ld-coverage-lab",
        ".ld-class-tally",
    ):
        assert page.locator(widget).count() == 1, widget
    assert page.locator(".ld-odds-explorer .js-plotly-plot").count() == 2
    assert page.locator(".ld-board-view .js-plotly-plot").count() == 1
    assert page.locator(".ld-equivalence-explorer .js-plotly-plot").count() == 3
    assert page.locator(".ld-bid-reader .js-plotly-plot").count() == 2
    # The reader's posterior bars are drawn from the computed data: counts 0..5 of seat 2's dice.
    assert (
        page.locator(".ld-bid-reader .js-plotly-plot").first.locator(".barlayer .point").count()
        == 12
    )
    assert "P(true)" in page.locator(".ld-odds-explorer .ld-summary").inner_text()
    # The figures show the computed data, not their placeholders: 21 bars for counts 0..20.
    assert page.locator(".ld-odds-explorer .js-plotly-plot .barlayer .point").count() == 21
    assert page.locator(".ld-play-table svg").count() >= 1  # your dice
    for widget in (".ld-rolling-table", ".ld-coverage-lab", ".ld-class-tally"):
        assert page.locator(f"{widget} .js-plotly-plot").count() >= 2, widget
    # The rolling table's histogram holds the exact distribution of 0..15 fives before any roll.
    histogram = page.locator(".ld-rolling-table .js-plotly-plot").nth(1)
    assert histogram.locator(".scatterlayer .point").count() >= 16
    page.locator(".ld-coverage-lab").screenshot(path=str(SCREENSHOTS / "coverage_lab.png"))


def click_and_wait(page: object, table: object, button: object) -> None:
    """Click a PlayTable button and wait until the table has redrawn (its status changes last)."""
    status = table.locator(".ld-status")
    before = status.inner_text()
    button.click()
    page.wait_for_function(
        "([el, text]) => el.innerText !== text",
        arg=[status.element_handle(), before],
        timeout=STEP_TIMEOUT_MS,
    )


def test_a_round_is_played_by_clicking(app_page: object) -> None:
    page = app_page
    table = page.locator(".ld-play-table")
    for _ in range(40):
        reveal = table.locator(".ld-reveal")
        if reveal.count() and "on the table" in reveal.inner_text():
            break
        challenge = table.locator("button.ld-challenge")
        button = challenge if challenge.is_enabled() else table.locator("button.ld-bid")
        click_and_wait(page, table, button)
    reveal = table.locator(".ld-reveal").inner_text()
    assert "on the table" in reveal and "Reveal of round 1" in reveal
    page.screenshot(path=str(SCREENSHOTS / "play_table_reveal.png"), full_page=True)
    click_and_wait(page, table, table.locator("button.ld-next"))
    assert "Reveal of round 1" not in table.inner_text()


def test_moving_an_odds_explorer_control_changes_the_page(app_page: object) -> None:
    page = app_page
    explorer = page.locator(".ld-odds-explorer")
    summary = explorer.locator(".ld-summary")
    before = summary.inner_text()
    explorer.locator("button.ld-die").first.click()  # turn your first die
    page.wait_for_function(
        "([el, text]) => el.innerText !== text",
        arg=[summary.element_handle(), before],
        timeout=STEP_TIMEOUT_MS,
    )
    assert summary.inner_text() != before
    explorer.screenshot(path=str(SCREENSHOTS / "odds_explorer.png"))


def test_the_bid_reader_reads_the_play_tables_round(app_page: object) -> None:
    page = app_page
    reader = page.locator(".ld-bid-reader")
    summary = reader.locator(".ld-reading")
    before = summary.inner_text()
    reader.locator("button", has_text="Read the PlayTable's round").click()
    page.wait_for_function(
        "([el, text]) => el.innerText !== text",
        arg=[summary.element_handle(), before],
        timeout=STEP_TIMEOUT_MS,
    )
    assert "P(" in summary.inner_text() and "reading them as" in summary.inner_text()
    reader.screenshot(path=str(SCREENSHOTS / "bid_reader.png"))


def test_a_raise_is_picked_on_the_board(app_page: object) -> None:
    page = app_page
    table = page.locator(".ld-play-table")
    table.get_by_text("pick on the board").click()
    board = table.locator(".js-plotly-plot")
    board.wait_for(timeout=STEP_TIMEOUT_MS)
    # The second trace outlines the legal raises; click the cell under one of its rings.
    ring = board.locator(".scatterlayer .trace").nth(1).locator(".point").first
    ring.wait_for(timeout=STEP_TIMEOUT_MS)
    box = ring.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    picked = table.get_by_text("press Bid")
    picked.wait_for(timeout=STEP_TIMEOUT_MS)
    assert "Picked" in picked.inner_text()
    table.screenshot(path=str(SCREENSHOTS / "play_table_board.png"))


ROLLS_AT_LEAST = """([el, rolls]) => {
    const found = el.innerText.match(/After ([0-9,]+) rolls/);
    return found !== null && parseInt(found[1].replaceAll(",", "")) >= rolls;
}"""


def bar_shapes(plot: object) -> list[str | None]:
    """Return the SVG path of every bar in a plotly figure on the page."""
    bars = plot.locator(".barlayer .point path")
    return [bars.nth(i).get_attribute("d") for i in range(bars.count())]


def test_the_rolling_table_plays_200_steps_and_its_bars_change(app_page: object) -> None:
    page = app_page
    table = page.locator(".ld-rolling-table")
    table.scroll_into_view_if_needed()
    histogram = table.locator(".js-plotly-plot").nth(1)
    before = bar_shapes(histogram)
    table.locator(".widget-hslider .noUi-handle").focus()  # the speed slider: fastest
    page.keyboard.press("End")
    play = table.locator(".widget-play button")
    play.first.click()
    page.wait_for_function(
        ROLLS_AT_LEAST, arg=[table.element_handle(), 200 * 100], timeout=4 * STEP_TIMEOUT_MS
    )
    play.nth(1).click()  # pause
    page.wait_for_timeout(500)  # the last tick's figure update
    after = bar_shapes(histogram)
    assert len(after) == len(before) >= 16 and after != before
    assert "standard errors from P(true)" in table.inner_text()
    table.screenshot(path=str(SCREENSHOTS / "rolling_table.png"))


def test_the_class_tally_takes_a_typed_tally_and_shows_the_test(app_page: object) -> None:
    page = app_page
    tally = page.locator(".ld-class-tally")
    tally.scroll_into_view_if_needed()
    tally.get_by_placeholder("your group's name").fill("red")
    entry = tally.locator(".widget-text input").nth(1)
    entry.fill("12 9 10 11 8 -1")  # a negative count: refused, and the text stays
    tally.get_by_role("button", name="Add").click()
    page.wait_for_function(
        "el => el.innerText.includes('Not added')",
        arg=tally.element_handle(),
        timeout=STEP_TIMEOUT_MS,
    )
    assert entry.input_value() == "12 9 10 11 8 -1"
    entry.fill("12 9 10 11 8 10")
    tally.get_by_role("button", name="Add").click()
    page.wait_for_function(
        "el => el.innerText.includes('Chi-square test')",
        arg=tally.element_handle(),
        timeout=STEP_TIMEOUT_MS,
    )
    text = tally.inner_text()
    chi_square = sum((n - 10) ** 2 / 10 for n in (12, 9, 10, 11, 8, 10))  # fair: 10 of each
    assert "60 dice" in text and f"p = {chi2.sf(chi_square, 5):.4f}" in text
    tally.screenshot(path=str(SCREENSHOTS / "class_tally.png"))
