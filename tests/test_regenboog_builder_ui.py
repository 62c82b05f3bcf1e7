"""Headless tests of De Regenboog's hex board builder: the standard layout built by dragging segments, the
problems listed while it is incomplete, moving and removing a segment, and the presets (§2.3.7)."""

from __future__ import annotations

from typing import Any

from rainbowtable.games.regenboog.board import HexProblemCode, large_board, ring_centre, standard_board
from rainbowtable.geometry.hexgrid import ORIGIN, Hex
from rainbowtable.ui.games.regenboog.builder import ARROWS, PLAIN, HexBuilderScene
from tests.ui_driver import click_button, drag, pump


def open_builder(ctx: Any, table: Any) -> HexBuilderScene:
    ctx.scenes.push(HexBuilderScene(ctx))
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, HexBuilderScene)
    return scene


def codes(scene: HexBuilderScene) -> set[HexProblemCode]:
    return {p.code for p in scene.problems}


def test_building_the_standard_layout_by_dragging(ctx: Any, table: Any) -> None:
    """regenboog.md §2.3.3 and §2.3.7: the middle segment and six around it, dropped near their spots, snap
    into Regenboog 01."""
    scene = open_builder(ctx, table)
    drag(table, scene.tray_centre(PLAIN), scene.pixel_of(ring_centre(1)))
    assert codes(scene) == {HexProblemCode.NO_MIDDLE}
    drag(table, scene.tray_centre(ARROWS), scene.pixel_of(Hex(1, 0)))  # near (0, 0): it snaps
    assert scene.draft.middle() == ORIGIN
    assert codes(scene) == {HexProblemCode.DIRECTION_NOT_MIDDLE}
    for k in range(2, 7):
        drag(table, scene.tray_centre(PLAIN), scene.pixel_of(ring_centre(k)))
    assert scene.problems == ()
    assert scene.draft.to_board() is standard_board()


def test_moving_and_removing_segments(ctx: Any, table: Any) -> None:
    scene = open_builder(ctx, table)
    click_button(table, scene.buttons["standard"])
    assert scene.problems == ()
    drag(table, scene.pixel_of(ring_centre(1)), scene.pixel_of(Hex(0, -9)))
    assert codes(scene) >= {HexProblemCode.DISCONNECTED}
    drag(table, scene.pixel_of(Hex(0, -9)), (scene.side.centerx, scene.side.bottom - 5))
    assert len(scene.draft.segments) == 6
    click_button(table, scene.buttons["large"])
    assert scene.draft.to_board() is large_board()
    click_button(table, scene.buttons["clear"])
    assert codes(scene) == {HexProblemCode.EMPTY}
