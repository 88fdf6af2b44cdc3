"""The size limits of the public API, in one place; past a limit a call is refused at once.

Each limit is chosen so that a call at the limit answers in about a second or less on one core
of a small machine and in well under 1 GB, and so that nothing a class or a study needs is cut
off (a real table holds at most 20 players x 10 dice = 200 dice). The README's "Limits"
section lists them; each function's docstring names the ones it enforces.

- MAX_PLAYERS_LIMIT: the most players at one table (in the Andes up to 20 play).
- MAX_DICE_PER_PLAYER: the most dice a player starts with or holds (the Rules option `dice`,
  the engine, a view's seats).
- MAX_TABLE_DICE: the most dice on one table of a game (MAX_PLAYERS_LIMIT x
  MAX_DICE_PER_PLAYER), also the most dice one roll of the sampling tools or the odds explorer
  throws.
- MAX_SEAT_DICE: the most dice one seat holds in an analysis (settlement, the odds' costs),
  which may pool the other players as one seat or study tables larger than a game's:
  MAX_QUANTITY // MAX_PLAYERS_LIMIT, so that a full table stays on a ladder.
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

MAX_PLAYERS_LIMIT = 20
MAX_DICE_PER_PLAYER = 10
MAX_TABLE_DICE = MAX_PLAYERS_LIMIT * MAX_DICE_PER_PLAYER
MAX_QUANTITY = 10_000
MAX_SEAT_DICE = MAX_QUANTITY // MAX_PLAYERS_LIMIT
MAX_UNKNOWN = 10_000
MAX_EXACT_UNKNOWN = 1_000
MAX_SIMULATED_DICE = 100_000_000
MAX_SEED = 2**128 - 1
MAX_TEXT = 1_000
MAX_RECORD_CHARS = 10_000_000
MAX_GAMES = 1_000_000
MAX_ITERATIONS = 1_000_000
