"""ClassroomApp: the classroom app (notebooks/app.ipynb, served by voila) as one widget.

The page's title and introduction, a language control (English, Polski, Čeština) and the app's
sections, each a heading, a short text and its widget: PlayTable, BidReader (reading the
PlayTable's round), PlayerProfile (ten seeded games of three bots), OddsExplorer, BoardView,
EquivalenceExplorer, RollingTable, CoverageLab and ClassTally.

The headings and texts come from the catalogs (liarsdice.i18n). Choosing a language with the
control calls liarsdice.set_language and builds the sections anew in that language: every
widget is built again, so a game in progress at the table starts over. `language` is "en",
"pl" or "cs"; None takes the query string's `lang` when voila serves the page
(`app.ipynb?lang=pl`: voila passes the query string to the kernel as QUERY_STRING; another
value there is ignored), else the language in force. A bad `language` raises ValueError
quoting it (ArgumentTypeError, also a TypeError, for a non-string).
"""

from __future__ import annotations

import html
import os
from urllib.parse import parse_qs

import ipywidgets as w

from liarsdice import i18n
from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.checks import check_choice
from liarsdice.engine import Game
from liarsdice.i18n import LANGUAGES, set_language
from liarsdice.i18n import translate as _
from liarsdice.match import play_game
from liarsdice.widgets.bid_reader import BidReader
from liarsdice.widgets.board_view import BoardView
from liarsdice.widgets.class_tally import ClassTally
from liarsdice.widgets.coverage_lab import CoverageLab
from liarsdice.widgets.equivalence import EquivalenceExplorer
from liarsdice.widgets.odds_explorer import OddsExplorer
from liarsdice.widgets.play_table import PlayTable
from liarsdice.widgets.player_profile import PlayerProfile
from liarsdice.widgets.rolling_table import RollingTable

# The control's options: each language named in itself, never translated.
LANGUAGE_NAMES = (("English", "en"), ("Polski", "pl"), ("Čeština", "cs"))
QUERY_VARIABLE = "QUERY_STRING"  # voila's (and CGI's) name for the page's query string
QUERY_KEY = "lang"


def query_language() -> str | None:
    """Return the language the page's query string asks for (`?lang=pl`), or None when there
    is no query string, no `lang` in it or not one of LANGUAGES."""
    asked = parse_qs(os.environ.get(QUERY_VARIABLE, "")).get(QUERY_KEY, [])
    return asked[-1] if asked and asked[-1] in LANGUAGES else None


def _close_tree(widget: w.Widget) -> None:
    """Close `widget` and every widget it holds as children (its comms and kernel models)."""
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def _bold(text: str) -> str:
    """Return `text` escaped, in bold."""
    return f"<b>{html.escape(text)}</b>"


def _code(text: str) -> str:
    """Return `text` escaped, as code."""
    return f"<code>{html.escape(text)}</code>"


def _paragraph(template: str, **fields: str) -> str:
    """Return a paragraph of a translated template, escaped, with its HTML fields filled."""
    return f"<p>{html.escape(template).format(**fields)}</p>"


