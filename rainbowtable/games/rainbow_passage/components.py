"""Rainbow Passage's physical components: frame edges and segments, the 61 two-sided board sections, the
box that holds them, and a section placed on the board (rainbow_passage.md §1.1).

Coordinates: `Cell(x, y)`, x east, y north, (0, 0) the south-west square. A placement's `origin` is the
lower-left corner of the placed shape's bounding box; `rotation` is counter-clockwise in degrees; `flipped`
shows side B, which is side A turned over (mirrored in x) so each printed square keeps its colour on its own
physical square.

Does not hold: the frame's arithmetic (`frame.py`), the builder draft (`draft.py`), the finished board
(`board.py`) or auto-assembly (`assembly.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.geometry.polyomino import Orientation, oriented_pairs
from rainbowtable.geometry.square import Cell, plus

# The frame's parts (§1.1 "Frame", [RES-RP1])

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


def is_section_id(section_id: str) -> bool:
    """True for the id of a section in the box."""
    return section_id in _ID_KINDS


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
            if not all(isinstance(c, PassageColour) for c in colours):
                # §1.1 [RES-RP2]: every square of a section has a colour, the star square too.
                raise ValueError(f"every square of section {self.id!r} needs a colour")

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
