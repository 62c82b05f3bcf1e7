"""The play screen's picture, frame by frame. The still picture (`StillLayer`, `layer.py`) starts from the
felt with the view's static board and is brought up to date region by region: the top bar, the side panel,
and each of the view's parts, or the result card veiling the whole board. It goes on the screen whole, or
while the screen holds the last frame only where that differs (regions drawn again, where pieces and widgets
were); what moves is drawn over it (an animation, the piece in hand). The scene says what each region shows
(its key) and draws it when asked."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from rainbowtable.ui import draw
from rainbowtable.ui.context import Context
from rainbowtable.ui.kept_screen import KeptScreen
from rainbowtable.ui.scenes.play.focus import FocusRing
from rainbowtable.ui.scenes.play.layer import Regions, StillLayer, hover_limit
from rainbowtable.ui.table.hold import HoldController
from rainbowtable.ui.table.view import Animation, GameView, Look

Region = tuple[pygame.Rect, Hashable]
"""A region of the still picture: where it is, and a key naming what it shows."""
RESULT = "result"


class TablePicture:
    def __init__(self, ctx: Context, view: GameView) -> None:
        self.ctx = ctx
        self.view = view
        self.still = StillLayer()
        self._last_hover: Hashable | None = None
        self.screen = KeptScreen(ctx)

    def regions(
        self, look: Look, state: Any, *, top: Region, panel: Region, result: Region | None
    ) -> Regions:
        """The top bar, the panel, and the view's parts (`result`: the card over the board instead: one
        region until it is dismissed)."""
        regions: Regions = {"top": top, "panel": panel}
        if result is not None:
            regions[RESULT] = result
            return regions
        for name, (rect, key) in self.view.drawing.parts(state, look).items():
            regions[f"view:{name}"] = (rect, key)
        return regions

    def paint(
        self,
        surface: pygame.Surface,
        regions: Regions,
        render: Callable[[pygame.Surface, str, pygame.Rect], None],
        look: Look,
        state: Any,
    ) -> bool:
        """Bring the still picture up to date (`render` draws a region) and put it on `surface`: while the
        screen holds the last frame (`KeptScreen`), only where it changed, where things moved and where the
        widgets were. True when some regions wait for the next frame."""

        def base() -> pygame.Surface:
            # The felt with the view's static picture on it: re-rendering a region starts from one opaque
            # copy of this instead of redrawing the board's frame and shadows.
            picture = draw.felt(self.ctx.size).copy()
            self.view.drawing.draw_static(picture)
            return picture

        before, self._last_hover = self._last_hover, look.hover_target
        limit: list[pygame.Rect] | None = None
        whole: frozenset[str] = frozenset()
        if RESULT not in regions:  # under the result card no target shows
            limit, whole = hover_limit(
                self.view, state, look, before, regions, self.still.keys, self.ctx.px(12)
            )
        fresh, more = self.still.update(surface.get_size(), regions, base, render, limit, whole)
        assert self.still.layer is not None
        drawn, self.still.overlay_rects = self.still.overlay_rects, []
        self.screen.put_back(surface, self.still.layer, fresh=fresh, drawn=drawn)
        return more

    def draw_moving(
        self,
        surface: pygame.Surface,
        state: Any,
        look: Look,
        animation: Animation | None,
        drag: HoldController,
        ring: FocusRing | None,
    ) -> None:
        """Over the still picture: the animation, the piece in hand and the focus ring (`ring`: None while
        nobody may play by keys), all put back next frame."""
        if animation is not None:
            self.still.overlay_rects.extend(animation.draw(surface))
        if drag.pick is not None and drag.dragging:
            self.still.overlay_rects.append(
                self.view.drawing.draw_in_hand(surface, state, drag.pick, drag.pos, look)
            )
        drawn = ring.draw(surface) if ring is not None else None
        if drawn is not None:
            self.still.overlay_rects.append(drawn)
