"""Colosseum Offcuts acceptance cases (colosseum_offcuts.md §3.10 CO-Tnn), every rule section (§3.1–§3.8)
and every resolution [RES-CO1]..[RES-CO12].

Positions are built with `diagram.position` from the spec's coordinates; "P1" is seat 0. Setup positions
are reached by playing the placements in order, so the order itself is checked on the way.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rainbowtable.core.game import Chance, Finished, IllegalAction, Players, render
from rainbowtable.games.colosseum_offcuts.diagram import format_board, parse_board, place, position
from rainbowtable.games.colosseum_offcuts.model import (
    Cell,
    ColosseumOptions,
    ColosseumState,
    EndTurn,
    FlipCounter,
    Kind,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
    StartPlayerDrawn,
    counter_id,
)
from rainbowtable.games.colosseum_offcuts.rules import (
    RULES,
    Table,
    attack_destinations,
    board_of,
    is_connected,
    legal_actions,
    locate,
    mobile_destinations,
    setup_cells,
    why_illegal,
)
from rainbowtable.games.colosseum_offcuts.start import setup_slot


def setup(seats: int, cells: list[tuple[int, int]], start_player: int = 0) -> ColosseumState:
    """A setup position after placing counters in the spec's order on these cells."""
    state = RULES.apply(RULES.new_game(ColosseumOptions(), seats), StartPlayerDrawn(start_player))
    for xy in cells:
        due = RULES.legal_actions(state)[0]
        assert isinstance(due, PlaceCounter)
        state = RULES.apply(state, PlaceCounter(due.counter, Cell(*xy)))
    return state


def place_ok(state: ColosseumState, xy: tuple[int, int]) -> str | None:
    due = RULES.legal_actions(state)[0]
    assert isinstance(due, PlaceCounter)
    return why_illegal(state, PlaceCounter(due.counter, Cell(*xy)))


def id_at(state: ColosseumState, xy: tuple[int, int], height: int = -1) -> int:
    return board_of(state)[Cell(*xy)][height].id


def cells(*xys: tuple[int, int]) -> frozenset[Cell]:
    return frozenset(Cell(*xy) for xy in xys)


# --- CO-Tnn cases (§3.10) ---------------------------------------------------------------------------


def test_co_t01_setup_steps_2_and_3() -> None:
    """CO-T01, colosseum_offcuts.md §3.2 steps 2 and 3."""
    four = setup(4, [(0, 0), (1, 0), (0, 1)])
    assert (
        place_ok(four, (1, 1))
        == "Must touch exactly one counter, and it must be another player's Board Piece."
    )
    assert place_ok(four, (2, 0)) is None
    three = setup(3, [(0, 0), (1, 0), (0, 1), (-1, 0)])
    assert three.current == 1  # P2's second Board Piece is due
    assert place_ok(three, (1, 1)) == "Must touch your first Board Piece and no other player's Board Piece."
    assert place_ok(three, (2, 0)) is None
    assert place_ok(three, (1, -1)) is None


def test_co_t02_setup_second_fortification() -> None:
    """CO-T02, colosseum_offcuts.md §3.2 step 5 (the "or previous F" clause) [RES-CO3]."""
    state = setup(2, [(0, 0), (1, 0), (-1, 0), (2, 0), (-1, -1), (1, -1)])
    assert state.current == 0
    reason = place_ok(state, (0, -1))
    assert reason is not None and "no other player's counter" in reason
    assert place_ok(state, (-2, -1)) is None


