"""Solution and endgame files read by their values: an edit with its SHA-256 recomputed (as the
file format computes it) is still refused when a value is impossible, and an array header that
claims a huge array is refused before anything is allocated."""

from __future__ import annotations

import io
import json
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from liarsdice import solver
from liarsdice.solver import checked


@pytest.fixture(scope="module")
def solution_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a saved solution of perudo 1 v 1 on three faces."""
    solution = solver.solve("perudo", (1, 1), faces=3, tolerance=1e-3)
    return solver.save_solution(solution, tmp_path_factory.mktemp("files") / "game.npz")


@pytest.fixture(scope="module")
def endgame_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a saved endgame of blef with one die each on two faces."""
    endgame = solver.solve_endgame(solver.endgame_rules("blef"), faces=2, max_dice=2)
    return solver.save_endgame(endgame, tmp_path_factory.mktemp("files") / "endgame.npz")


def _members(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Return a file's metadata and arrays, read without any check."""
    with np.load(path, allow_pickle=False) as data:
        contents = {name: data[name] for name in data.files}
    return json.loads(contents.pop("metadata").tobytes().decode()), contents


def _rehashed(source: Path, target: Path, edit: Any) -> Path:
    """Write `source` with its metadata edited by `edit` and its SHA-256 recomputed."""
    metadata, arrays = _members(source)
    edit(metadata)
    metadata["sha256"] = checked.checksum(arrays, metadata)
    text = np.frombuffer(json.dumps(metadata).encode(), dtype=np.uint8)
    np.savez_compressed(target, metadata=text, **arrays)
    return target


def _set(key: str, value: Any) -> Any:
    return lambda metadata: metadata.__setitem__(key, value)


def _drop(key: str) -> Any:
    return lambda metadata: metadata.pop(key)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (_set("value", 5.0), "value=5.0"),  # a value of 5 in a game worth +-1
        (_set("exact_value", -3.0), "exact_value=-3.0"),
        (_set("nash_conv", -0.5), "nash_conv=-0.5"),
        (_set("iterations", -1), "iterations=-1"),
        (_set("iterations", 10**400), "iterations="),  # was a TypeError
        (_set("iterations", True), "iterations=True"),
        (_set("seconds", 10**400), "seconds="),
        (_set("seconds", float("inf")), "seconds=inf"),
        (_set("value", "0.1"), "value='0.1'"),
        (_set("levels", 99), "levels=99"),
        (_set("preset", "nonsense"), "preset='nonsense'"),
        (_set("faces", 7), "faces=7"),
        (_set("dice", [4, 4]), "dice"),
        (_drop("rules"), "no field 'rules'"),  # never read as Blef's defaults
        (lambda m: m["rules"].pop("ace_rule"), "no field 'ace_rule'"),
        (lambda m: m["rules"].update(dice=-1), "rules are refused"),
        (_set("rules", None), "rules=None"),
        (_set("extra", 1), "unknown field 'extra'"),
    ],
)
def test_a_rehashed_solution_with_impossible_values_is_refused(
    solution_file: Path, tmp_path: Path, edit: Any, field: str
) -> None:
    path = _rehashed(solution_file, tmp_path / "edited.npz", edit)
    with pytest.raises(ValueError) as error:
        solver.load_solution(path)
    assert str(path) in str(error.value) and field in str(error.value)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda m: m["states"][0].update(value=3.0), "value=3.0"),  # P(win) 2.0
        (lambda m: m["states"][0].update(nash_conv=-1.0), "nash_conv=-1.0"),
        (lambda m: m["states"][0].update(iterations=10**400), "iterations="),
        (lambda m: m["states"][0].update(exact="yes"), "exact='yes'"),
        (lambda m: m["states"][0].pop("value"), "no field 'value'"),
        (lambda m: m["states"][0].update(dice=[9, 9]), "not an endgame state"),
        (_set("sweeps", -1), "sweeps=-1"),
        (_set("sweeps", 5), "cyclic=False in its metadata with 5 sweeps"),
        (_set("notes", ["x" * 5000]), "notes="),
        (_set("states", "all"), "states"),
        (_drop("rules"), "no field 'rules'"),  # never read as Blef's defaults
        (_set("rules", {}), "no field"),
        (_set("max_dice", 10**400), "max_dice="),
    ],
)
def test_a_rehashed_endgame_with_impossible_values_is_refused(
    endgame_file: Path, tmp_path: Path, edit: Any, field: str
) -> None:
    path = _rehashed(endgame_file, tmp_path / "edited.npz", edit)
    with pytest.raises(ValueError) as error:
        solver.load_endgame(path)
    assert str(path) in str(error.value) and field in str(error.value)


def _npy_header(shape: tuple[int, ...], descr: str) -> bytes:
    """Return an .npy header claiming an array of this shape and dtype (and no data)."""
    buffer = io.BytesIO()
    header = {"descr": descr, "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue()


def test_a_tiny_npz_claiming_a_huge_array_is_refused_unallocated(
    solution_file: Path, tmp_path: Path
) -> None:
    # 400 bytes whose array header claims 10^10 float64s: was a MemoryError
    with zipfile.ZipFile(bare := tmp_path / "huge.npz", "w") as archive:
        archive.writestr("liar_0.npy", _npy_header((10**10,), "<f8"))
    assert bare.stat().st_size < 400
    # a huge metadata member, and a good file's array member replaced by a huge one
    with zipfile.ZipFile(meta := tmp_path / "meta.npz", "w") as archive:
        archive.writestr("metadata.npy", _npy_header((10**10,), "|u1"))
    with (
        zipfile.ZipFile(solution_file) as source,
        zipfile.ZipFile(member := tmp_path / "member.npz", "w") as archive,
    ):
        for name in source.namelist():
            data = _npy_header((10**10,), "<f8") if name == "liar_0.npy" else source.read(name)
            archive.writestr(name, data)
    for path, message in (
        (bare, "corrupt"),
        (meta, "expected uint8 text"),
        (member, r"array liar_0 is float64 \(10000000000,\)"),
    ):
        tracemalloc.start()
        with pytest.raises(ValueError, match=message) as error:
            solver.load_solution(path)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert str(path) in str(error.value) and peak < 50 * 2**20


def test_empty_paths_and_folders_are_refused(tmp_path: Path, solution_file: Path) -> None:
    solution = solver.load_solution(solution_file)
    with pytest.raises(ValueError, match="path=''"):
        solver.save_solution(solution, "")
    with pytest.raises(ValueError, match="path=''"):
        solver.load_solution("")
    with pytest.raises(ValueError, match="folder=''"):
        solver.solution_path("perudo", folder="")
    with pytest.raises(ValueError, match="a file, not a folder"):
        solver.endgame_path("blef", folder=solution_file)
