"""The table side of De Regenboog: its view (`view.py`, composed of `layout.py`, `drawing.py`, `input.py`
and `motion.py`), title-screen icon (`icon.py`), the hex board builder screen (`builder.py`) and the
new-game board picker (`setup.py`), exported as `UI`. All load on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.table.entry import GameScreen, GameUI, SetupPanel

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


def _view() -> GameView:
    from rainbowtable.ui.games.regenboog.view import RegenboogView

    return RegenboogView()


def _icon(side: int) -> pygame.Surface:
    from rainbowtable.ui.games.regenboog.icon import picture

    return picture(side)


def _setup_panel(ctx: Context, rules: Any, options: Any) -> SetupPanel:
    from rainbowtable.ui.games.regenboog.setup import make_panel

    return make_panel(ctx, rules, options)


def _open_builder(ctx: Context) -> None:
    from rainbowtable.ui.games.regenboog.builder import open_builder

    open_builder(ctx)


UI = GameUI(
    "regenboog",
    "Sail together, clear the black blockades and deliver twelve rainbows.",
    make_view=_view,
    icon=_icon,
    setup_panel=_setup_panel,
    screens=(
        GameScreen(
            "hex_builder",
            "Hex board builder",
            "Lay out De Regenboog's hex segments around the middle segment",
            _open_builder,
        ),
    ),
)
