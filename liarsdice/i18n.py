"""The player's language: English (the default), Polish or Czech, through gettext catalogs.

- set_language(lang): "en", "pl" or "cs" (None: back to the environment's choice, read
  anew); anything else raises ValueError quoting it. Exported as liarsdice.set_language.
- speaking(lang): a context manager: `lang` in force inside the block, the earlier choice
  restored after it (the exercises' registry is built in English inside one, whatever the
  notebook chose, so the catalogs find every question).
- language(): the language in force: the one set, else the environment variable
  LIARSDICE_LANGUAGE (en|pl|cs), else the system locale (the first of LC_ALL, LC_MESSAGES,
  LANG that is set, else locale.getlocale()) when it is Polish or Czech, else English.
- catalog(lang): the translations of one language (gettext's, read once from its .mo).
- _(message) (also named translate) and n_(singular, plural, n): gettext and ngettext in
  that language, from the compiled catalogs liarsdice/locale/<lang>/LC_MESSAGES/liarsdice.mo;
  English is the source text itself. Messages use named placeholders ("seat {seat} bids {bid}"), filled by the
  caller with str.format, so a translation may reorder them; the catalogs' Plural-Forms
  headers choose n_'s form (Polish 1 piątka, 2-4 piątki, 5-21 piątek, 22 piątki; Czech 1
  pětka, 2-4 pětky, 5 and more pětek). Modules of the package write
  `from liarsdice.i18n import n_, translate as _` (tests/test_no_private_imports.py refuses
  importing a name that starts with "_"); the marked calls are still `_(...)` for extraction.
- N_(message): the message itself, marked for extraction (gettext_noop): for English texts
  kept as data (the rules' option meanings, the sources and errata), translated where shown
  with _(text).
- format_number(x, digits): x with `digits` decimals, the language's decimal sign (Babel's
  format_decimal: "0,25" in Polish and Czech; English "0.25", the f-string itself, which is
  what Babel gives too), rounded as f"{x:.2f}" rounds, no grouping.
- format_general(x, significant), format_decimal_text(text): a number as Python's "g" format
  writes it, or a number an f-string wrote ("2.5", "1.2e-03"), with the language's decimal
  sign; format_percent(share, digits): a share as the language writes a percentage ("95.4%",
  "95,4%" in Polish, "95,4 %" in Czech: Babel's pattern); format_count(n): a whole number
  grouped as the language groups it ("20,000"; "20 000" with a no-break space in Polish and
  Czech). The widgets, figures and the command line write their numbers with these.
- LANGUAGES, ENV_VAR, LOCALE_DIR, DOMAIN: the languages, the variable, the catalogs' folder.

Error messages stay English. gettext is the standard library's; Babel (a dependency) is
imported only by the format_ functions and by the catalog tooling, so `import liarsdice` stays light.

The catalogs (Babel's tooling; babel.cfg maps the sources): `make catalogs` runs the three
steps from the repository's root: `pybabel extract` (every _(), n_() and N_() of the package, and the
core lessons' exercise texts, into liarsdice/locale/liarsdice.pot), `pybabel update` (merged into
each language's .po, no fuzzy matching, obsolete entries dropped; translate what is new there)
and `pybabel compile --statistics` (the .mo files the package reads; both kept in git).
tests/test_i18n.py re-extracts and keeps the catalogs complete: no untranslated or fuzzy entry,
no stale one, and the committed .mo the compiled .po.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

LANGUAGES = ("en", "pl", "cs")
ENV_VAR = "LIARSDICE_LANGUAGE"
DOMAIN = "liarsdice"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
MAX_DIGITS = 20

_chosen: str | None = None  # set by set_language; None: the environment decides
_detected: str | None = None  # the environment's choice, read once (set_language resets it)
_catalogs: dict[str, gettext.NullTranslations] = {}


def _check_language(name: str, lang: object) -> str:
    """Return `lang` if it is one of LANGUAGES; otherwise raise ValueError quoting it."""
    if not isinstance(lang, str):
        raise TypeError(f"{name}={lang!r}: expected one of {', '.join(LANGUAGES)}")
    if lang not in LANGUAGES:
        raise ValueError(f"{name}={lang[:100]!r}: the languages are {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str | None) -> None:
    """Choose the language of every text a player sees: "en", "pl" or "cs".

    None goes back to the environment's choice (LIARSDICE_LANGUAGE, the system locale,
    English). Anything else raises ValueError (TypeError for a non-string) quoting it.
    """
    global _chosen, _detected
    _chosen = None if lang is None else _check_language("lang", lang)
    _detected = None  # read the environment again when it decides


def speaking(lang: str) -> contextlib.AbstractContextManager[None]:
    """Return a context in which `lang` ("en", "pl" or "cs") is in force; the choice made
    before it (set_language's, or the environment's) comes back when the block ends. A bad
    `lang` raises at once, quoting it."""
    return _speaking(_check_language("lang", lang))


@contextlib.contextmanager
def _speaking(lang: str) -> Iterator[None]:
    """Yield with `lang` (checked) in force, then restore the earlier choice."""
    global _chosen
    before = _chosen
    _chosen = lang
    try:
        yield
    finally:
        _chosen = before


def _system_language() -> str:
    """Return "pl" or "cs" when the system locale is Polish or Czech, else "en"."""
    names = [os.environ.get(var) for var in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unparsable locale setting: none
        names.append(locale.getlocale()[0])  # where no variable says (Windows)
    name = next((name for name in names if name), "C")  # the first one set decides
    code = name.split("_")[0].split(".")[0].split("@")[0].lower()
    return code if code in LANGUAGES else "en"  # C, POSIX and other languages: English


def language() -> str:
    """Return the language in force: set_language's, else LIARSDICE_LANGUAGE's (which must
    be en, pl or cs: anything else raises ValueError naming the variable), else the system
    locale's when Polish or Czech, else "en". The environment is read once, and again after
    set_language(None)."""
    global _detected
    if _chosen is not None:
        return _chosen
    if _detected is None:
        value = os.environ.get(ENV_VAR, "").strip()
        _detected = _check_language(ENV_VAR, value) if value else _system_language()
    return _detected


def catalog(lang: str) -> gettext.NullTranslations:
    """Return the translations of `lang` (one of LANGUAGES), read once from its .mo file."""
    lang = _check_language("lang", lang)
    found = _catalogs.get(lang)
    if found is None:
        if lang == "en":
            found = gettext.NullTranslations()
        else:
            path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            with path.open("rb") as file:
                found = gettext.GNUTranslations(file)
        _catalogs[lang] = found
    return found


def translate(message: str) -> str:
    """Return `message` in the language in force (gettext); also named `_`."""
    lang = language()
    return message if lang == "en" else catalog(lang).gettext(message)


_ = translate  # gettext's usual name; modules of the package import `translate as _`


def N_(message: str) -> str:  # gettext_noop's usual name, an extraction keyword
    """Return `message` unchanged: it marks an English text kept as data for the catalogs, to
    be translated where it is shown (translate(text))."""
    return message


def n_(singular: str, plural: str, n: int) -> str:
    """Return the form of a message for the count `n` in the language in force (ngettext):
    English singular for n == 1, else plural; Polish and Czech by their catalogs' rules."""
    lang = language()
    if lang == "en":
        return singular if n == 1 else plural
    return catalog(lang).ngettext(singular, plural, n)


