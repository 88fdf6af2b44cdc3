"""Keep docs/glossary.md and the translated guides (docs/teaching.pl.md, docs/teaching.cs.md) true.

- The glossary: every term the course defines in bold (tests/test_course.py's TERMS) is in its
  English column; every row has a Polish and a Czech word; every source file it cites is one of
  the rules' sources in ../shared/seeds/, and every word it quotes from a source occurs in that
  source's text as a word (case-insensitive).
- The translated guides: the two-week plan (and week 3) and the rubric of docs/teaching.md, with
  as many plan rows and rubric rows as the English guide, the same days, lessons, minutes,
  homework sets, points and exercise ids.

The sources live outside the repository, in the shared folder beside it (as CI lays it out:
../shared/seeds/); the checks that read them skip, saying why, where that folder is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.course import PLAN_HEADER
from tests.test_course import TERMS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GLOSSARY = DOCS / "glossary.md"
SEEDS = ROOT.parent / "shared" / "seeds"
GUIDES = {"en": DOCS / "teaching.md", "pl": DOCS / "teaching.pl.md", "cs": DOCS / "teaching.cs.md"}
# Each guide's plan-table header and rubric heading and table header, in its language.
PLAN_HEADERS = {
    "en": PLAN_HEADER,
    "pl": "| Dzień | Zajęcia | Części (minuty) | Praca domowa do oddania |",
    "cs": "| Den | Hodina | Části (minuty) | Odevzdává se domácí úkol |",
}
RUBRIC_HEADINGS = {
    "en": "### Rubric",
    "pl": "### Kryteria oceniania",
    "cs": "### Kritéria hodnocení",
}
RUBRIC_HEADERS = {
    "en": "| kind | points | how to score |",
    "pl": "| rodzaj | punkty | jak oceniać |",
    "cs": "| druh | body | jak hodnotit |",
}
# The English guide's span that the translations hold: the plan up to the assessment.
EN_START, EN_END = "## A two-week unit", "### The assessment (45 minutes)"
SOURCE_PATH = re.compile(r"`(seeds/[^`]+)`")
EXERCISE_ID = re.compile(r"`(\d\d\.[a-z_0-9]+)`")


def _cells(line: str) -> list[str]:
    """Return a markdown table row's cells ("\\|" is a pipe inside a cell)."""
    return [c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def tables(text: str, header: str) -> list[list[list[str]]]:
    """Return every table under `header` in `text`: its body rows, each a list of cells."""
    found = []
    for part in text.split(header + "\n")[1:]:
        lines = part.splitlines()
        assert lines and set(lines[0]) <= set("|-: "), f"no separator row under {header!r}"
        rows = []
        for line in lines[1:]:
            if not line.startswith("|"):
                break
            rows.append(_cells(line))
        found.append(rows)
    return found


def glossary_rows() -> list[list[str]]:
    """Return the glossary's rows (English, Polish, Czech, source), every table together."""
    rows = [
        row
        for table in tables(
            GLOSSARY.read_text(encoding="utf-8"), "| English | Polish | Czech | source |"
        )
        for row in table
    ]
    assert len(rows) >= 40, f"the glossary has only {len(rows)} rows"
    return rows


def english_names(cell: str) -> set[str]:
    """Return the names an English cell gives, its parenthesised remarks left out."""
    plain = re.sub(r"\s*\([^)]*\)", "", cell)
    return {name.strip().lower() for name in re.split(r"[,;]", plain) if name.strip()}


def cited_words(cell: str) -> list[tuple[str, str]]:
    """Return (source path, quoted word) for each word a source cell quotes after a path."""
    parts = SOURCE_PATH.split(cell)  # text, path, text, path, text...
    assert not re.search(r'"', parts[0]), f"a quoted word before any source file: {cell!r}"
    return [
        (path, word)
        for path, segment in zip(parts[1::2], parts[2::2])
        for word in re.findall(r'"([^"]+)"', segment)
    ]


def occurs(word: str, text: str) -> bool:
    """Say whether `word` occurs in `text` as a whole word or phrase, case-insensitively."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, flags=re.IGNORECASE) is not None


def test_the_parsers_read_a_row_as_the_glossary_writes_it() -> None:
    cell = '`seeds/a.txt` "odzywka", "Blef"; `seeds/b.txt` "sázka" (the noun)'
    assert cited_words(cell) == [
        ("seeds/a.txt", "odzywka"),
        ("seeds/a.txt", "Blef"),
        ("seeds/b.txt", "sázka"),
    ]
    assert english_names("die, dice (plural)") == {"die", "dice"}
    assert occurs("kolo", "Tím kolo končí") and not occurs("kolo", "koloru")
    assert not occurs("as", "wyrzuconych kości są maksymalnie")


@pytest.mark.parametrize("term", sorted(TERMS))
def test_every_term_the_course_defines_is_in_the_english_column(term: str) -> None:
    names = set().union(*(english_names(row[0]) for row in glossary_rows()))
    assert term.lower() in names, f"docs/glossary.md lacks {term!r} (lesson {TERMS[term]})"


def test_every_row_gives_a_polish_word_a_czech_word_and_a_source() -> None:
    for row in glossary_rows():
        assert len(row) == 4 and all(row), f"a glossary row lacks a cell: {row}"
    english = [row[0].lower() for row in glossary_rows()]
    assert len(english) == len(set(english)), "a term is listed twice"


def test_the_game_terms_cite_each_of_the_four_sources() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    cited = {path for row in glossary_rows() for path, _ in cited_words(row[3])}
    assert {Path(p).name[:3] for p in cited} == {"000", "001", "002", "003"}, cited
    assert set(SOURCE_PATH.findall(text)) >= cited


def _seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"the rules' sources are not beside the repository ({SEEDS} is absent)")
    return SEEDS


def test_every_source_file_the_glossary_cites_exists() -> None:
    seeds = _seeds()
    paths = set(SOURCE_PATH.findall(GLOSSARY.read_text(encoding="utf-8")))
    missing = sorted(p for p in paths if not (seeds.parent / p).is_file())
    assert paths and not missing, f"docs/glossary.md cites files absent from {seeds}: {missing}"


def test_every_word_the_glossary_quotes_occurs_in_its_source() -> None:
    seeds = _seeds()
    texts: dict[str, str] = {}
    wrong = []
    checked = 0
    for row in glossary_rows():
        for path, word in cited_words(row[3]):
            if path not in texts:
                file = seeds.parent / path
                texts[path] = file.read_text(encoding="utf-8") if file.is_file() else ""
            checked += 1
            if not occurs(word, texts[path]):
                wrong.append(f"{row[0]}: {word!r} is not in {path}")
    assert checked >= 80 and not wrong, "\n".join(wrong) or f"only {checked} words quoted"


# --- the translated guides -------------------------------------------------------------------


def guide(language: str) -> str:
    """Return a guide's text; for English, the span the translations hold."""
    text = GUIDES[language].read_text(encoding="utf-8")
    if language == "en":
        assert text.count(EN_START) == 1 and text.count(EN_END) == 1, "the guide's plan moved"
        text = text.split(EN_START, 1)[1].split(EN_END, 1)[0]
    return text


def plan(language: str) -> list[tuple[int, str | None, list[int], list[int]]]:
    """Return each plan row's day, notebook path, section minutes and homework set numbers."""
    rows = []
    for table in tables(guide(language), PLAN_HEADERS[language]):
        for row in table:
            day, label, sections, due = row
            notebook = re.fullmatch(r"`((?:core|advanced)/\d\d_[a-z0-9_]+\.ipynb)`", label)
            minutes = [int(m) for m in re.findall(r"\((\d+)\)(?:;|$)", sections)]
            assert len(minutes) == len([s for s in sections.split(";") if s.strip()]), row
            rows.append(
                (
                    int(day),
                    notebook and notebook.group(1),
                    minutes,
                    [int(n) for n in re.findall(r"\d+", due)],
                )
            )
    return rows


def rubric(language: str) -> tuple[list[tuple[int, list[str]]], list[str]]:
    """Return the rubric's rows (points, exercise ids) and every number of its section."""
    text = guide(language)
    heading = RUBRIC_HEADINGS[language]
    assert text.count(heading) == 1, f"{GUIDES[language].name} has no {heading!r}"
    section = re.split(r"^##+ ", text.split(heading, 1)[1], maxsplit=1, flags=re.MULTILINE)[0]
    (table,) = tables(section, RUBRIC_HEADERS[language])
    rows = [(int(points), EXERCISE_ID.findall(kind + how)) for kind, points, how in table]
    words = re.sub(r"\]\([^)]*\)", "]", EXERCISE_ID.sub("", section))  # links' targets left out
    return rows, re.findall(r"\d+", words)


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_a_translated_guide_holds_the_plan_day_by_day(language: str) -> None:
    english, translated = plan("en"), plan(language)
    assert len(english) == 15 and len(translated) == len(english)
    for en, tr in zip(english, translated):
        assert tr == en, f"{GUIDES[language].name}: day {tr[0]} {tr} differs from {en}"
    lessons = [int(Path(p).name[:2]) for _, p, _, _ in translated if p]
    assert lessons == list(range(1, 14))


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_a_translated_guide_holds_the_rubric_and_its_points(language: str) -> None:
    (english, en_numbers), (translated, numbers) = rubric("en"), rubric(language)
    assert len(english) == 4 and translated == english
    assert numbers == en_numbers, f"{GUIDES[language].name}: the rubric's numbers differ"


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_a_translated_guide_names_the_same_exercises_and_homework_sets(language: str) -> None:
    assert EXERCISE_ID.findall(guide(language)) == EXERCISE_ID.findall(guide("en"))
    sets = re.findall(r"^\*\*\D+ (\d+)\*\* \(\D+ (\d+)\)", guide(language), flags=re.MULTILINE)
    english = re.findall(
        r"^\*\*Homework set (\d+)\*\* \(due day (\d+)\)", guide("en"), flags=re.MULTILINE
    )
    assert len(english) == 4 and sets == english
