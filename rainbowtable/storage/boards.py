"""The Rainbow Passage board library: the board file format, its strict loader, and library operations.

A board file is JSON: format name and version, the board's name, created and modified times (ISO 8601,
UTC), the layout size, the frame's segments per side, the box (its seed and every section's printed colours,
one letter per square, so the colours survive any change to how boxes are generated), and the placements.
Finished and half-built boards use the same format: a file may describe an illegal board, which loads as a
draft whose `problems()` say what to fix.

Loading checks, each with its own `BoardFileError` message: the size (before reading it all), UTF-8 and
JSON, that it is a rainbowtable board, that its version is not newer than this app's, a strict decode of
every field (errors name the path, `$.placements[3].rotation`), and that the box and placements make sense.
A bad file is never written to. Library operations work on a folder (normally `Paths.boards_dir`) and write
through `write_atomic`.

Does not hold the draft model or any legality rule (see `games/rainbow_passage/board.py`), nor where the
folders are (`paths.py`).
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from rainbowtable.core.colours import PassageColour
from rainbowtable.core.json_codec import DecodeError, from_json_value
from rainbowtable.core.rng import MASK_64
from rainbowtable.games.rainbow_passage.board import (
    ALL_SECTION_IDS,
    BoardDraft,
    Box,
    Frame,
    FrameSegment,
    Placement,
    Section,
    kind_of,
)
from rainbowtable.geometry.square import Cell
from rainbowtable.storage.atomic import backup_path_for, write_atomic
from rainbowtable.storage.json_file import JsonFileError, Problem, parse_json, read_capped
from rainbowtable.storage.paths import shipped_saves_dir

BOARD_FORMAT = "rainbowtable-board"
BOARD_VERSION = 1
MAX_BOARD_BYTES = 1024 * 1024
"""A full board file is about 4 kB; anything near this cap is not a board."""
MAX_NAME_LENGTH = 80
BOARD_SUFFIX = ".json"

Clock = Callable[[], datetime]


class BoardFileError(Exception):
    """A board file that cannot be read or written. `message` is written for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class SavedBoard:
    """A board as the library keeps it: a name, the draft (finished or not) and its times."""

    name: str
    draft: BoardDraft
    created: str
    modified: str

    @property
    def is_finished(self) -> bool:
        return self.draft.is_finished


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """One file in the library. A file that cannot be read has `saved` None and an `error` in words."""

    path: Path
    saved: SavedBoard | None
    error: str | None = None

    @property
    def name(self) -> str:
        return self.saved.name if self.saved is not None else self.path.stem


# --- the JSON shape ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _PlacementJson:
    section: str
    origin: tuple[int, int]
    rotation: int
    flipped: bool


@dataclass(frozen=True, slots=True)
class _FrameJson:
    north: tuple[FrameSegment, ...]
    east: tuple[FrameSegment, ...]
    south: tuple[FrameSegment, ...]
    west: tuple[FrameSegment, ...]


@dataclass(frozen=True, slots=True)
class _BoxJson:
    seed: str
    sections: dict[str, tuple[str, str]]


@dataclass(frozen=True, slots=True)
class _DraftJson:
    width: int
    height: int
    frame: _FrameJson
    box: _BoxJson
    placements: tuple[_PlacementJson, ...]


@dataclass(frozen=True, slots=True)
class _BoardFileJson:
    format: str
    version: int
    name: str
    created: str
    modified: str
    board: _DraftJson


def draft_to_json(draft: BoardDraft) -> dict[str, Any]:
    """A draft as a JSON-ready value (also for embedding a board in other files)."""
    return {
        "width": draft.width,
        "height": draft.height,
        "frame": {
            "north": [s.value for s in draft.frame.north],
            "east": [s.value for s in draft.frame.east],
            "south": [s.value for s in draft.frame.south],
            "west": [s.value for s in draft.frame.west],
        },
        "box": {
            "seed": f"{draft.box.seed & MASK_64:016x}",
            "sections": {
                s.id: ["".join(c.letter for c in s.side_a), "".join(c.letter for c in s.side_b)]
                for s in draft.box.sections
            },
        },
        "placements": [
            {
                "section": p.section_id,
                "origin": [p.origin.x, p.origin.y],
                "rotation": p.rotation,
                "flipped": p.flipped,
            }
            for p in draft.placements
        ],
    }


def draft_from_json(value: Any, where: str = "$") -> BoardDraft:
    """The draft in a JSON value; raises `BoardFileError` naming the path of anything wrong."""
    try:
        shape = from_json_value(value, _DraftJson, where)
    except DecodeError as error:
        raise BoardFileError(f"This board file is damaged: {error}") from None
    return _draft_from_shape(shape, where)


