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


# Review depth (issue 43): Hard searches 600 simulations a move; 100 a position review the longest game we
# know (five seats, three days, 321 steps) in about 45 s of one core.
ENTRY = GameEntry("rainbows", "Rainbows", range(3, 6), _load, review_simulations=100)

__all__ = ["ENTRY"]
