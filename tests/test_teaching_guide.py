"""Keep docs/teaching.md true: its exercises section is the one liarsdice.teach.guide writes.

The section between the guide's markers is exactly `exercises_markdown()`; when an exercise
changes, `python -m liarsdice guide` rewrites it (the package writes it, this file only checks).
The guide's `>>>` examples run as a doctest.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from liarsdice import teach
from liarsdice.cli import main
from liarsdice.teach import key
from liarsdice.teach.guide import END, START, exercises_markdown, guide_text, write_guide
from tests.course import (
    Day,
    cells,
    headings,
    homework_sets,
    lesson_of,
    lesson_paths,
    plan_days,
    source,
    track_of,
)

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "teaching.md"
# The rules' sources, as the project's shared folder names them (shared/seeds/).
SOURCE_FILES = (
    "000_5f880248f20fc783.txt",
    "001_ff0c4de2ca48fee5.txt",
    "002_573999d545153587.txt",
    "003_0e795eec9326e717.txt",
)


def _generated_section(text: str) -> str:
    """Return the text between the markers of the guide (without the marker lines)."""
    assert text.count(START) == 1 and text.count(END) == 1, "the guide lost its markers"
    return text.split(START, 1)[1].split(END, 1)[0].strip("\n")


def test_guide_lists_every_exercise_with_its_current_solution() -> None:
    section = _generated_section(GUIDE.read_text(encoding="utf-8"))
    for exercise in teach.exercises():
        if exercise.kind in ("code", *teach.WRITTEN):  # a block follows, not one line
            assert f"- **`{exercise.id}`**" in section
            first = key.format_solution(exercise.id).splitlines()[0]
            assert first in section, exercise.id
            continue
        entry = re.search(
            rf"^- \*\*`{re.escape(exercise.id)}`\*\*.*\n  - \*\*Answer:\*\* (.*)$",
            section,
            flags=re.MULTILINE,
        )
        assert entry, f"docs/teaching.md does not list {exercise.id}"
        assert entry.group(1) == key.format_solution(exercise.id), exercise.id


def test_guide_section_is_the_generated_one() -> None:
    section = _generated_section(GUIDE.read_text(encoding="utf-8"))
    assert section == exercises_markdown().strip("\n"), (
        "docs/teaching.md's exercises are out of date: run `python -m liarsdice guide`"
    )
    assert write_guide(GUIDE, check=True)


def test_the_guide_command_rewrites_a_stale_guide_and_checks_a_current_one(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    stale = tmp_path / "teaching.md"
    stale.write_text(f"intro\n{START}\nold text\n{END}\noutro\n", encoding="utf-8")
    assert main(["guide", "--path", str(stale), "--check"]) == 2
    assert "out of date" in capsys.readouterr().err
    assert main(["guide", "--path", str(stale)]) == 0
    text = stale.read_text(encoding="utf-8")
    assert "old text" not in text and text.startswith("intro\n") and text.endswith("outro\n")
    assert text == guide_text(text)  # rewriting again changes nothing
    assert main(["guide", "--path", str(stale), "--check"]) == 0
    assert main(["guide", "--path", str(tmp_path / "missing.md")]) == 2
    with pytest.raises(ValueError, match=r"needs one line"):
        guide_text("no markers")


def test_guide_examples_run() -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0


@pytest.mark.parametrize("lesson", sorted(teach.LESSONS))
def test_every_lesson_notebook_has_its_exercises(lesson: int) -> None:
    (path,) = [p for p in lesson_paths() if lesson_of(p) == lesson]
    code = [source(c) for c in cells(path) if c["cell_type"] == "code"]
    for exercise in teach.exercises(lesson):
        assert f'print(teach.prompt("{exercise.id}"))' in code, (path.name, exercise.id)
        student_cell = f'answer = None  # your answer here\nteach.check("{exercise.id}", answer)'
        assert student_cell in code, (path.name, exercise.id)  # never the answer itself


PLAN = GUIDE.read_text(encoding="utf-8").split(START, 1)[0]  # the hand-written part
DAYS = plan_days(PLAN)
OTHER_PARTS = {"Opening", "Exercises", "Summary", "Discussion", "Review", "Lab", "Assessment"}
MAX_MINUTES = 50  # a class


def day_of(lesson: int) -> int:
    """Return the day of the plan that teaches a lesson."""
    (day,) = [d.number for d in DAYS if d.notebook and lesson_of(d.notebook) == lesson]
    return day


def test_the_plan_is_two_weeks_of_core_classes_and_an_optional_advanced_week() -> None:
    assert [d.number for d in DAYS] == list(range(1, len(DAYS) + 1))
    core, advanced = DAYS[:10], DAYS[10:]
    assert [d.notebook for d in core if d.notebook] == lesson_paths("core")
    assert [d.notebook for d in advanced if d.notebook] == lesson_paths("advanced")
    assert len(advanced) <= 5 and "Week 3 (optional)" in PLAN
    assert any("Assessment" in d.label for d in core)


@pytest.mark.parametrize("day", DAYS, ids=lambda d: f"day{d.number}")
def test_each_day_fits_a_class_and_names_real_sections(day: Day) -> None:
    assert 0 < day.minutes <= MAX_MINUTES, f"day {day.number} takes {day.minutes} minutes"
    if day.notebook is None:
        return
    assert day.notebook.exists(), day.notebook
    sections = headings(day.notebook)
    for name, _ in day.sections:
        assert name in OTHER_PARTS or name in sections, f"day {day.number}: no section {name!r}"
    if track_of(day.notebook) == "core":  # every section of a core lesson has its time
        numbered = [s for s in sections if re.match(r"\d+\. ", s)]
        missing = set(numbered) - {name for name, _ in day.sections}
        assert not missing, f"day {day.number} leaves out {sorted(missing)}"


def test_homework_is_due_only_after_the_lessons_it_needs() -> None:
    sets = homework_sets(PLAN)
    assert len(sets) >= 3 and sorted(sets) == list(range(1, len(sets) + 1))
    known = {e.id: e for e in teach.exercises()}
    for number, (due, ids) in sets.items():
        assert ids, f"homework set {number} is empty"
        (row,) = [d for d in DAYS if d.number == due]
        assert f"Homework set {number}" in row.due, f"day {due} does not collect set {number}"
        for exercise_id in ids:
            assert exercise_id in known, f"homework set {number}: no exercise {exercise_id}"
            lesson = known[exercise_id].lesson
            assert day_of(lesson) < due, f"{exercise_id} is due on day {due}, taught later"
    assigned = {i for _, ids in sets.values() for i in ids}
    assert any(known[i].kind == "code" for i in assigned)
    assert any(known[i].kind == "proof" for i in assigned)
    core = {e.id for e in teach.exercises() if teach.track(e.lesson) == "core"}
    assert len(core & assigned) >= len(core) // 2


def test_the_guide_has_a_rubric_an_assessment_and_its_references() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for heading in (
        "## A two-week unit",
        "### Rubric",
        "### The assessment",
        "## Misconceptions and discussion questions",
        "## References",
    ):
        assert heading in text, heading
    assessment = text.split("### The assessment", 1)[1].split("\n## ", 1)[0].lower()
    for idea in (
        "conditional probability",
        "simulat",
        "law of large numbers",
        "central limit theorem",
        "credible",
        "p-value",
    ):
        assert idea in assessment, idea
    references = text.split("## References", 1)[1]
    for source_file in SOURCE_FILES:
        assert source_file in references, source_file
    for work in (
        "Brown, Cai and DasGupta (2001)",
        "Agresti and Coull (1998)",
        "Think Bayes",
        "Seeing Theory",
        "Perudo",
    ):
        assert work in references, work
    misconceptions = text.split("## Misconceptions", 1)[1]
    for lesson in teach.LESSONS:
        assert f"\n**{lesson:02d} " in misconceptions, lesson