class ClassroomApp(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """The classroom app: title, introduction, a language control and every section.

    Choosing a language builds the sections anew (new widgets: a game at the table restarts;
    the old ones are closed).
    Attributes: title, introduction (HTML), language (the control: its value is the language
    code), sections (each a VBox of heading, text and widget) and play_table (the PlayTable
    shown now, which the BidReader reads).
    """

    play_table: PlayTable  # set by each build

    def __init__(self, language: str | None = None) -> None:
        super().__init__()
        if language is not None:
            check_choice("language", language, LANGUAGES)
        chosen = language or query_language() or i18n.language()
        self.title = w.HTML()
        self.introduction = w.HTML()
        self.language = w.ToggleButtons(options=LANGUAGE_NAMES, value=chosen)
        self.language.add_class("ld-language")
        self.sections: tuple[w.VBox, ...] = ()
        self._saved_games: list[Game] | None = None  # PlayerProfile's games, played once
        self.add_class("ld-classroom-app")
        self._build()
        self.language.observe(lambda change: self._build(), names="value")

    def _build(self) -> None:
        """Set the control's language in force and build the texts and the sections in it."""
        if self.language.value != i18n.language():
            set_language(self.language.value)
        self.title.value = "<h1>{}</h1>".format(html.escape(_("Liar's Dice in class")))
        self.introduction.value = _paragraph(
            _(
                "Play against bots, see the odds of any bid from your seat, read the board, "
                "and see why a bid on aces is worth about two of a number."
            )
        )
        self.language.description = _("Language")
        for old in self.sections:  # the previous language's widgets: closed, not left behind
            _close_tree(old)
        self.sections = self._sections()
        self.children = (self.title, self.language, self.introduction, *self.sections)

    def _section(self, heading: str, text: str, widget: w.Widget) -> w.VBox:
        """Return one section: its heading, its text (HTML) and its widget."""
        section = w.VBox([w.HTML(f"<h2>{html.escape(heading)}</h2>"), w.HTML(text), widget])
        section.add_class("ld-app-section")
        return section

    def _games(self) -> list[Game]:
        """Return the ten seeded games of three bots that PlayerProfile reads (played once)."""
        if self._saved_games is None:
            self._saved_games = [
                play_game(
                    "blef", [ThresholdBot(), ExpectedLossBot(), RandomBot(seed=seed)], seed=seed
                )
                for seed in range(10)
            ]
        return self._saved_games

    def _sections(self) -> tuple[w.VBox, ...]:
        """Build every section's widget anew, with its heading and text in the language."""
        table = PlayTable(rules="blef", players=3, bot="threshold", seed=1)
        self.play_table = table
        hand = (1, 3, 5, 5, 6)
        section = self._section
        return (
            section(
                _("Play a game"),
                _paragraph(
                    _(
                        "You are seat 0. Pick a raise and press {bid}, or press {challenge} "
                        "to challenge the bid on the table."
                    ),
                    bid=_bold(table.bid_button.description),
                    challenge=_bold(table.challenge_button.description),
                ),
                table,
            ),
            section(
                _("Reading the bids"),
                _paragraph(
                    _(
                        "What the other players' bids say about their dice: a seat's count "
                        "before and after its bids. Type a round of bids, or press the button "
                        "to read the playing table's round."
                    )
                ),
                BidReader(play_table=table),
            ),
            section(
                _("How a player bids"),
                _paragraph(
                    _(
                        "Fitted from a player's own games: how closely its raises follow the "
                        "odds (quantal's β, with the likelihood curve and the posterior), how "
                        "often it bluffs, which model fits best, and how the bots read it. "
                        "Here ten seeded games of three bots; {code} reads the games you "
                        "finish at the table above."
                    ),
                    code=_code("PlayerProfile(table=table)"),
                ),
                PlayerProfile(self._games(), seat=1),
            ),
            section(
                _("The odds of every bid from your seat"),
                _paragraph(_("Click a die to turn it, + and − to add or remove dice.")),
                OddsExplorer(total=20, hand=hand),
            ),
            section(
                _("The board"),
                _paragraph(
                    _(
                        "Each field coloured by its odds; the legal raises outlined. Click a "
                        "field to choose a bid."
                    )
                ),
                BoardView(total=20, hand=hand),
            ),
            section(
                _("Aces: halve and double"),
                _paragraph(_("Where k wilds belong among plain bids, on the board and in Perudo.")),
                EquivalenceExplorer(n=20),
            ),
            section(
                _("Rolling the dice again and again"),
                _paragraph(
                    _(
                        "Fifteen unknown dice rolled for one bid, as often as you like: how "
                        "often the bid is true, against its exact chance, and the counts "
                        "against the exact distribution and the normal curve. Press play, or "
                        "step; change the bid, the dice or the seed."
                    )
                ),
                RollingTable(rules="blef", dice=15, bid="5x5", seed=0),
            ),
            section(
                _("Do {level} intervals cover {level} of the time?").format(level="95%"),
                _paragraph(
                    _(
                        "Many samples of g games at a true win rate p, each with its Wilson and "
                        "its Wald {level} interval: the share of intervals that contain p. Move "
                        "p towards 0 or 1 and watch the Wald interval fail."
                    ),
                    level="95%",
                ),
                CoverageLab(rate=0.1, games=20, samples=1000, seed=0),
            ),
            section(
                _("The class's own dice"),
                _paragraph(
                    _(
                        "Each group types what it rolled, or loads a saved tally: the pooled "
                        "counts beside what fair dice lead us to expect, a chi-square test of "
                        "the fit and a test between two groups. Export the tally as a CSV file "
                        "to add to it next time."
                    )
                ),
                ClassTally(rules="blef", dice_per_round=15, face=5),
            ),
        )
