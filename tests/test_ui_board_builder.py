"""Headless tests of the Rainbow Passage Board Builder screen (issue 3, UI part): building by synthetic
drags from the tray, turning and flipping in the hand, refused drops, undo, Fill the rest, Save and Play."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.board_file import list_boards, load_board
from rainbowtable.games.rainbow_passage.components import CROSS_ID, Box, Edge, FrameSegment, SectionKind
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.problems import ProblemCode
from rainbowtable.geometry.square import Cell
from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
from rainbowtable.ui.games.rainbow_passage.screens import open_builder
from rainbowtable.ui.scenes.navigation import open_title
from tests.ui_driver import DT, click, click_button, drag, key, post, pump


def _open(ctx: Any, table: Any) -> BoardBuilderScene:
    open_title(ctx)
    open_builder(ctx)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    return scene


def _cell_pos(scene: BoardBuilderScene, cell: Cell) -> tuple[int, int]:
    centre: tuple[int, int] = scene.board_view.cell_rect(cell).center
    return centre


def _tray_pos(scene: BoardBuilderScene, kind: SectionKind) -> tuple[int, int]:
    centre: tuple[int, int] = scene.tray.rows[kind].center
    return centre


def _place_cross(scene: BoardBuilderScene, table: Any) -> None:
    drag(table, _tray_pos(scene, SectionKind.CROSS), _cell_pos(scene, scene.draft.centre))


def test_drag_cross_then_a_section_from_the_tray(ctx: Any, table: Any) -> None:
    """Issue 3 "Sections": the cross dragged onto the centre and a long section onto the corner."""
    scene = _open(ctx, table)
    _place_cross(scene, table)
    cross = scene.draft.placement_of(CROSS_ID)
    assert cross is not None and cross.star == scene.draft.centre
    # The tray hands out the next long section; its middle square follows the cursor.
    expected_id = scene.draft.next_unused(SectionKind.LONG)
    drag(table, _tray_pos(scene, SectionKind.LONG), _cell_pos(scene, Cell(1, 0)))
    assert expected_id is not None
    placed = scene.draft.placement_of(expected_id)
    assert placed is not None and placed.origin == Cell(0, 0) and placed.rotation == 0
    assert scene.draft.remaining(SectionKind.LONG) == SectionKind.LONG.in_box - 1


def test_rotate_with_r_and_flip_with_f_before_the_drop(ctx: Any, table: Any) -> None:
    """Issue 3 "Sections": R turns and F flips the section in the hand before it is dropped."""
    scene = _open(ctx, table)
    section_id = scene.draft.next_unused(SectionKind.ANGLE)
    assert section_id is not None
    start = _tray_pos(scene, SectionKind.ANGLE)
    target = _cell_pos(scene, Cell(2, 2))
    pygame.mouse.set_pos(start)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], frames=1)
    key(table, pygame.K_r)
    key(table, pygame.K_f)
    post(table, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0))], frames=1)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    placed = scene.draft.placement_of(section_id)
    assert placed is not None
    assert placed.rotation == 90 and placed.flipped
    assert Cell(2, 2) in placed.cells


def test_right_click_and_wheel_turn_the_section_in_hand(ctx: Any, table: Any) -> None:
    """Issue 3 "Sections": right-click and the mouse wheel also turn the held section."""
    scene = _open(ctx, table)
    start = _tray_pos(scene, SectionKind.SHORT)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], frames=1)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3)], frames=1)
    assert scene.held is not None and scene.held.rotation == 90
    post(table, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], frames=1)
    assert scene.held is not None and scene.held.rotation == 180
    key(table, pygame.K_ESCAPE)
    assert scene.held is None and ctx.scenes.top is scene


def test_illegal_drop_snaps_back_with_the_reason(ctx: Any, table: Any) -> None:
    """Issue 3 "Bad input": the cross off the centre, or a section on another, is refused; nothing changes."""
    scene = _open(ctx, table)
    before = scene.draft
    drag(table, _tray_pos(scene, SectionKind.CROSS), _cell_pos(scene, Cell(2, 2)))
    assert scene.draft is before
    assert scene.held is None
    assert any("centre" in n.text for n in ctx.notices)
    _place_cross(scene, table)
    placed = scene.draft
    drag(table, _tray_pos(scene, SectionKind.SHORT), _cell_pos(scene, placed.centre))
    assert scene.draft is placed
    assert any("on top of another section" in n.text for n in ctx.notices)


def test_move_a_placed_section_and_drop_it_on_the_tray_then_undo(ctx: Any, table: Any) -> None:
    """Issue 3 "Sections" and undo/redo: lift a placed section, move it, return it to the tray, undo."""
    scene = _open(ctx, table)
    section_id = scene.draft.next_unused(SectionKind.SQUARE)
    assert section_id is not None
    drag(table, _tray_pos(scene, SectionKind.SQUARE), _cell_pos(scene, Cell(1, 1)))
    first = scene.draft.placement_of(section_id)
    assert first is not None
    drag(
        table,
        _cell_pos(scene, first.cells[0]),
        _cell_pos(scene, Cell(first.cells[0].x + 3, first.cells[0].y)),
    )
    moved = scene.draft.placement_of(section_id)
    assert moved is not None and moved.origin == Cell(first.origin.x + 3, first.origin.y)
    drag(table, _cell_pos(scene, moved.cells[0]), _tray_pos(scene, SectionKind.LONG))
    assert not scene.draft.is_placed(section_id)
    click_button(table, scene.buttons["undo"])
    assert scene.draft.placement_of(section_id) == moved
    click_button(table, scene.buttons["redo"])
    assert not scene.draft.is_placed(section_id)


def test_size_preset_fill_the_rest_enables_play(ctx: Any, table: Any) -> None:
    """Issue 3 "Fill the rest" and "Play this board": enabled only once the board has no problems."""
    scene = _open(ctx, table)
    click_button(table, scene.buttons["size-9x9"])
    assert scene.draft.size == (9, 9)
    # "Play this board" is offered only once Rainbow Passage can be played here (issue 11).
    ready = scene._game_ready()
    assert ("play" in scene.buttons) == ready
    assert not ready or not scene.buttons["play"].is_enabled
    click_button(table, scene.buttons["fill"])
    assert scene.draft.is_finished
    assert scene.problems == ()
    assert not ready or scene.buttons["play"].is_enabled
    click_button(table, scene.buttons["random"])
    assert scene.draft.is_finished and scene.draft.size == (9, 9)


def test_save_writes_a_board_that_loads_back_equal(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library": Save writes the draft (half-built here) under the typed name."""
    scene = _open(ctx, table)
    _place_cross(scene, table)
    assert scene.name_entry is not None
    scene.name_entry.set_text("Half a board")
    click_button(table, scene.buttons["save"])
    entries = list_boards(ctx.paths.boards_dir)
    assert len(entries) == 1
    saved = load_board(entries[0].path)
    assert saved.name == "Half a board"
    assert saved.draft == scene.draft


