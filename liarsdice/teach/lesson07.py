"""Lesson 07 (core track), estimation: confidence and credible intervals.

It holds the Wilson-interval exercises that were 06.wilson_width and 06.width_four_times (old
lesson 06), now 07.*: a win rate's 95% Wilson interval after 40 games, and how it narrows with
four times the games (the lesson works 90). 07.posterior_chance moves section 4's Beta
posterior to a case the lesson does not compute: a table of four, 7 wins of 20 games, and the
posterior chance that the win rate is above 1/4. Every answer comes from liarsdice.stats or
scipy's Beta distribution; the lesson never prints it. In 07.beta_update the student writes
posterior_mean(wins, games, a, b), the posterior mean from a Beta(a, b) prior, which the grader
calls on cases the lesson never computed and compares with the exact mean (a Fraction).
"""

from __future__ import annotations

from fractions import Fraction

from liarsdice import stats
from liarsdice.teach.core import Exercise, Mistake, register, register_lesson
from liarsdice.teach.graders import function_grader

register_lesson(7, "Estimation: confidence and credible intervals", "core")

# 07.wilson_width and 07.width_four_times: 12 wins of 40 games, then 48 of 160.
WINS, GAMES, TIMES = 12, 40, 4
# 07.posterior_chance: a bot at a table of four wins 7 of 20 games; uniform prior Beta(1, 1).
POSTERIOR_WINS, POSTERIOR_GAMES, POSTERIOR_PLAYERS = 7, 20, 4
# 07.beta_update: the cases (wins, games, prior a and b) on which posterior_mean is called; the
# last one leaves the prior to its default, the uniform Beta(1, 1).
UPDATE_CASES = (
    {"wins": 3, "games": 10, "a": 2, "b": 2},
    {"wins": 17, "games": 25, "a": 1, "b": 3},
    {"wins": 5, "games": 12, "a": 4, "b": 1},
    {"wins": 31, "games": 64},
)


def _width(wins: int, games: int, wald: bool = False) -> float:
    """Return the width (high minus low) of the 95% Wilson interval, or the Wald one."""
    low, high = (stats.wald_interval if wald else stats.wilson_interval)(wins, games)
    return high - low


def _width_undivided(wins: int, games: int, z: float = 1.96) -> float:
    """Return twice the formula's plus-or-minus term, not divided by 1 + z^2/n (a mistake)."""
    share = wins / games
    width: float = 2 * z * (share * (1 - share) / games + z**2 / (4 * games**2)) ** 0.5
    return width


def _width_ratio(wald: bool = False) -> float:
    """Return the width after TIMES times the games (same share) over the width after GAMES."""
    return _width(TIMES * WINS, TIMES * GAMES, wald) / _width(WINS, GAMES, wald)


def _posterior_above(
    share: float, prior: tuple[int, int] = (1, 1), losses: int | None = None
) -> float:
    """Return P(p > share) under the Beta posterior of the win rate after POSTERIOR_WINS wins in
    POSTERIOR_GAMES games from the Beta(prior) prior; `losses` replaces the games lost (a
    mistake: the games played instead)."""
    from scipy.stats import beta

    lost = POSTERIOR_GAMES - POSTERIOR_WINS if losses is None else losses
    return float(beta.sf(share, prior[0] + POSTERIOR_WINS, prior[1] + lost))


def _p_value_instead() -> float:
    """Return P(POSTERIOR_WINS wins or more | p = 1/4): the test's p-value, not the posterior's
    chance (a mistake)."""
    return stats.binomial_test(POSTERIOR_WINS, POSTERIOR_GAMES, 1 / POSTERIOR_PLAYERS)


_WORKED_BETA_UPDATE = '''\
from fractions import Fraction

# The prior's density is proportional to p**(a - 1) * (1 - p)**(b - 1), the likelihood of the
# games to p**wins * (1 - p)**(games - wins). Their product is a Beta density again, with
# a + wins and b + (games - wins), the games lost; Beta(a, b) has mean a / (a + b).


def posterior_mean(wins, games, a=1, b=1):
    """Return the posterior mean of the win rate after `wins` of `games`, prior Beta(a, b)."""
    a_after = a + wins
    b_after = b + games - wins
    return Fraction(a_after, a_after + b_after)


answer = posterior_mean
'''  # the worked solution: a notebook cell, as a student writes it


def posterior_mean(wins: int, games: int, a: int = 1, b: int = 1) -> Fraction:
    """Return the mean of the win rate's posterior after `wins` of `games` from the Beta(a, b)
    prior: the posterior is Beta(a + wins, b + games - wins), whose mean a/(a + b) is exact."""
    first, second = a + wins, b + games - wins
    return Fraction(first, first + second)


