"""De Regenboog spec cases (regenboog.md §2.14 RG-Tnn) and every [RES-RG*] resolution, built from diagrams."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rainbowtable.core.game import Chance, Finished, IllegalAction, Players
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.board import standard_board
from rainbowtable.games.regenboog.diagram import parse, render
from rainbowtable.games.regenboog.model import (
    DISC_FACE_DOWN,
    BlockadesRolled,
    Capacity,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    DiscFlipped,
    DiscsPlaced,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    Phase,
    RegenboogAction,
    RegenboogOptions,
    RegenboogState,
    Share,
    Stage,
    Travel,
    WhiteRolled,
)
from rainbowtable.games.regenboog.rules import (
    RULES,
    blockade_cell,
    chance_outcomes,
    is_stranded,
    legal_actions,
    max_load,
    reach,
    room,
    why_illegal,
)

B = standard_board()
RED, ORANGE, YELLOW, GREEN, BLUE, VIOLET, WHITE = (
    Colour.RED,
    Colour.ORANGE,
    Colour.YELLOW,
    Colour.GREEN,
    Colour.BLUE,
    Colour.VIOLET,
    Colour.WHITE,
)


def at(cell: str) -> int:
    return B.index(cell)


def play(state: RegenboogState, *actions: RegenboogAction) -> RegenboogState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def destinations(state: RegenboogState, ship: int = 0) -> dict[str, int]:
    return {B.cells[c].id: cost for c, cost in reach(state, state.ships[ship]).items()}


def legal(state: RegenboogState, action: RegenboogAction) -> bool:
    reason = why_illegal(state, action)
    assert (reason is None) == (action in legal_actions(state)), (action, reason)
    return reason is None


# --- RG-T02 ---------------------------------------------------------------------------------------------


def test_rg_t02_travel_cost_and_range() -> None:
    """RG-T02, regenboog.md §2.7.1: T(n) = n(n+1)/2 on the shortest path; 12 fuel reach 4 steps."""
    state = parse("ship 1.0 red=12")
    after = play(state, Travel(0, "0.0"))
    assert after.ships[0].cubes[RED] == 6
    assert after.stage is Stage.LOAD and max_load(after, after.ships[0]) == 6
    after = play(after, Load(0, 6))
    assert after.ships[0].cubes[RED] == 12 and after.ships[0].acted
    reachable = destinations(state)
    assert reachable["0.4"] == 10
    dist = B.distances(at("1.0"))
    assert all(B.cells[c].id not in reachable for c in range(len(B.cells)) if dist[c] >= 5)
    assert "4.0" not in reachable
    assert reachable["1.4"] == 1
    empty = parse("ship 1.0 red=0")
    assert destinations(empty) == {}
    assert not any(isinstance(a, Travel) for a in legal_actions(empty))
    assert "no fuel" in (why_illegal(empty, Travel(0, "1.4")) or "")


# --- RG-T04 ---------------------------------------------------------------------------------------------


def test_rg_t04_entering_a_blockade_rg10() -> None:
    """RG-T04, §2.7.3 [RES-RG10]: entering a blockade needs 2 cubes of the position colour and clears it."""
    state = parse("ship 2.0 red=5 orange=1\nblack 2.2 1")
    assert not legal(state, Travel(0, "2.2", (), 1))
    assert not any(isinstance(a, Travel) and a.to == "2.2" for a in legal_actions(state))
    state = parse("ship 2.0 red=5 orange=2\nblack 2.2 1")
    assert legal(state, Travel(0, "2.2", (), 1))
    assert not legal(state, Travel(0, "2.2", (), 0))
    after = play(state, Travel(0, "2.2", (), 1))
    assert after.ships[0].cubes[RED] == 4 and after.ships[0].cubes[ORANGE] == 0
    assert after.black[at("2.2")] == 0
    hidden = parse("ship 2.0 red=5 orange=2\nblack 2.2 1\ndisc 2.2 down")
    after = play(hidden, Travel(0, "2.2", (), 1))
    assert isinstance(RULES.to_act(after), Chance) and after.flip_cell == at("2.2")
    red = parse("ship 1.0 red=3\nblack 1.1 1")
    assert legal(red, Travel(0, "1.1", (), 1))
    assert play(red, Travel(0, "1.1", (), 1)).ships[0].cubes[RED] == 0
    assert not legal(parse("ship 1.0 red=2\nblack 1.1 1"), Travel(0, "1.1", (), 1))


def test_partial_clearing_and_group_payment_rg10() -> None:
    """§2.7.3 [RES-RG10]: clear 1..b discs, 2 cubes each, paid by anyone in the arriving group; the source's
    example of 3 discs cleared with 4 orange leaves one."""
    state = parse("ship 2.0 red=5 orange=2\nship 2.0 orange=2\nblack 2.2 3", seat_count=1)
    assert not legal(state, Travel(0, "2.2", (), 2))
    assert legal(state, Travel(0, "2.2", (1,), 2))
    assert not legal(state, Travel(0, "2.2", (1,), 3))
    after = play(state, Travel(0, "2.2", (1,), 2))
    assert after.black[at("2.2")] == 1
    assert after.ships[0].cubes[ORANGE] == 0 and after.ships[1].cubes[ORANGE] == 0
    assert after.ships[0].acted  # standing on a blockade ends the turn
    assert after.ships[1].cell == at("2.2") and not after.ships[1].acted


def test_blockades_are_never_crossed_rg10_rg23() -> None:
    """§2.7.1 [RES-RG10] [RES-RG23]: a path never passes through black discs; passing over a disc does
    nothing."""
    state = parse("ship 1.0 red=12 orange=2\nblack 1.4 1\nblack 1.3 1\nblack 1.5 1\ndisc 1.2 down")
    reachable = destinations(state)
    assert "0.1" not in reachable  # only through 1.4, 1.3 or 1.5
    assert reachable["1.4"] == 1
    around = parse("ship 1.1 red=12\ndisc 1.0 down")
    after = play(around, Travel(0, "1.4"))  # 1.1 -> 1.0 -> 1.4 passes over the disc
    assert after.discs[at("1.0")] == DISC_FACE_DOWN and after.ships[0].acted
    assert not legal(around, Travel(0, "1.1"))  # no zero-length moves


# --- RG-T06 ---------------------------------------------------------------------------------------------


def test_rg_t06_leaving_a_blockade_rg9_rg11() -> None:
    """RG-T06, §2.7.2 [RES-RG9] and §2.7.5 [RES-RG11]: one step for 3 fuel; or clear first and sail on."""
    state = parse("ship 4.2 red=5\nblack 4.2 1")
    assert destinations(state) == {c: 3 for c in ("H3", "3.5", "4.3", "4.0", "4.1")}
    assert not legal(state, Travel(0, "4.4"))
    after = play(state, Travel(0, "4.0"))
    assert after.ships[0].cubes[RED] == 2 and after.ships[0].acted
    assert destinations(parse("ship 4.2 red=2\nblack 4.2 1")) == {}
    clearing = parse("ship 4.2 red=5 orange=2\nblack 4.2 1")
    after = play(clearing, ClearHere(0, 1))
    assert after.ships[0].cubes[ORANGE] == 0 and after.stage is Stage.MAY_TRAVEL
    assert legal(after, Travel(0, "4.4"))
    after = play(after, Travel(0, "4.4"))
    assert after.ships[0].cubes[RED] == 2 and after.ships[0].acted
    hidden = parse("ship 4.2 red=5 orange=2\nblack 4.2 1\ndisc 4.2 down")
    after = play(hidden, ClearHere(0, 1))
    assert after.flip_cell == at("4.2")
    after = play(after, DiscFlipped("4.2", 0), WhiteRolled(5))
    assert after.ships[0].acted and after.ships[0].cubes[BLUE] == 1


def test_partial_clear_of_own_cell_then_exit() -> None:
    """§2.7.5: if discs remain after clearing the own cell, leaving still costs 3 fuel for one step."""
    state = parse("ship 4.2 red=5 orange=2\nblack 4.2 2")
    after = play(state, ClearHere(0, 1))
    assert after.stage is Stage.MAY_EXIT and after.black[at("4.2")] == 1
    assert set(destinations(after)) == {"H3", "3.5", "4.3", "4.0", "4.1"}
    assert not legal(after, ClearHere(0, 1))
    assert legal(after, Pass(0))


# --- RG-T07 ---------------------------------------------------------------------------------------------


def test_rg_t07_dice_placement_rg5_rg14() -> None:
    """RG-T07, §2.5 step 3, §2.9 [RES-RG5]: setup rolls, the game's turn (grey = segment, black =
    position)."""
    assert start.positions_from_roll((4, 4, 2)) == (0, 2, 4)
    assert start.positions_from_roll((1, 5, 3)) == (1, 3, 5)
    assert start.positions_from_roll((6, 6, 6)) is None
    state = replace(
        parse("ship 1.0 red=12\nship 3.0 red=12\ndisc 1.2 down\nship 4.1 red=1"), phase=Phase.GAME_TURN
    )
    assert blockade_cell(state, (5, 6)) == at("5.6")
    after = play(state, BlockadesRolled(((2, 2), (2, 2))))
    assert after.black[at("2.2")] == 2
    after = play(state, BlockadesRolled(((4, 1), (5, 6))))
    assert after.black[at("4.1")] == 1 and after.ships[2].cell == at("4.1")
    assert after.black[at("5.6")] == 1
    assert destinations(after, 2) == {}  # on a blockade with 1 fuel
    cells = {blockade_cell(state, (g, k)) for g in range(1, 7) for k in range(1, 7)}
    assert all(B.cells[c].segment != 0 and B.cells[c].position != 0 for c in cells)
    assert len(cells) == 36


def test_setup_placement_outcomes_rg14() -> None:
    """§2.5 step 3 and §2.10 [RES-RG14]: three equal dice reroll; placements never collide with discs."""
    state = RULES.new_game(RegenboogOptions(), 2)
    outcomes = chance_outcomes(state)
    assert outcomes is not None and sum(p for _, p in outcomes) == 1
    assert (DiscsPlaced(1, (0, 2, 4)), Fraction(6, 210)) in outcomes
    taken = parse("ship 1.0\ndisc 1.2 down")
    taken = replace(taken, phase=Phase.NEW_ROUND, place_queue=(1,))
    assert start.needed(taken, 1) == 2
    for positions, _chance in start.placement_outcomes(taken, 1):
        assert 2 not in positions and len(positions) == 2
    assert why_illegal(taken, DiscsPlaced(1, (2, 3))) is not None
    assert why_illegal(taken, DiscsPlaced(1, (0, 3))) is None


# --- RG-T08 ---------------------------------------------------------------------------------------------


def test_rg_t08_coloured_disc_and_centre() -> None:
    """RG-T08, §2.7.6: a coloured disc stays face up and gives up to 6 per ship per turn; the centre gives
    fuel to a ship on it, not to one passing through."""
    state = parse(
        "ship 6.0 red=12\nship 0.0 red=2\nship 0.1 red=12\ndisc 6.1 down\ndeal green=1", seat_count=1
    )
    after = play(state, Travel(0, "6.1"))
    assert after.flip_cell == at("6.1")
    after = play(after, DiscFlipped("6.1", GREEN))
    assert after.discs[at("6.1")] == GREEN and after.stage is Stage.LOAD
    after = play(after, Load(0, 6))
    assert after.ships[0].cubes[GREEN] == 6
    next_cycle = replace(after, ships=tuple(replace(s, acted=False) for s in after.ships))
    assert legal(next_cycle, Load(0, 6)) and not legal(next_cycle, Load(0, 7))
    assert play(next_cycle, Load(0, 6)).ships[0].cubes[GREEN] == 12
    assert legal(after, Load(1, 6))  # staying on 0.0 loads red
    assert play(after, Load(1, 6)).ships[1].cubes[RED] == 8
    through = play(after, Travel(2, "0.4"))  # 0.1 -> 0.0 -> 0.4
    assert through.ships[2].acted and through.ships[2].cubes[RED] == 9


def test_another_ship_arriving_loads_too() -> None:
    """RG-T08: another ship arriving at a face-up coloured disc may also load up to 6."""
    state = parse("ship 6.1 red=12 acted\nship 6.0 red=12\ndisc 6.1 green", seat_count=1)
    after = play(state, Travel(1, "6.1"))
    assert after.stage is Stage.LOAD and legal(after, Load(1, 6))


# --- RG-T09 ---------------------------------------------------------------------------------------------


def test_rg_t09_riding_blank_disc_exchange_rg8() -> None:
    """RG-T09, §2.7.4 [RES-RG8]: riders travel free, keep their turn and get nothing from the arrival."""
    state = parse("ship 5.0 red=6\nship 5.0\ndisc 5.2 down", seat_count=1)
    after = play(state, Travel(0, "5.2", (1,)))
    assert after.ships[0].cubes[RED] == 5 and after.ships[1].cell == at("5.2")
    after = play(after, DiscFlipped("5.2", 0), WhiteRolled(3))
    assert after.ships[0].cubes[YELLOW] == 1 and sum(after.ships[1].cubes) == 0
    assert after.discs[at("5.2")] == 0
    after = play(after, Exchange(0, 1, RED, 3))
    assert after.ships[0].cubes[RED] == 2 and after.ships[1].cubes[RED] == 3
    assert not after.ships[1].acted
    assert destinations(after, 1)["0.0"] == 3
    after = play(after, Travel(1, "0.0", (0,)))
    assert after.ships[1].cubes[RED] == 0 and after.ships[0].cell == at("0.0")
    assert legal(after, Load(1, 6)) and not legal(after, Load(0, 1))
    assert legal(after, Exchange(0, 1, RED, 1))
    after = play(after, Load(1, 6))
    assert after.ships[1].cubes[RED] == 6


# --- RG-T10 ---------------------------------------------------------------------------------------------


def test_rg_t10_capacity_rg6() -> None:
    """RG-T10, §2.2 [RES-RG6]: ceil(fuel/6) + ceil(cargo/6) ≤ compartments; red ship 6, white ship 3."""
    state = parse(
        "ship 0.0 red=12 green=6\nship 0.1\nship 2.1 red=12 green=6\n"
        "ship 0.1 red=11 green=6\nship 0.1 blue=1\n"
        "disc 2.1 orange",
        seat_count=1,
    )
    w = state.ships[2]
    assert room(w, ORANGE, state.options) == 0 and max_load(state, w) == 0
    assert room(state.ships[3], RED, state.options) == 1
    assert legal(state, Exchange(4, 3, BLUE, 1)) is False
    red_ship = state.ships[0]
    assert room(red_ship, ORANGE, state.options) == 18 and max_load(state, red_ship) == 6
    uniform = replace(state, options=replace(state.options, capacity=Capacity.UNIFORM))
    assert room(uniform.ships[2], ORANGE, uniform.options) == 18
    unlimited = replace(state, options=replace(state.options, capacity=Capacity.UNLIMITED))
    assert max_load(unlimited, unlimited.ships[2]) == 6


def test_overflow_is_forfeited_and_jettison_rg17() -> None:
    """§2.7.6 [RES-RG17]: a blank's cube that does not fit is forfeited; jettison is a free action."""
    state = parse(
        "ship 2.0 red=12 green=6\nship 2.0 red=12 orange=6\nship 2.0 red=12 green=6\ndisc 2.1 down",
        seat_count=1,
    )
    state = replace(
        state,
        ships=(replace(state.ships[0], acted=True), replace(state.ships[1], acted=True), state.ships[2]),
    )
    after = play(state, Travel(2, "2.1"), DiscFlipped("2.1", 0), WhiteRolled(2))
    assert after.ships[2].cubes[ORANGE] == 0 and after.ships[2].acted
    assert legal(state, Jettison(2, GREEN, 6))
    assert play(state, Jettison(2, GREEN, 6)).ships[2].cubes[GREEN] == 0


