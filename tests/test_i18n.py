"""Polish and Czech (issue 25): the language choice, the bids' plural forms, the decimal sign and
the catalogs' completeness. The plural rules and the faces' words are written out here, apart
from the catalogs, so a wrong Plural-Forms header or a wrong word fails."""

from __future__ import annotations

import gettext
import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import liarsdice as ld
from liarsdice import i18n
from liarsdice.bids import Bid
from tests.language_helpers import TRANSLATED

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "liarsdice" / "locale"


def polish_form(n: int) -> int:
    """0: 1 piątka; 1: 2-4, 22-24, 102... piątki; 2: 0, 5-21, 25-31, 112... piątek."""
    if n == 1:
        return 0
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1
    return 2


def czech_form(n: int) -> int:
    """0: 1 pětka; 1: 2-4 pětky; 2: 0 and 5 or more pětek."""
    return 0 if n == 1 else 1 if 2 <= n <= 4 else 2


FORM = {"pl": polish_form, "cs": czech_form}

# Each face's three forms (for 1, for 2-4, for 5), by its English name; the wild face is
# "ace" (Blef's jedynki) or "star" (Bluff's hvězdička, the Polish guide's gwiazdka).
WORDS = {
    "pl": {
        "one": ("jedynka", "jedynki", "jedynek"),
        "two": ("dwójka", "dwójki", "dwójek"),
        "three": ("trójka", "trójki", "trójek"),
        "four": ("czwórka", "czwórki", "czwórek"),
        "five": ("piątka", "piątki", "piątek"),
        "six": ("szóstka", "szóstki", "szóstek"),
        "ace": ("jedynka", "jedynki", "jedynek"),
        "star": ("gwiazdka", "gwiazdki", "gwiazdek"),
    },
    "cs": {
        "one": ("jednička", "jedničky", "jedniček"),
        "two": ("dvojka", "dvojky", "dvojek"),
        "three": ("trojka", "trojky", "trojek"),
        "four": ("čtyřka", "čtyřky", "čtyřek"),
        "five": ("pětka", "pětky", "pětek"),
        "six": ("šestka", "šestky", "šestek"),
        "ace": ("jednička", "jedničky", "jedniček"),
        "star": ("hvězdička", "hvězdičky", "hvězdiček"),
    },
}
ENGLISH = ("one", "two", "three", "four", "five", "six")
# Blef (wild ace 1), Bluff (wild star 6) and Endless Games' Liar's Dice (wild star 1)
RULE_SETS = (ld.preset("blef"), ld.preset("bluff"), ld.Rules(wild=1, wild_name="star"))


def english_name(rules: ld.Rules, face: int) -> str:
    return rules.wild_name if face == rules.wild else ENGLISH[face - 1]


# ----- the bids in words ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("rules", RULE_SETS, ids=("blef", "bluff", "star_one"))
def test_every_face_for_quantities_1_to_30_follows_the_plural_rules(
    lang: str, rules: ld.Rules
) -> None:
    ld.set_language(lang)
    for face in range(1, 7):
        forms = WORDS[lang][english_name(rules, face)]
        for q in range(1, 31):
            expected = f"{q} {forms[FORM[lang](q)]}"
            assert rules.describe(Bid(q, face)) == expected, (lang, face, q)
            assert rules.describe(f"{q}x{face}") == expected
        assert rules.face_name(face) == forms[0]
        assert rules.face_name(face, plural=True) == forms[1]
        for count in (0, 1, 3, 5, 12, 22, 25, 102, 112, 1000):
            assert rules.face_name(face, count=count) == forms[FORM[lang](count)]


def test_the_issue_s_examples_word_for_word() -> None:
    blef, bluff = ld.preset("blef"), ld.preset("bluff")
    ld.set_language("pl")
    assert [blef.describe(f"{q}x5") for q in (1, 2, 4, 5, 21, 22)] == [
        "1 piątka", "2 piątki", "4 piątki", "5 piątek", "21 piątek", "22 piątki",
    ]  # fmt: skip
    assert blef.describe("3x1") == "3 jedynki" and bluff.describe("5x6") == "5 gwiazdek"
    ld.set_language("cs")
    assert [blef.describe(f"{q}x5") for q in (1, 2, 4, 5, 22)] == [
        "1 pětka", "2 pětky", "4 pětky", "5 pětek", "22 pětek",
    ]  # fmt: skip
    assert bluff.describe("1x6") == "1 hvězdička" and bluff.describe("3x1") == "3 jedničky"


