"""CoverageLab and PlayerProfile in Polish and Czech (issue 25): after ld.set_language the labs'
labels, options, intro, summaries, messages and figure titles are the catalog's translations
(liarsdice.i18n's translate of the English text, so a missing or English entry fails), their
decimals carry the language's comma and their thousands no comma, the profiles' display texts
(a prior, a note) follow the language, and set_language("en") brings the English back."""

from __future__ import annotations

import functools
import html

import pytest

import liarsdice as ld
from liarsdice import profiles
from liarsdice.agents import BAYES_BETA, ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.i18n import n_, translate
from liarsdice.match import play_game
from liarsdice.plots.profiles import number_text, parameter_symbol
from liarsdice.profiles_families import FAMILIES
from liarsdice.render import error_html
from liarsdice.widgets import CoverageLab, PlayerProfile, PlayTable
from liarsdice.widgets.coverage_lab import METHODS, SHOWN_SAMPLES
from liarsdice.widgets.play_table import YOU
from tests.language_helpers import TRANSLATED, in_language
from tests.test_player_profile import finish

RULES = ld.preset("blef", dice=2)
NBSP = "\xa0"  # Babel's grouping of thousands in Polish and Czech

# English labels of CoverageLab's controls, by attribute, and of PlayerProfile's.
LAB_LABELS = {
    "rate": "true win rate p",
    "seed": "seed",
    "confidence": "confidence",
    "draw_button": "Draw again",
}
PROFILE_LABELS = {"seat": "seat", "level": "level", "read_button": "Read the table's game"}
ENGLISH_FAMILIES = {"uniform", "quantal", "trembling", "equilibrium"}
READINGS = (  # the three verdicts of PlayerProfile's reading, each a whole sentence
    "inside that interval: the bots read your bids about right.",
    "above that interval: the bots take your bids as surer signs of your dice than they are, so "
    "your bluffs work on them.",
    "below that interval: your bids follow the odds more closely than the bots assume, so they "
    "read less into them than they could.",
)
READING_HEAD = (
    "How the bots read you: BayesBot reads every opponent as quantal with β = {beta}; seat "
    "{seat}'s fitted β is {estimate} ({level} interval {interval}), so {beta} is "
)


# how each language writes a percentage (CLDR): Polish "95%", Czech "95 %" with a no-break space
PERCENT = {"pl": "%", "cs": "\u00a0%"}


def comma(english: str) -> str:
    """Return a number written the English way with a decimal comma (and check it had a point)."""
    assert "." in english and "," not in english, english
    return english.replace(".", ",")


def sig3(x: float) -> str:
    """Return x with 3 significant digits, as the profile writes it in Polish and Czech."""
    return f"{x:.3g}".replace(".", ",")


@functools.cache
def games() -> tuple[ld.Game, ...]:
    """Return seeded finished games of three bots: threshold, expected loss and random."""
    return tuple(
        play_game(RULES, [ThresholdBot(), ExpectedLossBot(), RandomBot(seed=seed + 2)], seed=seed)
        for seed in range(4)
    )


