"""The lesson screen's picture: the play screen's (`play/picture.py`), with the lesson's card as a region of
its own in the side panel's column, the panel's region ending above it, and the card's buttons among the
widgets the picture keeps (see `StillLayer.show`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.scenes.play.layer import Regions
from rainbowtable.ui.scenes.play.picture import Region, TablePicture
from rainbowtable.ui.table.view import GameView, Look

CARD = "lesson-card"


class LessonPicture(TablePicture):
    def __init__(
        self,
        ctx: Context,
        view: GameView,
        *,
        card: Callable[[], tuple[pygame.Rect, Hashable]],
        widgets: Callable[[], list[pygame.Rect]],
    ) -> None:
        """`card`: the card's region (where, and what it shows); `widgets`: the card's buttons' rects."""
        super().__init__(ctx, view)
        self.card = card
        self.widgets = widgets

    def regions(
        self, look: Look, state: Any, *, top: Region, panel: Region, result: Region | None
    ) -> Regions:
        rect, key = self.card()
        column, panel_key = panel
        above = pygame.Rect(column.x, column.y, column.w, max(0, rect.y - column.y))
        regions = super().regions(look, state, top=top, panel=(above, panel_key), result=result)
        regions[CARD] = (rect, key)
        return regions

    def paint(
        self,
        surface: pygame.Surface,
        regions: Regions,
        render: Callable[[pygame.Surface, str, pygame.Rect], None],
        look: Look,
        state: Any,
        *,
        moving: bool,
        keep: Iterable[pygame.Rect],
    ) -> bool:
        keep = [*keep, *self.widgets()]
        return super().paint(surface, regions, render, look, state, moving=moving, keep=keep)
