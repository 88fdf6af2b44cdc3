"""Playing bots against each other: one game, or a tournament of many seeded games.

- play_game(rules, bots, seed, players=None): a finished Game, bot i at seat i (the match
  loop of liarsdice.match, which every game here goes through).
- tournament(bots, games, rules, seed, workers, progress, executor=None): N games, any mix of
  bots and presets; game i is seeded on its own (the i-th child of numpy's SeedSequence(seed),
  drawn when the game is played), so the results are the same in one process, spread over
  `workers` processes, or sent in chunks to any concurrent.futures.Executor (threads,
  processes, or a Dask cluster through distributed.Client(...).get_executor()).
- TournamentResult: per-game records and per-bot wins, win rates and 95% Wilson intervals;
  it shows itself as an HTML table.
- wilson_interval(wins, games): the Wilson score interval of a win rate (from liarsdice.stats).

Seats rotate from game to game (game i puts bot j at seat (i + j) mod players), so every bot
sits in every seat equally often over a multiple of the number of players; who opens the first
round is drawn from the game's seed, and the rules choose the later openers. The rotation keeps
the order around the table (bot j + 1 always acts right after bot j).

Limits: games 1..limits.MAX_GAMES; seed 0..limits.MAX_SEED (None refused); workers
1..os.cpu_count() (1..MAX_EXECUTOR_WORKERS with an executor, which may span machines); bots
2..rules.max_players (at most 20); at most MAX_RULE_SETS rule sets.
"""

from __future__ import annotations

import html
import math
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
)
from dataclasses import dataclass, field
from typing import TypedDict

import numpy as np
from tqdm.auto import tqdm

from liarsdice.agents import Bot
from liarsdice.checks import check_flag, check_integer, check_seed, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_GAMES
from liarsdice.match import play_game
from liarsdice.rules import Rules, resolve
from liarsdice.stats import wilson_interval

MAX_RULE_SETS = 10_000  # rule sets in one tournament's mix
MAX_EXECUTOR_WORKERS = 10_000  # workers= with an executor (a cluster may have more than our cores)
CHUNKS_PER_WORKER = 8  # the games are cut into about this many chunks per worker

# One game to play: (index, seeds, rules, bots); a chunk of them: (start, stop, seed, mix, bots).
_Job = tuple[int, list[int], Rules, tuple[Bot, ...]]
_Chunk = tuple[int, int, int, tuple[Rules, ...], tuple[Bot, ...]]


class TournamentRow(TypedDict):
    """One bot's line of TournamentResult.rows()."""

    name: str
    wins: int
    games: int
    win_rate: float
    low: float
    high: float


def max_workers() -> int:
    """Return the most worker processes a tournament may use: os.cpu_count() (1 if unknown)."""
    return os.cpu_count() or 1


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

    def rows(self) -> list[TournamentRow]:
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


def _game_seeds(seed: int, index: int, bots: int) -> list[int]:
    """Return game `index`'s seed and one seed per bot, from the index-th child of
    SeedSequence(seed) (the child SeedSequence.spawn would give), made when needed."""
    child = np.random.SeedSequence(seed, spawn_key=(index,))
    return [int(s) for s in child.generate_state(1 + bots, np.uint64)]


def _reseeded(bot: Bot, seed: int) -> Bot:
    """Return the bot for a new game: bot.reseeded(seed) where it has one, else the bot."""
    reseed = getattr(bot, "reseeded", None)
    return reseed(seed) if callable(reseed) else bot


def _play_one(job: _Job) -> GameRecord:
    """Return the record of one tournament game (a top-level function, for worker processes)."""
    index, seeds, rules, bots = job
    players = len(bots)
    seating = tuple((seat - index) % players for seat in range(players))
    seated = [_reseeded(bots[b], seeds[1 + b]) for b in seating]
    game = play_game(rules, seated, seeds[0])
    assert game.winner is not None  # play_game returns a finished game
    return GameRecord(
        index,
        seeds[0],
        rules.preset_name or "custom",
        seating,
        seating[game.winner],
        game.round,
        len(game.actions),
    )


