"""Polyominoes on the square grid: normalising, orientations (rotations and mirror images) and placement.

A shape is a collection of `Cell`s. An orientation is (quarter turns counter-clockwise, mirrored), applied
mirror first; a placed shape is the oriented shape normalised so its bounding box starts at (0, 0), then
moved to an origin. So `origin` is always the lower-left corner of the placed shape's bounding box, whatever
the orientation. Pure functions only; no knowledge of any game's pieces or colours.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rainbowtable.geometry.square import Cell, plus, scan_key, transform


class Orientation(NamedTuple):
    """A quarter-turn count (0..3, counter-clockwise) and whether the shape is mirrored."""

    quarter_turns: int
    mirrored: bool


ALL_ORIENTATIONS: tuple[Orientation, ...] = tuple(
    Orientation(turns, mirrored) for mirrored in (False, True) for turns in range(4)
)


def normalised(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved so the smallest x and y are 0, in scan order (the canonical form of a shape)."""
    listed = list(cells)
    if not listed:
        return ()
    min_x = min(c.x for c in listed)
    min_y = min(c.y for c in listed)
    return tuple(sorted((Cell(c.x - min_x, c.y - min_y) for c in listed), key=scan_key))


def oriented_pairs(cells: Iterable[Cell], orientation: Orientation) -> tuple[tuple[Cell, Cell], ...]:
    """(original cell, where it lands) for every cell, after turning and normalising the whole shape.

    Returned in the order of `cells`, so a per-cell attribute (a printed colour) can follow its square.
    """
    listed = list(cells)
    moved = [transform(c, orientation.quarter_turns, orientation.mirrored) for c in listed]
    if not moved:
        return ()
    min_x = min(c.x for c in moved)
    min_y = min(c.y for c in moved)
    return tuple((c, Cell(m.x - min_x, m.y - min_y)) for c, m in zip(listed, moved, strict=True))


def oriented(cells: Iterable[Cell], orientation: Orientation) -> tuple[Cell, ...]:
    """The shape turned and normalised, in scan order."""
    return normalised(m for _, m in oriented_pairs(cells, orientation))


def placed(cells: Iterable[Cell], origin: Cell, orientation: Orientation) -> tuple[Cell, ...]:
    """The shape turned, normalised and moved so its bounding box's lower-left corner is `origin`."""
    return tuple(plus(c, origin) for c in oriented(cells, orientation))


def distinct_orientations(
    cells: Iterable[Cell],
) -> tuple[tuple[tuple[Cell, ...], tuple[Orientation, ...]], ...]:
    """Each distinct footprint of the shape, with every orientation that produces it, in a fixed order."""
    listed = list(cells)
    found: dict[tuple[Cell, ...], list[Orientation]] = {}
    for orientation in ALL_ORIENTATIONS:
        found.setdefault(oriented(listed, orientation), []).append(orientation)
    return tuple((shape, tuple(ways)) for shape, ways in found.items())


def anchor(cells: Iterable[Cell]) -> Cell:
    """The first cell in scan order: where auto-assembly pins a shape onto the first empty square."""
    return min(cells, key=scan_key)
