"""De Regenboog's helper levels (regenboog.md §2.15): HARD searches with the shared search over the planner's
best few moves and answers reproducibly; its moves are legal; the levels differ. Strength is measured over
seeded all-computer games (see the commit messages and the bench), not asserted here."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from rainbowtable.bench import play_seeded_outcome
from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.regenboog import ai, start
from rainbowtable.games.regenboog.diagram import parse
from rainbowtable.games.regenboog.model import Colour, Concede, Exchange, RegenboogState
from rainbowtable.games.regenboog.rules import RULES, position_colour


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


def late_position(seed: int, cycle: int) -> tuple[RegenboogState, int]:
    """The first position HARD searches at or after `cycle` of a seeded MEDIUM game (self-play options): a
    board filling with black discs, where the look-ahead costs most."""
    state = RULES.new_game(RULES.self_play_options(RULES.default_options()), 2)
    rng = Rng.from_seed(seed)
    while not isinstance(who := RULES.to_act(state), Finished):
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            if state.cycle_no >= cycle and len(ai.hard_moves(state)) >= 2:
                return state, who.seats[0]
            action = ai.choose_action(state, who.seats[0], Level.MEDIUM, rng)
        state = RULES.apply(state, action)
    raise AssertionError("the game ended before the cycle")


def test_hard_decides_the_same_whatever_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """§2.15 look-ahead, reproducible (issue 41): HARD's work is bounded by counts alone, so on the same
    position with the same rng it answers the same whether the budgets' clock runs normally or a hundred
    times fast (a loaded or slow machine), and its search always runs all its simulations."""
    from rainbowtable.ai import budget, search

    done: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> object:
        result = search.search_with_why(*args, **kwargs)
        done.append(result.simulations)
        return result.action

    monkeypatch.setattr(ai, "search_action", counted)
    early = [(state, seat) for state, seat in positions(3, 160) if len(ai.hard_moves(state)) >= 2][:2]
    chosen = [*early, late_position(2, 40)]
    start_s = time.perf_counter()
    for state, seat in chosen:
        normal = ai.choose_action(state, seat, Level.HARD, Rng.from_seed(5))
        previous = budget.set_clock(lambda: start_s + 100 * (time.perf_counter() - start_s))
        try:
            fast = ai.choose_action(state, seat, Level.HARD, Rng.from_seed(5))
        finally:
            budget.set_clock(previous)
        assert normal == fast
    assert done == [ai.HARD_SIMULATIONS] * (2 * len(chosen))


def test_team_value_orders_progress() -> None:
    """§2.15: a rainbow delivered is worth more than any cubes held; the value stays inside [0, 1]."""
    state, _seat = positions(1, 40)[-1]
    base = ai.team_value(state)
    better = replace(state, rainbows=state.rainbows + 1)
    assert 0.0 <= base < ai.team_value(better) <= 1.0


def test_hard_table_plays_legal_moves_to_the_end() -> None:
    """§2.15: a table of HARD helpers (standard board, two players; large board, four) answers every decision
    with a legal action until the game ends (here at a short cycle limit, §2.11 [APP])."""

    def hard(state: RegenboogState, seat: int, rng: Rng) -> object:
        action = ai.choose_action(state, seat, Level.HARD, rng)
        assert action in RULES.legal_actions(state)
        return action

    for seats, large in ((2, False), (4, True)):
        options = replace(RULES.default_options(), large_board=large, max_cycles=2)
        outcome = play_seeded_outcome(RULES, [hard] * seats, 41, seats, options=options)
        assert outcome.cooperative and not outcome.winners


def test_a_courier_takes_cubes_from_the_depot_to_clear_its_way() -> None:
    """§2.15 *Clear*: when the only hidden disc lies behind blockades, the planner still sees a way to it
    (each black disc on the way counting as extra steps; a stack of a colour the team holds too few cubes
    for, two per black disc, §2.7.3, is a wall), finds the first blockade on it, and a courier at the centre
    takes the cubes for clearing it from the depot ship."""
    board = start.board_of(RULES.default_options())
    target = board.index("1.0")
    # Black discs on every position around segment 1's centre; three on the red one (fuel colour). The depot
    # holds its fuel and four of every cargo colour but violet (so no rainbow can be delivered yet).
    around = "\n".join(f"black 1.{k} {3 if k == 1 else 1}" for k in range(1, 7))
    depot = "ship 0.0 red=6 orange=4 yellow=4 green=4 blue=4"
    state = parse(f"{depot}\nship 0.0 red=12\ndisc 1.0 down\n{around}\ndeal blank=1 green=1", seat_count=2)
    plan = ai._Plan(state)
    dist = plan._crossing([target])
    courier = state.ships[1]
    assert ai._steps(plan.adjacent, state.black, [target])[courier.cell] >= 99
    assert dist[courier.cell] < 99
    assert plan.walls[board.index("1.6")] and not plan.walls[board.index("1.2")]
    blocked = plan.first_blockade(courier.cell, target, dist)
    assert blocked >= 0 and state.black[blocked] == 1
    colour = position_colour(board, blocked)
    assert colour != Colour.VIOLET
    assert plan.clearing_kit(courier) == (colour, 2)
    assert ai.suggest(state).action == Exchange(0, 1, Colour(colour), 2)


def test_the_team_gathers_cubes_to_clear_its_way_to_a_disc_holding_back_the_next_round() -> None:
    """§2.9, §2.10, §2.7.3, §2.7.6: a face-down disc on a segment centre (black discs never land there) holds
    back the next round while the pool waits; when every way to it is walled by stacks the team lacks the
    cubes for, the planner picks the wall to clear on the way from the nearest ship (one of a colour an
    uncovered disc gives: green here), makes that colour a need and keeps the cubes for it, so the disc
    giving them becomes a target."""
    board = start.board_of(RULES.default_options())
    around = "\n".join(f"black 1.{k} 2" for k in range(1, 7))
    state = parse(
        f"ship 0.0 red=12\nship 0.0 red=12\ndisc 1.0 down\ndisc 3.0 green\n{around}\npool blank=3\n"
        "deal blank=1 green=1",
        seat_count=2,
    )
    plan = ai._Plan(state)
    assert plan._crossing([board.index("1.0")])[state.ships[1].cell] >= 99  # walled off
    assert plan.entry == board.index("1.4")  # green, on the way from the centre
    assert plan.clear_demand[Colour.GREEN] == 4 and plan.need[Colour.GREEN] >= 4
    assert any(target == board.index("3.0") for target, _value, _dist in plan.targets)
    # Without a disc in the pool no new round waits on that disc: no wall is singled out.
    assert ai._Plan(replace(state, pool=(0,) * 7)).entry == -1


CHOKED = """ship 0.0 red=12 orange=1 yellow=1 green=1 blue=1 violet=1
ship 0.0 red=12
disc 2.2 down
black 2.2 3
rainbows 10
pool blank=0
deal blank=1
"""
"""A choked board (§2.10): the one disc on the board lies under three black discs on an orange position, the
pool is empty, and the team lacks a rainbow's cubes."""