def _jobs(
    start: int, stop: int, seed: int, mix: tuple[Rules, ...], bots: tuple[Bot, ...]
) -> Iterator[_Job]:
    """Yield the jobs of games start..stop - 1, each seed drawn only when its game comes."""
    for i in range(start, stop):
        yield (i, _game_seeds(seed, i, len(bots)), mix[i % len(mix)], bots)


def _play_chunk(chunk: _Chunk) -> list[GameRecord]:
    """Return the records of games start..stop - 1 (a top-level function, for workers)."""
    return [_play_one(job) for job in _jobs(*chunk)]


def _check_bots(bots: object) -> tuple[Bot, ...]:
    """Return the bots as a tuple, each with a callable act; else raise quoting the bad one."""
    if isinstance(bots, str | bytes) or not (
        hasattr(bots, "__len__") and hasattr(bots, "__iter__")
    ):
        raise ArgumentTypeError(f"bots={quote(bots)}: expected a list of bots (with act(view))")
    if len(bots) < 2:
        raise ValueError(f"bots={quote(bots)}: a tournament needs two or more bots")
    if len(bots) > 20:  # the most seats any rules allow
        raise ValueError(f"bots={quote(bots)}: at most 20 bots (one per seat)")
    seated = tuple(bots)
    for i, bot in enumerate(seated):
        if isinstance(bot, type):  # its act is unbound: it would fail in the first game
            raise ArgumentTypeError(
                f"bots[{i}]={quote(bot)} is a class, not a bot: give an instance, such as "
                f"{bot.__name__}()"
            )
        if not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(f"bots[{i}]={quote(bot)}: expected a bot (with act(view))")
    return seated


def _check_mix(rules: object) -> tuple[Rules, ...]:
    """Return the rule sets of a tournament (a Rules, a preset name, or a list of them)."""
    if isinstance(rules, Rules | str):
        mix = [rules]
    elif isinstance(rules, bytes) or not (hasattr(rules, "__len__") and hasattr(rules, "__iter__")):
        raise ArgumentTypeError(
            f"rules={quote(rules)}: expected a Rules, a preset name or a list of them"
        )
    elif len(rules) > MAX_RULE_SETS:
        raise ValueError(f"rules={quote(rules)}: at most {MAX_RULE_SETS:,} rule sets")
    else:
        mix = list(rules)
    if not mix:
        raise ValueError(f"rules={quote(rules)}: give at least one rule set")
    for i, r in enumerate(mix):
        if not isinstance(r, Rules | str):
            raise ArgumentTypeError(f"rules[{i}]={quote(r)}: expected a Rules or a preset name")
    return tuple(resolve(r) for r in mix)


def _check_executor(executor: object) -> Executor | None:
    """Return the executor (or None); refuse anything else as an ArgumentTypeError quoting it."""
    if executor is None or isinstance(executor, Executor):
        return executor
    raise ArgumentTypeError(
        f"executor={quote(executor)}: expected a concurrent.futures.Executor "
        "(such as distributed.Client(...).get_executor()) or None"
    )


def _check_bots_travel(seated: tuple[Bot, ...], where: str, instead: str) -> None:
    """Raise ArgumentTypeError quoting the first bot that does not pickle."""
    for i, bot in enumerate(seated):
        try:
            pickle.dumps(bot)
        except Exception as error:  # any failure to pickle: the bot cannot travel
            raise ArgumentTypeError(
                f"bots[{i}]={quote(bot)}: cannot be sent to {where} "
                f"({type(error).__name__}); {instead}"
            ) from None


def _chunks(
    games: int, workers: int, seed: int, mix: tuple[Rules, ...], bots: tuple[Bot, ...]
) -> list[_Chunk]:
    """Return games 0..games - 1 cut into about CHUNKS_PER_WORKER ranges per worker, in order."""
    size = max(1, math.ceil(games / (workers * CHUNKS_PER_WORKER)))
    return [(i, min(i + size, games), seed, mix, bots) for i in range(0, games, size)]