def _draft_from_shape(shape: _DraftJson, where: str) -> BoardDraft:
    try:
        seed = int(shape.box.seed, 16)
    except ValueError:
        raise BoardFileError(f"This board file is damaged: {where}.box.seed is not a hex number.") from None
    missing = [i for i in ALL_SECTION_IDS if i not in shape.box.sections]
    unknown = [i for i in shape.box.sections if i not in ALL_SECTION_IDS]
    if missing or unknown:
        wrong = (missing or unknown)[0]
        raise BoardFileError(
            f"This board file is damaged: {where}.box.sections "
            f"{'lacks' if missing else 'has an unknown section'} {wrong!r}."
        )
    sections = []
    for section_id in ALL_SECTION_IDS:
        kind = kind_of(section_id)
        sides = []
        for side_name, letters in zip(("A", "B"), shape.box.sections[section_id], strict=True):
            here = f"{where}.box.sections.{section_id} side {side_name}"
            if len(letters) != len(kind.cells):
                raise BoardFileError(
                    f"This board file is damaged: {here} needs {len(kind.cells)} colours, not {len(letters)}."
                )
            try:
                sides.append(tuple(PassageColour.from_letter(letter) for letter in letters))
            except ValueError:
                raise BoardFileError(
                    f"This board file is damaged: {here} has a colour letter other than R G B Y C M."
                ) from None
        sections.append(Section(section_id, kind, sides[0], sides[1]))
    box = Box(seed, tuple(sections))
    placements = []
    for index, p in enumerate(shape.placements):
        here = f"{where}.placements[{index}]"
        if p.section not in ALL_SECTION_IDS:
            raise BoardFileError(
                f"This board file is damaged: {here}.section {p.section!r} is not in the box."
            )
        try:
            placements.append(Placement(p.section, Cell(*p.origin), p.rotation, p.flipped))
        except ValueError as error:
            raise BoardFileError(f"This board file is damaged: {here}: {error}.") from None
    frame = Frame(shape.frame.north, shape.frame.east, shape.frame.south, shape.frame.west)
    try:
        return BoardDraft(box, frame, shape.width, shape.height, tuple(placements))
    except ValueError as error:
        raise BoardFileError(f"This board file describes an impossible size: {error}") from None


def encode_board(saved: SavedBoard) -> bytes:
    """The file's bytes: indented JSON with keys in a fixed order, so files diff well."""
    body = {
        "format": BOARD_FORMAT,
        "version": BOARD_VERSION,
        "name": saved.name,
        "created": saved.created,
        "modified": saved.modified,
        "board": draft_to_json(saved.draft),
    }
    return msgspec.json.format(msgspec.json.encode(body), indent=1) + b"\n"


def decode_board(data: bytes) -> SavedBoard:
    """A board file's bytes, checked strictly; raises `BoardFileError` with the reason in words."""
    try:
        value = parse_json(data, MAX_BOARD_BYTES)
    except JsonFileError as error:
        raise _board_error(error) from None
    if not isinstance(value, dict) or value.get("format") != BOARD_FORMAT:
        raise BoardFileError("This is not a rainbowtable board file.")
    version = value.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BoardFileError("This board file is damaged: $.version is not a format version.")
    if version > BOARD_VERSION:
        raise BoardFileError(
            f"This board was saved by a newer version of rainbowtable (board format {version}; this version "
            f"reads up to {BOARD_VERSION}). Update the app to open it."
        )
    try:
        shape = from_json_value(value, _BoardFileJson)
    except DecodeError as error:
        raise BoardFileError(f"This board file is damaged: {error}") from None
    draft = _draft_from_shape(shape.board, "$.board")
    return SavedBoard(_clean_name(shape.name), draft, shape.created, shape.modified)


# --- files and the library ---------------------------------------------------------------------------


def shipped_boards_dir() -> Path:
    """The example boards that ship with the app (`saves/boards/` in the repository)."""
    return shipped_saves_dir() / "boards"


def load_board(path: Path) -> SavedBoard:
    try:
        data = read_capped(path, MAX_BOARD_BYTES)
    except JsonFileError as error:
        if error.problem in (Problem.MISSING, Problem.UNREADABLE, Problem.NOT_A_FILE):
            raise BoardFileError(f"Cannot read {path.name}: {error.detail}.") from None
        raise _board_error(error) from None
    return decode_board(data)


