"""Dice Box (Jonathan A. Leistiko, 2000): coloured dice on a shared 5x5 grid; spec in dice_box.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and computer player (`ai.choose_action`)
load on first use, so listing the game imports none of its code.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.dice_box.ai import choose_action
    from rainbowtable.games.dice_box.rules import RULES

    return Loaded(RULES, choose_action)


# Review depth (issue 43): 1,000 simulations a position (Hard's quarter second gives it a few thousand on
# two cores) review the longest game we know (four seats, 102 steps) in about 12 s of one core.
ENTRY = GameEntry("dice_box", "Dice Box", range(2, 5), _load, review_simulations=1000)

__all__ = ["ENTRY"]
