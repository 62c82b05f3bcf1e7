"""Dice Box (Jonathan A. Leistiko, 2000): coloured dice on a shared 5x5 grid; spec in dice_box.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and computer player (`ai.choose_action`)
load on first use, so listing the game imports none of its code.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.dice_box.ai import choose_action
    from rainbowtable.games.dice_box.rules import RULES

    return Loaded(RULES, choose_action)


ENTRY = GameEntry("dice_box", "Dice Box", range(2, 5), _load)

__all__ = ["ENTRY"]