# --- RG-T11 ---------------------------------------------------------------------------------------------


def test_rg_t11_delivering_and_winning_rg22() -> None:
    """RG-T11, §2.8 [RES-RG22]: ships on 0.0 deliver pooled sets; 12 wins at once."""
    state = parse(
        "ship 0.0 red=5 orange=1 yellow=1\nship 0.0 green=1 blue=1 violet=1\nrainbows 7", seat_count=1
    )
    after = play(state, Deliver(1))
    assert after.ships[0].cubes == (0, 4, 0, 0, 0, 0, 0) and sum(after.ships[1].cubes) == 0
    assert after.rainbows == 8
    double = parse("ship 0.0 red=5 orange=2 yellow=2\nship 0.0 green=2 blue=2 violet=2", seat_count=1)
    assert legal(double, Deliver(2)) and not legal(double, Deliver(3))
    win = replace(double, rainbows=10)
    after = play(win, Deliver(2))
    assert after.phase is Phase.WON
    result = RULES.to_act(after)
    assert isinstance(result, Finished) and result.outcome.cooperative and result.outcome.winners == {0}
    away = parse("ship 0.1 red=5 orange=1 yellow=1\nship 0.1 green=1 blue=1 violet=1", seat_count=1)
    assert not legal(away, Deliver(1))


