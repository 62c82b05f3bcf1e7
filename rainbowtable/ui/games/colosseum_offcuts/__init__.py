"""The table side of Colosseum Offcuts: its view (`view.py`, composed of `layout.py`, `drawing.py`, `input.py`
and `motion.py`; counters drawn by `tiles.py`) and title-screen icon (`icon.py`), exported as `UI`. Both load
on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rainbowtable.ui.table.entry import GameUI

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


def _view() -> GameView:
    from rainbowtable.ui.games.colosseum_offcuts.view import ColosseumView

    return ColosseumView()


def _icon(side: int) -> pygame.Surface:
    from rainbowtable.ui.games.colosseum_offcuts.icon import picture

    return picture(side)


UI = GameUI(
    "colosseum_offcuts",
    "Lay counters edge to edge, stack, flip and climb to capture Fortifications.",
    make_view=_view,
    icon=_icon,
)
