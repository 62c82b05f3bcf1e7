"""Axial hexes with De Regenboog's direction numbering (regenboog.md §2.3.1 [RES-RG3]), property-tested."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.geometry.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    Hex,
    add,
    components,
    corners,
    direction,
    direction_to,
    distance,
    from_pixel,
    mirror,
    neighbour,
    neighbours,
    opposite,
    ring,
    rotate,
    scale,
    spiral,
    sub,
    to_pixel,
    wrap,
)

hexes = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
dirs = st.integers(1, 6)


def test_direction_table_rg3() -> None:
    """regenboog.md §2.3.1 [RES-RG3]: 1 = N, clockwise; the offsets of the table."""
    assert [direction(k) for k in range(1, 7)] == [
        Hex(0, -1),
        Hex(1, -1),
        Hex(1, 0),
        Hex(0, 1),
        Hex(-1, 1),
        Hex(-1, 0),
    ]
    assert wrap(0) == 6 and wrap(7) == 1 and opposite(1) == 4 and opposite(5) == 2


def test_screen_directions() -> None:
    """§2.3.1: direction 1 points up, 2 up-right, 3 down-right, 4 down (y down on screen)."""
    pixels = [to_pixel(d, 10.0) for d in DIRECTIONS]
    angles = [math.degrees(math.atan2(x, -y)) % 360 for x, y in pixels]
    assert [round(a) for a in angles] == [0, 60, 120, 180, 240, 300]


@given(dirs)
def test_direction_identities(k: int) -> None:
    """§2.3.1: the opposite of k is k+3 and D(k-1) + D(k+1) = D(k)."""
    assert add(direction(k), direction(opposite(k))) == ORIGIN
    assert add(direction(k - 1), direction(k + 1)) == direction(k)


@given(hexes, dirs)
def test_neighbours_are_adjacent(h: Hex, k: int) -> None:
    n = neighbour(h, k)
    assert distance(h, n) == 1
    assert direction_to(h, n) == k and direction_to(n, h) == opposite(k)
    assert neighbours(h)[k - 1] == n
    assert len(set(neighbours(h))) == 6


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(0, 6))
def test_rotation_keeps_distance_and_turns_directions(h: Hex, steps: int) -> None:
    assert distance(rotate(h, steps), ORIGIN) == distance(h, ORIGIN)
    assert rotate(h, 6) == h
    for k in range(1, 7):
        assert rotate(direction(k), steps) == direction(k + steps)
    assert mirror(mirror(h)) == h


@given(hexes, st.integers(0, 5))
def test_rings_and_spirals(centre: Hex, radius: int) -> None:
    cells = ring(centre, radius)
    assert len(cells) == max(1, 6 * radius) == len(set(cells))
    assert all(distance(centre, h) == radius for h in cells)
    assert len(spiral(centre, radius)) == 1 + 3 * radius * (radius + 1)
    if radius:
        assert cells[0] == add(centre, scale(direction(1), radius))
        assert all(distance(a, b) == 1 for a, b in zip(cells, (*cells[1:], cells[0]), strict=True))


@given(hexes, st.floats(5.0, 80.0), st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
def test_pixel_round_trip(h: Hex, size: float, fx: float, fy: float) -> None:
    x, y = to_pixel(h, size, (7.0, -3.0))
    assert from_pixel(x, y, size, (7.0, -3.0)) == h
    # A point well inside the hex (within the inscribed circle) still lands on it.
    inner = size * math.sqrt(3) / 2 * 0.9
    assert from_pixel(x + fx * inner, y + fy * inner, size, (7.0, -3.0)) == h
    assert len(corners(h, size)) == 6


def test_components() -> None:
    a = [Hex(0, 0), Hex(1, 0), Hex(5, 5)]
    groups = components(a)
    assert groups == [frozenset({Hex(0, 0), Hex(1, 0)}), frozenset({Hex(5, 5)})]
    assert components(iter(a)) == groups
    assert sub(Hex(3, 1), Hex(1, 1)) == Hex(2, 0)