# --- RG-T14 ---------------------------------------------------------------------------------------------

STRANDED = """
ship 2.0 red=0
ship 4.2 red=2
ship 6.0 red=0
black 4.2 1
disc 3.3 down
"""


def test_rg_t14_stranded_and_loss_rg18() -> None:
    """RG-T14, §2.11 [RES-RG18]: a stranded team skips the players' phase; at the 3rd in a row it loses."""
    state = parse(STRANDED, seat_count=3)
    assert is_stranded(state)
    state = replace(state, phase=Phase.GAME_TURN)
    throw = BlockadesRolled(((5, 5), (5, 5)))
    after = play(state, throw)
    assert after.phase is Phase.GAME_TURN and after.strand_count == 1 and after.stranded
    after = play(after, throw)
    assert after.strand_count == 2
    after = play(after, throw)
    assert after.phase is Phase.LOST
    result = RULES.to_act(after)
    assert isinstance(result, Finished) and not result.outcome.winners and result.outcome.cooperative
    assert not is_stranded(parse(STRANDED.replace("4.2 red=2", "4.2 red=3"), seat_count=3))
    assert not is_stranded(parse(STRANDED.replace("2.0 red=0", "0.0 red=0"), seat_count=3))
    assert not is_stranded(parse(STRANDED.replace("4.2 red=2", "4.2 red=1 orange=2"), seat_count=3))


