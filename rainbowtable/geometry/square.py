"""Square-grid helpers shared by the games: the `Cell` key, neighbours, rotation, mirroring, components.

Coordinates are (x, y) with x to the east and y to the north, as in the rules specs; a renderer with y
pointing down flips the picture, not the maths. Rotation is counter-clockwise in quarter turns about the
origin, mirroring reflects x. Everything here is a pure function of its arguments. Does not hold anything
about polyomino shapes (see `polyomino.py`) or about any game's board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple


class Cell(NamedTuple):
    """One square of a grid."""

    x: int
    y: int


# The four edge neighbours (east, north, west, south) and the four diagonal ones.
N4: tuple[Cell, ...] = (Cell(1, 0), Cell(0, 1), Cell(-1, 0), Cell(0, -1))
DIAGONALS: tuple[Cell, ...] = (Cell(1, 1), Cell(-1, 1), Cell(-1, -1), Cell(1, -1))
N8: tuple[Cell, ...] = N4 + DIAGONALS


def offset(cell: Cell, dx: int, dy: int) -> Cell:
    return Cell(cell.x + dx, cell.y + dy)


def plus(a: Cell, b: Cell) -> Cell:
    """Vector sum (a NamedTuple's `+` would concatenate the tuples)."""
    return Cell(a.x + b.x, a.y + b.y)


def minus(a: Cell, b: Cell) -> Cell:
    return Cell(a.x - b.x, a.y - b.y)


def neighbours4(cell: Cell) -> tuple[Cell, ...]:
    return tuple(plus(cell, d) for d in N4)


def neighbours8(cell: Cell) -> tuple[Cell, ...]:
    return tuple(plus(cell, d) for d in N8)


def rotate(cell: Cell, quarter_turns: int) -> Cell:
    """Rotate counter-clockwise about the origin by `quarter_turns` (any integer, taken mod 4)."""
    x, y = cell
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return Cell(x, y)


def mirror(cell: Cell) -> Cell:
    """Reflect across the y axis (x becomes -x): what turning a tile over left-to-right does."""
    return Cell(-cell.x, cell.y)


def transform(cell: Cell, quarter_turns: int, mirrored: bool) -> Cell:
    """Mirror first (if asked), then rotate: the order a tile is turned over and then turned on the table."""
    return rotate(mirror(cell) if mirrored else cell, quarter_turns)


def scan_key(cell: Cell) -> tuple[int, int]:
    """Scan order: by row (y), then by column (x)."""
    return (cell.y, cell.x)


def in_rect(cell: Cell, width: int, height: int) -> bool:
    return 0 <= cell.x < width and 0 <= cell.y < height


def rect_cells(width: int, height: int) -> tuple[Cell, ...]:
    """Every cell of a width x height rectangle anchored at (0, 0), in scan order."""
    return tuple(Cell(x, y) for y in range(height) for x in range(width))


def bounding_box(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(min_x, min_y, max_x, max_y) of a non-empty collection of cells."""
    listed = list(cells)
    if not listed:
        raise ValueError("the bounding box of no cells is undefined")
    xs = [c.x for c in listed]
    ys = [c.y for c in listed]
    return (min(xs), min(ys), max(xs), max(ys))


def connected_components(
    cells: Iterable[Cell], neighbours: Callable[[Cell], Iterable[Cell]] = neighbours4
) -> tuple[frozenset[Cell], ...]:
    """The connected pieces of a set of cells, each a frozenset, ordered by their first cell in scan order."""
    remaining = set(cells)
    components: list[frozenset[Cell]] = []
    for start in sorted(remaining, key=scan_key):
        if start not in remaining:
            continue
        remaining.discard(start)
        found = {start}
        stack = [start]
        while stack:
            current = stack.pop()
            for near in neighbours(current):
                if near in remaining:
                    remaining.discard(near)
                    found.add(near)
                    stack.append(near)
        components.append(frozenset(found))
    return tuple(components)
