"""Tests of lesson 11's exercises: the independent linear program behind tests/expected/lesson11,
the usual mistakes' values, hints that teach without naming the solver, and a notebook whose
sources never hold an answer of its own exercises."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import liarsdice as ld
from liarsdice import solver, teach
from liarsdice.teach import key
from liarsdice.teach.answers import mistake_value
from tests.course import NOTEBOOKS, cells
from tests.exercises import answer_forms
from tests.expected import lesson11 as expected

NOTEBOOK = NOTEBOOKS / "advanced" / "11_solved_games_and_endgames.ipynb"
EXERCISES = {e.id: e for e in teach.exercises(11)}


@pytest.mark.parametrize(
    ("name", "dice", "faces"),
    [
        ("openspiel", (1, 1), 2),
        ("openspiel", (1, 1), 4),
        ("openspiel", (1, 2), 3),
        ("perudo", (2, 1), 3),
        ("blef", (1, 2), 3),
        ("bluff", (1, 1), 3),
    ],
)
def test_the_independent_program_agrees_with_the_solver(
    name: str, dice: tuple[int, int], faces: int
) -> None:
    rules = ld.preset(name)
    assert expected.lp_value(rules, dice, faces) == pytest.approx(
        solver.game_value(rules, dice=dice, faces=faces), abs=1e-9
    )


@pytest.mark.parametrize("name", ["blef", "bluff", "perudo", "openspiel"])
def test_the_ladders_written_from_the_rules_are_the_rules_ladders(name: str) -> None:
    rules = ld.preset(name)
    for total, faces in ((2, 6), (3, 3)):
        mine = expected.small_ladder(rules, total, faces)
        theirs = solver.SmallGame(rules, dice=(1, total - 1), faces=faces).bids
        assert tuple(mine) == theirs


def test_the_independent_tree_counts_the_solvers_histories() -> None:
    for name in ("openspiel", "perudo"):
        rules = ld.preset(name)
        bids = expected.small_ladder(rules, 2, 6)
        assert len(expected.histories(rules, bids)) == solver.SmallGame(rules).n_histories


def test_one_die_opening_against_two_on_blefs_board_becomes_the_underdog_at_four_faces() -> None:
    blef, openspiel = ld.preset("blef"), ld.preset("openspiel")
    values = [expected.lp_value(blef, (1, 2), faces) for faces in range(2, 5)]
    assert values == [Fraction(1, 4), Fraction(1, 27), Fraction(-229, 1856)]
    assert key.solution("11.fewest_faces") == 4
    # the research ladder, as section 2 prints it (faces=3: -5/27), turns at three faces
    research = [expected.lp_value(openspiel, (1, 2), faces) for faces in (2, 3)]
    assert research == [Fraction(3, 4), Fraction(-5, 27)]
    assert mistake_value(EXERCISES["11.fewest_faces"], "the research ladder kept") == 3


def test_the_new_games_values_by_the_independent_program() -> None:
    blef, openspiel = ld.preset("blef"), ld.preset("openspiel")
    two_open = expected.lp_value(blef, (2, 1), 3)
    assert key.solution("11.game_value") == two_open == Fraction(4, 27)
    opens, replies = (
        expected.lp_value(openspiel, (1, 2), 3),
        -expected.lp_value(openspiel, (2, 1), 3),
    )
    assert (opens, replies) == (Fraction(-5, 27), Fraction(-7, 27))
    payoff = (opens + replies) / 2  # a fair coin: each seat half the time
    assert key.solution("11.second_player_value") == (1 + payoff) / 2 == Fraction(7, 18)


def test_no_answer_is_one_argument_away_from_the_lessons_solved_games() -> None:
    """The lesson calls game_value on (openspiel, (1, 1), 6 faces), (perudo, (1, 1), 6) and
    (openspiel, (1, 2), 3), and its endgame heatmaps show every one-die game on three faces
    (as P(win) = (1 + value) / 2). Changing one argument of those calls, or reading the
    heatmaps, gives no answer: each needs two changes, or two games combined."""
    one_die = [(name, (1, 1), f) for name in ("openspiel", "perudo", "blef") for f in range(2, 7)]
    three_dice = [(name, (1, 2), 3) for name in ("perudo", "blef")] + [
        ("openspiel", (2, 1), 3),  # section 2's call with dice=(2, 1)
        ("openspiel", (1, 2), 2),
        ("openspiel", (1, 2), 4),
    ]  # (dice=(1, 2) or (2, 1) on six faces is beyond the exact solver)
    values = []
    for name, dice, faces in one_die + three_dice:
        v = solver.game_value(ld.preset(name), dice=dice, faces=faces)
        values += [v, -v, (1 + v) / 2, (1 - v) / 2]
    assert ("blef", (2, 1), 3) not in three_dice  # 11.game_value: ladder and opener changed
    for exercise_id in ("11.game_value", "11.second_player_value"):
        answer = float(key.solution(exercise_id))
        assert all(abs(v - answer) > 1e-6 for v in values), exercise_id


def test_the_usual_mistakes_give_the_wrong_answers_they_name() -> None:
    def wrong(exercise_id: str, name: str) -> object:
        return mistake_value(EXERCISES[exercise_id], name)

    answer = key.solution
    assert wrong("11.game_value", "the sign read from the wrong side") == -answer("11.game_value")
    assert wrong("11.game_value", "the seats swapped") == Fraction(1, 27)  # blef, (1, 2)
    assert wrong("11.game_value", "the research ladder kept") == Fraction(7, 27)  # openspiel
    chance = answer("11.second_player_value")
    assert wrong("11.second_player_value", "the sign read from the wrong side") == 1 - chance
    assert wrong("11.second_player_value", "the payoff, not the chance") == 2 * chance - 1
    assert wrong("11.second_player_value", "only the games it opens") == (1 - Fraction(5, 27)) / 2
    assert wrong("11.second_player_value", "only the games it replies") == (1 - Fraction(7, 27)) / 2
    both_openers = (Fraction(-5, 27) + Fraction(7, 27)) / 2  # the solver's two values averaged
    assert wrong("11.second_player_value", "the opener's values averaged") == (1 + both_openers) / 2
    nash_conv = answer("11.uniform_nash_conv")
    assert wrong("11.uniform_nash_conv", "NashConv halved") == pytest.approx(nash_conv / 2)
    game = solver.SmallGame(ld.preset("openspiel"))
    uniform = solver.Strategy.uniform(game)
    payoffs = (
        wrong("11.uniform_nash_conv", "only the first player's best-response payoff"),
        wrong("11.uniform_nash_conv", "only the second player's best-response payoff"),
    )
    assert payoffs == pytest.approx([game.best_response_value(uniform, p) for p in (0, 1)])
    assert sum(payoffs) == pytest.approx(nash_conv)
    gains = (
        wrong("11.uniform_nash_conv", "only the first player's gain"),
        wrong("11.uniform_nash_conv", "only the second player's gain"),
    )
    both_uniform = Fraction(-7, 216)  # player 0's payoff when both play uniformly
    assert game.expected_value(uniform) == pytest.approx(float(both_uniform), abs=1e-12)
    assert gains == pytest.approx([payoffs[0] - both_uniform, payoffs[1] + both_uniform])
    assert sum(gains) == pytest.approx(nash_conv)
    assert wrong("11.uniform_nash_conv", "the uniform player's losses") == pytest.approx(-nash_conv)
    assert wrong("11.perudo_histories", "the opening rule forgotten") == 2**12
    assert (
        wrong("11.perudo_histories", "the empty history left out")
        == answer("11.perudo_histories") - 1
    )
    assert wrong("11.fewest_faces", "the sign read from the wrong side") == 2


def test_each_exercise_has_distinct_mistakes_and_hints() -> None:
    for exercise in EXERCISES.values():
        values = [mistake_value(exercise, m.name) for m in exercise.mistakes]
        for i, v in enumerate(values):
            assert all(abs(float(v) - float(w)) > 1e-3 for w in values[i + 1 :]), exercise.id
            assert abs(float(v) - float(key.solution(exercise.id))) > 1e-3, exercise.id
        hints = [exercise.hint, *(m.hint for m in exercise.mistakes)]
        assert len(set(hints)) == len(hints), exercise.id


LIBRARY_NAMES = re.compile(r"solver\.|game_value|nash_conv\(|Strategy|bluff_rates|SmallGame")


def test_hints_point_at_the_reasoning_not_at_the_library() -> None:
    for exercise in EXERCISES.values():
        for hint in (exercise.hint, *(m.hint for m in exercise.mistakes)):
            assert not LIBRARY_NAMES.search(hint), (exercise.id, hint)


def test_the_lesson_has_predict_and_transfer_exercises() -> None:
    tags = {e.id: e.tags for e in EXERCISES.values()}
    assert "predict" in tags["11.uniform_nash_conv"] and "predict" in tags["11.game_value"]
    assert sum("transfer" in t for t in tags.values()) >= 3
    assert 3 <= len(EXERCISES) <= 6


def test_the_published_numbers_are_the_ones_the_lesson_names() -> None:
    assert abs(-0.027131782945736 - (-7 / 258)) < 1e-15
    nash_conv = key.solution("11.uniform_nash_conv")
    assert nash_conv == pytest.approx(expected.OPENSPIEL_UNIFORM_NASH_CONV, abs=1e-12)


# ----- the open question's worked answer: every number in it, recomputed ----------------------


def combined(
    game: solver.SmallGame, first: solver.Strategy, second: solver.Strategy
) -> solver.Strategy:
    """Return the strategy where player 0 plays `first` and player 1 plays `second`."""
    levels = range(len(game.levels))
    liar = tuple((first if d % 2 == 0 else second).liar[d] for d in levels)
    bid = tuple((first if (d - 1) % 2 == 0 else second).bid[d] for d in levels)
    return solver.Strategy(game, liar, bid)


@pytest.fixture(scope="module")
def expected_loss_play() -> tuple[solver.SmallGame, solver.Strategy, solver.Solution]:
    """Return the one-die game, ExpectedLossBot's strategy in it, and the solved equilibrium."""
    from liarsdice import inference
    from liarsdice.agents import ExpectedLossBot

    rules = ld.preset("openspiel")
    game = solver.SmallGame(rules, dice=(1, 1))
    bot = ExpectedLossBot()

    def move(hand: tuple[int, ...], history: tuple) -> dict:
        moves = [(i % 2, bid) for i, bid in enumerate(history)]
        view = inference.table_view(rules, (1, 1), len(history) % 2, hand, moves)
        return {bot.act(view): 1.0}

    strategy = solver.Strategy.from_policy(game, move)
    return game, strategy, solver.solve(rules, dice=(1, 1), tolerance=1e-4)


