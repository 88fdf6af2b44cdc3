"""Benchmark: fitting a seat (liarsdice.profiles) and the adaptive bot (prints tables; not a test).

1. Speed: fitting one seat over 100 four-player Blef games, every family, a 200-point grid
   (the median of several runs, games loaded once). Target: all families under 2 s.
2. Coverage: seeded games in which seat 0 is ModelBot(quantal(beta)) or
   ModelBot(trembling(expected_loss, eps)) with a known value, fitted over many seeded runs:
   the mean estimate, the coverage of the 90% and 95% profile-likelihood and credible
   intervals (each with its 95% Wilson interval: coverage is a binomial share of runs), the
   mean 95% width, and the games needed for a 95% interval as wide as half the true value
   (width ~ 1/sqrt(games), scaled from the runs' mean width).
3. Does adapting win? AdaptiveBayesBot against a fixed-model BayesBot, each in the same seat
   of the same seeded games (the other seats: ModelBot(quantal(3)), ModelBot(quantal(40)) and
   a BayesBot, where reading each seat by its own beta could matter, and BayesBot's usual
   opponents ThresholdBot, ExpectedLossBot, RandomBot): win rates with Wilson intervals, the
   two-proportion z-test (which treats the two samples as independent; they are paired by
   seed, so it is conservative here), and the exact sign test on the seeds where only one of
   them won (the paired test). Two comparisons: Bonferroni's 0.025 each.

Run: python benchmarks/profiles.py [--quick] [--runs N] [--games N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from timing import median_seconds, print_table

from liarsdice import inference, profiles
from liarsdice.agents import BayesBot, ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.bots_adaptive import AdaptiveBayesBot
from liarsdice.bots_model import ModelBot
from liarsdice.match import play_game
from liarsdice.stats import binomial_test, two_proportion_test, wilson_interval


def model_games(model: object, games: int, seed: int) -> list:
    """Return `games` seeded 4-player Blef games, seat 0 ModelBot(model), the rest fixed bots."""
    return [
        play_game(
            "blef",
            [ModelBot(model, seed + i), ExpectedLossBot(), ThresholdBot(), RandomBot(seed + i)],
            seed=seed + i,
        )
        for i in range(games)
    ]


def speed_rows(repeats: int) -> list[list[object]]:
    """Return one row per family: decisions and median seconds to fit seat 0 over 100 games."""
    games = model_games(inference.quantal(5.0), 100, 0)
    rows, total = [], 0.0
    for family in profiles.FAMILIES:
        if family == "equilibrium":
            rows.append([family, "-", "does not apply (4 players)"])
            continue
        fit = profiles.fit(games, 0, family, grid=200)
        seconds = median_seconds(lambda f=family: profiles.fit(games, 0, f, grid=200), repeats)
        total += seconds
        rows.append([family, fit.decisions, f"{seconds:.2f}"])
    rows.append(["all families (target < 2 s)", "", f"{total:.2f}"])
    compare = median_seconds(lambda: profiles.compare(games, 0), repeats)
    rows.append(["compare (every family, default grid)", "", f"{compare:.2f}"])
    return rows


def coverage_row(label: str, family: str, truth: float, model: object, runs: int, games: int):
    """Return the coverage row of one true value: `runs` seeded runs of `games` games each."""
    estimates, widths = [], []
    covered = {key: 0 for key in ("pl90", "pl95", "cr90", "cr95")}
    for run in range(runs):
        played = model_games(model, games, 10_000 * (run + 1))
        for level in (0.9, 0.95):
            fit = profiles.fit(played, 0, family, level=level)
            tag = f"{round(level * 100)}"
            covered["pl" + tag] += fit.interval[0] <= truth <= fit.interval[1]
            covered["cr" + tag] += fit.credible[0] <= truth <= fit.credible[1]
        estimates.append(fit.estimate)
        widths.append(fit.interval[1] - fit.interval[0])

    def share(key: str) -> str:
        low, high = wilson_interval(covered[key], runs)
        return f"{covered[key] / runs:.2f} [{low:.2f}, {high:.2f}]"

    width = float(np.mean(widths))
    needed = games * (width / (truth / 2)) ** 2
    return [
        label, f"{np.mean(estimates):.3g}", share("pl90"), share("pl95"), share("cr90"),
        share("cr95"), f"{width:.3g}", f"{needed:.0f}",
    ]  # fmt: skip


def coverage_rows(runs: int, games: int) -> list[list[object]]:
    """Return the coverage table's rows for beta 2, 5, 10 and epsilon 0.05, 0.2."""
    rows = []
    for beta in (2.0, 5.0, 10.0):
        rows.append(
            coverage_row(f"quantal beta={beta:g}", "quantal", beta, inference.quantal(beta),
                         runs, games)
        )  # fmt: skip
    for eps in (0.05, 0.2):
        model = inference.trembling(ExpectedLossBot(), eps)
        rows.append(coverage_row(f"trembling eps={eps:g}", "trembling", eps, model, runs, games))
    return rows


