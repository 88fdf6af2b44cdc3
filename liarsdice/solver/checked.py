"""Files read by their values: the checks the solver's files share before anything is trusted.

A SHA-256 in a file detects corruption (a flipped byte, a truncated copy), not tampering:
anyone who edits a file can recompute it. So every value a file holds is also checked by its
meaning (a number within its range, every field present, the rules built again), and each array's
size is read from its header and checked before the array is read.

- checksum(arrays, metadata): the SHA-256 of the arrays (name, dtype, shape, bytes) and of the
  metadata without its "sha256" entry: the checksum of solution, endgame and checkpoint files.
- check_folder(name, folder): a folder path as a Path; '' (the current folder) and a file refused.
- check_disk(folder, needed, what): ValueError when the disk of `folder` has less free space than
  `needed` bytes, giving both.
- check_fields(where, metadata, fields, optional=()): ValueError unless the metadata has these
  keys, perhaps some `optional` ones, and no other.
- number(where, metadata, key, low, high, integer=False): a metadata number by its meaning: a
  plain int (for `integer`) or a finite float within [low, high]; bools, text and 10**400 refused.
- rules_dict(rules): the rules as files write them (every option by name, as saved games do);
  rules_of(where, options): the Rules of such a dict, read back. The reading rule: every option
  has a default, and a file holds the options that existed when it was written. So an option in
  REQUIRED_OPTIONS (the options of every file since version 1 of each format) must be there, an
  option added later reads as its default when absent (its default keeps the old behaviour), and
  an unknown option, or rules that are no dict, are refused.
- read_metadata(where, path, kind): the JSON metadata of an .npz file of format `kind`, read
  from its "metadata" member (at most MAX_METADATA_BYTES) after checking its header.
- read_arrays(where, path, shapes): the float64 arrays of an .npz file, each member's header
  checked against `shapes` (and no member missing or extra) before any array is read.
- read_json(where, path, kind, version): a JSON file's object (a streamed checkpoint.json) of
  format `kind` and this version, its "sha256" checked as checksum({}, it) checks it.
- run_progress(where, manifest, bound): a streamed run's iterations, seconds, scale and report
  rows (iterations, seconds, value, NashConv), each checked by its meaning.

Limits: MAX_METADATA_BYTES (a file's metadata or a checkpoint.json, 1 MiB), MAX_SECONDS (a
saved solving time, 10^9 s). VALUE_SLACK is how far a saved value may pass its bound by rounding.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import zipfile
import zlib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from liarsdice.checks import check_integer, check_number, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.limits import MAX_ITERATIONS
from liarsdice.rules import Rules

MAX_METADATA_BYTES = 1 << 20
MAX_SECONDS = 1e9  # about 31 years of solving
VALUE_SLACK = 1e-9  # rounding: an LP's NashConv may come out as -1e-17
METADATA = "metadata"
# The options every solution, endgame and checkpoint file has held since version 1 of its
# format: never read as defaults. An option added to Rules later is not listed here.
REQUIRED_OPTIONS = (
    *("wild", "wild_name", "ace_rule", "loss", "exact", "next_opener", "dice", "box_dice"),
    *("open_on_wild", "palifico", "calza", "show_and_reroll", "single_round", "max_players"),
)
_HEADER_LIMIT = 10_000  # characters of an array header (numpy's own default)
_READ_ERRORS = (
    OSError,
    ValueError,
    EOFError,
    KeyError,
    RuntimeError,  # an encrypted zip member
    NotImplementedError,  # an unknown compression method
    zipfile.BadZipFile,
    zlib.error,
)


def checksum(arrays: Mapping[str, np.ndarray], metadata: Mapping[str, Any]) -> str:
    """Return the SHA-256 of the arrays (name, dtype, shape, bytes) and of the metadata."""
    digest = hashlib.sha256()
    fields = {k: v for k, v in metadata.items() if k != "sha256"}
    digest.update(json.dumps(fields, sort_keys=True).encode())
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def check_folder(name: str, folder: object) -> Path:
    """Return `folder` (a str or os.PathLike) as a Path; refuse '' (it would mean the current
    folder) and a path that is an existing file."""
    if not isinstance(folder, str | os.PathLike):
        raise ArgumentTypeError(f"{name}={quote(folder)}: expected a folder path")
    if os.fspath(folder) in ("", b""):
        raise ValueError(f"{name}={quote(folder)}: expected a folder path, not empty text")
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ValueError(f"{name}={quote(folder)}: a file, not a folder")
    return path


def _size(n: float) -> str:
    """Return a byte count in words: "5.6 GB"."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n:.0f} bytes"


