"""The board library (issue 3): file format with a version, strict loading, and library operations."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board_file import (
    SavedBoard,
    decode_board,
    encode_board,
    export_board,
    import_board,
    list_boards,
    load_board,
    save_board,
)
from rainbowtable.games.rainbow_passage.components import Box
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.geometry.square import Cell
from rainbowtable.storage.boards import (
    BOARD_VERSION,
    MAX_BOARD_BYTES,
    BoardFileError,
    delete_board,
    duplicate_board,
    rename_board,
    shipped_boards_dir,
)

BOX = Box.generate(12)
FINISHED = random_board(BOX, (11, 11), Rng.from_seed(1)).to_draft(BOX)
HALF = BoardDraft.new(BOX, 9, 13).with_cross_at_centre().with_placed("long-2", Cell(0, 0), 90)


def clock(day: int) -> datetime:
    return datetime(2024, 5, day, 12, 0, tzinfo=UTC)


def test_save_load_round_trip_finished_and_half_built(tmp_path: Path) -> None:
    """Issue 3: a finished or half-built board saves with a name and reopens identically."""
    path = save_board(tmp_path, "My board", FINISHED, now=lambda: clock(1))
    assert path == tmp_path / "my-board.json"
    saved = load_board(path)
    assert saved == SavedBoard("My board", FINISHED, "2024-05-01T12:00:00+00:00", "2024-05-01T12:00:00+00:00")
    assert saved.is_finished
    half = load_board(save_board(tmp_path, "My board", HALF))
    assert half.draft == HALF and not half.is_finished
    assert (tmp_path / "my-board-2.json").exists()


def test_overwrite_keeps_created_and_a_backup(tmp_path: Path) -> None:
    path = save_board(tmp_path, "Work", HALF, now=lambda: clock(1))
    again = save_board(tmp_path, "Work", FINISHED, path=path, now=lambda: clock(2))
    assert again == path
    saved = load_board(path)
    assert saved.created.startswith("2024-05-01") and saved.modified.startswith("2024-05-02")
    assert (tmp_path / "work.json.bak").exists()


def test_library_list_rename_duplicate_delete(tmp_path: Path) -> None:
    """Issue 3: the library lists boards (newest first), renames, duplicates and deletes them."""
    old = save_board(tmp_path, "Old", HALF, now=lambda: clock(1))
    new = save_board(tmp_path, "New", FINISHED, now=lambda: clock(3))
    (tmp_path / "broken.json").write_text("{ not json")
    entries = list_boards(tmp_path)
    assert [e.name for e in entries] == ["New", "Old", "broken"]
    assert entries[2].saved is None and entries[2].error is not None
    assert entries[0].saved is not None and entries[0].saved.is_finished

    renamed = rename_board(old, "Renamed board", now=lambda: clock(4))
    assert renamed == tmp_path / "renamed-board.json" and not old.exists()
    assert load_board(renamed).name == "Renamed board"
    assert load_board(renamed).created.startswith("2024-05-01")

    copy = duplicate_board(new)
    assert load_board(copy).name == "New (copy)" and load_board(copy).draft == FINISHED

    delete_board(copy)
    assert not copy.exists()
    assert list_boards(tmp_path / "missing") == ()


def test_export_and_import(tmp_path: Path) -> None:
    """Issue 3: export to and import from a JSON file; an illegal board imports as a draft to fix."""
    library = tmp_path / "library"
    path = save_board(library, "Half", HALF)
    outside = tmp_path / "shared" / "half.json"
    export_board(path, outside)
    assert load_board(outside).draft == HALF
    imported = import_board(outside, library)
    assert imported != path and load_board(imported).draft == HALF


def test_bad_files_give_clear_messages_and_are_not_overwritten(tmp_path: Path) -> None:
    """Issue 3 bad input: corrupt, from a newer version, not a board, wrong shape."""
    good = json.loads(encode_board(SavedBoard("B", HALF, "t", "t")))

    def message(value: object) -> str:
        with pytest.raises(BoardFileError) as raised:
            decode_board(json.dumps(value).encode())
        return raised.value.message

    with pytest.raises(BoardFileError, match="not valid JSON"):
        decode_board(b"{ broken")
    with pytest.raises(BoardFileError, match="not UTF-8"):
        decode_board(b"\xff\xfe")
    with pytest.raises(BoardFileError, match="far larger"):
        decode_board(b" " * (MAX_BOARD_BYTES + 1))
    with pytest.raises(BoardFileError, match="nests far deeper"):
        decode_board(b"[" * 50_000 + b"]" * 50_000)
    assert message([1, 2]) == "This is not a rainbowtable board file."
    assert "newer version" in message({**good, "version": BOARD_VERSION + 1})
    bad_rotation = json.loads(json.dumps(good))
    bad_rotation["board"]["placements"][0]["rotation"] = 45
    assert "$.board.placements[0]" in message(bad_rotation)
    bad_type = json.loads(json.dumps(good))
    bad_type["board"]["width"] = "eleven"
    assert "$.board.width" in message(bad_type)
    bad_colour = json.loads(json.dumps(good))
    bad_colour["board"]["box"]["sections"]["short-1"] = ["RO", "RG"]
    assert "short-1" in message(bad_colour)
    missing = json.loads(json.dumps(good))
    del missing["board"]["box"]["sections"]["angle-3"]
    assert "angle-3" in message(missing)
    bad_size = json.loads(json.dumps(good))
    bad_size["board"]["width"] = 15
    assert "impossible size" in message(bad_size)

    path = tmp_path / "corrupt.json"
    path.write_bytes(b"{ broken")
    with pytest.raises(BoardFileError):
        rename_board(path, "x")
    assert path.read_bytes() == b"{ broken"


def test_shipped_example_boards_are_finished_and_legal() -> None:
    """Issue 3: hand-made examples ship in saves/boards/: a standard 11x11 and two other legal sizes."""
    entries = list_boards(shipped_boards_dir())
    assert len(entries) >= 3
    sizes = set()
    for entry in entries:
        assert entry.saved is not None, entry.error
        assert entry.saved.draft.problems() == ()
        sizes.add(entry.saved.draft.size)
    assert (11, 11) in sizes and len(sizes) >= 3