def test_co_t03_articulation() -> None:
    """CO-T03, colosseum_offcuts.md §3.4 [RES-CO2]: a counter holding the line together cannot move."""
    mobile = position({(0, 0): "1Bm", (1, 0): "2Bm", (2, 0): "1Fm"}, current=1)
    bp = id_at(mobile, (1, 0))
    assert mobile_destinations(mobile, bp) == frozenset()
    assert why_illegal(mobile, MoveMobile(bp, Cell(1, 1))) == "Moving this would split the group."
    attack = position({(0, 0): "1Bm", (1, 0): "2Ba", (2, 0): "1Fm"}, current=1)
    assert attack_destinations(attack, bp) == frozenset()
    assert why_illegal(attack, MoveAttack(bp, Cell(2, 0))) == "Moving this would split the group."
    assert [a for a in legal_actions(attack) if not isinstance(a, FlipCounter | EndTurn)] == []


def test_co_t05_target_with_one_exposed_edge() -> None:
    """CO-T05, colosseum_offcuts.md §3.5 steps 3 and 4 [RES-CO7]."""
    state = position({(0, 0): "2Bm", (1, 0): "2Bm", (-1, 0): "3Bm", (0, 1): "3Bm", (2, 0): "1Bm"}, seats=3)
    mover = id_at(state, (2, 0))
    lifted = Table(set(board_of(state)) - {Cell(2, 0)})
    assert not lifted.is_target(Cell(0, 0))
    expected = cells((1, 1), (1, -1), (-2, 0), (-1, 1), (-1, -1), (0, 2))
    assert mobile_destinations(state, mover) == expected
    assert why_illegal(state, MoveMobile(mover, Cell(0, -1))) == (
        "The counter it would touch has fewer than two open sides."
    )


def test_co_t06_hole() -> None:
    """CO-T06, colosseum_offcuts.md §3.1 exterior and holes, §3.5 step 4 [RES-CO7]."""
    ring = parse_board(
        """
        2Bm 2Bm 2Fm 1Bm
        3Bm .   3Bm
        3Fm 3Fm 2Fm
        """
    )
    state = position(ring, seats=3)
    mover = id_at(state, (3, 0))
    dests = mobile_destinations(state, mover)
    assert Cell(1, 1) not in dests
    assert why_illegal(state, MoveMobile(mover, Cell(1, 1))) == (
        "That cell is a hole inside the group: a mobile counter cannot be dropped there."
    )
    assert {Cell(1, -1), Cell(-1, 1), Cell(1, 3), Cell(3, 2)} <= dests
    lifted = Table(set(board_of(state)) - {Cell(3, 0)})
    assert lifted.is_hole(Cell(1, 1))
    assert all(lifted.is_target(c) for c in lifted.cells)


def test_co_t08_carrying_and_range() -> None:
    """CO-T08, colosseum_offcuts.md §3.5 step 5 [RES-CO11]: the stack is carried; no distance limit."""
    state = position({(0, 0): "1Bm/2Fa", (1, 0): "3Bm"}, seats=3)
    bp = id_at(state, (0, 0), 0)
    after = RULES.apply(state, MoveMobile(bp, Cell(1, 1)))
    board = board_of(after)
    assert Cell(0, 0) not in board
    assert [(c.owner, c.kind, c.mode) for c in board[Cell(1, 1)]] == [
        (0, Kind.BOARD_PIECE, Mode.MOBILE),
        (1, Kind.FORTIFICATION, Mode.ATTACK),
    ]
    line = position(
        {(0, 0): "2Bm", (1, 0): "2Bm", (2, 0): "2Fm", (3, 0): "3Fm", (4, 0): "3Bm", (5, 0): "1Bm"}, seats=3
    )
    mover = id_at(line, (5, 0))
    assert why_illegal(line, MoveMobile(mover, Cell(-1, 0))) is None
    assert why_illegal(line, MoveMobile(mover, Cell(4, 0))) == (
        "A mobile counter cannot climb: it never lands on another counter."
    )


