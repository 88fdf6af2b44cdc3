"""Equilibria of small two-player Liar's Dice games (the single-round research form).

The game: each player rolls their dice in secret; player 0 opens with any bid the rules allow
(`Rules.is_raise(None, bid)`); then the players alternate, each either raising (any higher bid on
the rules' ladder, quantity at most the dice on the table) or challenging (not before the first
bid). The challenged bid is true when the joker-inclusive count (`Rules.count`) reaches its
quantity: then the challenger gets -1 and the bidder +1, else the other way round. So the rules
only supply the bid order and the wild face; loss, palifico and calza play no part.

The actions are the engine's: Bid values and Challenge() (LIAR is Challenge(); the old string
"liar" is still read, with a DeprecationWarning).

- liarsdice.solver.game: SmallGame(rules, dice=(1, 1), faces=6): the public tree of bid
  histories with both players' private hands (its arrays: liarsdice.solver.game_tree's
  GameTree); sizes, legal_actions, and the vectorised evaluations expected_value,
  best_response, best_response_value, nash_conv. liarsdice.solver.game_parts: LIAR, MAX_SOLVED_DICE
  (3 dice in all), check_size, die_faces, the hands and the payoff table.
- liarsdice.solver.strategy: Strategy, a behaviour strategy for both players
  (action_probabilities(hand, history); uniform and from_policy build one), bluff_rates and
  nash_conv.
- liarsdice.solver.cfr: CFRPlus(game), vectorised over all private hands, and solve(rules,
  dice=(1, 1), ...); liarsdice.solver.solution: Solution, the solved game, ready for a bot to
  play.
- liarsdice.solver.sweeps: the backends of CFR+'s passes over the tree flattened into rows
  (liarsdice.solver.sweeps_numpy: numpy, and the float types; liarsdice.solver.sweeps_numba:
  the same passes compiled by numba, the fast extra, skipping the subtrees a player never
  reaches).
- liarsdice.solver.lp: game_value(rules, dice, faces), the exact value by the sequence-form
  linear program (scipy), and LP_MAX_TERMINALS, its size limit.
- liarsdice.solver.endgame: solve_endgame(rules, faces=6, max_dice=3): two-player games of
  several rounds, every state (dice, opener, palifico round) valued from the smallest up, each
  round's challenge paying the value of the state that follows (Shapley's value iteration where
  rounds cycle, as in Bluff); Endgame (value, p_win, round, opening, table), EndgameState,
  next_state, shapley.
- liarsdice.solver.rounds: round_of(view), an engine round as the solver's game (dice, bids);
  endgame_of(view), an engine round as an endgame state (palifico rounds included) and bids.
- liarsdice.solver.files: save_solution(solution, path) and load_solution(path, rules, dice,
  faces), solutions on disk (compressed arrays, versioned, checksummed, refused when corrupt or
  made for other rules: liarsdice.solver.files_format); solution_cache_dir() and
  solution_path(rules, dice, faces), the cache that SolverBot reads and `python -m liarsdice
  solve` writes (liarsdice.solver.files_cache); save_endgame, load_endgame and endgame_path,
  the same for a solved Endgame (liarsdice.solver.files_endgame).
- liarsdice.solver.stream: stream_solve, CFR+ streamed level by level from disk for rounds too
  large for memory (stream_game, stream_solver, stream_memory, stream_checkpoint,
  stream_results, stream_kernels).

Histories are tuples of bids; a history's length says who moves (even: player 0). A hand is a
tuple of faces in any order. The tree is stored level by level (level d: the histories of d
bids), each level's histories grouped by parent, so that every pass is a few numpy operations
per level over all histories and hands at once (or one compiled loop over the levels' rows).
"""

from liarsdice.deprecation import aliases
from liarsdice.solver.cfr import CFRPlus, solve, solve_game
from liarsdice.solver.endgame import (
    Endgame,
    EndgameState,
    StateSolution,
    check_endgame_rules,
    endgame_round,
    endgame_rules,
    endgame_states,
    next_state,
    shapley,
    solve_endgame,
)
from liarsdice.solver.files import (
    endgame_path,
    load_endgame,
    load_solution,
    save_endgame,
    save_solution,
    solution_cache_dir,
    solution_path,
)
from liarsdice.solver.game import LIAR, MAX_SOLVED_DICE, Action, SmallGame, check_size, die_faces
from liarsdice.solver.lp import LP_MAX_TERMINALS, game_value, lp_fits, lp_solution, lp_value
from liarsdice.solver.rounds import endgame_of, round_of
from liarsdice.solver.solution import Solution
from liarsdice.solver.strategy import Policy, Strategy, bluff_rates, nash_conv

__all__ = [
    "LIAR",
    "LP_MAX_TERMINALS",
    "MAX_SOLVED_DICE",
    "Action",
    "CFRPlus",
    "Endgame",
    "EndgameState",
    "Policy",
    "SmallGame",
    "Solution",
    "StateSolution",
    "Strategy",
    "bluff_rates",
    "check_endgame_rules",
    "check_size",
    "die_faces",
    "endgame_of",
    "endgame_path",
    "endgame_round",
    "endgame_rules",
    "endgame_states",
    "game_value",
    "load_endgame",
    "load_solution",
    "lp_fits",
    "lp_solution",
    "lp_value",
    "nash_conv",
    "next_state",
    "round_of",
    "save_endgame",
    "save_solution",
    "shapley",
    "solution_cache_dir",
    "solution_path",
    "solve",
    "solve_endgame",
    "solve_game",
]


__getattr__ = aliases(
    "liarsdice.solver",
    {"MAX_DICE": (lambda: MAX_SOLVED_DICE, "liarsdice.solver.game_parts.MAX_SOLVED_DICE")},
)