def test_strand_limit_option() -> None:
    """§2.11 [RES-RG18]: the strand limit is an option; a non-stranded start resets the count."""
    state = replace(parse(STRANDED, RegenboogOptions(strand_limit=1), seat_count=3), phase=Phase.GAME_TURN)
    assert play(state, BlockadesRolled(((5, 5), (5, 5)))).phase is Phase.LOST
    fine = replace(parse(STRANDED.replace("2.0 red=0", "2.0 red=5"), seat_count=3), phase=Phase.GAME_TURN)
    fine = replace(fine, strand_count=2)
    after = play(fine, BlockadesRolled(((5, 5), (5, 5))))
    assert after.phase is Phase.PLAYERS and after.strand_count == 0 and after.cycle_no == 2


# --- RG-T15 ---------------------------------------------------------------------------------------------


def test_rg_t15_white_fuel_rg19() -> None:
    """RG-T15, §2.12 [RES-RG19]: white is fuel, the centre gives white, red is cargo everywhere."""
    options = RegenboogOptions(white_fuel=True)
    state = RULES.new_game(options, 4)
    assert all(s.cubes[WHITE] == 12 and s.cubes[RED] == 0 for s in state.ships)
    one = parse(
        "ship 1.0 white=12\nship 0.0 white=1\ndisc 1.1 down\nship 3.0 white=5 red=1\nblack 3.1 1\n"
        "deal blank=1 red=1",
        options,
        1,
    )
    assert destinations(one)["1.4"] == 1
    assert legal(one, Load(1, 6))
    assert play(one, Load(1, 6)).ships[1].cubes[WHITE] == 7
    after = play(one, Travel(0, "1.1"), DiscFlipped("1.1", 0), WhiteRolled(1))
    assert after.ships[0].cubes[RED] == 1
    assert not legal(one, Travel(2, "3.1", (), 1))  # 1 red, white does not count
    two_red = replace(one, ships=(*one.ships[:2], replace(one.ships[2], cubes=(5, 2, 0, 0, 0, 0, 0))))
    assert legal(two_red, Travel(2, "3.1", (), 1))
    red_disc = play(one, Travel(0, "1.1"), DiscFlipped("1.1", RED))
    assert red_disc.load_colour == RED and play(red_disc, Load(0, 6)).ships[0].cubes[RED] == 6
    sets = parse("ship 0.0 white=6 orange=1 yellow=1 green=1 blue=1 violet=1", options, 1)
    assert not legal(sets, Deliver(1))