def test_co_t09_attack_steps() -> None:
    """CO-T09, colosseum_offcuts.md §3.6 [RES-CO8]: king steps that keep contact with a neighbour."""
    state = position({(0, 0): "1Fa", (1, 0): "2Bm", (2, 0): "2Fm"})
    f = id_at(state, (0, 0))
    assert attack_destinations(state, f) == cells((1, 0), (1, 1), (1, -1))
    for xy in [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)]:
        assert why_illegal(state, MoveAttack(f, Cell(*xy))) == (
            "An attack step must end touching a counter that was next to it."
        )
    assert why_illegal(state, MoveAttack(f, Cell(2, 1))) == "An attack move goes only one space."


def test_co_t11_capture() -> None:
    """CO-T11, colosseum_offcuts.md §3.6 capture [RES-CO9]: the victim's mode does not matter."""
    state = position({(0, 0): "1Fa", (1, 0): "2Fm", (1, 1): "2Bm", (2, 1): "2Bm", (3, 1): "2Fm"})
    after = RULES.apply(state, MoveAttack(id_at(state, (0, 0)), Cell(1, 0)))
    board = board_of(after)
    assert [(c.owner, c.kind) for c in board[Cell(1, 0)]] == [(0, Kind.FORTIFICATION)]
    assert Cell(0, 0) not in board
    assert [c.owner for c in after.captured] == [1]
    assert after.captures_by == (1, 0)
    assert not after.eliminated[1]  # P2 still has a Fortification at (3, 1)


def test_co_t12_only_the_top_counter_is_affected() -> None:
    """CO-T12, colosseum_offcuts.md §3.6: a capture looks only at the top of the stack."""
    state = position({(0, 0): "1Fa", (1, 0): "2Fm/3Ba", (2, 0): "1Bm"}, seats=3)
    after = RULES.apply(state, MoveAttack(id_at(state, (0, 0)), Cell(1, 0)))
    assert [(c.owner, c.kind) for c in board_of(after)[Cell(1, 0)]] == [
        (1, Kind.FORTIFICATION),
        (2, Kind.BOARD_PIECE),
        (0, Kind.FORTIFICATION),
    ]
    assert after.captured == ()


def test_co_t13_stack_restrictions() -> None:
    """CO-T13, colosseum_offcuts.md §3.6 and §3.7 [RES-CO12]."""
    state = position({(0, 0): "1Fa/2Ba", (1, 0): "1Bm", (2, 0): "2Fm"})
    p1_f, p2_bp = id_at(state, (0, 0), 0), id_at(state, (0, 0), 1)
    assert why_illegal(state, MoveAttack(p1_f, Cell(0, 1))) == (
        "A counter with another counter on top of it cannot attack."
    )
    assert why_illegal(state, FlipCounter(p1_f)) == "A counter with another counter on top of it cannot flip."
    p2 = position(state.stacks, current=1)
    assert why_illegal(p2, FlipCounter(p2_bp)) == "A counter standing on another counter cannot flip."
    assert why_illegal(p2, MoveAttack(p2_bp, Cell(1, 0))) is None
    assert why_illegal(p2, MoveAttack(p2_bp, Cell(0, 1))) is None  # steps down beside its origin
    carry = position({(0, 0): "1Bm/2Ba", (1, 0): "2Fm"})
    after = RULES.apply(carry, MoveMobile(id_at(carry, (0, 0), 0), Cell(2, 0)))
    assert [c.owner for c in board_of(after)[Cell(2, 0)]] == [0, 1]


def test_co_t15_two_actions_on_one_counter() -> None:
    """CO-T15, colosseum_offcuts.md §3.3: flip to Attack, then capture, in one turn."""
    state = position({(0, 0): "1Fm", (1, 0): "2Fm", (1, 1): "2Bm", (2, 1): "2Fm"})
    f = id_at(state, (0, 0))
    state = RULES.apply(state, FlipCounter(f))
    assert state.actions_left == 1 and state.current == 0
    state = RULES.apply(state, MoveAttack(f, Cell(1, 0)))
    assert state.captures_by == (1, 0)
    assert state.current == 1 and state.actions_left == 2


# --- sections and resolutions -------------------------------------------------------------------------


