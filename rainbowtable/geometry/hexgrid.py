"""Axial hex coordinates with De Regenboog's direction numbering (regenboog.md §2.3.1 [RES-RG3]).

Flat-topped hexes, axial (q, r), y pointing down on screen. The six directions are numbered 1..6 clockwise
from north: 1 N (0, -1), 2 NE (+1, -1), 3 SE (+1, 0), 4 S (0, +1), 5 SW (-1, +1), 6 NW (-1, 0). The
opposite of k is k + 3 (mod 6, in 1..6), and D(k-1) + D(k+1) = D(k). Pixel centres for hex size s are
x = 1.5·s·q, y = √3·s·(r + q/2). Everything here is a pure function of its arguments. Does not hold any
game's board (see `games/regenboog/board.py`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import NamedTuple

SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    """One hex cell in axial coordinates."""

    q: int
    r: int


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
"""D1..D6 as DIRECTIONS[k - 1]: N, NE, SE, S, SW, NW (clockwise from north)."""

DIRECTION_NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def wrap(k: int) -> int:
    """A direction number taken mod 6 into 1..6 (wrap(0) = 6, wrap(7) = 1)."""
    return (k - 1) % 6 + 1


def direction(k: int) -> Hex:
    """The axial offset D_k of direction k (any integer, taken mod 6 into 1..6)."""
    return DIRECTIONS[(k - 1) % 6]


def opposite(k: int) -> int:
    """The direction opposite k: k + 3, wrapped into 1..6."""
    return wrap(k + 3)


def add(a: Hex, b: Hex) -> Hex:
    """Vector sum (a NamedTuple's `+` would concatenate)."""
    return Hex(a.q + b.q, a.r + b.r)


def sub(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def scale(a: Hex, factor: int) -> Hex:
    return Hex(a.q * factor, a.r * factor)


def neighbour(h: Hex, k: int) -> Hex:
    """The cell next to `h` in direction k."""
    d = direction(k)
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of `h`, in direction order 1..6."""
    return tuple(Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction k with b = a + D_k, or None when the cells are not adjacent."""
    delta = sub(b, a)
    for k, d in enumerate(DIRECTIONS, start=1):
        if d == delta:
            return k
    return None


def is_adjacent(a: Hex, b: Hex) -> bool:
    return direction_to(a, b) is not None


def length(h: Hex) -> int:
    """Hex distance from the origin."""
    return (abs(h.q) + abs(h.r) + abs(h.q + h.r)) // 2


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two cells on an unbounded hex plane."""
    return length(sub(a, b))


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Turn `h` about the origin by `steps` sixth-turns clockwise (D_k goes to D_{k+steps})."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(q, r)


def mirror(h: Hex) -> Hex:
    """Reflect across the vertical axis through the origin (east and west swap; D2 <-> D6, D3 <-> D5)."""
    return Hex(-h.q, h.q + h.r)


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The cells at exactly `radius` steps from `centre` (6·radius of them; just the centre for 0).

    Starts at centre + radius·D1 (north) and walks clockwise."""
    if radius < 0:
        raise ValueError("a ring's radius cannot be negative")
    if radius == 0:
        return (centre,)
    out: list[Hex] = []
    h = add(centre, scale(direction(1), radius))
    for k in range(3, 9):  # walk SE, S, SW, NW, N, NE: the sides of the ring, clockwise from the top
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, k)
    return tuple(out)


def spiral(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every cell within `radius` steps of `centre`, ring by ring from the centre out."""
    return tuple(h for k in range(radius + 1) for h in ring(centre, k))


def to_pixel(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """The screen centre of `h` for hex size `size` (centre to corner), y down (§2.3.1)."""
    return (origin[0] + 1.5 * size * h.q, origin[1] + SQRT3 * size * (h.r + h.q / 2.0))


def round_hex(q: float, r: float) -> Hex:
    """The cell containing fractional axial coordinates (cube rounding)."""
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return Hex(int(rx), int(rz))


def from_pixel(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The cell under a screen point: the inverse of `to_pixel`."""
    px, py = x - origin[0], y - origin[1]
    q = px / (1.5 * size)
    r = py / (SQRT3 * size) - q / 2.0
    return round_hex(q, r)


def corners(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple[float, float], ...]:
    """The six corners of a flat-topped hex, clockwise from the east corner."""
    cx, cy = to_pixel(h, size, origin)
    return tuple(
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    )


def components(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """The connected groups of `cells` under hex adjacency, largest first (ties in first-seen order)."""
    listed = sorted(set(cells)) if isinstance(cells, (set, frozenset)) else list(dict.fromkeys(cells))
    remaining = set(listed)
    order = listed
    groups: list[frozenset[Hex]] = []
    for start in order:
        if start not in remaining:
            continue
        group = set(_flood(start, remaining))
        remaining -= group
        groups.append(frozenset(group))
    groups.sort(key=len, reverse=True)
    return groups


def _flood(start: Hex, allowed: set[Hex]) -> Iterator[Hex]:
    seen = {start}
    stack = [start]
    while stack:
        h = stack.pop()
        yield h
        for n in neighbours(h):
            if n in allowed and n not in seen:
                seen.add(n)
                stack.append(n)
