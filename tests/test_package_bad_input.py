"""Issue 4, Bad input: a missing or unreadable settings file, an unwritable data folder, or a read-only
install location. The app (run from source, as a user would run `main.py`) still starts with defaults,
says in one line per problem what it could not do, and never shows a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rainbowtable.bench import headless_env

ROOT = Path(__file__).resolve().parent.parent


def run_app(home: Path, tmp: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = headless_env(home)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--quit-after", "1", *extra],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_told_not_crashed(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines, "the user was not told anything"
    assert all(line.startswith("rainbowtable: ") for line in lines), result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def test_unwritable_data_folder(tmp_path: Path) -> None:
    """Issue 4 Bad input: the data folder cannot be created (its parent is a regular file, which stops even
    root), so the app starts with defaults and says which folder it could not create."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    home = blocker / "rainbowtable"
    result = run_app(home, tmp_path)
    assert_told_not_crashed(result, "Cannot create the folder", str(home))
    assert blocker.read_text() == "a file where a folder should be"


def test_damaged_settings_file(tmp_path: Path) -> None:
    """Issue 4 Bad input: an unreadable (damaged) settings file means the defaults, and a message."""
    home = tmp_path / "data"
    home.mkdir()
    (home / "settings.json").write_text("{ this is not json", encoding="utf-8")
    result = run_app(home, tmp_path)
    assert_told_not_crashed(result, "settings")


def test_settings_path_is_a_folder(tmp_path: Path) -> None:
    """Issue 4 Bad input: a settings 'file' that cannot be read at all (a folder in its place)."""
    home = tmp_path / "data"
    (home / "settings.json").mkdir(parents=True)
    result = run_app(home, tmp_path)
    assert_told_not_crashed(result, "settings")


def test_missing_settings_file_is_silent(tmp_path: Path) -> None:
    """Issue 4 Bad input: no settings file yet (a first start) is normal: defaults, exit 0, no complaint."""
    home = tmp_path / "data"
    result = run_app(home, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == ""


def test_install_location_is_not_written(tmp_path: Path) -> None:
    """Issue 4 Bad input: a read-only install location works because the app never writes there; it
    writes only under RAINBOWTABLE_HOME (the working directory stays empty too). The frozen build's
    equivalent is in test_package.py."""
    work = tmp_path / "cwd"
    work.mkdir()
    before = {path: path.stat().st_mtime_ns for path in (ROOT / "assets").rglob("*")}
    before.update({path: path.stat().st_mtime_ns for path in (ROOT / "saves").rglob("*")})
    result = run_app(tmp_path / "data", work, "--demo", "dice_box")
    assert result.returncode == 0, result.stderr
    assert list(work.iterdir()) == []
    after = {path: path.stat().st_mtime_ns for path in (ROOT / "assets").rglob("*")}
    after.update({path: path.stat().st_mtime_ns for path in (ROOT / "saves").rglob("*")})
    assert after == before