def test_english_words_are_unchanged() -> None:
    blef, bluff = ld.preset("blef"), ld.preset("bluff")
    assert i18n.language() == "en"  # the suite runs in English
    assert [blef.describe(b) for b in ("1x5", "3x5", "1x1", "2x1", "4x6")] == [
        "1 five", "3 fives", "1 ace", "2 aces", "4 sixes",
    ]  # fmt: skip
    assert bluff.describe("2x6") == "2 stars" and bluff.face_name(1, plural=True) == "ones"
    assert blef.face_name(6, count=0) == "sixes" and blef.face_name(6, count=1) == "six"


def test_face_name_checks_count() -> None:
    with pytest.raises(ValueError, match="-1"):
        ld.preset("blef").face_name(5, count=-1)
    with pytest.raises(TypeError):
        ld.preset("blef").face_name(5, count=1.5)  # type: ignore[arg-type]


# ----- choosing the language --------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["de", "PL", "", "polish", "pl_PL"])
def test_set_language_refuses_other_languages_quoting_them(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        ld.set_language(bad)
    assert i18n.language() == "en"  # unchanged


@pytest.mark.parametrize("bad", [1, b"pl", ["pl"], True])
def test_set_language_refuses_other_kinds(bad: object) -> None:
    with pytest.raises(TypeError, match=re.escape(repr(bad))):
        ld.set_language(bad)  # type: ignore[arg-type]


def test_set_language_switches_and_none_goes_back() -> None:
    blef = ld.preset("blef")
    for lang, words in (("pl", "2 piątki"), ("cs", "2 pětky"), ("en", "2 fives")):
        ld.set_language(lang)
        assert i18n.language() == lang and blef.describe("2x5") == words
    ld.set_language(None)
    assert i18n.language() == "en"


def test_the_environment_variable_decides_until_set_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(i18n.ENV_VAR, "cs")
    ld.set_language(None)  # read the environment again
    assert i18n.language() == "cs" and ld.preset("blef").describe("5x5") == "5 pětek"
    ld.set_language("pl")
    assert i18n.language() == "pl"  # set_language wins over the variable
    monkeypatch.setenv(i18n.ENV_VAR, "klingon")
    ld.set_language(None)
    with pytest.raises(ValueError, match=f"{i18n.ENV_VAR}='klingon'"):
        i18n.language()
    monkeypatch.delenv(i18n.ENV_VAR)
    ld.set_language(None)


def _fresh(env: dict[str, str], code: str) -> str:
    """Return what `code` prints in a fresh interpreter with only `env` (and PATH) set."""
    full = {"PATH": os.environ.get("PATH", ""), **env}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=full, cwd=ROOT
    )
    return done.stdout.strip() or done.stderr.strip().splitlines()[-1]


DESCRIBE = "import liarsdice as ld; print(ld.preset('blef').describe('22x5'))"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "22 fives"),  # the default
        ({"LANG": "C.UTF-8"}, "22 fives"),
        ({"LANG": "de_DE.UTF-8"}, "22 fives"),  # a language without a catalog: English
        ({"LANG": "pl_PL.UTF-8"}, "22 piątki"),  # the system locale
        ({"LC_ALL": "cs_CZ.UTF-8"}, "22 pětek"),
        ({"LC_ALL": "C", "LANG": "cs_CZ.UTF-8"}, "22 fives"),  # the first one set decides
        ({"LC_MESSAGES": "pl_PL@euro", "LANG": "cs_CZ"}, "22 piątki"),
        ({"LIARSDICE_LANGUAGE": "pl"}, "22 piątki"),
        ({"LIARSDICE_LANGUAGE": "en", "LANG": "pl_PL.UTF-8"}, "22 fives"),  # the variable first
        ({"LIARSDICE_LANGUAGE": "cs", "LANG": "pl_PL.UTF-8"}, "22 pětek"),
    ],
)
def test_the_environment_and_the_english_default(env: dict[str, str], expected: str) -> None:
    assert _fresh(env, DESCRIBE) == expected


def test_a_bad_environment_variable_is_refused_naming_it() -> None:
    said = _fresh({"LIARSDICE_LANGUAGE": "xx"}, DESCRIBE)
    assert said.startswith("ValueError") and "LIARSDICE_LANGUAGE='xx'" in said


