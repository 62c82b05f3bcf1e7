"""Rainbow Passage's board: the box of components, the frame, the builder draft and the finished `Board`.

Spec: rainbow_passage.md §1.1 (components, frame arithmetic [RES-RP1], the 61 sections, legality of an
assembled board, auto-assembly) and §1.12 (board sizes); start squares follow §1.3 [RES-RP6], [RES-RP7].

Coordinates: `Cell(x, y)`, x east, y north, (0, 0) the south-west square. A frame side's segments are listed
from its west end (north and south sides) or its south end (west and east sides). A placement's `origin` is
the lower-left corner of the placed shape's bounding box; `rotation` is counter-clockwise in degrees;
`flipped` shows side B, which is side A turned over (mirrored in x) so each printed square keeps its colour
on its own physical square.

The draft (`BoardDraft`) accepts any arrangement, so that a half-built or broken board can be shown, saved
and fixed; `problems()` lists everything wrong and `to_board()` only works when that list is empty. The
placements stay in the coordinates of the last legal frame size (`width`, `height`); when the frame settles
on a new legal size, every placement moves so the centre stays the centre.

Does not hold: the game's pieces, turns or rules (a later module), any drawing, or file formats (see
`rainbowtable.storage.boards`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache, lru_cache

from rainbowtable.core.colours import PassageColour
from rainbowtable.core.rng import Rng
from rainbowtable.geometry.polyomino import Orientation, distinct_orientations, oriented_pairs
from rainbowtable.geometry.square import Cell, connected_components, in_rect, plus, scan_key

# ---------------------------------------------------------------------------------------------------------
# The frame (§1.1 "Frame", [RES-RP1])

LONG_SEGMENT_LENGTH = 9
SHORT_SEGMENT_LENGTH = 2
FRAME_LONG_COUNT = 4
FRAME_SHORT_COUNT = 8
STANDARD_SIZE: tuple[int, int] = (11, 11)


class Edge(StrEnum):
    """A side of the frame, and the edge a player sits at (§1.2)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def opposite(self) -> Edge:
        return _OPPOSITE[self]

    @property
    def noun(self) -> str:
        return _EDGE_NOUNS[self]

    @property
    def is_horizontal(self) -> bool:
        """North and south sides run west to east and set the board's width."""
        return self in (Edge.N, Edge.S)


_OPPOSITE = {Edge.N: Edge.S, Edge.S: Edge.N, Edge.E: Edge.W, Edge.W: Edge.E}
_EDGE_NOUNS = {Edge.N: "north", Edge.E: "east", Edge.S: "south", Edge.W: "west"}
EDGES: tuple[Edge, ...] = (Edge.N, Edge.E, Edge.S, Edge.W)


class FrameSegment(StrEnum):
    LONG = "long"
    SHORT = "short"

    @property
    def length(self) -> int:
        return LONG_SEGMENT_LENGTH if self is FrameSegment.LONG else SHORT_SEGMENT_LENGTH

    @property
    def in_box(self) -> int:
        return FRAME_LONG_COUNT if self is FrameSegment.LONG else FRAME_SHORT_COUNT


def _size_for_shorts(a: int, b: int) -> tuple[int, int]:
    return (LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * a, LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * b)


