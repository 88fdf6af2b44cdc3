"""The Czech core track: notebooks/cs/ holds every core lesson, its code the English lesson's.

- A Czech lesson has the English lesson's file name, its code cells (source, metadata) in the
  same order, plus ONE extra code cell right after the title: `ld.set_language("cs")`.
- It has as many markdown cells, each with the English cell's metadata (the `aside` tags, the
  collapsed headings), and links to other lessons that resolve (core lessons in notebooks/cs/,
  advanced ones, not translated, in ../advanced/).
- No markdown cell is left in English: a CRUDE check, by the share of common English words in
  a cell (a list that leaves out words Czech also writes, such as "a", "i", "to", "do", "on",
  "pro"). It cannot judge the quality of a translation; it catches a cell nobody translated,
  and test_the_english_check_can_fail shows that it flags the English cells themselves.
- The notebook metadata is the English one, with "language": "cs" under "liarsdice", and the
  file is written in the English files' JSON style.
That the lessons run top to bottom is nbval's check: `pytest --nbval-lax notebooks/cs/`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "notebooks" / "core"
CZECH = ROOT / "notebooks" / "cs"
ENGLISH_LESSONS = sorted(CORE.glob("[0-9][0-9]_*.ipynb"))
LANGUAGE_CELL = 'ld.set_language("cs")'
ENGLISH_SHARE = 0.15  # a markdown cell with this share of common English words is untranslated
_COMMON_WORDS = """the of and is in that it for with are at be this from or an not each its their
    what which you your our if then so than more has have was were can all every how when where
    two three only also here there these those they them will would does bid bids dice chance
    face faces table count game games player players lesson exercise why about into
    """
COMMON_ENGLISH = frozenset(_COMMON_WORDS.split())


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _code(cells: list[dict]) -> list[tuple[str, dict]]:
    return [(_source(c), c["metadata"]) for c in cells if c["cell_type"] == "code"]


def _markdown(cells: list[dict]) -> list[dict]:
    return [c for c in cells if c["cell_type"] == "markdown"]


def english_share(text: str) -> float:
    """Return the share of a markdown text's words that are common English words (code spans,
    math, HTML tags and link targets left out); 0.0 for a text of fewer than three words."""
    text = re.sub(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\]\([^)]*\)|<[^>]*>", " ", text, flags=re.S)
    words = re.findall(r"[^\W\d_]+", text.lower())
    if len(words) < 3:
        return 0.0
    return sum(word in COMMON_ENGLISH for word in words) / len(words)


def test_the_english_check_can_fail() -> None:
    """The crude check flags English prose and passes Czech prose."""
    english = [_source(c) for path in ENGLISH_LESSONS for c in _markdown(_load(path)["cells"])]
    long_cells = [text for text in english if len(text.split()) >= 20]
    flagged = [text for text in long_cells if english_share(text) >= ENGLISH_SHARE]
    # every English cell of 20 words or more is flagged (the lowest share is about 0.19)
    assert long_cells and flagged == long_cells, (len(flagged), len(long_cells))
    czech = "Každý hráč hodí svými kostkami v kalíšku, skrytě, a potom nabídne sázku na stůl."
    assert english_share(czech) == 0.0
    assert english_share("the bid is true if the count of the dice is at least q") > 0.5


def test_every_core_lesson_has_a_czech_one() -> None:
    assert ENGLISH_LESSONS, "no core lessons found"
    english = [path.name for path in ENGLISH_LESSONS]
    czech = sorted(path.name for path in CZECH.glob("[0-9][0-9]_*.ipynb"))
    assert czech == english


@pytest.mark.parametrize("english_path", ENGLISH_LESSONS, ids=lambda p: p.name)
def test_the_czech_lesson_holds_the_english_code(english_path: Path) -> None:
    english = _load(english_path)["cells"]
    czech = _load(CZECH / english_path.name)["cells"]
    assert czech[0]["cell_type"] == "markdown" == english[0]["cell_type"]
    extra = czech[1]
    assert extra["cell_type"] == "code" and extra["metadata"] == {}
    lines = _source(extra).splitlines()
    lines = [line for line in lines if line]  # ruff's format puts a blank line after imports
    assert len(lines) == 2 and lines[0] == "import liarsdice as ld", lines
    assert lines[1].startswith(LANGUAGE_CELL), lines
    without_extra = czech[:1] + czech[2:]
    # every code cell, in order, character for character, with its metadata (tags)
    assert _code(without_extra) == _code(english)
    code = [c for c in czech if c["cell_type"] == "code"]
    assert sum(LANGUAGE_CELL in _source(c) for c in code) == 1
    assert all(not c.get("outputs") for c in code), "notebooks are stored without outputs"
    assert all(c.get("execution_count") is None for c in code)
    ids = [c["id"] for c in czech]
    assert len(ids) == len(set(ids)), "cell ids are unique"


@pytest.mark.parametrize("english_path", ENGLISH_LESSONS, ids=lambda p: p.name)
def test_the_czech_lesson_translates_every_markdown_cell(english_path: Path) -> None:
    english = _markdown(_load(english_path)["cells"])
    czech = _markdown(_load(CZECH / english_path.name)["cells"])
    assert len(czech) == len(english)
    for en, cs in zip(english, czech):
        assert cs["metadata"] == en["metadata"], cs["id"]  # asides stay asides, collapsed stay so
        text = _source(cs)
        share = english_share(text)
        assert share < ENGLISH_SHARE, f"{cs['id']}: {share:.0%} common English words: {text[:80]!r}"
        assert text != _source(en) or len(text.split()) < 3, f"{cs['id']}: the English text"
        # the headings keep their level, so the outline and the collapsed asides stay the same
        heading = re.match(r"#+ ", _source(en))
        assert (heading is None) == (re.match(r"#+ ", text) is None), cs["id"]
        if heading:
            assert text.startswith(heading.group(0)), cs["id"]


@pytest.mark.parametrize("english_path", ENGLISH_LESSONS, ids=lambda p: p.name)
def test_the_czech_lesson_links_resolve(english_path: Path) -> None:
    path = CZECH / english_path.name
    for cell in _markdown(_load(path)["cells"]):
        for target in re.findall(r"\]\(([^)#\s]+\.ipynb)\)", _source(cell)):
            resolved = (path.parent / target).resolve()
            assert resolved.exists(), f"{cell['id']}: {target}"
            if resolved.parent.name == "core":
                pytest.fail(f"{cell['id']}: {target} points at the English core lesson")


@pytest.mark.parametrize("english_path", ENGLISH_LESSONS, ids=lambda p: p.name)
def test_the_czech_lesson_metadata(english_path: Path) -> None:
    english = _load(english_path)
    czech = _load(CZECH / english_path.name)
    expected = json.loads(json.dumps(english["metadata"]))
    if "liarsdice" in expected:
        expected["liarsdice"]["language"] = "cs"
    assert czech["metadata"] == expected
    assert (czech["nbformat"], czech["nbformat_minor"]) == (
        english["nbformat"],
        english["nbformat_minor"],
    )
    text = (CZECH / english_path.name).read_text(encoding="utf-8")
    # the English files' style: one-space indent, UTF-8 as is, a trailing newline
    assert text == json.dumps(czech, indent=1, ensure_ascii=False) + "\n"
