"""Files named on the command line are checked before they are read (issue: hostile input,
round two): a binary file, a file too large, a device or a folder is refused with one line
naming the file, never a traceback or a MemoryError."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from liarsdice.cli import MAX_FILE_BYTES, main


def refusal(capsys: pytest.CaptureFixture, *argv: str) -> str:
    """Return the one-line message of a refused command (status 2, nothing on stdout)."""
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


def test_a_binary_file_is_refused_naming_it(tmp_path: Path, capsys) -> None:
    binary = tmp_path / "guide.md"
    binary.write_bytes(b"# guide\n\xff\xfe\x00\x01 not text")
    err = refusal(capsys, "guide", "--check", "--path", str(binary))
    assert f"--path {str(binary)!r} is not UTF-8 text" in err and "binary" in err


def test_a_nul_byte_is_binary(tmp_path: Path, capsys) -> None:
    binary = tmp_path / "guide.md"
    binary.write_bytes(b"# guide\n\x00\x00")
    assert repr(str(binary)) in refusal(capsys, "guide", "--check", "--path", str(binary))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_without_reading_it(capsys) -> None:
    err = refusal(capsys, "guide", "--check", "--path", "/dev/zero")  # was a MemoryError
    assert "--path '/dev/zero' is a device" in err and "not a regular file" in err


def test_a_folder_and_a_missing_file_are_refused_naming_them(tmp_path: Path, capsys) -> None:
    assert "is a folder" in refusal(capsys, "guide", "--path", str(tmp_path))
    missing = str(tmp_path / "none.md")
    assert f"--path {missing!r}: No such file" in refusal(capsys, "guide", "--path", missing)


def test_a_file_past_the_limit_is_refused_by_its_size(tmp_path: Path, capsys) -> None:
    big = tmp_path / "big.md"
    with big.open("wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    err = refusal(capsys, "guide", "--path", str(big))
    assert f"--path {str(big)!r} is larger than {MAX_FILE_BYTES:,} bytes" in err
    assert big.stat().st_size == MAX_FILE_BYTES + 1  # nothing written


def test_a_nul_in_the_path_is_refused_quoting_it(capsys) -> None:
    assert "'a\\x00b'" in refusal(capsys, "guide", "--path", "a\x00b")


def test_a_long_path_is_named_whole(tmp_path: Path, capsys) -> None:
    folder = tmp_path / ("a_long_folder_name_" * 6)
    folder.mkdir()
    binary = folder / "guide.md"
    binary.write_bytes(b"\xff" * 10)
    assert len(str(binary)) > 100
    assert repr(str(binary)) in refusal(capsys, "guide", "--path", str(binary))
