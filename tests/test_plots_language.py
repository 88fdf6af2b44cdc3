"""The figures of liarsdice.plots in Polish and Czech (issue 25): after ld.set_language every
public builder's title, axis titles, trace names, colour-bar titles, annotations and hover
words are the catalog's translations (liarsdice.i18n's translate or n_ of the English text, so
a missing or English entry fails), layout.separators gives the decimal comma, the numbers
written in Python carry the language's decimal sign, and set_language("en") brings the English
back. A FigureWidget gets the language's separators too."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import plotly.graph_objects as go
import pytest

import liarsdice as ld
from liarsdice import Bid, inference, match, odds, plots, profiles
from liarsdice.agents import ExpectedLossBot, ModelBot
from liarsdice.i18n import format_general, format_number, format_percent, n_, translate
from liarsdice.plots.profiles import column_labels, number_text
from liarsdice.plots.sampling import EXACT_LINE, FREQUENCY
from liarsdice.profiles_families import family_label
from tests.language_helpers import TRANSLATED

SEPARATORS = {"en": ".,", "pl": ",\u00a0", "cs": ",\u00a0"}
BLEF = ld.preset("blef")

# A message: English text, or (singular, plural, n) for n_; with the arguments of its
# str.format, computed in the language in force (face words, numbers...).
Message = str | tuple[str, str, int]
Check = tuple[Callable[[go.Figure], str], Message, Callable[[], dict[str, object]]]


def said(message: Message) -> str:
    """Return the message in the language in force (translate, or n_ for a plural)."""
    if isinstance(message, str):
        return translate(message)
    return n_(*message)


def english(message: Message) -> str:
    """Return the message's English text."""
    if isinstance(message, str):
        return message
    singular, plural, n = message
    return singular if n == 1 else plural


# ----- where a text sits in a figure -------------------------------------------------------------


def title(fig: go.Figure) -> str:
    return str(fig.layout.title.text)


def x_title(fig: go.Figure) -> str:
    return str(fig.layout.xaxis.title.text)


def y_title(fig: go.Figure) -> str:
    return str(fig.layout.yaxis.title.text)


def name(index: int) -> Callable[[go.Figure], str]:
    return lambda fig: str(fig.data[index].name)


def hover(index: int) -> Callable[[go.Figure], str]:
    """The hover template of a trace, without plotly's "<extra></extra>"."""
    return lambda fig: str(fig.data[index].hovertemplate).removesuffix("<extra></extra>")


def colour_bar(index: int) -> Callable[[go.Figure], str]:
    def text(fig: go.Figure) -> str:
        trace = fig.data[index]
        bar = trace.marker.colorbar if trace.type == "scatter" else trace.colorbar
        return str(bar.title.text)

    return text


def annotation(index: int) -> Callable[[go.Figure], str]:
    return lambda fig: str(fig.layout.annotations[index].text)


def none() -> dict[str, object]:
    return {}


# ----- the inputs ---------------------------------------------------------------------------------


def table() -> Any:
    return odds.table(BLEF, 4, (5,))


def small_strategy() -> Any:
    from liarsdice.solver import SmallGame, Strategy

    return Strategy.uniform(SmallGame(ld.Rules(), (1, 1), faces=3))


def small_endgame() -> Any:
    from liarsdice.solver.endgame import endgame_rules, solve_endgame

    return solve_endgame(endgame_rules("blef"), faces=3, max_dice=2)


def records() -> list[Any]:
    """Two seeded games of a quantal ModelBot (seat 0) against ExpectedLossBot."""
    rules = ld.preset("blef", dice=2)
    bots = [ModelBot(inference.quantal(3.0), 0), ExpectedLossBot()]
    return [match.play_game(rules, bots, seed) for seed in range(2)]


_cache: dict[str, Any] = {}


def cached(key: str, make: Callable[[], Any]) -> Any:
    """Return make()'s value, made once per test session (games and a fit)."""
    if key not in _cache:
        _cache[key] = make()
    return _cache[key]


