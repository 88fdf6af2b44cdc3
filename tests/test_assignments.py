"""The assignments for nbgrader: every lesson's release holds no answer, reads as the lesson,
and a class graded with nbgrader's own commands gets the scores the rubric gives."""

from __future__ import annotations

import copy
import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

from liarsdice import teach
from liarsdice.cli import main
from liarsdice.teach import key
from liarsdice.teach.assignments import BY_HAND, POINTS, STUB, build, nbgrader
from tests.course import cells, lesson_paths, source

pytest.importorskip("nbgrader")

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted({e.lesson for e in teach.exercises()})
GRADED = 4  # the lesson graded end to end: an answer and a code exercise
# words that belong to the teacher's build only
TEACHERS = (
    "BEGIN SOLUTION",
    "END SOLUTION",
    "HIDDEN TESTS",
    "key_reads",
    "teach.key",
    "import key",
    "solution(",
    "format_solution",
)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a course folder built for every lesson."""
    return build(tmp_path_factory.mktemp("course"))


def notebook(course: Path, folder: str, lesson: int) -> dict[str, Any]:
    """Return the lesson's notebook in the course's source/ or release/."""
    (path,) = (course / folder / f"lesson{lesson:02d}").glob("*.ipynb")
    return json.loads(path.read_text(encoding="utf-8"))


def grading(cell: dict[str, Any]) -> dict[str, Any]:
    """Return a cell's nbgrader metadata ({} for a cell of the lesson's own)."""
    return dict(cell["metadata"].get("nbgrader", {}))


def lesson_text(lesson: int) -> str:
    """Return the lesson notebook's sources, as one text."""
    (path,) = [p for p in lesson_paths() if int(p.name[:2]) == lesson]
    return "\n".join(source(c) for c in cells(path))


def solution_strings(exercise: teach.Exercise) -> list[str]:
    """Return texts of the teacher's answer that no release may hold: the answer as the
    source writes it, each line of a worked solution (code, proof, notes) that the lesson's
    own cells (a code stub's docstring) do not hold."""
    written = key.format_solution(exercise.id)
    if exercise.kind in ("code", *teach.WRITTEN):
        lines = [line.strip() for line in written.splitlines()]
        own = lesson_text(exercise.lesson)
        return [line for line in lines if len(line) > 25 and line not in own]
    answer = key.solution(exercise.id)
    forms = [f"answer = {str(answer)!r}", f"answer = {answer!r}"]
    if exercise.kind in ("fraction", "decimal"):
        forms.append(f"{float(answer):.5f}"[:7])  # type: ignore[arg-type]
        if "/" in str(answer) and len(str(answer)) > 4:
            forms.append(str(answer))
    return forms


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_release_holds_no_answer_and_its_source_holds_them(course: Path, lesson: int) -> None:
    release = json.dumps(notebook(course, "release", lesson), ensure_ascii=False)
    teacher = json.dumps(notebook(course, "source", lesson), ensure_ascii=False)
    for word in TEACHERS[:4]:
        assert word not in release, word
    assert not [w for w in TEACHERS if w in release]
    for exercise in teach.exercises(lesson):
        for text in solution_strings(exercise):
            assert json.dumps(text)[1:-1] not in release, (exercise.id, text)
    assert "BEGIN SOLUTION" in teacher and "key_reads" in teacher


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_release_reads_as_its_lesson_with_a_graded_cell_after_each_answer(
    course: Path, lesson: int
) -> None:
    """The student's cells are the lesson's (the same checker and hints while working); each
    answer cell is followed by a locked test cell worth its rubric points."""
    release = notebook(course, "release", lesson)["cells"]
    (path,) = [p for p in lesson_paths() if int(p.name[:2]) == lesson]
    lesson_code = [source(c) for c in cells(path) if c["cell_type"] == "code"]
    tests = [c for c in release if grading(c).get("grade") and c["cell_type"] == "code"]
    student = [
        source(c) for c in release if c["cell_type"] == "code" and not grading(c).get("grade")
    ]
    written = [e for e in teach.exercises(lesson) if e.kind in teach.WRITTEN]
    assert student == [c for c in lesson_code if not any(e.id in c and STUB in c for e in written)]
    order = {cell: n for n, cell in enumerate(lesson_code)}  # the notebook's order of asking
    checked = sorted(
        (e for e in teach.exercises(lesson) if e.kind in POINTS),
        key=lambda e: order[f'{STUB}\nteach.check("{e.id}", answer)'],
    )
    assert [grading(c)["grade_id"] for c in tests] == [e.id.replace(".", "-") for e in checked]
    for cell, exercise in zip(tests, checked):
        assert grading(cell)["locked"] and grading(cell)["points"] == POINTS[exercise.kind]
        assert f'teach.check("{exercise.id}", answer)' in source(cell)
    by_hand = [c for c in release if c["cell_type"] == "markdown" and grading(c).get("grade")]
    assert sorted(grading(c)["points"] for c in by_hand) == sorted(
        BY_HAND[e.kind] for e in teach.exercises(lesson) if e.kind in BY_HAND
    )


