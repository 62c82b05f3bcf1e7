"""The table side of Rainbow Passage, exported as `UI`: the screens the game owns, the board builder
(`builder.py`, drawing in `builder_view.py`) and the board library (`library.py`), opened through
`screens.py`. Everything loads on first use; holds no rules (legality and assembly live in
`rainbowtable.games.rainbow_passage`)."""

from __future__ import annotations

from rainbowtable.ui.context import Context
from rainbowtable.ui.table.entry import GameScreen, GameUI


def _open_builder(ctx: Context) -> None:
    from rainbowtable.ui.games.rainbow_passage.screens import open_builder

    open_builder(ctx)


UI = GameUI(
    "rainbow_passage",
    "Race your stars across a board you build, spending colour dice step by step.",
    screens=(
        GameScreen(
            "builder",
            "Board builder",
            "Build a Rainbow Passage board from frame segments and sections",
            _open_builder,
        ),
    ),
)
