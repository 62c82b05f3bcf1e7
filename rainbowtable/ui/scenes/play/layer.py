"""The play screen's still picture, cached: the felt with the view's static board, and over it regions
(the top bar, the side panel, each of the view's parts) re-rendered only when what they show changes.

Work left over when several regions change at once (a move changes board, tray and panel) goes to the next
frames, so every frame stays short. While the screen holds the last frame, only the regions drawn again, the
places pieces covered last frame and the widgets are put back on it, and while a piece is dragged over the
board only around the targets it passes is drawn again (`hover_limit`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pygame

from rainbowtable.ui import layout_audit
from rainbowtable.ui.kept_screen import merged
from rainbowtable.ui.table.view import GameView, Look

# At most about this many pixels of still picture are re-rendered in one frame (always at least one region):
# the whole grid of cells at 1920x1080. The rest waits for the next frame.
REGION_BUDGET_PX = 600_000

Regions = dict[str, tuple[pygame.Rect, Hashable]]


class StillLayer:
    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.base: pygame.Surface | None = None
        self.keys: dict[str, Hashable] = {}
        self.overlay_rects: list[pygame.Rect] = []

    def forget(self) -> None:
        """Draw everything afresh next frame (a new layout, or a test that wants a clean picture)."""
        self.layer = None

    def update(
        self,
        size: tuple[int, int],
        regions: Regions,
        make_base: Callable[[], pygame.Surface],
        render: Callable[[pygame.Surface, str, pygame.Rect], None],
        limit: list[pygame.Rect] | None = None,
        whole: frozenset[str] = frozenset(),
    ) -> tuple[bool, bool]:
        """Bring the layer up to date; (fresh: everything was drawn, more: some regions wait a frame).
        `limit`: the only places where the changed regions can look different (the caller knows), but for
        the regions named in `whole`: each other one is drawn again in each place alone, clipped, which
        gives the same pixels for a fraction of the work."""
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size).convert()
            self.base = make_base()
            self.keys = {}
        assert self.base is not None
        # A new layout or a different set of regions (the result card shown or dismissed) starts afresh.
        fresh = self.keys.keys() != regions.keys()
        if fresh:
            self.layer.blit(self.base, (0, 0))
            if layout_audit.recording is not None:
                layout_audit.recording.cleared(self.layer.get_rect())
            self.keys = {}
        budget = None if fresh else REGION_BUDGET_PX
        more = False
        for name, (rect, key) in regions.items():
            if name in self.keys and self.keys[name] == key:
                continue
            if budget is not None and budget <= 0:
                more = True
                break
            if limit is not None and not fresh and name not in whole:
                areas = [area for area in (rect.clip(place) for place in limit) if area.w and area.h]
            else:
                areas = [rect]
            for area in areas:
                self.layer.blit(self.base, area, area)
                if layout_audit.recording is not None:
                    layout_audit.recording.cleared(area)
                clip = self.layer.get_clip()
                self.layer.set_clip(area)
                render(self.layer, name, rect)
                self.layer.set_clip(clip)
                self.overlay_rects.append(area)
                if budget is not None:
                    budget -= area.w * area.h
            self.keys[name] = key
        return fresh, more


def hover_limit(
    view: GameView,
    state: Any,
    look: Look,
    before: Hashable | None,
    regions: Regions,
    drawn: Mapping[str, Hashable],
    margin: int,
) -> tuple[list[pygame.Rect] | None, frozenset[str]]:
    """Where the still picture can change when the target under the piece in hand changed since the last
    frame (from `before` to `look.hover_target`: a drag sweeping over the board): around the old and the
    new target, apart unless they overlap (a pointer that jumps across the board would otherwise have all
    between them drawn again); with the regions that changed for another reason too (a view's own part
    naming the square under the pointer), which are drawn whole. (None, ()) when the target did not change
    or a target's place is unknown. Found by asking the view for its parts as they were with the old
    target: a part that then matches what is drawn (`drawn`: the layer's keys) can differ only in the two
    targets' pixels, and a whole board need not be drawn again for them."""
    if before == look.hover_target:
        return None, frozenset()
    rects = [view.input.target_rect(state, t) for t in (before, look.hover_target) if t is not None]
    if not rects or any(rect is None for rect in rects):
        return None, frozenset()
    old = dataclasses.replace(look, hover_target=before)
    keys = {f"view:{name}": key for name, (_rect, key) in view.drawing.parts(state, old).items()}
    whole = frozenset(
        name for name, (_rect, key) in regions.items() if drawn.get(name) != keys.get(name, key)
    )
    return merged([rect.inflate(margin, margin) for rect in rects if rect is not None]), whole