def test_section_3_1_stack_is_one_position() -> None:
    """colosseum_offcuts.md §3.1 [RES-CO1]: a stack is one position; touching is N4, not diagonal."""
    assert is_connected(cells((0, 0), (1, 0), (1, 1)))
    assert not is_connected(cells((0, 0), (1, 1)))
    table = Table(cells((0, 0), (1, 0)))
    assert table.exposed_edges(Cell(0, 0)) == 3
    assert table.is_exterior(Cell(50, 50)) and table.is_exterior(Cell(0, 1))
    state = position({(0, 0): "1Bm/2Ba/1Fa", (1, 0): "2Fm"})
    assert len(state.stacks) == 2


def test_section_3_1_invariant_only_attack_above_bottom() -> None:
    """colosseum_offcuts.md §3.1 invariant: every counter above the bottom of a stack is in Attack mode
    (checked over random play)."""
    from rainbowtable.core.rng import Rng

    for seed in range(6):
        state = RULES.new_game(ColosseumOptions(no_capture_turn_limit=30), 2 + seed % 4)
        rng = Rng.from_seed(seed)
        while not isinstance(who := RULES.to_act(state), Finished):
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                action = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
            for stack in state.stacks:
                assert all(c.mode is Mode.ATTACK for c in stack.counters[1:])


def test_section_3_2_setup_order_and_first_piece() -> None:
    """colosseum_offcuts.md §3.2: start player drawn, then BP #1, BP #1s, BP #2s, F #1s, F #2s in seat order;
    the first goes on (0, 0); all Mobile side up; play starts with the start player."""
    state = RULES.new_game(ColosseumOptions(), 3)
    assert isinstance(RULES.to_act(state), Chance)
    assert [p for _a, p in RULES.chance_outcomes(state) or []] == [pytest.approx(1 / 3)] * 3
    state = RULES.apply(state, StartPlayerDrawn(2))
    assert [setup_slot(2, 3, step) for step in range(12)] == [
        (2, 0), (0, 0), (1, 0), (2, 1), (0, 1), (1, 1), (2, 2), (0, 2), (1, 2), (2, 3), (0, 3), (1, 3)
    ]  # fmt: skip
    assert RULES.legal_actions(state) == [PlaceCounter(counter_id(2, 0), Cell(0, 0))]
    assert why_illegal(state, PlaceCounter(counter_id(2, 0), Cell(3, 3))) == (
        "The first Board Piece goes in the middle of the table."
    )
    assert (
        why_illegal(state, PlaceCounter(counter_id(0, 0), Cell(0, 0))) == "Place your first Board Piece now."
    )
    order = [
        (0, 0),
        (1, 0),
        (-1, 0),
        (0, -1),
        (2, 0),
        (-2, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (0, 2),
        (2, 1),
        (-2, 1),
    ]
    state = setup(3, order, start_player=2)
    assert state.phase is Phase.PLAY and state.current == 2 and state.actions_left == 2
    assert all(c.mode is Mode.MOBILE and len(s.counters) == 1 for s in state.stacks for c in s.counters)


def test_section_3_2_step_4_may_touch_another_fortification() -> None:
    """colosseum_offcuts.md §3.2 step 4 [RES-CO3]: F #1 may touch another player's F, never its BP."""
    state = setup(2, [(0, 0), (1, 0), (-1, 0), (2, 0), (0, -1)])
    assert state.current == 1
    assert place_ok(state, (1, -1)) is None  # touches P2's BP (1, 0) and P1's F (0, -1)
    assert place_ok(state, (0, 1)) == "Must touch one of your Board Pieces and no other player's."


def test_res_co4_setup_fallback_any_counter() -> None:
    """colosseum_offcuts.md §3.2 [RES-CO4] (ii): four first Board Pieces round the start player's leave
    its second no cell touching its own counters, so any empty cell touching a counter will do."""
    state = setup(5, [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)])
    legal, level = setup_cells(state)
    assert level == 2
    assert Cell(2, 0) in legal and Cell(1, 1) in legal
    assert place_ok(state, (5, 5)) == "Must touch a counter edge to edge."
    fallback = RULES.legal_actions(state)
    after = RULES.apply(state, fallback[0])
    assert after.fallback_placements == 1
    assert "fallback" in render(RULES.describe(state, fallback[0]), ["A", "B", "C", "D", "E"])