def fit() -> Any:
    return cached("fit", lambda: profiles.fit(cached("records", records), 0, "quantal"))


def likelihood_title() -> dict[str, object]:
    f = fit()
    low, high = f.interval
    return dict(
        seat=0,
        family=family_label("quantal"),
        n=f.decisions,
        symbol="β",
        value=number_text(f.estimate),
        low=number_text(low),
        high=number_text(high),
    )


COVERAGE = dict(confidence=0.95, exact={"wilson": 0.95}, simulated={"wilson": (0.9, 0.8, 1.0)})

# Each public figure builder: a figure from valid input, and the texts to check.
CASES: dict[str, tuple[Callable[[], go.Figure], list[Check]]] = {
    "board_figure": (
        lambda: plots.board_figure(BLEF, 6, Bid(2, 5), [Bid(3, 5)], table()),
        [
            (
                title,
                "The board ({rules}, ace rule '{ace_rule}'), clockwise",
                lambda: dict(rules="blef", ace_rule=BLEF.ace_rule),
            ),
            (name(plots.BOARD_CELLS), "bids", none),
            (name(plots.BOARD_LEGAL), "legal raises", none),
            (name(plots.BOARD_BID), "current bid", none),
            (colour_bar(plots.BOARD_CELLS), "P(true)", none),
            (
                lambda fig: str(fig.data[plots.BOARD_CELLS].hovertext[0]),
                "{bid}: P(true) = {p}",
                lambda: dict(bid=BLEF.describe(Bid(1, 2)), p=format_number(table()[1, 1], 3)),
            ),
        ],
    ),
    "odds_heatmap": (
        lambda: plots.odds_heatmap(table(), BLEF, Bid(2, 5)),
        [
            (title, "P(the bid is true) from your seat", none),
            (x_title, "quantity q", none),
            (colour_bar(0), "P(true)", none),
            (name(1), "bid", none),
            (
                hover(0),
                "{faces}, q = {quantity}: P(true) = {p}",
                lambda: dict(faces="%{y}", quantity="%{x}", p="%{z:.4f}"),
            ),
        ],
    ),
    "count_figure": (
        lambda: plots.count_figure([0.25, 0.5, 0.25], BLEF, Bid(1, 5)),
        [
            (
                title,
                "How many {faces} on the table? (green: {bid} is true)",
                lambda: dict(faces=BLEF.face_name(5, count=5), bid=BLEF.describe(Bid(1, 5))),
            ),
            (x_title, "count", none),
            (y_title, "probability", none),
            (hover(0), "count {count}: {p}", lambda: dict(count="%{x}", p="%{y:.4f}")),
        ],
    ),
    "challenge_loss_figure": (
        lambda: plots.challenge_loss_figure([1, 2], {"blef": [0.5, 0.7]}, {"blef": [0.4, 0.2]}),
        [
            (title, "Expected dice lost on a challenge (solid: challenger, dashed: bidder)", none),
            (x_title, "quantity q of the bid", none),
            (y_title, "expected dice lost", none),
            (name(0), "challenger, {label}", lambda: dict(label="blef")),
            (name(1), "bidder, {label}", lambda: dict(label="blef")),
        ],
    ),
    "equivalence_figure": (
        lambda: plots.equivalence_figure(6, ("board",)),
        [
            (
                title,
                (
                    "Where k wilds belong among {n} unknown die: inside its band, the ladder falls",
                    "Where k wilds belong among {n} unknown dice: inside its band, the ladder falls",
                    6,
                ),
                lambda: dict(n=6),
            ),
            (x_title, "k, the wilds bid", none),
            (y_title, "P(bid true)", none),
            (name(0), "{rule}: P(at least q plain)", lambda: dict(rule="board")),
            (
                name(1),
                "{rule}: k wilds between {low} and {high} plain",
                lambda: dict(rule="board", low="2k-1", high="2k"),
            ),
            (name(2), "P(at least k wilds)", none),
        ],
    ),
    "monotonicity_figure": (
        lambda: plots.monotonicity_figure([4, 5], ("board",)),
        [
            (title, "Raises that are more likely than the bid they beat, by ace rule and n", none),
            (x_title, "n, the unknown dice", none),
            (y_title, "ace rule", none),
            (colour_bar(0), "rises", none),
            (
                lambda fig: str(fig.data[0].text[0][0]),
                (
                    "{rule}, n = {n}: {count} rise, first {bid} -> {higher}",
                    "{rule}, n = {n}: {count} rises, first {bid} -> {higher}",
                    2,
                ),
                lambda: dict(rule="board", n=4, count=2, bid="3x6", higher="2x1"),
            ),
        ],
    ),
    "belief_figure": (
        lambda: plots.belief_figure([0.5, 0.5], [0.3, 0.7], BLEF, 5, 1),
        [
            (
                title,
                "How many {faces} does seat {seat} hold?",
                lambda: dict(faces=BLEF.face_name(5, count=5), seat=1),
            ),
            (y_title, "probability", none),
            (name(0), "before its bids (prior)", none),
            (name(1), "after its bids ({model})", lambda: dict(model=translate("the model"))),
            (
                hover(0),
                "{count} {faces}: {p} before",
                lambda: dict(count="%{x}", faces="%{customdata}", p="%{y:.3f}"),
            ),
        ],
    ),
    "ratio_figure": (
        lambda: plots.ratio_figure({0: 0.5, 1: 2.0}, BLEF, 5, 1),
        [
            (
                title,
                "What seat {seat}'s last move did to each count (x1: nothing)",
                lambda: {"seat": 1},
            ),
            (
                x_title,
                "{faces} in seat {seat}'s hidden dice",
                lambda: dict(faces=BLEF.face_name(5, count=5), seat=1),
            ),
            (y_title, "posterior / prior before that move", none),
            (name(0), "likelihood ratio", none),
        ],
    ),
    "strategy_figure": (
        lambda: plots.strategy_figure(small_strategy()),
        [
            (
                title,
                "Player {player}'s strategy after: {history}",
                lambda: dict(player=0, history=translate("nothing yet")),
            ),
            (x_title, "action", none),
            (y_title, "hand", none),
            (colour_bar(0), "P(action)", none),
        ],
    ),
    "bluff_figure": (
        lambda: plots.bluff_figure({"a": {(1,): 0.5}}),
        [
            (title, "How often the bids are bluffs, by hand", none),
            (x_title, "hand", none),
            (y_title, "share of bids that are bluffs", none),
        ],
    ),
    "tournament_figure": (
        lambda: plots.tournament_figure(["a", "b"], [0.5, 0.3], [(0.4, 0.6), (0.2, 0.4)], 0.5),
        [
            (title, "Win rates with {level} intervals", lambda: dict(level=format_percent(0.95))),
            (y_title, "share of games won", none),
            (name(0), "win rate", none),
            (annotation(0), "no better than chance", none),
        ],
    ),
    "frequency_figure": (
        lambda: plots.frequency_figure([1, 2, 3], [0.5, 0.4, 0.45], 0.4),
        [
            (title, "How often is the bid true?", none),
            (x_title, "rolls so far, t (log scale)", none),
            (y_title, "share of rolls with the bid true", none),
            (name(EXACT_LINE), "exact P(true) = {p}", lambda: dict(p=format_number(0.4, 4))),
            (name(FREQUENCY), "frequency so far", none),
        ],
    ),
    "histogram_figure": (
        lambda: plots.histogram_figure([1, 2, 1], [0.25, 0.5, 0.25], [0.25, 0.5, 0.25], 1),
        [
            (title, "How many {faces}?", lambda: dict(faces=translate("matching dice"))),
            (x_title, "count on the table", none),
            (y_title, "share of rolls / probability", none),
            (name(0), "observed share", none),
            (name(1), "exact", none),
            (name(2), "normal curve (continuity-corrected)", none),
            (annotation(0), "bid true: count ≥ {q}", lambda: dict(q=1)),
        ],
    ),
    "tally_figure": (
        lambda: plots.tally_figure([1, 2, 3], [3, 2, 1], [2.0, 2.0, 2.0]),
        [
            (title, "Your tally against fair dice", none),
            (x_title, "face", none),
            (y_title, "how many", none),
            (name(0), "your tally", none),
            (name(1), "expected if fair", none),
        ],
    ),
    "intervals_figure": (
        lambda: plots.intervals_figure(
            0.5, 10, [5, 6], {"wilson": ([0.2, 0.3], [0.8, 0.85])}, {"wilson": [True, False]}
        ),
        [
            (
                title,
                (
                    "{level} intervals of the first {rows} sample of g = {games} games at p = {p} "
                    "(dot: the sample's share k/g)",
                    "{level} intervals of the first {rows} samples of g = {games} games at p = {p} "
                    "(dot: the sample's share k/g)",
                    2,
                ),
                lambda: dict(level=format_percent(0.95), rows=2, games=10, p=format_general(0.5)),
            ),
            (x_title, "{method} intervals (win rate)", lambda: dict(method="<b>Wilson</b>")),
            (y_title, "sample", none),
            (name(0), "covers p", none),
            (name(1), "misses p", none),
            (name(2), "true p", none),
        ],
    ),
    "coverage_by_rate_figure": (
        lambda: plots.coverage_by_rate_figure(
            [0.1, 0.5, 0.9], {"wilson": [0.9, 0.95, 0.9]}, games=10, rate=0.5, **COVERAGE
        ),
        [
            (
                title,
                "Exact coverage at g = {games} games, for every true rate p",
                lambda: dict(games=10),
            ),
            (x_title, "true win rate p", none),
            (y_title, "coverage", none),
            (name(0), "{method} (exact)", lambda: dict(method="Wilson")),
            (name(1), "nominal {level}", lambda: dict(level=format_percent(0.95))),
            (name(2), "exact at {x} = {value}", lambda: dict(x="p", value=format_general(0.5))),
            (name(3), "simulated share", none),
        ],
    ),
    "coverage_by_games_figure": (
        lambda: plots.coverage_by_games_figure(
            [5, 10, 20], {"wilson": [0.9, 0.95, 0.93]}, rate=0.3, at=10, **COVERAGE
        ),
        [
            (
                title,
                "Exact coverage at p = {p}, for every number of games g",
                lambda: dict(p=format_general(0.3)),
            ),
            (x_title, "games per sample g", none),
            (name(4), "chosen {x}", lambda: dict(x="g")),
        ],
    ),
    "endgame_figure": (
        lambda: plots.endgame_figure([cached("endgame", small_endgame)]),
        [
            (title, "Who wins the endgame: P(seat 0 wins)", none),
            (x_title, "seat 1's dice", none),
            (y_title, "seat 0's dice", none),
            (colour_bar(0), "P(seat 0 wins)", none),
            (annotation(0), "{rules}: seat {seat} opens", lambda: dict(rules="blef", seat=0)),
        ],
    ),
    "likelihood_figure": (
        lambda: plots.likelihood_figure(fit()),
        [
            (
                title,
                (
                    "Seat {seat}, {family}: log-likelihood of {n} decision, {symbol} = {value} "
                    "({low} to {high})",
                    "Seat {seat}, {family}: log-likelihood of {n} decisions, {symbol} = {value} "
                    "({low} to {high})",
                    fit().decisions,
                ),
                likelihood_title,
            ),
            (y_title, "log-likelihood", none),
            (name(0), "log-likelihood", none),
            (
                name(1),
                "estimate {symbol} = {value}",
                lambda: dict(symbol="β", value=number_text(fit().estimate)),
            ),
            (
                name(2),
                "{level} profile-likelihood interval",
                lambda: dict(level=format_percent(fit().level)),
            ),
        ],
    ),
    "posterior_figure": (
        lambda: plots.posterior_figure(fit()),
        [
            (y_title, "posterior probability of the grid point", none),
            (name(0), "{level} credible interval", lambda: dict(level=format_percent(fit().level))),
            (name(1), "posterior", none),
        ],
    ),
    "comparison_figure": (
        lambda: plots.comparison_figure(profiles.compare(cached("records", records), 0)),
        [
            (title, "Which model fits best: lowest AIC and BIC, highest Bayes factor", none),
            (lambda fig: str(fig.data[0].header.values[2]), "max log-likelihood", none),
            (lambda fig: str(fig.data[0].header.values[7]), "Bayes factor vs uniform", none),
            (lambda fig: str(fig.data[0].cells.values[0][1]), "quantal", none),
        ],
    ),
}