def test_open_with_a_draft_and_back_returns(ctx: Any, table: Any) -> None:
    """Issue 3: the builder opens an existing draft; Esc goes back to the screen below."""
    open_title(ctx)
    title = ctx.scenes.top
    draft = BoardDraft.new(Box.generate(7), 13, 13).with_cross_at_centre()
    open_builder(ctx, draft)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene) and scene.draft is draft
    table.step(DT, [])
    key(table, pygame.K_ESCAPE)
    # A board not saved in the library is asked about first (issue 11); Enter leaves.
    key(table, pygame.K_RETURN)
    assert ctx.scenes.top is title


# --- the frame by drag and drop, Flip, New box ------------------------------------------------------------


def _segment_tray_pos(scene: BoardBuilderScene, segment: FrameSegment) -> tuple[int, int]:
    centre: tuple[int, int] = scene.tray.frame_rows[segment].center
    return centre


def _side_pos(scene: BoardBuilderScene, edge: Edge, along: float) -> tuple[int, int]:
    """A point on a side's frame band, `along` squares from its west (N, S) or south (W, E) end."""
    view = scene.board_view
    grid, fw, cw = view.grid, view.frame_w, view.cell
    if edge is Edge.N:
        return (round(grid.x + along * cw), grid.top - fw // 2)
    if edge is Edge.S:
        return (round(grid.x + along * cw), grid.bottom + fw // 2)
    if edge is Edge.W:
        return (grid.x - fw // 2, round(grid.bottom - along * cw))
    return (grid.right + fw // 2, round(grid.bottom - along * cw))


def _segment_pos(scene: BoardBuilderScene, edge: Edge, index: int) -> tuple[int, int]:
    span = scene.draft.frame.spans(edge)[index]
    centre: tuple[int, int] = scene.board_view.segment_rect(edge, span.start, span.length).center
    return centre


def test_frame_grows_by_dragging_short_segments_onto_opposite_sides(ctx: Any, table: Any) -> None:
    """Issue 3 "Frame": a short segment dropped on the north side goes in where it is dropped; the frame
    is unfinished (opposite sides differ) until the south side gets one too, then it is 13x11."""
    scene = _open(ctx, table)
    _place_cross(scene, table)
    assert scene.draft.frame.count(FrameSegment.SHORT) == 4
    drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.N, 10.8))
    assert scene.draft.frame.north == (FrameSegment.LONG, FrameSegment.SHORT, FrameSegment.SHORT)
    assert scene.draft.size == (11, 11) and scene.draft.frame.size is None
    assert any(p.code is ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER for p in scene.problems)
    assert Edge.N in scene.bad_edges
    assert "play" not in scene.buttons or not scene.buttons["play"].is_enabled
    # Dropped at the west end of the south side this time.
    drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.S, 0.2))
    assert scene.draft.frame.south == (FrameSegment.SHORT, FrameSegment.LONG, FrameSegment.SHORT)
    assert scene.draft.frame.size == (13, 11) and scene.draft.size == (13, 11)
    cross = scene.draft.placement_of(CROSS_ID)
    assert cross is not None and cross.star == scene.draft.centre  # placements kept their place
    assert any("13×11" in n.text for n in ctx.notices)
    click_button(table, scene.buttons["undo"])
    assert scene.draft.size == (11, 11)


