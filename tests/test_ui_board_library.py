"""Headless tests of the Rainbow Passage board library screen and of the whole builder flow (issue 3,
"Board library" and "Done when"): list with thumbnails, open, rename, duplicate, delete, export, import,
bad files greyed out, illegal boards opened as drafts; and an 11x11 board built by hand, saved, found in the
library and reopened."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import fill_rest
from rainbowtable.games.rainbow_passage.board_file import list_boards, load_board, save_board
from rainbowtable.games.rainbow_passage.components import CROSS_ID, Box, SectionKind
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.geometry.square import Cell
from rainbowtable.storage.boards import shipped_boards_dir
from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
from rainbowtable.ui.games.rainbow_passage.library import (
    BoardLibraryScene,
    date_text,
    export_default,
    thumbnail,
)
from rainbowtable.ui.games.rainbow_passage.screens import open_board_library, open_builder
from rainbowtable.ui.scenes.dialogs import DialogScene
from rainbowtable.ui.scenes.load_game import when_text
from rainbowtable.ui.scenes.navigation import open_title
from tests.test_ui_board_builder import _cell_pos, _tray_pos
from tests.ui_driver import click, click_button, drag, key, post, pump


def _library(ctx: Any, table: Any) -> BoardLibraryScene:
    open_title(ctx)
    open_board_library(ctx)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardLibraryScene)
    return scene


def _select(table: Any, scene: BoardLibraryScene, name: str) -> None:
    index = scene.index_of(name)
    assert index >= 0, name
    scene.select(index)  # bring it into view first, then click it as a person would
    click(table, scene.row_rect(index).center)
    assert scene.current is not None and scene.current.entry.name == name


def _finished(seed: int, size: tuple[int, int] = (9, 9)) -> BoardDraft:
    return fill_rest(BoardDraft.new(Box.generate(seed), *size), Rng.from_seed(seed))


def test_library_lists_mine_then_examples_with_thumbnails_and_bad_files_greyed(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library" and "Bad input": boards with thumbnail, size, date and state; a corrupt or
    newer file is listed with its reason and cannot be opened."""
    folder = ctx.paths.boards_dir
    save_board(folder, "Mine finished", _finished(3))
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "future.json").write_text('{"format": "rainbowtable-board", "version": 99}', encoding="utf-8")
    scene = _library(ctx, table)
    shipped = len(list_boards(shipped_boards_dir()))
    assert shipped >= 3
    assert len(scene.rows) == 3 + shipped
    assert [row.shipped for row in scene.rows] == [False] * 3 + [True] * shipped
    mine = scene.rows[scene.index_of("Mine finished")]
    assert mine.problems == 0
    image = thumbnail(mine, 60)
    assert image is not None and image is thumbnail(mine, 60)  # cached per file
    _select(table, scene, "broken")
    assert scene.current is not None and scene.current.entry.error is not None
    assert not scene.buttons["open"].is_enabled
    scene.open_selected()
    assert isinstance(ctx.scenes.top, BoardLibraryScene)
    assert any("Cannot open broken.json" in n.text for n in ctx.notices)
    _select(table, scene, "future")
    assert scene.current is not None and "newer version" in (scene.current.entry.error or "")
    # Examples can be opened and copied but not renamed or deleted.
    _select(table, scene, scene.rows[-1].entry.name)
    assert scene.buttons["open"].is_enabled and scene.buttons["duplicate"].is_enabled
    assert not scene.buttons["delete"].is_enabled and not scene.buttons["rename"].is_enabled