# Every legal (width, height): a shorts on north and south, b on west and east, 2a + 2b <= 8 (§1.1 table).
LEGAL_SIZES: tuple[tuple[int, int], ...] = tuple(
    sorted(
        _size_for_shorts(a, b)
        for a in range(FRAME_SHORT_COUNT // 2 + 1)
        for b in range(FRAME_SHORT_COUNT // 2 + 1)
        if 2 * a + 2 * b <= FRAME_SHORT_COUNT
    )
)


def why_illegal_size(width: int, height: int) -> str | None:
    """None if width x height can be framed with the box's segments (§1.1, §1.12); else the reason."""
    for name, side in (("width", width), ("height", height)):
        if side < LONG_SEGMENT_LENGTH:
            return f"The {name} must be at least {LONG_SEGMENT_LENGTH}: every side has a long segment."
        if (side - LONG_SEGMENT_LENGTH) % SHORT_SEGMENT_LENGTH:
            return f"The {name} must be odd: each side is 9 squares plus 2 for every short segment."
    shorts = (width - LONG_SEGMENT_LENGTH) + (height - LONG_SEGMENT_LENGTH)
    if shorts > FRAME_SHORT_COUNT:
        return f"A {width}x{height} frame needs {shorts} short segments; the box has {FRAME_SHORT_COUNT}."
    return None


@dataclass(frozen=True, slots=True)
class SegmentSpan:
    """Where one frame segment lies along its side: squares [start, start + length)."""

    segment: FrameSegment
    start: int
    length: int


@dataclass(frozen=True, slots=True)
class Frame:
    """The four sides' segments, each listed from the west (N, S) or south (W, E) end."""

    north: tuple[FrameSegment, ...] = ()
    east: tuple[FrameSegment, ...] = ()
    south: tuple[FrameSegment, ...] = ()
    west: tuple[FrameSegment, ...] = ()

    @classmethod
    def for_size(cls, width: int, height: int) -> Frame:
        """The preset frame for a legal size: one long per side, shorts shared out on both sides of it."""
        reason = why_illegal_size(width, height)
        if reason is not None:
            raise ValueError(reason)

        def side(shorts: int) -> tuple[FrameSegment, ...]:
            before = shorts // 2
            return (
                (FrameSegment.SHORT,) * before
                + (FrameSegment.LONG,)
                + (FrameSegment.SHORT,) * (shorts - before)
            )

        a = (width - LONG_SEGMENT_LENGTH) // SHORT_SEGMENT_LENGTH
        b = (height - LONG_SEGMENT_LENGTH) // SHORT_SEGMENT_LENGTH
        return cls(north=side(a), east=side(b), south=side(a), west=side(b))

    def side(self, edge: Edge) -> tuple[FrameSegment, ...]:
        return {Edge.N: self.north, Edge.E: self.east, Edge.S: self.south, Edge.W: self.west}[edge]

    def with_side(self, edge: Edge, segments: tuple[FrameSegment, ...]) -> Frame:
        name = {Edge.N: "north", Edge.E: "east", Edge.S: "south", Edge.W: "west"}[edge]
        return replace(self, **{name: segments})

    def side_length(self, edge: Edge) -> int:
        return sum(segment.length for segment in self.side(edge))

    def count(self, segment: FrameSegment) -> int:
        return sum(side.count(segment) for side in (self.north, self.east, self.south, self.west))

    def spans(self, edge: Edge) -> tuple[SegmentSpan, ...]:
        """The segments of one side with their positions, for drawing the joints."""
        out: list[SegmentSpan] = []
        start = 0
        for segment in self.side(edge):
            out.append(SegmentSpan(segment, start, segment.length))
            start += segment.length
        return tuple(out)

    def problems(self) -> tuple[BoardProblem, ...]:
        """Every reason this frame is not a legal rectangle (§1.1 legality rule 1)."""
        found: list[BoardProblem] = []
        for segment in (FrameSegment.LONG, FrameSegment.SHORT):
            used = self.count(segment)
            if used > segment.in_box:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_TOO_MANY_SEGMENTS,
                        f"The frame uses {used} {segment.value} segments; the box has only {segment.in_box}.",
                    )
                )
        for edge in EDGES:
            longs = self.side(edge).count(FrameSegment.LONG)
            if longs == 0:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_SIDE_WITHOUT_LONG,
                        f"The {edge.noun} side needs a long segment.",
                        edges=(edge,),
                    )
                )
            elif longs > 1:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_SIDE_WITH_SEVERAL_LONGS,
                        f"The {edge.noun} side has {longs} long segments; each side takes exactly one.",
                        edges=(edge,),
                    )
                )
        for first, second in ((Edge.N, Edge.S), (Edge.W, Edge.E)):
            one, other = self.side_length(first), self.side_length(second)
            if one != other:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER,
                        f"Opposite sides must have the same length: the {first.noun} side is {one} squares, "
                        f"the {second.noun} side {other}.",
                        edges=(first, second),
                    )
                )
        return tuple(found)

    @property
    def is_legal(self) -> bool:
        return not self.problems()

    @property
    def size(self) -> tuple[int, int] | None:
        """(width, height) inside the frame, or None while the frame is not legal."""
        if not self.is_legal:
            return None
        return (self.side_length(Edge.N), self.side_length(Edge.W))

    @property
    def shorts(self) -> tuple[int, int] | None:
        """The spec's (a, b): shorts on each of north/south and on each of west/east; None if not legal."""
        size = self.size
        if size is None:
            return None
        return (
            (size[0] - LONG_SEGMENT_LENGTH) // SHORT_SEGMENT_LENGTH,
            (size[1] - LONG_SEGMENT_LENGTH) // SHORT_SEGMENT_LENGTH,
        )


# ---------------------------------------------------------------------------------------------------------
# Sections and the box (§1.1 "Board sections")


class SectionKind(StrEnum):
    CROSS = "cross"
    SQUARE = "square"
    ANGLE = "angle"
    LONG = "long"
    SHORT = "short"

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The canonical cells (§1.1 table), in scan order; colour lists follow this order."""
        return _SHAPES[self]

    @property
    def in_box(self) -> int:
        """How many sections of this kind the box holds."""
        return _COUNTS[self]

    @property
    def letter(self) -> str:
        """One letter for diagrams: X cross, Q square, A angle, L long, S short."""
        return _LETTERS[self]

    @property
    def noun(self) -> str:
        return "cross" if self is SectionKind.CROSS else f"{self.value} section"


_SHAPES: dict[SectionKind, tuple[Cell, ...]] = {
    SectionKind.CROSS: (Cell(1, 0), Cell(0, 1), Cell(1, 1), Cell(2, 1), Cell(1, 2)),
    SectionKind.SQUARE: (Cell(0, 0), Cell(1, 0), Cell(0, 1), Cell(1, 1)),
    SectionKind.ANGLE: (Cell(0, 0), Cell(1, 0), Cell(0, 1)),
    SectionKind.LONG: (Cell(0, 0), Cell(1, 0), Cell(2, 0)),
    SectionKind.SHORT: (Cell(0, 0), Cell(1, 0)),
}
_COUNTS = {
    SectionKind.CROSS: 1,
    SectionKind.SQUARE: 8,
    SectionKind.ANGLE: 16,
    SectionKind.LONG: 14,
    SectionKind.SHORT: 22,
}
_LETTERS = {
    SectionKind.CROSS: "X",
    SectionKind.SQUARE: "Q",
    SectionKind.ANGLE: "A",
    SectionKind.LONG: "L",
    SectionKind.SHORT: "S",
}
SECTION_KINDS: tuple[SectionKind, ...] = tuple(SectionKind)
# The star is on the cross's middle square, on both sides (§1.1); it stays (1, 1) in every orientation.
STAR_CELL = Cell(1, 1)
CROSS_ID = "cross-1"
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)


def section_ids(kind: SectionKind) -> tuple[str, ...]:
    """The ids of a kind's sections in the box: "short-1" ... "short-22"."""
    return tuple(f"{kind.value}-{n}" for n in range(1, kind.in_box + 1))


