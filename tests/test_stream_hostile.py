"""The streamed solver against hostile input: edited checkpoints, empty folders, tiny budgets,
a full disk, and no scratch written back by the page cache."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from liarsdice.cli import main
from liarsdice.solver import checked
from liarsdice.solver.stream import StreamGame, StreamSolver, _run, stream_solve


@pytest.fixture
def saved(tmp_path: Path) -> tuple[StreamGame, Path]:
    """Return a small game and a folder holding its checkpoint after 3 iterations."""
    game = StreamGame("openspiel", (1, 2), faces=3)
    solver = StreamSolver(game, tmp_path)
    solver.iterate(3)
    solver.checkpoint()
    return game, tmp_path


def _edit(folder: Path, rehash: bool, **changes: Any) -> Path:
    """Edit checkpoint.json (with its SHA-256 recomputed as the format does if `rehash`)."""
    path = folder / "checkpoint.json"
    manifest = {**json.loads(path.read_text()), **changes}
    if rehash:
        manifest["sha256"] = checked.checksum({}, manifest)
    path.write_text(json.dumps(manifest))
    return path


@pytest.mark.parametrize(
    "changes",
    [{"scale": 0.5}, {"reports": [[1, 0.0, 0.0, 0.5]]}, {"iterations": 2}, {"seconds": 1e6}],
)
def test_an_edited_checkpoint_is_refused_by_its_checksum(saved, changes) -> None:
    game, folder = saved
    path = _edit(folder, rehash=False, **changes)
    with pytest.raises(ValueError, match="checksum mismatch") as error:
        StreamSolver(game, folder)
    assert path.name in str(error.value)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"iterations": 10**400}, "iterations="),  # was an OverflowError
        ({"iterations": -1}, "iterations=-1"),
        ({"iterations": True}, "iterations=True"),
        ({"scale": 5.0}, "scale=5.0"),
        ({"scale": 0.0}, "scale=0.0"),
        ({"seconds": -3.0}, "seconds=-3.0"),
        ({"reports": [[3, 0.0, 5.0, 0.2]]}, "value=5.0"),
        ({"reports": [[3, 0.0, 0.0, -0.2]]}, "nash_conv=-0.2"),
        ({"reports": [[99, 0.0, 0.0, 0.2]]}, "iterations=99"),
        ({"reports": [[3, 0.1]]}, "reports"),
        ({"reports": "none"}, "reports"),
    ],
)
def test_a_rehashed_checkpoint_with_impossible_values_is_refused(saved, changes, field) -> None:
    game, folder = saved
    path = _edit(folder, rehash=True, **changes)
    with pytest.raises(ValueError, match="checkpoint") as error:
        StreamSolver(game, folder)
    assert path.name in str(error.value) and field in str(error.value)


def test_a_huge_checkpoint_json_is_refused_unread(saved) -> None:
    game, folder = saved
    (folder / "checkpoint.json").write_text(" " * (checked.MAX_METADATA_BYTES + 1))
    with pytest.raises(ValueError, match="longer than"):
        StreamSolver(game, folder)


def test_an_empty_folder_name_or_a_file_is_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    game = StreamGame("openspiel", (1, 1), faces=3)
    with pytest.raises(ValueError, match="folder=''"):
        StreamSolver(game, "")
    with pytest.raises(ValueError, match="folder=''"):
        stream_solve("openspiel", (1, 1), 3, folder="", progress=False)
    (file := tmp_path / "a-file").write_text("x")
    with pytest.raises(ValueError, match="a file, not a folder"):
        stream_solve("openspiel", (1, 1), 3, folder=file, progress=False)
    assert main(["stream", "--rules", "openspiel", "--checkpoint", "", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "folder=''" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # nothing written here


def test_minutes_too_short_for_two_v_two_return_at_once(tmp_path: Path, capsys) -> None:
    started = time.perf_counter()
    args = ["stream", "--rules", "openspiel", "--dice", "2,2", "--checkpoint", str(tmp_path)]
    assert main([*args, "--minutes", "0.001", "--no-progress"]) == 2
    assert time.perf_counter() - started < 20  # a generous guard: it used to run past 60 s
    err = capsys.readouterr().err
    assert "minutes=0.001" in err and "too short" in err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_budget_spent_before_the_first_iteration_writes_nothing(tmp_path: Path) -> None:
    solver = StreamSolver(StreamGame("openspiel", (1, 1), faces=3), tmp_path)
    quiet = {"max_iterations": 10, "report_every": 1, "tolerance": 0.0, "progress": False}
    with pytest.raises(ValueError, match="ran out before the first iteration"):
        _run(solver, started=time.perf_counter() - 1.0, budget=0.5, checkpoint_seconds=60.0,
             log=None, **quiet)  # fmt: skip
    assert solver.iterations == 0 and not (tmp_path / "checkpoint.json").exists()


def test_a_full_disk_is_refused_before_writing(tmp_path: Path, monkeypatch) -> None:
    game = StreamGame("openspiel", (1, 2), faces=3)
    needed = StreamSolver(game, tmp_path / "probe").checkpoint_bytes()
    full = shutil._ntuple_diskusage(10**9, 10**9 - 100, 100)  # type: ignore[attr-defined]
    monkeypatch.setattr(shutil, "disk_usage", lambda path: full)
    with pytest.raises(ValueError, match=r"needs .* of disk space") as error:
        StreamSolver(game, tmp_path / "run")
    assert f"{needed:,} bytes" in str(error.value) and "100 bytes" in str(error.value)
    assert not (tmp_path / "run").exists()
    monkeypatch.undo()
    solver = StreamSolver(game, tmp_path / "run")
    solver.iterate(1)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: full)
    with pytest.raises(ValueError, match="a checkpoint needs"):
        solver.checkpoint()
    assert not list((tmp_path / "run").glob("*ckpt*"))


def test_the_scratch_stays_in_memory_within_the_budget(tmp_path: Path, monkeypatch) -> None:
    game = StreamGame("openspiel", (1, 2), faces=3)
    solver = StreamSolver(game, tmp_path / "memory")
    solver.iterate(2)
    assert not (tmp_path / "memory/live").exists()  # only a checkpoint is ever written
    monkeypatch.setattr("liarsdice.solver.stream_memory.MEMORY_BUDGET", 0)
    disk = StreamSolver(game, tmp_path / "disk")
    disk.iterate(2)
    assert (tmp_path / "disk/live/sum_bid.bin").is_file()
    assert disk.evaluate() == solver.evaluate()
