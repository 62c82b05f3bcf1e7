"""Paths: the per-user folders, the RAINBOWTABLE_HOME override, and the bundled saves and assets."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

import rainbowtable
from rainbowtable.storage.paths import HOME_VARIABLE, Paths, assets_dir, default_paths, shipped_saves_dir


def test_folders_live_under_one_root(tmp_path: Path) -> None:
    paths = Paths(tmp_path)
    assert paths.saves_dir == tmp_path / "saves"
    assert paths.boards_dir == tmp_path / "boards"
    assert paths.logs_dir == tmp_path / "logs"
    assert paths.autosave_path == tmp_path / "autosave.json"
    assert paths.settings_path == tmp_path / "settings.json"


def test_environment_variable_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """§9: RAINBOWTABLE_HOME moves every folder (tests, portable use)."""
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "portable"))
    assert default_paths() == Paths(tmp_path / "portable")


@pytest.mark.parametrize("value", [None, "", "   "])
def test_platform_folder_without_override(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv(HOME_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(HOME_VARIABLE, value)
    expected = Path(platformdirs.user_data_dir("rainbowtable", appauthor=False))
    assert default_paths().root == expected


def test_ensure_creates_the_folders(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "a" / "b")
    assert paths.ensure() == []
    for folder in (paths.root, paths.saves_dir, paths.boards_dir, paths.logs_dir):
        assert folder.is_dir()
    assert paths.ensure() == []


def test_ensure_reports_instead_of_raising(tmp_path: Path) -> None:
    """A file where the root folder should be: messages for the player, no exception."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    problems = Paths(blocker).ensure()
    assert len(problems) == 1, "the root's failure is said once, not once per folder inside it"
    assert "Cannot create the folder" in problems[0]


def test_shipped_folders_sit_beside_the_package() -> None:
    repo = Path(rainbowtable.__file__).resolve().parent.parent
    assert shipped_saves_dir() == repo / "saves"
    assert assets_dir() == repo / "assets"
    assert shipped_saves_dir().is_dir()


def test_frozen_bundle_uses_meipass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a PyInstaller bundle the data folders are found under sys._MEIPASS."""
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert shipped_saves_dir() == tmp_path / "saves"
    assert assets_dir() == tmp_path / "assets"
