"""ClassroomApp, the classroom app as one widget (issue 25): in each language its title,
headings and texts are the catalog's translations (liarsdice.i18n's translate of the English,
so a missing or English entry fails), the language control rebuilds every section (new
widgets, PlayTable's labels in the language), voila's ?lang= query string chooses the
starting language, and a bad language is refused, quoted, with nothing changed."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest

import liarsdice as ld
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import language, translate
from liarsdice.widgets import (
    BidReader,
    BoardView,
    ClassroomApp,
    ClassTally,
    CoverageLab,
    EquivalenceExplorer,
    OddsExplorer,
    PlayerProfile,
    PlayTable,
    RollingTable,
)
from liarsdice.widgets.classroom_app import QUERY_VARIABLE, query_language

TRANSLATED = ("pl", "cs")
LEVEL = "95%"
# Each section's English heading and text (the text's placeholders filled by the app) and the
# class of its widget, in the order of the page.
SECTIONS = (
    (
        "Play a game",
        "You are seat 0. Pick a raise and press {bid}, or press {challenge} to challenge the bid "
        "on the table.",
        PlayTable,
    ),
    (
        "Reading the bids",
        "What the other players' bids say about their dice: a seat's count before and after its "
        "bids. Type a round of bids, or press the button to read the playing table's round.",
        BidReader,
    ),
    (
        "How a player bids",
        "Fitted from a player's own games: how closely its raises follow the odds (quantal's β, "
        "with the likelihood curve and the posterior), how often it bluffs, which model fits "
        "best, and how the bots read it. Here ten seeded games of three bots; {code} reads the "
        "games you finish at the table above.",
        PlayerProfile,
    ),
    (
        "The odds of every bid from your seat",
        "Click a die to turn it, + and − to add or remove dice.",
        OddsExplorer,
    ),
    (
        "The board",
        "Each field coloured by its odds; the legal raises outlined. Click a field to choose a "
        "bid.",
        BoardView,
    ),
    (
        "Aces: halve and double",
        "Where k wilds belong among plain bids, on the board and in Perudo.",
        EquivalenceExplorer,
    ),
    (
        "Rolling the dice again and again",
        "Fifteen unknown dice rolled for one bid, as often as you like: how often the bid is "
        "true, against its exact chance, and the counts against the exact distribution and the "
        "normal curve. Press play, or step; change the bid, the dice or the seed.",
        RollingTable,
    ),
    (
        "Do {level} intervals cover {level} of the time?",
        "Many samples of g games at a true win rate p, each with its Wilson and its Wald {level} "
        "interval: the share of intervals that contain p. Move p towards 0 or 1 and watch the "
        "Wald interval fail.",
        CoverageLab,
    ),
    (
        "The class's own dice",
        "Each group types what it rolled, or loads a saved tally: the pooled counts beside what "
        "fair dice lead us to expect, a chi-square test of the fit and a test between two "
        "groups. Export the tally as a CSV file to add to it next time.",
        ClassTally,
    ),
)
TITLE = "Liar's Dice in class"
INTRODUCTION = (
    "Play against bots, see the odds of any bid from your seat, read the board, and see why a "
    "bid on aces is worth about two of a number."
)
# PlayTable's controls, by attribute, and their English labels.
TABLE_LABELS = {
    "new_game": "New game",
    "bid_button": "Bid",
    "challenge_button": "Challenge",
    "next_button": "Next round",
    "raises": "raise to",
}


@pytest.fixture(autouse=True)
def back_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts without a query string (conftest gives the language back after it)."""
    monkeypatch.delenv(QUERY_VARIABLE, raising=False)
    yield


def headings(app: ClassroomApp) -> list[str]:
    """Return the app's section headings as shown (HTML)."""
    return [section.children[0].value for section in app.sections]


def expected_heading(english: str) -> str:
    """Return a heading's HTML in the language in force."""
    return f"<h2>{html.escape(translate(english).format(level=LEVEL))}</h2>"