def test_the_points_are_the_rubrics() -> None:
    """docs/teaching.md's rubric: 2 an answer, 6 code (3 the checker's), 8 a proof, 6 an open
    question; the assignments give the same."""
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    rubric = dict(
        re.findall(r"^\| (an answer|code|proof|open question)\b.*?\| (\d+) \|", guide, re.M)
    )
    assert {k: int(v) for k, v in rubric.items()} == {
        "an answer": POINTS["fraction"],
        "code": POINTS["code"] + BY_HAND["code"],
        "proof": BY_HAND["proof"],
        "open question": BY_HAND["open"],
    }
    assert len({POINTS[k] for k in ("fraction", "decimal", "integer", "bid", "choice")}) == 1
    assert "3 the checker passes" in guide


def filled(course: Path, answers: dict[str, str]) -> dict[str, Any]:
    """Return the lesson's release with each answer cell's stub replaced by answers[id] (the
    code that sets `answer`); cells not named stay blank."""
    copy_ = copy.deepcopy(notebook(course, "release", GRADED))
    for cell in copy_["cells"]:
        grade_id = grading(cell).get("grade_id", "")
        exercise_id = grade_id.removesuffix("-answer").replace("-", ".", 1)
        if grading(cell).get("solution") and cell["cell_type"] == "code" and exercise_id in answers:
            cell["source"] = source(cell).replace(STUB, answers[exercise_id])
    return copy_


def right_answer(exercise: teach.Exercise) -> str:
    """Return the code a student who got the exercise right writes in its answer cell."""
    if exercise.kind == "code":
        return key.format_solution(exercise.id)
    return f"answer = {str(key.solution(exercise.id))!r}"


def test_nbgrader_grades_a_class_as_the_rubric_says(course: Path) -> None:
    exercises = teach.exercises(GRADED)
    assert {e.kind for e in exercises} >= {"code"} and len(exercises) >= 2
    right = {e.id: right_answer(e) for e in exercises}
    wrong = {
        e.id: ("answer = lambda *args, **kwargs: 0.5" if e.kind == "code" else 'answer = "1/1000"')
        for e in exercises
    }
    first = exercises[0]
    cheat = right | {
        first.id: f"from liarsdice.teach import key\nanswer = key.solution({first.id!r})"
    }
    submissions = {"ann": right, "bob": wrong, "cy": {}, "eve": cheat}
    (release,) = (course / "release" / f"lesson{GRADED:02d}").glob("*.ipynb")
    for student, answers in submissions.items():
        folder = course / "submitted" / student / f"lesson{GRADED:02d}"
        folder.mkdir(parents=True)
        text = json.dumps(filled(course, answers), indent=1, ensure_ascii=False)
        (folder / release.name).write_text(text, encoding="utf-8")
    nbgrader(course, "autograde", f"lesson{GRADED:02d}")
    nbgrader(course, "export")
    assignment = f"lesson{GRADED:02d}"
    with open(course / "grades.csv", encoding="utf-8") as file:
        every = list(csv.DictReader(file))  # a row per student and assignment built
    rows = {r["student_id"]: r for r in every if r["assignment"] == assignment}
    assert {float(r["score"]) for r in every if r["assignment"] != assignment} == {0}
    checked = sum(POINTS[e.kind] for e in exercises if e.kind in POINTS)
    most = checked + sum(BY_HAND[e.kind] for e in exercises if e.kind in BY_HAND)
    scores = {s: float(rows[s]["score"]) for s in submissions}
    assert scores == {"ann": checked, "bob": 0, "cy": 0, "eve": 0}
    assert {float(r["max_score"]) for r in rows.values()} == {most}
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert f"({checked}, 0, 0 and 0 of {most} for lesson {GRADED:02d})" in guide
    # the wrong submission's graded notebook shows the checker's hint, never the answer
    (graded,) = (course / "autograded" / "bob" / f"lesson{GRADED:02d}").glob("*.ipynb")
    text = graded.read_text(encoding="utf-8")
    assert "Not yet" in text
    assert all(s not in text for e in exercises for s in solution_strings(e))
    (graded,) = (course / "autograded" / "eve" / f"lesson{GRADED:02d}").glob("*.ipynb")
    assert "this notebook read the answer key" in graded.read_text(encoding="utf-8")


def test_the_cli_builds_one_lesson_and_refuses_an_unknown_one(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    assert main(["assignments", "--out", str(tmp_path), "--lesson", "4"]) == 0
    assert [p.name for p in (tmp_path / "release").iterdir()] == ["lesson04"]
    assert (tmp_path / "solutions.md").exists() and (tmp_path / "gradebook.db").exists()
    unknown = max(teach.LESSONS) + 1  # a number no registered lesson has
    assert main(["assignments", "--out", str(tmp_path / "x"), "--lesson", str(unknown)]) == 2
    assert f"lessons=[{unknown}]" in capsys.readouterr().err
    assert not (tmp_path / "x" / "source").exists()


def test_a_notebook_without_an_exercises_answer_cell_is_refused(tmp_path: Path) -> None:
    (path,) = [p for p in lesson_paths() if int(p.name[:2]) == GRADED]
    notebook_ = json.loads(path.read_text(encoding="utf-8"))
    notebook_["cells"] = [c for c in notebook_["cells"] if STUB not in source(c)]
    copy_ = tmp_path / "core" / path.name
    copy_.parent.mkdir()
    copy_.write_text(json.dumps(notebook_), encoding="utf-8")
    with pytest.raises(ValueError, match="no answer cell for 04"):
        build(tmp_path / "course", [GRADED], tmp_path)
