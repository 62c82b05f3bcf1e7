"""Rainbows (Alan R. Moon, 1995): draft Luckychaun cards to buy rainbow spaces or keep gold; spec in
rainbows.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and computer player (`ai.choose_action`)
load on first use, so listing the game imports none of its code.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.rainbows.ai import choose_action
    from rainbowtable.games.rainbows.rules import RULES

    return Loaded(RULES, choose_action)


ENTRY = GameEntry("rainbows", "Rainbows", range(3, 6), _load)

__all__ = ["ENTRY"]