# ----- CoverageLab ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_coverage_lab_labels_and_intro_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    lab = CoverageLab(rate=0.05, games=20, samples=1000, seed=0)
    for name, english in LAB_LABELS.items():
        assert getattr(lab, name).description == in_language(lang, english), name
    tooltip = "the next samples from the same seeded stream"
    assert lab.draw_button.tooltip == in_language(lang, tooltip)
    games = in_language(lang, "games per sample g ({low}..{high})")
    assert lab.games.description == games.format(low=1, high=f"1{NBSP}000")
    samples = in_language(lang, "samples ({low}..{high})")
    assert lab.samples.description == samples.format(low=10, high=f"10{NBSP}000")
    assert "10,000" not in lab.samples.description  # a comma is the decimal sign here
    levels = [f"{level}{PERCENT[lang]}" for level in (80, 90, 95, 99)]
    assert [label for label, _ in lab.confidence.options] == levels
    top = translate(
        "Top: the first {shown} samples' intervals, blue where they cover p (the dashed line), "
        "red where they miss it; the dot is the sample's share k/g, so an interval of zero "
        "width still shows. Below: the exact coverage for every p at these g games, and for "
        "every g at this p; rings mark the chosen p and g, dots this draw's shares (bars: the "
        "share's Wilson interval). Watch Wald's curve collapse near p = 0 and p = 1."
    )
    assert lab.intro.value.endswith("<br>" + top.format(shown=SHOWN_SAMPLES))
    assert "independently" not in lab.intro.value and "{level}" not in lab.intro.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_coverage_lab_summary_is_the_catalogs_with_decimal_commas(lang: str) -> None:
    ld.set_language(lang)
    lab = CoverageLab(rate=0.05, games=20, samples=1000, seed=0)
    lab.draw_again()
    first = n_(
        "Draw {draw} from seed {seed}: {n} sample of {g} games at p = {p}, {level} intervals.",
        "Draw {draw} from seed {seed}: {n} samples of {g} games at p = {p}, {level} intervals.",
        1000,
    )
    said = first.format(draw=2, seed=0, n=f"1{NBSP}000", g=20, p="0,05", level=f"95{PERCENT[lang]}")
    assert lab.summary.value.startswith(f"<div class='ld-summary'>{said}<br>")
    draw = lab.result
    for method in METHODS:
        covered = n_(
            "<b>{method}</b>: covered p in {covered} of {n} sample ({share}); exact coverage "
            "{exact}.",
            "<b>{method}</b>: covered p in {covered} of {n} samples ({share}); exact coverage "
            "{exact}.",
            1000,
        )
        start = covered.split("(")[0].format(
            method=method.capitalize(), covered=draw.covered(method), n=f"1{NBSP}000"
        )
        assert start in lab.summary.value and "covered p in" not in lab.summary.value
        share = comma(f"{100 * draw.share(method):.1f}")
        assert f"({share}{PERCENT[lang]})" in lab.summary.value
    strays = n_(
        "With {n} sample the share strays from the exact coverage by about {error} (one "
        "standard error); this draw is {z} standard errors away.",
        "With {n} samples the share strays from the exact coverage by about {error} (one "
        "standard error); this draw is {z} standard errors away.",
        1000,
    )
    assert html.escape(strays.split("{error}")[0].format(n=f"1{NBSP}000")) in lab.summary.value
    edges = int(((draw.wins == 0) | (draw.wins == 20)).sum())
    chance = 0.95**20 + 0.05**20
    wald = n_(
        "Wald's interval has zero width when k = 0 or k = {g} (here {edges} of {n} sample); "
        "that happens with chance {chance} and such an interval never covers a p strictly "
        "between 0 and 1.",
        "Wald's interval has zero width when k = 0 or k = {g} (here {edges} of {n} samples); "
        "that happens with chance {chance} and such an interval never covers a p strictly "
        "between 0 and 1.",
        1000,
    )
    said = wald.format(
        g=20, edges=edges, n=f"1{NBSP}000", chance=f"{comma(f'{100 * chance:.1f}')}{PERCENT[lang]}"
    )
    assert lab.summary.value.endswith(f"<br>{said}</div>")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_single_game_per_sample_says_no_draw_can_stray(lang: str) -> None:
    ld.set_language(lang)
    lab = CoverageLab(rate=0.5, games=1, samples=10)
    stray = in_language(lang, "Every sample's interval covers p, or none does: no draw can stray.")
    assert stray in lab.summary.value and f"({comma('100.0')}{PERCENT[lang]})" in lab.summary.value


# ----- PlayerProfile ----------------------------------------------------------------------------


