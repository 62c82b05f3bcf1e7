"""A real window under Xvfb, driven by xdotool (issue 43, "one real-window test scrubs a replay by mouse"):
start `python main.py --replay SAVE`, drag the scrubber's handle from the last move back to a move in the
middle with the real mouse, then "Play on from here" and Enter: the new save the app writes holds exactly
the moves up to where the scrubber was left (checked through what the app writes, not pixels), and the
save the replay came from is as it was."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.replay import Replay
from rainbowtable.storage.saves import save_match
from tests.looking_back import played
from tests.test_xvfb_window import display, running_app, wait_for_json

__all__ = ["display"]  # the fixture, shared with the other real-window tests

pytestmark = pytest.mark.xvfb

TARGET = 17
"""The move the scrubber is dragged back to."""


def _positions(ctx: Any, replay: Replay) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Where the handle is (at the last move), where move TARGET is on the track, and the Play on button:
    the same layout code the app runs, at the same size."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.replay import ReplayScene
    from rainbowtable.ui.scenes.replay.top_bar import PLAY_ON

    navigation.open_replay(ctx, replay)
    scene = ctx.scenes.top
    assert isinstance(scene, ReplayScene)
    y = scene.scrubber.track.y
    handle = (scene.scrubber.x_of(replay.length), y)
    target = (scene.scrubber.x_of(TARGET), y)
    return handle, target, scene.toolbar.buttons[PLAY_ON].rect.center


def test_scrub_a_replay_by_mouse_and_play_on_in_a_real_window(
    display: str, ctx: Any, rainbowtable_home: Path, tmp_path: Path
) -> None:
    match = played("dice_box", seed=4312)
    assert match.is_finished and len(match.steps) > TARGET + 5
    save = tmp_path / "finished.json"
    save_match(match, save)
    before = save.read_bytes()
    handle, target, play_on = _positions(ctx, Replay.from_match(match))
    saves = rainbowtable_home / "saves"

    def new_save() -> Path | None:
        found = sorted(saves.glob("*.json")) if saves.exists() else []
        return found[0] if found else None

    with running_app(display, rainbowtable_home, "--replay", str(save)) as app:
        time.sleep(0.3)
        app.drag(handle, target)  # the handle, dragged back along the track
        time.sleep(0.3)
        app.drag(play_on, play_on)  # a click: Play on from here (enabled: the game goes on after it)
        time.sleep(0.5)
        app.key("Return")  # the dialog: the same seats, Play on
        data = wait_for_json(new_save, lambda saved: "log" in saved)
    assert len(data.get("log", [])) == TARGET, "the new game starts where the scrubber was left"
    assert save.read_bytes() == before