def test_res_co4_setup_fallback_own_counter() -> None:
    """colosseum_offcuts.md §3.2 [RES-CO4] (i): every cell by P1's Board Pieces also touches another
    player's, so P1's first Fortification goes on any empty cell touching an own counter."""
    board = place(
        {
            (0, 0): "1Bm",
            (0, 1): "1Bm",
            (-1, -1): "2Bm",
            (2, 0): "2Bm",
            (-2, 1): "3Bm",
            (2, 1): "3Bm",
            (0, 3): "4Bm",
        }
    )
    state = replace(position(board, seats=5), phase=Phase.SETUP, setup_step=10, current=0)
    legal, level = setup_cells(state)
    assert level == 1
    assert legal == cells((-1, 0), (1, 0), (0, -1), (-1, 1), (1, 1), (0, 2))
    assert place_ok(state, (-2, -1)) == (
        "No cell meets the placement rule, so this counter must touch one of your own counters."
    )


def test_section_3_3_two_actions_and_decline() -> None:
    """colosseum_offcuts.md §3.3 [RES-CO6]: two actions; the second may be declined, the first not."""
    state = position({(0, 0): "1Fm", (1, 0): "2Fm"})
    assert why_illegal(state, EndTurn()) == "Take your first action: only the second may be declined."
    state = RULES.apply(state, FlipCounter(id_at(state, (0, 0))))
    assert EndTurn() in legal_actions(state)
    state = RULES.apply(state, EndTurn())
    assert state.current == 1 and state.actions_left == 2 and state.turn == 1


def test_section_3_3_no_legal_action_is_lost() -> None:
    """colosseum_offcuts.md §3.3: a player with no legal action loses it (EndTurn is the only action)."""
    state = position({(0, 0): "1Fa/2Ba", (1, 0): "2Fm"})
    assert legal_actions(state) == [EndTurn()]
    after = RULES.apply(state, EndTurn())
    assert after.current == 1
    assert render(RULES.describe(state, EndTurn()), ["Ann", "Bo"]) == "Ann has no legal action and passes."


def test_res_co5_only_own_counters() -> None:
    """colosseum_offcuts.md §3.3 [RES-CO5]: you act only with your own counters."""
    state = position({(0, 0): "1Fm", (1, 0): "2Fm"})
    assert why_illegal(state, FlipCounter(id_at(state, (1, 0)))) == "You may only act with your own counters."
    assert why_illegal(state, MoveMobile(id_at(state, (1, 0)), Cell(-1, 0))) == (
        "You may only act with your own counters."
    )


def test_section_3_4_lifted_board() -> None:
    """colosseum_offcuts.md §3.4 [RES-CO2]: connectivity is tested with the moving stack lifted, so a move
    that would reconnect after landing is still refused; a counter above the bottom never splits."""
    state = position({(0, 0): "1Bm", (1, 0): "1Fm", (2, 0): "2Fm"})
    mid = id_at(state, (1, 0))
    # Lifting (1, 0) splits (0, 0) from (2, 0), whatever the destination would reconnect.
    assert why_illegal(state, MoveMobile(mid, Cell(1, 1))) == "Moving this would split the group."
    stacked = position({(0, 0): "1Bm", (1, 0): "2Fm/1Fa", (2, 0): "2Fm"})
    assert why_illegal(stacked, MoveAttack(id_at(stacked, (1, 0)), Cell(1, 1))) is None


