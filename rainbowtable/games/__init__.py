"""The games, in menu order: `GAMES`, one entry per game folder. Adding a game is one line here.

Each `games/<id>/__init__.py` exports `ENTRY` (a `GameEntry`: listing plus loaders). Listing the games
loads none of their rules, so the title screen opens before any game's code is imported; `rules_by_id`
loads a game's rules when one is chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rainbowtable.games import colosseum_offcuts, dice_box, rainbow_passage, rainbows, regenboog
from rainbowtable.games.entry import GameEntry

if TYPE_CHECKING:
    from rainbowtable.core.game import AnyRules


def _registry(*entries: GameEntry) -> tuple[GameEntry, ...]:
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise ValueError(f"two games share the id {entry.id!r}")
        seen.add(entry.id)
    return entries


GAMES: tuple[GameEntry, ...] = _registry(
    dice_box.ENTRY,
    rainbow_passage.ENTRY,
    rainbows.ENTRY,
    colosseum_offcuts.ENTRY,
    regenboog.ENTRY,
)


def entry_by_id(game_id: str) -> GameEntry:
    for entry in GAMES:
        if entry.id == game_id:
            return entry
    raise KeyError(f"no game with the id {game_id!r}")


def rules_by_id(game_id: str) -> AnyRules:
    """The rules of a game (loading its code on first use); KeyError for an unknown id."""
    return entry_by_id(game_id).rules
