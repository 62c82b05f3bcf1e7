"""Rainbow Passage (2–4 players): colour dice, six-direction steps and a board built from sections; spec in
rainbow_passage.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and computer player (`ai.choose_action`)
load on first use, so listing the game imports none of its code. The board itself (components, frame,
draft, board, assembly, board file) lives beside the rules in this folder.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.rainbow_passage.ai import choose_action
    from rainbowtable.games.rainbow_passage.rules import RULES

    return Loaded(RULES, choose_action)


# Review depth (issue 43): its playouts plan whole turns (about 10 ms a simulation at four seats), so 6 a
# position review the longest game we know (four seats, 555 steps) in about 45 s of one core.
ENTRY = GameEntry("rainbow_passage", "Rainbow Passage", range(2, 5), _load, review_simulations=6)

__all__ = ["ENTRY"]