# --- further resolutions --------------------------------------------------------------------------------


def test_turn_per_ship_rg7() -> None:
    """regenboog.md §2.6 [RES-RG7]: every ship takes its own turn each cycle, in no fixed order: any ship
    that has not acted may go next, whoever owns it; the phase ends once every ship has acted."""
    state = parse("ship 1.0 red=12\nship 3.0 red=12\nship 5.0 red=12", seat_count=2)
    who = RULES.to_act(state)
    assert isinstance(who, Players) and who.seats == (0, 1)  # both seats may act; the first ship's first
    assert legal(state, Pass(2)) and legal(state, Pass(1))
    state = play(state, Pass(2))
    assert legal(state, Pass(0)) and not legal(state, EndPhase())
    state = play(state, Pass(0))
    who = RULES.to_act(state)
    assert isinstance(who, Players) and who.seats == (1,)
    state = play(state, Pass(1))
    assert legal(state, EndPhase())
    assert play(state, EndPhase()).phase is Phase.GAME_TURN


def test_two_players_act_in_either_order() -> None:
    """regenboog.md §2.6: with two players, ship 2 (the second player's) may sail before ship 1, and the
    order matters: a ship that clears a blockade opens the way for the next."""
    text = "ship 2.0 red=12 orange=2\nship 2.0 red=12\nblack 2.2 1\ndisc 2.2 down"
    state = parse(text, seat_count=2)
    assert state.ships[1].owner == 1
    # Ship 2 first: it cannot clear 2.2 (no orange), so it goes elsewhere; ship 1 then clears.
    second_first = play(state, Travel(1, "2.1"))
    assert RULES.to_act(second_first).seats == (0,)  # type: ignore[union-attr]
    assert legal(second_first, Travel(0, "2.2", (), 1))
    # Ship 1 first, carrying ship 2 onto the cleared field: then ship 2 can sail on from there.
    first_first = play(state, Travel(0, "2.2", (1,), 1))
    assert first_first.black[at("2.2")] == 0 and first_first.ships[1].cell == at("2.2")
    assert why_illegal(state, Travel(1, "2.2")) is not None  # blocked before ship 1 cleared it
    for order in ((0, 1), (1, 0)):
        after = state
        for sid in order:
            after = play(after, Pass(sid))
        assert legal(after, EndPhase())