def _board_error(error: JsonFileError) -> BoardFileError:
    """The shared reader's finding in a board file's words."""
    problem = error.problem
    if problem is Problem.TOO_LARGE:
        return BoardFileError(
            f"This file is {error.size // 1024} kB, far larger than any board, so it was not opened."
        )
    if problem is Problem.NOT_UTF8:
        return BoardFileError("This board file is damaged: it is not UTF-8 text.")
    if problem is Problem.TOO_DEEP:
        return BoardFileError("This board file is damaged: it nests far deeper than any board.")
    if problem is Problem.NOT_JSON:
        return BoardFileError(f"This board file is damaged: it is not valid JSON ({error.detail}).")
    return BoardFileError(f"This board file could not be read: {error.detail}.")


def save_board(
    folder: Path,
    name: str,
    draft: BoardDraft,
    *,
    path: Path | None = None,
    now: Clock | None = None,
) -> Path:
    """Save a draft under a name. With `path`, overwrite that file (keeping its creation time and a .bak);
    without, create a new file in `folder` named after the board. Returns the file's path."""
    stamp = _stamp(now)
    created = stamp
    if path is not None:
        with contextlib.suppress(BoardFileError):
            created = load_board(path).created
    target = path if path is not None else _free_path(folder, name)
    _write(target, SavedBoard(_clean_name(name), draft, created, stamp))
    return target


def list_boards(folder: Path) -> tuple[LibraryEntry, ...]:
    """Every board file in a folder, most recently modified first; unreadable files are listed with the
    reason so the library can show them without crashing."""
    if not folder.is_dir():
        return ()
    entries = []
    for path in sorted(folder.glob(f"*{BOARD_SUFFIX}")):
        try:
            entries.append(LibraryEntry(path, load_board(path)))
        except BoardFileError as error:
            entries.append(LibraryEntry(path, None, error.message))
    readable = sorted(
        (e for e in entries if e.saved is not None),
        key=lambda e: (e.saved.modified if e.saved is not None else "", e.path.name),
        reverse=True,
    )
    return (*readable, *(e for e in entries if e.saved is None))


def rename_board(path: Path, new_name: str, *, now: Clock | None = None) -> Path:
    """Give a board a new name (and a file name to match). Returns the new path."""
    saved = load_board(path)
    name = _clean_name(new_name)
    target = _free_path(path.parent, name, keep=path)
    _write(target, SavedBoard(name, saved.draft, saved.created, _stamp(now)))
    if target != path:
        delete_board(path)
    return target


def duplicate_board(path: Path, new_name: str | None = None, *, now: Clock | None = None) -> Path:
    """A copy beside the original, named "<name> (copy)" unless told otherwise. Returns the copy's path."""
    saved = load_board(path)
    name = _clean_name(new_name if new_name is not None else f"{saved.name} (copy)")
    stamp = _stamp(now)
    target = _free_path(path.parent, name)
    _write(target, SavedBoard(name, saved.draft, stamp, stamp))
    return target


def delete_board(path: Path) -> None:
    """Remove a board file and its backup."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        raise BoardFileError(
            f"Cannot delete {path.name}: {error.strerror or type(error).__name__}."
        ) from None
    with contextlib.suppress(OSError):
        backup_path_for(path).unlink()


def export_board(path: Path, destination: Path) -> None:
    """Write a library board to any file the player chose (checked first, so only good boards leave)."""
    _write(destination, load_board(path), keep_backup=False)


def import_board(source: Path, folder: Path, *, now: Clock | None = None) -> Path:
    """Copy a board file into the library after checking it; the original is not touched. An illegal
    board is imported as a draft to fix. Returns the new file's path."""
    saved = load_board(source)
    target = _free_path(folder, saved.name)
    _write(target, SavedBoard(saved.name, saved.draft, saved.created, _stamp(now)))
    return target


def _write(path: Path, saved: SavedBoard, keep_backup: bool = True) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode_board(saved), keep_backup=keep_backup)
    except OSError as error:
        raise BoardFileError(f"Cannot write {path.name}: {error.strerror or type(error).__name__}.") from None


def _stamp(now: Clock | None) -> str:
    moment = now() if now is not None else datetime.now(UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _clean_name(name: str) -> str:
    # One line, no control characters, a sane length; an empty name gets a placeholder the player can change.
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())[:MAX_NAME_LENGTH]
    return cleaned or "Untitled board"


def _free_path(folder: Path, name: str, keep: Path | None = None) -> Path:
    """A file name in `folder` made from the board's name that no other file uses (`keep` may be reused)."""
    base = _slug(name)
    candidate = folder / f"{base}{BOARD_SUFFIX}"
    number = 2
    while candidate.exists() and candidate != keep:
        candidate = folder / f"{base}-{number}{BOARD_SUFFIX}"
        number += 1
    return candidate


def _slug(name: str) -> str:
    # Accents become plain letters and everything else a dash, so the name is safe on every file system.
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:48].strip("-")
    return slug or "board"