register(
    Exercise(
        "07.wilson_width",
        f"A bot wins {WINS} of {GAMES} games. How wide is the 95% Wilson interval of its win "
        "rate (high minus low)?",
        "decimal",
        lambda: _width(WINS, GAMES),
        "put the observed rate, the number of games and z = 1.96 into the lesson's formula; the "
        "width is twice the term after the plus-or-minus sign, divided by 1 + z^2/n like the "
        "rest of the numerator.",
        mistakes=(
            Mistake(
                "the Wald interval",
                lambda: _width(WINS, GAMES, wald=True),
                "that is the width of the textbook interval p +- 1.96 sqrt(p(1-p)/n); Wilson's "
                "interval has the extra z^2/n terms of the lesson's formula.",
            ),
            Mistake(
                "the half-width",
                lambda: _width(WINS, GAMES) / 2,
                "that is the half-width, from the centre to one end; the width is high minus low, "
                "twice as much.",
            ),
            Mistake(
                "the division by 1 + z^2/n forgotten",
                lambda: _width_undivided(WINS, GAMES),
                "in the formula the whole numerator, the term after the plus-or-minus sign "
                "included, is divided by 1 + z^2/n: divide twice that term by it too.",
            ),
        ),
        tags=("transfer",),
    ),
    Exercise(
        "07.width_four_times",
        f"A bot wins {WINS} of {GAMES} games; another wins {TIMES * WINS} of {TIMES * GAMES}, "
        "the same share from four times the games. Predict first, then compute: the width of "
        "the second bot's 95% Wilson interval divided by the width of the first's.",
        "decimal",
        _width_ratio,
        "compute both widths with the lesson's formula (z = 1.96) and divide the one after more "
        "games by the one after fewer.",
        mistakes=(
            Mistake(
                "the width like 1/n",
                lambda: 1 / TIMES,
                "an interval does not narrow like 1/n: the spread of a win rate goes with "
                "sqrt(p(1-p)/n), so four times the games divide it by about the square root of "
                "four.",
            ),
            Mistake(
                "the Wald interval",
                lambda: _width_ratio(wald=True),
                "exactly one half is the ratio of the textbook (Wald) intervals, whose width is "
                "proportional to 1/sqrt(n); Wilson's z^2/n terms still matter at 40 games, so "
                "compute both Wilson widths and divide.",
            ),
            Mistake(
                "the ratio upside down",
                lambda: 1 / _width_ratio(),
                "divide the width after more games by the width after fewer: more games give a "
                "narrower interval, so the ratio is below 1.",
            ),
        ),
        tags=("predict",),
    ),
    Exercise(
        "07.posterior_chance",
        f"A bot at a table of four wins {POSTERIOR_WINS} of {POSTERIOR_GAMES} games. Take the "
        "uniform prior, Beta(1, 1), for its win rate p, and assume the games are independent, "
        "each won with chance p. What is the posterior probability that p is above 1/4, the "
        "win rate of a bot no better than the other three?",
        "decimal",
        lambda: _posterior_above(1 / POSTERIOR_PLAYERS),
        "from the uniform prior, k wins in n games give the posterior Beta(k + 1, n - k + 1); "
        "the answer is that distribution's chance above 1/4, one minus its CDF at 1/4.",
        mistakes=(
            Mistake(
                "the prior left out",
                lambda: _posterior_above(1 / POSTERIOR_PLAYERS, prior=(0, 0)),
                "the uniform prior adds one to each parameter: the posterior is Beta(k + 1, "
                "n - k + 1), not Beta(k, n - k).",
            ),
            Mistake(
                "the chance below",
                lambda: 1 - _posterior_above(1 / POSTERIOR_PLAYERS),
                "that is the posterior chance that p is below 1/4; the question asks for above.",
            ),
            Mistake(
                "the games for the losses",
                lambda: _posterior_above(1 / POSTERIOR_PLAYERS, losses=POSTERIOR_GAMES),
                "the second parameter counts the games lost plus one, n - k + 1, not the games "
                "played plus one.",
            ),
            Mistake(
                "the p-value instead",
                _p_value_instead,
                f"that is the chance of {POSTERIOR_WINS} wins or more if p were exactly 1/4: a "
                "statement about the games given p. The posterior gives the chance about p "
                "given the games.",
            ),
        ),
        probability=True,
        tags=("transfer",),
    ),
    Exercise(
        "07.beta_update",
        "Write posterior_mean(wins, games, a=1, b=1): a bot's win rate p has the prior "
        "Beta(a, b) (a and b positive whole numbers; the defaults give the uniform prior); "
        "it then wins `wins` of `games` independent games, each won with chance p. Return the "
        "mean of p's posterior distribution, exactly, as a Fraction (from fractions import "
        "Fraction). The checker calls it on cases the lesson never computed.",
        "code",
        lambda: posterior_mean,
        "the prior's density is proportional to p^(a - 1) (1 - p)^(b - 1); multiply it by the "
        "likelihood, read off the posterior's two Beta parameters, and use that Beta(a, b) has "
        "mean a/(a + b).",
        grade=function_grader(
            posterior_mean,
            UPDATE_CASES,
            mistakes=[
                (
                    lambda wins, games, a=1, b=1: Fraction(wins, games),
                    "your function returns the share of games won, wins/games: the posterior "
                    "mean also counts the prior's a and b.",
                ),
                (
                    lambda wins, games, a=1, b=1: Fraction(wins + 1, games + 2),
                    "your function always takes the uniform prior: use the a and b it is given.",
                ),
                (
                    lambda wins, games, a=1, b=1: Fraction(a + wins, a + b + wins + games),
                    "your function adds the games played to b; the posterior's second parameter "
                    "adds the games lost, games - wins.",
                ),
                (
                    lambda wins, games, a=1, b=1: Fraction(b + wins, a + b + games),
                    "your function swaps the prior's parameters: a goes with the wins, b with "
                    "the losses.",
                ),
            ],
            what="the posterior mean",
        ),
        worked=_WORKED_BETA_UPDATE,
        tags=("code",),
    ),
)