def check_app_speaks(app: ClassroomApp, lang: str) -> None:
    """Check the app's every text is the catalog's in `lang`, each section holds its widget,
    and the PlayTable's labels are in `lang` too."""
    assert language() == lang and app.language.value == lang
    english = lang == "en"
    assert app.title.value == f"<h1>{html.escape(translate(TITLE))}</h1>"
    assert app.introduction.value == f"<p>{html.escape(translate(INTRODUCTION))}</p>"
    assert app.language.description == translate("Language")
    assert headings(app) == [expected_heading(heading) for heading, _, _ in SECTIONS]
    for (heading, text, kind), section in zip(SECTIONS, app.sections, strict=True):
        said = translate(text)
        assert (said == text) == english and (translate(heading) == heading) == english, heading
        start = html.escape(said.split("{")[0])
        assert section.children[1].value.startswith(f"<p>{start}"), heading
        assert isinstance(section.children[2], kind)
    assert (translate(TITLE) == TITLE) == english
    table = app.play_table
    assert app.sections[0].children[2] is table and app.sections[1].children[2].play_table is table
    for name, label in TABLE_LABELS.items():
        assert getattr(table, name).description == translate(label), name
        assert (translate(label) == label) == english, label
    bold = {
        key: f"<b>{html.escape(translate(label))}</b>"
        for key, label in (("bid", "Bid"), ("challenge", "Challenge"))
    }
    first = html.escape(translate(SECTIONS[0][1])).format(**bold)
    assert app.sections[0].children[1].value == f"<p>{first}</p>"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_shows_the_catalogs_title_headings_and_texts(lang: str) -> None:
    app = ClassroomApp(language=lang)
    check_app_speaks(app, lang)
    assert "ld-classroom-app" in app._dom_classes  # the page's CSS class


def test_the_default_is_english_with_the_notebooks_widgets() -> None:
    app = ClassroomApp()
    check_app_speaks(app, "en")
    assert headings(app)[0] == "<h2>Play a game</h2>"
    assert "<b>Bid</b>" in app.sections[0].children[1].value
    widgets = [section.children[2] for section in app.sections]
    table, _, profile, odds, board, equivalence, rolling, coverage, tally = widgets
    assert (table.players.value, table.bot.value, table.seed.value) == (3, "threshold", 1)
    assert table.preset.value == "blef"
    assert profile.seat.value == 1 and odds.total.value == 20 and board.total.value == 20
    assert odds.hand.value == (1, 3, 5, 5, 6) and board.hand.value == (1, 3, 5, 5, 6)
    assert equivalence.n.value == 20 and rolling.dice.value == 15
    assert (coverage.games.value, coverage.seed.value) == (20, 0)
    assert (tally.tally.face, tally.tally.dice_per_round) == (5, 15)


def test_the_language_control_rebuilds_every_section_in_its_language() -> None:
    app = ClassroomApp()
    assert [name for name, _ in app.language.options] == ["English", "Polski", "Čeština"]
    before = [section.children[2] for section in app.sections]
    for lang in ("pl", "cs", "en"):
        app.language.value = lang
        check_app_speaks(app, lang)
        after = [section.children[2] for section in app.sections]
        assert all(new is not old for new, old in zip(after, before, strict=True))
        # the old widgets are closed (no comm left in the kernel), the new ones open
        assert all(old.comm is None for old in before) and all(new.comm for new in after)
        assert all(button.comm is None for old in before for button in getattr(old, "children", ()))
        assert app.children[0] is app.title and app.children[1] is app.language
        before = after
    assert app.play_table.challenge_button.description == "Challenge"


def test_the_translations_differ_between_polish_and_czech() -> None:
    seen = {}
    for lang in ("pl", "cs", "en"):
        ld.set_language(lang)
        seen[lang] = [translate(heading) for heading, _, _ in SECTIONS]
    assert len({tuple(texts) for texts in seen.values()}) == 3
    assert seen["en"] == [heading for heading, _, _ in SECTIONS]


def test_the_query_string_chooses_the_starting_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for query, lang in (
        ("", None),
        ("token=abc", None),
        ("lang=pl", "pl"),
        ("token=abc&lang=cs", "cs"),
        ("lang=de", None),  # not a language: ignored
        ("lang=PL", None),
    ):
        monkeypatch.setenv(QUERY_VARIABLE, query)
        assert query_language() == lang, query
    monkeypatch.setenv(QUERY_VARIABLE, "token=abc&lang=cs")
    check_app_speaks(ClassroomApp(), "cs")
    check_app_speaks(ClassroomApp(language="pl"), "pl")  # the argument wins


@pytest.mark.parametrize("bad", ["de", "PL", "", " pl", "english", "en_US"])
def test_a_bad_language_is_refused_quoting_it(bad: str) -> None:
    with pytest.raises(ValueError, match=f"language={bad!r}: expected one of"):
        ClassroomApp(language=bad)
    assert language() == "en"


@pytest.mark.parametrize("bad", [3, b"pl", ["pl"], 1.5])
def test_a_language_of_the_wrong_kind_is_a_type_error(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"language=.*expected one of \['cs', 'en', 'pl'\]"):
        ClassroomApp(language=bad)  # type: ignore[arg-type]
    assert language() == "en"