def test_a_frame_the_box_cannot_finish_is_refused_with_the_reason(ctx: Any, table: Any) -> None:
    """Issue 3 "Frame" and "Bad input": a side growing longer than its opposite could ever be is refused
    with the engine's reason ("opposite sides must have the same length") and snaps back."""
    scene = _open(ctx, table)
    for _ in range(2):
        drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.N, 0.2))
    assert scene.draft.frame.north.count(FrameSegment.SHORT) == 3
    before = scene.draft
    drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.N, 0.2))
    assert scene.draft is before and scene.held_segment is None
    assert any("Opposite sides must have the same length" in n.text for n in ctx.notices)
    # A second long segment on a side is refused by the engine too (no long is left in the box anyway).
    drag(table, _segment_tray_pos(scene, FrameSegment.LONG), _side_pos(scene, Edge.E, 5))
    assert scene.draft is before
    assert any("frame pieces left" in n.text for n in ctx.notices)


def test_a_segment_dragged_off_the_frame_goes_back_to_the_box(ctx: Any, table: Any) -> None:
    """Issue 3 "Frame": the north long segment lifted onto the tray leaves the side without one; dragged
    back from the tray it makes the frame whole again; one moved to another side is refused."""
    scene = _open(ctx, table)
    drag(table, _segment_pos(scene, Edge.N, 0), _tray_pos(scene, SectionKind.SQUARE))
    assert scene.draft.frame.north == (FrameSegment.SHORT,)
    assert any(p.code is ProblemCode.FRAME_SIDE_WITHOUT_LONG for p in scene.problems)
    drag(table, _segment_tray_pos(scene, FrameSegment.LONG), _side_pos(scene, Edge.N, 5))
    assert list(scene.draft.frame.north) == [FrameSegment.SHORT, FrameSegment.LONG]
    assert scene.draft.frame.is_legal and scene.draft.size == (11, 11)
    # The east side's long dropped on the west side: the west side already has its long.
    before = scene.draft
    drag(table, _segment_pos(scene, Edge.E, 0), _side_pos(scene, Edge.W, 5))
    assert scene.draft is before
    assert any("already has its long segment" in n.text for n in ctx.notices)


