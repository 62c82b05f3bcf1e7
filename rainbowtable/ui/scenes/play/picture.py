"""The play screen's picture, frame by frame. The still picture (`StillLayer`, `layer.py`) starts from the
felt with the view's static board and is brought up to date region by region: the top bar, the side panel,
and each of the view's parts, or the result card veiling the whole board. It goes on the screen whole, or
while the screen holds the last frame only where that differs (regions drawn again, where pieces and widgets
were); what moves is drawn over it (an animation, the piece in hand). The
scene says what each region shows (its key) and draws it when asked."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from rainbowtable.ui import draw
from rainbowtable.ui.context import Context
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
        self._had_notices = False
        self._shown_on: tuple[pygame.Surface, int] | None = None
        """The surface the picture was last put on whole or in part, alone (no scene over it), and the
        table's count of frames drawn then."""
        self._widgets: list[pygame.Rect] = []
        """Where pygame_gui's widgets were when the picture was last put on the screen: it drew them
        over it."""

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
        screen holds the last frame (`_screen_kept`) and no banner comes or goes, only where it changed,
        where things moved and where the widgets were. True when some regions wait for the next frame."""

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
        notices = bool(self.ctx.notices) or self._had_notices
        self._had_notices = bool(self.ctx.notices)
        kept = self._screen_kept(surface)
        widgets = self._widget_rects()
        self.still.show(surface, partial=kept and not notices and not fresh, keep=[*self._widgets, *widgets])
        self._widgets = widgets
        return more

    def _screen_kept(self, surface: pygame.Surface) -> bool:
        """Whether `surface` still holds the frame before this one as this picture left it: the table drew
        that frame on it with no other scene, so only what moved (the layer's overlay rects), the widgets
        and the banners lie over the still picture there, and putting back those places gives the same
        pixels as putting back the whole screen (about 0.5 ms at 1920x1080, half of a frame at rest)."""
        table = self.ctx.table
        if table is None or len(self.ctx.scenes.visible()) != 1:
            self._shown_on = None
            return False
        before, self._shown_on = self._shown_on, (surface, table.frames_drawn)
        return before is not None and before[0] is surface and before[1] == table.frames_drawn - 1

    def _widget_rects(self) -> list[pygame.Rect]:
        """Where pygame_gui may draw its widgets over the picture this frame (hidden ones too: one shown by
        the manager's last update before drawing is drawn): put back next frame before it draws them again,
        so that their anti-aliased edges are not blended over themselves, and a widget gone leaves nothing."""
        if not self.ctx.has_manager:
            return []
        rects = []
        for sprite in self.ctx.manager.get_sprite_group().sprites():
            image = sprite.image
            # The manager blits each image at its rect's corner. An empty one draws nothing (the root
            # container's, whose rect is the whole window); the rect as well covers an image made anew.
            if image is not None and image.get_width() and image.get_height():
                rect = pygame.Rect(sprite.rect)
                rects.append(rect.union(pygame.Rect(rect.topleft, image.get_size())))
        return rects

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
