"""A real window under Xvfb, driven by xdotool (issue 3 "Tests"): start `python main.py --scene builder`,
drag the cross from the tray onto the centre with the real mouse, save with Ctrl+S, and check the draft
file the app wrote in RAINBOWTABLE_HOME/boards (TESTING.md: check through what the app writes, not pixels).
Positions come from the same layout code run headlessly at the same size. Skips where Xvfb/xdotool are
missing, except under CI where that is a failure."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.test_xvfb_window import display, running_app, wait_for_json

pytestmark = pytest.mark.xvfb
__all__ = ["display"]  # the fixture, shared with the other real-window test


def _positions(ctx: Any) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The tray's cross row, the board's centre square and the centre's star cell, as the app lays them
    out at the same window size."""
    from rainbowtable.games.rainbow_passage.components import SectionKind
    from rainbowtable.ui.games.rainbow_passage import screens
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)
    screens.open_builder(ctx)
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
    boards = rainbowtable_home / "boards"

    def first_board() -> Path | None:
        files = sorted(boards.glob("*.json")) if boards.is_dir() else []
        return files[0] if files else None

    with running_app(display, rainbowtable_home, "--scene", "builder") as app:
        app.drag(tray_pos, centre_pos)
        time.sleep(0.3)
        app.key("ctrl+s")
        data = wait_for_json(first_board, bool)
    assert data.get("format") == "rainbowtable-board", "Ctrl+S saved a board file"
    placements = data["board"]["placements"]
    assert [p["section"] for p in placements] == ["cross-1"], "the drag placed exactly the cross"
    origin = placements[0]["origin"]
    assert [origin[0] + 1, origin[1] + 1] == list(centre), "its star is on the centre square"
    assert data["board"]["width"] == 11 and data["board"]["height"] == 11
