"""The table side of Rainbows, exported as `UI`: its view (`view.py`, composing `layout.py`, `drawing.py`,
`input.py` and `motion.py`), its card and icon drawings (`cardfaces.py`, `art.py`). Both load on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rainbowtable.ui.table.entry import GameUI

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


def _view() -> GameView:
    from rainbowtable.ui.games.rainbows.view import RainbowsView

    return RainbowsView()


def _icon(side: int) -> pygame.Surface:
    from rainbowtable.ui.games.rainbows.art import picture

    return picture(side)


UI = GameUI(
    "rainbows",
    "Catch Luckychauns: buy rainbow spaces or keep the gold they carry.",
    make_view=_view,
    icon=_icon,
)
