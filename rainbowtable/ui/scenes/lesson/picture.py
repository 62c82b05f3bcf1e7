"""The lesson screen's picture: the play screen's (`play/picture.py`), with the lesson's card as a region of
its own in the side panel's column, the panel's region ending above it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
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
    ) -> None:
        """`card`: the card's region (where, and what it shows)."""
        super().__init__(ctx, view)
        self.card = card

    def regions(
        self, look: Look, state: Any, *, top: Region, panel: Region, result: Region | None
    ) -> Regions:
        rect, key = self.card()
        column, panel_key = panel
        above = pygame.Rect(column.x, column.y, column.w, max(0, rect.y - column.y))
        regions = super().regions(look, state, top=top, panel=(above, panel_key), result=result)
        regions[CARD] = (rect, key)
        return regions
