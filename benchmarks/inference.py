"""Benchmark: reading bids (liarsdice.inference) and the bot that does it (prints tables; not a test).

1. Speed of posterior + bid_probability on a 6-player, 5-dice Blef table after a 12-bid round:
   quantal (vectorised over hands and actions), UNIFORM in exact Fractions, and an outside
   callable model (called once per move and distinct hand). Target: quantal under 20 ms.
2. BayesBot's time per 4-player Blef game (four BayesBots). Target: under 1 s.
3. Does reading bids win? Seeded heads-up duels of BayesBot against ThresholdBot and
   ExpectedLossBot under blef and perudo, and a 4-player blef table, each win rate with its
   95% Wilson interval and a one-sided exact binomial p-value against a fair share.
4. With --sweep: BayesBot's heads-up win rates for several beta (how BAYES_BETA was chosen).

Run: python benchmarks/inference.py [--games N] [--sweep] [--workers W]
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

from timing import median_seconds, print_table

import liarsdice as ld
from liarsdice import inference, odds
from liarsdice.agents import BAYES_BETA, BayesBot, ExpectedLossBot, ThresholdBot
from liarsdice.tournament import tournament


def twelve_bid_view() -> ld.view.View:
    """Return a seat's view of a 6-player, 5-dice Blef round after 12 bids (seeded bots)."""
    for seed in range(100):
        game = ld.Game(ld.preset("blef"), 6, seed)
        bots = [ThresholdBot(0.05)] * 6  # challenges almost never: the round goes on
        while len(game.view_all().history) < 12 and not game.results:
            game.apply(bots[game.current_player].act(game.view(game.current_player)))
        if not game.results:
            return game.view(game.current_player)
    raise RuntimeError("no seed gave a 12-bid round")


def speed_rows(repeats: int) -> list[list[object]]:
    """Return one row per way of reading the 12-bid round: the median milliseconds."""
    view = twelve_bid_view()
    quantal = inference.quantal(BAYES_BETA)

    def outside(seen: ld.view.View) -> dict:
        """A model from outside the package: the generic path calls it per move and hand."""
        return quantal(seen)

    ways = {
        f"quantal({BAYES_BETA:g}), floats": (quantal, False),
        "UNIFORM, exact Fractions": (inference.UNIFORM, True),
        "an outside callable (quantal), floats": (outside, False),
    }
    rows = []
    for label, (model, exact) in ways.items():

        def read(model: object = model, exact: bool = exact) -> None:
            belief = inference.Belief(view, model, exact)
            belief.posterior()
            belief.bid_probability(view.previous)

        rows.append([label, f"{median_seconds(read, repeats) * 1000:.1f}"])
    return rows


def game_seconds(games: int) -> float:
    """Return the median seconds per 4-player Blef game of four BayesBots (one game a run)."""
    times = []
    for seed in range(games):
        start = time.perf_counter()
        tournament([BayesBot()] * 4, games=1, rules="blef", seed=seed, progress=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def p_value(wins: int, games: int, share: Fraction) -> float:
    """Return P(Binomial(games, share) >= wins): the one-sided exact p-value of no edge."""
    return float(odds.binomial_tails(games, share, exact=True)[wins])


def duel_rows(games: int, workers: int, betas: list[float]) -> list[list[object]]:
    """Return one row per duel or table: games, BayesBot's wins, rate, interval, p-value."""
    rows = []
    for beta in betas:
        lineups = [
            (rules, [BayesBot(beta), other])
            for rules in ("blef", "perudo")
            for other in (ThresholdBot(), ExpectedLossBot())
        ]
        if len(betas) == 1:
            lineups.append(
                ("blef", [BayesBot(beta), ExpectedLossBot(), ThresholdBot(), ThresholdBot()])
            )
        for rules, bots in lineups:
            result = tournament(
                bots, games=games, rules=rules, seed=2026, workers=workers, progress=False
            )
            low, high = result.intervals[0]
            fair = Fraction(1, len(bots))
            against = ", ".join(b.name for b in bots[1:])
            rows.append([
                f"{beta:g}", rules, against, result.games, result.wins[0],
                f"{result.win_rates[0]:.3f}", f"[{low:.3f}, {high:.3f}]", f"{float(fair):.2f}",
                f"{p_value(result.wins[0], result.games, fair):.1e}",
            ])  # fmt: skip
    return rows


def main() -> None:
    """Print the speed table, the game time and the tournaments (and the beta sweep)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per duel")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sweep", action="store_true", help="also sweep beta")
    args = parser.parse_args()
    print("Reading a 6-player, 5-dice Blef round after 12 bids: posterior + bid_probability")
    print_table(["model", "median ms"], speed_rows(args.repeats))
    print(f"\nFour BayesBots, 4-player Blef: median {game_seconds(20):.2f} s per game (20 games)\n")
    header = [
        "beta",
        "rules",
        "against",
        "games",
        "wins",
        "rate",
        "95% Wilson",
        "fair",
        "p (one-sided)",
    ]
    print(f"BayesBot(beta={BAYES_BETA:g}) against the other bots, seeded (seed 2026)")
    print_table(header, duel_rows(args.games, args.workers, [BAYES_BETA]))
    if args.sweep:
        print("\nThe beta sweep (heads-up duels)")
        print_table(header, duel_rows(args.games, args.workers, [2.0, 5.0, 10.0, 20.0]))


if __name__ == "__main__":
    main()
