"""Start-up stays light (issue 2's start-up target): the title's first frame loads no game rules (only the
games' listings) and no
pygame_gui, and the app says when the first frame is up and when the work deferred past it is done."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import logging, sys
from rainbowtable.storage.paths import default_paths
from rainbowtable.ui.boot import make_context
from rainbowtable.ui.loop import Table
from rainbowtable.ui.scenes import navigation
paths = default_paths()
paths.ensure()
ctx = make_context(paths, logging.getLogger("test"), sound=False)
table = Table(ctx)
navigation.open_first_scene(ctx)
assert table.step(1 / 60, [])
# A game's package (`games/<id>/__init__`: its listing) may load; none of its modules may.
game_code = [m for m in sys.modules if m.startswith("rainbowtable.games.") and m.count(".") > 2]
print(sorted(game_code + [m for m in sys.modules if m == "pygame_gui"]))
"""


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        RAINBOWTABLE_HOME=str(tmp_path),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def test_the_title_first_frame_needs_no_rules_and_no_pygame_gui(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME], env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_the_app_reports_its_first_frame_then_settles(tmp_path: Path) -> None:
    """`ready` when the first frame is on screen, `settled` once sound and pygame_gui are loaded; the
    title is usable after both (the benchmark times them)."""
    env = _env(tmp_path)
    env["RAINBOWTABLE_REPORT_READY"] = "1"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--quit-after", "0.5"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("rainbowtable:")]
    assert lines == ["ready", "settled"]
