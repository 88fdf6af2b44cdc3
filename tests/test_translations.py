"""The translated core track: notebooks/pl/ (Polish) and notebooks/cs/ (Czech) hold every core
lesson, its code the English lesson's; one checker, parametrised by the language.

- A translated lesson has the English lesson's file name, its code cells (source, metadata) in
  the same order, plus ONE extra code cell right after the title: `ld.set_language("pl")` (or
  "cs").
- It has as many markdown cells, each with the English cell's metadata (the `aside` tags, the
  collapsed headings), the same heading levels, and links to other lessons that resolve (core
  lessons in its own folder, the advanced ones, not translated, in ../advanced/).
- No markdown cell is left in English: a CRUDE check, by the share of common English words in
  a cell (a list that leaves out words Polish or Czech also write, such as "a", "i", "to", "do",
  "on", "pro"). It cannot judge the quality of a translation; it catches a cell nobody
  translated, and test_the_english_check_can_fail shows that it flags the English cells.
- The notebook metadata is the English one, with "language": "pl" or "cs" under "liarsdice",
  and the file is written in the English files' JSON style.
That the lessons run top to bottom is nbval's check: `pytest --nbval-lax notebooks/pl/`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "notebooks" / "core"
ENGLISH_LESSONS = sorted(CORE.glob("[0-9][0-9]_*.ipynb"))
LANGUAGES = ("pl", "cs")
# a sentence of each language, which the check must not take for English
SAMPLES = {
    "pl": "Każdy gracz rzuca swoimi kośćmi w kubku, w tajemnicy, a potem licytuje.",
    "cs": "Každý hráč hodí svými kostkami v kalíšku, skrytě, a potom nabídne sázku na stůl.",
}
ENGLISH_SHARE = 0.15  # a markdown cell with this share of common English words is untranslated
_COMMON_WORDS = """the of and is in that it for with are at be this from or an not each its their
    what which you your our if then so than more has have was were can all every how when where
    two three only also here there these those they them will would does bid bids dice chance
    face faces table count game games player players lesson exercise why about into
    """
COMMON_ENGLISH = frozenset(_COMMON_WORDS.split())
CASES = [(lang, path) for lang in LANGUAGES for path in ENGLISH_LESSONS]


def _case_id(case: tuple[str, Path]) -> str:
    return f"{case[0]}-{case[1].stem}"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _code(cells: list[dict]) -> list[tuple[str, dict]]:
    return [(_source(c), c["metadata"]) for c in cells if c["cell_type"] == "code"]


def _markdown(cells: list[dict]) -> list[dict]:
    return [c for c in cells if c["cell_type"] == "markdown"]


def _translated(lang: str, english_path: Path) -> Path:
    return ROOT / "notebooks" / lang / english_path.name


def english_share(text: str) -> float:
    """Return the share of a markdown text's words that are common English words (code spans,
    math, HTML tags and link targets left out); 0.0 for a text of fewer than three words."""
    text = re.sub(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\]\([^)]*\)|<[^>]*>", " ", text, flags=re.S)
    words = re.findall(r"[^\W\d_]+", text.lower())
    if len(words) < 3:
        return 0.0
    return sum(word in COMMON_ENGLISH for word in words) / len(words)


def test_the_english_check_can_fail() -> None:
    """The crude check flags English prose and passes Polish and Czech prose."""
    english = [_source(c) for path in ENGLISH_LESSONS for c in _markdown(_load(path)["cells"])]
    long_cells = [text for text in english if len(text.split()) >= 20]
    flagged = [text for text in long_cells if english_share(text) >= ENGLISH_SHARE]
    # every English cell of 20 words or more is flagged (the lowest share is about 0.19)
    assert long_cells and flagged == long_cells, (len(flagged), len(long_cells))
    for sample in SAMPLES.values():
        assert english_share(sample) == 0.0, sample
    assert english_share("the bid is true if the count of the dice is at least q") > 0.5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_core_lesson_is_translated(lang: str) -> None:
    assert ENGLISH_LESSONS, "no core lessons found"
    english = [path.name for path in ENGLISH_LESSONS]
    translated = sorted(p.name for p in (ROOT / "notebooks" / lang).glob("[0-9][0-9]_*.ipynb"))
    assert translated == english


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_translated_lesson_holds_the_english_code(case: tuple[str, Path]) -> None:
    lang, english_path = case
    english = _load(english_path)["cells"]
    translated = _load(_translated(lang, english_path))["cells"]
    assert translated[0]["cell_type"] == "markdown" == english[0]["cell_type"]
    extra = translated[1]
    assert extra["cell_type"] == "code" and extra["metadata"] == {}
    lines = [line for line in _source(extra).splitlines() if line]  # blank: ruff formats imports so
    language_cell = f'ld.set_language("{lang}")'
    assert len(lines) == 2 and lines[0] == "import liarsdice as ld", lines
    assert lines[1].startswith(language_cell), lines
    # every code cell, in order, character for character, with its metadata (tags)
    assert _code(translated[:1] + translated[2:]) == _code(english)
    code = [c for c in translated if c["cell_type"] == "code"]
    assert sum(language_cell in _source(c) for c in code) == 1
    assert all(not c.get("outputs") for c in code), "notebooks are stored without outputs"
    assert all(c.get("execution_count") is None for c in code)
    ids = [c["id"] for c in translated]
    assert len(ids) == len(set(ids)), "cell ids are unique"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_translated_lesson_translates_every_markdown_cell(case: tuple[str, Path]) -> None:
    lang, english_path = case
    english = _markdown(_load(english_path)["cells"])
    translated = _markdown(_load(_translated(lang, english_path))["cells"])
    assert len(translated) == len(english)
    for en, cell in zip(english, translated):
        assert cell["metadata"] == en["metadata"], cell["id"]  # asides stay asides, collapsed so
        text = _source(cell)
        share = english_share(text)
        assert share < ENGLISH_SHARE, f"{cell['id']}: {share:.0%} common English: {text[:80]!r}"
        assert text != _source(en) or len(text.split()) < 3, f"{cell['id']}: the English text"
        # the headings keep their level, so the outline and the collapsed asides stay the same
        heading = re.match(r"#+ ", _source(en))
        assert (heading is None) == (re.match(r"#+ ", text) is None), cell["id"]
        if heading:
            assert text.startswith(heading.group(0)), cell["id"]


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_translated_lesson_links_resolve(case: tuple[str, Path]) -> None:
    lang, english_path = case
    path = _translated(lang, english_path)
    for cell in _markdown(_load(path)["cells"]):
        for target in re.findall(r"\]\(([^)#\s]+\.ipynb)\)", _source(cell)):
            resolved = (path.parent / target).resolve()
            assert resolved.exists(), f"{cell['id']}: {target}"
            if resolved.parent.name == "core":
                pytest.fail(f"{cell['id']}: {target} points at the English core lesson")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_translated_lesson_metadata(case: tuple[str, Path]) -> None:
    lang, english_path = case
    english = _load(english_path)
    path = _translated(lang, english_path)
    translated = _load(path)
    expected = json.loads(json.dumps(english["metadata"]))
    if "liarsdice" in expected:
        expected["liarsdice"]["language"] = lang
    assert translated["metadata"] == expected
    assert (translated["nbformat"], translated["nbformat_minor"]) == (
        english["nbformat"],
        english["nbformat_minor"],
    )
    # the English files' style: one-space indent, UTF-8 as is, a trailing newline
    assert (
        path.read_text(encoding="utf-8")
        == json.dumps(translated, indent=1, ensure_ascii=False) + "\n"
    )
