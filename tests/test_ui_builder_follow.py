"""Issue 11, the board builder: work is never lost (the draft is kept and reopened; Back and a size change
ask first), a size change leaves no section out of reach, the current size looks selected, and the
problem list groups repeats in good English."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.assembly import fill_rest
from rainbowtable.games.rainbow_passage.components import Box
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.problems import BoardProblem, ProblemCode
from rainbowtable.geometry.square import in_rect
from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene, sections_text
from rainbowtable.ui.games.rainbow_passage.builder_side import problem_lines
from rainbowtable.ui.games.rainbow_passage.screens import open_builder
from rainbowtable.ui.scenes import dialogs
from rainbowtable.ui.scenes.navigation import open_title
from rainbowtable.ui.scenes.title import TitleScene
from tests.ui_driver import click_button, key, pump


def _open(ctx: Any, table: Any, draft: BoardDraft | None = None) -> BoardBuilderScene:
    open_title(ctx)
    open_builder(ctx, draft)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    return scene


def _filled(ctx: Any, width: int, height: int) -> BoardDraft:
    return fill_rest(BoardDraft.new(Box.generate(3), width, height), ctx.cosmetic)


def test_the_draft_survives_leaving_and_returning(ctx: Any, table: Any) -> None:
    """Issue 11: the builder keeps its draft like a game's autosave and reopens it; Back asks first."""
    scene = _open(ctx, table, _filled(ctx, 11, 11))
    scene.set_draft(scene.draft.with_removed(scene.draft.placements[-1].section_id))
    kept = scene.draft
    click_button(table, scene.buttons["back"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, dialogs.DialogScene) and "draft" in dialog.text
    key(table, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, TitleScene)
    again = _open(ctx, table)
    assert again.draft == kept


def test_a_saved_board_leaves_without_asking(ctx: Any, table: Any) -> None:
    scene = _open(ctx, table, _filled(ctx, 11, 11))
    click_button(table, scene.buttons["save"])
    click_button(table, scene.buttons["back"])
    assert isinstance(ctx.scenes.top, TitleScene)


def test_a_size_change_returns_sections_that_no_longer_fit(ctx: Any, table: Any) -> None:
    """Issue 11: a 9x17 board changed to 11x11 leaves no section outside the frame; it asks first, the
    current size button looks selected and the default name follows the size."""
    scene = _open(ctx, table, _filled(ctx, 9, 17))
    assert scene.name_entry is not None and "9×17" in scene.name_entry.get_text()
    click_button(table, scene.buttons["size-11x11"])
    assert isinstance(ctx.scenes.top, dialogs.DialogScene), "asks before sending sections back"
    key(table, pygame.K_RETURN)
    assert scene.draft.size == (11, 11)
    assert all(in_rect(c, 11, 11) for p in scene.draft.placements for c in p.cells)
    assert not any(p.code is ProblemCode.OUT_OF_FRAME for p in scene.problems)
    assert scene.buttons["size-11x11"].object_ids[-1] == "@toggle_on"
    assert scene.buttons["size-9x17"].object_ids[-1] != "@toggle_on"
    assert scene.name_entry is not None and "11×11" in scene.name_entry.get_text()


def test_problem_list_groups_repeats_with_good_grammar() -> None:
    """Issue 11: "6 sections stick out of the frame", "an angle section", "1 section"."""
    out = [BoardProblem(ProblemCode.OUT_OF_FRAME, "A long section sticks out of the frame.")] * 6
    single = [BoardProblem(ProblemCode.OUT_OF_FRAME, "A angle section sticks out of the frame.")]
    assert problem_lines(out) == [("6 sections stick out of the frame.", False)]
    assert problem_lines(single) == [("An angle section sticks out of the frame.", False)]
    assert sections_text(1) == "1 section" and sections_text(3) == "3 sections"


def test_problem_list_scrolls(ctx: Any, table: Any) -> None:
    scene = _open(ctx, table, _filled(ctx, 13, 13))
    many = scene.draft
    for placement in many.placements[1::2]:
        many = many.with_removed(placement.section_id)
    scene.set_draft(many.with_frame_size(9, 9))
    pump(table, 2)
    if scene.side.problems_more:
        scene.hand.mouse = scene.side.problems_rect.center
        scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        assert scene.side.problem_scroll == 1


def test_the_piece_in_hand_moves_with_arrows_and_drops_with_enter(ctx: Any, table: Any) -> None:
    """Issue 11, keyboard: arrows move the section in hand a square at a time, Enter puts it down."""
    from rainbowtable.games.rainbow_passage.components import CROSS_ID, SectionKind
    from rainbowtable.geometry.square import Cell
    from tests.ui_driver import click, post

    scene = _open(ctx, table)
    click(table, scene.tray.rows[SectionKind.CROSS].center)
    assert scene.hand.held is not None
    centre = scene.draft.centre
    beside = scene.board_view.cell_rect(Cell(centre.x + 1, centre.y)).center
    post(table, [pygame.event.Event(pygame.MOUSEMOTION, pos=beside, rel=(1, 1), buttons=(0, 0, 0))])
    key(table, pygame.K_LEFT)
    key(table, pygame.K_RETURN)
    cross = scene.draft.placement_of(CROSS_ID)
    assert cross is not None and cross.star == centre


def test_play_this_board_asks_before_saving_and_opens_the_new_game_screen(ctx: Any, table: Any) -> None:
    """Issue 11: "Play this board" is offered only when Rainbow Passage is playable; an unsaved board is
    saved only when the player agrees, then the new-game screen opens on it."""
    from rainbowtable.games.rainbow_passage.board_file import list_boards
    from rainbowtable.ui.scenes.new_game import NewGameScene

    scene = _open(ctx, table, _filled(ctx, 11, 11))
    if not scene._game_ready():
        assert "play" not in scene.buttons
        return
    assert scene.buttons["play"].is_enabled
    click_button(table, scene.buttons["play"])
    assert isinstance(ctx.scenes.top, dialogs.DialogScene)
    key(table, pygame.K_ESCAPE)
    assert not list_boards(ctx.paths.boards_dir), "nothing is saved without asking"
    click_button(table, scene.buttons["play"])
    key(table, pygame.K_RETURN)
    assert len(list_boards(ctx.paths.boards_dir)) == 1
    top = ctx.scenes.top
    assert isinstance(top, NewGameScene) and top.rules.id == "rainbow_passage"
    assert top.options().board == scene.draft.to_board()
