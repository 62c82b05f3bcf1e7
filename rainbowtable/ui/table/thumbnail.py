"""A small picture of a saved position, drawn by the game's own view (the load screen's rows).

The save is read with the same checks as loading; a file that does not load, a game without a view or a
view that fails to draw gives no thumbnail (the caller shows the game's icon instead). Pictures are kept
per file, its modification time and the size asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rainbowtable.ui import draw
from rainbowtable.ui.table.view import GameView, Look
from rainbowtable.ui.theme import Theme

if TYPE_CHECKING:
    from rainbowtable.ui.context import Context

RENDER_PX = (480, 480)  # the view draws at this size, then the picture is scaled down
_MAX_KEPT = 64
_pictures: dict[tuple[str, float, tuple[int, int]], pygame.Surface | None] = {}
_views: dict[str, GameView] = {}


def save_thumbnail(ctx: Context, path: Path, game_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The saved position in `path` drawn `size` big, or None when it cannot be drawn. Never raises."""
    try:
        key = (str(path), path.stat().st_mtime, size)
    except OSError:
        return None
    if key in _pictures:
        return _pictures[key]
    picture = None
    try:
        picture = _draw(ctx, path, game_id, size)
    except Exception as error:  # a thumbnail must never break the load screen
        ctx.log.warning("no thumbnail for %s: %s", path.name, error)
    if len(_pictures) >= _MAX_KEPT:
        _pictures.clear()
    _pictures[key] = picture
    return picture


def _draw(ctx: Context, path: Path, game_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    from rainbowtable.storage.saves import SaveError, load_match

    ui = ctx.game_uis.get(game_id)
    if ui is None or not ui.playable:
        return None
    try:
        match = load_match(path, find_game=ctx.rules_for)
    except SaveError:
        return None
    view = _views.get(game_id)
    if view is None:
        view = _views[game_id] = ui.new_view()
    rules = match.rules
    state = rules.observe(match.state, None) if rules.hides_information else match.state
    canvas = pygame.Surface(RENDER_PX)
    canvas.blit(draw.felt(RENDER_PX), (0, 0))
    view.layout(canvas.get_rect().inflate(-16, -16), Theme(scale=0.75))
    view.drawing.draw_static(canvas)
    view.drawing.draw(canvas, state, Look(glyphs=ctx.settings.glyphs))
    scale = min(size[0] / RENDER_PX[0], size[1] / RENDER_PX[1])
    small = pygame.transform.smoothscale(
        canvas, (max(1, round(RENDER_PX[0] * scale)), max(1, round(RENDER_PX[1] * scale)))
    )
    return small