def test_importing_liarsdice_does_not_load_babel() -> None:
    code = "import sys, liarsdice; print(any(m.startswith('babel') for m in sys.modules))"
    assert _fresh({}, code) == "False"


# ----- numbers ----------------------------------------------------------------------------------


def test_format_number_uses_each_language_s_decimal_sign() -> None:
    assert i18n.format_number(0.25, 2) == "0.25"
    for lang in TRANSLATED:
        ld.set_language(lang)
        assert i18n.format_number(0.25, 2) == "0,25"
        assert i18n.format_number(-3.14159, 3) == "-3,142"
        assert i18n.format_number(1234567.5, 1) == "1234567,5"  # no grouping
        assert i18n.format_number(7, 0) == "7"
        assert i18n.format_number(2.675, 2) == "2,67"  # the float's exact value, as f"{:.2f}"


def test_speaking_sets_a_language_for_a_block_and_restores_the_choice() -> None:
    ld.set_language("cs")
    with i18n.speaking("pl"):
        assert i18n.language() == "pl"
        with i18n.speaking("en"):
            assert ld.preset("blef").describe("5x5") == "5 fives"
        assert ld.preset("blef").describe("5x5") == "5 piątek"
    assert i18n.language() == "cs"
    ld.set_language(None)
    with pytest.raises(ValueError, match="'de'"):
        i18n.speaking("de")  # refused when called, before any block
    try:
        with i18n.speaking("pl"):
            raise KeyError("inside")
    except KeyError:
        pass
    assert i18n.language() == "en"  # restored after an exception too


