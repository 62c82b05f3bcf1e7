"""The frame around a Rainbow Passage board: legal sizes and the segments on each side (rainbow_passage.md
§1.1 "Frame", [RES-RP1]; §1.12 board sizes).

A frame side's segments are listed from its west end (north and south sides) or its south end (west and
east sides). Holds no sections and no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rainbowtable.core.i18n import N_, _
from rainbowtable.games.rainbow_passage.components import (
    EDGES,
    FRAME_SHORT_COUNT,
    LONG_SEGMENT_LENGTH,
    SHORT_SEGMENT_LENGTH,
    Edge,
    FrameSegment,
)
from rainbowtable.games.rainbow_passage.problems import BoardProblem, ProblemCode


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
    for name, side in ((N_("width"), width), (N_("height"), height)):
        if side < LONG_SEGMENT_LENGTH:
            return _("The {name} must be at least {n}: every side has a long segment.").format(
                name=_(name), n=LONG_SEGMENT_LENGTH
            )
        if (side - LONG_SEGMENT_LENGTH) % SHORT_SEGMENT_LENGTH:
            return _("The {name} must be odd: each side is 9 squares plus 2 for every short segment.").format(
                name=_(name)
            )
    shorts = (width - LONG_SEGMENT_LENGTH) + (height - LONG_SEGMENT_LENGTH)
    if shorts > FRAME_SHORT_COUNT:
        return _("A {w}×{h} frame needs {n} short segments; the box has {box}.").format(
            w=width, h=height, n=shorts, box=FRAME_SHORT_COUNT
        )
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
                        (
                            _("The frame uses {n} long segments; the box has only {box}.")
                            if segment is FrameSegment.LONG
                            else _("The frame uses {n} short segments; the box has only {box}.")
                        ).format(n=used, box=segment.in_box),
                    )
                )
        for edge in EDGES:
            longs = self.side(edge).count(FrameSegment.LONG)
            if longs == 0:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_SIDE_WITHOUT_LONG,
                        _("The {edge} side needs a long segment.").format(edge=_(edge.noun)),
                        edges=(edge,),
                    )
                )
            elif longs > 1:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_SIDE_WITH_SEVERAL_LONGS,
                        _("The {edge} side has {n} long segments; each side takes exactly one.").format(
                            edge=_(edge.noun), n=longs
                        ),
                        edges=(edge,),
                    )
                )
        for first, second in ((Edge.N, Edge.S), (Edge.W, Edge.E)):
            one, other = self.side_length(first), self.side_length(second)
            if one != other:
                found.append(
                    BoardProblem(
                        ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER,
                        _(
                            "Opposite sides must have the same length: the {first} side is {one} squares, "
                            "the {second} side {other}."
                        ).format(first=_(first.noun), one=one, second=_(second.noun), other=other),
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
