"""De Regenboog's helper levels (regenboog.md §2.15): HARD searches with the shared search over the planner's
best few moves and answers reproducibly; its moves are legal; the levels differ. Strength is measured over
seeded all-computer games (see the commit messages and the bench), not asserted here."""

from __future__ import annotations

from dataclasses import replace

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.regenboog import ai
from rainbowtable.games.regenboog.model import RegenboogState
from rainbowtable.games.regenboog.rules import RULES


def positions(seed: int, count: int) -> list[tuple[RegenboogState, int]]:
    """Decision positions of a seeded game played by MEDIUM."""
    state = RULES.new_game(replace(RULES.default_options(), max_cycles=20), 2)
    rng = Rng.from_seed(seed)
    out: list[tuple[RegenboogState, int]] = []
    while not isinstance(who := RULES.to_act(state), Finished) and len(out) < count:
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            out.append((state, who.seats[0]))
            action = ai.choose_action(state, who.seats[0], Level.MEDIUM, rng)
        state = RULES.apply(state, action)
    return out


def test_hard_searches_a_few_of_the_planners_moves_and_replays() -> None:
    """§2.15 look-ahead: where HARD searches, it tells apart at most HARD_CANDIDATES moves, the planner's own
    first; its answer is legal and the same for the same seed (a fixed number of simulations)."""
    searched = 0
    for state, seat in positions(3, 160):
        candidates = ai.hard_moves(state)
        legal = RULES.legal_actions(state)
        assert candidates and all(c in legal for c in candidates)
        assert len(candidates) <= ai.HARD_CANDIDATES
        if len(candidates) < 2:
            continue
        searched += 1
        assert candidates[0] == ai.suggest(state).action
        first = ai.choose_action(state, seat, Level.HARD, Rng.from_seed(9))
        again = ai.choose_action(state, seat, Level.HARD, Rng.from_seed(9))
        assert first == again and first in candidates
        if searched >= 6:
            break
    assert searched >= 3


def test_team_value_orders_progress() -> None:
    """§2.15: a rainbow delivered is worth more than any cubes held; the value stays inside [0, 1]."""
    state, _seat = positions(1, 40)[-1]
    base = ai.team_value(state)
    better = replace(state, rainbows=state.rainbows + 1)
    assert 0.0 <= base < ai.team_value(better) <= 1.0
