"""Computer players for any game: `choose_action` finds the game's own `ai.py` and asks it.

Each game folder has `ai.py` with `choose_action(state, seat, level, rng) -> action`. The AI has its own
generator stream (never the match's), so thinking never changes what the dice will show.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level


class ChooseAction(Protocol):
    def __call__(self, state: Any, seat: int, level: Level, rng: Rng) -> Any: ...


def chooser_for(rules: AnyRules) -> ChooseAction:
    module = importlib.import_module(f"rainbowtable.games.{rules.id}.ai")
    chooser: ChooseAction = module.choose_action
    return chooser


def choose_action(rules: AnyRules, state: Any, seat: int, level: Level, rng: Rng) -> Any:
    return chooser_for(rules)(state, seat, level, rng)