def test_the_exercises_are_registered_in_english_whatever_the_language() -> None:
    code = (
        "import liarsdice as ld; ld.set_language('pl'); from liarsdice import teach;"
        "print(teach.core.find('04.nine_fives').question)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "9 fives" in done.stdout and "piątek" not in done.stdout


NBSP = "\u00a0"
# each language's writing of the same numbers, from its own conventions (CLDR, as printed in
# Polish and Czech style guides: decimal comma, a space between thousands, Czech "95 %")
WRITTEN = {
    "en": ("0.25", "1.5e-05", "12", "95.4%", "95%", "20,000", "-1.2e-03"),
    "pl": ("0,25", "1,5e-05", "12", "95,4%", "95%", f"20{NBSP}000", "-1,2e-03"),
    "cs": ("0,25", "1,5e-05", "12", f"95,4{NBSP}%", f"95{NBSP}%", f"20{NBSP}000", "-1,2e-03"),
}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_general_percent_and_count_follow_the_language(lang: str) -> None:
    ld.set_language(lang)
    said = (
        i18n.format_general(0.25),
        i18n.format_general(1.5e-5, 3),
        i18n.format_general(12.0),
        i18n.format_percent(0.954, 1),
        i18n.format_percent(0.95),
        i18n.format_count(20000),
        i18n.format_decimal_text("-1.2e-03"),
    )
    assert said == WRITTEN[lang]
    assert i18n.format_percent(0.99951, 1) == i18n.format_percent(1, 1)  # rounded up to 100.0


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: i18n.format_general("0.5"), TypeError),
        (lambda: i18n.format_general(0.5, 0), ValueError),
        (lambda: i18n.format_percent("95%"), TypeError),
        (lambda: i18n.format_percent(0.5, -1), ValueError),
        (lambda: i18n.format_count(2.0), TypeError),
        (lambda: i18n.format_count(True), TypeError),
        (lambda: i18n.format_decimal_text(2.5), TypeError),
        (lambda: i18n.format_decimal_text("9" * 101), ValueError),
    ],
)
def test_the_formatters_refuse_bad_arguments(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_format_number_rounds_as_python_does(lang: str) -> None:
    ld.set_language(lang)
    rng = random.Random(25)
    values = [rng.uniform(-1e5, 1e5) for _ in range(300)] + [rng.random() for _ in range(300)]
    for x in [*values, 0.5, 1.5, 2.5, 0.125, -0.0, -0.0004, 1e-12]:
        for digits in (0, 1, 2, 4):
            shown = i18n.format_number(x, digits)
            assert shown.replace(",", ".") == f"{x:.{digits}f}", (x, digits, shown)
            assert ("." in shown) == (lang == "en" and digits > 0)


@pytest.mark.parametrize(
    ("x", "digits", "error", "quoted"),
    [
        ("0.5", 2, TypeError, "'0.5'"),
        (True, 2, TypeError, "True"),
        (None, 1, TypeError, "None"),
        (0.5, 2.0, TypeError, "2.0"),
        (0.5, -1, ValueError, "-1"),
        (0.5, 21, ValueError, "21"),
    ],
)
def test_format_number_checks_its_arguments(
    x: object, digits: object, error: type, quoted: str
) -> None:
    with pytest.raises(error, match=re.escape(quoted)):
        i18n.format_number(x, digits)  # type: ignore[arg-type]


# ----- the texts a player sees ------------------------------------------------------------------


def test_settlements_and_moves_are_in_the_language_and_not_cached_across_it() -> None:
    blef = ld.preset("blef")
    english = ld.settlement.settle_every_count(blef, (3, 3), 0, 1, Bid(2, 5))[5].explanation
    ld.set_language("pl")
    polish = ld.settlement.settle_every_count(blef, (3, 3), 0, 1, Bid(2, 5))[5].explanation
    assert polish == "odzywka 2 piątki, na stole 5: sprawdzający, gracz 1, traci 3 kości"
    assert ld.render.move_text(blef, 2, ld.Challenge()) == "gracz 2 sprawdza"
    ld.set_language("cs")
    assert ld.settle(blef, (3, 3), 0, 1, "2x5", 1).explanation == (
        "sázka 2 pětky, na stole 1: nabízející, hráč 0, ztrácí 1 kostku"
    )
    ld.set_language("en")
    assert ld.settlement.settle_every_count(blef, (3, 3), 0, 1, Bid(2, 5))[5].explanation == (
        english
    ) == "2 fives bid, 5 on the table: the challenger, seat 1, loses 3 dice"  # fmt: skip


# ----- the catalogs -----------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "liarsdice.po").open("rb") as file:
        return read_po(file, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[object]:
    """Return the msgids that the documented extract command finds in the sources now."""
    out = tmp_path_factory.mktemp("pot") / "liarsdice.pot"
    command = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    command += ["-k", "n_:1,2", "-k", "N_", "-o", str(out), "."]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with out.open("rb") as file:
        return {message.id for message in read_po(file) if message.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_is_complete_with_no_fuzzy_entry(lang: str, extracted: set[object]) -> None:
    catalog = _catalog(lang)
    messages = [m for m in catalog if m.id]
    assert {m.id for m in messages} == extracted  # every marked text, and no stale one
    for message in messages:
        assert not message.fuzzy, message.id
        forms = message.string if message.pluralizable else (message.string,)
        assert len(forms) == (3 if message.pluralizable else 1) and all(forms), message.id
        ids = message.id if message.pluralizable else (message.id,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for form in forms:  # the same named placeholders, so the caller's format fills them
            assert set(PLACEHOLDER.findall(form)) == wanted, (message.id, form)
    assert not catalog.fuzzy and catalog.num_plurals == 3


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiling_counts_every_message_translated(lang: str, tmp_path: Path) -> None:
    po = LOCALE / lang / "LC_MESSAGES" / "liarsdice.po"
    command = [sys.executable, "-m", "babel.messages.frontend", "compile", "--statistics"]
    command += ["-i", str(po), "-o", str(tmp_path / "x.mo"), "-l", lang]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"(\d+) of (\d+) messages \((\d+)%\) translated", done.stderr + done.stdout)
    assert found, done.stderr
    assert found[1] == found[2] and found[3] == "100" and int(found[1]) > 50


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_the_compiled_po(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, _catalog(lang))
    compiled = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    committed = LOCALE / lang / "LC_MESSAGES" / "liarsdice.mo"
    with committed.open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == compiled._catalog  # type: ignore[attr-defined]
    assert shipped.plural(22) == compiled.plural(22)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_plural_forms_header_is_the_language_s_rule(lang: str) -> None:
    plural = i18n.catalog(lang).plural  # type: ignore[attr-defined]
    assert [plural(n) for n in range(0, 1001)] == [FORM[lang](n) for n in range(0, 1001)]


def test_the_english_texts_need_no_catalog() -> None:
    assert not (LOCALE / "en").exists()
    assert i18n._("seat {seat}") == "seat {seat}"
    assert i18n.n_("{n} die", "{n} dice", 1) == "{n} die"
    assert i18n.n_("{n} die", "{n} dice", 0) == "{n} dice"
