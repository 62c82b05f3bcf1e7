"""Issue 9 for board files: the library lists a folder of hostile board files (NUL and surrogate names,
huge names, a link loop, a link outside, a name that is not UTF-8) without raising, every entry drawable;
a board document that would not read back is never written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rainbowtable.core.text import text_problem
from rainbowtable.storage.boards import (
    BOARD_FORMAT,
    BoardFileError,
    list_documents,
    read_document,
    save_document,
)


def board_bytes(name: object, created: object = "2026-01-01T10:00:00+00:00") -> bytes:
    body = {"format": BOARD_FORMAT, "version": 1, "name": name, "created": created, "modified": created}
    body["board"] = {"anything": [1, 2, 3]}
    return json.dumps(body, ensure_ascii=True).encode()


def test_the_library_lists_every_hostile_board_file(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    cases = {
        "nul.json": board_bytes("Ana\x00"),
        "surrogate.json": board_bytes("\ud800"),
        "huge.json": board_bytes("b" * 30_000),
        "time.json": board_bytes("ok", created="t" * 10_000),
        "number.json": board_bytes(1e300),
        "good.json": board_bytes("A good board"),
    }
    for name, data in cases.items():
        (folder / name).write_bytes(data)
    os.symlink("loop.json", folder / "loop.json")
    (tmp_path / "outside.json").write_bytes(board_bytes("Outside"))
    os.symlink(tmp_path / "outside.json", folder / "outside.json")
    raw = os.fsencode(folder) + b"/caf\xe9.json"
    with open(raw, "wb") as handle:
        handle.write(board_bytes("x\x00"))
    entries = list_documents(folder, lambda document: document)
    by_name = {entry.path.name: entry for entry in entries}
    assert len(entries) == len(cases) + 3
    assert by_name["good.json"].saved is not None and by_name["good.json"].error is None
    for entry in entries:
        if entry.path.name == "good.json":
            continue
        assert entry.saved is None and entry.error, entry.path
        assert text_problem(entry.error, max_len=400) is None, entry.error
    assert "loop" in (by_name["loop.json"].error or "")


@pytest.mark.parametrize("board", [{"bad": "\ud800"}, ["\udcff"]])
def test_a_board_that_would_not_read_back_is_not_written(tmp_path: Path, board: object) -> None:
    """issue 9 (validate before write): what `_write` would put on disk is read back with the same
    decoder first; a board holding a lone surrogate (it cannot even be encoded) is refused and nothing
    is written."""
    with pytest.raises(BoardFileError):
        save_document(tmp_path, "My board", board)
    assert list(tmp_path.iterdir()) == []


def test_a_good_board_round_trips(tmp_path: Path) -> None:
    path = save_document(tmp_path, "Zoë's board", {"cells": [[1, 2]]})
    assert read_document(path).name == "Zoë's board"