def test_rename_duplicate_delete(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library": rename with a text entry, duplicate, delete after a confirmation."""
    save_board(ctx.paths.boards_dir, "First", _finished(4))
    scene = _library(ctx, table)
    _select(table, scene, "First")
    click_button(table, scene.buttons["rename"])
    assert scene.mode == "rename" and scene.entry is not None
    assert scene.entry.get_text() == "First"
    scene.entry.set_text("Renamed board")
    click_button(table, scene.buttons["confirm"])
    assert scene.mode is None
    names = [e.name for e in list_boards(ctx.paths.boards_dir)]
    assert names == ["Renamed board"]
    assert scene.current is not None and scene.current.entry.name == "Renamed board"
    click_button(table, scene.buttons["duplicate"])
    names = sorted(e.name for e in list_boards(ctx.paths.boards_dir))
    assert names == ["Renamed board", "Renamed board (copy)"]
    _select(table, scene, "Renamed board (copy)")
    click_button(table, scene.buttons["delete"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, DialogScene)
    assert dialog.confirm_button is not None and "@danger" in dialog.confirm_button.object_ids
    click_button(table, dialog.confirm_button)
    assert [e.name for e in list_boards(ctx.paths.boards_dir)] == ["Renamed board"]
    assert ctx.scenes.top is scene


def test_duplicating_an_example_copies_it_into_my_boards(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library": the shipped examples are never written to; a copy lands in my boards."""
    scene = _library(ctx, table)
    example = scene.rows[-1]
    _select(table, scene, example.entry.name)
    click_button(table, scene.buttons["duplicate"])
    mine = list_boards(ctx.paths.boards_dir)
    assert len(mine) == 1 and mine[0].saved is not None and example.entry.saved is not None
    assert mine[0].saved.draft == example.entry.saved.draft


def _pick_file(table: Any, scene: Any, path: Path) -> None:
    """Choose `path` in the open file dialog, as pygame_gui reports a pick."""
    assert scene.file_dialog is not None
    dialog = scene.file_dialog[0]
    event = pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialog, text=str(path))
    post(table, [event])


def test_export_and_import_through_the_file_dialog(ctx: Any, table: Any, tmp_path: Path) -> None:
    """Issue 3 "Board library", issue 11: Export and Import choose a file in pygame_gui's file dialog (Export
    suggests ~/rainbowtable-board-NAME.json); Import copies a checked board file into the library; a bad
    file is refused with the reason."""
    save_board(ctx.paths.boards_dir, "Travelling board", _finished(5))
    scene = _library(ctx, table)
    _select(table, scene, "Travelling board")
    click_button(table, scene.buttons["export"])
    assert export_default("Travelling board") == "~/rainbowtable-board-travelling-board.json"
    out = tmp_path / "out" / "board.json"
    out.parent.mkdir()
    _pick_file(table, scene, out)
    assert load_board(out).draft == _finished(5)
    # Import it back under a second file; a damaged file is refused and nothing is added.
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    click_button(table, scene.buttons["import"])
    _pick_file(table, scene, bad)
    assert any("not a rainbowtable board" in n.text for n in ctx.notices)
    assert len(list_boards(ctx.paths.boards_dir)) == 1
    click_button(table, scene.buttons["import"])
    _pick_file(table, scene, out)
    assert len(list_boards(ctx.paths.boards_dir)) == 2
    key(table, pygame.K_ESCAPE)
    assert ctx.scenes.top is not scene


def test_an_illegal_board_opens_as_a_draft_to_fix(ctx: Any, table: Any) -> None:
    """Issue 3 "Bad input": a board file describing an illegal board opens in the builder as a draft."""
    broken = (
        BoardDraft.new(Box.generate(6)).with_placed(CROSS_ID, Cell(0, 0)).with_placed("short-1", Cell(0, 1))
    )
    path = save_board(ctx.paths.boards_dir, "Needs fixing", broken)
    scene = _library(ctx, table)
    _select(table, scene, "Needs fixing")
    click_button(table, scene.buttons["open"])
    builder = ctx.scenes.top
    assert isinstance(builder, BoardBuilderScene)
    assert builder.draft == broken and builder.problems
    assert builder.saved_path == path
    assert any("opens as a draft" in n.text for n in ctx.notices)


def test_double_click_opens_a_board_and_keys_move_the_selection(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library", the list shared with the load screen (`menu_base.ListScene`): arrows,
    Home and End move the selection; two quick clicks on a row open it in the builder, two slow ones only
    select it."""
    path = save_board(ctx.paths.boards_dir, "Clicked twice", _finished(7))
    scene = _library(ctx, table)
    key(table, pygame.K_END)
    assert scene.selected == len(scene.rows) - 1
    key(table, pygame.K_HOME)
    assert scene.selected == 0
    key(table, pygame.K_DOWN)
    assert scene.selected == 1
    key(table, pygame.K_UP)
    index = scene.index_of("Clicked twice")
    _select(table, scene, "Clicked twice")
    pump(table, 30, dt=0.1)  # far longer than a double click
    click(table, scene.row_rect(index).center)
    assert ctx.scenes.top is scene
    click(table, scene.row_rect(index).center)
    builder = ctx.scenes.top
    assert isinstance(builder, BoardBuilderScene)
    assert builder.draft == _finished(7) and builder.saved_path == path


def test_enter_and_delete_keys_wait_while_a_name_is_typed(ctx: Any, table: Any) -> None:
    """Issue 3 "Board library": Delete asks before removing a board, Enter opens the selected one, but
    while the rename line is open neither acts on the list; Escape closes the line first."""
    save_board(ctx.paths.boards_dir, "Keyed", _finished(8))
    scene = _library(ctx, table)
    _select(table, scene, "Keyed")
    click_button(table, scene.buttons["rename"])
    assert scene.mode == "rename"
    pump(table, 30, dt=0.1)
    _select(table, scene, "Keyed")
    assert scene.entry is not None
    scene.entry.unfocus()  # type: ignore[no-untyped-call]  # the keys reach the screen, not the line
    key(table, pygame.K_DELETE)
    key(table, pygame.K_RETURN)
    assert ctx.scenes.top is scene and scene.mode == "rename"
    key(table, pygame.K_ESCAPE)
    assert ctx.scenes.top is scene and scene.mode is None
    key(table, pygame.K_DELETE)
    dialog = ctx.scenes.top
    assert isinstance(dialog, DialogScene) and dialog.cancel_button is not None
    click_button(table, dialog.cancel_button)
    assert ctx.scenes.top is scene
    key(table, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, BoardBuilderScene)


def test_boards_and_saves_write_dates_alike() -> None:
    """Issue 3 "Board library" shows when a board was saved as the load screen does: '3 Mar 2025, 14:05'
    (one `menu_base.date_and_time` for both)."""
    assert date_text("2025-03-03T14:05:00") == "3 Mar 2025, 14:05"
    assert date_text("not a time") == "not a time"
    saved = time.mktime((2025, 3, 3, 14, 5, 0, 0, 0, -1))
    assert when_text(saved, now=saved + 40 * 86400) == date_text("2025-03-03T14:05:00")


def _drag_turning(table: Any, start: tuple[int, int], turn: int, target: tuple[int, int]) -> None:
    """Pick a piece up, press `turn` (R or F) while holding it, and drop it on `target`."""
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], frames=1)
    key(table, turn)
    post(table, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0))], frames=1)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])


def test_build_the_standard_board_by_hand_save_find_and_reopen(ctx: Any, table: Any) -> None:
    """Issue 3 "Done when": the standard 11x11 board built from the tray (preset frame, the cross at the
    centre, sections dragged in, one turned and one flipped), finished with Fill the rest, saved, found in
    the library (opened from the builder's Library button) and reopened into the builder."""
    open_title(ctx)
    open_builder(ctx)
    pump(table)
    builder = ctx.scenes.top
    assert isinstance(builder, BoardBuilderScene)
    click_button(table, builder.buttons["size-11x11"])
    drag(table, _tray_pos(builder, SectionKind.CROSS), _cell_pos(builder, builder.draft.centre))
    # Along the south edge: a long section, a square, then a turned long section standing up.
    drag(table, _tray_pos(builder, SectionKind.LONG), _cell_pos(builder, Cell(1, 0)))
    drag(table, _tray_pos(builder, SectionKind.SQUARE), _cell_pos(builder, Cell(3, 1)))
    _drag_turning(table, _tray_pos(builder, SectionKind.LONG), pygame.K_r, _cell_pos(builder, Cell(5, 1)))
    # An angle, flipped to its other side in the hand.
    _drag_turning(table, _tray_pos(builder, SectionKind.ANGLE), pygame.K_f, _cell_pos(builder, Cell(0, 2)))
    placed = builder.draft.placements
    assert len(placed) == 5
    assert placed[3].rotation == 90 and set(placed[3].cells) == {Cell(5, 0), Cell(5, 1), Cell(5, 2)}
    assert placed[4].flipped
    click_button(table, builder.buttons["fill"])
    assert builder.draft.is_finished and not builder.problems
    assert builder.draft.placements[:5] == placed
    assert builder.name_entry is not None
    builder.name_entry.set_text("My standard board")
    click_button(table, builder.buttons["save"])
    finished = builder.draft
    # Start something else, then find the saved board in the library and open it again.
    click_button(table, builder.buttons["size-9x9"])
    # Sections that no longer fit go back to the box, after asking (issue 11); Enter agrees.
    key(table, pygame.K_RETURN)
    assert builder.draft.size == (9, 9)
    assert all(c.x < 9 and c.y < 9 for p in builder.draft.placements for c in p.cells)
    click_button(table, builder.buttons["library"])
    library = ctx.scenes.top
    assert isinstance(library, BoardLibraryScene)
    _select(table, library, "My standard board")
    row = library.current
    assert row is not None and row.problems == 0 and not row.shipped
    click_button(table, library.buttons["open"])
    assert ctx.scenes.top is builder
    assert builder.draft == finished and builder.draft.to_board().star == Cell(5, 5)
    assert builder.name_entry is not None and builder.name_entry.get_text() == "My standard board"
    click_button(table, builder.buttons["undo"])  # the 9x9 draft that was on the table comes back
    assert builder.draft.size == (9, 9)


def test_every_example_board_is_named_in_the_players_language() -> None:
    """The example boards, like the example games on the load screen, are named in the player's language
    (the Dutch library listed "Standard pinwheel 11x11"); every shipped board's name is in the catalogue."""
    from rainbowtable.core.i18n import load_translation
    from rainbowtable.games.regenboog.board_file import layout_folder, list_layouts
    from rainbowtable.storage.boards import EXAMPLE_NAMES

    names = [e.saved.name for e in list_boards(shipped_boards_dir()) if e.saved is not None]
    names += [e.saved.name for e in list_layouts(layout_folder(shipped_boards_dir())) if e.saved is not None]
    assert len(names) >= 4 and sorted(names) == sorted(EXAMPLE_NAMES)
    dutch = load_translation("nl")
    assert all(dutch(name) != name for name in names), [name for name in names if dutch(name) == name]


def test_a_copy_of_an_example_takes_the_name_the_player_read(ctx: Any, table: Any) -> None:
    from rainbowtable.core.i18n import install_language

    try:
        install_language("nl")
        scene = _library(ctx, table)
        example = next(row for row in scene.rows if row.entry.name == "Small pinwheel 9×9")
        _select(table, scene, example.entry.name)
        click_button(table, scene.buttons["duplicate"])
    finally:
        install_language("en")
    mine = list_boards(ctx.paths.boards_dir)
    assert [entry.name for entry in mine] == ["Klein molentje 9×9"]