def test_size_presets_still_set_the_whole_frame(ctx: Any, table: Any) -> None:
    """Issue 3 "Frame": the size presets are a shortcut for the whole frame."""
    scene = _open(ctx, table)
    click_button(table, scene.buttons["size-9x17"])
    assert scene.draft.frame.size == (9, 17)
    assert scene.draft.frame.count(FrameSegment.SHORT) == 8


def test_flip_button_turns_over_the_last_section_placed(ctx: Any, table: Any) -> None:
    """Issue 3 "Sections": the Flip button turns the last placed section to its other printed side."""
    scene = _open(ctx, table)
    assert not scene.buttons["flip"].is_enabled
    section_id = scene.draft.next_unused(SectionKind.LONG)
    assert section_id is not None
    drag(table, _tray_pos(scene, SectionKind.LONG), _cell_pos(scene, Cell(1, 0)))
    assert scene.buttons["flip"].is_enabled
    click_button(table, scene.buttons["flip"])
    placed = scene.draft.placement_of(section_id)
    assert placed is not None and placed.flipped and placed.origin == Cell(0, 0)
    # With a section in the hand, Flip acts on that one instead.
    post(
        table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_tray_pos(scene, SectionKind.SHORT), button=1)]
    )
    scene.flip()
    assert scene.held is not None and scene.held.flipped


def test_new_box_recolours_keeps_placements_and_is_saved(ctx: Any, table: Any) -> None:
    """Issue 3 "The box": New box re-rolls every section's colours, keeps the placements, and the box is
    saved with the board."""
    scene = _open(ctx, table)
    _place_cross(scene, table)
    before = scene.draft
    click_button(table, scene.buttons["new_box"])
    assert scene.draft.placements == before.placements
    assert scene.draft.box != before.box and scene.draft.box.seed != before.box.seed
    click_button(table, scene.buttons["save"])
    saved = load_board(list_boards(ctx.paths.boards_dir)[0].path)
    assert saved.draft.box == scene.draft.box


def test_ctrl_s_and_ctrl_z_use_the_shared_shortcuts(ctx: Any, table: Any) -> None:
    """Issue 3: Ctrl+S saves and Ctrl+Z undoes in the builder (ui.widgets.shortcuts)."""
    scene = _open(ctx, table)
    _place_cross(scene, table)
    key(table, pygame.K_s, pygame.KMOD_CTRL)
    assert len(list_boards(ctx.paths.boards_dir)) == 1
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.draft.is_placed(CROSS_ID)
    key(table, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.draft.is_placed(CROSS_ID)


def test_undo_while_holding_a_placed_section_puts_it_down(ctx: Any, table: Any) -> None:
    """issue 37 Found 2: a placed section clicked (so it is held) and then Ctrl+Z: the undo happens, the
    hand is emptied and the screen draws (it raised "section ... is not on the board" and closed the app)."""
    scene = _open(ctx, table)
    section_id = scene.draft.next_unused(SectionKind.SQUARE)
    assert section_id is not None
    drag(table, _tray_pos(scene, SectionKind.SQUARE), _cell_pos(scene, Cell(1, 1)))
    placed = scene.draft.placement_of(section_id)
    assert placed is not None
    click(table, _cell_pos(scene, placed.cells[0]))
    assert scene.held is not None and scene.held.section_id == section_id
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.draft.is_placed(section_id)
    assert scene.hand.held is None
    scene.draw(ctx.screen)
    key(table, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.draft.placement_of(section_id) == placed


def test_undo_while_holding_a_frame_segment_puts_it_down(ctx: Any, table: Any) -> None:
    """issue 37 Found 2 (frame): a frame segment held, then Ctrl+Z undoes the frame change that made its
    place ("the west side has no segment at position 2"): the hand is emptied and the screen draws."""
    scene = _open(ctx, table)
    drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.W, 10))
    drag(table, _segment_tray_pos(scene, FrameSegment.SHORT), _side_pos(scene, Edge.E, 10))
    spans = scene.draft.frame.spans(Edge.W)
    last = len(spans) - 1
    click(table, _segment_pos(scene, Edge.W, last))
    assert scene.held_segment is not None and scene.held_segment.source == (Edge.W, last)
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.hand.held is None
    assert len(scene.draft.frame.spans(Edge.W)) == len(spans) - 1
    scene.draw(ctx.screen)
