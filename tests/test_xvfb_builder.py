"""A real window under Xvfb, driven by xdotool (issue 3 "Tests"): start `python main.py --scene builder`,
drag the cross from the tray onto the centre with the real mouse, save with Ctrl+S, and check the draft
file the app wrote in RAINBOWTABLE_HOME/boards (TESTING.md: check through what the app writes, not pixels).
Positions come from the same layout code run headlessly at the same size. Skips where Xvfb/xdotool are
missing, except under CI where that is a failure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.test_xvfb_window import ROOT, SIZE, _xdotool, display

pytestmark = pytest.mark.xvfb
__all__ = ["display"]  # the fixture, shared with the other real-window test


def _positions(ctx: Any) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The tray's cross row, the board's centre square and the centre's star cell, as the app lays them
    out at the same window size."""
    from rainbowtable.games.rainbow_passage.board import SectionKind
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.board_builder import BoardBuilderScene

    navigation.open_title(ctx)
    navigation.open_builder(ctx)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    centre = scene.draft.centre
    return (
        scene.tray.rows[SectionKind.CROSS].center,
        scene.board_view.cell_rect(centre).center,
        (centre.x, centre.y),
    )


def test_drag_the_cross_and_save_a_draft_in_a_real_window(
    display: str, ctx: Any, rainbowtable_home: Path
) -> None:
    """Issue 3 "Tests": one real-window test that drags a section with xdotool and checks the saved draft."""
    tray_pos, centre_pos, centre = _positions(ctx)
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env.update(
        DISPLAY=display,
        RAINBOWTABLE_HOME=str(rainbowtable_home),
        RAINBOWTABLE_REPORT_READY="1",
        SDL_AUDIODRIVER="dummy",
    )
    app = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--scene",
            "builder",
            "--size",
            f"{SIZE[0]}x{SIZE[1]}",
            "--quit-after",
            "60",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    boards = rainbowtable_home / "boards"
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
        _xdotool("mousemove", "--window", window, str(tray_pos[0]), str(tray_pos[1]), env=env)
        time.sleep(0.2)
        _xdotool("mousedown", "1", env=env)
        for i in range(1, 9):
            x = tray_pos[0] + (centre_pos[0] - tray_pos[0]) * i // 8
            y = tray_pos[1] + (centre_pos[1] - tray_pos[1]) * i // 8
            _xdotool("mousemove", "--window", window, str(x), str(y), env=env)
            time.sleep(0.03)
        time.sleep(0.1)
        _xdotool("mouseup", "1", env=env)
        time.sleep(0.3)
        _xdotool("windowfocus", "--sync", window, env=env)
        _xdotool("key", "--window", window, "ctrl+s", env=env)
        data: dict[str, Any] = {}
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            files = sorted(boards.glob("*.json")) if boards.is_dir() else []
            if files:
                try:
                    data = json.loads(files[0].read_text(encoding="utf-8"))
                except ValueError:
                    data = {}  # written atomically, but be patient anyway
                if data:
                    break
            time.sleep(0.1)
        assert data.get("format") == "rainbowtable-board", "Ctrl+S saved a board file"
        placements = data["board"]["placements"]
        assert [p["section"] for p in placements] == ["cross-1"], "the drag placed exactly the cross"
        origin = placements[0]["origin"]
        assert [origin[0] + 1, origin[1] + 1] == list(centre), "its star is on the centre square"
        assert data["board"]["width"] == 11 and data["board"]["height"] == 11
    finally:
        app.terminate()
        try:
            code = app.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            raise
    assert code == 0, app.stderr.read() if app.stderr else ""
