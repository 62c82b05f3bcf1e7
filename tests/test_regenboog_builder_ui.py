"""Headless tests of De Regenboog's hex board builder: the standard layout built by dragging segments, the
problems listed while it is incomplete, moving and removing a segment, and the presets (§2.3.7)."""

from __future__ import annotations

import json
from typing import Any

from rainbowtable.core.seats import Level, SeatKind
from rainbowtable.games.regenboog.board import HexProblemCode, large_board, ring_centre, standard_board
from rainbowtable.geometry.hexgrid import ORIGIN, Hex
from rainbowtable.storage.settings import with_last_setup
from rainbowtable.ui.games.regenboog.builder import ARROWS, PLAIN, HexBuilderScene
from rainbowtable.ui.games.regenboog.setup import RegenboogSetupPanel
from rainbowtable.ui.scenes.new_game import NewGameScene
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


def test_play_sets_up_the_layout_just_built_with_the_last_seats(ctx: Any, table: Any) -> None:
    """Issue 39 §3: the name box follows the layout ("My layout of 7 segments", not "of 0"); Play opens the
    new-game screen with that layout selected even when it equals the printed board, and with the seats as
    this game was last set up (the second seat stays a computer at its level)."""
    last = json.dumps(
        {"count": 2, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "hard", "name": ""}], "values": {}}
    )
    ctx.update_settings(with_last_setup(ctx.settings, "regenboog", last))
    scene = open_builder(ctx, table)
    assert scene.name_entry is not None
    assert scene.name_entry.get_text() == "My layout of 0 segments"
    click_button(table, scene.buttons["standard"])
    assert scene.name_entry.get_text() == "My layout of 7 segments"
    click_button(table, scene.buttons["play"])
    assert scene.confirm is not None and scene.confirm.on_confirm is not None
    scene.confirm.on_confirm()
    pump(table, 4)
    setup = ctx.scenes.top
    assert isinstance(setup, NewGameScene)
    panel = setup.setup_panel
    assert isinstance(panel, RegenboogSetupPanel)
    assert panel.choices[panel.index].name == "My layout of 7 segments"
    seats = setup.seats()
    assert [(s.name, s.kind, s.level) for s in seats] == [
        ("Ana", SeatKind.HUMAN, Level.MEDIUM),
        ("Computer 2", SeatKind.COMPUTER, Level.HARD),
    ]
    assert setup.options().extra_segments == ()
