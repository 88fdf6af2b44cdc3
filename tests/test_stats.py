"""Tests of liarsdice.stats: intervals and tests against cases worked by hand, and p-values
against brute-force enumeration where the distribution is small."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from liarsdice import odds, stats

Z95 = 1.959963984540054  # the normal's 97.5% quantile


def wilson_by_hand(wins: int, games: int) -> tuple[float, float]:
    """Return the Wilson interval from its formula."""
    p, z = wins / games, Z95
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)
    return centre - half, centre + half


@pytest.mark.parametrize(("wins", "games"), [(50, 100), (0, 10), (10, 10), (3, 17), (120, 400)])
def test_wilson_interval_is_its_formula(wins: int, games: int) -> None:
    low, high = stats.wilson_interval(wins, games)
    expected = wilson_by_hand(wins, games)
    assert low == pytest.approx(max(0, expected[0]), abs=1e-9)
    assert high == pytest.approx(min(1, expected[1]), abs=1e-9)
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)


def test_wald_interval_is_its_formula_and_collapses_at_the_edges() -> None:
    low, high = stats.wald_interval(30, 100)
    half = Z95 * math.sqrt(0.3 * 0.7 / 100)
    assert (low, high) == pytest.approx((0.3 - half, 0.3 + half))
    assert stats.wald_interval(0, 20) == (0.0, 0.0)  # no width at all: it cannot cover p > 0


def test_the_binomial_test_sums_the_exact_tail() -> None:
    tails = odds.binomial_tails(30, Fraction(1, 2), exact=True)
    assert stats.binomial_test(21, 30) == pytest.approx(float(tails[21]), abs=1e-12)
    quarter = odds.binomial_tails(12, Fraction(1, 4), exact=True)
    assert stats.binomial_test(6, 12, 0.25) == pytest.approx(float(quarter[6]), abs=1e-12)
    below = 1 - float(tails[11])  # P(X <= 10)
    assert stats.binomial_test(10, 30, alternative="less") == pytest.approx(below, abs=1e-12)


def test_two_proportions_by_hand() -> None:
    result = stats.two_proportion_test(60, 100, 45, 100)
    pooled = 105 / 200
    z = 0.15 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
    assert result.statistic == pytest.approx(z) and result.difference == pytest.approx(0.15)
    assert result.p_value == pytest.approx(math.erfc(z / math.sqrt(2)))
    greater = stats.two_proportion_test(60, 100, 45, 100, "greater")
    assert greater.p_value == pytest.approx(result.p_value / 2)
    assert stats.two_proportion_test(10, 10, 5, 5).p_value == 1.0


def test_the_permutation_test_equals_enumerating_every_relabelling() -> None:
    a, b = [1, 1, 1, 0, 1], [0, 0, 1, 0]
    pooled, observed = a + b, np.mean(a) - np.mean(b)
    differences = []
    for chosen in itertools.combinations(range(len(pooled)), len(a)):
        first = [pooled[i] for i in chosen]
        second = [pooled[i] for i in range(len(pooled)) if i not in chosen]
        differences.append(np.mean(first) - np.mean(second))
    greater = np.mean([d >= observed - 1e-12 for d in differences])
    less = np.mean([d <= observed + 1e-12 for d in differences])
    result = stats.permutation_test(a, b, rng=np.random.default_rng(0))
    assert result.difference == pytest.approx(observed)
    # 126 relabellings, all enumerated; two-sided is twice the smaller one-sided p-value.
    assert result.p_value == pytest.approx(min(1.0, 2 * min(greater, less)))
    one_sided = stats.permutation_test(a, b, rng=np.random.default_rng(0), alternative="greater")
    assert one_sided.p_value == pytest.approx(greater)


def test_bonferroni() -> None:
    assert stats.bonferroni([0.01, 0.02, 0.2]) == [True, False, False]
    with pytest.raises(ValueError, match="p-values"):
        stats.bonferroni([1.5])


def test_cells_are_pooled_from_the_tails_until_each_expects_five() -> None:
    observed = [0, 2, 9, 20, 12, 5, 1, 1]
    expected = [0.5, 3, 10, 18, 13, 4, 1, 0.5]
    obs, exp, cells = stats.pool_cells(observed, expected)
    assert (exp >= 5).all() and obs.sum() == sum(observed) and exp.sum() == sum(expected)
    assert cells[0] == (0, 2) and cells[-1][1] == 7
    assert [c for pair in cells for c in range(pair[0], pair[1] + 1)] == list(range(8))


def test_a_chi_square_on_a_few_dice_against_every_tally() -> None:
    """Twelve dice, the count of each face: the exact p-value sums every one of the 6^12 rolls,
    grouped into the tallies that give a statistic at least as large."""
    observed = [4, 1, 2, 0, 3, 2]
    fit = stats.chi_square_fit(observed, [1 / 6] * 6, min_expected=0, exact=True)
    expected = 2.0
    by_hand = sum((o - expected) ** 2 / expected for o in observed)
    assert fit.statistic == pytest.approx(by_hand) and fit.dof == 5
    at_least = Fraction(0)
    for tally in itertools.product(range(13), repeat=5):
        last = 12 - sum(tally)
        if last < 0:
            continue
        counts = (*tally, last)
        if sum((c - expected) ** 2 / expected for c in counts) >= by_hand - 1e-9:
            ways = math.factorial(12) // math.prod(math.factorial(c) for c in counts)
            at_least += Fraction(ways, 6**12)
    assert fit.exact_p_value == pytest.approx(float(at_least), abs=1e-12)
    simulated = stats.chi_square_fit(
        observed, [1 / 6] * 6, min_expected=0, simulate=20000, rng=np.random.default_rng(1)
    ).simulated_p_value
    assert abs(simulated - float(at_least)) < 4 * math.sqrt(float(at_least) * 0.7 / 20000) + 1e-3


def test_a_fair_tally_fits_and_a_loaded_one_does_not() -> None:
    rng = np.random.default_rng(3)
    fair = np.bincount(rng.integers(0, 6, size=3000), minlength=6)
    assert stats.chi_square_fit(fair, [1 / 6] * 6).p_value > 0.01
    loaded = np.bincount(
        rng.choice(6, size=3000, p=[0.25, 0.15, 0.15, 0.15, 0.15, 0.15]), minlength=6
    )
    assert stats.chi_square_fit(loaded, [1 / 6] * 6).p_value < 1e-6


@pytest.mark.parametrize("games", [1, 7, 20, 90])
def test_many_intervals_at_once_are_the_single_ones(games: int) -> None:
    wins = np.arange(games + 1)
    for method, single in (("wilson", stats.wilson_interval), ("wald", stats.wald_interval)):
        low, high = stats.intervals(wins, games, method)
        for k in wins:
            assert (low[k], high[k]) == pytest.approx(single(int(k), games), abs=1e-12), (method, k)


def test_coverage_is_the_chance_of_every_win_count_whose_interval_holds_the_rate() -> None:
    games = 12
    for method in stats.METHODS:
        bounds = [stats.intervals(np.array([k]), games, method) for k in range(games + 1)]
        for rate in (0.03, 0.25, 0.5, 0.9):
            by_hand = sum(
                math.comb(games, k) * rate**k * (1 - rate) ** (games - k)
                for k, (low, high) in enumerate(bounds)
                if low[0] <= rate <= high[0]
            )
            assert stats.coverage(games, [rate], method)[0] == pytest.approx(by_hand, abs=1e-12)
    # Near 0 the Wald interval fails: at 20 games and a rate of 0.02, 0 wins (the likeliest
    # outcome, 0.98^20) gives the interval [0, 0], which misses the rate.
    wald, wilson = stats.coverage(20, [0.02], "wald")[0], stats.coverage(20, [0.02])[0]
    assert wald <= 1 - 0.98**20 < 0.35 < 0.9 < wilson


@pytest.mark.parametrize("games", [1, 2, 7, 20, 90, 400])
def test_coverage_on_a_fine_grid_is_the_sum_over_every_win_count(games: int) -> None:
    """The CDF difference stats.coverage takes where the ends rise with k (both methods) equals
    summing P(k wins) over every k whose interval holds the rate, at rates on and near the ends."""
    from scipy.stats import binom

    for method in stats.METHODS:
        low, high = stats.intervals(np.arange(games + 1), games, method)
        ends = np.concatenate([low, high])
        rates = np.unique(np.clip(np.concatenate([ends, ends - 1e-9, ends + 1e-9]), 0, 1))
        rates = np.concatenate([rates, np.linspace(0, 1, 101)])[: 200_000 // (games + 1)]
        pmf = binom.pmf(np.arange(games + 1)[None, :], games, rates[:, None])
        holds = (low[None, :] <= rates[:, None]) & (rates[:, None] <= high[None, :])
        np.testing.assert_allclose(
            stats.coverage(games, rates, method), (pmf * holds).sum(axis=1), atol=1e-12
        )


def test_wilsons_coverage_at_20_games_dips_below_90_percent_near_a_rate_of_0_028() -> None:
    """On a fine grid the 95% Wilson interval's coverage at 20 games falls to 0.894 (near p =
    0.0279) for rates in 0.01..0.99; a grid of 99 rates saw no value below 0.92."""
    fine = np.linspace(0.01, 0.99, 98_001)
    step = stats.MAX_COVERAGE_CELLS // 21
    covered = np.concatenate(
        [stats.coverage(20, fine[i : i + step]) for i in range(0, 98_001, step)]
    )
    assert 0.8939 < covered.min() < 0.8941
    lowest = fine[covered.argmin()]  # p and 1 - p have the same coverage: either is the dip
    assert min(lowest, 1 - lowest) == pytest.approx(0.0279, abs=2e-4)
    assert stats.coverage(20, np.linspace(0.01, 0.99, 99)).min() > 0.92


@pytest.mark.parametrize("games", [1, 5, 10, 20, 37])
def test_wilson_intervals_reach_0_and_1_exactly_so_the_ends_are_covered(games: int) -> None:
    for level in (0.8, 0.95):
        low, high = stats.intervals(np.arange(games + 1), games, "wilson", level)
        assert low[0] == 0.0 and high[games] == 1.0
        assert stats.wilson_interval(games, games, level)[1] == 1.0
        assert stats.coverage(games, [0.0, 1.0], "wilson", level).tolist() == [1.0, 1.0]


def test_the_normal_approximation_against_the_exact_tails() -> None:
    for n, p in (
        (15, Fraction(1, 3)),
        (15, Fraction(1, 6)),
        (4, Fraction(1, 6)),
        (60, Fraction(1, 3)),
    ):
        approx = stats.normal_approximation(n, float(p))
        exact = odds.binomial_tails(n, p, exact=True)
        sigma = math.sqrt(n * p * (1 - p))
        for k in range(n + 1):
            assert approx.exact[k] == pytest.approx(float(exact[k]), abs=1e-12)
            corrected = 0.5 * math.erfc((k - 0.5 - n * p) / (sigma * math.sqrt(2)))
            assert approx.normal[k] == pytest.approx(corrected, abs=1e-12)
        errors = [abs(approx.normal[k] - float(exact[k])) for k in range(n + 1)]
        assert approx.largest_error == pytest.approx(max(errors)) and errors[approx.at] == max(
            errors
        )

    # Poorer for the wild face's p = 1/6 than for a plain face's 1/3, and for few dice.
    def worst(n: int, p: float) -> float:
        return stats.normal_approximation(n, p).largest_error

    assert worst(15, 1 / 6) > worst(15, 1 / 3) and worst(4, 1 / 3) > worst(60, 1 / 3)


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: stats.wilson_interval(11, 10), "wins=11"),
        (lambda: stats.intervals(np.array([3, 11]), 10), "wins=array([ 3, 11])"),
        (lambda: stats.intervals(np.array([3]), 10, "exact"), "method='exact'"),
        (lambda: stats.coverage(10, [1.5]), "shares=[1.5]"),
        (lambda: stats.normal_approximation(10, 1), "p=1"),
        (lambda: stats.wilson_interval(1, 10, confidence=1.5), "confidence=1.5"),
        (lambda: stats.binomial_test(3, 10, share=0), "share=0"),
        (lambda: stats.two_proportion_test(1, 0, 1, 2), "wins=1"),
        (lambda: stats.two_proportion_test(1, 2, 1, 2, "sideways"), "sideways"),
        (lambda: stats.permutation_test([1], [0], rng=5), "rng=5"),
        (lambda: stats.chi_square_fit([1, -1], [0.5, 0.5]), "observed=[1, -1]"),
        (lambda: stats.chi_square_fit([1, 1], [0.6, 0.6]), "summing to 1"),
        (lambda: stats.chi_square_fit([0, 0], [0.5, 0.5]), "empty"),
        (lambda: stats.chi_square_fit([1, 1, 1], [0.2, 0.3, 0.5]), "too few"),
        (
            lambda: stats.chi_square_fit([30] * 6, [1 / 6] * 6, min_expected=0, exact=True),
            "simulate",
        ),
    ],
)
def test_bad_input_is_refused_quoting_it(call, quoted: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert quoted in str(info.value)


# ----- hostile input (issue 14): refused at once, quoting it -----------------------------------


from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError  # noqa: E402

HUGE = 10**5000
NAN = float("nan")
RNG = np.random.default_rng(0)


@pytest.mark.parametrize(
    ("call", "kind", "shown"),
    [
        # the example: a math domain error before
        (lambda: stats.wilson_interval(11, 10), ValueError, "wins=11"),
        (lambda: stats.wald_interval(11, 10), ValueError, "wins=11"),
        (lambda: stats.wilson_interval(3, HUGE), ValueError, f"games={quote(HUGE)}"),
        (lambda: stats.wilson_interval(3, 10**10), ValueError, "10000000000"),
        (lambda: stats.wilson_interval("3", 10), ArgumentTypeError, "'3'"),
        (lambda: stats.wilson_interval(3.0, 10), ArgumentTypeError, "3.0"),
        (lambda: stats.wilson_interval(True, 10), ArgumentTypeError, "True"),
        (lambda: stats.wilson_interval(3, 10, NAN), ValueError, "nan"),
        (lambda: stats.wilson_interval(3, 10, "0.95"), ArgumentTypeError, "'0.95'"),
        (lambda: stats.wald_interval(3, 10, None), ArgumentTypeError, "None"),
        (lambda: stats.wald_interval(3, 10, 1j), ArgumentTypeError, "1j"),
        (lambda: stats.intervals([1, 2], 10, "wilson", NAN), ValueError, "nan"),
        (lambda: stats.intervals([1.5], 10), ArgumentTypeError, "[1.5]"),
        (lambda: stats.intervals("12", 10), ArgumentTypeError, "'12'"),
        (lambda: stats.intervals([[1, 2], [1]], 10), ArgumentTypeError, "[[1, 2], [1]]"),
        (lambda: stats.intervals([HUGE], 10), ArgumentTypeError, f"wins={quote([HUGE])}"),
        (lambda: stats.intervals([1], 10, None), ArgumentTypeError, "None"),
        (lambda: stats.intervals([1], 10, ["wilson"]), ArgumentTypeError, "['wilson']"),
        (lambda: stats.intervals([1], 0), ValueError, "games=0"),
        (lambda: stats.coverage(10, [NAN]), ValueError, "nan"),
        (lambda: stats.coverage(10, ["0.5"]), ArgumentTypeError, "'0.5'"),
        (lambda: stats.coverage(10, 0.5), ArgumentTypeError, "0.5"),
        (lambda: stats.coverage(10**8, [0.5]), ValueError, "MAX_COVERAGE_CELLS"),
        (lambda: stats.coverage(2.5, [0.5]), ArgumentTypeError, "2.5"),
        (lambda: stats.normal_approximation(10, NAN), ValueError, "nan"),
        (lambda: stats.normal_approximation(10, "0.3"), ArgumentTypeError, "'0.3'"),
        (lambda: stats.normal_approximation(10**7, 0.3), ValueError, "10000000"),
        (lambda: stats.binomial_test(3, 10, NAN), ValueError, "nan"),
        (lambda: stats.binomial_test(3, 10, True), ArgumentTypeError, "True"),
        (lambda: stats.binomial_test(3, 10, 0.5, None), ArgumentTypeError, "None"),
        (lambda: stats.binomial_test(3, 10**10), ValueError, "10000000000"),
        (lambda: stats.two_proportion_test(1, 2, 1, 0), ValueError, "wins=1"),
        (lambda: stats.two_proportion_test(0, 0, 0, 2), ValueError, "games_a=0"),
        (lambda: stats.two_proportion_test(1, 2, 1, 2.0), ArgumentTypeError, "2.0"),
        (lambda: stats.permutation_test([1, "x"], [0], rng=RNG), ArgumentTypeError, "'x'"),
        (lambda: stats.permutation_test(["1"], [0], rng=RNG), ArgumentTypeError, "['1']"),
        (lambda: stats.permutation_test([1, NAN], [0], rng=RNG), ValueError, "nan"),
        (lambda: stats.permutation_test([], [0], rng=RNG), ValueError, "a=[]"),
        (lambda: stats.permutation_test([1, 0], (5,), rng=RNG), ValueError, "b=(5,)"),
        (lambda: stats.permutation_test([1], None, rng=RNG), ArgumentTypeError, "None"),
        (lambda: stats.permutation_test([1, 0], [0, 1], 2.5, RNG), ArgumentTypeError, "2.5"),
        (lambda: stats.permutation_test([1, 0], [0, 1], 10**7, RNG), ValueError, "10000000"),
        (lambda: stats.permutation_test(np.ones(10**4), np.zeros(10**4), 999, RNG), ValueError,
         "MAX_CELLS_COMPUTED"),
        (lambda: stats.permutation_test([1, 0], [0, 1], rng=RNG, alternative=1), ArgumentTypeError,
         "alternative=1"),
        (lambda: stats.bonferroni([0.01, NAN]), ValueError, "nan"),
        (lambda: stats.bonferroni(["0.01"]), ArgumentTypeError, "['0.01']"),
        (lambda: stats.bonferroni([True]), ArgumentTypeError, "[True]"),
        (lambda: stats.bonferroni(0.01), ArgumentTypeError, "0.01"),
        (lambda: stats.bonferroni([]), ValueError, "[]"),
        (lambda: stats.bonferroni([0.01], alpha="0.05"), ArgumentTypeError, "'0.05'"),
        (lambda: stats.bonferroni([0.01], alpha=NAN), ValueError, "nan"),
        (lambda: stats.pool_cells([1, NAN], [2, 2]), ValueError, "nan"),
        (lambda: stats.pool_cells([1, 2], [2, NAN]), ValueError, "nan"),
        (lambda: stats.pool_cells([1, 2], [2, -2]), ValueError, "[2, -2]"),
        (lambda: stats.pool_cells(["1", "2"], [2, 2]), ArgumentTypeError, "['1', '2']"),
        (lambda: stats.pool_cells([1, 2], [2, 2], NAN), ValueError, "nan"),
        (lambda: stats.pool_cells([1, 2], [2, 2], None), ArgumentTypeError, "None"),
        (lambda: stats.pool_cells([0] * 10**5, [1] * 10**5), ValueError, "MAX_CELLS"),
        (lambda: stats.pool_cells([1], [1, 2]), ValueError, "[1, 2]"),
        (lambda: stats.chi_square_fit([1, 2.5], [0.5, 0.5]), ValueError, "2.5"),
        (lambda: stats.chi_square_fit(["1", "2"], [0.5, 0.5]), ArgumentTypeError, "'1'"),
        (lambda: stats.chi_square_fit([1, 2], [NAN, 0.5]), ValueError, "nan"),
        (lambda: stats.chi_square_fit([10, 10], [0.5, 0.5], exact="no"), ArgumentTypeError,
         "'no'"),
        (lambda: stats.chi_square_fit([10, 10], [0.5, 0.5], simulate=2.5, rng=RNG),
         ArgumentTypeError, "2.5"),
        (lambda: stats.chi_square_fit([10, 10], [0.5, 0.5], simulate=10, rng=7), ArgumentTypeError,
         "rng=7"),
        (lambda: stats.chi_square_fit([10] * 1000, [1 / 1000] * 1000, simulate=10**4, rng=RNG),
         ValueError, "MAX_CELLS_COMPUTED"),
        (lambda: stats.chi_square_fit([10**12, 10**12], [0.5, 0.5], simulate=10, rng=RNG),
         ValueError, "MAX_COUNT"),
        (lambda: stats.chi_square_fit([1] * 2000, [1 / 2000] * 2000), ValueError, "MAX_CELLS"),
    ],
    ids=lambda v: "call" if callable(v) and not isinstance(v, type) else quote(v, 30),
)  # fmt: skip
def test_hostile_input_is_refused_quoting_it(call, kind, shown: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert shown in str(info.value)


def test_numbers_of_other_kinds_are_taken() -> None:
    assert stats.wilson_interval(np.int64(3), 10, np.float64(0.95)) == stats.wilson_interval(3, 10)
    assert stats.wald_interval(3, 10, Fraction(19, 20)) == stats.wald_interval(3, 10)
    assert stats.bonferroni([Fraction(1, 100), 0.2]) == [True, False]
    outcomes = stats.permutation_test([True, True, False], [False, False], 99, RNG)
    assert 0 <= outcomes.p_value <= 1


def test_every_p_value_is_a_probability_at_the_limits() -> None:
    assert 0 <= stats.binomial_test(3 * 10**8, 10**9, 0.3001, "two-sided") <= 1
    approx = stats.normal_approximation(10**6, 1e-300)
    assert ((approx.exact >= 0) & (approx.exact <= 1)).all()
    covered = stats.coverage(stats.MAX_COVERAGE_CELLS - 1, [0.5])
    assert 0 <= covered[0] <= 1
    fit = stats.chi_square_fit([10] * 1000, [1 / 1000] * 1000, simulate=1000, rng=RNG)
    assert 0 <= fit.p_value <= 1 and 0 <= fit.simulated_p_value <= 1


# ----- the split modules (issue 23, item 8): one piece serves stats and sampling --------------


def test_stats_re_exports_the_objects_of_its_modules() -> None:
    from liarsdice import stats_chi_square, stats_intervals, stats_normal, stats_tests

    modules = (stats_chi_square, stats_intervals, stats_normal, stats_tests)
    for name in stats.__all__:
        homes = [m for m in modules if hasattr(m, name)]
        assert all(getattr(m, name) is getattr(stats, name) for m in homes), name


def test_standard_error_serves_the_wald_interval_and_the_band() -> None:
    from liarsdice.sampling import half_width
    from liarsdice.stats_intervals import standard_error, z_score

    low, high = stats.wald_interval(30, 100)
    assert (high - low) / 2 == pytest.approx(z_score(0.95) * standard_error(0.3, 100))
    assert z_score(0.95) == pytest.approx(Z95)
    assert half_width(np.array([100, 400]), 0.3) == pytest.approx(
        2 * standard_error(0.3, np.array([100.0, 400.0]))
    )


def test_normal_tails_are_the_approximation_and_their_differences_the_pmf() -> None:
    from liarsdice.sampling import normal_pmf
    from liarsdice.stats_normal import normal_tails

    approx = stats.normal_approximation(20, 1 / 3)
    assert normal_tails(20, 1 / 3, np.arange(21)) == pytest.approx(approx.normal)
    pmf = normal_pmf(20, 1 / 3)
    assert pmf == pytest.approx(-np.diff(normal_tails(20, 1 / 3, np.arange(22))))


@pytest.mark.parametrize(("total", "cells"), [(0, 1), (3, 1), (4, 3), (6, 6)])
def test_number_of_tallies_counts_them_by_enumeration(total: int, cells: int) -> None:
    from liarsdice.stats_chi_square import number_of_tallies

    every = itertools.product(range(total + 1), repeat=cells)
    assert number_of_tallies(total, cells) == sum(sum(t) == total for t in every)