def format_number(x: float | int | Decimal, digits: int) -> str:
    """Return x with `digits` decimals in the language in force: "0.25" (en), "0,25" (pl, cs).

    x: a real number (not a bool); digits: an integer 0..MAX_DIGITS (20). Rounded as
    f"{x:.{digits}f}" rounds (the float's exact value, ties to even); no grouping of
    thousands. Non-finite values: "nan", "inf", "-inf". Bad arguments raise TypeError or
    ValueError quoting them.
    """
    _check_real("x", x)
    _check_digits("digits", digits)
    exact = Decimal(x)  # a float's exact binary value, so it rounds as the f-string does
    if not exact.is_finite():
        return f"{x:.{digits}f}"
    lang = language()
    if lang == "en":
        return f"{x:.{digits}f}"
    from babel.numbers import format_decimal  # Babel's number data, loaded on first use

    pattern = "0." + "0" * digits if digits else "0"
    text = format_decimal(exact, format=pattern, locale=lang, decimal_quantization=True)
    return text if not exact.is_signed() or text.startswith("-") else "-" + text


def _check_real(name: str, x: object) -> None:
    """Raise TypeError quoting `x` unless it is a real number (not a bool)."""
    if isinstance(x, bool) or not isinstance(x, int | float | Decimal):
        raise TypeError(f"{name}={x!r}: expected a real number")


def _check_digits(name: str, digits: object, low: int = 0) -> None:
    """Raise TypeError or ValueError quoting `digits` unless it is an integer low..MAX_DIGITS."""
    if isinstance(digits, bool) or not isinstance(digits, int):
        raise TypeError(f"{name}={digits!r}: expected an integer {low}..{MAX_DIGITS}")
    if not low <= digits <= MAX_DIGITS:
        raise ValueError(f"{name}={digits!r}: expected an integer {low}..{MAX_DIGITS}")


def format_decimal_text(text: str) -> str:
    """Return a number an f-string wrote ("2.5", "-1.2e-03") with the decimal sign of the
    language in force ("2,5" in Polish and Czech). text: a string of at most 100 characters."""
    if not isinstance(text, str):
        raise TypeError(f"text={text!r}: expected a number written as a string")
    if len(text) > 100:
        raise ValueError(f"text={text[:100]!r}...: expected at most 100 characters")
    lang = language()
    return text if lang == "en" else text.replace(".", _decimal_symbol(lang))


def _decimal_symbol(lang: str) -> str:
    """Return the decimal sign of `lang` (Babel's number data)."""
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(lang)


def format_general(x: float | int | Decimal, significant: int = 6) -> str:
    """Return x as f"{x:.{significant}g}" writes it ("0.25", "1.5e-05", "12") with the
    language's decimal sign ("0,25" in Polish and Czech). significant: 1..MAX_DIGITS."""
    _check_real("x", x)
    _check_digits("significant", significant, low=1)
    return format_decimal_text(f"{x:.{significant}g}")


def format_percent(share: float | int | Decimal, digits: int = 0) -> str:
    """Return a share (0.954) as a percentage with `digits` decimals, as the language writes it
    (Babel's pattern): "95.4%" in English, "95,4%" in Polish, "95,4 %" in Czech. share: a
    real number (nan and inf are written "nan%" and "inf%", as format_number writes them); digits:
    0..MAX_DIGITS."""
    _check_real("share", share)
    _check_digits("digits", digits)
    if not Decimal(share).is_finite():  # written as format_number writes them: "nan%", "inf%"
        return f"{100 * share:.{digits}f}%"
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    lang = language()
    pattern = Locale.parse(lang).percent_formats[None].pattern  # "#,##0%", "#,##0 %"
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return babel_percent(share, format=pattern, locale=lang, decimal_quantization=True)


def format_count(n: int) -> str:
    """Return a whole number grouped as the language groups it: "20,000" in English, "20 000"
    (a no-break space) in Polish and Czech (Babel's format_decimal)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n={n!r}: expected an integer")
    from babel.numbers import format_decimal

    return format_decimal(n, format="#,##0", locale=language())
