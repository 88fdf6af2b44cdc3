"""Exercises for the lessons, with checkers that say right or wrong and never print the answer.

- predict(exercise_id, guess): records a prediction before the computation.
- Mistake(name, compute, hint): a usual mistake, recognised from the answer it gives.
- check(exercise_id, answer) -> Feedback: "Right!" or "Not yet: <hint>"; malformed answers get
  a message saying what was expected, never an exception. An unknown id raises ValueError.
- Feedback: the verdict (.correct, .message); a notebook cell shows its message.
- Exercise: one question (id, lesson, prompt, kind, hint, tolerance, choices, rules); its answer
  is computed by the library on first use (Exercise.answer) and cached.
- exercises(lesson=None) -> list[Exercise]: the registry, in lesson order.
- prompt(exercise_id) -> str: the question, with the form of answer it expects.
- sheet(lesson=None) -> str: the prompts, printed by `python -m liarsdice exercises [--lesson 04]`.
- The answers and worked solutions are the teacher's: liarsdice.teach.key, which this package
  does not import, and the teacher's build of `python -m liarsdice assignments --out DIR`
  (liarsdice.teach.assignments). A read of the key outside the checker is recorded, and the
  autograder refuses a submission that made one.
- LESSONS: lesson number -> title; LESSON_TRACKS: lesson number -> track, one of TRACKS ("core"
  for lessons 01-08, "advanced" for 09-13); track(lesson) -> its track. KINDS: the kinds of
  answer (WRITTEN: those a person reads); register_lesson and register add a lesson and its
  exercises.
- ALIASES: old exercise id -> id now (the course was renumbered); every function above that takes
  an id accepts an old one and acts on the exercise it became.

The package: liarsdice.teach.core (exercises, the registry, the sheet), liarsdice.teach.answers
(reading and marking answers), liarsdice.teach.graders (code, simulations and bots),
liarsdice.teach.limited (the time limit), liarsdice.teach.guide (the guide's generated part, written by
`python -m liarsdice guide`), and one module per lesson, lessonNN.py, each registering its
exercises; every lessonNN module is imported here, so adding a lesson adds one file.

Ids are "<lesson>.<name>", such as "04.nine_fives"; the lesson is the number before the dot.

Language: prompts, sheets and every message of check and predict are in the language in force
(liarsdice.set_language, liarsdice.i18n), looked up when shown; the registry keeps English. The
catalogs hold the core track's exercise texts (liarsdice.teach.catalog_texts extracts them for
pybabel), not the advanced track's, whose questions and hints stay English.
"""

from __future__ import annotations

import importlib
import pkgutil

from liarsdice.i18n import speaking
from liarsdice.teach.answers import check, predict
from liarsdice.teach.core import (
    ALIASES,
    KINDS,
    LESSON_TRACKS,
    LESSONS,
    TRACKS,
    WRITTEN,
    Exercise,
    Feedback,
    Mistake,
    exercises,
    prompt,
    register,
    register_lesson,
    sheet,
    track,
)

# The registry keeps English texts (the catalogs' msgids, translated when shown): the lessons
# build their questions in English whatever language a notebook chose before importing teach.
with speaking("en"):
    for _module in sorted(
        m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("lesson")
    ):
        importlib.import_module(f"{__name__}.{_module}")

__all__ = [
    "ALIASES",
    "KINDS",
    "LESSONS",
    "LESSON_TRACKS",
    "TRACKS",
    "WRITTEN",
    "Exercise",
    "Feedback",
    "Mistake",
    "check",
    "exercises",
    "predict",
    "prompt",
    "register",
    "register_lesson",
    "sheet",
    "track",
]