def test_the_worked_answers_numbers(expected_loss_play: tuple) -> None:
    game, bot, solution = expected_loss_play
    worked = " ".join(key.format_solution("11.exploit_or_not").split())

    def exact(x: float) -> Fraction:
        return Fraction(x).limit_denominator(100)

    assert exact(game.nash_conv(bot)) == Fraction(8, 9) and "8/9" in worked
    gains = [exact(game.best_response_value(bot, p)) for p in (0, 1)]
    assert gains == [Fraction(4, 9)] * 2 and (1 + sum(gains) / 2) / 2 == Fraction(13, 18)
    opens = game.expected_value(combined(game, solution.strategy, bot))
    replies = -game.expected_value(combined(game, bot, solution.strategy))
    average = (opens + replies) / 2
    assert round(average, 3) == 0.016 and round((1 + average) / 2, 3) == 0.508
    assert "+0.016" in worked and "50.8%" in worked
    assert "50.1% of 4,000 games" in worked  # the notebook asserts the tournament's rate
    exploiter = combined(game, game.best_response(bot, 0), game.best_response(bot, 1))
    assert exact(game.expected_value(combined(game, exploiter, bot))) == Fraction(4, 9)
    assert exact(game.nash_conv(exploiter)) == Fraction(16, 9) and "16/9" in worked
    adapted = [exact(game.best_response_value(exploiter, p)) for p in (0, 1)]
    assert adapted == [Fraction(5, 6), Fraction(17, 18)]
    assert "5/6 of a point a round when that opponent opens and 17/18 when it replies" in worked
    assert (1 + sum(adapted) / 2) / 2 == Fraction(17, 18) and "about 94%" in worked
    assert solution.nash_conv < 1e-4 and "below 1e-4" in worked


def test_the_lessons_exploiter_is_the_two_seat_best_response(expected_loss_play: tuple) -> None:
    """The notebook's way (a policy reading each seat's best response) and the naive way (a
    best response to the best response), which the lesson warns against."""
    game, bot, _ = expected_loss_play
    as_opener, as_replier = game.best_response(bot, 0), game.best_response(bot, 1)

    def exploit(hand: tuple[int, ...], history: tuple) -> dict:
        seat = as_opener if len(history) % 2 == 0 else as_replier
        return seat.action_probabilities(hand, history)

    exploiter = solver.Strategy.from_policy(game, exploit)
    assert Fraction(game.nash_conv(exploiter)).limit_denominator(100) == Fraction(16, 9)
    twice = game.best_response(as_opener, 1)
    assert Fraction(game.nash_conv(twice)).limit_denominator(100) == Fraction(35, 18)


def test_the_notebooks_sources_never_hold_an_answer() -> None:
    text = "\n".join("".join(c["source"]) for c in cells(NOTEBOOK))
    for exercise in EXERCISES.values():
        for form in answer_forms(exercise):
            assert not re.search(rf"(?<![\d/.]){re.escape(form)}(?![\d])", text), form
