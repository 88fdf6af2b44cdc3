"""Every number the teaching guide's worked answers print (docs/teaching.md: the assessment,
the misconceptions, the rubric), recomputed and asserted.

Each block names the guide's item it backs. Independent of the library where possible
(plain fractions, brute-force enumeration, scipy), and the library agrees where it is used.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction as F

import numpy as np
from scipy import stats as sps

import liarsdice as ld
from liarsdice import odds, stats
from liarsdice.settlement import settle
from liarsdice.teach.core import find
from tests.course import ROOT, homework_sets
from tests.expected import binomial_tail

GUIDE = ROOT / "docs" / "teaching.md"
blef, perudo = ld.preset("blef"), ld.preset("perudo")


def close(x: float, y: float, tol: float) -> bool:
    """Return whether x and y are within tol."""
    return abs(x - y) <= tol


def counts(dice: tuple[int, ...]) -> int:
    """Return how many dice count for fives in Blef (the fives and the aces)."""
    return sum(d in (1, 5) for d in dice)


NINE_FIVES = binomial_tail(
    15, 6, F(1, 3)
)  # 9 fives from the seat 1, 3, 5, 5, 6: 6 of 15 unknown dice


def test_a_challenge_settled_and_the_fewest_aces() -> None:
    """Assessment item 1 (lesson 01): settling a challenge, halving and doubling."""
    r = settle(blef, (5, 5, 5, 5), 2, 3, ld.Bid(6, 4), count=3 + 1)
    assert r.explanation == "6 fours bid, 4 on the table: the bidder, seat 2, loses 2 dice"
    r = settle(perudo, (5, 5, 5, 5), 2, 3, ld.Bid(6, 4), count=3 + 1)
    assert (blef.min_wild_after(8), perudo.min_wild_after(8)) == (5, 4)


def test_conditional_probability_by_counting() -> None:
    """Assessment item 2 (lesson 04): P(bid true | my hand) by counting."""
    # Three dice on the table (three players, one die each); the bid is "2 fives" (aces wild).
    rolls3 = list(itertools.product(range(1, 7), repeat=3))
    true3 = [r for r in rolls3 if counts(r) >= 2]
    assert (len(rolls3), len(true3)) == (216, 56) and F(56, 216) == F(7, 27)
    mine_counts = [r for r in rolls3 if r[0] in (1, 5)]
    assert len(mine_counts) == 72 and sum(counts(r) >= 2 for r in mine_counts) == 40
    assert F(40, 72) == F(5, 9)
    # given my die: the 36 rolls of the two unknown dice
    rolls2 = list(itertools.product(range(1, 7), repeat=2))
    assert sum(counts(r) >= 1 for r in rolls2) == 20 and F(20, 36) == F(5, 9)  # I hold a five
    assert sum(counts(r) >= 2 for r in rolls2) == 4 and F(4, 36) == F(1, 9)  # I hold a three
    assert F(1, 3) * F(5, 9) + F(2, 3) * F(1, 9) == F(7, 27)  # total probability
    assert F(5, 9) != F(7, 27)  # not independent
    assert odds.bid_probability("2x5", blef, unknown=2, known=(5,), exact=True) == F(5, 9)
    assert odds.bid_probability("2x5", blef, unknown=2, known=(3,), exact=True) == F(1, 9)
    assert odds.bid_probability("2x5", blef, unknown=3, exact=True) == F(7, 27)
    # P(my die counts | bid true) = (1/3 * 5/9) / (7/27) = 5/7 (Bayes, for the discussion)
    assert F(1, 3) * F(5, 9) / F(7, 27) == F(5, 7)
    assert len([r for r in true3 if r[0] in (1, 5)]) == 40 and F(40, 56) == F(5, 7)


def test_expectation_variance_and_the_tails() -> None:
    """Assessment item 3 (lesson 03): at least 3 aces or at least 6 fives among 12 dice."""
    aces = binomial_tail(12, 3, F(1, 6))
    fives = binomial_tail(12, 6, F(1, 3))
    assert aces == odds.bid_probability("3x1", blef, unknown=12, exact=True)
    assert fives == odds.bid_probability("6x5", blef, unknown=12, exact=True)
    assert round(float(aces), 2) == 0.32 and round(float(fives), 2) == 0.18
    # means: 2W and F both 4; variances 20/3 and 8/3
    assert 2 * 12 * F(1, 6) == 12 * F(1, 3) == 4
    assert 4 * 12 * F(1, 6) * F(5, 6) == F(20, 3) and 12 * F(1, 3) * F(2, 3) == F(8, 3)
    # lesson 03's warning: a larger variance does not order the tails by itself. Below the mean
    # (at least 1 ace = 2W >= 2 against at least 2 fives = F >= 2) the narrower count is likelier.
    lo_aces, lo_fives = binomial_tail(12, 1, F(1, 6)), binomial_tail(12, 2, F(1, 3))
    assert lo_fives > lo_aces


def test_bayes_rule_for_a_bluffer() -> None:
    """Assessment item 4 (lesson 05): a bluffer's jump bid, Bayes' rule."""
    bluffer = F(1, 10) * F(3, 5)
    honest = F(9, 10) * F(1, 10)
    assert (bluffer, honest) == (F(6, 100), F(9, 100))
    assert bluffer / (bluffer + honest) == F(2, 5)
    assert F(3, 5) / F(1, 10) == 6  # the likelihood ratio


def test_a_simulation_and_its_standard_error() -> None:
    """Assessment item 5 (lesson 02): a simulation of 9 fives from the seat 1, 3, 5, 5, 6."""
    exact = NINE_FIVES
    assert exact == F(5475947, 14348907) and round(float(exact), 4) == 0.3816
    assert exact == odds.bid_probability("9x5", blef, 15, (1, 3, 5, 5, 6), exact=True)
    p = float(exact)
    se = math.sqrt(p * (1 - p) / 10_000)
    assert round(se, 4) == 0.0049 and round(1.96 * se, 4) == 0.0095
    assert abs(0.378 - p) < se  # 0.378 is well inside: 0.0036 away, under one standard error
    assert round((p - 0.206) / se) == 36  # 0.206 is 36 standard errors away
    more_than_six = float(binomial_tail(15, 7, F(1, 3)))  # the bug: count > 6 instead of count >= 6
    assert round(more_than_six, 3) == 0.203
    assert abs(0.206 - more_than_six) < 2 * math.sqrt(more_than_six * (1 - more_than_six) / 10_000)
    # the guide's code, run
    rng = np.random.default_rng(2024)
    dice = rng.integers(1, 7, size=(10_000, 15))
    count = ((dice == 5) | (dice == 1)).sum(axis=1)
    share = (count >= 6).mean()
    assert abs(share - p) < 2 * se


def test_the_law_of_large_numbers() -> None:
    """Assessment item 6 (lesson 06): the law of large numbers."""
    assert (5 + F(270, 3)) / 300 == F(19, 60) and round(19 / 60, 3) == 0.317
    need = 4 * F(1, 6) * F(5, 6) / F(1, 100) ** 2  # 2 sqrt(p(1-p)/N) <= 0.01
    assert need == F(50000, 9) and math.ceil(need) == 5556
    assert 2 * math.sqrt((1 / 6) * (5 / 6) / 5556) <= 0.01 < 2 * math.sqrt((1 / 6) * (5 / 6) / 5555)


def test_the_central_limit_theorem_and_the_continuity_correction() -> None:
    """Assessment item 7 (lesson 06): the central limit theorem, continuity correction."""
    n36 = binomial_tail(36, 16, F(1, 3))
    assert 36 * F(1, 3) == 12 and 36 * F(1, 3) * F(2, 3) == 8
    assert round(math.sqrt(8), 2) == 2.83
    z_cc, z_raw = 3.5 / math.sqrt(8), 4 / math.sqrt(8)
    assert round(z_cc, 3) == 1.237 and round(z_raw, 3) == 1.414
    assert round(float(n36), 3) == 0.109
    assert round(sps.norm.sf(z_cc), 3) == 0.108 and round(sps.norm.sf(z_raw), 3) == 0.079
    assert round(sps.norm.cdf(1.24), 3) == 0.893 and round(sps.norm.cdf(1.41), 3) == 0.921
    assert round(1 - 0.893, 3) == 0.107 and round(1 - 0.921, 3) == 0.079
    approx = stats.normal_approximation(36, 1 / 3)
    assert close(approx.exact[16], float(n36), 1e-12) and close(
        approx.normal[16], sps.norm.sf(z_cc), 1e-9
    )
    # where it fails: at least 5 aces among 6 dice
    five_aces = binomial_tail(6, 5, F(1, 6))
    assert five_aces == F(31, 46656) and round(float(five_aces), 5) == 0.00066
    normal_five_aces = sps.norm.sf((4.5 - 1) / math.sqrt(5 / 6))
    assert round(normal_five_aces, 5) == 0.00006 and 10 < float(five_aces) / normal_five_aces < 11
    assert round(math.sqrt(5 / 6), 2) == 0.91


def test_confidence_against_credible() -> None:
    """Assessment item 8 (lesson 07): confidence against credible."""
    lo, hi = stats.wilson_interval(6, 20)
    assert (round(lo, 3), round(hi, 3)) == (0.145, 0.519)
    blo, bhi = sps.beta.ppf([0.025, 0.975], 7, 15)
    assert (round(blo, 3), round(bhi, 3)) == (0.146, 0.522)
    assert F(7, 7 + 15) == F(7, 22) and round(7 / 22, 3) == 0.318
    # Wilson's coverage at 20 games on a fine grid of rates 0.01..0.99 (step 0.0001)
    grid = np.linspace(0.01, 0.99, 9801)
    cov = np.concatenate(
        [stats.coverage(20, grid[i : i + 2000]) for i in range(0, grid.size, 2000)]
    )
    assert round(cov.min(), 3) == 0.894 and abs(grid[cov.argmin()] - 0.028) < 0.001
    assert round(float(stats.coverage(20, [0.3])[0]), 3) == 0.975
    coarse = stats.coverage(20, np.linspace(0.01, 0.99, 99))
    assert coarse.min() > 0.92  # the old claim came from 99 grid points


def test_a_p_value_then_six() -> None:
    """Assessment item 9 (lesson 08): a p-value, then six of them."""
    pv = stats.binomial_test(9, 20, 0.25)
    assert close(pv, sps.binom.sf(8, 20, 0.25), 1e-12) and round(pv, 3) == 0.041
    assert round(sps.binom.cdf(8, 20, 0.25), 3) == 0.959
    assert round(1 - 0.95**6, 3) == 0.265 and round(0.05 / 6, 4) == 0.0083
    assert stats.bonferroni([pv] + [0.5] * 5) == [False] * 6
    assert stats.binomial_test(8, 20, 0.25) > 0.05  # so the 5% test rejects from 9 wins only
    assert round(1 - (1 - pv) ** 6, 3) == 0.222 and 1 - (1 - pv) ** 6 < 1 - 0.95**6
    aces, fives = binomial_tail(12, 3, F(1, 6)), binomial_tail(12, 6, F(1, 3))  # item 3's givens
    assert round(float(aces), 3) == 0.323 and round(float(fives), 3) == 0.178


def test_the_misconceptions_numbers() -> None:
    """Misconceptions and activities."""
    assert binomial_tail(4, 2, F(1, 3)) == F(11, 27) and binomial_tail(4, 2, F(1, 6)) == F(19, 144)
    assert F(19, 144) / F(11, 27) < F(1, 3)  # less than a third
    assert 1 - F(95, 100) ** 10 == F(4108933742199, 10240000000000)  # about 40%
    assert round(1 - 0.95**10, 2) == 0.40
    assert 20 * F(1, 3) == F(20, 3) and round(20 / 3, 1) == 6.7
    p = float(NINE_FIVES)
    assert round(p, 3) == 0.382 and round(1.96 * math.sqrt(p * (1 - p) / 100), 2) == 0.10
    five_players = odds.bid_probability("9x5", blef, 20, (1, 3, 5, 5, 6), exact=True)
    assert five_players == F(272273737, 387420489)  # five players of five dice: the n = 20 column
    from liarsdice.solver.lp import game_value

    openspiel = ld.preset("openspiel")
    assert F(game_value(openspiel, (1, 1), 3)).limit_denominator(1000) == F(1, 9)
    assert F(game_value(openspiel, (1, 1), 6)).limit_denominator(1000) == F(-7, 258)
    # overlapping intervals, a significant test (lesson 08's misconception, as 08.p_value asks)
    a, b = stats.wilson_interval(54, 80), stats.wilson_interval(40, 80)
    assert a[0] < b[1] and stats.two_proportion_test(54, 80, 40, 80).p_value < 0.05


def test_the_rubric_totals_are_the_points_of_what_each_set_holds() -> None:
    """The rubric's totals: each homework set's exercises scored by kind, as its table says."""
    text = re.sub(r"\s+", " ", GUIDE.read_text(encoding="utf-8"))
    rubric = text.split("### Rubric", 1)[1].split("### The assessment", 1)[0]
    by_kind = {
        kind: int(re.search(rf"\| {kind}[^|]*\| (\d+) \|", rubric).group(1))
        for kind in ("an answer the checker marks", "code", "proof", "open question")
    }
    written = {3: by_kind["open question"]}  # set 3's written question is scored as one
    totals = {}
    for number, (_, ids) in homework_sets(GUIDE.read_text(encoding="utf-8")).items():
        kinds = [find(i).kind for i in ids]
        totals[number] = written.get(number, 0) + sum(
            by_kind["open question" if k == "open" else k]
            if k in ("code", "proof", "open")
            else by_kind["an answer the checker marks"]
            for k in kinds
        )
        assert f"**Homework set {number}** {totals[number]} points" in rubric, number
    core = sum(totals[n] for n in totals if n < len(totals))
    assert f"homework {core} points (sets 1-{len(totals) - 1})" in rubric
    assessment = text.split("### The assessment", 1)[1].split("## ", 1)[0]
    items = [int(n) for n in re.findall(r"\*\((\d+) points?;", assessment)]
    assert len(items) == 9 and sum(items) == 50 and "50 points" in assessment
