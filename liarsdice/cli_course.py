"""The subcommands of the course: `exercises`, `assignments`, `guide` and `figures`.

- run_exercises(args): print the lessons' exercises (liarsdice.teach), refusing --solutions.
- run_assignments(args): write the nbgrader course: the teacher's sources, the student
  releases and solutions.md (liarsdice.teach.assignments).
- run_guide(args): rewrite the generated exercises of docs/teaching.md, or check them.
- run_figures(args): write the static figures (SVG and PNG) of figures/ (liarsdice.figures).

The heavier modules are imported only when their subcommand runs. What they print is in the
language in force (liarsdice.i18n); the exercises' text is liarsdice.teach's.
"""

from __future__ import annotations

import argparse

from liarsdice.checks import quote
from liarsdice.cli_inputs import integers, text_file
from liarsdice.i18n import translate as _


def run_exercises(args: argparse.Namespace) -> None:
    """Print the exercises' prompts (of one lesson with --lesson); refuse --solutions."""
    if args.solutions:
        raise ValueError(
            "--solutions: the answers are the teacher's, not printed here; "
            "python -m liarsdice assignments --out DIR writes them to DIR/solutions.md"
        )
    from liarsdice import teach  # its texts are built in the language set by then

    print(teach.sheet(args.lesson))


def run_assignments(args: argparse.Namespace) -> None:
    """Write the nbgrader course (the teacher's sources, the student releases, the key)."""
    from liarsdice.teach.assignments import build

    lessons = None if args.lesson is None else list(integers(args.lesson, "lesson"))
    root = build(args.out, lessons, args.notebooks)
    done = _("written to {root}: hand out {release}; keep source/ and solutions.md")
    print(done.format(root=root, release=root / "release"))


def run_guide(args: argparse.Namespace) -> None:
    """Rewrite the teacher's guide's generated exercises (or, with --check, check them).

    --path: a regular file of at most MAX_FILE_BYTES bytes of UTF-8 text (text_file).
    """
    from liarsdice.teach.guide import write_guide

    text_file("--path", args.path)  # refused with a message before write_guide reads it
    try:
        current = write_guide(args.path, check=args.check)
    except OSError as error:
        raise ValueError(f"--path {quote(args.path)}: {error.strerror or error}") from None
    if args.check and not current:
        raise ValueError(f"{quote(args.path)} is out of date: run `python -m liarsdice guide`")
    said = _("{path}: current") if current else _("{path}: rewritten")
    print(said.format(path=args.path))


def run_figures(args: argparse.Namespace) -> None:
    """Write the static figures (SVG and PNG) into the output folder."""
    from liarsdice.figures import make_figures  # plays a tournament: only when asked

    try:
        paths = make_figures(args.out, args.format)
    except RuntimeError as error:
        raise ValueError(str(error)) from None
    for path in paths:
        print(path)
