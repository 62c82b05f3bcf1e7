"""Issue 9 on the table itself: the load screen lists a folder full of hostile files without raising and
draws every row; Resume of an autosave that loads but breaks the table sets it aside and returns to the
title; the title never shows undrawable text from an autosave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.core.text import text_problem
from rainbowtable.storage.saves import autosave, load_match
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.load_game import LoadGameScene, detail_text, when_text
from rainbowtable.ui.scenes.title import TitleScene
from tests.hostile_files import hostile_bytes, real_match, write_hostile_folder
from tests.ui_driver import click_button, pump


def drawable(text: str) -> bool:
    return text_problem(text, max_len=400) is None


def test_the_load_screen_lists_every_hostile_file_and_draws_every_row(ctx: Any, table: Any) -> None:
    """issue 9: NUL and surrogate names and titles, extreme times, huge ids, titles and names, a link loop,
    a link outside the folder and a name that is not UTF-8, all in the saves folder: every one is listed,
    greyed with a reason, and every row, detail and Open refusal draws."""
    made = write_hostile_folder(ctx.paths.saves_dir)
    autosave(real_match(), ctx.paths)  # not in the saves folder: not listed
    navigation.open_load(ctx)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, LoadGameScene)
    listed = {row.path: row for row in scene.rows if not row.shipped}
    assert set(listed) == set(made)
    for path, row in listed.items():
        assert row.problem is not None, path
        for text in (row.title, row.game_title, row.problem, detail_text(row), *row.seats):
            assert drawable(text), (path, text)
    assert "loop" in listed[ctx.paths.saves_dir / "loop.json"].problem
    assert "outside" in listed[ctx.paths.saves_dir / "outside.json"].problem
    surface = pygame.Surface(ctx.size)
    for index in range(len(scene.rows)):
        scene.draw_row(surface, index)
    for index, row in enumerate(scene.rows):
        if row.shipped:
            continue
        scene.select(index)
        scene.open_selected()
        pump(table, 1)
    assert isinstance(ctx.scenes.top, LoadGameScene)


@pytest.mark.parametrize("moment", [1e300, -1e18, float("nan"), 0.0])
def test_when_text_never_raises(moment: float) -> None:
    """issue 9: times the calendar cannot show read 'at an unknown time' instead of raising."""
    assert when_text(moment)


def test_resume_of_an_autosave_that_breaks_the_table_sets_it_aside(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 9 (poisoned autosave that loads but fails to draw): Resume returns to the title with 'could not
    be resumed', the file is renamed aside with its bytes, and the title offers nothing to resume."""
    autosave(real_match(), ctx.paths)
    data = ctx.paths.autosave_path.read_bytes()
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert title.buttons["resume"].is_enabled
    from rainbowtable.ui.scenes.play.scene import PlayScene

    def broken_draw(self: Any, surface: pygame.Surface) -> None:
        raise ValueError("A null character was found in the text")

    monkeypatch.setattr(PlayScene, "draw", broken_draw)
    click_button(table, title.buttons["resume"])
    assert isinstance(ctx.scenes.top, TitleScene)
    assert not ctx.paths.autosave_path.exists()
    kept = list(ctx.paths.root.glob("autosave.json.broken-*"))
    assert [path.read_bytes() for path in kept] == [data]
    assert any("could not be resumed" in notice.text for notice in ctx.notices)
    assert not ctx.scenes.top.buttons["resume"].is_enabled
    monkeypatch.undo()
    pump(table)


def test_title_with_a_poisoned_autosave_starts_clean(ctx: Any, table: Any) -> None:
    """issue 9: the title never draws a NUL from an autosave; it sets the file aside and says why."""
    ctx.paths.autosave_path.write_bytes(hostile_bytes("nul-name"))
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert "could not be resumed" in title.resume_note and "seats[0].name" in title.resume_note
    assert not ctx.paths.autosave_path.exists()
    navigation.open_title(ctx)
    pump(table)
    assert ctx.scenes.top.resume_note == "No game in progress yet."


def test_a_good_autosave_resumes(ctx: Any, table: Any, tmp_path: Path) -> None:
    match = real_match()
    autosave(match, ctx.paths)
    navigation.open_title(ctx)
    pump(table)
    click_button(table, ctx.scenes.top.buttons["resume"])
    assert not isinstance(ctx.scenes.top, TitleScene)
    assert ctx.paths.autosave_path.exists()
    assert load_match(ctx.paths.autosave_path).actions() == match.actions()
    navigation.open_title(ctx)


def test_open_from_the_load_screen_of_a_save_that_breaks_the_table(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 9: a save that loads but breaks drawing, opened from the load screen, is reported in one line
    and leaves the player on the title; the file is not renamed or changed (only the autosave is)."""
    from rainbowtable.storage.saves import save_match
    from rainbowtable.ui.scenes.play.scene import PlayScene

    path = ctx.paths.saves_dir / "fine.json"
    save_match(real_match(), path)
    data = path.read_bytes()
    navigation.open_load(ctx)
    pump(table)
    scene = ctx.scenes.top
    scene.select(next(i for i, row in enumerate(scene.rows) if row.path == path))

    def broken_draw(self: Any, surface: pygame.Surface) -> None:
        raise ValueError("A null character was found in the text")

    monkeypatch.setattr(PlayScene, "draw", broken_draw)
    scene.open_selected()
    monkeypatch.undo()
    pump(table)
    assert isinstance(ctx.scenes.top, TitleScene)
    assert path.read_bytes() == data
    assert any("could not be shown" in notice.text for notice in ctx.notices)
