"""Reading a JSON file defensively: the one reader behind saves, board files and settings.

Holds the checks every file the app opens goes through, in order: an ordinary file (never a folder, and
never a FIFO, which would hang the reader), a size cap checked before reading it all, UTF-8 (a leading
byte-order mark is tolerated), a nesting cap checked before parsing, then JSON. Each failed check raises
`JsonFileError` with a `Problem`; the caller words it for the player in its own error type, because a
damaged save, board and settings file each deserve their own sentence.

Does not hold any file's format (see `saves.py`, `boards.py`, `settings.py`) and never writes.
"""

from __future__ import annotations

import enum
import json
import os
import re
import stat
from array import array
from itertools import accumulate
from pathlib import Path

from rainbowtable.core.i18n import _

MAX_NESTING = 64
"""Deeper than any file the app writes needs (the deepest is under 10 levels) and far below the parser's
limit, so a hostile file is refused before the parser recurses."""


class Problem(enum.Enum):
    MISSING = "missing"  # no such file (or folder); `detail` says so in words
    UNREADABLE = "unreadable"  # the OS refused; `detail` says why
    NOT_A_FILE = "not a file"  # a folder or a special file; `detail` says which
    TOO_LARGE = "too large"  # `size` holds the size found
    NOT_UTF8 = "not utf-8"
    TOO_DEEP = "too deep"
    NOT_JSON = "not json"  # `detail` holds the parser's message


class JsonFileError(Exception):
    """One failed check. `detail` is a phrase in words (may be empty); `size` is set for TOO_LARGE."""

    def __init__(self, problem: Problem, detail: str = "", size: int = 0) -> None:
        super().__init__(f"{problem.value}: {detail}" if detail else problem.value)
        self.problem = problem
        self.detail = detail
        self.size = size


def os_reason(error: OSError) -> str:
    """An OS error in the player's words."""
    if isinstance(error, PermissionError):
        return _("permission denied")
    if isinstance(error, FileNotFoundError):
        return _("the file or its folder does not exist")
    if isinstance(error, IsADirectoryError):
        return _("a folder is in the way")
    return error.strerror or type(error).__name__


def read_capped(path: Path, max_bytes: int) -> bytes:
    """The bytes of an ordinary file of at most `max_bytes`, refused by size before reading it all."""
    # O_NONBLOCK: opening a FIFO someone left among the files must not hang the app.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as error:
        raise JsonFileError(Problem.MISSING, os_reason(error)) from None
    except OSError as error:
        raise JsonFileError(Problem.UNREADABLE, os_reason(error)) from None
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise JsonFileError(Problem.NOT_A_FILE, _("it is a folder, not a file"))
            if not stat.S_ISREG(info.st_mode):
                raise JsonFileError(Problem.NOT_A_FILE, _("it is not an ordinary file"))
            if info.st_size > max_bytes:
                raise JsonFileError(Problem.TOO_LARGE, size=info.st_size)
            # Read one byte more than allowed, in case the file grew since fstat.
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise JsonFileError(Problem.UNREADABLE, os_reason(error)) from None
    if len(data) > max_bytes:
        raise JsonFileError(Problem.TOO_LARGE, size=len(data))
    return data


def parse_json(data: bytes, max_bytes: int, max_nesting: int = MAX_NESTING) -> object:
    """UTF-8 (a leading byte-order mark is tolerated), size and nesting capped, then JSON."""
    if len(data) > max_bytes:
        raise JsonFileError(Problem.TOO_LARGE, size=len(data))
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError(Problem.NOT_UTF8) from None
    if nesting_exceeds(data, max_nesting):
        raise JsonFileError(Problem.TOO_DEEP)
    # The standard library's parser: JSON here is small and capped, and it is already loaded at start-up
    # (pygame_gui reads its theme with it), where msgspec would cost ~15 ms before the first frame.
    # NaN and Infinity are not JSON, so they are refused as msgspec refused them.
    try:
        return json.loads(data, parse_constant=_refuse_constant)
    except ValueError as error:
        raise JsonFileError(Problem.NOT_JSON, str(error)) from None
    except RecursionError:
        raise JsonFileError(Problem.TOO_DEEP) from None


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def read_json(path: Path, max_bytes: int, max_nesting: int = MAX_NESTING) -> object:
    """`read_capped` then `parse_json`."""
    return parse_json(read_capped(path, max_bytes), max_bytes, max_nesting)


_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_DEPTH_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
"""An opening bracket as +1 and a closing one as -1, read as signed bytes."""


def nesting_exceeds(data: bytes, limit: int) -> bool:
    """Whether arrays and objects nest deeper than `limit`, brackets inside strings aside: whether some
    prefix of the brackets opens more than `limit` levels. Runs in C throughout."""
    brackets = _without_strings(data).translate(_DEPTH_STEP, _NOT_BRACKETS)
    return max(accumulate(array("b", brackets)), default=0) > limit


def _without_strings(data: bytes) -> bytes:
    """`data` with every JSON string literal taken out. Without a backslash, and with the quotes paired,
    every other piece between quotes is a string, found in a third of the regex's time (every save is
    read back, so this runs on each save and each load); otherwise the regex that understands escapes."""
    if b"\\" not in data and data.count(b'"') % 2 == 0:
        return b"".join(data.split(b'"')[::2])
    return _JSON_STRING.sub(b"", data)
