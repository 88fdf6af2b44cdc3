"""Benchmark: how fast the engine plays whole games between bots (prints a table; not a test).

1,000 seeded 4-player Blef games between ThresholdBots in one process, repeated a few times
(each repeat with new seeds, so new games): games per second and decisions (moves) per second,
the median of the repeats beside the first repeat, which starts with empty odds caches.
A second row times RandomBots (the engine with almost no bot cost), a third ExpectedLossBots
(each decision costs every cheapest raise, from cached rows of settled losses; target: at
least 100 four-player blef games per second on one core).

Run: python benchmarks/engine.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import time

from timing import print_table

from liarsdice.agents import ExpectedLossBot, RandomBot, ThresholdBot
from liarsdice.tournament import tournament


def time_games(bots: list, games: int, seed: int) -> tuple[float, int]:
    """Return the seconds taken by `games` seeded games and the moves made in them."""
    start = time.perf_counter()
    result = tournament(bots, games=games, rules="blef", seed=seed, progress=False)
    return time.perf_counter() - start, result.decisions


def main() -> None:
    """Print one row per line-up of bots: first-run and median games/s, median decisions/s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    lineups = {
        "4 x ThresholdBot": ([ThresholdBot()] * 4, args.games),
        "4 x RandomBot": ([RandomBot()] * 4, args.games),
        "4 x ExpectedLossBot": ([ExpectedLossBot()] * 4, args.games),
    }
    rows = []
    for name, (bots, count) in lineups.items():
        runs = [time_games(bots, count, seed=run) for run in range(args.repeats)]
        games = [count / seconds for seconds, _ in runs]
        moves = [decisions / seconds for seconds, decisions in runs]
        rows.append(
            [
                name,
                count,
                f"{games[0]:.0f}",
                f"{statistics.median(games):.0f}",
                f"{statistics.median(moves):.0f}",
                f"{sum(d for _, d in runs) / (count * args.repeats):.1f}",
            ]
        )
    print(f"blef, 4 players, median of {args.repeats} runs, one process")
    header = ["bots", "games", "first run games/s", "games/s", "decisions/s", "moves/game"]
    print_table(header, rows)


if __name__ == "__main__":
    main()
