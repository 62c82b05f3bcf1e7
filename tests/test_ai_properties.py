"""The generic search on every game in the menu (issue 10): over random reachable positions it never returns
an illegal action, with the game's own hooks and with none; Easy and Medium stay legal too. New games in
`rainbowtable.games.GAMES` are covered automatically."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainbowtable.ai.hint import hooks_for
from rainbowtable.ai.search import SearchHooks, search_action
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games import GAMES
from rainbowtable.games.entry import GameEntry
from tests.positions import reachable_decision

SIMULATIONS = 12


def _reachable(entry: GameEntry, seed: int, seat_pick: int, depth: int) -> tuple[Any, int] | None:
    """A position some seat must decide in, reached by `depth` random actions (chance from the seed)."""
    rules = entry.rules
    counts = list(rules.seat_counts)
    return reachable_decision(rules, rules.default_options(), counts[seat_pick % len(counts)], seed, depth)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.id)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    seat_pick=st.integers(0, 3),
    depth=st.integers(0, 120),
    plain=st.booleans(),
)
def test_search_never_returns_an_illegal_action(
    entry: GameEntry, seed: int, seat_pick: int, depth: int, plain: bool
) -> None:
    """Issue 10 (tests): the search's move is legal where it stands, with the game's hooks or none."""
    found = _reachable(entry, seed, seat_pick, depth)
    if found is None:
        return
    state, seat = found
    rules = entry.rules
    rng = Rng.from_seed(seed ^ 0x5EED)
    hooks = SearchHooks() if plain else hooks_for(rules, rng)
    # The cap keeps games whose random playouts run long (a stalemate-prone board) quick to test.
    action = search_action(rules, state, seat, rng, hooks, simulations=SIMULATIONS, time_cap_s=0.3)
    assert action in rules.legal_actions(state)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.id)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seat_pick=st.integers(0, 3), depth=st.integers(0, 120))
def test_easy_and_medium_never_return_an_illegal_action(
    entry: GameEntry, seed: int, seat_pick: int, depth: int
) -> None:
    """Issue 10 (tests): the quick levels decide from what their seat sees and stay legal."""
    found = _reachable(entry, seed, seat_pick, depth)
    if found is None:
        return
    state, seat = found
    rules = entry.rules
    seen = rules.observe(state, seat) if rules.hides_information else state
    for level in (Level.EASY, Level.MEDIUM):
        action = entry.player(seen, seat, level, Rng.from_seed(seed))
        assert action in rules.legal_actions(state)
