"""What the language tests share: the translated languages, a translation that must exist, and
the start of a message before its placeholders. (tests/conftest.py gives the language back to
the environment, English in the suite, after every test.)"""

from __future__ import annotations

import html

import liarsdice as ld
from liarsdice.i18n import translate

TRANSLATED = ("pl", "cs")


def in_language(lang: str, english: str) -> str:
    """Return the catalog's translation of `english` in `lang`, with `lang` left in force (and
    check it is one: a missing or English entry fails)."""
    ld.set_language(lang)
    said = translate(english)
    assert said and said != english, (lang, english)
    return said


def template_start(message: str) -> str:
    """Return the escaped text of a message before its first placeholder."""
    return html.escape(message.split("{")[0])
