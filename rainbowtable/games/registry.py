"""The registry of games' rules: `GAMES` in menu order and `game_by_id`. Adding a game is one line here
(and its listing in `rainbowtable.games.CATALOGUE`)."""

from __future__ import annotations

from rainbowtable.core.game import AnyRules
from rainbowtable.games.dice_box import RULES as DICE_BOX


def _registry(*games: AnyRules) -> tuple[AnyRules, ...]:
    seen: set[str] = set()
    for game in games:
        if game.id in seen:
            raise ValueError(f"two games share the id {game.id!r}")
        seen.add(game.id)
    return games


GAMES: tuple[AnyRules, ...] = _registry(DICE_BOX)


def game_by_id(game_id: str) -> AnyRules:
    for game in GAMES:
        if game.id == game_id:
            return game
    raise KeyError(f"no game with the id {game_id!r}")