def check_disk(folder: Path, needed: int, what: str) -> None:
    """Raise ValueError if the disk of `folder` (or of its nearest existing parent) has less
    than `needed` bytes free; the message gives both and says what needs them."""
    existing = folder.absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    free = shutil.disk_usage(existing).free
    if free < needed:
        raise ValueError(
            f"folder {quote(str(folder))}: {what} needs {_size(needed)} of disk space "
            f"({needed:,} bytes); only {_size(free)} ({free:,} bytes) free"
        )


def check_fields(
    where: str,
    metadata: Mapping[str, Any],
    fields: Collection[str],
    optional: Collection[str] = (),
) -> None:
    """Raise ValueError unless `metadata` has every field, perhaps `optional` ones, no other."""
    missing = sorted(set(fields) - set(metadata))
    if missing:
        raise ValueError(f"{where}: no field {missing[0]!r} in its metadata")
    extra = sorted(set(metadata) - set(fields) - set(optional), key=str)
    if extra:
        raise ValueError(f"{where}: unknown field {quote(extra[0])} in its metadata")


def number(
    where: str,
    metadata: Mapping[str, Any],
    key: str,
    low: float,
    high: float,
    integer: bool = False,
) -> Any:
    """Return metadata[key] checked: an int within [low, high] if `integer`, else a finite
    number within [low, high] as a float; else a ValueError naming the file and the field."""
    value = metadata.get(key)
    try:
        if integer:
            return check_integer(key, value, int(low), int(high))
        return check_number(key, value, low, high)
    except ValueError as error:  # ArgumentTypeError included
        raise ValueError(f"{where}: {error} (in its metadata)") from None


def rules_dict(rules: Rules) -> dict[str, Any]:
    """Return the rules as files write them: every option by name."""
    return dataclasses.asdict(rules)


def rules_of(where: str, options: object) -> Rules:
    """Return the Rules of saved options: REQUIRED_OPTIONS present, a newer option absent read
    as its default, an unknown option refused (ValueError naming the file and the option)."""
    if not isinstance(options, dict):
        raise ValueError(f"{where}: rules={quote(options)} in its metadata: expected the options")
    newer = [f.name for f in dataclasses.fields(Rules) if f.name not in REQUIRED_OPTIONS]
    check_fields(f"{where}, its rules", options, REQUIRED_OPTIONS, optional=newer)
    try:
        return Rules(**options)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: its rules are refused ({error})") from None


def _header(member: Any) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    """Return an .npy member's (shape, fortran order, dtype), read from its header alone."""
    version = np.lib.format.read_magic(member)
    if version == (1, 0):
        found = np.lib.format.read_array_header_1_0(member, max_header_size=_HEADER_LIMIT)
    elif version == (2, 0):
        found = np.lib.format.read_array_header_2_0(member, max_header_size=_HEADER_LIMIT)
    else:
        raise ValueError(f"array format version {version}")
    shape, fortran, dtype = found
    return tuple(shape), bool(fortran), dtype


def read_metadata(where: str, path: Path, kind: str) -> dict[str, Any]:
    """Return the metadata of an .npz file of format `kind`, checked to be a JSON object of
    that format (at most MAX_METADATA_BYTES; its header read first); else ValueError."""
    if not path.is_file():
        raise ValueError(f"{where}: no such file")
    try:
        with zipfile.ZipFile(path) as archive, archive.open(f"{METADATA}.npy") as member:
            shape, _, dtype = _header(member)
            if dtype != np.uint8 or len(shape) != 1 or shape[0] > MAX_METADATA_BYTES:
                raise ValueError(
                    f"its metadata is {dtype} {shape}; expected uint8 text of at most "
                    f"{MAX_METADATA_BYTES:,} bytes"
                )
            raw = member.read(shape[0])
    except _READ_ERRORS as error:
        raise ValueError(f"{where}: not a solution file, or corrupt ({error})") from None
    if len(raw) != shape[0]:
        raise ValueError(f"{where}: its metadata is truncated; corrupt")
    try:
        metadata = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError(f"{where}: its metadata is not JSON; corrupt") from None
    if not isinstance(metadata, dict) or metadata.get("format") != kind:
        raise ValueError(f"{where}: not a file of format {kind!r}")
    return metadata


