"""Issue 9: every hostile file opened through the real entry point (`python main.py FILE`, SDL's dummy
driver, `--quit-after`) exits 0, prints no traceback, leaves the file as it was and the autosave loadable;
a poisoned autosave is set aside once and the next start is clean; stale temporary files are removed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rainbowtable.storage.paths import Paths
from rainbowtable.storage.saves import autosave, load_match
from tests.hostile_files import CASES, hostile_bytes, real_match, write_hostile, write_hostile_folder

REPO = Path(__file__).resolve().parent.parent
FAILURE_SIGNS = ("Traceback", "Logging error", "Fatal Python error", "unexpected error")


def run_app(home: Path, *args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = {
        **os.environ,
        "RAINBOWTABLE_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    command: list[str | bytes] = [sys.executable, str(REPO / "main.py"), *args, "--quit-after", "0.3"]
    return subprocess.run(command, env=env, cwd=REPO, capture_output=True, timeout=120, check=False)


def assert_clean_run(result: subprocess.CompletedProcess[bytes]) -> str:
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 0, stderr
    for sign in FAILURE_SIGNS:
        assert sign not in stderr, stderr
    return stderr


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder holding a good autosave of a game with a computer seat."""
    paths = Paths(tmp_path / "home")
    paths.ensure()
    autosave(real_match(), paths)
    return paths.root


FOLDER_CASES = {"not-utf8-name": "caf", "link-loop": "loop.json"}
"""Cases about the file rather than its contents: the start of the name `write_hostile_folder` gives it."""


@pytest.mark.parametrize("case", [*CASES, *FOLDER_CASES])
def test_opening_a_hostile_file_from_the_command_line(home: Path, tmp_path: Path, case: str) -> None:
    """issue 9 (Found: NUL and lone surrogates in names and titles, times of 1e300 and -1e18, 30,000-
    character ids and action types, a 20,000-character title, a file name that is not UTF-8, link loops):
    refused with a clean message, exit 0, file unchanged, autosave still loadable."""
    folder = tmp_path / "drop"
    folder.mkdir()
    if case in CASES:
        path = write_hostile(folder, case)
    else:
        path = next(p for p in write_hostile_folder(folder) if p.name.startswith(FOLDER_CASES[case]))
    before = path.read_bytes() if not path.is_symlink() else os.readlink(path)
    autosave_before = (home / "autosave.json").read_bytes()
    stderr = assert_clean_run(run_app(home, os.fsencode(path)))
    assert "Could not open" in stderr
    assert (path.read_bytes() if not path.is_symlink() else os.readlink(path)) == before
    assert (home / "autosave.json").read_bytes() == autosave_before
    load_match(home / "autosave.json")


def test_a_poisoned_autosave_is_set_aside_and_the_next_start_is_clean(tmp_path: Path) -> None:
    """issue 9 (poisoned autosave): an autosave with a NUL in a name makes the first start say the last
    game could not be resumed and keep the file aside (renamed, not deleted); the start after is clean."""
    paths = Paths(tmp_path / "home")
    paths.ensure()
    poison = hostile_bytes("nul-name")
    paths.autosave_path.write_bytes(poison)
    first = assert_clean_run(run_app(paths.root))
    assert "could not be resumed" in first
    kept = list(paths.root.glob("autosave.json.broken-*"))
    assert [path.read_bytes() for path in kept] == [poison]
    assert not paths.autosave_path.exists()
    second = assert_clean_run(run_app(paths.root))
    assert "could not be resumed" not in second
    assert list(paths.root.glob("autosave.json.broken-*")) == kept


def test_stale_temporary_files_are_removed_at_start(home: Path) -> None:
    """issue 9: `.autosave.json.XXXXXXXX.tmp` left by a kill mid-write is removed at the next start (older
    than the process, our own pattern only); other files that merely look similar are kept."""
    old = time.time() - 3600
    stale = [
        home / ".autosave.json.a1b2c3d4.tmp",
        home / ".settings.json.zz_9y8x7.tmp",
        home / "saves" / ".my-game_2025-01-01_10-00.json.k3j4h5g6.tmp",
        home / "saves" / ".my-game.json.bak.k3j4h5g6.tmp",
        home / "boards" / ".board.json.qwertyui.tmp",
    ]
    kept = [
        home / "notes.tmp",
        home / ".autosave.json.tmp",
        home / "saves" / ".other.txt.a1b2c3d4.tmp",
        home / "saves" / "mine.json",
    ]
    for path in [*stale, *kept]:
        path.write_bytes(b"{}")
        os.utime(path, (old, old))
    assert_clean_run(run_app(home))
    assert [path.exists() for path in stale] == [False] * len(stale)
    assert [path.exists() for path in kept] == [True] * len(kept)


def test_a_hostile_settings_file_starts_clean(tmp_path: Path) -> None:
    """issue 9 (the same for settings.json): NULs, lone surrogates, huge numbers and wrong types in every
    field give the defaults or the nearest allowed value, exit 0 and no traceback."""
    paths = Paths(tmp_path / "home")
    paths.ensure()
    body = (
        '{"ui_scale": 1e300, "animation_speed": -1e18, "sound": "\\u0000", "glyphs": null,'
        ' "window_size": [1e300, -5], "fullscreen": "\\ud800", "undo_mode": "x\\u0000",'
        ' "\\ud800": "\\udcff", "extra": "' + "y" * 30_000 + '"}'
    )
    paths.settings_path.write_text(body, encoding="ascii")
    stderr = assert_clean_run(run_app(paths.root))
    assert "settings" in stderr
