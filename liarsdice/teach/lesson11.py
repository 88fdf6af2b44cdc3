"""Lesson 11 (advanced track), solved games and endgames: the size of a game tree, how
exploitable uniform play is, the values of small games the lesson does not solve, and an open
question: exploit a known opponent, or play the equilibrium?

It holds the exercises of old lesson 08 (08.*), now 11.*. Every numeric answer comes from
liarsdice.solver, and the lesson prints none of them: it solves the six-sided one-die game under
the research and the Perudo ladders and the game of 1 die against 2 on three-sided dice (and its
endgame heatmaps show every one-die game on three-sided dice). No exercise is one argument away
from those cells: 11.game_value changes both the ladder and who opens (Blef's board, the two
dice opening), 11.fewest_faces both the ladder and the number of faces (Blef's board, one die
opening against two, over the faces), and 11.second_player_value combines two games (the
opener drawn at random: the one-die player's chance of winning, averaged over the seat it opens
from and the seat it replies from, its payoffs turned into a win rate)."""

from __future__ import annotations

import functools
from fractions import Fraction

from liarsdice import solver
from liarsdice.rules import preset
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson

register_lesson(11, "Solved games and endgames", "advanced")

SOLVER_GAME = (
    "In the solver's game (two players, one round, player 0 opens; +1 to the winner of the "
    "challenge and -1 to the loser; only the rules' bid order and wild face matter)"
)
RESEARCH_GAME = (
    f"{SOLVER_GAME} under the openspiel preset (the 6 is a wild star, on top of each quantity)"
)
MOST_FACES = 6  # dice have at most six faces


@functools.cache
def _value(dice: tuple[int, int], faces: int = 6, rules: str = "openspiel") -> Fraction:
    """Return the first player's exact equilibrium value, as the fraction the LP's float is."""
    value = solver.game_value(preset(rules), dice=dice, faces=faces)
    exact = Fraction(value).limit_denominator(10_000)
    if abs(float(exact) - value) > 1e-9:
        raise ArithmeticError(f"the value {value!r} is no fraction with a small denominator")
    return exact


def _perudo_histories() -> int:
    """Return the number of bid histories (the empty one included) of the one-die Perudo game."""
    return solver.SmallGame(preset("perudo"), dice=(1, 1)).n_histories


def _all_subsets() -> int:
    """Return the number of bid histories if every bid could open: 2 ** (number of bids)."""
    subsets: int = 2 ** len(solver.SmallGame(preset("perudo"), dice=(1, 1)).bids)
    return subsets


def _uniform_best_payoffs() -> tuple[float, float]:
    """Return player 0's and player 1's payoffs when each best-responds to uniform play."""
    game = solver.SmallGame(preset("openspiel"), dice=(1, 1))
    uniform = solver.Strategy.uniform(game)
    return game.best_response_value(uniform, 0), game.best_response_value(uniform, 1)


def _uniform_gains() -> tuple[float, float]:
    """Return what player 0 and player 1 each gain by best-responding to uniform play: the
    best-response payoff minus the payoff when both play uniformly."""
    game = solver.SmallGame(preset("openspiel"), dice=(1, 1))
    both_uniform = game.expected_value(solver.Strategy.uniform(game))  # player 0's payoff
    first, second = _uniform_best_payoffs()
    return first - both_uniform, second + both_uniform


def _uniform_nash_conv() -> float:
    """Return the NashConv of the uniform strategy in the one-die openspiel game."""
    game = solver.SmallGame(preset("openspiel"), dice=(1, 1))
    return solver.nash_conv(solver.Strategy.uniform(game))


WORKED_EXPLOIT = """\
Both sides have a number behind them.

Exploiting pays against this opponent. In the one-die game ExpectedLossBot's moves form a
strategy with NashConv 8/9: the solver's best response to it gains 4/9 of a point a round in
each seat, a win rate of 13/18 (about 72%). The equilibrium's exact expected payoff against it
is only about +0.016 a round (a win rate of about 50.8%, inside the 95% interval of the
lesson's tournament, which SolverBot won 50.1% of 4,000 games).

But the best response leans on the opponent's mistakes, and is very exploitable in turn: the
solver's pure best response in both seats (the lesson's `exploiter`) has NashConv 16/9. An
opponent who adapts to it gains 5/6 of a point a round when that opponent opens and 17/18 when
it replies: on average over the seats 8/9, a win rate of 17/18 (about 94%) against the
exploiter. (Best responses need not be unique: another best response to ExpectedLossBot,
breaking ties differently, may be more or less exploitable.) The equilibrium gives up the 4/9
but, whatever the opponent does, loses at most half its NashConv (below 1e-4) on average over
the two seats.

So: against an opponent known to play like ExpectedLossBot and never to adapt, play the best
response; against an unknown or learning opponent, the equilibrium. A middle way starts from
the equilibrium and moves towards the best response as evidence about the opponent builds up
(lesson 5's Bayes' rule), watching how exploitable it becomes (its NashConv)."""


