"""The table side of Dice Box: its view (`view.py`, composed of `layout.py`, `drawing.py`, `input.py` and
`motion.py`) and title-screen icon (`icon.py`), exported as `UI`. Both load on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rainbowtable.ui.table.entry import GameUI

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


def _view() -> GameView:
    from rainbowtable.ui.games.dice_box.view import DiceBoxView

    return DiceBoxView()


def _icon(side: int) -> pygame.Surface:
    from rainbowtable.ui.games.dice_box.icon import picture

    return picture(side)


UI = GameUI(
    "dice_box",
    "Place dice one pip from their neighbours; make your colour count.",
    make_view=_view,
    icon=_icon,
)
