"""The table side of each game, in menu order: `GAME_UIS`, one `GameUI` per `ui/games/<id>/` folder.
Adding a game is one line here (and its entry in `rainbowtable.games.GAMES`). The rules never know any of
this exists."""

from __future__ import annotations

from rainbowtable.ui.games import colosseum_offcuts, dice_box, rainbow_passage, rainbows, regenboog
from rainbowtable.ui.table.entry import GameUI


def _registry(*uis: GameUI) -> dict[str, GameUI]:
    table: dict[str, GameUI] = {}
    for ui in uis:
        if ui.game_id in table:
            raise ValueError(f"two game UIs share the id {ui.game_id!r}")
        table[ui.game_id] = ui
    return table


GAME_UIS: dict[str, GameUI] = _registry(
    dice_box.UI,
    rainbow_passage.UI,
    rainbows.UI,
    colosseum_offcuts.UI,
    regenboog.UI,
)


def game_ui(game_id: str) -> GameUI:
    return GAME_UIS[game_id]
