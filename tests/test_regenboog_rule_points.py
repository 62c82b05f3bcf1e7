"""De Regenboog rule points checked one by one (regenboog.md §2.1 colours and dice, §2.3.2 positions on a
segment, §2.3.4 the marker holes, §2.7 the order of a ship turn's parts)."""

from __future__ import annotations

from dataclasses import replace

from rainbowtable.games.regenboog.board import CellKind, large_board, standard_board
from rainbowtable.games.regenboog.diagram import parse
from rainbowtable.games.regenboog.model import (
    RAINBOW,
    BlockadesRolled,
    ClearHere,
    Colour,
    DiscFlipped,
    Load,
    Pass,
    Phase,
    Stage,
    Travel,
    WhiteRolled,
)
from rainbowtable.games.regenboog.rules import (
    blockade_cell,
    markers,
    position_colour,
    reach,
    why_illegal,
)
from rainbowtable.geometry.hexgrid import add, direction
from tests.test_regenboog_spec import play

B = standard_board()


def test_values_are_colours_and_the_white_die_gives_the_cube() -> None:
    """regenboog.md §2.1: value v is colour v (1 red ... 6 violet, red the fuel); the white die gives a
    blank disc's cube, of the colour it shows."""
    assert [c.value for c in RAINBOW] == [1, 2, 3, 4, 5, 6]
    assert [c.name for c in RAINBOW] == ["RED", "ORANGE", "YELLOW", "GREEN", "BLUE", "VIOLET"]
    for value in range(1, 7):
        state = parse("ship 1.0 red=10\ndisc 1.1 down\ndeal blank=1", seat_count=1)
        after = play(state, Travel(0, "1.1"), DiscFlipped("1.1", 0), WhiteRolled(value))
        expected = 9 + (value == Colour.RED)
        assert after.ships[0].cubes[value] == (expected if value == Colour.RED else 1)
    assert why_illegal(play(state, Travel(0, "1.1"), DiscFlipped("1.1", 0)), WhiteRolled(7)) is not None


def test_the_dice_of_the_games_turn_name_segment_and_position() -> None:
    """regenboog.md §2.1: in the game's turn the grey die gives the segment and the black die the position;
    a die showing v means position v, and the blockade there costs colour v to clear."""
    state = replace(parse("ship 1.0 red=12", seat_count=1), phase=Phase.GAME_TURN)
    for grey in range(1, 7):
        for black in range(1, 7):
            cell = blockade_cell(state, (grey, black))
            assert B.cells[cell].id == f"{grey}.{black}"
            assert position_colour(B, cell) == black


def test_positions_on_a_segment_follow_the_direction_indicator() -> None:
    """regenboog.md §2.3.2: position k of every segment is its centre plus D_k (the same numbering on
    every segment); position k has colour k; centres and openings have none and never get black discs."""
    for b in (B, large_board()):
        centres = {c.segment: c.hex for c in b.cells if c.position == 0}
        for cell in b.cells:
            if cell.kind is CellKind.OPENING:
                assert cell.position is None and position_colour(b, b.index(cell.id)) == 0
                continue
            assert cell.segment is not None and cell.position is not None
            if cell.position:
                assert cell.hex == add(centres[cell.segment], direction(cell.position))
            assert position_colour(b, b.index(cell.id)) == cell.position
    state = replace(parse("ship 1.0 red=12", seat_count=1), phase=Phase.GAME_TURN)
    for grey in range(1, 7):
        for black in range(1, 7):
            after = play(state, BlockadesRolled(((grey, black), (grey, black))))
            hit = [B.cells[i] for i, n in enumerate(after.black) if n]
            assert all(c.position and c.kind is CellKind.FIELD for c in hit)


def test_marker_holes_fill_first_then_second_places() -> None:
    """regenboog.md §2.3.4: H1..H6 take two markers each, the first of each hole in turn and then the
    second; 12 markers fill them all; a marker does not change where ships may sail."""
    assert markers(0) == (0,) * 6
    assert markers(1) == (1, 0, 0, 0, 0, 0)
    assert markers(6) == (1,) * 6
    assert markers(8) == (2, 2, 1, 1, 1, 1)
    assert markers(12) == (2,) * 6
    assert [B.cells[B.index(f"H{k}")].kind for k in range(1, 7)] == [CellKind.OPENING] * 6
    empty = parse("ship 1.3 red=12", seat_count=1)
    full = replace(empty, rainbows=11)
    assert reach(empty, empty.ships[0]) == reach(full, full.ships[0]) and B.index("H1") in reach(
        empty, empty.ships[0]
    )


def test_a_ship_turn_is_travel_then_trade() -> None:
    """regenboog.md §2.7: a ship turn is Part 1 (travel) and then Part 2 (trade), never the other way: after
    loading, the turn is over; after arriving, it cannot sail on; clearing its own blockade comes first."""
    state = parse("ship 1.0 red=12\ndisc 1.1 orange\nship 3.0 red=5 orange=2\nblack 3.2 1", seat_count=1)
    assert why_illegal(state, Load(0, 1)) is not None  # nothing to load on 1.0 (an outer centre)
    arrived = play(state, Travel(0, "1.1"))
    assert arrived.stage is Stage.LOAD and arrived.active == 0
    assert why_illegal(arrived, Travel(0, "1.0")) is not None  # Part 2 has begun: no more travel
    done = play(arrived, Load(0, 6))
    assert done.ships[0].acted and why_illegal(done, Travel(0, "1.0")) is not None
    on_blockade = parse("ship 3.2 red=5 orange=2\nblack 3.2 1\nship 1.0 red=12", seat_count=1)
    cleared = play(on_blockade, ClearHere(0, 1))
    assert cleared.stage is Stage.MAY_TRAVEL
    assert why_illegal(cleared, ClearHere(0, 1)) is not None
    sailed = play(on_blockade, Travel(0, "3.0"))
    assert sailed.ships[0].acted and why_illegal(sailed, ClearHere(0, 1)) is not None
    assert why_illegal(play(state, Pass(0)), Travel(0, "1.1")) is not None