def test_flips_are_automatic_rg12_and_new_round_rg13_rg15() -> None:
    """§2.10 [RES-RG12] [RES-RG13] [RES-RG15]: a new round starts when no uncovered face-down disc is left
    (covered ones do not count); uncovered face-up discs leave; discs under ships flip at once and each ship
    there loads."""
    text = (
        "ship 1.0 red=12\nship 1.0 red=12\ndisc 2.2 down\nblack 2.2 1\n"
        "disc 3.3 green\ndisc 4.4 blue\nblack 4.4 1"
    )
    state = replace(parse(text, seat_count=1), phase=Phase.GAME_TURN)
    after = play(state, BlockadesRolled(((5, 5), (5, 5))))
    assert after.phase is Phase.NEW_ROUND
    assert after.discs[at("3.3")] == 0 and after.discs[at("4.4")] == BLUE and after.discs[at("2.2")] == -1
    assert after.place_queue == (1, 2, 3, 4, 5, 6)
    after = play(after, DiscsPlaced(1, (0, 2, 4)))
    for segment in range(2, 7):
        positions = (1, 3, 5) if segment not in (2, 4) else (1, 3)
        after = play(after, DiscsPlaced(segment, positions))
    assert after.flip_cell == at("1.0")
    # The new deal is the pool: 16 discs (all but the blue under 4.4 and the face-down disc under 2.2).
    odds = dict(chance_outcomes(after) or [])
    assert DiscFlipped("1.0", BLUE) not in odds and odds[DiscFlipped("1.0", GREEN)] == Fraction(1, 16)
    after = play(after, DiscFlipped("1.0", GREEN))
    assert RULES.to_act(after).seats == (0,)  # type: ignore[union-attr]
    after = play(after, Share(0, 6), Share(1, 6))
    assert after.ships[0].cubes[GREEN] == 6 and after.ships[1].cubes[GREEN] == 6
    assert after.phase is Phase.PLAYERS and after.round_no == 2 and after.cycle_no == 2


