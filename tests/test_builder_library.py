"""The library flows both board builders share (`ui/scenes/builder_library.py`): Play asks before saving an
unsaved draft in the game's own words and opens the new-game screen on it once saved, a saved and unchanged
draft plays without asking, a failed write is said in the game's words and leaves the draft unsaved, and De
Regenboog refuses to save an empty layout. Run over Rainbow Passage's and De Regenboog's builders alike."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.games.rainbow_passage.assembly import fill_rest
from rainbowtable.games.rainbow_passage.components import Box
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.regenboog.board import STANDARD_DRAFT
from rainbowtable.ui.games.rainbow_passage import builder as passage_builder
from rainbowtable.ui.games.regenboog import builder as hex_builder
from rainbowtable.ui.scenes import dialogs
from rainbowtable.ui.scenes.builder_library import BuilderLibraryScene
from rainbowtable.ui.scenes.navigation import open_title
from rainbowtable.ui.scenes.new_game import NewGameScene
from tests.ui_driver import click_button, key, pump

GAMES = ["rainbow_passage", "regenboog"]
WORD = {"rainbow_passage": "board", "regenboog": "layout"}
WRITER = {"rainbow_passage": (passage_builder, "save_board"), "regenboog": (hex_builder, "save_layout")}


def _open(ctx: Any, table: Any, game: str) -> BuilderLibraryScene[Any]:
    """The game's builder over the title screen, holding a finished, playable draft not saved yet."""
    open_title(ctx)
    scene: BuilderLibraryScene[Any]
    if game == "rainbow_passage":
        scene = passage_builder.BoardBuilderScene(
            ctx, fill_rest(BoardDraft.new(Box.generate(3), 9, 9), ctx.cosmetic)
        )
    else:
        scene = hex_builder.HexBuilderScene(ctx, STANDARD_DRAFT)
    ctx.scenes.push(scene)
    pump(table)
    if "play" not in scene.buttons:
        pytest.skip(f"{game} is not playable at this table")
    return scene


def _library_files(ctx: Any) -> list[Path]:
    return sorted(p for p in Path(ctx.paths.boards_dir).rglob("*.json"))


@pytest.mark.parametrize("game", GAMES)
def test_play_asks_in_the_games_words_then_saves_and_opens_the_new_game_screen(
    ctx: Any, table: Any, game: str
) -> None:
    """Games are set up from the library: Play on an unsaved draft asks first (Cancel saves nothing);
    agreeing saves it under the typed name and opens the new-game screen for that game."""
    scene = _open(ctx, table, game)
    assert scene.unsaved and scene.buttons["play"].is_enabled
    click_button(table, scene.buttons["play"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, dialogs.DialogScene) and scene.confirm is dialog
    assert f"Save this {WORD[game]} to play it?" in dialog.title
    assert f"as “{scene._typed_name()}” and play?" in dialog.text
    key(table, pygame.K_ESCAPE)
    assert scene.confirm is None and not _library_files(ctx), "nothing is saved without asking"
    assert scene.name_entry is not None
    scene.name_entry.set_text("Mijn bord")
    click_button(table, scene.buttons["play"])
    key(table, pygame.K_RETURN)
    assert len(_library_files(ctx)) == 1 and scene.name == "Mijn bord" and not scene.unsaved
    top = ctx.scenes.top
    assert isinstance(top, NewGameScene) and top.rules.id == game


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_unchanged_draft_plays_without_asking(ctx: Any, table: Any, game: str) -> None:
    scene = _open(ctx, table, game)
    click_button(table, scene.buttons["save"])
    assert any(n.text.startswith("Saved “") for n in ctx.notices)
    click_button(table, scene.buttons["play"])
    top = ctx.scenes.top
    assert isinstance(top, NewGameScene) and top.rules.id == game and len(_library_files(ctx)) == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_failed_save_is_said_in_the_games_words_and_leaves_the_draft_unsaved(
    ctx: Any, table: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _open(ctx, table, game)

    def refuse(*args: object, **kwargs: object) -> Path:
        raise OSError("the disk is full")

    module, name = WRITER[game]
    writer: Callable[..., Path] = refuse
    monkeypatch.setattr(module, name, writer)
    assert scene.save() is None
    assert any(n.text == f"Could not save the {WORD[game]}: the disk is full" for n in ctx.notices)
    assert scene.unsaved and scene.saved_path is None and scene.name is None


def test_an_empty_hex_layout_is_not_saved(ctx: Any, table: Any) -> None:
    """De Regenboog's builder refuses to save a layout with no segments (there is nothing to keep)."""
    scene = _open(ctx, table, "regenboog")
    click_button(table, scene.buttons["clear"])
    click_button(table, scene.buttons["save"])
    assert any(n.text == "Place some segments before saving." for n in ctx.notices)
    assert not _library_files(ctx) and not scene.unsaved


def test_every_game_builder_answers_every_hook() -> None:
    """The library's game hooks are abstract: both builders answer all of them, so neither can miss one."""
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
    from rainbowtable.ui.games.regenboog.builder import HexBuilderScene

    assert len(BuilderLibraryScene.__abstractmethods__) == 8
    assert not BoardBuilderScene.__abstractmethods__ and not HexBuilderScene.__abstractmethods__
