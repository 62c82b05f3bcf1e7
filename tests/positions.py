"""Positions for AI tests: where some seat decides, a number of random actions into a seeded game."""

from __future__ import annotations

from typing import Any

from rainbowtable.core.game import AnyRules, Chance, Finished, Players
from rainbowtable.core.rng import Rng


def reachable_decision(
    rules: AnyRules, options: Any, seats: int, seed: int, depth: int
) -> tuple[Any, int] | None:
    """The last position a seat had to decide in, within `depth` uniformly random actions from the start of
    a game with these options (chance drawn from the seed), and that seat; None when nobody decided."""
    state = rules.new_game(options, seats)
    rng = Rng.from_seed(seed)
    decision: tuple[Any, int] | None = None
    for _ in range(depth + 1):
        who = rules.to_act(state)
        if isinstance(who, Finished):
            break
        if isinstance(who, Chance):
            state = rules.apply(state, rules.sample_chance(state, rng))
            continue
        assert isinstance(who, Players)
        decision = (state, who.seats[0])
        legal = rules.legal_actions(state)
        state = rules.apply(state, legal[rng.below(len(legal))])
    return decision
