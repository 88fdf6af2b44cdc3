"""Reading the command line's input: numbers, lists of integers and text files, each bounded.

- MAX_NUMBER_CHARS: the most characters of a number on the command line (a 128-bit seed has 39).
- MAX_FILE_BYTES: the most bytes of a text file named on the command line (guide --path).
- whole_number(text), number(text): a number as an int or a float (argparse's `type`), refused
  past MAX_NUMBER_CHARS characters before any conversion.
- integers(text, name): the integers written as "1,1,3,5,6" (--hand, --dice, --lesson...).
- text_file(option, path): the text of a regular file of at most MAX_FILE_BYTES bytes of UTF-8.

Bad input raises ValueError (argparse.ArgumentTypeError for the argparse types) quoting it.
"""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Callable
from typing import TypeVar

from liarsdice.checks import check_text, quote
from liarsdice.limits import MAX_TEXT

MAX_NUMBER_CHARS = 50  # characters of a number on the command line (a 128-bit seed has 39)
MAX_FILE_BYTES = 10_000_000  # bytes of a text file read from the command line (--path)
_N = TypeVar("_N", int, float)


def _converted(text: str, convert: Callable[[str], _N], expected: str) -> _N:
    """Return convert(text) if text has at most MAX_NUMBER_CHARS characters and converts; else
    raise argparse.ArgumentTypeError quoting it (huge numbers are refused before converting)."""
    if len(text) <= MAX_NUMBER_CHARS:
        try:
            return convert(text)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(
        f"{quote(text)}: expected {expected} of at most {MAX_NUMBER_CHARS} characters"
    )


def whole_number(text: str) -> int:
    """Return a command-line number as an int (argparse's type): at most MAX_NUMBER_CHARS
    characters, so that huge numbers are refused before any conversion."""
    return _converted(text, int, "a whole number")


def number(text: str) -> float:
    """Return a command-line number as a float (argparse's type), at most MAX_NUMBER_CHARS
    characters."""
    return _converted(text, float, "a number")


def integers(text: str, name: str) -> tuple[int, ...]:
    """Return the integers written as "1,1,3,5,6" (empty text: none); ValueError quotes bad
    text (at most MAX_TEXT characters, each number at most MAX_NUMBER_CHARS)."""
    check_text(f"--{name}", text, MAX_TEXT)
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        if any(len(part) > MAX_NUMBER_CHARS for part in parts):
            raise ValueError
        return tuple(int(part) for part in parts)
    except ValueError:
        raise ValueError(
            f"--{name} {quote(text)}: expected integers separated by commas, such as 1,1,3,5,6"
        ) from None


def text_file(option: str, path: str) -> str:
    """Return the text of a file named on the command line, after checking that it is a
    regular file (not a folder, a device or a pipe) of at most MAX_FILE_BYTES bytes of UTF-8
    text; else raise ValueError naming the option and the file."""
    check_text(option, path, MAX_TEXT)
    where = f"{option} {quote(path, limit=MAX_TEXT + 2)}"  # the whole path: it names the file
    try:
        status = os.stat(path)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise ValueError(f"{where}: {getattr(error, 'strerror', None) or error}") from None
    if not stat.S_ISREG(status.st_mode):
        kind = "a folder" if stat.S_ISDIR(status.st_mode) else "a device, a pipe or a socket"
        raise ValueError(f"{where} is {kind}, not a regular file")
    if status.st_size > MAX_FILE_BYTES:
        raise ValueError(f"{where} is larger than {MAX_FILE_BYTES:,} bytes, the limit")
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # bounded, whatever the file's size claims
    except OSError as error:
        raise ValueError(f"{where}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{where} is larger than {MAX_FILE_BYTES:,} bytes, the limit")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{where} is not UTF-8 text (byte {data[error.start]:#04x} at {error.start:,}): "
            "a binary file?"
        ) from None
    if "\x00" in text:
        raise ValueError(f"{where} holds a NUL byte: a binary file, not text")
    return text