def test_every_public_builder_is_checked() -> None:
    builders = {n for n in plots.__all__ if n.endswith("_figure") or n == "odds_heatmap"}
    assert builders == set(CASES)


@pytest.mark.parametrize("builder", sorted(CASES))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_figure_texts_are_the_catalogs(lang: str, builder: str) -> None:
    make, checks = CASES[builder]
    ld.set_language(lang)
    fig = make()
    assert fig.layout.separators == SEPARATORS[lang]
    for where, message, arguments in checks:
        expected = said(message).format(**arguments())
        assert said(message) != english(message), (lang, message)  # the catalog has it
        assert where(fig) == expected, (builder, message)
        assert expected != english(message).format(**arguments()), (builder, message)
    ld.set_language("en")
    fig = make()
    assert fig.layout.separators == SEPARATORS["en"]
    for where, message, arguments in checks:
        assert where(fig) == english(message).format(**arguments()), (builder, message)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_face_words_follow_each_count(lang: str) -> None:
    ld.set_language(lang)
    fig = plots.belief_figure([0.2, 0.2, 0.2, 0.2, 0.1, 0.1], [0.1] * 5 + [0.5], BLEF, 5, 0)
    words = list(fig.data[0].customdata)
    assert words == [BLEF.face_name(5, count=k) for k in range(6)]
    assert words[2] != words[5]  # Polish piątki / piątek, Czech pětky / pětek
    strategy = plots.strategy_figure(small_strategy(), ["1x2"])
    assert translate("challenge") in strategy.data[0].x


