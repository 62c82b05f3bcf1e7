"""Computer players for any game: `choose_action` asks the game's own player (its entry's `player`).

The AI has its own generator stream (never the match's), so thinking never changes what the dice will show.
"""

from __future__ import annotations

from typing import Any

from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games import entry_by_id
from rainbowtable.games.entry import ChooseAction


def chooser_for(rules: AnyRules) -> ChooseAction:
    return entry_by_id(rules.id).player


def choose_action(rules: AnyRules, state: Any, seat: int, level: Level, rng: Rng) -> Any:
    return chooser_for(rules)(state, seat, level, rng)
