"""Keep docs/teaching.md true: its exercises section is the one liarsdice.teach.guide writes.

The section between the guide's markers is exactly `exercises_markdown()`; when an exercise
changes, `python -m liarsdice guide` rewrites it (the package writes it, this file only checks).
The guide's `>>>` examples run as a doctest.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

from liarsdice import teach
from liarsdice.cli import main
from liarsdice.teach.core import find
from liarsdice.teach.guide import END, START, exercises_markdown, guide_text, write_guide

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "teaching.md"
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _generated_section(text: str) -> str:
    """Return the text between the markers of the guide (without the marker lines)."""
    assert text.count(START) == 1 and text.count(END) == 1, "the guide lost its markers"
    return text.split(START, 1)[1].split(END, 1)[0].strip("\n")


def test_guide_lists_every_exercise_with_its_current_solution() -> None:
    section = _generated_section(GUIDE.read_text(encoding="utf-8"))
    for exercise in teach.exercises():
        if exercise.kind in ("code", *teach.WRITTEN):  # a block follows, not one line
            assert f"- **`{exercise.id}`**" in section
            first = teach.format_solution(exercise.id).splitlines()[0]
            assert first in section, exercise.id
            continue
        entry = re.search(
            rf"^- \*\*`{re.escape(exercise.id)}`\*\*.*\n  - \*\*Answer:\*\* (.*)$",
            section,
            flags=re.MULTILINE,
        )
        assert entry, f"docs/teaching.md does not list {exercise.id}"
        assert entry.group(1) == teach.format_solution(exercise.id), exercise.id


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
    paths = list(NOTEBOOKS.glob(f"{lesson:02d}_*.ipynb"))
    if not paths:
        pytest.skip(f"lesson {lesson:02d} has no notebook yet")
    (path,) = paths
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    for exercise in teach.exercises(lesson):
        assert f'print(teach.prompt("{exercise.id}"))' in code, (path.name, exercise.id)
        student_cell = f'answer = None  # your answer here\nteach.check("{exercise.id}", answer)'
        assert student_cell in code, (path.name, exercise.id)  # never the answer itself


def test_the_unit_plan_names_only_real_exercises_and_covers_every_lesson() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    plan = text.split(START, 1)[0]  # the hand-written part, before the generated list
    named = set(re.findall(r"`(\d\d\.[a-z_0-9]+)`", plan))
    known = {e.id for e in teach.exercises()}
    assert named and named <= known, sorted(named - known)
    for heading in (
        "## A two-week unit",
        "**Homework set 1**",
        "**Homework set 2**",
        "### The assessment",
        "## Misconceptions and discussion questions",
        "## References",
    ):
        assert heading in text, heading
    for lesson in teach.LESSONS:
        assert f"\n**{lesson:02d} " in plan.split("## Misconceptions", 1)[1], lesson
    homework = plan.split("**Homework set 1**", 1)[1].split("### The assessment", 1)[0]
    assigned = set(re.findall(r"`(\d\d\.[a-z_0-9]+)`", homework))
    assert any(find(i).kind == "code" for i in assigned)  # the code exercises are set
    assert any(find(i).kind == "proof" for i in assigned)
