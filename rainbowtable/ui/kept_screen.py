"""What a screen left on the window last frame, so that the next frame puts back only what changed.

A scene that draws from a cached picture (the play screen's still layer, the Board Builder's background)
need not put the whole picture back every frame (about 0.5 ms at 1920x1080): when the window still holds
the frame before, drawn by the table with this scene alone, only the places drawn over the picture since
differ from it. Those are what the scene itself drew over it (it knows), pygame_gui's widgets (`widgets`)
and the banners (`kept` says no while one comes or goes).
"""

from __future__ import annotations

import pygame

from rainbowtable.ui.context import Context


class KeptScreen:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._shown_on: tuple[pygame.Surface, int] | None = None
        """The surface the scene last drew on, alone, and the table's count of frames drawn then."""
        self._had_notices = False
        self._widgets: list[pygame.Rect] = []

    def kept(self, surface: pygame.Surface) -> bool:
        """Whether `surface` still holds the frame before this one as the scene left it: the table drew
        that frame on it with no other scene, and no banner shows now or showed then. Called once a frame,
        by the scene drawing it."""
        table = self.ctx.table
        notices, self._had_notices = self._had_notices, bool(self.ctx.notices)
        if table is None or len(self.ctx.scenes.visible()) != 1:
            self._shown_on = None
            return False
        before, self._shown_on = self._shown_on, (surface, table.frames_drawn)
        return (
            not notices
            and not self._had_notices
            and before is not None
            and before[0] is surface
            and before[1] == table.frames_drawn - 1
        )

    def widgets(self) -> list[pygame.Rect]:
        """Where pygame_gui drew its widgets last frame and may draw them this frame (hidden ones too: one
        shown by the manager's last update before drawing is drawn): put back from the picture before it
        draws them again, so that their anti-aliased edges are not blended over themselves and a widget
        gone leaves nothing. Called once a frame, before the manager draws."""
        now: list[pygame.Rect] = []
        if self.ctx.has_manager:
            for sprite in self.ctx.manager.get_sprite_group().sprites():
                image = sprite.image
                # The manager blits each image at its rect's corner. An empty one draws nothing (the root
                # container's, whose rect is the whole window); the rect as well covers an image made anew.
                if image is not None and image.get_width() and image.get_height():
                    rect = pygame.Rect(sprite.rect)
                    now.append(rect.union(pygame.Rect(rect.topleft, image.get_size())))
        before, self._widgets = self._widgets, now
        return list({tuple(rect): rect for rect in [*before, *now]}.values())  # mostly the same ones

    def put_back(
        self, surface: pygame.Surface, picture: pygame.Surface, *, fresh: bool, drawn: list[pygame.Rect]
    ) -> None:
        """Put `picture` (window-sized) on `surface` for this frame: only where the scene drew over it last
        frame (`drawn`) and where the widgets are, when the screen still holds that frame and the picture
        is the same (not `fresh`); else the whole of it. Called once a frame, instead of `kept` and
        `widgets`."""
        kept = self.kept(surface) and not fresh
        widgets = self.widgets()
        if kept:
            for rect in merged([*drawn, *widgets]):
                surface.blit(picture, rect, rect)
        else:
            surface.blit(picture, (0, 0))


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects with overlapping ones joined where their union costs no more pixels than the two apart:
    dice thrown together, or a piece over its own shadow, are put back once, not once per rect. What the
    union adds is still picture being put back over itself (the rest is drawn again every frame)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(out):
                if rect.colliderect(other):
                    union = rect.union(other)
                    if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                        rect = union
                        del out[i]
                        joined = True
                        break
        out.append(rect)
    return out
