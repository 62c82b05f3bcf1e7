"""The board library: board documents on disk, read and written whole, and the library's file operations.

A board document is JSON: format name and version, the game the board is for, the board's name, its
created and modified times (ISO 8601, UTC) and `board`, the board itself, whose shape belongs to the game
(its `board_file.py` reads and writes it). The game is an id; the first game with boards writes none (its
files stay byte for byte as they were) and its reader takes files without one (`require_game(...,
unnamed_ok=True)`). This module checks everything but that inner value: the size (before reading it all),
UTF-8 and JSON, that it is a rainbowtable board, that its version is not newer than this app's, and the
game, name and times (through `core/text.py`), each with its own `BoardFileError` message; a game's reader
refuses another game's board with `require_game`. A bad file is never written to. Library operations work
on a folder (`Paths.boards_dir` for the first game, `game_boards_dir` for later ones, so one game's library
never lists another's boards) and write through `write_atomic`.

Does not hold the board format, the draft model or any legality rule (all in the game's folder), nor where
the folders are (`paths.py`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from rainbowtable.core.i18n import N_, _
from rainbowtable.core.text import MAX_ID_LEN, MAX_TITLE_LEN, TextProblem, check_text, clean_text
from rainbowtable.storage.atomic import backup_path_for, write_atomic
from rainbowtable.storage.files import display_name, free_path, list_folder, slug
from rainbowtable.storage.json_file import JsonFileError, Problem, parse_json, read_capped
from rainbowtable.storage.paths import shipped_saves_dir

BOARD_FORMAT = "rainbowtable-board"
BOARD_VERSION = 1
MAX_BOARD_BYTES = 1024 * 1024
"""A full board file is about 4 kB; anything near this cap is not a board."""
MAX_NAME_LENGTH = MAX_TITLE_LEN
MAX_TIME_LENGTH = 40
BOARD_SUFFIX = ".json"

Clock = Callable[[], datetime]
T = TypeVar("T")


class BoardFileError(Exception):
    """A board file that cannot be read or written. `message` is written for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class BoardDocument:
    """One board file's contents: its name and times, and `board`, the board as a JSON value whose shape
    the game defines."""

    name: str
    created: str
    modified: str
    board: Any
    game: str | None = None
    """The id of the game the board is for (None: the file names none, see the module docstring)."""


@dataclass(frozen=True, slots=True)
class LibraryEntry(Generic[T]):
    """One file in the library, read with the game's reader. A file that cannot be read has `saved` None
    and an `error` in words."""

    path: Path
    saved: T | None
    error: str | None = None

    @property
    def name(self) -> str:
        name = getattr(self.saved, "name", None)
        return name if isinstance(name, str) else display_name(self.path).removesuffix(BOARD_SUFFIX)


# --- one document ------------------------------------------------------------------------------------


def encode_document(document: BoardDocument) -> bytes:
    """The file's bytes: indented JSON with keys in a fixed order, so files diff well."""
    body: dict[str, Any] = {"format": BOARD_FORMAT, "version": BOARD_VERSION}
    if document.game is not None:
        body["game"] = document.game
    body |= {
        "name": document.name,
        "created": document.created,
        "modified": document.modified,
        "board": document.board,
    }
    return msgspec.json.format(msgspec.json.encode(body), indent=1) + b"\n"


def decode_document(data: bytes) -> BoardDocument:
    """A board file's bytes with its envelope checked; `board` is left for the game to check. Raises
    `BoardFileError` with the reason in words."""
    try:
        value = parse_json(data, MAX_BOARD_BYTES)
    except JsonFileError as error:
        raise _board_error(error) from None
    if not isinstance(value, dict) or value.get("format") != BOARD_FORMAT:
        raise BoardFileError(_("This is not a rainbowtable board file."))
    version = value.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BoardFileError(_("This board file is damaged: $.version is not a format version."))
    if version > BOARD_VERSION:
        raise BoardFileError(
            _(
                "This board was saved by a newer version of rainbowtable (board format {version}; this "
                "version reads up to {mine}). Update the app to open it."
            ).format(version=version, mine=BOARD_VERSION)
        )
    try:
        game = value.get("game")
        if game is not None:
            game = check_text(game, max_len=MAX_ID_LEN, where="$.game")
        name = check_text(value.get("name"), max_len=MAX_NAME_LENGTH, where="$.name")
        created = check_text(value.get("created"), max_len=MAX_TIME_LENGTH, where="$.created")
        modified = check_text(value.get("modified"), max_len=MAX_TIME_LENGTH, where="$.modified")
    except TextProblem as problem:
        raise BoardFileError(_("This board file is damaged: {problem}.").format(problem=problem)) from None
    if "board" not in value:
        raise BoardFileError(_("This board file is damaged: $.board is missing."))
    return BoardDocument(clean_name(name), created, modified, value["board"], game)


