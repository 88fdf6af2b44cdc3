"""Checkpoints of a streamed run: copies of its arrays and checkpoint.json, written atomically.

The folder holds checkpoint.json (the game, the settings, the iteration count, the SHA-256 of
each array file and its own SHA-256, as solver.checked.checksum computes it; its values are
checked by meaning too) and the ckpt-<iterations>/ folder it names (copies of the arrays). A
checkpoint is written beside its place and renamed into it, then checkpoint.json is replaced;
a checkpoint for other rules, dice, faces or settings, or whose files fail their checksums, is
refused with a ValueError. Its rules are read as solver.checked.rules_of reads a file's: an
option newer than the checkpoint reads as its default, so adding an option leaves a
checkpoint resumable.

- FORMAT ("liarsdice-stream-checkpoint"), VERSION (2: checkpoint.json carries its own
  SHA-256), MANIFEST ("checkpoint.json").
- write_checkpoint(folder, arrays, iterations, record): the arrays' copies, then the manifest
  (record: the settings and the run's progress); returns the checkpoint's folder.
- read_checkpoint(path, arrays, settings, bound): the checkpoint that `path` names loaded into
  the arrays, refused unless made for these settings; returns the run's (iterations, seconds,
  scale, reports) as solver.checked.run_progress checks them.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from liarsdice.checks import quote
from liarsdice.solver.checked import (
    check_disk,
    checksum,
    read_json,
    rules_dict,
    rules_of,
    run_progress,
)
from liarsdice.solver.stream_memory import SAVED_KINDS, LevelArrays

FORMAT = "liarsdice-stream-checkpoint"
VERSION = 2  # 2: checkpoint.json carries its own SHA-256
MANIFEST = "checkpoint.json"


def write_checkpoint(
    folder: Path, arrays: LevelArrays, iterations: int, record: dict[str, Any]
) -> Path:
    """Write a checkpoint of the arrays after `iterations` and return its folder.

    The copies are written beside their folder and renamed into it, flushed to disk, and then
    checkpoint.json (FORMAT, VERSION, the record, the copies' SHA-256s and its own) is replaced
    atomically; the previous checkpoint is removed last.
    """
    name = f"ckpt-{iterations:09d}"
    target, partial = folder / name, folder / f".{name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    check_disk(folder, arrays.saved_bytes(), "a checkpoint")
    partial.mkdir(parents=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        copies = pool.map(lambda k: arrays.save(k, partial / f"{k}.bin"), SAVED_KINDS)
        digests = dict(zip(SAVED_KINDS, copies))
    _sync_folder(partial)
    shutil.rmtree(target, ignore_errors=True)
    os.replace(partial, target)
    manifest = {"format": FORMAT, "version": VERSION, **record, "data": name, "files": digests}
    manifest["sha256"] = checksum({}, manifest)
    _write_atomic(folder / MANIFEST, json.dumps(manifest, sort_keys=True))
    _sync_folder(folder)
    for old in folder.glob("ckpt-*"):
        if old.name != name:
            shutil.rmtree(old, ignore_errors=True)
    return target


def read_checkpoint(
    path: Path, arrays: LevelArrays, settings: dict[str, Any], bound: float
) -> tuple[int, float, float, list[tuple[int, float, float, float]]]:
    """Return the (iterations, seconds, scale, reports) of the checkpoint that `path`
    (checkpoint.json) names, its arrays loaded into `arrays`; ValueError unless it was made
    for `settings` (the game and the solver's settings) with payoffs within +-bound, and its
    files match their checksums."""
    where = f"checkpoint {quote(str(path))}"
    manifest = read_json(where, path, FORMAT, VERSION)
    for key, wanted in settings.items():
        made = manifest.get(key)
        if key == "rules":  # as this version writes them: a newer option at its default
            made = rules_dict(rules_of(where, made))
        if made != wanted:
            shown = (
                f"other {key}"
                if key in ("rules", "payoff_table", "sizes", "algorithm")
                else f"{key} {quote(made)}, not {quote(wanted)}"
            )
            raise ValueError(
                f"{where}: made for {shown}; use another folder, or restart to discard it"
            )
    progress = run_progress(where, manifest, bound)
    data, digests = manifest.get("data"), manifest.get("files")
    if not isinstance(data, str) or not isinstance(digests, dict):
        raise ValueError(f"{where}: it names no data; corrupt")
    source = path.parent / Path(data).name
    for kind in SAVED_KINDS:
        file = source / f"{kind}.bin"
        if not file.is_file() or file.stat().st_size != arrays.nbytes(kind):
            raise ValueError(f"{where}: {kind}.bin is missing or of the wrong size; corrupt")
    with ThreadPoolExecutor(max_workers=2) as pool:
        found = list(pool.map(lambda k: arrays.load(k, source / f"{k}.bin"), SAVED_KINDS))
    for kind, digest in zip(SAVED_KINDS, found):
        if digests.get(kind) != digest:
            raise ValueError(f"{where}: {kind}.bin does not match its checksum; corrupt")
    return progress


def _write_atomic(path: Path, text: str) -> None:
    """Write text beside `path`, flush it to disk, and rename it into place."""
    partial = path.with_name(f".{path.name}.partial")
    with open(partial, "w") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (where the OS lets a folder be opened)."""
    if sys.platform == "win32":  # pragma: no cover
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