ALL_SECTION_IDS: tuple[str, ...] = tuple(i for kind in SECTION_KINDS for i in section_ids(kind))


def kind_of(section_id: str) -> SectionKind:
    """The kind named by a section id; ValueError for an id that is not in the box."""
    if section_id not in _ID_KINDS:
        raise ValueError(f"there is no section {section_id!r} in the box")
    return _ID_KINDS[section_id]


_ID_KINDS: dict[str, SectionKind] = {i: kind for kind in SECTION_KINDS for i in section_ids(kind)}


class Face(StrEnum):
    """A section's printed side; B is A turned over."""

    A = "A"
    B = "B"


@dataclass(frozen=True, slots=True)
class Section:
    """One tile: its id, its kind and the colour of each canonical cell on each side."""

    id: str
    kind: SectionKind
    side_a: tuple[PassageColour, ...]
    side_b: tuple[PassageColour, ...]

    def __post_init__(self) -> None:
        if kind_of(self.id) is not self.kind:
            raise ValueError(f"section {self.id!r} is not a {self.kind.value}")
        for colours in (self.side_a, self.side_b):
            if len(colours) != len(self.kind.cells):
                raise ValueError(f"section {self.id!r} needs {len(self.kind.cells)} colours per side")

    def colours(self, face: Face) -> tuple[PassageColour, ...]:
        return self.side_a if face is Face.A else self.side_b


@dataclass(frozen=True, slots=True)
class Box:
    """The full component set: 4 long and 8 short frame segments and the 61 two-sided sections.

    The frame segments have no colours, so only the sections are stored. `seed` records where the colours
    came from; the colours themselves are the truth (a saved box keeps them).
    """

    seed: int
    sections: tuple[Section, ...]
    _by_id: dict[str, Section] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        ids = [s.id for s in self.sections]
        if sorted(ids) != sorted(ALL_SECTION_IDS):
            raise ValueError("a box holds exactly the 61 sections of §1.1, each once")
        object.__setattr__(self, "_by_id", {s.id: s for s in self.sections})

    @classmethod
    def generate(cls, seed: int) -> Box:
        """A box whose squares are coloured uniformly at random from `seed` (§1.1 [APP])."""
        rng = Rng.from_seed(seed)
        colours = tuple(PassageColour)
        sections = []
        for section_id in ALL_SECTION_IDS:
            kind = kind_of(section_id)
            size = len(kind.cells)
            side_a = tuple(rng.choice(colours) for _ in range(size))
            side_b = tuple(rng.choice(colours) for _ in range(size))
            sections.append(Section(section_id, kind, side_a, side_b))
        return cls(seed, tuple(sections))

    def section(self, section_id: str) -> Section:
        try:
            return self._by_id[section_id]
        except KeyError:
            raise ValueError(f"there is no section {section_id!r} in the box") from None


# ---------------------------------------------------------------------------------------------------------
# Placements