def _fewest_faces(first_player: bool = True, rules: str = "blef") -> int:
    """Return the fewest faces (2 to 6) with which a player's value is negative, one die
    opening against two under `rules`."""
    sign = 1 if first_player else -1
    return next(
        f for f in range(2, MOST_FACES + 1) if sign * _value((1, 2), faces=f, rules=rules) < 0
    )


def _one_die_at_random(values: tuple[int, int] = (1, -1)) -> Fraction:
    """Return the one-die player's average payoff on three-sided dice, research ladder, the
    opener drawn at random: (its value opening + its value replying) / 2. `values` weighs the
    first player's values of dice (1, 2) and (2, 1); (1, 1) averages them (a mistake)."""
    opening, replying = values
    return (opening * _value((1, 2), faces=3) + replying * _value((2, 1), faces=3)) / 2


def _win_chance(payoff: Fraction) -> Fraction:
    """Return the chance of winning a game whose expected payoff (+1 a win, -1 a loss) is
    `payoff`: (1 + payoff) / 2."""
    return (1 + payoff) / 2


register(
    Exercise(
        "11.perudo_histories",
        f"{SOLVER_GAME}, under the perudo preset with one die each (1 ace ranks above 2 sixes, "
        "2 aces above that, and no one may open on aces): how many bid histories does the "
        "game have, the empty history (no bid yet) included?",
        "integer",
        _perudo_histories,
        "a history is a set of bids climbing the ladder, so count the subsets of the bids "
        "that can start with a legal opening; the sets whose lowest bid is on aces cannot.",
        mistakes=(
            Mistake(
                "the opening rule forgotten",
                _all_subsets,
                "that counts every subset of the bids; Perudo forbids opening on aces, so a "
                "history whose lowest bid is on aces never happens.",
            ),
            Mistake(
                "the empty history left out",
                lambda: _perudo_histories() - 1,
                "the question counts the empty history too: it is where the opener moves.",
            ),
        ),
        rules="perudo",
        tags=("transfer",),
    ),
    Exercise(
        "11.uniform_nash_conv",
        f"{RESEARCH_GAME}, with one six-sided die each, the uniform strategy picks every legal "
        "action with equal chance. What is its NashConv?",
        "decimal",
        _uniform_nash_conv,
        "NashConv adds what each player gains by switching to a best response while the other "
        "keeps playing uniformly: the first player's gain plus the second player's.",
        mistakes=(
            Mistake(
                "NashConv halved",
                lambda: _uniform_nash_conv() / 2,
                "that is half of it (some authors call half the NashConv the exploitability); "
                "NashConv is the sum of both players' gains, not their average.",
            ),
            Mistake(
                "only the first player's best-response payoff",
                lambda: _uniform_best_payoffs()[0],
                "that is one player's best-response payoff (the opener's); add the replier's "
                "too (the game is zero-sum, so the two payoffs add up to the two gains).",
            ),
            Mistake(
                "only the second player's best-response payoff",
                lambda: _uniform_best_payoffs()[1],
                "that is one player's best-response payoff (the replier's); add the opener's "
                "too (the game is zero-sum, so the two payoffs add up to the two gains).",
            ),
            Mistake(
                "only the first player's gain",
                lambda: _uniform_gains()[0],
                "that is one player's gain (the opener's); add what the other player gains "
                "by best-responding too.",
            ),
            Mistake(
                "only the second player's gain",
                lambda: _uniform_gains()[1],
                "that is one player's gain (the replier's); add what the opener gains by "
                "best-responding too.",
            ),
            Mistake(
                "the uniform player's losses",
                lambda: -_uniform_nash_conv(),
                "NashConv counts the best responders' gains, so it is never negative; you "
                "added the uniform player's payoffs.",
            ),
        ),
        rules="openspiel",
        tags=("predict",),
    ),
    Exercise(
        "11.game_value",
        f"{SOLVER_GAME}, under the blef preset (Blef's board: k aces rank between 2k - 1 and "
        "2k of a plain face), on three-sided dice (the ace, the 2 and the 3; in the solver "
        "faces=3): the player with two dice opens and the player with one die replies. What "
        "is the first player's (the two dice's) expected payoff when both play an "
        "equilibrium?",
        "fraction",
        lambda: _value((2, 1), faces=3, rules="blef"),
        "build the game with Blef's rules, the dice of the two players in the order they "
        "move, and three faces; solve it exactly. The value is a fraction with a small "
        "denominator, seen from the first player (the opener).",
        mistakes=(
            Mistake(
                "the sign read from the wrong side",
                lambda: -_value((2, 1), faces=3, rules="blef"),
                "that is the second player's value; the question asks for the first player's "
                "(the game is zero-sum: the two values add up to 0).",
            ),
            Mistake(
                "the seats swapped",
                lambda: _value((1, 2), faces=3, rules="blef"),
                "that is the game in which the one-die player opens; here the player with two "
                "dice opens: dice=(2, 1).",
            ),
            Mistake(
                "the research ladder kept",
                lambda: _value((2, 1), faces=3),
                "that is the game under the openspiel preset's ladder (the star on top of each "
                "quantity); this one is Blef's board.",
            ),
        ),
        rules="blef",
        tags=("predict", "transfer"),
    ),
    Exercise(
        "11.fewest_faces",
        f"{SOLVER_GAME} under the blef preset (Blef's board: k aces rank between 2k - 1 and 2k "
        "of a plain face): the player with one die opens against the player with two. Dice "
        "with f faces carry the ace and the plain faces 2 to f (f from 2 to 6; in the solver "
        "faces=f). What is the fewest faces f for which the first player (the one-die opener) "
        "is at a disadvantage at equilibrium?",
        "integer",
        _fewest_faces,
        "solve the game for each number of faces from 2 upwards, and look at the sign of the "
        "first player's value: negative means the opener is at a disadvantage.",
        mistakes=(
            Mistake(
                "the sign read from the wrong side",
                lambda: _fewest_faces(first_player=False),
                "that is where the second player is at a disadvantage; the value is the first "
                "player's payoff, and the opener is at a disadvantage when it is negative.",
            ),
            Mistake(
                "the research ladder kept",
                lambda: _fewest_faces(rules="openspiel"),
                "that is the game under the openspiel preset's ladder (the star on top of each "
                "quantity); this one is Blef's board.",
            ),
        ),
        rules="blef",
        tags=("transfer",),
    ),
    Exercise(
        "11.second_player_value",
        f"{RESEARCH_GAME}, on three-sided dice (the faces 1, 2 and the star): one player has "
        "one die, the other two, and a fair coin decides who opens. When both play an "
        "equilibrium, what is the chance that the one-die player wins, before the coin is "
        "tossed?",
        "fraction",
        lambda: _win_chance(_one_die_at_random()),
        "the one-die player opens half the time and replies half the time: find its expected "
        "payoff in each seat (the solver's value is the first player's, and the game is "
        "zero-sum), average the two, and turn the payoff (+1 a win, -1 a loss) into a chance.",
        mistakes=(
            Mistake(
                "the payoff, not the chance",
                _one_die_at_random,
                "that is the one-die player's expected payoff (+1 a win, -1 a loss); the "
                "question asks how often it wins: a payoff E is a win rate of (1 + E) / 2.",
            ),
            Mistake(
                "only the games it opens",
                lambda: _win_chance(_value((1, 2), faces=3)),
                "that is the one-die player's chance when it opens; half the time it replies to "
                "the two-dice player's opening: average the two seats.",
            ),
            Mistake(
                "only the games it replies",
                lambda: _win_chance(-_value((2, 1), faces=3)),
                "that is the one-die player's chance when it replies; half the time it opens: "
                "average the two seats.",
            ),
            Mistake(
                "the sign read from the wrong side",
                lambda: _win_chance(-_one_die_at_random()),
                "that is the two-dice player's chance; the question asks for the one-die "
                "player's (the game is zero-sum: the two chances add up to 1).",
            ),
            Mistake(
                "the opener's values averaged",
                lambda: _win_chance(_one_die_at_random((1, 1))),
                "that averages the opener's values of the two games; when the two-dice player "
                "opens, the one-die player's payoff is minus the solver's value.",
            ),
        ),
        rules="openspiel",
        tags=("transfer",),
    ),
    Exercise(
        "11.exploit_or_not",
        f"{RESEARCH_GAME}, with one die each: you will play many games against a new opponent "
        "who plays exactly like ExpectedLossBot. Should you play the best response to it or the "
        "equilibrium? Argue both sides, and back each with a number you compute with the "
        "solver: what the solver's pure best response in both seats (the lesson's exploiter) "
        "wins against ExpectedLossBot, and what an opponent who adapts to that best response "
        "could win against it (its NashConv), in each seat and on average. There is more than "
        "one good answer.",
        "open",
        lambda: WORKED_EXPLOIT,
        "weigh what each choice wins against this opponent and what it risks against one who "
        "adapts; NashConv measures that risk.",
        worked=WORKED_EXPLOIT,
        rules="openspiel",
        tags=("open",),
    ),
)
