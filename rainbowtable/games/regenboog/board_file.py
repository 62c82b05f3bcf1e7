"""De Regenboog's hex layouts in the board library (regenboog.md §2.3.7): the layout as a JSON value, its
strict reader, the library as this game sees it, and how a chosen layout goes into the options.

A layout file is a board document (`storage/boards.py`, game "regenboog", kept in `boards/regenboog/`)
whose `board` is `{"segments": [{"centre": [q, r], "arrows": false}, ...]}`: the builder's `HexDraft`, in
placing order, finished or not (a half-built layout reads back as a draft whose `problems()` say what to
fix). Every value from outside is checked where it is decoded (shape and types strictly, a cap on the
number of segments and on how far they lie), and every error names the path (`$.board.segments[3]`).

A game does not keep a reference to the file: `layout_options` turns a playable layout into the options'
`large_board` and `extra_segments` (segment centres relative to the middle), which every save holds, so a
game started on a layout that was later deleted still loads. Does not hold the draft model or the problems
(`board.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rainbowtable.core.i18n import _
from rainbowtable.core.json_codec import DecodeError, from_json_value
from rainbowtable.games.regenboog.board import (
    LARGE_CENTRES,
    STANDARD_CENTRES,
    HexDraft,
    HexProblem,
    PlacedSegment,
)
from rainbowtable.games.regenboog.model import RegenboogOptions
from rainbowtable.geometry.hexgrid import Hex, sub
from rainbowtable.storage import boards as library
from rainbowtable.storage.boards import BoardDocument, BoardFileError, LibraryEntry

__all__ = [
    "GAME_ID",
    "MAX_COORDINATE",
    "MAX_SEGMENTS",
    "BoardFileError",
    "SavedLayout",
    "decode_layout",
    "draft_from_json",
    "draft_to_json",
    "encode_layout",
    "layout_folder",
    "layout_options",
    "layout_problem",
    "list_layouts",
    "load_layout",
    "save_layout",
]

GAME_ID = "regenboog"
MAX_SEGMENTS = 40
"""The builder's sea holds about 25 segments; more in a file is refused before any use."""
MAX_COORDINATE = 60
"""No segment of a layout lies further than this from the origin (in cells, per axial coordinate)."""


@dataclass(frozen=True, slots=True)
class SavedLayout:
    """A layout as the library keeps it: a name, the draft (finished or not) and its times."""

    name: str
    draft: HexDraft
    created: str
    modified: str

    @property
    def problem(self) -> str | None:
        """Why a game cannot be played on this layout (None: playable)."""
        return layout_problem(self.draft)


@dataclass(frozen=True, slots=True)
class _SegmentJson:
    centre: tuple[int, int]
    arrows: bool


@dataclass(frozen=True, slots=True)
class _LayoutJson:
    segments: tuple[_SegmentJson, ...]


def draft_to_json(draft: HexDraft) -> dict[str, Any]:
    """A draft as a JSON-ready value."""
    return {
        "segments": [
            {"centre": [s.centre.q, s.centre.r], "arrows": s.direction_indicator} for s in draft.segments
        ]
    }


def _damaged(detail: str) -> BoardFileError:
    return BoardFileError(_("This board file is damaged: {detail}").format(detail=detail))


def draft_from_json(value: Any, where: str = "$") -> HexDraft:
    """The draft in a JSON value; raises `BoardFileError` naming the path of anything wrong."""
    listed = value.get("segments") if isinstance(value, dict) else None
    if isinstance(listed, list) and len(listed) > MAX_SEGMENTS:
        raise _damaged(f"{where}.segments holds {len(listed)} segments; a layout has at most {MAX_SEGMENTS}.")
    try:
        shape = from_json_value(value, _LayoutJson, where)
    except DecodeError as error:
        raise _damaged(f"{error}.") from None
    segments = []
    for index, segment in enumerate(shape.segments):
        q, r = segment.centre
        if abs(q) > MAX_COORDINATE or abs(r) > MAX_COORDINATE:
            raise _damaged(f"{where}.segments[{index}].centre is far off the board.")
        segments.append(PlacedSegment(Hex(q, r), segment.arrows))
    return HexDraft(tuple(segments))


def layout_problem(draft: HexDraft) -> str | None:
    """Why a game cannot be played on this layout (§2.3.7: the middle segment with the arrows and the six
    segments around it, nothing overlapping or apart), or None."""
    problems: tuple[HexProblem, ...] = draft.problems()
    if problems:
        return problems[0].message
    return None


def layout_options(options: RegenboogOptions, draft: HexDraft) -> RegenboogOptions:
    """The options for a game on this layout: its segments beyond the standard layout (or beyond the large
    one, with the Large board option) as `extra_segments`, relative to the middle. Raises `ValueError` with
    the reason when the layout cannot be played (see `layout_problem`) or lacks the large board's rim."""
    problem = layout_problem(draft)
    if problem is not None:
        raise ValueError(problem)
    middle = draft.middle()
    assert middle is not None  # a layout without problems has its middle
    centres = {sub(s.centre, middle) for s in draft.segments}
    if options.large_board and not set(LARGE_CENTRES) <= centres:
        raise ValueError(
            _(
                "The large board needs the twelve segments around the middle as in the large layout; "
                "this layout lacks some of them."
            )
        )
    base = LARGE_CENTRES if options.large_board else STANDARD_CENTRES
    extra = tuple(sorted((h.q, h.r) for h in centres - set(base)))
    return replace(options, extra_segments=extra)


# --- whole files --------------------------------------------------------------------------------------


def layout_folder(boards_dir: Path) -> Path:
    """Where the library keeps De Regenboog's layouts (a folder of its own in the boards folder)."""
    return library.game_boards_dir(boards_dir, GAME_ID)


def saved_from_document(document: BoardDocument) -> SavedLayout:
    """The layout in a library document; raises `BoardFileError` naming what is wrong (another game's
    board, a damaged value)."""
    if document.game is None:
        # The first game with boards names none in its files.
        raise BoardFileError(_("This is a Rainbow Passage board, not a De Regenboog layout."))
    library.require_game(document, GAME_ID, _("De Regenboog"))
    return SavedLayout(
        document.name, draft_from_json(document.board, "$.board"), document.created, document.modified
    )


def encode_layout(saved: SavedLayout) -> bytes:
    """A layout file's bytes."""
    document = BoardDocument(
        library.clean_name(saved.name), saved.created, saved.modified, draft_to_json(saved.draft), GAME_ID
    )
    return library.encode_document(document)


def decode_layout(data: bytes) -> SavedLayout:
    """A layout file's bytes, checked strictly; raises `BoardFileError` with the reason in words."""
    return saved_from_document(library.decode_document(data))


def load_layout(path: Path) -> SavedLayout:
    return saved_from_document(library.read_document(path))


def save_layout(
    folder: Path,
    name: str,
    draft: HexDraft,
    *,
    path: Path | None = None,
    now: library.Clock | None = None,
) -> Path:
    """Save a draft under a name (an atomic write; see `storage.boards.save_document`). Returns the path."""
    if len(draft.segments) > MAX_SEGMENTS:
        raise BoardFileError(_("A layout has at most {n} segments.").format(n=MAX_SEGMENTS))
    return library.save_document(folder, name, draft_to_json(draft), path=path, now=now, game=GAME_ID)


def list_layouts(folder: Path) -> tuple[LibraryEntry[SavedLayout], ...]:
    """Every layout in a folder, most recently modified first; unreadable files listed with the reason."""
    return library.list_documents(folder, saved_from_document)