def expected_summary(fit: profiles.Fit, lang: str) -> str:
    """Return the first sentence of a quantal fit's summary, from the catalog's templates and
    the fit's numbers written with a decimal comma."""
    assert fit.interval is not None and fit.credible is not None and fit.parameter is not None
    assert fit.estimate is not None and "," in sig3(fit.estimate)  # a decimal comma shows
    between = translate("{low} to {high}")
    used = n_("{n} decision", "{n} decisions", fit.decisions).format(n=fit.decisions)
    return translate(
        "<b>{family}</b>: {symbol} = <b>{estimate}</b> from {used}; {level} "
        "profile-likelihood interval {interval}, {level} credible interval {credible} under "
        "{prior}."
    ).format(
        family=translate("quantal"),
        symbol=parameter_symbol(fit.parameter),
        estimate=sig3(fit.estimate),
        used=used,
        level=f"{100 * fit.level:.0f}{PERCENT[lang]}",
        interval=between.format(low=sig3(fit.interval[0]), high=sig3(fit.interval[1])),
        credible=between.format(low=sig3(fit.credible[0]), high=sig3(fit.credible[1])),
        prior=html.escape(fit.prior),
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_player_profile_labels_and_texts_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    profile = PlayerProfile(games(), seat=0)
    for name, english in PROFILE_LABELS.items():
        assert getattr(profile, name).description == in_language(lang, english), name
    assert profile.family.description == translate("model")
    assert profile.family.options == tuple((translate(f), f) for f in FAMILIES)
    assert not {label for label, _ in profile.family.options} & ENGLISH_FAMILIES
    assert profile.family.value == "quantal"  # the values stay the English keys
    seat = in_language(lang, "seat {seat}")
    assert profile.seat.options == tuple((seat.format(seat=s), s) for s in range(3))
    fit = profiles.fit(games(), 0, "quantal")
    assert fit.skipped == 0 and fit.interval is not None and fit.estimate is not None
    assert fit.prior == translate(
        "uniform on [{low}, {high}] (trapezoid weights on the grid)"
    ).format(low=0, high=60)
    first, bluffs = profile.summary.value.split("<br>")
    assert first == expected_summary(fit, lang)
    rate = translate(
        "Bluff rate: <b>{rate}</b> of seat {seat}'s bids had less than an even chance of being "
        "true from its own dice (bids unread)."
    )
    assert bluffs == rate.format(rate=f"{100 * fit.bluff_rate:.0f}{PERCENT[lang]}", seat=0)
    between = translate("{low} to {high}")
    interval = between.format(low=sig3(fit.interval[0]), high=sig3(fit.interval[1]))
    readings = {
        translate(READING_HEAD + verdict).format(
            beta=f"{BAYES_BETA:g}",
            seat=0,
            estimate=sig3(fit.estimate),
            level=f"95{PERCENT[lang]}",
            interval=interval,
        )
        for verdict in READINGS
    }
    assert profile.reading.value in readings and "How the bots" not in profile.reading.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_family_without_a_parameter_and_a_note_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    profile = PlayerProfile(games(), seat=1, family="uniform")
    fit = profiles.fit(games(), 1, "uniform")
    none = in_language(
        lang,
        "<b>{family}</b> has no parameter: its log-likelihood is {log_likelihood} over {used}.",
    )
    used = n_("{n} decision", "{n} decisions", fit.decisions).format(n=fit.decisions)
    said = none.format(
        family=translate("uniform"),
        log_likelihood=sig3(fit.max_log_likelihood),
        used=used,
    )
    assert profile.summary.value.startswith(said + "<br>")
    assert fit.prior == in_language(lang, "none (no parameter)")
    rows = {row["family"]: row for row in profiles.compare(games(), 1)}
    note = in_language(lang, "does not apply ({skipped} of {total} decisions outside it)")
    assert str(rows["equilibrium"]["note"]).startswith(note.split("{")[0])  # three players
    at_end = profiles.fit(games(), 1, "quantal")  # seat 1 follows the odds: beta at the end
    assert at_end.estimate == 60
    said = in_language(lang, "the maximum is at the grid's end ({parameter} = {estimate})")
    assert at_end.note.startswith(said.format(parameter="beta", estimate="60"))
    assert html.escape(at_end.note) in PlayerProfile(games(), seat=1).summary.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_player_profile_messages_and_blank_titles_are_the_catalogs(lang: str) -> None:
    ld.set_language(lang)
    table = PlayTable(rules=RULES, players=2, bot="expected_loss", seed=3)
    profile = PlayerProfile(table=table)
    you = in_language(lang, "seat {seat} (you)").format(seat=YOU)
    assert profile.seat.label == you
    none = in_language(lang, "No finished game at the table yet: play one, then read it.")
    assert profile.message.value == error_html(none)
    assert profile.likelihood.layout.title.text == in_language(lang, "no fit")
    assert profile.posterior.layout.title.text == translate("no fit")
    profile.on_read_click()
    not_over = "The table's game is not over yet: finish it, then read it."
    assert profile.message.value == error_html(in_language(lang, not_over))
    finish(table)
    profile.on_read_click()
    assert profile.message.value == "" and profile.games == [table.game]
    profile.on_read_click()
    again = in_language(lang, "That game is read already: play a new one.")
    assert profile.message.value == error_html(again)


def test_polish_and_czech_differ_and_english_comes_back() -> None:
    labs: dict[str, CoverageLab] = {}
    shown: dict[str, PlayerProfile] = {}
    for lang in ("pl", "cs", "en"):
        ld.set_language(lang)
        labs[lang] = CoverageLab(rate=0.05)
        shown[lang] = PlayerProfile(games(), seat=0)
    assert len({labs[lang].draw_button.description for lang in labs}) == 3
    assert len({shown[lang].level.description for lang in shown}) == 3
    assert len({shown[lang].summary.value for lang in shown}) == 3
    lab, profile = labs["en"], shown["en"]
    assert [getattr(lab, name).description for name in LAB_LABELS] == list(LAB_LABELS.values())
    assert lab.samples.description == "samples (10..10,000)"
    assert "p = 0.05" in lab.summary.value and "covered p in" in lab.summary.value
    assert lab.intro.value.startswith("<b>How often does an interval cover")
    labels = [getattr(profile, name).description for name in PROFILE_LABELS]
    assert labels == list(PROFILE_LABELS.values()) and profile.family.description == "model"
    assert [label for label, _ in profile.family.options] == list(FAMILIES)
    fit = profiles.fit(games(), 0, "quantal")
    assert f"<b>{number_text(fit.estimate)}</b> from {fit.decisions} decisions" in (
        profile.summary.value
    )
    assert profile.reading.value.startswith("How the bots read you")
