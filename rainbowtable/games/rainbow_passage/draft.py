"""A Rainbow Passage board being built: `BoardDraft` (ARCHITECTURE.md §7; rainbow_passage.md §1.1 "Legal
assembled board").

The draft accepts any arrangement, so that a half-built or broken board can be shown, saved and fixed;
`problems()` lists everything wrong and `to_board()` only works when that list is empty. The placements
stay in the coordinates of the last legal frame size (`width`, `height`); when the frame settles on a new
legal size, every placement moves so the centre stays the centre.

Does not hold the finished board (`board.py`), auto-assembly (`assembly.py`) or any file format
(`board_file.py`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import (
    CROSS_ID,
    ROTATIONS,
    STANDARD_SIZE,
    Box,
    Edge,
    FrameSegment,
    Placement,
    SectionKind,
    is_section_id,
    kind_of,
    section_ids,
)
from rainbowtable.games.rainbow_passage.frame import Frame, why_illegal_size
from rainbowtable.games.rainbow_passage.problems import BoardNotReady, BoardProblem, ProblemCode
from rainbowtable.geometry.square import Cell, connected_components, in_rect, plus, scan_key


def _squares_text(count: int) -> str:
    return plural(count, N_("1 square"), N_("{n} squares"))


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
                f"the frame is {frame_size[0]}×{frame_size[1]} but the layout is {self.size_text}"
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
        return f"{self.width}×{self.height}"

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
            return _("The {edge} side already has its long segment.").format(edge=_(edge.noun))
        if self.frame.count(segment) >= segment.in_box:
            return _(SEGMENTS_ALL_IN[segment]).format(n=segment.in_box)
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
        return _("No {kinds} left: all {n} are on the board.").format(
            kinds=_(KIND_PLURALS[kind]), n=kind.in_box
        )

    def why_cannot_place(
        self, section_id: str, origin: Cell, rotation: int = 0, flipped: bool = False
    ) -> str | None:
        """Why a drop would be refused (outside the frame, onto another section, cross off the centre).

        None means the drop is clean. Moving a placed section ignores its own current squares.
        """
        if not is_section_id(section_id):
            return _("There is no such section in the box.")
        if rotation not in ROTATIONS:
            return _("Sections turn in quarter turns.")
        placement = Placement(section_id, Cell(*origin), rotation, flipped)
        cells = placement.cells
        if any(not in_rect(c, self.width, self.height) for c in cells):
            return _("That would stick out of the frame.")
        taken = {cell for p in self.placements if p.section_id != section_id for cell in p.cells}
        if any(c in taken for c in cells):
            return _("That would lie on top of another section.")
        if placement.star is not None and placement.star != self.centre:
            return _("The cross goes with its star on the centre square.")
        return None

    # -- legality ------------------------------------------------------------------------------------------

    def _cross_problems(self) -> list[BoardProblem]:
        """The cross is on the board, its star on the centre square (§1.1)."""
        found: list[BoardProblem] = []
        crosses = [p for p in self.placements if p.kind is SectionKind.CROSS]
        if not crosses:
            found.append(
                BoardProblem(
                    ProblemCode.CROSS_MISSING,
                    _("The cross is not on the board: its star goes on the centre square."),
                    (self.centre,),
                )
            )
        for cross in crosses:
            if cross.star != self.centre:
                star = cross.star if cross.star is not None else self.centre
                found.append(
                    BoardProblem(
                        ProblemCode.CROSS_NOT_AT_CENTRE,
                        _("The cross's star must be on the centre square."),
                        _sorted({star, self.centre}),
                        (cross.section_id,),
                    )
                )
        return found

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
                        _("The same {kind} is on the board {times} times.").format(
                            kind=_(KIND_NOUNS[kind]), times=times
                        ),
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
                        _("{a_kind} sticks out of the frame.").format(a_kind=_a(placement.kind).capitalize()),
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
                        _("{a_kind} and {b_kind} overlap on {squares}.").format(
                            a_kind=_a(first.kind).capitalize(),
                            b_kind=_a(second.kind),
                            squares=_squares_text(len(shared)),
                        ),
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
                    plural(
                        len(region),
                        N_("1 square is not covered yet."),
                        N_("{n} squares are not covered yet."),
                    ),
                    _sorted(region),
                )
            )

        found.extend(self._cross_problems())
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


def _a(kind: SectionKind) -> str:
    """The kind's noun with its article, translated: a short section, an angle section."""
    return _(KIND_WITH_ARTICLE[kind])


KIND_NOUNS = {
    SectionKind.CROSS: N_("cross"),
    SectionKind.SQUARE: N_("square section"),
    SectionKind.ANGLE: N_("angle section"),
    SectionKind.LONG: N_("long section"),
    SectionKind.SHORT: N_("short section"),
}
KIND_WITH_ARTICLE = {
    SectionKind.CROSS: N_("a cross"),
    SectionKind.SQUARE: N_("a square section"),
    SectionKind.ANGLE: N_("an angle section"),
    SectionKind.LONG: N_("a long section"),
    SectionKind.SHORT: N_("a short section"),
}
KIND_PLURALS = {
    SectionKind.CROSS: N_("crosses"),
    SectionKind.SQUARE: N_("square sections"),
    SectionKind.ANGLE: N_("angle sections"),
    SectionKind.LONG: N_("long sections"),
    SectionKind.SHORT: N_("short sections"),
}
SEGMENTS_ALL_IN = {
    FrameSegment.LONG: N_("All {n} long segments are in the frame already."),
    FrameSegment.SHORT: N_("All {n} short segments are in the frame already."),
}


def _sorted(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=scan_key))
