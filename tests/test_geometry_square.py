"""Square-grid helpers (ARCHITECTURE.md §7): neighbours, rotation, mirroring, components."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.geometry.square import (
    N4,
    N8,
    Cell,
    bounding_box,
    connected_components,
    in_rect,
    minus,
    mirror,
    neighbours4,
    neighbours8,
    plus,
    rect_cells,
    rotate,
    scan_key,
    transform,
)

cells = st.builds(Cell, st.integers(-50, 50), st.integers(-50, 50))


def test_neighbour_sets() -> None:
    assert len(set(N4)) == 4 and len(set(N8)) == 8
    assert set(neighbours4(Cell(0, 0))) == {Cell(1, 0), Cell(-1, 0), Cell(0, 1), Cell(0, -1)}
    assert set(neighbours8(Cell(2, 2))) == {Cell(x, y) for x in (1, 2, 3) for y in (1, 2, 3)} - {Cell(2, 2)}


def test_rotation_is_counter_clockwise() -> None:
    assert rotate(Cell(1, 0), 1) == Cell(0, 1)
    assert rotate(Cell(1, 0), 2) == Cell(-1, 0)
    assert rotate(Cell(1, 0), -1) == Cell(0, -1)
    assert mirror(Cell(2, 3)) == Cell(-2, 3)
    assert transform(Cell(1, 0), 1, True) == Cell(0, -1)


@given(cells, st.integers(-8, 8))
def test_four_quarter_turns_are_the_identity(cell: Cell, turns: int) -> None:
    assert rotate(rotate(cell, turns), 4 - turns) == cell
    assert rotate(cell, 4) == cell
    assert mirror(mirror(cell)) == cell


@given(cells, cells)
def test_plus_and_minus_are_inverse(a: Cell, b: Cell) -> None:
    assert minus(plus(a, b), b) == a


def test_rect_and_scan_order() -> None:
    grid = rect_cells(3, 2)
    assert grid[:4] == (Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(0, 1))
    assert list(grid) == sorted(grid, key=scan_key)
    assert in_rect(Cell(2, 1), 3, 2) and not in_rect(Cell(3, 1), 3, 2) and not in_rect(Cell(0, -1), 3, 2)
    assert bounding_box([Cell(3, -1), Cell(0, 4)]) == (0, -1, 3, 4)


def test_connected_components_n4_and_n8() -> None:
    diagonal = [Cell(0, 0), Cell(1, 1), Cell(2, 2), Cell(5, 0), Cell(5, 1)]
    assert connected_components(diagonal) == (
        frozenset({Cell(0, 0)}),
        frozenset({Cell(5, 0), Cell(5, 1)}),
        frozenset({Cell(1, 1)}),
        frozenset({Cell(2, 2)}),
    )
    assert len(connected_components(diagonal, neighbours8)) == 2
    assert connected_components([]) == ()


@given(st.sets(st.builds(Cell, st.integers(0, 6), st.integers(0, 6)), max_size=30))
def test_components_partition_the_cells(cell_set: set[Cell]) -> None:
    parts = connected_components(cell_set)
    assert sum(len(p) for p in parts) == len(cell_set)
    assert frozenset().union(*parts) == cell_set
    for i, part in enumerate(parts):
        for other in parts[i + 1 :]:
            assert not any(n in other for c in part for n in neighbours4(c))
