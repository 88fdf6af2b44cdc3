"""The core track's exercise texts for the catalogs: a Babel extraction method (issue 25).

The lessons build their questions and hints with f-strings and shared constants, which Babel's
python extractor cannot read, so this method reads them from the registry instead. babel.cfg
names it in its [extractors] section and maps the lesson modules to it before the python
extractor's section (Babel uses the first pattern that matches a file):

    [extractors]
    teach_lessons = liarsdice.teach.catalog_texts:extract
    [teach_lessons: liarsdice/teach/lesson*.py]
    [python: liarsdice/**.py]

- extract(fileobj, keywords, comment_tags, options): what the python extractor finds in the
  file (its _() and n_() calls), then, for a core lesson (lessons 01-08), core_texts(lesson); an
  advanced lesson's exercise texts are not extracted (they stay English).
- core_texts(lesson) -> [(exercise id or "", text)]: the lesson's title, and each exercise's
  question, hint, usual mistakes' hints, choices that are words (not letters) and its grader's
  texts (graders_calls.grader_texts); [] for an advanced lesson.

The texts are the registry's English, the msgids that core.py, answers.py and the graders look
up when they show them. Each comes with the line of its exercise's id in the lesson file and an
extracted comment naming the exercise, for translators.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, cast

_LESSON_FILE = re.compile(r"^lesson(\d+)$")

Extracted = tuple[int, str | None, str | tuple[str, ...], list[str]]


def core_texts(lesson: int) -> list[tuple[str, str]]:
    """Return (exercise id, text) for every text of a core lesson's exercises (the lesson's
    title with the id ""), in registry order; [] for an advanced lesson."""
    from liarsdice import teach
    from liarsdice.teach.graders_calls import grader_texts

    if teach.track(lesson) != "core":
        return []
    found = [("", teach.LESSONS[lesson])]
    for exercise in teach.exercises(lesson):
        words = [c for c in exercise.choices if len(c) > 1 and c.isalpha()]
        grader = grader_texts(exercise.grade) if exercise.grade is not None else ()
        texts = (
            exercise.question,
            exercise.hint,
            *(mistake.hint for mistake in exercise.mistakes),
            *words,
            *grader,
        )
        found += [(exercise.id, text) for text in texts]
    return found


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Yield Babel's (line, function, message, comments) for a lesson module: the python
    extractor's messages, then the lesson's core_texts (none for an advanced lesson)."""
    from babel.messages.extract import extract_python

    # Babel's own annotation of extract_python's results differs from what it yields (these
    # 4-tuples, as every extraction method does), hence the cast
    python = cast(Callable[..., Iterator[Extracted]], extract_python)
    source = fileobj.read()
    yield from python(io.BytesIO(source), keywords, comment_tags, options)
    match = _LESSON_FILE.match(Path(str(getattr(fileobj, "name", ""))).stem)
    if match is None:
        return
    lines = source.decode("utf-8").splitlines()
    for exercise_id, text in core_texts(int(match.group(1))):
        quoted = f'"{exercise_id}"'
        line = next((n for n, t in enumerate(lines, 1) if exercise_id and quoted in t), 1)
        where = f"exercise {exercise_id}" if exercise_id else "the lesson's title"
        yield line, None, text, [where]
