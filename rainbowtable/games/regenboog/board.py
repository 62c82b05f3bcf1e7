"""De Regenboog's board of hex segments (regenboog.md §2.3): the cells, the two standard layouts, the
openings between segments, and the headless builder draft (ARCHITECTURE.md §7).

A segment is a "flower" of seven fields: its centre (position 0) and the six fields around it (position k in
direction k). Segment centres sit on the lattice {q ≡ r ≡ 0 (mod 3)} [RES-RG1]; a cell enclosed by fields on
all six sides at (q mod 3, r mod 3) ∈ {(1, 1), (2, 2)} is an opening [RES-RG2]. Segment numbers follow the
standard layouts [RES-RG4]: 0 the middle, 1..6 the inner ring at 3·D_k, 7..12 the outer ring at
3·(D_k + D_{k+1}); further custom segments are numbered from 13 in reading order. Holds no game state and no
rules (see `rules.py`); a `Board` is derived from the options and never saved inside a state.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rainbowtable.core.i18n import _
from rainbowtable.geometry.hexgrid import (
    ORIGIN,
    Hex,
    add,
    components,
    direction,
    mirror,
    neighbours,
    rotate,
    round_hex,
    scale,
    sub,
)


class CellKind(enum.Enum):
    FIELD = "field"
    OPENING = "opening"


@dataclass(frozen=True, slots=True)
class BoardCell:
    """One cell: id ("s.p" for segment s position p, "Hk"/"Gk"/"Oq,r" for openings), axial hex, kind."""

    id: str
    hex: Hex
    kind: CellKind
    segment: int | None
    position: int | None


def ring_centre(k: int) -> Hex:
    """The centre of inner-ring segment k (1..6): 3·D_k (§2.3.3)."""
    return scale(direction(k), 3)


def outer_centre(k: int) -> Hex:
    """The centre of outer-ring segment 6 + k (k = 1..6): 3·(D_k + D_{k+1}) (§2.3.5)."""
    return scale(add(direction(k), direction(k + 1)), 3)


STANDARD_CENTRES: tuple[Hex, ...] = (ORIGIN, *(ring_centre(k) for k in range(1, 7)))
"""Regenboog 01: segment s at STANDARD_CENTRES[s] (§2.3.3)."""
LARGE_CENTRES: tuple[Hex, ...] = (*STANDARD_CENTRES, *(outer_centre(k) for k in range(1, 7)))
"""Regenboog 02: segment s at LARGE_CENTRES[s] (§2.3.5)."""


def segment_fields(centre: Hex) -> tuple[Hex, ...]:
    """The seven fields of a segment: position 0 (the centre), then positions 1..6."""
    return (centre, *(add(centre, direction(k)) for k in range(1, 7)))


def opening_name(h: Hex) -> str:
    """H_k = D_k + D_{k+1} (the marker holes), G_k = 2·(D_k + D_{k+1}); any other opening by coordinates."""
    for k in range(1, 7):
        between = add(direction(k), direction(k + 1))
        if h == between:
            return f"H{k}"
        if h == scale(between, 2):
            return f"G{k}"
    return f"O{h.q},{h.r}"


def is_on_lattice(h: Hex) -> bool:
    return h.q % 3 == 0 and h.r % 3 == 0


def snap(h: Hex) -> Hex:
    """The segment-centre lattice point nearest to `h` (§2.3.7)."""
    return scale(round_hex(h.q / 3.0, h.r / 3.0), 3)


class Board:
    """A built board: cells with ids and positions, plain hex adjacency, and lookups the rules need."""

    __slots__ = (
        "_passable",
        "by_hex",
        "by_id",
        "cells",
        "centres",
        "is_large",
        "neighbours",
        "segment_count",
    )

    def __init__(self, centres: Sequence[Hex]) -> None:
        self.centres: tuple[Hex, ...] = tuple(centres)
        self.segment_count = len(self.centres)
        self.is_large = tuple(self.centres[:13]) == LARGE_CENTRES
        cells: list[BoardCell] = []
        fields: set[Hex] = set()
        for s, centre in enumerate(self.centres):
            for p, h in enumerate(segment_fields(centre)):
                cells.append(BoardCell(f"{s}.{p}", h, CellKind.FIELD, s, p))
                fields.add(h)
        openings = sorted(
            (h for h in _candidate_openings(fields) if all(n in fields for n in neighbours(h))),
            key=lambda h: (opening_name(h)[0] != "H", opening_name(h)[0] != "G", opening_name(h)),
        )
        cells.extend(BoardCell(opening_name(h), h, CellKind.OPENING, None, None) for h in openings)
        self.cells: tuple[BoardCell, ...] = tuple(cells)
        self.by_hex: dict[Hex, int] = {c.hex: i for i, c in enumerate(cells)}
        self.by_id: dict[str, int] = {c.id: i for i, c in enumerate(cells)}
        self.neighbours: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(self.by_hex.get(n) for n in neighbours(c.hex)) for c in cells
        )
        self._passable: dict[bool, tuple[tuple[int, ...], ...]] = {}

    def index(self, cell_id: str) -> int:
        return self.by_id[cell_id]

    def cell_at(self, segment: int, position: int) -> int:
        """The index of field `segment.position` (the fields come segment by segment, seven each)."""
        if 0 <= segment < self.segment_count and 0 <= position < 7:
            return 7 * segment + position
        raise KeyError(f"{segment}.{position}")

    def adjacent(self, openings_passable: bool) -> tuple[tuple[int, ...], ...]:
        """Per cell, the neighbours a ship may sail to: off-board never; openings only when passable
        (§2.3.6 point 3 [RES-RG2]). A closed opening has no neighbours at all."""
        cached = self._passable.get(openings_passable)
        if cached is None:
            out: list[tuple[int, ...]] = []
            for i, row in enumerate(self.neighbours):
                if not openings_passable and self.cells[i].kind is CellKind.OPENING:
                    out.append(())
                    continue
                out.append(
                    tuple(
                        n
                        for n in row
                        if n is not None and (openings_passable or self.cells[n].kind is CellKind.FIELD)
                    )
                )
            cached = tuple(out)
            self._passable[openings_passable] = cached
        return cached

    def distances(self, start: int, openings_passable: bool = True) -> list[int]:
        """BFS distances from `start` on an empty board (-1 where unreachable)."""
        adjacent = self.adjacent(openings_passable)
        dist = [-1] * len(self.cells)
        dist[start] = 0
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for n in adjacent[i]:
                if dist[n] < 0:
                    dist[n] = dist[i] + 1
                    queue.append(n)
        return dist


def _candidate_openings(fields: set[Hex]) -> set[Hex]:
    out: set[Hex] = set()
    for h in fields:
        for n in neighbours(h):
            if n not in fields and (n.q % 3, n.r % 3) in ((1, 1), (2, 2)):
                out.add(n)
    return out


@lru_cache(maxsize=32)
def board_for(large: bool, extra: tuple[tuple[int, int], ...] = ()) -> Board:
    """The board a game is played on: Regenboog 01 or 02, plus extra custom segments (plain terrain)."""
    base = LARGE_CENTRES if large else STANDARD_CENTRES
    extras = sorted({Hex(q, r) for q, r in extra} - set(base), key=lambda h: (h.r, h.q))
    return Board((*base, *extras))


def standard_board() -> Board:
    return board_for(False, ())


def large_board() -> Board:
    return board_for(True, ())


# --- the builder draft (ARCHITECTURE.md §7) --------------------------------------------------------------


class HexProblemCode(enum.StrEnum):
    EMPTY = "empty"
    OFF_LATTICE = "off_lattice"
    OVERLAP = "overlap"
    DISCONNECTED = "disconnected"
    NO_MIDDLE = "no_middle"
    TWO_DIRECTION_SEGMENTS = "two_direction_segments"
    DIRECTION_NOT_MIDDLE = "direction_not_middle"


@dataclass(frozen=True, slots=True)
class HexProblem:
    """One problem with a draft: its code, words for the player and the cells to highlight."""

    code: HexProblemCode
    message: str
    cells: tuple[Hex, ...] = ()


class HexBoardNotReady(ValueError):
    """`to_board()` on a draft that still has problems."""

    def __init__(self, problems: tuple[HexProblem, ...]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class PlacedSegment:
    centre: Hex
    direction_indicator: bool = False


@dataclass(frozen=True, slots=True)
class HexDraft:
    """A board being built: segments by centre; one of them carries the direction indicator (§2.3.7)."""

    segments: tuple[PlacedSegment, ...] = ()

    @staticmethod
    def of(centres: Iterable[Hex], indicator: Hex | None = ORIGIN) -> HexDraft:
        return HexDraft(tuple(PlacedSegment(c, c == indicator) for c in centres))

    def with_placed(self, centre: Hex, direction_indicator: bool = False) -> HexDraft:
        """The draft with one more segment at `centre` (no snapping or checking: see `problems`)."""
        return HexDraft((*self.segments, PlacedSegment(centre, direction_indicator)))

    def with_removed(self, centre: Hex) -> HexDraft:
        """The draft without the last segment placed at `centre` (unchanged when there is none)."""
        for i in range(len(self.segments) - 1, -1, -1):
            if self.segments[i].centre == centre:
                return HexDraft((*self.segments[:i], *self.segments[i + 1 :]))
        return self

    def with_moved(self, old: Hex, new: Hex) -> HexDraft:
        for i in range(len(self.segments) - 1, -1, -1):
            if self.segments[i].centre == old:
                moved = replace(self.segments[i], centre=new)
                return HexDraft((*self.segments[:i], *self.segments[i + 1 :], moved))
        return self

    def rotated(self, steps: int = 1) -> HexDraft:
        """Turned about the origin by `steps` sixth-turns clockwise."""
        return HexDraft(tuple(replace(s, centre=rotate(s.centre, steps)) for s in self.segments))

    def flipped(self) -> HexDraft:
        return HexDraft(tuple(replace(s, centre=mirror(s.centre)) for s in self.segments))

    def segment_at(self, h: Hex) -> PlacedSegment | None:
        """The segment (last placed first) with a field on `h`."""
        for s in reversed(self.segments):
            if h in segment_fields(s.centre):
                return s
        return None

    def middle(self) -> Hex | None:
        marked = [s.centre for s in self.segments if s.direction_indicator]
        return marked[0] if len(marked) == 1 else None

    def problems(self) -> tuple[HexProblem, ...]:
        """Every problem at once (empty when `to_board` will succeed)."""
        if not self.segments:
            return (HexProblem(HexProblemCode.EMPTY, _("Place the middle segment to start a board.")),)
        out: list[HexProblem] = []
        off = tuple(s.centre for s in self.segments if not is_on_lattice(s.centre))
        if off:
            out.append(
                HexProblem(
                    HexProblemCode.OFF_LATTICE,
                    _("Segments must lie three fields apart along the arrows."),
                    tuple(c for centre in off for c in segment_fields(centre)),
                )
            )
        seen: dict[Hex, int] = {}
        for s in self.segments:
            for h in segment_fields(s.centre):
                seen[h] = seen.get(h, 0) + 1
        overlap = tuple(sorted(h for h, n in seen.items() if n > 1))
        if overlap:
            out.append(HexProblem(HexProblemCode.OVERLAP, _("Two segments overlap."), overlap))
        groups = components(seen)
        if len(groups) > 1:
            stray = tuple(sorted(h for g in groups[1:] for h in g))
            out.append(
                HexProblem(HexProblemCode.DISCONNECTED, _("Some segments do not touch the rest."), stray)
            )
        marked = [s for s in self.segments if s.direction_indicator]
        if not marked:
            out.append(
                HexProblem(HexProblemCode.NO_MIDDLE, _("The segment with the direction arrows is missing."))
            )
        elif len(marked) > 1:
            out.append(
                HexProblem(
                    HexProblemCode.TWO_DIRECTION_SEGMENTS,
                    _("Only one segment carries the direction arrows."),
                    tuple(c for s in marked for c in segment_fields(s.centre)),
                )
            )
        else:
            centre = marked[0].centre
            centres = {s.centre for s in self.segments}
            missing = [k for k in range(1, 7) if add(centre, ring_centre(k)) not in centres]
            if missing:
                out.append(
                    HexProblem(
                        HexProblemCode.DIRECTION_NOT_MIDDLE,
                        _("The segment with the arrows must be in the middle, with six segments around it."),
                        tuple(add(centre, ring_centre(k)) for k in missing),
                    )
                )
        return tuple(out)

    def to_board(self) -> Board:
        """The board, with the middle segment moved to (0, 0); raises HexBoardNotReady with every problem."""
        found = self.problems()
        if found:
            raise HexBoardNotReady(found)
        middle = self.middle()
        assert middle is not None
        centres = {sub(s.centre, middle) for s in self.segments}
        large = set(LARGE_CENTRES) <= centres
        base = LARGE_CENTRES if large else STANDARD_CENTRES
        extra = tuple(sorted((h.q, h.r) for h in centres - set(base)))
        return board_for(large, extra)

    def extra_segments(self) -> tuple[tuple[int, int], ...]:
        """The segments beyond the standard (or large) layout, relative to the middle, for the options."""
        middle = self.middle()
        if middle is None:
            return ()
        centres = {sub(s.centre, middle) for s in self.segments}
        base = LARGE_CENTRES if set(LARGE_CENTRES) <= centres else STANDARD_CENTRES
        return tuple(sorted((h.q, h.r) for h in centres - set(base)))


STANDARD_DRAFT = HexDraft.of(STANDARD_CENTRES)
"""The one-click preset for Regenboog 01."""
LARGE_DRAFT = HexDraft.of(LARGE_CENTRES)
"""The one-click preset for Regenboog 02."""
