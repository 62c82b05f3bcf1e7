"""Polyomino orientations and placement (ARCHITECTURE.md §7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.geometry.polyomino import (
    ALL_ORIENTATIONS,
    Orientation,
    anchor,
    distinct_orientations,
    normalised,
    oriented,
    oriented_pairs,
    placed,
)
from rainbowtable.geometry.square import Cell

L_TROMINO = (Cell(0, 0), Cell(1, 0), Cell(0, 1))
STRAIGHT = (Cell(0, 0), Cell(1, 0), Cell(2, 0))
PLUS = (Cell(1, 0), Cell(0, 1), Cell(1, 1), Cell(2, 1), Cell(1, 2))
F_PENTOMINO = (Cell(1, 0), Cell(0, 1), Cell(1, 1), Cell(1, 2), Cell(2, 2))

shapes = st.sets(st.builds(Cell, st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=8)


def test_normalised_moves_to_origin_in_scan_order() -> None:
    assert normalised([Cell(5, 7), Cell(4, 8)]) == (Cell(1, 0), Cell(0, 1))
    assert normalised([]) == ()


def test_distinct_orientation_counts() -> None:
    assert len(distinct_orientations(L_TROMINO)) == 4
    assert len(distinct_orientations(STRAIGHT)) == 2
    assert len(distinct_orientations(PLUS)) == 1
    assert len(distinct_orientations(F_PENTOMINO)) == 8
    assert sum(len(ways) for _, ways in distinct_orientations(L_TROMINO)) == 8


def test_placed_puts_the_bounding_box_corner_on_the_origin() -> None:
    assert placed(L_TROMINO, Cell(4, 2), Orientation(2, False)) == (Cell(5, 2), Cell(4, 3), Cell(5, 3))
    assert anchor(PLUS) == Cell(1, 0)


def test_oriented_pairs_follow_each_square() -> None:
    pairs = oriented_pairs(STRAIGHT, Orientation(1, False))
    assert pairs == ((Cell(0, 0), Cell(0, 0)), (Cell(1, 0), Cell(0, 1)), (Cell(2, 0), Cell(0, 2)))
    mirrored = oriented_pairs(STRAIGHT, Orientation(0, True))
    assert [m for _, m in mirrored] == [Cell(2, 0), Cell(1, 0), Cell(0, 0)]


@given(shapes, st.sampled_from(ALL_ORIENTATIONS))
def test_four_quarter_turns_are_the_identity(shape: set[Cell], orientation: Orientation) -> None:
    once = oriented(shape, orientation)
    turned = once
    for _ in range(4):
        turned = oriented(turned, Orientation(1, False))
    assert turned == once
    assert oriented(oriented(shape, Orientation(0, True)), Orientation(0, True)) == normalised(shape)


@given(shapes, st.sampled_from(ALL_ORIENTATIONS))
def test_orientation_keeps_size_and_shape_count(shape: set[Cell], orientation: Orientation) -> None:
    result = oriented(shape, orientation)
    assert len(result) == len(shape)
    assert min(c.x for c in result) == 0 and min(c.y for c in result) == 0
    assert result in {s for s, _ in distinct_orientations(shape)}
