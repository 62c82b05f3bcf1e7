"""The desktop executable (issue 4, Checks): build it with `rainbowtable.build`, run it headless, and check
that it plays, takes a screenshot, reports its version, and writes nothing outside its isolated folders.

Skipped when PyInstaller is not installed (`pip install -e '.[package]'`).
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller")

from rainbowtable import __version__
from rainbowtable import build as packaging

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
EXE_NAME = "rainbowtable.exe" if sys.platform == "win32" else "rainbowtable"


@pytest.fixture(scope="module")
def folder() -> Path:
    """The bundle, built once for the module into the repository's (git-ignored) dist/ and build/."""
    return packaging.build()


def snapshot(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, tuple[int, int]]:
    """Every file under `root` (except under `skip`) with its size and modification time."""
    out: dict[str, tuple[int, int]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        dirnames[:] = [name for name in dirnames if here / name not in skip]
        for name in filenames:
            path = here / name
            try:
                info = path.lstat()
            except OSError:
                continue
            out[str(path.relative_to(root))] = (info.st_size, info.st_mtime_ns)
    return out


def isolated_env(tmp: Path) -> dict[str, str]:
    home = tmp / "user"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("XDG_", "PYTHON", "RAINBOWTABLE_"))
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        TMPDIR=str(tmp / "tmp"),
        RAINBOWTABLE_HOME=str(tmp / "data"),
    )
    for key in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "TMPDIR"):
        Path(env[key]).mkdir(parents=True, exist_ok=True)
    return env


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_bundle_is_trimmed_and_complete(folder: Path) -> None:
    """Issue 4: assets, example saves, icon and pygame_gui's Latin fonts are in; CJK and other scripts out;
    the folder is at most 60 MB."""
    internal = folder / "_internal"
    assert (folder / EXE_NAME).is_file()
    assert (internal / "assets" / "fonts" / "Lato-Regular.ttf").is_file()
    assert (internal / "assets" / "icons" / "rainbowtable-64.png").is_file()
    assert any((internal / "saves").glob("*.json"))
    # Issue 39: the executable speaks Dutch too.
    assert (internal / "rainbowtable" / "locale" / "nl" / "LC_MESSAGES" / "rainbowtable.mo").is_file()
    gui_data = internal / "pygame_gui" / "data"
    assert (gui_data / "NotoSans-Regular.ttf").is_file()
    assert (gui_data / "default_theme.json").is_file()
    for name in packaging.UNUSED_FONTS:
        assert not (gui_data / name).exists(), name
    assert packaging.folder_size(folder) <= 60_000_000


def test_bundle_carries_the_compiled_playout_where_it_was_built(folder: Path) -> None:
    """Issue 10: the executable's Hard searches as far as the installed app's, so where the compiled Dice Box
    playout was built (setup.py) it is in the bundle too."""
    from rainbowtable.games.dice_box import ai

    if ai.fast_playout is None:
        pytest.skip("the compiled playout is not built here")
    found = list((folder / "_internal" / "rainbowtable" / "games" / "dice_box").glob("fast_playout.*"))
    assert [path for path in found if path.suffix in {".so", ".pyd"}], found


def test_desktop_file_and_tarball(folder: Path) -> None:
    """Issue 4: a Linux desktop file in the folder and a tarball of the folder as the release artefact."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the desktop file and tarball name are Linux's")
    desktop = (folder / "share" / "applications" / "rainbowtable.desktop").read_text(encoding="utf-8")
    assert desktop.startswith("[Desktop Entry]")
    assert "Icon=rainbowtable" in desktop and "Exec=rainbowtable" in desktop
    assert (folder / "share" / "icons" / "hicolor" / "256x256" / "apps" / "rainbowtable.png").is_file()
    tarball = folder.parent / f"rainbowtable-{__version__}-linux-{packaging.machine()}.tar.gz"
    with tarfile.open(tarball) as archive:
        names = archive.getnames()
    assert "rainbowtable/rainbowtable" in names
    assert "rainbowtable/share/applications/rainbowtable.desktop" in names


def test_version(folder: Path, tmp_path: Path) -> None:
    """Issue 4: `--version` from the executable."""
    result = subprocess.run(
        [str(folder / EXE_NAME), "--version"],
        env=isolated_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"rainbowtable {__version__}"


def test_demo_runs_headless_and_writes_only_its_own_folder(folder: Path, tmp_path: Path) -> None:
    """Issue 4 Checks: `--demo dice_box --quit-after 3 --screenshot` under the dummy driver exits 0, leaves a
    PNG of the window's size, and writes nothing outside RAINBOWTABLE_HOME (not beside the executable, not
    in the repository, not in HOME or the XDG folders)."""
    env = isolated_env(tmp_path)
    shot = tmp_path / "shots" / "shot.png"
    shot.parent.mkdir()
    data = Path(env["RAINBOWTABLE_HOME"])
    # The bundle (the install location) must not change at all. The rest of the repository is checked for
    # new files only: people and tools edit sources in a checkout while the suite runs.
    bundle_before = snapshot(folder)
    repo_skip = tuple(
        ROOT / name for name in (".git", ".venv", "build", "dist", ".mypy_cache", ".ruff_cache")
    )
    repo_before = set(snapshot(ROOT, skip=repo_skip))
    tmp_before = snapshot(tmp_path)
    work = tmp_path / "elsewhere"  # a working directory away from the bundle: assets must not be cwd-relative
    work.mkdir()
    result = subprocess.run(
        [
            str(folder / EXE_NAME),
            "--demo",
            "dice_box",
            "--quit-after",
            "3",
            "--size",
            "1280x720",
            "--screenshot",
            str(shot),
        ],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert png_size(shot) == (1280, 720)
    assert snapshot(folder) == bundle_before
    new_in_repo = set(snapshot(ROOT, skip=repo_skip)) - repo_before
    assert {name for name in new_in_repo if "__pycache__" not in name} == set()
    changed = {
        name
        for name, stat in snapshot(tmp_path).items()
        if tmp_before.get(name) != stat and not (tmp_path / name).is_relative_to(data)
    }
    assert changed == {str(shot.relative_to(tmp_path))}
    assert list(work.iterdir()) == []