def test_new_round_blank_under_ships_rg15() -> None:
    """§2.10 step 6 [RES-RG15]: a blank under several ships gives one cube to one ship."""
    state = replace(
        parse("ship 1.0 red=12\nship 1.0 red=12", seat_count=1), phase=Phase.NEW_ROUND, place_queue=(1,)
    )
    state = start.begin_deal(replace(state, pool=(3, 0, 0, 0, 0, 0, 0), deals=()))
    after = play(state, DiscsPlaced(1, (0, 2, 4)))
    assert after.flip_cell == at("1.0")
    after = play(after, DiscFlipped("1.0", 0), WhiteRolled(6))
    # The team chooses the ship: either may take the cube; the first is the default.
    assert legal_actions(after) == [Share(0, 1), Share(1, 1), Concede()]
    assert RULES.to_act(after).prompt == "Which ship takes the violet cube?"  # type: ignore[union-attr]
    to_second = play(after, Share(1, 1))
    assert to_second.ships[0].cubes[VIOLET] == 0 and to_second.ships[1].cubes[VIOLET] == 1
    assert to_second.phase is Phase.PLAYERS and to_second.pool[0] == 1


def test_one_coloured_disc_of_each_colour_rg16() -> None:
    """regenboog.md §2.2 [RES-RG16]: 12 blanks and one disc of each colour, all in the pool at the start and
    dealt out whole; a flip draws from the discs of its deal still face down."""
    fresh = RULES.new_game(RegenboogOptions(), 2)
    assert fresh.deals == ((12, 1, 1, 1, 1, 1, 1),) and fresh.pool == (0,) * 7
    state = parse(
        "ship 1.0 red=12\ndisc 1.1 down\ndisc 2.2 violet\ndeal blank=12 red=1 green=1", seat_count=1
    )
    after = play(state, Travel(0, "1.1"))
    outcomes = dict(chance_outcomes(after) or [])
    assert outcomes == {
        DiscFlipped("1.1", 0): Fraction(12, 14),
        DiscFlipped("1.1", RED): Fraction(1, 14),
        DiscFlipped("1.1", GREEN): Fraction(1, 14),
    }
    assert why_illegal(after, DiscFlipped("1.1", VIOLET)) is not None


def test_large_board_rg20_rg21_and_sector_dice() -> None:
    """§2.12 [RES-RG20] [RES-RG21]: grey discs on the inner ring, ships on the rim centres, three dice."""
    options = RegenboogOptions(large_board=True)
    assert RULES.option_problem(options, 3) is not None
    state = RULES.new_game(options, 4)
    b = start.board_of(options)
    assert [b.cells[s.cell].id for s in state.ships] == ["7.0", "8.0", "10.0", "11.0"]
    assert state.place_queue == (1, 2, 3, 4, 5, 6)
    game_turn = replace(state, phase=Phase.GAME_TURN, place_queue=(), discs=_one_disc(state, b.index("1.1")))
    after = play(game_turn, BlockadesRolled(((1, 4, 2), (2, 2, 6))))
    assert after.black[b.index("0.2")] == 1 and after.black[b.index("2.6")] == 1
    assert chance_outcomes(game_turn) is None


def _one_disc(state: RegenboogState, cell: int) -> tuple[int, ...]:
    return tuple(DISC_FACE_DOWN if i == cell else 0 for i in range(len(state.discs)))


