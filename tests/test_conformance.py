"""The game contract, checked for every game in `rainbowtable.games.GAMES` (ARCHITECTURE.md §4, §10).

Seeded random playouts finish; players always have a legal action; every legal action applies and
`why_illegal` agrees with `legal_actions` both ways; listed chance outcomes sum to 1 and are legal; states
and actions round-trip through core/json_codec; replaying the log gives the live state; the same seed
gives the same log; `apply` never changes its input.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from fractions import Fraction
from typing import Any

import pytest

from rainbowtable.core.action_shape import action_shape_problem
from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction, Players
from rainbowtable.core.json_codec import decode_action, encode_action, from_json_value, to_json_value
from rainbowtable.core.match import replay
from rainbowtable.core.rng import Rng
from rainbowtable.games import GAMES as ENTRIES

GAMES = [entry.rules for entry in ENTRIES]
SEEDS = range(6)
MAX_STEPS = 5_000


def _playout(rules: AnyRules, seat_count: int, seed: int) -> tuple[list[Any], list[Any]]:
    """A random game: (actions, states before each action), with the final state appended to states."""
    state = rules.new_game(rules.default_options(), seat_count)
    rng = Rng.from_seed(seed)
    actions: list[Any] = []
    states: list[Any] = [state]
    for _ in range(MAX_STEPS):
        who = rules.to_act(state)
        if isinstance(who, Finished):
            return actions, states
        if isinstance(who, Chance):
            action = rules.sample_chance(state, rng)
        else:
            assert isinstance(who, Players)
            action = rng.choice(list(rules.legal_actions(state)))
        state = rules.apply(state, action)
        actions.append(action)
        states.append(state)
    raise AssertionError(f"{rules.id}: a random game did not finish in {MAX_STEPS} steps")


CASES = [(rules, n, seed) for rules in GAMES for n in rules.seat_counts for seed in SEEDS]
IDS = [f"{rules.id}-{n}p-seed{seed}" for rules, n, seed in CASES]


@pytest.fixture(scope="module")
def playouts() -> dict[tuple[str, int, int], tuple[list[Any], list[Any]]]:
    return {(rules.id, n, seed): _playout(rules, n, seed) for rules, n, seed in CASES}


@pytest.mark.parametrize(("rules", "seat_count", "seed"), CASES, ids=IDS)
def test_playout_obeys_the_contract(
    rules: AnyRules, seat_count: int, seed: int, playouts: dict[tuple[str, int, int], Any]
) -> None:
    actions, states = playouts[(rules.id, seat_count, seed)]
    assert isinstance(rules.to_act(states[-1]), Finished)
    for index, (state, action) in enumerate(zip(states, actions, strict=False)):
        who = rules.to_act(state)
        snapshot = copy.deepcopy(state)
        legal = list(rules.legal_actions(state))
        if isinstance(who, Players):
            assert legal, f"step {index}: players to act but no legal action"
            for candidate in legal:
                assert rules.why_illegal(state, candidate) is None
            assert action in legal
        else:
            assert isinstance(who, Chance)
            assert rules.why_illegal(state, action) is None
            listed = rules.chance_outcomes(state)
            if listed is not None:
                assert sum((p for _, p in listed), Fraction(0)) == 1
                assert action in [a for a, _ in listed]
                for outcome, _ in listed[:50]:
                    assert rules.why_illegal(state, outcome) is None
        rules.apply(state, action)
        assert state == snapshot, "apply changed its input"
        # Actions of this game that are not legal here must be refused, with a reason, by both paths.
        for other in _nearby_actions(states, actions, index):
            if other in legal or (not isinstance(who, Players) and other == action):
                continue
            if isinstance(who, Players):
                reason = rules.why_illegal(state, other)
                assert reason is not None and reason.strip(), f"{other!r} not listed yet accepted"
                with pytest.raises(IllegalAction):
                    rules.apply(state, other)


@pytest.mark.parametrize(("rules", "seat_count", "seed"), CASES, ids=IDS)
def test_apply_legal_agrees_with_apply(
    rules: AnyRules, seat_count: int, seed: int, playouts: dict[tuple[str, int, int], Any]
) -> None:
    """`apply_legal` (the search's unchecked `apply`, core/game.py) gives `apply`'s state for every action
    the rules list: legal moves, listed chance outcomes and the sampled one."""
    actions, states = playouts[(rules.id, seat_count, seed)]
    for state, action in zip(states, actions, strict=False):
        listed = rules.chance_outcomes(state) or []
        for candidate in [*list(rules.legal_actions(state))[:20], *[a for a, _ in listed][:20], action]:
            assert rules.apply_legal(state, candidate) == rules.apply(state, candidate)


def _nearby_actions(states: list[Any], actions: list[Any], index: int) -> list[Any]:
    """Actions played a little earlier or later in the same game: realistic shapes that are usually
    illegal now (wrong phase, die gone or elsewhere, cell taken)."""
    lo, hi = max(0, index - 3), min(len(actions), index + 4)
    return [a for i, a in enumerate(actions[lo:hi], start=lo) if i != index]


@pytest.mark.parametrize(("rules", "seat_count", "seed"), CASES, ids=IDS)
def test_json_round_trip_and_replay(
    rules: AnyRules, seat_count: int, seed: int, playouts: dict[tuple[str, int, int], Any]
) -> None:
    actions, states = playouts[(rules.id, seat_count, seed)]
    for state in [*states[:: max(1, len(states) // 8)], states[-1]]:
        assert from_json_value(to_json_value(state), rules.state_type) == state
    for action in actions:
        assert decode_action(encode_action(action), rules.action_types) == action
    assert replay(rules, rules.default_options(), seat_count, actions) == states[-1]


@pytest.mark.parametrize("rules", GAMES, ids=[g.id for g in GAMES])
def test_same_seed_same_log(rules: AnyRules) -> None:
    n = rules.seat_counts.start
    assert _playout(rules, n, 99)[0] == _playout(rules, n, 99)[0]
    assert _playout(rules, n, 99)[0] != _playout(rules, n, 100)[0]


@pytest.mark.parametrize("rules", GAMES, ids=[g.id for g in GAMES])
def test_contract_attributes(rules: AnyRules) -> None:
    assert rules.id and rules.title and rules.rules_version >= 1
    assert len(rules.seat_counts) >= 1
    options = rules.default_options()
    assert isinstance(options, rules.options_type)
    for n in rules.seat_counts:
        assert rules.option_problem(options, n) is None
        state = rules.new_game(options, n)
        assert isinstance(state, rules.state_type)
        assert len(rules.scores(state)) == n
        assert all(isinstance(rules.seat_summary(state, s), str) for s in range(n))


def test_entries_list_what_their_rules_say() -> None:
    """The title screen's light listing (no rules loaded) says what the rules say, in the same order."""
    assert [(game.id, game.title, game.seat_counts) for game in ENTRIES] == [
        (rules.id, rules.title, rules.seat_counts) for rules in GAMES
    ]


HOSTILE_VALUES: tuple[Any, ...] = (
    None,
    "x",
    1.5,
    True,
    -1,
    7,
    99,
    10**6,
    2**70,
    -(2**70),
    (),
    (1,),
    object(),
)
"""Values no field of an action may hold where it does not belong: wrong types, and whole numbers out of
every range (a seat, a ship, a die, a colour, a cell coordinate)."""


def _mutants(value: Any, depth: int = 0) -> list[Any]:
    """Copies of an action (or a part of one) with one field, or one item of a tuple field, spoilt."""
    out: list[Any] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            current = getattr(value, field.name)
            spoilt = [*HOSTILE_VALUES, *(_mutants(current, depth + 1) if depth < 2 else [])]
            if isinstance(current, enum.Enum):
                spoilt.append(current.value)
            for bad in spoilt:
                try:
                    out.append(dataclasses.replace(value, **{field.name: bad}))
                except (TypeError, ValueError):  # a record that checks its own fields refuses it: fine
                    continue
    elif isinstance(value, tuple) and value and depth < 3:
        for index, current in enumerate(value[:3]):
            for bad in (*HOSTILE_VALUES[:10], *(_mutants(current, depth + 1) if depth < 2 else [])):
                items = list(value)
                items[index] = bad
                try:
                    out.append(type(value)(*items) if hasattr(value, "_fields") else tuple(items))
                except (TypeError, ValueError):
                    continue
    return out


FOREIGN: dict[str, list[Any]] = {}


def _foreign_actions(rules: AnyRules) -> list[Any]:
    """Actions of the other games (one of each type they play in a short game), and values that are not
    actions at all."""
    if not FOREIGN:
        for other in GAMES:
            actions, _states = _playout(other, other.seat_counts.start, 3)
            seen: dict[type[Any], Any] = {}
            for action in actions:
                seen.setdefault(type(action), action)
            FOREIGN[other.id] = list(seen.values())
    return [
        *(a for game_id, acts in FOREIGN.items() if game_id != rules.id for a in acts),
        None,
        7,
        "EndTurn",
        {"type": "EndTurn"},
        (),
    ]


def _refused(rules: AnyRules, state: Any, action: Any) -> None:
    reason = rules.why_illegal(state, action)
    assert isinstance(reason, str) and reason.strip(), f"{action!r} accepted"
    with pytest.raises(IllegalAction):
        rules.apply(state, action)


@pytest.mark.parametrize("rules", GAMES, ids=[g.id for g in GAMES])
def test_ill_typed_out_of_range_and_foreign_actions_are_refused(rules: AnyRules) -> None:
    """issue 37 (every game's actions are refused with IllegalAction for any value that is not a legal
    action, whatever its type): through `why_illegal` and `apply`, fields set to None, text, fractions,
    flags, numbers out of every range and enum members' bare values, nested fields too, actions of the
    other games and values that are not actions, in positions spread over a game of every seat count.
    A spoilt action that is still legal must be one `legal_actions` lists (or the chance outcome)."""
    foreign = _foreign_actions(rules)
    for seat_count in rules.seat_counts:
        actions, states = _playout(rules, seat_count, 11)
        stride = max(1, len(actions) // 12)
        for index in [*range(0, len(actions), stride), len(actions) - 1]:
            state, action = states[index], actions[index]
            who = rules.to_act(state)
            legal = list(rules.legal_actions(state)) if isinstance(who, Players) else [action]
            # The move played here and, in a player's turn, a few other legal ones (other action types).
            kinds = {type(a): a for a in legal} if isinstance(who, Players) else {}
            spoilt = [m for a in {action, *kinds.values()} for m in _mutants(a)]
            for candidate in [*spoilt, *foreign]:
                if isinstance(who, Chance):
                    reason = rules.why_illegal(state, candidate)
                    if reason is None:
                        assert action_shape_problem(candidate, rules.action_types) is None
                        continue
                    with pytest.raises(IllegalAction):
                        rules.apply(state, candidate)
                elif candidate in legal and action_shape_problem(candidate, rules.action_types) is None:
                    rules.apply(state, candidate)  # the spoilt value happened to make another legal move
                else:
                    _refused(rules, state, candidate)
        # Every legal action is well formed (the shape check refuses none of the game's own).
        for state in states[:: max(1, len(states) // 20)]:
            if isinstance(rules.to_act(state), Players):
                for candidate in rules.legal_actions(state):
                    assert action_shape_problem(candidate, rules.action_types) is None, candidate


def test_a_regenboog_jettison_out_of_range_is_refused() -> None:
    """issue 37 Found 4: De Regenboog `Jettison(ship=3, colour=7, count=8)` raised IndexError and
    `Jettison(count=1.5)` was accepted; both are refused with IllegalAction wherever they are tried."""
    from rainbowtable.games.regenboog.model import Colour, Jettison

    rules = next(g for g in GAMES if g.id == "regenboog")
    _actions, states = _playout(rules, 3, 4)  # three ships: 0, 1 and 2
    for state in states[::7]:
        for action in (
            Jettison(ship=3, colour=7, count=8),  # type: ignore[arg-type]
            Jettison(ship=0, colour=Colour(1), count=1.5),  # type: ignore[arg-type]
            Jettison(ship=3, colour=Colour(1), count=8),
            Jettison(ship=-1, colour=Colour(1), count=1),
        ):
            _refused(rules, state, action)
