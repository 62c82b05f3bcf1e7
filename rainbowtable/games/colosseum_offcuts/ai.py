"""stub"""

from __future__ import annotations

from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.colosseum_offcuts.model import ColosseumAction, ColosseumState
from rainbowtable.games.colosseum_offcuts.rules import RULES


def choose_action(state: ColosseumState, seat: int, level: Level, rng: Rng) -> ColosseumAction:
    legal = RULES.legal_actions(RULES.observe(state, seat))
    return legal[rng.below(len(legal))]