def _run_chunks(
    executor: Executor, chunks: list[_Chunk], advance: Callable[[int], object]
) -> list[GameRecord]:
    """Return the records of every chunk played on the executor, in game order, calling
    advance(games) as each chunk finishes. On any failure (or an interrupt) the chunks not yet
    started are cancelled and the error raised; the executor itself is left running."""
    futures: dict[Future[list[GameRecord]], int] = {}
    try:
        for chunk in chunks:
            futures[executor.submit(_play_chunk, chunk)] = chunk[1] - chunk[0]
        for done in as_completed(futures):
            done.result()  # raises a chunk's error as soon as it comes
            advance(futures[done])
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [record for future in futures for record in future.result()]


def tournament(
    bots: Sequence[Bot],
    games: int = 100,
    rules: Rules | str | Sequence[Rules | str] = "blef",
    seed: int = 0,
    workers: int = 1,
    progress: bool = True,
    *,
    executor: Executor | None = None,
) -> TournamentResult:
    """Return the results of `games` seeded games between `bots` (one seat each).

    Args:
        bots: the players, a list of 2..20 bots (objects with a callable act(view), such as
            RandomBot(): instances, not classes, which are refused naming their position;
            bots with reseeded(seed) are reseeded per game); their number is the number of
            seats, which every rule set must allow.
        games: how many games, 1..limits.MAX_GAMES; game i uses rules[i % len(rules)] when
            given several.
        rules: a preset name, a Rules, or a list of 1..MAX_RULE_SETS of them to mix.
        seed: seeds every game through numpy's SeedSequence (one child per game, made when
            the game is played): an integer 0..limits.MAX_SEED; None is refused (the games
            must be repeatable).
        workers: processes to spread the games over, 1..os.cpu_count(); the results do not
            depend on it. With more than one, the bots must pickle. With an executor: how many
            workers it runs in parallel, 1..MAX_EXECUTOR_WORKERS (not bounded by this
            machine's cores); the games are cut into about CHUNKS_PER_WORKER chunks per worker.
        progress: show a progress bar (tqdm.auto: a terminal bar or a notebook widget).
        executor: a concurrent.futures.Executor to play the games on instead of a process
            pool of `workers` processes (which is the default): the chunks of games are
            submitted to it and the records gathered in game order, so the results are those
            of one process. Any Executor works: a ThreadPoolExecutor (the bots are shared by
            the threads, so a bot that keeps state between games needs reseeded()), a
            ProcessPoolExecutor, or a Dask cluster's distributed.Client(...).get_executor()
            (its workers need liarsdice installed, in the same version). Except with a
            ThreadPoolExecutor, the bots must pickle. The caller owns the executor: it is
            not shut down; on an error the chunks not yet started are cancelled.

    Bad arguments raise ValueError quoting them (ArgumentTypeError, also a TypeError, for a
    wrong kind), before any game is played.
    """
    seated = _check_bots(bots)
    mix = _check_mix(rules)
    for r in mix:
        r.start_dice(len(seated))  # raises ValueError quoting a number of seats the rules refuse
    games = check_integer("games", games, 1, MAX_GAMES)
    executor = _check_executor(executor)
    if executor is not None:
        workers = check_integer("workers", workers, 1, MAX_EXECUTOR_WORKERS)
    else:
        cores = max_workers()
        try:
            workers = check_integer("workers", workers, 1, cores)
        except ValueError as error:
            raise type(error)(f"{error} (os.cpu_count() = {cores})") from None
    seed = check_seed("seed", seed)
    progress = check_flag("progress", progress)
    if executor is None and workers > 1:
        _check_bots_travel(seated, "worker processes", "use workers=1")
    elif executor is not None and not isinstance(executor, ThreadPoolExecutor):
        _check_bots_travel(
            seated,
            f"the executor's workers ({type(executor).__name__})",
            "use a ThreadPoolExecutor",
        )
    records: list[GameRecord] = []
    with tqdm(total=games, disable=not progress, desc="games", leave=False) as bar:
        if executor is not None:
            records = _run_chunks(executor, _chunks(games, workers, seed, mix, seated), bar.update)
        elif workers == 1:
            for job in _jobs(0, games, seed, mix, seated):
                records.append(_play_one(job))
                bar.update()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                records = _run_chunks(pool, _chunks(games, workers, seed, mix, seated), bar.update)
    return TournamentResult(_bot_names(seated), tuple(records))
