"""Where solutions and endgames are cached: one folder, one file name per game.

- CACHE_ENV ("LIARSDICE_CACHE"); solution_cache_dir(): the folder of cached solutions:
  $LIARSDICE_CACHE if set, else the platform's user cache (~/.cache/liarsdice on Linux,
  ~/Library/Caches/liarsdice on macOS, %LOCALAPPDATA%\\liarsdice\\Cache on Windows).
- solution_path(rules, dice=(1, 1), faces=6, folder=None): the cached file of a game, such as
  perudo-1v2-f6-0123abcd.npz (the preset, or "custom", and the first 8 hexadecimal digits of
  the SHA-256 of rules_key(rules), which names only the options unlike their defaults: adding
  an option leaves every file name, and every file, valid).
- endgame_path(rules, faces=6, max_dice=3, folder=None): an endgame's file, such as
  blef-endgame-3-f6-0123abcd.npz.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from pathlib import Path

from liarsdice.checks import check_integer
from liarsdice.rules import Rules, resolve, rules_key
from liarsdice.solver.checked import check_folder
from liarsdice.solver.game import MAX_SOLVED_DICE, check_size

CACHE_ENV = "LIARSDICE_CACHE"


def solution_cache_dir() -> Path:
    """Return the folder of cached solutions: $LIARSDICE_CACHE, else the user cache's
    liarsdice folder (it need not exist yet)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen)
    home = Path.home()
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "liarsdice" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "liarsdice"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "liarsdice"


@lru_cache(maxsize=256)
def _rules_tag(rules: Rules) -> str:
    """Return how a cached file's name starts and ends for these rules: (the preset, or
    "custom", and a short hash of rules_key(rules), the options unlike their defaults)."""
    digest = hashlib.sha256(rules_key(rules).encode()).hexdigest()[:8]
    return f"{rules.preset_name or 'custom'}-{{}}-{digest}.npz"


def _file_name(rules: Rules, dice: tuple[int, int], faces: int) -> str:
    """Return the cache's file name of a game."""
    return _rules_tag(rules).format(f"{dice[0]}v{dice[1]}-f{faces}")


def solution_path(
    rules: Rules | str,
    dice: tuple[int, int] = (1, 1),
    faces: int = 6,
    folder: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the path of a game's solution in `folder` (None: solution_cache_dir()).

    rules: a Rules or a preset name; dice: two counts (check_size); faces: 2..6.
    """
    rules = resolve(rules)
    counts = check_size(dice, faces)
    base = solution_cache_dir() if folder is None else check_folder("folder", folder)
    return base / _file_name(rules, counts, int(faces))


def endgame_path(
    rules: Rules | str,
    faces: int = 6,
    max_dice: int = MAX_SOLVED_DICE,
    folder: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the path of an endgame's file in `folder` (None: solution_cache_dir()), such as
    blef-endgame-3-f6-0123abcd.npz. rules: a Rules or a preset name; faces: 2..6; max_dice:
    2..MAX_SOLVED_DICE."""
    rules = resolve(rules)
    check_size((1, 1), faces)
    max_dice = check_integer("max_dice", max_dice, 2, MAX_SOLVED_DICE)
    base = solution_cache_dir() if folder is None else check_folder("folder", folder)
    return base / _rules_tag(rules).format(f"endgame-{max_dice}-f{int(faces)}")
