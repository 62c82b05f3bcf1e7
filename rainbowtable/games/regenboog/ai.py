"""Placeholder: replaced below."""

from __future__ import annotations

from typing import Any

from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level


def choose_action(state: Any, seat: int, level: Level, rng: Rng) -> Any:
    from rainbowtable.games.regenboog.rules import legal_actions

    return legal_actions(state)[0]
