"""Atomic writes (ARCHITECTURE.md §9): a crash at any point leaves the previous file whole.

Crashes are simulated by making one system call raise part-way through `write_atomic`.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.storage.atomic import _OUR_TEMP_FILE, backup_path_for, write_atomic


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_new_file_is_written_without_backup(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_atomic(path, b"first")
    assert path.read_bytes() == b"first"
    assert not backup_path_for(path).exists()
    assert leftovers(tmp_path) == []


def test_overwrite_keeps_previous_as_backup(tmp_path: Path) -> None:
    """§9: the previous version is kept as `.bak`; the one before that is dropped."""
    path = tmp_path / "a.json"
    for text in (b"one", b"two", b"three"):
        write_atomic(path, text)
    assert path.read_bytes() == b"three"
    assert backup_path_for(path).read_bytes() == b"two"
    assert backup_path_for(path).name == "a.json.bak"
    assert leftovers(tmp_path) == []


def test_no_backup_when_not_asked(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_atomic(path, b"one", keep_backup=False)
    write_atomic(path, b"two", keep_backup=False)
    assert path.read_bytes() == b"two"
    assert not backup_path_for(path).exists()


def test_backup_falls_back_to_copy_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File systems without hard links (FAT, some shares) still get a backup."""
    path = tmp_path / "a.json"
    write_atomic(path, b"one")

    def no_links(*args: Any, **kwargs: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    write_atomic(path, b"two")
    assert backup_path_for(path).read_bytes() == b"one"
    assert path.read_bytes() == b"two"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_mode_of_the_previous_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_atomic(path, b"one")
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o600)
    write_atomic(path, b"two")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def fail(*args: Any, **kwargs: Any) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("call", ["replace", "fsync", "link"])
def test_crash_mid_save_leaves_previous_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    """A failure while writing, syncing, backing up or swapping in leaves the previous file byte for byte,
    and no temporary file behind."""
    path = tmp_path / "save.json"
    write_atomic(path, b"previous save")
    monkeypatch.setattr(os, call, fail)
    if call == "link":
        monkeypatch.setattr(shutil, "copy2", fail)
    with pytest.raises(OSError):
        write_atomic(path, b"new save that never lands")
    monkeypatch.undo()
    assert path.read_bytes() == b"previous save"
    assert leftovers(tmp_path) == []


def test_crash_inside_the_write_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Half the bytes written, then the process dies (KeyboardInterrupt here): the old file stays."""
    path = tmp_path / "save.json"
    write_atomic(path, b"previous save")
    real_fdopen = os.fdopen

    class Dying:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> Dying:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, data: bytes) -> int:
            self.handle.write(data[: len(data) // 2])
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: Dying(real_fdopen(fd, mode)))
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, b"new save that never lands")
    monkeypatch.undo()
    assert path.read_bytes() == b"previous save"
    assert leftovers(tmp_path) == []


def test_folder_in_the_way_raises_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.mkdir()
    with pytest.raises(OSError):
        write_atomic(path, b"data")
    assert path.is_dir()
    assert leftovers(tmp_path) == []


def test_missing_folder_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "no" / "such" / "save.json", b"data")


def test_the_backup_is_linked_under_a_fresh_name_beside_any_leftover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 40: the backup's temporary name is drawn at random, not reserved with a placeholder file; a
    leftover of an interrupted write by the same name is left alone and another name drawn, and the names
    are ones the start-up clean-up recognises (issue 9)."""
    path = tmp_path / "save.json"
    write_atomic(path, b"one")
    leftover = tmp_path / ".save.json.bak.abcd1234.tmp"
    leftover.write_bytes(b"left by a kill")
    names = iter([bytes.fromhex("abcd1234"), bytes.fromhex("ef567890")])
    real_urandom = os.urandom
    monkeypatch.setattr(os, "urandom", lambda n: next(names) if n == 4 else real_urandom(n))
    linked: list[Path] = []
    real_link = os.link

    def link(source: Path, destination: Path) -> None:
        linked.append(Path(destination))
        real_link(source, destination)

    monkeypatch.setattr(os, "link", link)
    write_atomic(path, b"two")
    assert [p.name for p in linked] == [leftover.name, ".save.json.bak.ef567890.tmp"]
    assert all(_OUR_TEMP_FILE.fullmatch(p.name) for p in linked)
    assert backup_path_for(path).read_bytes() == b"one" and path.read_bytes() == b"two"
    assert leftover.read_bytes() == b"left by a kill"
    assert leftovers(tmp_path) == [leftover.name]
