"""A real window under Xvfb, driven by xdotool: start `python main.py SAVE`, drag a die from the hand onto
a legal cell with the real mouse, and check the autosave the app wrote (TESTING.md: check through what the
app writes, not pixels). Skips where Xvfb/xdotool are missing, except under CI where that is a failure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box.model import PlaceDie
from rainbowtable.storage.saves import save_match
from rainbowtable.ui import crash

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 720)

pytestmark = pytest.mark.xvfb


def _tools_or_skip() -> None:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must install {', '.join(missing)} (.ci/run does)")
        pytest.skip(f"needs {', '.join(missing)}")


@pytest.fixture
def display() -> Iterator[str]:
    _tools_or_skip()
    for number in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    name = f":{number}"
    server = subprocess.Popen(
        ["Xvfb", name, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            pytest.fail("Xvfb did not start")
        time.sleep(0.05)
    try:
        yield name
    finally:
        server.terminate()
        server.wait(timeout=10)


def _positions(ctx: Any, match: Match, action: PlaceDie) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the die and the cell are on screen: the same layout code the app runs, at the same size."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    return scene.view.input.pick_rect(match.state, action.die).center, scene.view.where.cell_rect(
        action.cell
    ).center  # type: ignore[attr-defined, union-attr]


def _xdotool(*args: str, env: dict[str, str]) -> str:
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20).stdout


@dataclass
class RealWindow:
    """The app's window on the Xvfb display, driven by xdotool."""

    window: str
    env: dict[str, str]

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Press at `start`, move to `end` in eight steps, release: a real mouse drag."""
        _xdotool("mousemove", "--window", self.window, str(start[0]), str(start[1]), env=self.env)
        time.sleep(0.2)
        _xdotool("mousedown", "1", env=self.env)
        for i in range(1, 9):
            x = start[0] + (end[0] - start[0]) * i // 8
            y = start[1] + (end[1] - start[1]) * i // 8
            _xdotool("mousemove", "--window", self.window, str(x), str(y), env=self.env)
            time.sleep(0.03)
        time.sleep(0.1)
        _xdotool("mouseup", "1", env=self.env)

    def key(self, keys: str) -> None:
        _xdotool("windowfocus", "--sync", self.window, env=self.env)
        _xdotool("key", "--window", self.window, keys, env=self.env)


@contextmanager
def running_app(display: str, home: Path, *args: str) -> Iterator[RealWindow]:
    """`python main.py ARGS` at SIZE on the display, with its own data folder: yields its window once the
    first frame is up, and on leaving stops it and checks that it exited 0."""
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    # The app runs as players run it, with the guard that recovers from a bug (ui/crash.py); a bug still
    # fails the test, by the crash report it leaves (checked on leaving).
    env.pop(crash.RAISE_BUGS_ENV, None)
    env.update(
        DISPLAY=display, RAINBOWTABLE_HOME=str(home), RAINBOWTABLE_REPORT_READY="1", SDL_AUDIODRIVER="dummy"
    )
    size = f"{SIZE[0]}x{SIZE[1]}"
    command = [sys.executable, str(ROOT / "main.py"), *args, "--size", size, "--quit-after", "60"]
    app = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        line = app.stdout.readline()
        assert line.startswith("rainbowtable: ready"), line + (app.stderr.read() if app.stderr else "")
        window = ""
        for _ in range(100):
            window = _xdotool("search", "--pid", str(app.pid), env=env).split("\n")[0].strip()
            if window:
                break
            time.sleep(0.05)
        assert window, "the app's window was not found"
        yield RealWindow(window, env)
    finally:
        app.terminate()
        try:
            code = app.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            raise
    errors = app.stderr.read() if app.stderr else ""
    assert code == 0, errors
    reports = crash.crash_reports(home / "logs")
    assert not reports, reports[0].read_text(encoding="utf-8") + errors


def wait_for_json(find: Callable[[], Path | None], done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Poll a JSON file the app writes until `done` says it holds what the test waits for (up to 15 s)."""
    data: dict[str, Any] = {}
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        path = find()
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                data = {}  # written atomically, so never half-read; but be patient anyway
            if done(data):
                break
        time.sleep(0.1)
    return data


def test_drag_a_die_in_a_real_window(display: str, ctx: Any, rainbowtable_home: Path, tmp_path: Path) -> None:
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), (Seat("Ana"), Seat("Ben", colour="teal")), 31)
    match.advance()
    action = next(a for a in rules.legal_actions(match.state) if isinstance(a, PlaceDie))
    save = tmp_path / "start.json"
    save_match(match, save)
    die_pos, cell_pos = _positions(ctx, match, action)

    with running_app(display, rainbowtable_home, str(save)) as app:
        app.drag(die_pos, cell_pos)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    log = data.get("log", [])
    assert len(log) == len(match.steps) + 1, "the drag placed exactly one die"
    placed = log[-1]["action"]
    assert placed["type"] == "PlaceDie"
    assert placed["die"] == action.die
    assert list(placed["cell"]) == list(action.cell)