def require_game(document: BoardDocument, game_id: str, game_title: str, *, unnamed_ok: bool = False) -> None:
    """Refuse a board made for another game, in words ("This board is for <other game>, not for <this>.").
    `unnamed_ok`: a file that names no game is this game's."""
    if document.game == game_id or (document.game is None and unnamed_ok):
        return
    if document.game is None:
        raise BoardFileError(_("This board is for another game, not for {game}.").format(game=game_title))
    from rainbowtable.games import GAMES  # the listing only: it imports no game's code

    other = next((entry.title for entry in GAMES if entry.id == document.game), None)
    if other is None:
        raise BoardFileError(
            _("This board is for a game this app does not know, not for {game}.").format(game=game_title)
        )
    raise BoardFileError(
        _("This board is for {other}, not for {game}.").format(other=_(other), game=game_title)
    )


def read_document(path: Path) -> BoardDocument:
    try:
        data = read_capped(path, MAX_BOARD_BYTES)
    except JsonFileError as error:
        if error.problem in (Problem.MISSING, Problem.UNREADABLE, Problem.NOT_A_FILE):
            raise BoardFileError(
                _("Cannot read {name}: {why}.").format(name=display_name(path), why=error.detail)
            ) from None
        raise _board_error(error) from None
    return decode_document(data)


def _board_error(error: JsonFileError) -> BoardFileError:
    """The shared reader's finding in a board file's words."""
    problem = error.problem
    if problem is Problem.TOO_LARGE:
        return BoardFileError(
            _("This file is {size} kB, far larger than any board, so it was not opened.").format(
                size=error.size // 1024
            )
        )
    if problem is Problem.NOT_UTF8:
        return BoardFileError(_("This board file is damaged: it is not UTF-8 text."))
    if problem is Problem.TOO_DEEP:
        return BoardFileError(_("This board file is damaged: it nests far deeper than any board."))
    if problem is Problem.NOT_JSON:
        return BoardFileError(
            _("This board file is damaged: it is not valid JSON ({detail}).").format(detail=error.detail)
        )
    return BoardFileError(_("This board file could not be read: {detail}.").format(detail=error.detail))


# --- the library -------------------------------------------------------------------------------------


def shipped_boards_dir() -> Path:
    """The example boards that ship with the app (`saves/boards/` in the repository)."""
    return shipped_saves_dir() / "boards"


EXAMPLE_NAMES = (
    N_("Standard pinwheel 11×11"),
    N_("Small pinwheel 9×9"),
    N_("Long road 9×17"),
    N_("Half moon of 10 segments"),
)
"""The names of the example boards in `saves/boards/`, marked for extraction: an example is named in the
player's language (as the load screen's example games are); a player's own board keeps the name typed."""


def shown_name(name: str, *, shipped: bool) -> str:
    """A board's name as the library and the pickers show it."""
    return _(name) if shipped else name


def game_boards_dir(boards_dir: Path, game_id: str) -> Path:
    """The library folder of a game other than Rainbow Passage: a folder of its own inside the boards
    folder (`boards/regenboog/`), which Rainbow Passage's listing does not enter."""
    return boards_dir / game_id


def save_document(
    folder: Path,
    name: str,
    board: Any,
    *,
    path: Path | None = None,
    now: Clock | None = None,
    game: str | None = None,
) -> Path:
    """Save a board (a JSON value) for `game` under a name. With `path`, overwrite that file (keeping its
    creation time and a .bak); without, create a new file in `folder` named after the board. Returns the
    file's path."""
    stamp = _stamp(now)
    created = stamp
    if path is not None:
        with contextlib.suppress(BoardFileError):
            created = read_document(path).created
    name = clean_name(name)
    target = path if path is not None else _free_path(folder, name)
    _write(target, BoardDocument(name, created, stamp, board, game))
    return target