def read_arrays(
    where: str, path: Path, shapes: Mapping[str, tuple[int, ...]]
) -> dict[str, np.ndarray]:
    """Return the file's float64 arrays by name; each member's header is checked against
    `shapes` (no member missing or extra) before any array is read; else ValueError."""
    wanted = {f"{name}.npy": name for name in shapes}
    try:
        with zipfile.ZipFile(path) as archive:
            members = set(archive.namelist()) - {f"{METADATA}.npy"}
            extra, missing = sorted(members - set(wanted)), sorted(set(wanted) - members)
            if extra or missing:
                how = (
                    f"{extra[0][:-4]!r} is not among"
                    if extra
                    else f"{missing[0][:-4]!r} is missing from"
                )
                raise ValueError(f"{where}: array {how} its metadata's arrays")
            for member_name, name in sorted(wanted.items()):
                with archive.open(member_name) as member:
                    shape, fortran, dtype = _header(member)
                if dtype != np.float64 or fortran or shape != shapes[name]:
                    raise ValueError(
                        f"{where}: array {name} is {dtype} {shape}; expected float64 {shapes[name]}"
                    )
            arrays = {}
            for member_name, name in wanted.items():
                with archive.open(member_name) as member:
                    arrays[name] = np.lib.format.read_array(member, allow_pickle=False)
    except ValueError as error:
        if str(error).startswith(where):
            raise
        raise ValueError(f"{where}: not a solution file, or corrupt ({error})") from None
    except _READ_ERRORS as error:
        raise ValueError(f"{where}: not a solution file, or corrupt ({error})") from None
    return arrays


def read_json(where: str, path: Path, kind: str, version: int) -> dict[str, Any]:
    """Return the JSON object in `path` if it is of format `kind` and `version` (at most
    MAX_METADATA_BYTES) and its "sha256" is checksum({}, it); else ValueError."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_METADATA_BYTES + 1)
        if len(raw) > MAX_METADATA_BYTES:
            raise ValueError(f"longer than {MAX_METADATA_BYTES:,} bytes")
        found = json.loads(raw.decode())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ValueError(f"{where}: unreadable, corrupt ({error})") from None
    if not isinstance(found, dict) or found.get("format") != kind:
        raise ValueError(f"{where}: not a file of format {kind!r}")
    if found.get("version") != version or isinstance(found.get("version"), bool):
        raise ValueError(
            f"{where}: version {quote(found.get('version'))}; this liarsdice reads version "
            f"{version}"
        )
    if found.get("sha256") != checksum({}, found):
        raise ValueError(f"{where}: checksum mismatch; the file was changed or is corrupt")
    return found


def run_progress(
    where: str, manifest: Mapping[str, Any], bound: float
) -> tuple[int, float, float, list[tuple[int, float, float, float]]]:
    """Return a streamed run's (iterations, seconds, scale, reports) from its checkpoint, each
    checked by its meaning in a game whose payoffs are within +-bound: iterations
    0..MAX_ITERATIONS, seconds 0..MAX_SECONDS, scale in (0, 1] (the sums' scale only falls),
    and per report its iterations (at most the run's), seconds, value and NashConv."""
    iterations = number(where, manifest, "iterations", 0, MAX_ITERATIONS, integer=True)
    seconds = number(where, manifest, "seconds", 0.0, MAX_SECONDS)
    scale = number(where, manifest, "scale", 0.0, 1.0)
    if scale <= 0.0:
        raise ValueError(f"{where}: scale={quote(manifest['scale'])} in its metadata: not > 0")
    rows = manifest.get("reports")
    if not isinstance(rows, list) or len(rows) > iterations + 1:
        raise ValueError(f"{where}: reports={quote(rows)} in its metadata: not its reports")
    reports = []
    slack = bound + VALUE_SLACK
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != 4:
            raise ValueError(f"{where}: reports[{i}]={quote(row)} in its metadata: not a report")
        fields = dict(zip(("iterations", "seconds", "value", "nash_conv"), row))
        at = f"{where}, reports[{i}]"
        reports.append(
            (
                number(at, fields, "iterations", 0, iterations, integer=True),
                number(at, fields, "seconds", 0.0, seconds + VALUE_SLACK),
                number(at, fields, "value", -slack, slack),
                number(at, fields, "nash_conv", -VALUE_SLACK, 2 * slack),
            )
        )
    return iterations, seconds, scale, reports
