"""The course read as data, for the tests of its shape and of the teacher's guide.

- NOTEBOOKS, TRACKS: the notebooks folder and its track folders (core, advanced), in order.
- lesson_paths(track=None): the lesson notebooks in lesson order; lesson_of, track_of.
- cells, source, tags, is_aside: a notebook's cells and what they are.
- prose(path), prose_words(path), aside_words(path): the lesson's prose, asides left out.
- headings(path): its "## " section titles.
- reading_minutes(words): the reading time a lesson states for its prose.
- Day, plan_days(text), homework_sets(text): the guide's plan tables and homework sets.
- APP, executed(path), executed_notebooks(): the lessons and the app executed in fresh kernels,
  their widget state stored as JupyterLab's "save widget state" does; executed_notebooks runs
  them two at a time, once per test session (tests/test_notebooks.py and
  tests/test_notebook_size.py share the run).
"""

from __future__ import annotations

import functools
import json
import math
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TRACKS = ("core", "advanced")
APP = NOTEBOOKS / "app.ipynb"
WORDS_PER_MINUTE = 200  # a student's reading speed for the stated reading time
PLAN_HEADER = "| Day | Class | Sections (minutes) | Homework due |"


def lesson_of(path: Path) -> int:
    """Return the lesson number of a notebook, from its file name."""
    return int(path.name[:2])


def track_of(path: Path) -> str:
    """Return the track of a lesson notebook: the name of its folder."""
    return path.parent.name


def lesson_paths(track: str | None = None) -> list[Path]:
    """Return the lesson notebooks of a track (or of both), in lesson order."""
    folders = TRACKS if track is None else (track,)
    paths = [p for folder in folders for p in (NOTEBOOKS / folder).glob("[0-9][0-9]_*.ipynb")]
    return sorted(paths, key=lesson_of)


def notebook(path: Path) -> dict:
    """Return the notebook as JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def cells(path: Path) -> list[dict]:
    """Return the notebook's cells."""
    return notebook(path)["cells"]


def source(cell: dict) -> str:
    """Return a cell's source as one string."""
    return "".join(cell["source"])


def tags(cell: dict) -> list[str]:
    """Return a cell's tags."""
    return cell["metadata"].get("tags", [])


def is_aside(cell: dict) -> bool:
    """Return whether a cell belongs to a collapsed "Going further" aside."""
    return "aside" in tags(cell)


def prose(path: Path) -> list[str]:
    """Return the lesson's markdown cells that are not asides: what every student reads."""
    return [source(c) for c in cells(path) if c["cell_type"] == "markdown" and not is_aside(c)]


def prose_words(path: Path) -> int:
    """Return the words of the lesson's prose, asides left out."""
    return sum(len(text.split()) for text in prose(path))


def aside_words(path: Path) -> int:
    """Return the words of the lesson's collapsed asides."""
    return sum(
        len(source(c).split()) for c in cells(path) if c["cell_type"] == "markdown" and is_aside(c)
    )


def reading_minutes(words: int) -> int:
    """Return the reading time a lesson states for `words` words of prose."""
    return math.ceil(words / WORDS_PER_MINUTE)


def headings(path: Path) -> list[str]:
    """Return the lesson's "## " section titles, in order."""
    return [
        line[3:].strip()
        for text in prose(path)
        for line in text.splitlines()
        if line.startswith("## ")
    ]


@dataclass(frozen=True)
class Day:
    """One day of the guide's plan: its class (a notebook or a label) and timed sections."""

    number: int
    notebook: Path | None
    label: str
    sections: tuple[tuple[str, int], ...]
    due: str

    @property
    def minutes(self) -> int:
        """Return the minutes the day's sections take."""
        return sum(minutes for _, minutes in self.sections)


def plan_days(text: str) -> list[Day]:
    """Return every row of the guide's plan tables, in the order they appear."""
    days = []
    for table in text.split(PLAN_HEADER)[1:]:
        for line in table.strip().splitlines()[1:]:
            if not line.startswith("|"):
                break
            row = re.split(r"(?<!\\)\|", line.strip().strip("|"))  # "\|" is a pipe in a cell
            number, label, sections, due = (cell.replace("\\|", "|").strip() for cell in row)
            path = re.fullmatch(r"`([a-z]+/\d\d_[a-z0-9_]+\.ipynb)`", label)
            timed = []
            for item in filter(None, (s.strip() for s in sections.split(";"))):
                found = re.fullmatch(r"(.+) \((\d+)\)", item)
                assert found, f"day {number}: {item!r} is not 'Section (minutes)'"
                timed.append((found.group(1), int(found.group(2))))
            days.append(
                Day(
                    int(number),
                    NOTEBOOKS / path.group(1) if path else None,
                    label,
                    tuple(timed),
                    due,
                )
            )
    return days


def homework_sets(text: str) -> dict[int, tuple[int, list[str]]]:
    """Return each homework set's number -> (due day, exercise ids), from the guide."""
    sets = {}
    pattern = r"^\*\*Homework set (\d+)\*\* \(due day (\d+)\):(.*(?:\n(?!\n).*)*)"
    for found in re.finditer(pattern, text, flags=re.MULTILINE):
        ids = re.findall(r"`(\d\d\.[a-z_0-9]+)`", found.group(3))
        sets[int(found.group(1))] = (int(found.group(2)), ids)
    return sets


def executed(path: Path) -> Any:
    """Return the notebook (an nbformat NotebookNode) executed in a fresh kernel, with its
    widget state stored in its metadata as a saved notebook holds it."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=600,
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    return notebook


@functools.cache
def executed_notebooks() -> dict[Path, Any]:
    """Return every lesson and the app, executed two at a time (once per test session)."""
    paths = [*lesson_paths(), APP]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(paths, pool.map(executed, paths)))
