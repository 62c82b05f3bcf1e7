"""The table side of Rainbow Passage, exported as `UI`: the play view (`view.py`, composed of `layout.py`,
`drawing.py`, `input.py` and `motion.py`), the title icon (`icon.py`), the setup panel (`setup.py`, with the
start squares in `starts.py`), the screens the game owns, the board builder (`builder.py`, with where its
things lie and its buttons in `builder_widgets.py`, the piece in hand in `builder_hand.py`, the side panel
in `builder_side.py`, the draft kept between visits in `builder_draft_file.py` and the drawing of the board
and the box in `builder_view.py`) and the board library (`library.py`), opened through `screens.py`.
Everything loads on first use; holds no rules (legality and assembly live in
`rainbowtable.games.rainbow_passage`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.table.entry import GameScreen, GameUI, SetupPanel

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


def _view() -> GameView:
    from rainbowtable.ui.games.rainbow_passage.view import RainbowPassageView

    return RainbowPassageView()


def _setup(ctx: Context, rules: Any, options: Any) -> SetupPanel:
    from rainbowtable.ui.games.rainbow_passage.setup import make_panel

    return make_panel(ctx, rules, options)


def _icon(side: int) -> pygame.Surface:
    from rainbowtable.ui.games.rainbow_passage.icon import picture

    return picture(side)


def _open_builder(ctx: Context) -> None:
    from rainbowtable.ui.games.rainbow_passage.screens import open_builder

    open_builder(ctx)


UI = GameUI(
    "rainbow_passage",
    "Race your stars across a board you build, spending colour dice step by step.",
    make_view=_view,
    icon=_icon,
    setup_panel=_setup,
    screens=(
        GameScreen(
            "builder",
            "Board builder",
            "Build a Rainbow Passage board from frame segments and sections",
            _open_builder,
        ),
    ),
)
