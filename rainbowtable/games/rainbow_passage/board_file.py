"""Rainbow Passage's board file format: a board or draft as a JSON value, and its strict reader.

The value holds the layout size, the frame's segments per side, the box (its seed and every section's
printed colours, one letter per square, so the colours survive any change to how boxes are generated) and
the placements. Finished and half-built boards use the same format: a value may describe an illegal board,
which reads as a draft whose `problems()` say what to fix. Every value from outside is checked where it is
decoded (shape and types strictly, ids and letters through `core/text.py` first), and every error names the
path (`$.board.placements[3].rotation`).

Also the library as this game sees it: `SavedBoard` and `load_board`, `save_board`, `list_boards`,
`export_board`, `import_board` on top of `storage/boards.py`, which reads and writes the documents and
knows nothing of boards. Does not hold the draft model or any legality rule (`draft.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rainbowtable.core.i18n import _
from rainbowtable.core.json_codec import DecodeError, from_json_value
from rainbowtable.core.rng import MASK_64
from rainbowtable.core.text import MAX_ID_LEN, TextProblem, check_text, excerpt
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import (
    ALL_SECTION_IDS,
    Box,
    FrameSegment,
    Placement,
    Section,
    is_section_id,
    kind_of,
)
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.geometry.square import Cell
from rainbowtable.storage import boards as library
from rainbowtable.storage.boards import BoardDocument, BoardFileError, LibraryEntry

__all__ = [
    "BoardFileError",
    "SavedBoard",
    "board_from_json",
    "decode_board",
    "draft_from_json",
    "draft_to_json",
    "encode_board",
    "export_board",
    "import_board",
    "list_boards",
    "load_board",
    "save_board",
]

MAX_SIDE = 32
"""No side of a legal board is longer than 17; a larger number in a file is refused before any use."""


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


def _damaged(detail: str) -> BoardFileError:
    return BoardFileError(_("This board file is damaged: {detail}").format(detail=detail))


def draft_from_json(value: Any, where: str = "$") -> BoardDraft:
    """The draft in a JSON value; raises `BoardFileError` naming the path of anything wrong."""
    try:
        shape = from_json_value(value, _DraftJson, where)
    except DecodeError as error:
        raise _damaged(str(error)) from None
    return _draft_from_shape(shape, where)


def board_from_json(value: Any, where: str = "$") -> Board:
    """A finished board in a JSON value; raises `BoardFileError` naming the first problem if it is not a
    legal board (§1.1)."""
    draft = draft_from_json(value, where)
    problems = draft.problems()
    if problems:
        raise BoardFileError(_("This board is not finished: {problem}").format(problem=problems[0].message))
    return draft.to_board()


def _check_id(value: str, where: str) -> str:
    try:
        return check_text(value, max_len=MAX_ID_LEN, where=where)
    except TextProblem as problem:
        raise _damaged(f"{problem}.") from None


def _draft_from_shape(shape: _DraftJson, where: str) -> BoardDraft:
    for name, side in (("width", shape.width), ("height", shape.height)):
        if not 0 < side <= MAX_SIDE:
            raise _damaged(f"{where}.{name} is {side}, not a board side.")
    seed_text = _check_id(shape.box.seed, f"{where}.box.seed")
    try:
        seed = int(seed_text, 16)
    except ValueError:
        raise _damaged(f"{where}.box.seed is not a hex number.") from None
    if not 0 <= seed <= MASK_64:
        raise _damaged(f"{where}.box.seed is larger than 64 bits.")
    for section_id in shape.box.sections:
        _check_id(section_id, f"{where}.box.sections")
    missing = [i for i in ALL_SECTION_IDS if i not in shape.box.sections]
    unknown = [i for i in shape.box.sections if i not in ALL_SECTION_IDS]
    if missing or unknown:
        wrong = (missing or unknown)[0]
        raise _damaged(
            f"{where}.box.sections {'lacks' if missing else 'has an unknown section'} {excerpt(wrong)}."
        )
    sections = []
    for section_id in ALL_SECTION_IDS:
        kind = kind_of(section_id)
        sides = []
        for side_name, letters in zip(("A", "B"), shape.box.sections[section_id], strict=True):
            here = f"{where}.box.sections.{section_id} side {side_name}"
            letters = _check_id(letters, here)
            if len(letters) != len(kind.cells):
                raise _damaged(f"{here} needs {len(kind.cells)} colours, not {len(letters)}.")
            try:
                sides.append(tuple(PassageColour.from_letter(letter) for letter in letters))
            except ValueError:
                raise _damaged(f"{here} has a colour letter other than R G B Y C M.") from None
        sections.append(Section(section_id, kind, sides[0], sides[1]))
    box = Box(seed, tuple(sections))
    placements = []
    for index, p in enumerate(shape.placements):
        here = f"{where}.placements[{index}]"
        section = _check_id(p.section, f"{here}.section")
        if not is_section_id(section):
            raise _damaged(f"{here}.section {excerpt(section)} is not in the box.")
        if any(abs(c) > 4 * MAX_SIDE for c in p.origin):
            raise _damaged(f"{here}.origin is far off the board.")
        try:
            placements.append(Placement(section, Cell(*p.origin), p.rotation, p.flipped))
        except ValueError as error:
            raise _damaged(f"{here}: {error}.") from None
    frame = Frame(shape.frame.north, shape.frame.east, shape.frame.south, shape.frame.west)
    for name in ("north", "east", "south", "west"):
        if len(getattr(frame, name)) > 12:
            raise _damaged(f"{where}.frame.{name} has more segments than the box holds.")
    try:
        return BoardDraft(box, frame, shape.width, shape.height, tuple(placements))
    except ValueError as error:
        raise BoardFileError(
            _("This board file describes an impossible size: {error}").format(error=error)
        ) from None


# --- whole files --------------------------------------------------------------------------------------


def saved_from_document(document: BoardDocument) -> SavedBoard:
    """The board in a library document; raises `BoardFileError` naming the path of anything wrong (or the
    game it is for, when another game's)."""
    library.require_game(document, "rainbow_passage", _("Rainbow Passage"), unnamed_ok=True)
    return SavedBoard(
        document.name, draft_from_json(document.board, "$.board"), document.created, document.modified
    )


def encode_board(saved: SavedBoard) -> bytes:
    """A board file's bytes."""
    document = BoardDocument(
        library.clean_name(saved.name), saved.created, saved.modified, draft_to_json(saved.draft)
    )
    return library.encode_document(document)


def decode_board(data: bytes) -> SavedBoard:
    """A board file's bytes, checked strictly; raises `BoardFileError` with the reason in words."""
    return saved_from_document(library.decode_document(data))


def load_board(path: Path) -> SavedBoard:
    return saved_from_document(library.read_document(path))


def save_board(
    folder: Path,
    name: str,
    draft: BoardDraft,
    *,
    path: Path | None = None,
    now: library.Clock | None = None,
) -> Path:
    """Save a draft under a name (see `storage.boards.save_document`). Returns the file's path."""
    return library.save_document(folder, name, draft_to_json(draft), path=path, now=now)


def list_boards(folder: Path) -> tuple[LibraryEntry[SavedBoard], ...]:
    """Every board in a folder, most recently modified first; unreadable files listed with the reason."""
    return library.list_documents(folder, saved_from_document)


def export_board(path: Path, destination: Path) -> None:
    """Write a library board to any file the player chose (checked first, so only good boards leave)."""
    library.export_board(path, destination, saved_from_document)


def import_board(
    source: Path, folder: Path, *, name: str | None = None, now: library.Clock | None = None
) -> Path:
    """Copy a board file into the library after checking it; the original is not touched."""
    return library.import_board(source, folder, saved_from_document, name=name, now=now)