@pytest.mark.parametrize("lang", TRANSLATED)
def test_numbers_written_in_python_carry_the_decimal_comma(lang: str) -> None:
    ld.set_language(lang)
    assert number_text(0.1234) == "0,123"
    heading = plots.coverage_by_games_figure(
        [5, 10], {"wilson": [0.9, 0.95]}, rate=0.25, at=10, **COVERAGE
    ).layout.title.text
    assert "0,25" in heading and "0.25" not in heading
    cells = plots.endgame_figure([cached("endgame", small_endgame)]).data[0].text
    shown = [text for row in cells for text in row if text]
    assert shown and all("," in text and "." not in text for text in shown)
    assert column_labels()[0] == translate("family")
    ld.set_language("en")
    assert format_general(0.25) == "0.25" and format_percent(0.948, 1) == "94.8%"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_figure_widgets_get_the_languages_separators(lang: str) -> None:
    from liarsdice.widgets.figures import FigureWidget

    ld.set_language(lang)
    assert FigureWidget().layout.separators == SEPARATORS[lang]
    drawn = FigureWidget(plots.count_figure([0.5, 0.5], BLEF, Bid(1, 5)))
    assert drawn.layout.separators == SEPARATORS[lang]
    ld.set_language("en")
    assert FigureWidget().layout.separators == SEPARATORS["en"]


def test_importing_the_figure_builders_loads_neither_the_profiles_nor_the_bots() -> None:
    """The comparison table's columns come from liarsdice.profiles when a table is drawn, so
    `import liarsdice.plots` stays as light as it was."""
    code = (
        "import sys, liarsdice.plots; "
        "print(sorted(m for m in ('liarsdice.profiles', 'liarsdice.agents') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert plots.profiles.columns()[0] == "family" and len(plots.profiles.columns()) == 8
