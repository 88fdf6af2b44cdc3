"""The teacher's key: the exercises' answers, worked solutions and a reference for each code
exercise. Not imported by liarsdice.teach, never named by a student's release; each read is
recorded (core.key_reads), so the autograder refuses a submission that used it.

- solution(id): the answer (Fraction, float, int, Bid, str, or the reference function; for a
  proof or an open question, the notes).
- format_solution(id): the answer in words: "11/27 (about 0.407407)", "3x1 (3 aces)",
  "challenge"; for code, the worked solution (a notebook cell, as a student writes it); for a
  proof or an open question, the notes.
- sheet(lesson=None, width=96): the prompts with their answers, as the teacher's build
  (`python -m liarsdice assignments`) writes them to solutions.md.
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice.bids import Bid
from liarsdice.rules import preset
from liarsdice.teach.core import WRITTEN, Exercise, find, key_value, worked_text
from liarsdice.teach.core import sheet as _prompts


def solution(exercise_id: str) -> object:
    """Return the exercise's answer (Fraction, float, int, Bid or str; code: the reference;
    a proof or an open question: the teacher's notes, never None)."""
    exercise = find(exercise_id)
    return worked_text(exercise) if exercise.kind in WRITTEN else key_value(exercise)


def format_solution(exercise_id: str) -> str:
    """Return the answer in words: "11/27 (about 0.407407)", "3x1 (3 aces)", "challenge"; for
    code, the worked solution, a notebook cell written without the library's answers (the
    reference calls the library, which the grader refuses); for a proof or an open question,
    the notes."""
    exercise = find(exercise_id)
    if exercise.kind in (*WRITTEN, "code"):
        return worked_text(exercise)
    answer = key_value(exercise)
    if isinstance(answer, Fraction) and answer.denominator != 1:
        return f"{answer} (about {float(answer):.6f})"
    if isinstance(answer, float):
        return f"{answer:.6f}"
    if isinstance(answer, Bid):
        return f"{answer} ({preset(exercise.rules).describe(answer)})"
    return str(answer)


def sheet(lesson: int | str | None = None, width: int = 96) -> str:
    """Return the exercises' prompts with their answers, lesson by lesson (lesson and width as
    in liarsdice.teach.sheet)."""
    return _prompts(lesson, width, answer=_answer_words)


def _answer_words(exercise: Exercise) -> str:
    """Return one exercise's answer in words (format_solution)."""
    return format_solution(exercise.id)
