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


SETTLED_STATE = """
import gc, runpy, sys
from rainbowtable.ui import loop
seen = {}
settle = loop.settle_collector
def watched():
    seen["collector before"] = gc.isenabled()
    settle()
    seen["collector after"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count() > 0
loop.settle_collector = watched
sys.argv = ["main.py", "--quit-after", "0.3"]
try:
    runpy.run_path(MAIN, run_name="__main__")
except SystemExit:
    pass
print(seen)
"""


def test_start_up_runs_without_the_collector_then_freezes_what_it_made(tmp_path: Path) -> None:
    """main.py switches the cyclic collector off for start-up; once the table has settled it is on again,
    with start-up's objects frozen out of its scans."""
    script = SETTLED_STATE.replace("MAIN", repr(str(ROOT / "main.py")))
    result = subprocess.run(
        [sys.executable, "-c", script], env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    seen = result.stdout.strip().splitlines()[-1]
    assert seen == "{'collector before': False, 'collector after': True, 'frozen': True}"


def test_settling_leaves_a_collector_that_was_on_alone() -> None:
    """Tests and the benchmark build tables with the collector on: settling must not freeze their objects."""
    import gc

    from rainbowtable.ui.loop import settle_collector

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    settle_collector()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


SOUND_RATE = """
import logging
import pygame
from rainbowtable.storage.paths import default_paths
from rainbowtable.ui import sound
from rainbowtable.ui.boot import make_context
paths = default_paths()
paths.ensure()
ctx = make_context(paths, logging.getLogger("test"))
print("before", pygame.mixer.get_init())
ctx.sounds.start()
ctx.sounds._thread.join(30)
print("after", pygame.mixer.get_init() == (sound.RATE, -16, 1), sorted(ctx.sounds.bank))
"""


def test_the_sound_thread_opens_the_mixer_at_the_rate_of_its_samples(tmp_path: Path) -> None:
    """The window opens without the audio device (pygame.init would open it, at 44.1 kHz stereo, and the
    table's 22.05 kHz samples would play an octave high); the sound thread opens it at `sound.RATE`, mono."""
    result = subprocess.run(
        [sys.executable, "-c", SOUND_RATE], env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-2] == "before None"
    assert lines[-1] == "after True ['chime', 'place', 'roll']"
