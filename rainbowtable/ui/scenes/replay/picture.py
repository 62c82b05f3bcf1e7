"""The replay screen's picture: the play screen's (`play/picture.py`: the top bar, the side panel and the
view's parts, each drawn again only when what it shows changes), with the foot under the board (the
transport buttons, the scrubber and the review strip's graph) as a region of its own."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.scenes.play.layer import Regions
from rainbowtable.ui.scenes.play.picture import Region, TablePicture
from rainbowtable.ui.table.view import GameView, Look

FOOT = "replay-foot"


class ReplayPicture(TablePicture):
    def __init__(
        self, ctx: Context, view: GameView, foot: Callable[[], tuple[pygame.Rect, Hashable]]
    ) -> None:
        """`foot`: the foot's region (where, and what it shows)."""
        super().__init__(ctx, view)
        self.foot = foot

    def regions(
        self, look: Look, state: Any, *, top: Region, panel: Region, result: Region | None
    ) -> Regions:
        regions = super().regions(look, state, top=top, panel=panel, result=result)
        regions[FOOT] = self.foot()
        return regions
