"""Each lesson as an nbgrader assignment: the teacher's source, the student's release, the key.

`python -m liarsdice assignments --out DIR` calls build(DIR), which writes an nbgrader course:

    DIR/nbgrader_config.py      the course's settings (the answer stub, the time limit)
    DIR/source/lessonNN/*.ipynb  the teacher's notebooks: each exercise's answer and its tests
    DIR/release/lessonNN/*.ipynb the student's notebooks, made by `nbgrader generate_assignment`
    DIR/gradebook.db            nbgrader's gradebook, with every assignment and its points
    DIR/solutions.md            the teacher's key: every answer, hint and worked solution
    DIR/README.md               how to hand out, collect and grade (docs/teaching.md says more)

- source_notebook(lesson, path) -> dict: the lesson's notebook with each exercise made an
  nbgrader question. Its answer cell becomes a solution cell whose answer nbgrader replaces with
  `answer = None  # your answer here`, so the release reads as the lesson does; a locked test
  cell follows, worth POINTS[kind]: it runs teach.check (the student sees the same checker and
  hints while working) and, hidden from the release, refuses a notebook that read the answer
  key (core.key_reads). Proofs and open questions, and the part of a code exercise a person
  reads, become answer cells a teacher grades by hand, worth BY_HAND[kind].
- build(out, lessons=None, notebooks=None) -> Path: the course folder above.
- POINTS, BY_HAND: the rubric's points per kind of exercise (docs/teaching.md, Rubric).
- nbgrader(root, *arguments): one of nbgrader's own commands, run in the course folder.
- tool_environment(): the environment nbgrader's commands need (this Python's scripts on PATH).
- NOTEBOOKS: where the lessons are found (the repository's notebooks/, beside the package).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from liarsdice.bids import Bid
from liarsdice.checks import quote
from liarsdice.teach import key
from liarsdice.teach.core import LESSONS, WRITTEN, Exercise, exercises

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
POINTS = {"fraction": 2, "decimal": 2, "integer": 2, "bid": 2, "choice": 2, "code": 3}
BY_HAND = {"code": 3, "proof": 8, "open": 6}  # the points a teacher gives by reading
STUB = "answer = None  # your answer here"
EXECUTE_SECONDS = 600  # nbgrader's limit on one cell when it runs a submission
_BEGIN, _END = "### BEGIN SOLUTION", "### END SOLUTION"
_HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
_BY_HAND_PROMPT = {
    "code": (
        "**{id}, read by your teacher ({points} points).** In one or two sentences: what does "
        "the checker's test of your code say, and what does it not? (Your teacher also reads "
        "your code: a seeded Generator where it draws, names and a comment that say what is "
        "counted.)"
    ),
    "proof": "**{id} ({points} points).** Write your argument here.",
    "open": "**{id} ({points} points).** Write your answer here, with the evidence for it.",
}
_CONFIG = f'''"""nbgrader's settings for the liarsdice course (written by `python -m liarsdice assignments`)."""

import os

