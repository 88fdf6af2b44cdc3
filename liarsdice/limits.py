"""The size limits of the public API, in one place; past a limit a call is refused at once.

Each limit is chosen so that a call at the limit answers in about a second or less on one core
of a small machine and in well under 1 GB, and so that nothing a class or a study needs is cut
off (a real table holds at most 20 players x 10 dice = 200 dice). The README's "Limits"
section lists them; each function's docstring names the ones it enforces.

- MAX_QUANTITY: a bid's quantity, and a ladder's or a table's largest quantity.
- MAX_UNKNOWN: unknown dice in a float odds computation (odds.table, bid_probability...).
- MAX_EXACT_UNKNOWN: unknown dice in an exact (Fraction) computation; an exact probability's
  numerator and denominator then stay far below Python's 4,300-digit int/str limit.
- MAX_SIMULATED_DICE: dice rolled by one simulation call (trials x dice).
- MAX_SEED: the largest seed (seeds are 0..MAX_SEED; numpy takes any, JSON and repr must too).
- MAX_TEXT: characters of text read as a bid, an answer or a name.
- MAX_RECORD_CHARS: characters of a saved game (JSON) read by Game.from_json.
- MAX_GAMES: games in one tournament call.
- MAX_ITERATIONS: iterations of one solver call.
"""

from __future__ import annotations

MAX_QUANTITY = 10_000
MAX_UNKNOWN = 10_000
MAX_EXACT_UNKNOWN = 1_000
MAX_SIMULATED_DICE = 100_000_000
MAX_SEED = 2**128 - 1
MAX_TEXT = 1_000
MAX_RECORD_CHARS = 10_000_000
MAX_GAMES = 1_000_000
MAX_ITERATIONS = 1_000_000
