"""Playing bots against each other: one game, or a tournament of many seeded games.

- play_game(rules, bots, seed, players=None): a finished Game, bot i at seat i (the match
  loop of liarsdice.match, which every game here goes through).
- tournament(bots, games, rules, seed, workers, progress): N games, any mix of bots and
  presets; game i is seeded on its own (numpy SeedSequence(seed).spawn), so the results are
  the same in one process or spread over `workers` processes.
- TournamentResult: per-game records and per-bot wins, win rates and 95% Wilson intervals;
  it shows itself as an HTML table.
- wilson_interval(wins, games): the Wilson score interval of a win rate (from liarsdice.stats).

Seats rotate from game to game (game i puts bot j at seat (i + j) mod players), so every bot
sits in every seat equally often over a multiple of the number of players; who opens the first
round is drawn from the game's seed, and the rules choose the later openers. The rotation keeps
the order around the table (bot j + 1 always acts right after bot j).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from liarsdice.agents import Bot
from liarsdice.checks import check_integer
from liarsdice.match import play_game
from liarsdice.rules import Rules, resolve
from liarsdice.stats import wilson_interval


@dataclass(frozen=True)
class GameRecord:
    """One tournament game: its seed, rules, which bot sat where, and the outcome."""

    index: int
    seed: int
    rules: str  # the preset name, or "custom"
    seating: tuple[int, ...]  # seating[seat] = the index of the bot in that seat
    winner: int  # the index of the winning bot
    rounds: int
    decisions: int


@dataclass(frozen=True)
class TournamentResult:
    """The games of a tournament and each bot's wins, win rate and 95% Wilson interval."""

    names: tuple[str, ...]
    records: tuple[GameRecord, ...] = field(repr=False)

    @property
    def games(self) -> int:
        """Return the number of games played."""
        return len(self.records)

    @property
    def wins(self) -> tuple[int, ...]:
        """Return each bot's number of wins."""
        counts = np.bincount([r.winner for r in self.records], minlength=len(self.names))
        return tuple(int(c) for c in counts)

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Return each bot's share of the games won."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Return each bot's 95% Wilson interval of its win rate."""
        return tuple(wilson_interval(w, self.games) for w in self.wins)

    @property
    def decisions(self) -> int:
        """Return the number of moves made in all the games."""
        return sum(r.decisions for r in self.records)

    def rows(self) -> list[dict]:
        """Return one dict per bot: name, wins, games, win_rate, low, high."""
        return [
            {"name": n, "wins": w, "games": self.games, "win_rate": r, "low": lo, "high": hi}
            for n, w, r, (lo, hi) in zip(self.names, self.wins, self.win_rates, self.intervals)
        ]

    def __str__(self) -> str:
        lines = [f"{self.games} games"]
        width = max(map(len, self.names))
        for row in self.rows():
            lines.append(
                f"  {row['name']:<{width}} {row['wins']:>6} wins  {row['win_rate']:6.1%}  "
                f"95% CI [{row['low']:.1%}, {row['high']:.1%}]"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """Return the per-bot results as an HTML table."""
        body = "".join(
            f"<tr><td>{html.escape(r['name'])}</td><td>{r['wins']}</td><td>{r['win_rate']:.1%}"
            f"</td><td>[{r['low']:.1%}, {r['high']:.1%}]</td></tr>"
            for r in self.rows()
        )
        return (
            f"<table><caption>{self.games} games</caption><tr><th>bot</th><th>wins</th>"
            f"<th>win rate</th><th>95% interval</th></tr>{body}</table>"
        )


def _bot_names(bots: Sequence[Bot]) -> tuple[str, ...]:
    """Return a distinct label per bot: its repr, numbered where two are the same."""
    labels = [repr(b) for b in bots]
    return tuple(
        f"{label} #{i}" if labels.count(label) > 1 else label for i, label in enumerate(labels)
    )


def _game_seeds(seed: int, games: int, bots: int) -> list[list[int]]:
    """Return per game the game's seed and one seed per bot, each game from its own child."""
    children = np.random.SeedSequence(seed).spawn(games)
    return [[int(s) for s in child.generate_state(1 + bots, np.uint64)] for child in children]


def _play_one(job: tuple) -> GameRecord:
    """Return the record of one tournament game (a top-level function, for worker processes)."""
    index, seeds, rules, bots = job
    players = len(bots)
    seating = tuple((seat - index) % players for seat in range(players))
    seated = [bots[b].reseeded(seeds[1 + b]) for b in seating]
    game = play_game(rules, seated, seeds[0])
    return GameRecord(
        index,
        seeds[0],
        rules.preset_name or "custom",
        seating,
        seating[game.winner],
        game.round,
        len(game.actions),
    )


def _play_chunk(jobs: list[tuple]) -> list[GameRecord]:
    """Return the records of a list of games."""
    return [_play_one(job) for job in jobs]


def tournament(
    bots: Sequence[Bot],
    games: int = 100,
    rules: Rules | str | Sequence[Rules | str] = "blef",
    seed: int = 0,
    workers: int = 1,
    progress: bool = True,
) -> TournamentResult:
    """Return the results of `games` seeded games between `bots` (one seat each).

    Args:
        bots: the players; their number is the number of seats.
        games: how many games; game i uses rules[i % len(rules)] when given several.
        rules: a preset name, a Rules, or a list of them to mix.
        seed: seeds every game through numpy's SeedSequence (one child per game).
        workers: processes to spread the games over; the results do not depend on it.
        progress: show a progress bar (tqdm.auto: a terminal bar or a notebook widget).
    """
    mix = [rules] if isinstance(rules, Rules | str) else list(rules)
    mix = [resolve(r) for r in mix]
    if not bots or not mix:
        raise ValueError("tournament: give at least one bot and one rule set")
    for r in mix:
        r.start_dice(len(bots))  # raises ValueError quoting a number of seats the rules refuse
    games = check_integer("games", games, low=1)
    workers = check_integer("workers", workers, low=1)
    seed = check_integer("seed", seed, low=0)
    seeds = _game_seeds(seed, games, len(bots))
    jobs = [(i, seeds[i], mix[i % len(mix)], tuple(bots)) for i in range(games)]
    records: list[GameRecord] = []
    with tqdm(total=games, disable=not progress, desc="games", leave=False) as bar:
        if workers == 1:
            for job in jobs:
                records.append(_play_one(job))
                bar.update()
        else:
            size = max(1, math.ceil(games / (workers * 8)))
            chunks = [jobs[i : i + size] for i in range(0, games, size)]
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for chunk in pool.map(_play_chunk, chunks):
                    records.extend(chunk)
                    bar.update(len(chunk))
    return TournamentResult(_bot_names(bots), tuple(records))
