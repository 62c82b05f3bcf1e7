"""What the table draws the same way at every start, kept between starts in the player's cache folder
(`Paths.cache_dir`) so that a start after the first reads it instead of drawing it (issue 40: the title's
first frame spent most of its time drawing the games' pictures and loading the glyphs of its words):
- `picture`: a drawing kept as its raw pixels (the games' drawings on the title tiles);
- `text_cache.py`: the start-up's words, measured and rendered, kept in one file through this module's
  `read_kept` and `write_kept`.
The felt is not kept: on this 2-core machine reading its 3.7 MB back cost three times what drawing it does.

Every kept file is found by a key naming what it was drawn from (its kind, size, colours, the font) and a
stamp of the code that draws it: the app's version and, where the sources are files (not the packaged
executable), the newest change among the table's drawing modules and its fonts; in the packaged executable
the executable file itself. A changed drawing is therefore never shown from an old file.

A file is checked where it is read: its header (our magic, the whole key, not only the name's checksum),
its length and a checksum of the rest; a picture's size and pixel format must be one pygame makes. A file
that fails a check is drawn again and replaced; a folder that cannot be read or written only costs the
drawing. Nothing here raises: keeping is an aid to start-up, never a reason for the table not to show.

Nothing is kept until `keep_in` names a folder (the app does it as it starts), and only until `settle`
(after the first frame): what the table draws later (a window dragged through many sizes) is drawn and held
in memory, never written. The tests and the benchmark's tables draw everything, every time.
"""

from __future__ import annotations

import contextlib
import os
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pygame

from rainbowtable import __version__

MAGIC = b"rtkept1\n"
HEAD = struct.Struct("<8sII")
"""magic, the key's length in bytes, the checksum (adler32) of the key and everything after it."""
MAX_FILE_BYTES = 64 * 1024 * 1024
"""A window of 4K by 4K in pixels is 64 MB; a longer file is not ours."""
PICTURE = struct.Struct("<II")
"""A picture's own header: its width and height (its pixels follow as RGBA rows)."""
MAX_SIDE = 4096
SUFFIX = ".kept"
KEEP_FILES = 48
"""A folder with more files loses its oldest when one is written (window sizes come and go)."""
DRAWING_FOLDERS = ("ui",)
"""Under the package: where the code that draws kept pictures lives (the stamp's files)."""
MEMO_SIZE = 64
"""Pictures held in memory after their first use (a title frame asks for each game's drawing again)."""

_folder: Path | None = None
_starting = False
_stamp: str | None = None
_memo: dict[tuple[object, ...], pygame.Surface] = {}


def keep_in(folder: Path | None) -> None:
    """A start begins: keep its drawings in `folder` (None: keep none, draw every time)."""
    global _folder, _stamp, _starting
    _folder = folder
    _starting = folder is not None
    _stamp = None
    _memo.clear()


def settle() -> None:
    """The start is over: from now on pictures are drawn (and held in memory), not read or written. A
    window dragged to new sizes would otherwise write a file for every size it passed through."""
    global _starting
    _starting = False


def folder() -> Path | None:
    return _folder


# --- kept files -----------------------------------------------------------------------------------------


def key_bytes(key: tuple[object, ...]) -> bytes:
    """The key as stored in the file (the code's stamp first): `repr` of plain values (numbers, strings,
    tuples) is the same from run to run."""
    return repr((code_stamp(), key)).encode("utf-8", "backslashreplace")


def path_for(where: Path, key: bytes) -> Path:
    return where / f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}{SUFFIX}"


def read_kept(path: Path, key: bytes) -> memoryview | None:
    """What was written for `key` at `path` (after the header), when every check holds; else None."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    if not HEAD.size <= len(data) <= MAX_FILE_BYTES:
        return None
    magic, length, checksum = HEAD.unpack_from(data)
    rest = memoryview(data)[HEAD.size :]
    if magic != MAGIC or length != len(key) or rest[:length] != key or zlib.adler32(rest) != checksum:
        return None
    return rest[length:]


def write_kept(path: Path, key: bytes, *parts: bytes | memoryview) -> None:
    """Write `parts` under `key` to `path` by a temporary file renamed over it (a reader never sees half
    a file); quietly nothing when the folder cannot take it."""
    checksum = zlib.adler32(key)
    for part in parts:
        checksum = zlib.adler32(part, checksum)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temp, "wb") as handle:
            handle.write(HEAD.pack(MAGIC, len(key), checksum))
            handle.write(key)
            for part in parts:
                handle.write(part)
        os.replace(temp, path)
        _trim(path.parent)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def _trim(where: Path) -> None:
    kept = sorted(where.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime_ns)
    for old in kept[: max(0, len(kept) - KEEP_FILES)]:
        old.unlink(missing_ok=True)


# --- pictures -------------------------------------------------------------------------------------------


def picture(key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The picture `make` draws for `key`: from memory, or while the table starts, read from the cache
    folder when a checked copy is there, else drawn (and written there for the next start)."""
    where = _folder
    if where is None:
        return make()
    found = _memo.get(key)
    if found is None and not _starting:
        return make()
    if found is None:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        stored = key_bytes(("picture", key))
        path = path_for(where, stored)
        kept = read_kept(path, stored)
        found = None if kept is None else surface_from(kept)
        if found is None:
            found = make()
            parts = surface_parts(found)
            if parts is not None:
                write_kept(path, stored, *parts)
        _memo[key] = found
    return found


def surface_parts(surface: pygame.Surface) -> tuple[bytes, bytes] | None:
    """A picture with per-pixel alpha as (its size, its RGBA rows); None for one without (not kept)."""
    if not surface.get_flags() & pygame.SRCALPHA or surface.get_bitsize() != 32 or 0 in surface.get_size():
        return None
    return PICTURE.pack(*surface.get_size()), pygame.image.tobytes(surface, "RGBA")


def surface_from(data: memoryview) -> pygame.Surface | None:
    """The picture `surface_parts` wrote, when its size is one the table draws and its pixels are all
    there; else None."""
    if len(data) < PICTURE.size:
        return None
    width, height = PICTURE.unpack_from(data)
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        return None
    if len(data) != PICTURE.size + width * height * 4:
        return None
    try:
        return pygame.image.frombytes(bytes(data[PICTURE.size :]), (width, height), "RGBA")
    except (pygame.error, ValueError):
        return None


# --- the code's stamp -----------------------------------------------------------------------------------


def code_stamp() -> str:
    """What kept files were drawn by (see the module's docstring), worked out once a run."""
    global _stamp
    if _stamp is None:
        _stamp = f"{__version__}:{pygame.version.ver}:{_newest_change()}"
    return _stamp


def _newest_change() -> int:
    if getattr(sys, "frozen", False):
        try:
            return os.stat(sys.executable).st_mtime_ns
        except OSError:
            return 0
    from rainbowtable.storage.paths import assets_dir

    package = Path(__file__).resolve().parent.parent
    folders = [package / name for name in DRAWING_FOLDERS]
    folders.append(assets_dir() / "fonts")
    newest = 0
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":
                            folders.append(Path(entry.path))
                    elif entry.name.endswith((".py", ".ttf")):
                        newest = max(newest, entry.stat().st_mtime_ns)
        except OSError:
            continue
    return newest
