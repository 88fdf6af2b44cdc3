"""Graders of exercises where the student writes code: a grader runs the student's function and
returns (right, message); the message says what went wrong without showing the answer.

- simulation_grader(call, exact, ...): the student's simulation, run with a seeded Generator, is
  compared with the exact distribution by a chi-square goodness-of-fit test (cells pooled,
  liarsdice.stats); an exception, a wrong type or shape, values out of range, a simulation
  that does not draw from the Generator it is given (two equally seeded calls differ, or two
  differently seeded ones agree) and
  usual mistakes (recognised from the sample's mean) each get their own message.
- bot_grader(opponent, games, rules, ...): the student's bot (a Bot subclass, an instance, or
  a function act(view)) plays a seeded heads-up tournament through the match loop; it must beat
  the opponent significantly (the Wilson interval's low end above 1/2). An illegal move, an
  exception or a value that is no action stops the games with its own message.
- SIGNIFICANCE: the p-value below which a simulation is judged not to match (0.001: a right
  simulation fails one seed in a thousand, and the seed is fixed).
- function_grader(reference, cases, ...): the student's function of a case (a chance, a mean,
  a posterior) is called on cases the lesson never printed and compared with the library's
  exact answer; usual wrong functions get their own hints.
- MAX_GRADER_GAMES: the most games bot_grader plays (10,000); MAX_CASES: function_grader's.
- Grade: a grader's type; WRITE_IT, ROLL_THEM: what the messages ask for instead.

No grader passes the library: an answer defined in the liarsdice package is refused by name,
and so is code that calls the library's computing modules while it runs (a function) or a
package bot's act (a bot), noted by liarsdice.teach.watch.

Whatever the student's code returns or raises (Exception or SystemExit), the grader answers
with a message; answers.check runs every grader under its time limit and turns anything else
the code raises into a message too; only KeyboardInterrupt passes through. The graders' own
arguments are checked when a grader is made (ValueError, or ArgumentTypeError for a wrong kind,
quoting them).

The messages are in the language in force (liarsdice.i18n); a grader's own texts (the lesson's
hints, `what`) are noted by graders_calls.with_texts for the catalogs, which hold the core
track's (the advanced track's stay English).

The modules: liarsdice.teach.graders_simulation, graders_function and graders_bot (one kind of
grader each), and graders_calls (calling the student's code under watch, shared by them); this
module gathers their public names.
"""

from __future__ import annotations

from liarsdice.teach.graders_bot import MAX_GRADER_GAMES, bot_grader
from liarsdice.teach.graders_calls import Grade
from liarsdice.teach.graders_function import MAX_CASES, WRITE_IT, function_grader
from liarsdice.teach.graders_simulation import ROLL_THEM, SIGNIFICANCE, simulation_grader

__all__ = [
    "MAX_CASES",
    "MAX_GRADER_GAMES",
    "ROLL_THEM",
    "SIGNIFICANCE",
    "WRITE_IT",
    "Grade",
    "bot_grader",
    "function_grader",
    "simulation_grader",
]
