"""De Regenboog: the cooperative game of ships, fuel, cargo and blockades on hex segments; spec in
regenboog.md.

Exports `ENTRY`, the game's listing; its rules (`rules.RULES`) and the cooperative helper
(`ai.choose_action`) load on first use, so listing the game imports none of its code.
"""

from rainbowtable.games.entry import GameEntry, Loaded


def _load() -> Loaded:
    from rainbowtable.games.regenboog.ai import choose_action
    from rainbowtable.games.regenboog.rules import RULES

    return Loaded(RULES, choose_action)


# Review depth (issue 43): Hard searches 12 simulations where it searches at all; one a position (the
# planner's next eight actions, then the team's progress) reviews the longest game we know (six ships,
# 1,919 steps, from the helper before issue 41) in about 66 s of one core.
ENTRY = GameEntry("regenboog", "De Regenboog", range(1, 7), _load, cooperative=True, review_simulations=1)

__all__ = ["ENTRY"]