def duel(others: list, games: int) -> list[tuple[bool, bool]]:
    """Return, per seed, whether seat 0 won as AdaptiveBayesBot and as BayesBot, with the
    same other seats (seat 0 opens or not as the seed draws; same seeds for both)."""
    results = []
    for seed in range(games):
        seated = [bot.reseeded(seed) for bot in others]
        adaptive = play_game("blef", [AdaptiveBayesBot(), *seated], seed=seed).winner == 0
        seated = [bot.reseeded(seed) for bot in others]
        fixed = play_game("blef", [BayesBot(), *seated], seed=seed).winner == 0
        results.append((adaptive, fixed))
    return results


def adaptive_rows(games: int) -> list[list[object]]:
    """Return one row per table: adaptive's and fixed BayesBot's win rates and the tests."""
    tables = {
        "quantal(3), quantal(40), bayes": [
            ModelBot(inference.quantal(3.0)),
            ModelBot(inference.quantal(40.0)),
            BayesBot(),
        ],
        "threshold, expected_loss, random": [ThresholdBot(), ExpectedLossBot(), RandomBot()],
    }
    rows = []
    for label, others in tables.items():
        results = duel(others, games)
        a = sum(x for x, _ in results)
        b = sum(y for _, y in results)
        only_a = sum(x and not y for x, y in results)
        only_b = sum(y and not x for x, y in results)
        z = two_proportion_test(a, games, b, games)
        discordant = only_a + only_b
        sign = binomial_test(only_a, discordant, 0.5, "two-sided") if discordant else 1.0
        ia, ib = wilson_interval(a, games), wilson_interval(b, games)
        rows.append([
            label, f"{a / games:.3f} [{ia[0]:.3f}, {ia[1]:.3f}]",
            f"{b / games:.3f} [{ib[0]:.3f}, {ib[1]:.3f}]", f"{z.p_value:.3f}",
            f"{only_a}:{only_b}", f"{sign:.3f}",
        ])  # fmt: skip
    return rows


def main() -> None:
    """Print the three tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and games")
    parser.add_argument("--runs", type=int, default=None, help="coverage runs per value")
    parser.add_argument("--games", type=int, default=None, help="adaptive duel games per table")
    args = parser.parse_args()
    runs = args.runs or (20 if args.quick else 80)
    duels = args.games or (30 if args.quick else 120)
    start = time.perf_counter()
    print("Fitting seat 0 over 100 four-player Blef games, 200-point grid (median seconds)")
    print_table(["family", "decisions", "seconds"], speed_rows(3 if args.quick else 5))
    print(
        f"\nCoverage: {runs} seeded runs of 10 four-player Blef games per true value; [95% Wilson]"
    )
    print_table(
        ["true value", "mean est.", "PL 90%", "PL 95%", "cred. 90%", "cred. 95%",
         "95% width", "games for width true/2"],
        coverage_rows(runs, 10),
    )  # fmt: skip
    print(f"\nAdaptive against fixed BayesBot in seat 0, {duels} paired seeded 4-player games")
    print_table(
        ["other seats", "adaptive wins [95%]", "bayes wins [95%]", "z-test p", "only A:only B",
         "sign test p"],
        adaptive_rows(duels),
    )  # fmt: skip
    print("Two comparisons: significant at 0.05 overall needs p < 0.025 (Bonferroni).")
    print(f"\n({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
