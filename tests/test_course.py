"""The course's shape: two tracks of lessons, each opening with its prerequisites and reading
time and closing with its summary and the next lesson of its track; core lessons within their
prose budget; the standard ideas defined where they are taught; p-values before chi-square;
asides collapsed; numbers in the prose next to the code that computes them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from liarsdice import teach
from tests.course import (
    NOTEBOOKS,
    TRACKS,
    aside_words,
    cells,
    is_aside,
    lesson_of,
    lesson_paths,
    notebook,
    prose,
    prose_words,
    reading_minutes,
    source,
    track_of,
)

CORE_PROSE_BUDGET = 1_800  # words a student reads in a 50-minute class, asides left out
ASIDE_BUDGET = 500  # words of collapsed "Going further" asides in a core lesson
CORE_CLASSES = 10  # the two-week plan: a class per core lesson, then review and assessment

# Each standard idea, the lesson that teaches it, and so defines it (its name in bold).
TERMS = {
    "sample space": 1,
    "outcome": 1,
    "binomial distribution": 2,
    "expectation": 3,
    "variance": 3,
    "conditional probability": 4,
    "independent": 4,
    "Bayes' rule": 5,
    "conditional independence": 5,
    "law of large numbers": 6,
    "central limit theorem": 6,
    "confidence interval": 7,
    "coverage": 7,
    "credible interval": 7,
    "p-value": 8,
    "chi-square test": 8,
    "multiple comparisons": 8,
    "expected loss": 9,
    "power": 10,
    "Nash equilibrium": 11,
    "degrees of freedom": 12,
    "likelihood": 13,
    "maximum likelihood estimate": 13,
    "model comparison": 13,
    "Bayes factor": 13,
}
DEFINING = re.compile(r"\b(is|are|means|says|states|measures|gives)\b|:")
LESSONS = lesson_paths()
CORE = lesson_paths("core")


def path_of(lesson: int) -> Path:
    """Return the notebook of a lesson."""
    (path,) = [p for p in LESSONS if lesson_of(p) == lesson]
    return path


def test_the_tracks_hold_every_registered_lesson_once() -> None:
    numbers = [lesson_of(p) for p in LESSONS]
    assert numbers == sorted(set(numbers)) == sorted(teach.LESSONS)
    assert [lesson_of(p) for p in CORE] == list(range(1, len(CORE) + 1))
    assert len(CORE) <= CORE_CLASSES - 2  # room for a review and an assessment
    assert {track_of(p) for p in LESSONS} == set(TRACKS)
    assert not list(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), "lessons live in a track's folder"
    for path in LESSONS:
        assert teach.track(lesson_of(path)) == track_of(path), path.name


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_opens_with_its_track_reading_time_and_prerequisites(path: Path) -> None:
    meta = notebook(path)["metadata"]["liarsdice"]
    assert meta["track"] == track_of(path) and meta["lesson"] == lesson_of(path)
    first = source(cells(path)[0])
    title = teach.LESSONS[lesson_of(path)]
    assert first.startswith(f"# Lesson {lesson_of(path)}: "), first[:60]
    assert title.split(":")[0].lower() in first.lower(), (title, first.splitlines()[0])
    stated = re.search(r"about (\d+) minutes of reading", first)
    assert stated and int(stated.group(1)) == meta["reading_minutes"], first[:200]
    assert abs(meta["reading_minutes"] - reading_minutes(prose_words(path))) <= 1, (
        f"{path.name}: {prose_words(path)} words of prose take about "
        f"{reading_minutes(prose_words(path))} minutes, not {meta['reading_minutes']}"
    )
    assert "**Prerequisites:**" in first and "**Goals.**" in first
    if track_of(path) == "core":
        assert f"class {lesson_of(path)} of {CORE_CLASSES}" in first and "50 minutes" in first


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_a_core_lesson_keeps_to_its_prose_budget(path: Path) -> None:
    assert prose_words(path) <= CORE_PROSE_BUDGET, f"{path.name}: {prose_words(path)} words"
    assert aside_words(path) <= ASIDE_BUDGET, f"{path.name}: {aside_words(path)} aside words"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_closes_with_its_summary_and_the_next_lesson_of_its_track(path: Path) -> None:
    last = prose(path)[-1]
    assert last.startswith("## Summary"), last[:60]
    found = re.search(r"\*\*Next:\*\* .*\]\(([^)]+\.ipynb)\)", last)
    assert found, f"{path.name}: the summary names no next lesson"
    following = (path.parent / found.group(1)).resolve()
    track = [p for p in LESSONS if track_of(p) == track_of(path)]
    at = track.index(path)
    if at + 1 < len(track):
        assert following == track[at + 1].resolve(), found.group(1)
    elif track_of(path) == "core":
        assert following == lesson_paths("advanced")[0].resolve(), found.group(1)
    else:
        assert following == CORE[0].resolve(), found.group(1)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_asides_are_collapsed_under_a_going_further_heading(path: Path) -> None:
    inside = 0  # the level of the open aside's heading, 0 outside one
    for cell in cells(path):
        text = source(cell)
        level = len(re.match(r"#*", text).group()) if cell["cell_type"] == "markdown" else 0
        if level and (inside == 0 or level <= inside):
            inside = 0
            if "Going further" in text.splitlines()[0]:
                assert is_aside(cell), text[:60]
                assert cell["metadata"].get("jp-MarkdownHeadingCollapsed") is True, text[:60]
                inside = level
        assert is_aside(cell) == bool(inside), f"{path.name}: {text[:60]!r}"


@pytest.mark.parametrize("term", TERMS)
def test_each_standard_idea_is_defined_in_the_lesson_that_teaches_it(term: str) -> None:
    path = path_of(TERMS[term])
    bold = re.compile(rf"\*\*{re.escape(term)}\*\*", flags=re.IGNORECASE)
    sentences = [
        sentence
        for text in prose(path)
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z*])", text)
        if bold.search(sentence)
    ]
    assert any(DEFINING.search(bold.sub("", s)) for s in sentences), (
        f"{path.name} never defines **{term}**"
    )


def test_p_values_are_taught_before_the_first_chi_square_test() -> None:
    text = "\n".join(source(c) for path in CORE for c in cells(path))
    chi = re.search(r"chi[-_ ]?squar|χ²|chi2", text, flags=re.IGNORECASE)
    defined = re.search(r"\*\*p-value\*\*", text, flags=re.IGNORECASE)
    assert defined and chi and defined.start() < chi.start()
    lesson = next(p for p in CORE if re.search(r"chi[-_ ]?squar", "\n".join(map(source, cells(p)))))
    assert lesson_of(lesson) == TERMS["p-value"]


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_numbers_in_the_prose_sit_beside_the_code_that_computes_them(path: Path) -> None:
    """A decimal or a percentage stated in a core lesson's body is computed (and asserted) by
    a code cell just before or just after it; the opening and the summary restate them."""
    every = cells(path)
    for at, cell in enumerate(every[1:], start=1):
        text = source(cell)
        if cell["cell_type"] != "markdown" or text.startswith("## Summary"):
            continue
        if not re.search(r"(?<![\w.])\d*\.\d+(?![\w.])|\d%", re.sub(r"`[^`]*`", "", text)):
            continue
        near = [every[i] for i in (at - 1, at + 1) if 0 <= i < len(every)]
        assert any(c["cell_type"] == "code" for c in near), f"{path.name}: {text[:80]!r}"
