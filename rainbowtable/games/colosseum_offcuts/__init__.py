"""Colosseum Offcuts (a Creative Commons design made from the centres of Colosseum arena pieces): square
counters laid edge to edge on an open table, stacks, two modes and captures; spec in colosseum_offcuts.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and computer player (`ai.choose_action`)
load on first use, so listing the game imports none of its code.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.colosseum_offcuts.ai import choose_action
    from rainbowtable.games.colosseum_offcuts.rules import RULES

    return Loaded(RULES, choose_action)


# Review depth (issue 43): Hard searches 400 simulations a move; 150 a position review the longest game we
# know (five seats, 477 steps) in about 40 s of one core.
ENTRY = GameEntry("colosseum_offcuts", "Colosseum Offcuts", range(2, 6), _load, review_simulations=150)

__all__ = ["ENTRY"]
