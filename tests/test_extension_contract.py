"""The extension contract (issue 23, item 3): a toy ace rule, bot, widget and lesson defined
outside the package pass the suite's generic checks, reused from the suite's own modules.

Registrations are global, so the toy ace rule, bot and lesson (tests/extension_contract_toys.py)
are registered in a child pytest (`-p tests.extension_contract_toys`), which runs the suite's
registry-relative tests with them in the registries, and this module's tests marked `toys`,
which call the suite's checking helpers on the toys. The toy widget registers nothing: it is
checked here. The toy Rules option and the toy move have their own modules
(tests/test_extension_option.py, tests/test_extension_move.py); docs/extending.md names them all.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import ipywidgets as w
import pytest

import liarsdice as ld
from liarsdice import odds, plots
from liarsdice.widgets.controls import update_figure
from liarsdice.widgets.figures import FigureWidget
from tests import extension_contract_toys as toys
from tests import test_widgets

ROOT = Path(__file__).resolve().parents[1]
ID, LESSON = toys.EXERCISE_ID, toys.LESSON

# The suite's generic checks, by node id; "[...]" runs only the toy's case of a parametrized one.
GENERIC = [
    # the ace rule
    "tests/test_ladder.py::test_the_registry_holds_the_three_rules_of_the_sources_first",
    f"tests/test_ladder.py::test_each_rule_has_closed_forms_and_dense_ranks[{toys.RULE_NAME}]",
    "tests/test_ladder.py::test_registering_checks_the_rule",
    "tests/test_rules.py::test_ladder_is_a_strict_total_order",
    "tests/test_rules.py::test_bid_at_inverts_rank_with_no_gaps",
    "tests/test_rules.py::test_first_next_bid_is_the_least_raise",
    "tests/test_rules.py::test_halving_agrees_with_ladder_positions",
    "tests/test_rules.py::test_doubling_agrees_with_ladder_positions",
    "tests/test_plots.py::test_monotonicity_figure_counts_the_rises_of_each_ladder",
    "tests/test_widgets.py::test_the_rules_picker_reads_the_option_table_and_refuses_broken_rules",
    "tests/test_cli.py::test_rules_prints_the_option_table_and_the_errata",
    # the bot
    "tests/test_agents.py::test_act_refuses_what_is_no_view",
    "tests/test_bot.py",
    # the lesson
    f"tests/test_teach.py::test_every_lesson_has_an_exercise[{LESSON}]",
    f"tests/test_teach.py::test_right_answers_in_every_form[{ID}]",
    f"tests/test_teach.py::test_wrong_answers_get_a_hint_without_the_answer[{ID}]",
    f"tests/test_teach.py::test_a_decimal_just_outside_the_tolerance_is_close_but_not_right[{ID}]",
    f"tests/test_teach.py::test_a_nearby_fraction_is_not_the_exact_one[{ID}]",
    f"tests/test_teach.py::test_malformed_answers_get_a_message_saying_what_was_expected[{ID}]",
    f"tests/test_teach.py::test_the_lessons_empty_answer_asks_for_one[{ID}]",
    "tests/test_teach.py::test_ids_name_their_lesson_and_prompts_state_the_tolerance",
    "tests/test_teach.py::test_lessons_have_their_tracks",
    "tests/test_teach.py::test_a_lesson_is_registered_with_a_known_track_and_keeps_it",
    "tests/test_teach.py::test_exercises_by_lesson",
    "tests/test_teach.py::test_the_guide_lists_the_lessons_by_track",
    "tests/test_teach.py::test_cli_unknown_lesson_is_an_error",
    "tests/test_teach.py::test_hints_never_name_a_library_function",
    # the checks of this module that need the toys registered
    "tests/test_extension_contract.py",
]

TOYS_ONLY = (  # this module's checks that run only in the child, with the toys registered
    "test_the_toy_bot_plays_legal_moves_under_every_preset_and_in_a_tournament",
    "test_the_toy_lessons_answer_matches_its_independent_computation",
    "test_the_toy_rule_plays_through_the_match_loop",
)
toys_only = pytest.mark.skipif(not toys.REGISTERED, reason="runs in the child, toys registered")


@pytest.mark.skipif(bool(toys.REGISTERED), reason="the parent's test")
def test_registered_toys_pass_the_suites_generic_checks() -> None:
    child = [sys.executable, "-m", "pytest", "-p", "tests.extension_contract_toys", "-v"]
    done = subprocess.run(
        [*child, "--no-header", "-p", "no:cacheprovider", *GENERIC],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    passed = re.findall(r"^(\S+) PASSED", done.stdout, flags=re.MULTILINE)
    for toy in (f"[{toys.RULE_NAME}]", f"[{toys.BOT_NAME}-", f"[{ID}]", f"[{LESSON}]"):
        assert any(toy in node for node in passed), (toy, output[-3000:])
    here = {node.split("::")[1] for node in passed if "test_extension_contract" in node}
    assert here >= set(TOYS_ONLY), output[-3000:]  # the checks marked toys_only ran


@toys_only
def test_the_toy_bot_plays_legal_moves_under_every_preset_and_in_a_tournament() -> None:
    from liarsdice.agents import BOTS
    from liarsdice.tournament import tournament
    from tests.test_agents import test_bots_only_return_legal_actions_and_games_end as play

    kinds = [toys.BOT_NAME, "random", toys.BOT_NAME]
    for seed, name in enumerate(sorted(ld.PRESETS)):
        for show in (False, True):
            play.hypothesis.inner_test(name=name, kinds=kinds, seed=seed, show=show)  # type: ignore[attr-defined]
    result = tournament([BOTS[toys.BOT_NAME](), BOTS["random"]()], games=10, seed=1, progress=False)
    assert sum(result.wins) == 10


@toys_only
def test_the_toy_lessons_answer_matches_its_independent_computation() -> None:
    from liarsdice import teach
    from tests.test_teach import check_answer

    (exercise,) = teach.exercises(LESSON)
    check_answer(exercise, toys.EXPECTED[ID])
    assert teach.track(LESSON) == "advanced" and f"Lesson {LESSON:02d}" in teach.sheet(LESSON)


@toys_only
def test_the_toy_rule_plays_through_the_match_loop() -> None:
    rules = ld.Rules(ace_rule=toys.RULE_NAME)
    game = ld.Game(rules, players=3, seed=2)
    from liarsdice.agents import BOTS
    from liarsdice.match import Match

    Match(game, [BOTS[toys.BOT_NAME](), BOTS["threshold"](), BOTS[toys.BOT_NAME]()]).run()
    assert game.is_over and ld.Game.from_json(game.to_json()).to_json() == game.to_json()


class CountBars(w.VBox):
    """A toy widget: the count of fives among n unknown dice (docs/extending.md's recipe)."""

    def __init__(self, rules: ld.Rules | str = "blef", n: int = 10) -> None:
        super().__init__()
        self.rules = ld.rules.resolve(rules)
        self.n = w.IntSlider(value=n, min=1, max=60, description="n")
        self.figure = FigureWidget(plots.count_figure([1.0], self.rules, ld.Bid(1, 5)))
        self.n.observe(self.on_n_change, names="value")
        self.children = [self.n, self.figure]
        self.on_n_change()

    def on_n_change(self, change: object = None) -> None:
        """Redraw the counts for the slider's n."""
        counts = odds.count_distribution(5, self.rules, self.n.value)
        update_figure(self.figure, plots.count_figure(counts, self.rules, ld.Bid(4, 5)))


def test_the_toy_widget_passes_the_widgets_checks_and_follows_its_control() -> None:
    test_widgets.test_every_widget_takes_a_custom_rules_and_keeps_its_options(CountBars)
    test_widgets.test_every_widget_refuses_an_unknown_preset_listing_the_names(CountBars)
    bars = CountBars("perudo", n=12)
    assert len(bars.figure.data[0].y) == 13
    bars.n.value = 20
    assert len(bars.figure.data[0].y) == 21