def test_start_positions_and_disc_under_start_rg21() -> None:
    """§2.5 step 4 [RES-RG21]: ships on different outer centres with 12 fuel; a disc under a start flips."""
    state = RULES.new_game(RegenboogOptions(), 2)
    assert [B.cells[s.cell].id for s in state.ships] == ["1.0", "2.0", "4.0", "5.0"]
    assert all(s.cubes[RED] == 12 for s in state.ships)
    state = play(state, DiscsPlaced(1, (0, 2, 4)))
    for segment in range(2, 7):
        state = play(state, DiscsPlaced(segment, (1, 3, 5)))
    assert state.flip_cell == at("1.0")
    state = play(state, DiscFlipped("1.0", ORANGE))
    assert legal_actions(state)[0] == Share(0, 6)  # the most is the first choice (the default)
    state = play(state, Share(0, 6))
    assert state.ships[0].cubes[ORANGE] == 6 and state.phase is Phase.PLAYERS and state.cycle_no == 1


def test_ship_counts_and_options() -> None:
    """§2.4: the ship splits the spec allows; solo mode [APP]."""
    assert RULES.option_problem(RegenboogOptions(), 2) is None
    assert RULES.option_problem(RegenboogOptions(ships=6), 2) is None
    assert RULES.option_problem(RegenboogOptions(ships=5), 2) is not None
    assert RULES.option_problem(RegenboogOptions(ships=6), 3) is None
    assert RULES.option_problem(RegenboogOptions(ships=5), 5) is None
    assert RULES.option_problem(RegenboogOptions(ships=3), 1) is None
    assert RULES.option_problem(RegenboogOptions(ships=2), 1) is not None
    solo = RULES.new_game(RegenboogOptions(ships=6), 1)
    assert len(solo.ships) == 6 and {s.owner for s in solo.ships} == {0}
    three = RULES.new_game(RegenboogOptions(), 3)
    assert [B.cells[s.cell].id for s in three.ships] == ["1.0", "3.0", "5.0"]
    assert [s.kind.value for s in three.ships] == ["red", "yellow", "white"]


def test_closed_openings_option_rg2() -> None:
    """§2.3.6 [RES-RG2]: with openings closed, ships cannot sail into them."""
    state = parse("ship 1.3 red=12", RegenboogOptions(openings_passable=False), 1)
    assert "H1" not in destinations(state)
    assert why_illegal(state, Travel(0, "H1")) is not None
    assert "H1" in destinations(parse("ship 1.3 red=12"))


def test_concede_and_cycle_cap() -> None:
    """§2.11 [APP]: concede is always possible in the players' phase; the optional cycle cap loses."""
    state = parse("ship 1.0 red=12", seat_count=1)
    after = play(state, Concede())
    assert after.phase is Phase.LOST and "gave up" in str(RULES.to_act(after).outcome.summary)  # type: ignore[union-attr]
    capped = replace(
        parse("ship 1.0 red=12\ndisc 3.3 down", RegenboogOptions(max_cycles=1), 1), phase=Phase.GAME_TURN
    )
    assert play(capped, BlockadesRolled(((5, 5), (5, 5)))).phase is Phase.LOST


def test_illegal_actions_are_refused() -> None:
    state = parse("ship 1.0 red=12\nship 2.0 red=12", seat_count=1)
    with pytest.raises(IllegalAction):
        RULES.apply(state, Load(0, 1))
    assert why_illegal(state, Exchange(0, 1, RED, 1)) is not None
    assert why_illegal(state, Travel(0, "9.9")) is not None
    assert why_illegal(state, WhiteRolled(3)) is not None
    assert why_illegal(state, DiscFlipped("1.0", 0)) is not None


def test_diagram_round_trip() -> None:
    text = (
        "ship 1.0 red=12 orange=1\nship 5.0 acted\nblack 2.2 1\ndisc 5.2 down\ndisc 6.1 green\nrainbows 7\n"
        "pool blank=11 red=1 orange=1 yellow=1 blue=1 violet=1\ndeal blank=1\n"
    )
    assert render(parse(text)) == text


def test_samples_follow_the_listed_outcomes() -> None:
    state = RULES.new_game(RegenboogOptions(), 2)
    rng = Rng.from_seed(5)
    for _ in range(20):
        action = RULES.sample_chance(state, rng)
        assert why_illegal(state, action) is None
