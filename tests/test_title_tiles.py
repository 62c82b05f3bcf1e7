"""The title screen's game tiles at every size, scale and language: every tile laid out alike (the same
picture size, the names, player counts and taglines starting at the same heights, a tagline on every tile
or on none), names never broken inside a word, no tile outside the window, on another or on the menu.
The whole title also passes the layout audit (`test_layout_audit.py`) at each combination here, not only
at the window size the audit's rota gives it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.core.i18n import install_language
from rainbowtable.ui import layout_audit
from rainbowtable.ui.loop import MIN_WINDOW
from rainbowtable.ui.scenes.game_tiles import LEAST_ICON, MIN_ICON, Tile, players_text
from rainbowtable.ui.scenes.title import TitleScene
from rainbowtable.ui.table.entry import GameUI
from tests.test_layout_audit import LANGUAGES, SCALES, SIZES, _context, audit_screen


def _check_title(
    tmp_path: Path, monkeypatch: Any, size: tuple[int, int], scale: int, language: str, least: int
) -> TitleScene:
    """Open the title at `size`, `scale` and `language` and check its tiles; each picture at least `least`
    design pixels on a side."""
    ctx, table = _context(tmp_path, size, scale, language)
    pictures: dict[str, pygame.Rect] = {}
    drawn = GameUI.draw_icon

    def record(ui: GameUI, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pictures[ui.game_id] = pygame.Rect(rect)
        drawn(ui, surface, rect)

    monkeypatch.setattr(GameUI, "draw_icon", record)
    try:
        found = audit_screen(ctx, table, "title")
        title = ctx.scenes.top
        assert isinstance(title, TitleScene)
        recording = layout_audit.start()
        try:
            title.draw(ctx.screen)
        finally:
            layout_audit.stop()
        texts = [(text.text, text.rect) for text in recording.texts]
        players = [players_text(tile.game) for tile in title.tiles]
    finally:
        install_language("en")
    assert not found, found
    tiles = title.tiles
    assert len(tiles) == len(ctx.playable_games()) == 5
    # The same picture on every tile, square, not too small.
    sides = {(rect.w, rect.h) for rect in pictures.values()}
    assert len(pictures) == len(tiles) and len(sides) == 1, sides
    side = sides.pop()
    assert side[0] == side[1] >= ctx.px(least), (side, ctx.px(least))

    # The words start at the same heights on every tile (each measured from its tile's top).
    def top_of(tile: Tile, words: str) -> int:
        tops = [rect.y for text, rect in texts if text == words and tile.rect.contains(rect)]
        assert tops, f"{words!r} is not drawn on its tile {tile.rect}"
        return tops[0] - tile.rect.y

    assert len({top_of(tile, tile.names[0]) for tile in tiles}) == 1
    assert len({top_of(tile, text) for tile, text in zip(tiles, players, strict=True)}) == 1
    assert len({len(tile.names) <= tile.shape.name_rows <= 2 for tile in tiles}) == 1
    shown = [tile for tile in tiles if tile.tag_lines]
    assert not shown or len(shown) == len(tiles)  # a tagline on every tile or on none
    if shown:
        assert len({top_of(tile, tile.tag_lines[0]) for tile in tiles}) == 1
    for tile in tiles:
        # Names in whole words (the audit fails any word broken by wrapping, or a cut).
        assert " ".join(tile.names).split() == tile.game.title.split()
        assert all(line.split() == line.strip().split(" ") for line in tile.names)
    # The tiles use the space right of the menu: the menu and the grid, centred together, leave no more
    # felt beside them than the margins (no wide band of empty felt right of small tiles), unless the
    # grid already fills the height.
    margin = max(ctx.px(24), round(min(ctx.size) * 0.05))
    beside = ctx.size[0] - title.games_rect.right + title.menu_rect.left
    assert beside <= 2 * margin + ctx.px(4) or title.games_rect.h >= 0.75 * ctx.size[1]
    # Inside the window (raised under the pointer too), off each other and off the menu and logo.
    window = pygame.Rect((0, 0), ctx.size)
    for tile in tiles:
        assert window.contains(tile.rect.move(0, -ctx.px(6))), (tile.rect, ctx.size)
        assert not tile.rect.colliderect(title.menu_rect) and not tile.rect.colliderect(title.logo_rect)
        assert not any(tile.rect.colliderect(button.rect) for button in title.buttons.values())
        assert tile.rect.collidelist([other.rect for other in tiles if other is not tile]) == -1
    return title


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_tiles_are_alike_and_fit(
    tmp_path: Path, monkeypatch: Any, size: tuple[int, int], scale: int, language: str
) -> None:
    _check_title(tmp_path, monkeypatch, size, scale, language, MIN_ICON)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_tiles_fit_the_smallest_window(
    tmp_path: Path, monkeypatch: Any, scale: int, language: str
) -> None:
    """The smallest window the table allows: rows of picture and words, smaller, but every word whole and
    nothing off the window."""
    title = _check_title(tmp_path, monkeypatch, MIN_WINDOW, scale, language, LEAST_ICON)
    assert title.tiles[0].shape.room.landscape