def test_the_helper_concedes_only_when_no_disc_can_ever_be_reached() -> None:
    """regenboog.md §2.11 [APP] Concede, §2.10, §2.7.3, §2.9: the helper gives up for the team only when it
    can never win (`cannot_win`): no new round can bring a disc and no ship can get at one, a stack counting
    as open where the team holds two cubes of its position colour per black disc (fuel: where a ship can
    load it), and black discs never landing on segment centres."""
    hopeless = parse(CHOKED, seat_count=2)
    assert ai.cannot_win(hopeless)
    assert ai.suggest(hopeless).action == Concede()
    # Six orange clear the three black discs (§2.7.3): the disc under them can still be had.
    orange = replace(hopeless.ships[1], cubes=(0, 12, 6, 0, 0, 0, 0))
    assert not ai.cannot_win(replace(hopeless, ships=(hopeless.ships[0], orange)))
    # On a fuel-coloured position (2.1, red) the centre gives the cubes to clear it, whatever its height.
    red = parse(CHOKED.replace("2.2", "2.1").replace("black 2.1 3", "black 2.1 9"), seat_count=2)
    assert not ai.cannot_win(red)
    # A disc in the pool comes back at the next round (§2.10), when no uncovered face-down disc holds it back.
    assert not ai.cannot_win(parse(CHOKED.replace("blank=0", "blank=1"), seat_count=2))
    # ...but one on a segment centre walled in by stacks nobody can clear is never covered (§2.9): no round.
    wall = "\n".join(f"black 3.{k} {40 if k == 1 else 3}" for k in range(1, 7))
    walled = parse(f"{CHOKED.replace('blank=0', 'blank=1')}disc 3.0 down\n{wall}\n", seat_count=2)
    assert ai.cannot_win(walled)
    # A team that holds the cubes of its last rainbows can still deliver them.
    rich = replace(hopeless, rainbows=11)
    assert not ai.cannot_win(rich)


def test_a_table_of_computers_plays_to_the_rules_cycle_limit() -> None:
    """regenboog.md §2.11 [APP]: max_cycles is off for people, and a table of computers plays to a limit
    ("for AI self-play use e.g. 400"; reaching it is a loss): the helper now gives up only when the team
    can never win, so without it a game the planner cannot finish would go on for ever. A limit already
    chosen stays; the other games' tables of computers play with their options as they are."""
    from rainbowtable.games import GAMES
    from rainbowtable.games.regenboog.rules import SELF_PLAY_CYCLES
    from rainbowtable.ui.scenes.play.scene import demo_match

    assert RULES.default_options().max_cycles == 0
    assert RULES.self_play_options(RULES.default_options()).max_cycles == SELF_PLAY_CYCLES == 400
    chosen = replace(RULES.default_options(), max_cycles=120)
    assert RULES.self_play_options(chosen) == chosen
    assert demo_match(RULES, 2, 1).options.max_cycles == SELF_PLAY_CYCLES
    for entry in GAMES:
        if entry.id != RULES.id:
            assert (
                entry.rules.self_play_options(entry.rules.default_options()) == entry.rules.default_options()
            )