def test_section_3_5_mobile_mode_only_and_bottom() -> None:
    """colosseum_offcuts.md §3.5: only Mobile counters make mobile moves, and they never stack."""
    state = position({(0, 0): "1Fa", (1, 0): "2Fm", (2, 0): "2Bm"})
    reason = why_illegal(state, MoveMobile(id_at(state, (0, 0)), Cell(1, 1)))
    assert reason is not None and "Attack mode" in reason
    mobile = position({(0, 0): "1Fm", (1, 0): "2Fm", (2, 0): "2Bm"})
    assert why_illegal(mobile, MoveAttack(id_at(mobile, (0, 0)), Cell(1, 0))) == (
        "That counter is in Mobile mode: flip it to Attack mode to attack."
    )
    assert (
        why_illegal(mobile, MoveMobile(id_at(mobile, (0, 0)), Cell(0, 0)))
        == "A move must end somewhere else."
    )
    assert why_illegal(mobile, MoveMobile(id_at(mobile, (0, 0)), Cell(7, 7))) == (
        "A mobile move must end touching another counter edge to edge."
    )


def test_section_3_6_climb_is_n4_only() -> None:
    """colosseum_offcuts.md §3.6 [RES-CO8]: climbs go onto an N4 neighbour only; no height limit."""
    state = position({(0, 0): "1Fa", (1, 0): "2Bm", (1, 1): "2Fm/2Ba/1Ba"})
    f = id_at(state, (0, 0))
    assert why_illegal(state, MoveAttack(f, Cell(1, 1))) == (
        "A counter climbs only onto a counter it touches edge to edge, not corner to corner."
    )
    tall = position({(0, 0): "1Fa", (1, 0): "2Fm/2Ba/1Ba"})
    after = RULES.apply(tall, MoveAttack(f, Cell(1, 0)))
    assert len(board_of(after)[Cell(1, 0)]) == 4


def test_res_co9_and_own_fortification_not_captured() -> None:
    """colosseum_offcuts.md §3.6 [RES-CO9]: an F onto its own F or onto a BP just stacks; a BP never
    captures."""
    own = position({(0, 0): "1Fa", (1, 0): "1Fm", (2, 0): "2Fm"})
    after = RULES.apply(own, MoveAttack(id_at(own, (0, 0)), Cell(1, 0)))
    assert after.captured == () and len(board_of(after)[Cell(1, 0)]) == 2
    bp = position({(0, 0): "1Ba", (1, 0): "2Fm", (2, 0): "2Fm"})
    after = RULES.apply(bp, MoveAttack(id_at(bp, (0, 0)), Cell(1, 0)))
    assert after.captured == ()


def test_section_3_7_flip() -> None:
    """colosseum_offcuts.md §3.7: a lone counter flips in place, M <-> A."""
    state = position({(0, 0): "1Fm", (1, 0): "2Fm"})
    f = id_at(state, (0, 0))
    once = RULES.apply(state, FlipCounter(f))
    assert board_of(once)[Cell(0, 0)][0].mode is Mode.ATTACK
    twice = RULES.apply(once, FlipCounter(f))
    assert board_of(twice)[Cell(0, 0)][0].mode is Mode.MOBILE


