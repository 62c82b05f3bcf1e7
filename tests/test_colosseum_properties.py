"""Colosseum Offcuts properties: hypothesis over positions reached by seeded random play, and a sweep of
2,000+ seeded random games over every option and seat count.

- §3.4 [RES-CO2]: no legal action ever leaves the group in two pieces (and the group is one piece after
  every action, setup included).
- Counters are conserved: every counter placed is on the table exactly once or among the captured.
- §3.1 invariant: only Attack-mode counters sit above the bottom of a stack.
- The contract: every position saves and loads back equal (core/json_codec), `legal_actions` agrees with
  `why_illegal` both ways, and every game with the stalemate limit on ends by the rules. With the limit off
  (0) random play can go on for ever (two players flipping back and forth), so those games are cut after a
  fixed number of actions and only the other checks apply to them.
"""

from __future__ import annotations

from collections import Counter as Tally

from hypothesis import given, settings
from hypothesis import strategies as st

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.json_codec import decode_action, encode_action, from_json_value, to_json_value
from rainbowtable.core.rng import Rng
from rainbowtable.games.colosseum_offcuts.model import (
    ACTION_TYPES,
    Cell,
    ColosseumAction,
    ColosseumOptions,
    ColosseumState,
    EndTurn,
    FlipCounter,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
)
from rainbowtable.games.colosseum_offcuts.rules import RULES, cut_cells, is_connected, neighbours8

LIMITS = (1, 2, 5, 12, 0)
"""The stalemate option's values swept (0 = off)."""
N_GAMES = 2000
CUT_AFTER_ACTIONS = 120
"""Games with the limit off are cut here (see the module docstring)."""


def random_state(seed: int, seats: int, steps: int, limit: int = 100) -> ColosseumState:
    state = RULES.new_game(ColosseumOptions(no_capture_turn_limit=limit), seats)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        who = RULES.to_act(state)
        if isinstance(who, Finished):
            break
        if isinstance(who, Chance):
            state = RULES.apply(state, RULES.sample_chance(state, rng))
        else:
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


def placed_ids(state: ColosseumState) -> Tally[int]:
    return Tally(c.id for stack in state.stacks for c in stack.counters) + Tally(c.id for c in state.captured)


def check_invariants(before: ColosseumState, after: ColosseumState) -> None:
    assert is_connected(s.cell for s in after.stacks), "the group split"
    ids = placed_ids(after)
    assert all(n == 1 for n in ids.values()), "a counter is in two places"
    expected = set(placed_ids(before))
    assert set(ids) >= expected and len(ids) - len(expected) <= 1
    for stack in after.stacks:
        assert all(c.mode is Mode.ATTACK for c in stack.counters[1:])
    assert len(after.captured) >= len(before.captured)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 5), steps=st.integers(0, 120))
def test_no_legal_action_disconnects_or_loses_a_counter(seed: int, seats: int, steps: int) -> None:
    """colosseum_offcuts.md §3.4 [RES-CO2], §3.6 capture: every legal action keeps one group and conserves
    counters (only a capture removes one, into `captured`)."""
    state = random_state(seed, seats, steps)
    if RULES.to_act(state).__class__ is not Finished and state.phase is not Phase.START:
        for action in RULES.legal_actions(state):
            after = RULES.apply(state, action)
            check_invariants(state, after)
            if len(after.captured) > len(state.captured):
                assert isinstance(action, MoveAttack)


def candidates(state: ColosseumState) -> list[ColosseumAction]:
    """Actions worth asking `why_illegal` about: every own counter to every cell near the group, flips and
    ending the turn (setup: the due counter and any counter on every nearby cell)."""
    near = {n for s in state.stacks for n in neighbours8(s.cell)} | {Cell(0, 0)}
    if state.phase is Phase.SETUP:
        due = RULES.legal_actions(state)[0]
        assert isinstance(due, PlaceCounter)
        return [
            PlaceCounter(c, cell)
            for c in {due.counter, (due.counter + 1) % (4 * state.seat_count)}
            for cell in near
        ]
    out: list[ColosseumAction] = [EndTurn()]
    for stack in state.stacks:
        for counter in stack.counters:
            out.append(FlipCounter(counter.id))
            # Other players' counters are refused before any geometry: two cells each are enough.
            cells = near if counter.owner == state.current else sorted(near)[:2]
            out.extend(MoveMobile(counter.id, cell) for cell in cells)
            out.extend(MoveAttack(counter.id, cell) for cell in cells)
    return out


def check_contract(state: ColosseumState, full: bool) -> list[ColosseumAction]:
    assert from_json_value(to_json_value(state), ColosseumState) == state
    legal = RULES.legal_actions(state)
    assert legal, "players always have an action"
    for action in legal:
        assert RULES.why_illegal(state, action) is None, action
    assert decode_action(encode_action(legal[0]), ACTION_TYPES) == legal[0]
    if full:
        allowed = set(legal)
        for action in candidates(state):
            reason = RULES.why_illegal(state, action)
            assert (reason is None) == (action in allowed), (action, reason)
    return legal


def test_two_thousand_random_games() -> None:
    """The contract over 2,000 seeded random games: every option value, 2–5 seats (see the docstring)."""
    games = 0
    ended = 0
    for seed in range(N_GAMES):
        seats = 2 + seed % 4
        limit = LIMITS[(seed // 4) % len(LIMITS)]
        state = RULES.new_game(ColosseumOptions(no_capture_turn_limit=limit), seats)
        rng = Rng.from_seed(seed)
        for step in range(CUT_AFTER_ACTIONS if limit == 0 else 100_000):
            who = RULES.to_act(state)
            if isinstance(who, Finished):
                ended += 1
                assert state.phase is Phase.OVER
                break
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                legal = check_contract(state, full=(seed + step) % 89 == 0)
                action = legal[rng.below(len(legal))]
            after = RULES.apply(state, action)
            if state.phase is not Phase.START:
                check_invariants(state, after)
            state = after
        else:
            assert limit == 0, f"seed {seed}: a game with the stalemate limit {limit} did not end"
        assert from_json_value(to_json_value(state), ColosseumState) == state
        games += 1
    assert games == N_GAMES
    assert ended >= N_GAMES * 4 // 5 - 5  # every game with the limit on


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 5), steps=st.integers(0, 120))
def test_cut_cells_are_the_cells_whose_lifting_splits_the_group(seed: int, seats: int, steps: int) -> None:
    """colosseum_offcuts.md §3.4 [RES-CO2]: the one-pass articulation test agrees with lifting each stack."""
    state = random_state(seed, seats, steps)
    cells = frozenset(s.cell for s in state.stacks)
    expected = frozenset(c for c in cells if not is_connected(cells - {c}))
    assert cut_cells(cells) == expected