c = get_config()  # noqa: F821 (nbgrader provides it)
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.course_id = "liarsdice"
c.ClearSolutions.code_stub = {{"python": {STUB!r}}}
c.ClearSolutions.text_stub = "Your answer here."
c.Execute.timeout = {EXECUTE_SECONDS}
'''


def _cell(kind: str, text: str, **nbgrader: object) -> dict[str, Any]:
    """Return a notebook cell of `kind` ("code" or "markdown") holding text, with nbgrader's
    metadata when any is given."""
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": text}
    if kind == "code":
        cell |= {"execution_count": None, "outputs": []}
    if nbgrader:
        nbgrader["grade_id"] = str(nbgrader["grade_id"]).replace(".", "-")  # nbgrader: no dots
        cell["metadata"]["nbgrader"] = {
            "schema_version": 3,
            "grade": False,
            "solution": False,
            "locked": False,
            "task": False,
            **nbgrader,
        }
    return cell


def _answer_source(exercise: Exercise) -> str:
    """Return the teacher's answer as the cell's code: a literal the checker reads, or for code
    the worked solution (which ends `answer = <name>`)."""
    answer = key.solution(exercise.id)
    if exercise.kind == "code":
        return key.format_solution(exercise.id)
    if isinstance(answer, Fraction):
        text = str(answer.numerator) if answer.denominator == 1 else str(answer)
        return f"answer = {text!r}"
    if isinstance(answer, Bid):
        return f"answer = {str(answer)!r}"
    return f"answer = {answer!r}"


def _question_cells(exercise: Exercise) -> list[dict[str, Any]]:
    """Return the cells that replace an exercise's answer cell: the answer to fill in, the
    locked test, and a cell graded by hand where the rubric gives points for reading."""
    check = f'teach.check("{exercise.id}", answer)'
    cells: list[dict[str, Any]] = []
    if exercise.kind in POINTS:
        solution = f"{_BEGIN}\n{_answer_source(exercise)}\n{_END}\n{check}"
        cells.append(_cell("code", solution, solution=True, grade_id=f"{exercise.id}-answer"))
        points = POINTS[exercise.kind]
        test = "\n".join(
            [
                f"# {points} points: the checker above must say Right!",
                f"feedback = {check}",
                "assert feedback.correct, feedback.message",
                _HIDDEN[0],
                "from liarsdice.teach.core import key_reads",
                'assert not key_reads(), f"this notebook read the answer key: {sorted(key_reads())}"',
                _HIDDEN[1],
            ]
        )
        cells.append(
            _cell("code", test, grade=True, locked=True, points=points, grade_id=exercise.id)
        )
    if exercise.kind in BY_HAND:
        points = BY_HAND[exercise.kind]
        prompt = _BY_HAND_PROMPT[exercise.kind].format(id=exercise.id, points=points)
        cells.append(_cell("markdown", prompt, locked=True, grade_id=f"{exercise.id}-prompt"))
        # the source holds the teacher's notes for a written answer; the release a stub
        notes = key.format_solution(exercise.id) if exercise.kind in WRITTEN else "(notes)"
        cells.append(
            _cell(
                "markdown",
                notes,
                solution=True,
                grade=True,
                points=points,
                grade_id=f"{exercise.id}-by_hand",
            )
        )
    return cells


def _header(lesson: int, chosen: list[Exercise]) -> dict[str, Any]:
    """Return the locked first cell: what to do and the points of each exercise."""
    lines = [
        f"**Assignment lesson{lesson:02d}: {LESSONS[lesson]}.** Replace each `None` in the "
        "exercises' answer cells, run every cell from the top (Kernel, Restart and Run All), "
        "save, and hand in this notebook under its own name. The checker gives the same "
        "feedback now as when your teacher grades it; reading the answer key costs the points.",
        "",
        "| exercise | checked | read by your teacher |",
        "|---|---|---|",
    ]
    for exercise in chosen:
        checked, by_hand = POINTS.get(exercise.kind, 0), BY_HAND.get(exercise.kind, 0)
        lines.append(f"| `{exercise.id}` | {checked} | {by_hand} |")
    return _cell("markdown", "\n".join(lines), locked=True, grade_id=f"lesson{lesson:02d}-header")


def _text(cell: dict[str, Any]) -> str:
    """Return a cell's source as one string (nbformat stores a list of lines or a string)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def source_notebook(lesson: int, path: Path) -> dict[str, Any]:
    """Return the lesson's notebook (read from path) with each exercise made an nbgrader
    question; raise ValueError if an exercise's answer cell is missing."""
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    chosen = exercises(lesson)
    by_cell = {f'{STUB}\nteach.check("{e.id}", answer)': e for e in chosen}
    cells: list[dict[str, Any]] = [_header(lesson, chosen)]
    found: set[str] = set()
    for cell in notebook["cells"]:
        exercise = by_cell.get(_text(cell).strip()) if cell["cell_type"] == "code" else None
        if exercise is None:
            cells.append(copy.deepcopy(cell))
        else:
            if exercise.kind in WRITTEN and _is_placeholder(cells[-1]):
                cells.pop()  # the lesson's "Your proof here" cell: the graded cell replaces it
            cells += _question_cells(exercise)
            found.add(exercise.id)
    if missing := [e.id for e in chosen if e.id not in found]:
        raise ValueError(f"{path.name}: no answer cell for {', '.join(missing)}")
    return notebook | {"cells": cells}


def _is_placeholder(cell: dict[str, Any]) -> bool:
    """Return whether a cell is the lesson's markdown placeholder for a written answer."""
    text = _text(cell).strip()
    return cell["cell_type"] == "markdown" and text.startswith(("*Your", "**Your"))


def _lesson_paths(notebooks: Path) -> dict[int, Path]:
    """Return each lesson's notebook under notebooks/ (core/ and advanced/), by its number."""
    paths: dict[int, Path] = {}
    for path in sorted(notebooks.glob("*/[0-9][0-9]_*.ipynb")):
        paths.setdefault(int(path.name[:2]), path)
    return paths


def build(
    out: str | Path, lessons: list[int] | None = None, notebooks: str | Path | None = None
) -> Path:
    """Return the course folder `out` after writing, for each lesson (all by default), the
    teacher's source and, with nbgrader's own command, the student's release.

    out: a folder (made if missing; a lesson already built there is rebuilt); lessons: lesson
    numbers with exercises; notebooks: the folder holding core/ and advanced/ (default
    NOTEBOOKS). Needs nbgrader (the grade extra: pip install 'liarsdice[grade]').
    """
    if importlib.util.find_spec("nbgrader") is None:
        raise ValueError(
            "the assignments need nbgrader: pip install 'liarsdice[grade]' (or nbgrader)"
        )
    folder = Path(notebooks) if notebooks is not None else NOTEBOOKS
    paths = _lesson_paths(folder)
    with_exercises = sorted({e.lesson for e in exercises()})
    chosen = with_exercises if lessons is None else list(lessons)
    if unknown := [n for n in chosen if n not in with_exercises or n not in paths]:
        raise ValueError(
            f"lessons={quote(lessons)}: no notebook with exercises for {unknown} under "
            f"{folder} (the lessons are {', '.join(f'{n:02d}' for n in with_exercises)})"
        )
    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    (root / "nbgrader_config.py").write_text(_CONFIG, encoding="utf-8")
    for number in chosen:
        assignment = f"lesson{number:02d}"
        target = root / "source" / assignment / paths[number].name
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = source_notebook(number, paths[number])
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8")
        nbgrader(root, "generate_assignment", assignment, "--force")
    (root / "solutions.md").write_text(_solutions(chosen), encoding="utf-8")
    (root / "README.md").write_text(_readme(chosen), encoding="utf-8")
    return root


def nbgrader(root: Path, *arguments: str) -> str:
    """Return the output of one of nbgrader's commands run in the course folder (as a teacher
    types it there); raise ValueError with its log if it fails."""
    run = subprocess.run(
        [sys.executable, "-m", "nbgrader", *arguments],
        cwd=root,
        env=tool_environment(),
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise ValueError(f"nbgrader {' '.join(arguments)} failed:\n{run.stderr[-2000:]}")
    return run.stdout + run.stderr


def tool_environment() -> dict[str, str]:
    """Return this process's environment with its Python's scripts first on PATH (nbgrader
    runs `alembic` by name, which a virtual environment not activated leaves off PATH)."""
    scripts = str(Path(sys.executable).parent)
    return os.environ | {"PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}


def _solutions(lessons: list[int]) -> str:
    """Return solutions.md: the teacher's key for the lessons built."""
    parts = ["# The teacher's key (do not hand out)", ""]
    parts += [f"```\n{key.sheet(n)}\n```\n" for n in lessons]
    return "\n".join(parts)


def _readme(lessons: list[int]) -> str:
    """Return the course folder's README: the three commands of a graded lesson."""
    first = f"lesson{lessons[0]:02d}"
    return f"""# The liarsdice course, as nbgrader assignments

Hand out `release/{first}/` (one folder per lesson). Collect each student's notebook, unrenamed,
into `submitted/<student id>/{first}/`. Then, in this folder:

    nbgrader autograde {first}     # runs each submission; the checker's points
    nbgrader export                # grades.csv: one row per student and assignment

Proofs, open questions and the read part of code are graded by hand (nbgrader formgrader, or
by reading `autograded/`). `source/` and `solutions.md` hold the answers: keep them.
See docs/teaching.md, "Handing out, collecting and grading".
"""