def test_section_3_8_elimination_neutral_and_end() -> None:
    """colosseum_offcuts.md §3.8 [RES-CO10]: losing the last F eliminates at once; its BPs stay as
    neutral counters; the game ends when one player has Fortifications; the winner is named."""
    state = position({(0, 0): "1Fa", (1, 0): "2Fm", (1, 1): "2Bm", (2, 1): "3Fm", (3, 1): "3Bm"}, seats=3)
    after = RULES.apply(state, MoveAttack(id_at(state, (0, 0)), Cell(1, 0)))
    assert after.eliminated == (False, True, False)
    assert locate(after, id_at(state, (1, 1))) is not None  # P2's Board Piece stays
    assert after.phase is Phase.PLAY and after.actions_left == 1
    after = RULES.apply(after, EndTurn())
    assert after.current == 2  # P2 is skipped
    two = position({(0, 0): "1Fa", (1, 0): "2Fm", (1, 1): "2Bm"})
    line = render(RULES.describe(two, MoveAttack(id_at(two, (0, 0)), Cell(1, 0))), ["Ann", "Bo"])
    assert (
        line == "Ann climbs their Fortification onto Bo's Fortification at (1, 0) and captures it."
        " Bo has no Fortification left and is out."
    )
    over = RULES.apply(two, MoveAttack(id_at(two, (0, 0)), Cell(1, 0)))
    who = RULES.to_act(over)
    assert isinstance(who, Finished)
    assert who.outcome.winners == frozenset({0})
    assert render(who.outcome.summary, ["Ann", "Bo"]) == "Ann wins: the only player with Fortifications left."
    with pytest.raises(IllegalAction):
        RULES.apply(over, EndTurn())


def test_section_3_8_stalemate_limit() -> None:
    """colosseum_offcuts.md §3.8 [APP]: N turns in a row without a capture is a draw among those still in;
    0 turns the limit off."""
    options = ColosseumOptions(no_capture_turn_limit=2)
    state = position({(0, 0): "1Fm", (1, 0): "2Fm"}, options=options)
    for _ in range(2):
        state = RULES.apply(state, FlipCounter(id_at(state, (state.current, 0))))
        state = RULES.apply(state, EndTurn())
    who = RULES.to_act(state)
    assert isinstance(who, Finished) and who.outcome.winners == frozenset({0, 1})
    assert "draw" in render(who.outcome.summary, ["Ann", "Bo"])
    off = position({(0, 0): "1Fm", (1, 0): "2Fm"}, options=ColosseumOptions(no_capture_turn_limit=0))
    for _ in range(50):
        off = RULES.apply(off, FlipCounter(id_at(off, (off.current, 0))))
        off = RULES.apply(off, EndTurn())
    assert isinstance(RULES.to_act(off), Players)


def test_diagram_round_trip() -> None:
    """The diagram format reads back what it prints (tests and bug reports rely on it)."""
    stacks = place({(0, 0): "1Bm/2Fa", (1, 0): "3Bm", (-1, 2): "1Fa"})
    text = format_board(stacks)
    header, _, body = text.partition("\n")
    assert header == "origin (-1, 0)"
    assert parse_board(body, (-1, 0)) == stacks


def test_rules_page_diagrams_match_the_rules() -> None:
    """The in-app rules page (rules_text.md) draws mobile and attack moves; its + cells are the engine's."""
    from pathlib import Path

    import rainbowtable.games.colosseum_offcuts as package

    text = (Path(package.__file__).parent / "rules_text.md").read_text(encoding="utf-8")
    assert "  + A B X" in text and "  X A B" in text
    # The Dutch page draws the same diagrams (only the words beside them, from column 15, are translated).
    dutch = (Path(package.__file__).parent / "rules_text.nl.md").read_text(encoding="utf-8")

    def drawn(page: str) -> list[str]:
        blocks = page.split("```")[1::2]
        return [line[:15].rstrip() for block in blocks for line in block.splitlines()]

    assert drawn(dutch) == drawn(text)
    mobile = position({(1, 1): "2Bm", (2, 1): "2Bm", (3, 1): "1Bm", (2, 2): "2Fm"})
    assert mobile_destinations(mobile, id_at(mobile, (3, 1))) == cells(
        (1, 0), (2, 0), (0, 1), (1, 2), (3, 2), (2, 3)
    )
    attack = position({(0, 1): "1Fa", (1, 1): "2Bm", (2, 1): "2Bm"})
    assert attack_destinations(attack, id_at(attack, (0, 1))) == cells((1, 0), (1, 2), (1, 1))
