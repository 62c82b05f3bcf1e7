"""storage/files.py: the slug and free-path helper shared by saves and boards, the safe folder listing
(issue 9: links that loop or lead outside are not followed), names fit to show, stale temp files."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from rainbowtable.core.text import text_problem
from rainbowtable.storage.atomic import remove_stale_temp_files, write_atomic
from rainbowtable.storage.files import (
    display_name,
    free_path,
    list_folder,
    modified_time,
    resolved,
    slug,
)


def test_slug_is_plain_ascii_and_short() -> None:
    assert slug("Zoë's Dice Box #81723", "save") == "zoe-s-dice-box-81723"
    assert slug("🌈\x00\ud800", "board") == "board"
    assert len(slug("a" * 10_000, "save")) == 48


def test_free_path_skips_taken_names_and_dangling_links(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text("{}")
    os.symlink(tmp_path / "nowhere", tmp_path / "game-2.json")
    assert free_path(tmp_path, "game", ".json") == tmp_path / "game-3.json"
    assert free_path(tmp_path, "game", ".json", keep=tmp_path / "game.json") == tmp_path / "game.json"


def test_list_folder_does_not_follow_loops_or_links_outside(tmp_path: Path) -> None:
    """issue 9: a symlink loop named *.json, a link leading outside and a dangling link are listed with a
    reason; a link to a file in the same folder is an ordinary entry; hidden files are not listed."""
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "a.json").write_text("{}")
    (folder / ".hidden.json").write_text("{}")
    (folder / "notes.txt").write_text("")
    os.symlink("loop.json", folder / "loop.json")
    os.symlink(tmp_path / "outside.json", folder / "out.json")
    (tmp_path / "outside.json").write_text("{}")
    os.symlink(folder / "a.json", folder / "same.json")
    os.symlink(folder / "gone", folder / "dangling.json")
    listed = {entry.path.name: entry.problem for entry in list_folder(folder, ".json")}
    assert set(listed) == {"a.json", "loop.json", "out.json", "same.json", "dangling.json"}
    assert listed["a.json"] is None and listed["same.json"] is None
    assert "loop" in (listed["loop.json"] or "")
    assert "outside" in (listed["out.json"] or "")
    assert "does not exist" in (listed["dangling.json"] or "")
    assert list_folder(tmp_path / "missing", ".json") == []
    assert resolved(folder / "loop.json") == folder / "loop.json"
    assert modified_time(folder / "loop.json") == 0.0


def test_display_name_replaces_undecodable_bytes(tmp_path: Path) -> None:
    """issue 9: a file name that is not UTF-8 is shown with replacement characters."""
    path = Path(os.fsdecode(os.fsencode(tmp_path) + b"/caf\xe9\x00.json"[:-6] + b".json"))
    shown = display_name(path)
    assert "\ufffd" in shown and text_problem(shown, max_len=200) is None
    assert len(display_name(tmp_path / ("x" * 500 + ".json"))) <= 120


def test_remove_stale_temp_files_takes_only_ours_and_only_old(tmp_path: Path) -> None:
    """issue 9: `.NAME.json.XXXXXXXX.tmp` older than the process goes; a newer one (a write in progress),
    another pattern, a link and a folder stay."""
    started = time.time()
    old = started - 60
    ours = tmp_path / ".autosave.json.abcd1234.tmp"
    backup = tmp_path / ".autosave.json.bak.abcd_234.tmp"
    young = tmp_path / ".autosave.json.zzzz9999.tmp"
    other = tmp_path / ".notes.txt.abcd1234.tmp"
    link = tmp_path / ".link.json.abcd1234.tmp"
    folder = tmp_path / ".dir.json.abcd1234.tmp"
    for path in (ours, backup, young, other):
        path.write_text("x")
    os.symlink(ours, link)
    folder.mkdir()
    for path in (ours, backup, other, folder):
        os.utime(path, (old, old))
    os.utime(link, (old, old), follow_symlinks=False)
    os.utime(young, (started + 5, started + 5))
    assert sorted(remove_stale_temp_files(tmp_path, started)) == sorted([ours, backup])
    assert young.exists() and other.exists() and link.is_symlink() and folder.is_dir()
    assert remove_stale_temp_files(tmp_path / "missing", started) == []


def test_the_pattern_matches_what_write_atomic_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The temporary names `write_atomic` really uses are the ones removed. The final rename fails here
    after the temporary file was copied aside, as a kill at that moment would leave it."""
    target = tmp_path / "autosave.json"
    target.write_text("{}")
    left: list[Path] = []

    def killed(source: str | os.PathLike[str], destination: str | os.PathLike[str]) -> None:
        left.append(Path(source))
        shutil.copyfile(source, Path(source).with_name(Path(source).name + ".copy"))
        raise OSError("killed")

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(OSError):
        write_atomic(target, b"{}", keep_backup=False)
    monkeypatch.undo()
    stale = left[0]
    os.rename(stale.with_name(stale.name + ".copy"), stale)
    os.utime(stale, (time.time() - 60, time.time() - 60))
    assert remove_stale_temp_files(tmp_path, time.time()) == [stale]