def list_documents(folder: Path, read: Callable[[BoardDocument], T]) -> tuple[LibraryEntry[T], ...]:
    """Every board file in a folder read with `read` (which raises `BoardFileError` for a bad board), most
    recently modified first; unreadable files are listed with the reason so the library can show them."""
    entries: list[LibraryEntry[T]] = []
    modified: dict[Path, str] = {}
    for listed in list_folder(folder, BOARD_SUFFIX):
        if listed.problem is not None:
            entries.append(LibraryEntry(listed.path, None, listed.problem))
            continue
        try:
            document = read_document(listed.path)
            entries.append(LibraryEntry(listed.path, read(document)))
            modified[listed.path] = document.modified
        except BoardFileError as error:
            entries.append(LibraryEntry(listed.path, None, error.message))
    readable = sorted(
        (e for e in entries if e.saved is not None),
        key=lambda e: (modified.get(e.path, ""), e.path.name),
        reverse=True,
    )
    return (*readable, *(e for e in entries if e.saved is None))


def rename_board(path: Path, new_name: str, *, now: Clock | None = None) -> Path:
    """Give a board a new name (and a file name to match). Returns the new path."""
    document = read_document(path)
    name = clean_name(new_name)
    target = _free_path(path.parent, name, keep=path)
    _write(target, replace(document, name=name, modified=_stamp(now)))
    if target != path:
        delete_board(path)
    return target


def duplicate_board(path: Path, new_name: str | None = None, *, now: Clock | None = None) -> Path:
    """A copy beside the original, named "<name> (copy)" unless told otherwise. Returns the copy's path."""
    document = read_document(path)
    name = clean_name(new_name if new_name is not None else _("{name} (copy)").format(name=document.name))
    stamp = _stamp(now)
    target = _free_path(path.parent, name)
    _write(target, replace(document, name=name, created=stamp, modified=stamp))
    return target


def delete_board(path: Path) -> None:
    """Remove a board file and its backup."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        raise BoardFileError(
            _("Cannot delete {name}: {why}.").format(
                name=display_name(path), why=error.strerror or type(error).__name__
            )
        ) from None
    with contextlib.suppress(OSError):
        backup_path_for(path).unlink()


def export_board(path: Path, destination: Path, check: Callable[[BoardDocument], object]) -> None:
    """Write a library board to any file the player chose (checked first with the game's reader `check`,
    so only good boards leave)."""
    document = read_document(path)
    check(document)
    _write(destination, document, keep_backup=False)


def import_board(
    source: Path,
    folder: Path,
    check: Callable[[BoardDocument], object],
    *,
    name: str | None = None,
    now: Clock | None = None,
) -> Path:
    """Copy a board file into the library after checking it with the game's reader `check`; the original is
    not touched. An illegal board is imported as a draft to fix. The copy keeps the file's name unless given
    one (an example's copy takes the name the player read). Returns the new file's path."""
    document = read_document(source)
    check(document)
    name = clean_name(name) if name is not None else document.name
    target = _free_path(folder, name)
    _write(target, replace(document, name=name, modified=_stamp(now)))
    return target


def _write(path: Path, document: BoardDocument, keep_backup: bool = True) -> None:
    """Write a document after reading it back with `decode_document`, so a file that would not open again
    is never written (issue 9)."""
    try:
        data = encode_document(document)
    except (ValueError, TypeError, OverflowError, msgspec.EncodeError) as error:
        raise BoardFileError(
            _("Cannot write {name}: the board holds a value that is not JSON ({why}).").format(
                name=display_name(path), why=type(error).__name__
            )
        ) from None
    decode_document(data)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, keep_backup=keep_backup)
    except OSError as error:
        raise BoardFileError(
            _("Cannot write {name}: {why}.").format(
                name=display_name(path), why=error.strerror or type(error).__name__
            )
        ) from None


def _stamp(now: Clock | None) -> str:
    moment = now() if now is not None else datetime.now(UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def clean_name(name: str) -> str:
    """One line, nothing undrawable, a sane length; an empty name gets a placeholder the player can change."""
    cleaned = " ".join(clean_text(name).replace("\ufffd", " ").split())[:MAX_NAME_LENGTH]
    return cleaned or _("Untitled board")


def _free_path(folder: Path, name: str, keep: Path | None = None) -> Path:
    """A file name in `folder` made from the board's name that no other file uses (`keep` may be reused)."""
    return free_path(folder, slug(name, "board"), BOARD_SUFFIX, keep)