@cache
def _oriented(kind: SectionKind, rotation: int, flipped: bool) -> tuple[tuple[int, Cell], ...]:
    """(canonical index, cell relative to origin) for each square of a kind in one orientation."""
    pairs = oriented_pairs(kind.cells, Orientation(rotation // 90, flipped))
    return tuple((index, moved) for index, (_, moved) in enumerate(pairs))


@dataclass(frozen=True, slots=True)
class Placement:
    """A section on the board (§1.1 "Placement"): origin = lower-left of its bounding box."""

    section_id: str
    origin: Cell
    rotation: int = 0
    flipped: bool = False

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {self.rotation}")
        kind_of(self.section_id)
        if not isinstance(self.origin, Cell):
            object.__setattr__(self, "origin", Cell(*self.origin))

    @property
    def kind(self) -> SectionKind:
        return kind_of(self.section_id)

    @property
    def face(self) -> Face:
        return Face.B if self.flipped else Face.A

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The board cells covered, in the order of the kind's canonical cells."""
        return tuple(plus(self.origin, rel) for _, rel in _oriented(self.kind, self.rotation, self.flipped))

    def squares(self, section: Section) -> tuple[tuple[Cell, PassageColour], ...]:
        """(board cell, colour showing) for each square, given the section's printed colours."""
        colours = section.colours(self.face)
        return tuple(
            (plus(self.origin, rel), colours[index])
            for index, rel in _oriented(self.kind, self.rotation, self.flipped)
        )

    @property
    def star(self) -> Cell | None:
        """Where the star lands, for the cross; None for other kinds."""
        if self.kind is not SectionKind.CROSS:
            return None
        index = self.kind.cells.index(STAR_CELL)
        return self.cells[index]

    def rotated(self, quarter_turns: int = 1) -> Placement:
        """Turned counter-clockwise by quarter turns, keeping the bounding box's lower-left corner."""
        return replace(self, rotation=(self.rotation + 90 * quarter_turns) % 360)

    def turned_over(self) -> Placement:
        """The other printed side up (mirrored), keeping the bounding box's lower-left corner."""
        return replace(self, flipped=not self.flipped)

    def moved_to(self, origin: Cell) -> Placement:
        return replace(self, origin=Cell(*origin))

    def shifted(self, dx: int, dy: int) -> Placement:
        return replace(self, origin=Cell(self.origin.x + dx, self.origin.y + dy))


# ---------------------------------------------------------------------------------------------------------
# Problems


class ProblemCode(StrEnum):
    """Everything that can keep a draft from being a legal board (§1.1 legality rules 1-6)."""

    FRAME_TOO_MANY_SEGMENTS = "frame_too_many_segments"
    FRAME_SIDE_WITHOUT_LONG = "frame_side_without_long"
    FRAME_SIDE_WITH_SEVERAL_LONGS = "frame_side_with_several_longs"
    FRAME_OPPOSITE_SIDES_DIFFER = "frame_opposite_sides_differ"
    SECTION_USED_TWICE = "section_used_twice"
    OUT_OF_FRAME = "out_of_frame"
    OVERLAP = "overlap"
    UNCOVERED = "uncovered"
    CROSS_MISSING = "cross_missing"
    CROSS_NOT_AT_CENTRE = "cross_not_at_centre"


@dataclass(frozen=True, slots=True)
class BoardProblem:
    """One problem: its code, words for the player, and what to highlight (cells, sections, frame sides)."""

    code: ProblemCode
    message: str
    cells: tuple[Cell, ...] = ()
    section_ids: tuple[str, ...] = ()
    edges: tuple[Edge, ...] = ()


class BoardNotReady(ValueError):
    """`to_board()` on a draft that still has problems; `problems` lists them all."""

    def __init__(self, problems: tuple[BoardProblem, ...]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def _squares_text(count: int) -> str:
    return "1 square" if count == 1 else f"{count} squares"


# ---------------------------------------------------------------------------------------------------------
# The draft


@dataclass(frozen=True, slots=True)
class BoardDraft:
    """A board being built: the box, the frame, and the sections placed so far (ARCHITECTURE.md §7).

    `width` x `height` is the layout the placements refer to: the frame's size while it is legal, the last
    legal size while it is being changed. Every `with_…` method returns a new draft.
    """

    box: Box
    frame: Frame
    width: int
    height: int
    placements: tuple[Placement, ...] = ()

    def __post_init__(self) -> None:
        reason = why_illegal_size(self.width, self.height)
        if reason is not None:
            raise ValueError(reason)
        frame_size = self.frame.size
        if frame_size is not None and frame_size != (self.width, self.height):
            raise ValueError(
                f"the frame is {frame_size[0]}x{frame_size[1]} but the layout is {self.size_text}"
            )

    # -- construction ------------------------------------------------------------------------------------

    @classmethod
    def new(cls, box: Box, width: int = STANDARD_SIZE[0], height: int = STANDARD_SIZE[1]) -> BoardDraft:
        """An empty board of a legal size with its preset frame."""
        return cls(box, Frame.for_size(width, height), width, height)

    # -- reading -------------------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def centre(self) -> Cell:
        """The star's square: ((W-1)/2, (H-1)/2) (§1.1 legality rule 6)."""
        return Cell((self.width - 1) // 2, (self.height - 1) // 2)

    def placement_of(self, section_id: str) -> Placement | None:
        for placement in self.placements:
            if placement.section_id == section_id:
                return placement
        return None

    def is_placed(self, section_id: str) -> bool:
        return self.placement_of(section_id) is not None

    def cover(self) -> dict[Cell, tuple[str, ...]]:
        """Every covered cell (inside or outside the frame) with the sections on it, in placement order."""
        covered: dict[Cell, list[str]] = {}
        for placement in self.placements:
            for cell in placement.cells:
                covered.setdefault(cell, []).append(placement.section_id)
        return {cell: tuple(ids) for cell, ids in covered.items()}

    def section_at(self, cell: Cell) -> str | None:
        """The topmost (last placed) section on a cell, if any."""
        for placement in reversed(self.placements):
            if cell in placement.cells:
                return placement.section_id
        return None

    def squares(self) -> dict[Cell, tuple[str, PassageColour]]:
        """What shows on each covered cell: (section id, colour) of the topmost section there."""
        shown: dict[Cell, tuple[str, PassageColour]] = {}
        for placement in self.placements:
            for cell, colour in placement.squares(self.box.section(placement.section_id)):
                shown[cell] = (placement.section_id, colour)
        return shown

    def unused(self, kind: SectionKind) -> tuple[str, ...]:
        """The ids of a kind still in the tray, in box order."""
        placed = {p.section_id for p in self.placements}
        return tuple(i for i in section_ids(kind) if i not in placed)

    def remaining(self, kind: SectionKind) -> int:
        return len(self.unused(kind))

    def next_unused(self, kind: SectionKind) -> str | None:
        """The section the tray hands out next for a kind, or None when none are left."""
        unused = self.unused(kind)
        return unused[0] if unused else None

    # -- the frame ---------------------------------------------------------------------------------------

    def why_cannot_add_segment(self, edge: Edge, segment: FrameSegment) -> str | None:
        """Why a segment cannot go onto a side (none left, or a second long); None if it can."""
        if segment is FrameSegment.LONG and FrameSegment.LONG in self.frame.side(edge):
            return f"The {edge.noun} side already has its long segment."
        if self.frame.count(segment) >= segment.in_box:
            return f"All {segment.in_box} {segment.value} segments are in the frame already."
        return None

    def with_frame_segment(self, edge: Edge, index: int, segment: FrameSegment) -> BoardDraft:
        """Insert a segment at position `index` of a side (0 = west or south end); ValueError if refused."""
        reason = self.why_cannot_add_segment(edge, segment)
        if reason is not None:
            raise ValueError(reason)
        side = self.frame.side(edge)
        if not 0 <= index <= len(side):
            raise ValueError(f"the {edge.noun} side has no position {index}")
        return self._with_frame(self.frame.with_side(edge, (*side[:index], segment, *side[index:])))

    def without_frame_segment(self, edge: Edge, index: int) -> BoardDraft:
        """Take the segment at position `index` off a side."""
        side = self.frame.side(edge)
        if not 0 <= index < len(side):
            raise ValueError(f"the {edge.noun} side has no segment at position {index}")
        return self._with_frame(self.frame.with_side(edge, (*side[:index], *side[index + 1 :])))

    def with_frame(self, frame: Frame) -> BoardDraft:
        """Any frame at all (it may be illegal: `problems()` says why)."""
        return self._with_frame(frame)

    def with_frame_size(self, width: int, height: int) -> BoardDraft:
        """The preset frame for a legal size (the size picker); placements keep their place by the centre."""
        return self._with_frame(Frame.for_size(width, height))

    def _with_frame(self, frame: Frame) -> BoardDraft:
        new_size = frame.size
        if new_size is None or new_size == self.size:
            return replace(self, frame=frame)
        # Both sizes are odd, so the centre moves by a whole number of squares.
        dx = (new_size[0] - self.width) // 2
        dy = (new_size[1] - self.height) // 2
        return replace(
            self,
            frame=frame,
            width=new_size[0],
            height=new_size[1],
            placements=tuple(p.shifted(dx, dy) for p in self.placements),
        )

    # -- sections ----------------------------------------------------------------------------------------

    def with_placed(
        self, section_id: str, origin: Cell, rotation: int = 0, flipped: bool = False
    ) -> BoardDraft:
        """Put a section down, or move it if it is already down. Never refuses a legal id: see
        `why_cannot_place` for the builder's drop check."""
        return self.with_placement(Placement(section_id, Cell(*origin), rotation, flipped))

    def with_placement(self, placement: Placement) -> BoardDraft:
        others = tuple(p for p in self.placements if p.section_id != placement.section_id)
        return replace(self, placements=(*others, placement))

    def with_removed(self, section_id: str) -> BoardDraft:
        """Back to the tray; ValueError if it is not on the board."""
        if not self.is_placed(section_id):
            raise ValueError(f"section {section_id!r} is not on the board")
        return replace(self, placements=tuple(p for p in self.placements if p.section_id != section_id))

    def rotated(self, section_id: str, quarter_turns: int = 1) -> BoardDraft:
        """A placed section turned counter-clockwise where it lies."""
        return self._with_changed(section_id, lambda p: p.rotated(quarter_turns))

    def flipped(self, section_id: str) -> BoardDraft:
        """A placed section turned over where it lies."""
        return self._with_changed(section_id, Placement.turned_over)

    def _with_changed(self, section_id: str, change: Callable[[Placement], Placement]) -> BoardDraft:
        if not self.is_placed(section_id):
            raise ValueError(f"section {section_id!r} is not on the board")
        return replace(
            self,
            placements=tuple(change(p) if p.section_id == section_id else p for p in self.placements),
        )

    def with_cross_at_centre(self, flipped: bool = False) -> BoardDraft:
        """The cross placed with its star on the centre square (setting up, §1.1)."""
        return self.with_placed(CROSS_ID, plus(self.centre, Cell(-1, -1)), 0, flipped)

    def without_sections(self) -> BoardDraft:
        return replace(self, placements=())

    def why_cannot_take(self, kind: SectionKind) -> str | None:
        """Why the tray cannot give out a section of this kind (none left); None if it can."""
        if self.remaining(kind):
            return None
        return f"No {kind.noun}s left: all {kind.in_box} are on the board."

    def why_cannot_place(
        self, section_id: str, origin: Cell, rotation: int = 0, flipped: bool = False
    ) -> str | None:
        """Why a drop would be refused (outside the frame, onto another section, cross off the centre).

        None means the drop is clean. Moving a placed section ignores its own current squares.
        """
        if section_id not in _ID_KINDS:
            return "There is no such section in the box."
        if rotation not in ROTATIONS:
            return "Sections turn in quarter turns."
        placement = Placement(section_id, Cell(*origin), rotation, flipped)
        cells = placement.cells
        if any(not in_rect(c, self.width, self.height) for c in cells):
            return "That would stick out of the frame."
        taken = {cell for p in self.placements if p.section_id != section_id for cell in p.cells}
        if any(c in taken for c in cells):
            return "That would lie on top of another section."
        if placement.star is not None and placement.star != self.centre:
            return "The cross goes with its star on the centre square."
        return None

    # -- legality ------------------------------------------------------------------------------------------

    def problems(self) -> tuple[BoardProblem, ...]:
        """Every problem at once, frame first, then sections (§1.1 "Legal assembled board")."""
        found = list(self.frame.problems())
        width, height = self.size

        counts = Counter(p.section_id for p in self.placements)
        for section_id, times in counts.items():
            if times > 1:
                cells = {c for p in self.placements if p.section_id == section_id for c in p.cells}
                kind = kind_of(section_id)
                found.append(
                    BoardProblem(
                        ProblemCode.SECTION_USED_TWICE,
                        f"The same {kind.noun} is on the board {times} times.",
                        _sorted(cells),
                        (section_id,),
                    )
                )

        for placement in self.placements:
            outside = [c for c in placement.cells if not in_rect(c, width, height)]
            if outside:
                found.append(
                    BoardProblem(
                        ProblemCode.OUT_OF_FRAME,
                        f"A {placement.kind.noun} sticks out of the frame.",
                        _sorted(outside),
                        (placement.section_id,),
                    )
                )

        cell_sets = [frozenset(p.cells) for p in self.placements]
        for i, j in itertools.combinations(range(len(self.placements)), 2):
            shared = cell_sets[i] & cell_sets[j]
            if shared:
                first, second = self.placements[i], self.placements[j]
                found.append(
                    BoardProblem(
                        ProblemCode.OVERLAP,
                        f"A {first.kind.noun} and a {second.kind.noun} overlap on "
                        f"{_squares_text(len(shared))}.",
                        _sorted(shared),
                        (first.section_id, second.section_id),
                    )
                )

        covered = set().union(*cell_sets) if cell_sets else set()
        empty = [Cell(x, y) for y in range(height) for x in range(width) if Cell(x, y) not in covered]
        for region in connected_components(empty):
            found.append(
                BoardProblem(
                    ProblemCode.UNCOVERED,
                    f"{_squares_text(len(region))} {'is' if len(region) == 1 else 'are'} not covered yet.",
                    _sorted(region),
                )
            )

        crosses = [p for p in self.placements if p.kind is SectionKind.CROSS]
        if not crosses:
            found.append(
                BoardProblem(
                    ProblemCode.CROSS_MISSING,
                    "The cross is not on the board: its star goes on the centre square.",
                    (self.centre,),
                )
            )
        for cross in crosses:
            if cross.star != self.centre:
                star = cross.star if cross.star is not None else self.centre
                found.append(
                    BoardProblem(
                        ProblemCode.CROSS_NOT_AT_CENTRE,
                        "The cross's star must be on the centre square.",
                        _sorted({star, self.centre}),
                        (cross.section_id,),
                    )
                )
        return tuple(found)

    @property
    def is_finished(self) -> bool:
        return not self.problems()

    def to_board(self) -> Board:
        """The finished board; raises `BoardNotReady` listing every problem if there are any."""
        problems = self.problems()
        if problems:
            raise BoardNotReady(problems)
        shown = self.squares()
        cells = [Cell(x, y) for y in range(self.height) for x in range(self.width)]
        return Board(
            width=self.width,
            height=self.height,
            frame=self.frame,
            placements=self.placements,
            colours=tuple(shown[c][1] for c in cells),
            section_ids=tuple(shown[c][0] for c in cells),
        )


def _sorted(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=scan_key))


# ---------------------------------------------------------------------------------------------------------
# The finished board


@dataclass(frozen=True, slots=True)
class Board:
    """A legal assembled board: what the game reads. Cells are stored row by row from the south."""

    width: int
    height: int
    frame: Frame
    placements: tuple[Placement, ...]
    colours: tuple[PassageColour, ...]
    section_ids: tuple[str, ...]

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def star(self) -> Cell:
        """The starred centre square (§1.1, §1.2)."""
        return Cell((self.width - 1) // 2, (self.height - 1) // 2)

    @property
    def stars(self) -> tuple[Cell, ...]:
        """All starred squares; a legal board has exactly one."""
        return (self.star,)

    def contains(self, cell: Cell) -> bool:
        return in_rect(cell, self.width, self.height)

    def _index(self, cell: Cell) -> int:
        if not self.contains(cell):
            raise ValueError(f"{cell} is not on the {self.width}x{self.height} board")
        return cell.y * self.width + cell.x

    def colour(self, cell: Cell) -> PassageColour:
        return self.colours[self._index(cell)]

    def section_at(self, cell: Cell) -> str:
        return self.section_ids[self._index(cell)]

    def cells(self) -> tuple[Cell, ...]:
        """Every square in scan order (south row first, west to east)."""
        return tuple(Cell(x, y) for y in range(self.height) for x in range(self.width))

    def colour_map(self) -> Mapping[Cell, PassageColour]:
        return dict(zip(self.cells(), self.colours, strict=True))

    def edge_length(self, edge: Edge) -> int:
        return self.width if edge.is_horizontal else self.height

    def home_row(self, edge: Edge) -> tuple[Cell, ...]:
        """The squares along an edge, ordered from the left of the player sitting there (§1.2, §1.3)."""
        w, h = self.width, self.height
        if edge is Edge.S:  # facing north: left is west
            return tuple(Cell(i, 0) for i in range(w))
        if edge is Edge.N:  # facing south: left is east
            return tuple(Cell(w - 1 - i, h - 1) for i in range(w))
        if edge is Edge.W:  # facing east: left is north
            return tuple(Cell(0, h - 1 - i) for i in range(h))
        return tuple(Cell(w - 1, i) for i in range(h))  # E, facing west: left is south

    def token_position(self, edge: Edge, square: Cell) -> Cell:
        """Where a start token lies: on the frame just behind a home-row square (outside the grid)."""
        if square not in self.home_row(edge):
            raise ValueError(f"{square} is not on the {edge.noun} edge")
        if edge is Edge.S:
            return Cell(square.x, -1)
        if edge is Edge.N:
            return Cell(square.x, self.height)
        if edge is Edge.W:
            return Cell(-1, square.y)
        return Cell(self.width, square.y)

    def start_squares(self, edge: Edge, seated: Iterable[Edge], pieces: int = 4) -> tuple[Cell, ...]:
        """The default start squares for the player at `edge` (§1.3), given every seated edge.

        Uses the standard centred layout when it passes rules A1-A3, else the [APP] fallback; ordered from
        the player's left.
        """
        seated_set = frozenset(seated)
        row = self.home_row(edge)
        # A3 [RES-RP7]: keep off the line next to a perpendicular player's home line.
        next_lines = {
            Edge.W: lambda c: c.x == 1,
            Edge.E: lambda c: c.x == self.width - 2,
            Edge.S: lambda c: c.y == 1,
            Edge.N: lambda c: c.y == self.height - 2,
        }
        blocked = frozenset(
            i
            for i, cell in enumerate(row)
            for other in seated_set
            if other not in (edge, edge.opposite) and next_lines[other](cell)
        )
        return tuple(row[i] for i in default_start_indices(len(row), pieces, blocked))

    def start_tokens(
        self, edge: Edge, seated: Iterable[Edge], pieces: int = 4
    ) -> tuple[tuple[Cell, Cell], ...]:
        """(start square, token position on the frame) for each of a player's pieces."""
        return tuple((sq, self.token_position(edge, sq)) for sq in self.start_squares(edge, seated, pieces))

    def to_draft(self, box: Box) -> BoardDraft:
        """Back to an editable draft, given the box the sections came from."""
        return BoardDraft(box, self.frame, self.width, self.height, self.placements)


def default_start_indices(length: int, pieces: int, blocked: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """0-based lateral indices of the start squares on an edge (§1.3 [RES-RP6] and the [APP] fallback).

    `pieces` is 4, or 5 with the Extra Piece (whose fifth piece takes the middle index m). `blocked` holds
    the indices rule A3 forbids; rule A2 (never the two ends) is always applied.
    """
    if pieces not in (4, 5):
        raise ValueError("a player starts with 4 pieces, or 5 with the Extra Piece")
    m = (length - 1) // 2
    standard = (m - 3, m - 1, m + 1, m + 3) + ((m,) if pieces == 5 else ())
    allowed = [i for i in range(1, length - 1) if i not in blocked]
    if all(i in allowed for i in standard):
        return tuple(sorted(standard))
    pool = [i for i in allowed if i != m] if pieces == 5 else allowed
    extra = (m,) if pieces == 5 else ()
    if pieces == 5 and m not in allowed:
        raise ValueError("the middle square is not allowed for the fifth piece")
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int, int, int] | None = None
    for chosen in itertools.combinations(pool, 4):
        subset = tuple(sorted(chosen + extra))
        gaps = [b - a for a, b in itertools.pairwise(subset)]
        key = (
            0 if all((2 * m - i) in subset for i in subset) else 1,
            -min(gaps),
            sum(1 for g in gaps if g == 1),
            -(subset[-1] - subset[0]),
        )
        if best_key is None or key < best_key:
            best, best_key = subset, key
    if best is None:
        raise ValueError(f"an edge of {length} squares has no room for {pieces} pieces")
    return best


# ---------------------------------------------------------------------------------------------------------
# Auto-assembly (§1.1 "Auto-assembly algorithm [APP]")

# The spec suggests 20,000 nodes per attempt; with the walled-in-square pruning, a successful attempt needs
# a few hundred, so restarting after 1,000 cuts the worst case on 13x13 from about 0.7 s to under 0.1 s.
NODES_PER_ATTEMPT = 1_000


class AssemblyError(ValueError):
    """Auto-assembly could not complete the board; the message is for the player."""


@dataclass(frozen=True, slots=True)
class _Footprint:
    cells: tuple[Cell, ...]  # normalised, scan order
    anchor: Cell  # the first cell in scan order
    orientations: tuple[Orientation, ...]


@cache
def _footprints(kind: SectionKind) -> tuple[_Footprint, ...]:
    return tuple(
        _Footprint(cells, min(cells, key=scan_key), ways) for cells, ways in distinct_orientations(kind.cells)
    )


@lru_cache(maxsize=32)
def _mask_table(width: int, height: int) -> dict[SectionKind, tuple[tuple[int, ...], ...]]:
    """For each kind and footprint, the bit mask it covers when anchored on each cell (0 = does not fit)."""
    table: dict[SectionKind, tuple[tuple[int, ...], ...]] = {}
    for kind in SECTION_KINDS:
        per_footprint = []
        for footprint in _footprints(kind):
            masks = []
            for y in range(height):
                for x in range(width):
                    mask = 0
                    for c in footprint.cells:
                        cx, cy = x + c.x - footprint.anchor.x, y + c.y - footprint.anchor.y
                        if not (0 <= cx < width and 0 <= cy < height):
                            mask = 0
                            break
                        mask |= 1 << (cy * width + cx)
                    masks.append(mask)
            per_footprint.append(tuple(masks))
        table[kind] = tuple(per_footprint)
    return table


@lru_cache(maxsize=32)
def _neighbour_masks(width: int, height: int) -> tuple[int, ...]:
    """For each cell index, the bit mask of its edge neighbours on the board."""
    out = []
    for y in range(height):
        for x in range(width):
            mask = 0
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height:
                    mask |= 1 << (ny * width + nx)
            out.append(mask)
    return tuple(out)


def _border(mask: int, neighbours: tuple[int, ...]) -> tuple[int, ...]:
    """The cell indices next to a placed mask but outside it."""
    around = 0
    rest = mask
    while rest:
        low = rest & -rest
        around |= neighbours[low.bit_length() - 1]
        rest ^= low
    around &= ~mask
    out = []
    while around:
        low = around & -around
        out.append(low.bit_length() - 1)
        around ^= low
    return tuple(out)


class _Abort(Exception):
    pass


def _search(
    width: int,
    height: int,
    occupied: int,
    left: dict[SectionKind, int],
    rng: Rng,
    node_limit: int,
) -> list[tuple[SectionKind, int, int]] | None:
    """One attempt: depth-first fill of the first empty cell in scan order, backtracking, node-capped.

    One pruning beyond the spec's plain backtracking: a placement that walls in a single empty square is
    skipped, since no section could ever fill it. It only cuts dead branches, so every board found is one
    the plain search could also find; it lifts the 15x11 and 17x9 success rate per attempt.
    """
    table = _mask_table(width, height)
    neighbours = _neighbour_masks(width, height)
    borders: dict[int, tuple[int, ...]] = {}
    full = (1 << (width * height)) - 1
    chosen: list[tuple[SectionKind, int, int]] = []
    nodes = 0

    def fill(occ: int) -> bool:
        nonlocal nodes
        if occ == full:
            return True
        nodes += 1
        if nodes > node_limit:
            raise _Abort
        index = ((occ + 1) & ~occ).bit_length() - 1
        for kind in rng.shuffled([k for k in SECTION_KINDS if left[k] > 0]):
            masks = table[kind]
            for f in rng.shuffled(range(len(masks))):
                mask = masks[f][index]
                if mask and not mask & occ:
                    after = occ | mask
                    border = borders.get(mask)
                    if border is None:
                        border = borders[mask] = _border(mask, neighbours)
                    # Every section covers at least 2 squares, so an empty square walled in on all sides
                    # can never be filled: backtrack at once instead of searching everything before it.
                    if any(not (after >> j) & 1 and not neighbours[j] & ~after for j in border):
                        continue
                    left[kind] -= 1
                    chosen.append((kind, f, index))
                    if fill(after):
                        return True
                    chosen.pop()
                    left[kind] += 1
        return False

    try:
        return chosen if fill(occupied) else None
    except _Abort:
        return None


def fill_rest(draft: BoardDraft, rng: Rng, attempts: int = 40) -> BoardDraft:
    """Complete a partial board with sections still in the tray (§1.1 auto-assembly, with restarts).

    The cross is put on the centre first if it is not down yet. The draft must have a legal frame and no
    problems other than uncovered squares (and the missing cross); otherwise, or if `attempts` attempts of
    `NODES_PER_ATTEMPT` nodes each all fail, raises `AssemblyError`.
    """
    if not draft.frame.is_legal:
        raise AssemblyError("Finish the frame first: " + draft.frame.problems()[0].message)
    if not draft.is_placed(CROSS_ID):
        reason = draft.why_cannot_place(CROSS_ID, plus(draft.centre, Cell(-1, -1)))
        if reason is not None:
            raise AssemblyError("The cross cannot go on the centre: " + reason[0].lower() + reason[1:])
        draft = draft.with_cross_at_centre(flipped=rng.below(2) == 1)
    blocking = [
        p for p in draft.problems() if p.code not in (ProblemCode.UNCOVERED, ProblemCode.CROSS_MISSING)
    ]
    if blocking:
        raise AssemblyError("Fix the board first: " + blocking[0].message)
    width, height = draft.size
    empty_regions = [p for p in draft.problems() if p.code is ProblemCode.UNCOVERED]
    if not empty_regions:
        return draft
    if any(len(p.cells) == 1 for p in empty_regions):
        raise AssemblyError("A single uncovered square is left that no section can fill.")
    left = {kind: draft.remaining(kind) for kind in SECTION_KINDS}
    area = sum(len(p.cells) for p in empty_regions)
    if area > sum(len(kind.cells) * n for kind, n in left.items()):
        raise AssemblyError("There are not enough sections left to cover the rest of the board.")
    occupied = 0
    for placement in draft.placements:
        for c in placement.cells:
            occupied |= 1 << (c.y * width + c.x)
    for _ in range(attempts):
        chosen = _search(width, height, occupied, dict(left), rng, NODES_PER_ATTEMPT)
        if chosen is not None:
            return _apply_chosen(draft, chosen, rng)
    raise AssemblyError("Could not complete this board with the sections left; try moving a few.")


def _apply_chosen(draft: BoardDraft, chosen: list[tuple[SectionKind, int, int]], rng: Rng) -> BoardDraft:
    width = draft.width
    pools = {kind: rng.shuffled(draft.unused(kind)) for kind in SECTION_KINDS}
    placements = list(draft.placements)
    for kind, f, index in chosen:
        footprint = _footprints(kind)[f]
        # Pick a random side (§1.1 step 3), then an orientation showing that side with this footprint.
        flipped = rng.below(2) == 1
        ways = [o for o in footprint.orientations if o.mirrored == flipped] or list(footprint.orientations)
        way = ways[0]
        anchor_cell = Cell(index % width, index // width)
        origin = Cell(anchor_cell.x - footprint.anchor.x, anchor_cell.y - footprint.anchor.y)
        placements.append(Placement(pools[kind].pop(), origin, way.quarter_turns * 90, way.mirrored))
    return replace(draft, placements=tuple(placements))


def random_board(box: Box, size: tuple[int, int], rng: Rng, attempts: int = 500) -> Board:
    """A whole legal board of a legal size, assembled at random from `rng` (§1.1 auto-assembly)."""
    draft = BoardDraft.new(box, *size)
    return fill_rest(draft, rng, attempts).to_board()
