"""Property tests for the Rainbow Passage board draft (issue 3 "Engine", ARCHITECTURE.md §7).

Any sequence of placements, moves, turns and removals keeps `problems()` equal to an independent
brute-force reading of §1.1's legality rules; turning four times is the identity; frame edits agree with
the §1.1 frame rule [RES-RP1]; drafts round-trip through the board file format.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rainbowtable.games.rainbow_passage.board_file import SavedBoard, decode_board, encode_board
from rainbowtable.games.rainbow_passage.components import (
    ALL_SECTION_IDS,
    EDGES,
    Box,
    Edge,
    FrameSegment,
    Placement,
    SectionKind,
    kind_of,
)
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.games.rainbow_passage.problems import ProblemCode
from rainbowtable.geometry.square import Cell

BOX = Box.generate(99)

Key = tuple[ProblemCode, frozenset[Cell], frozenset[str]]


def brute_force(draft: BoardDraft) -> Counter[Key]:
    """§1.1 legality rules 2-6, written the slow and obvious way."""
    width, height = draft.width, draft.height
    out: Counter[Key] = Counter()
    placements = list(draft.placements)
    ids = Counter(p.section_id for p in placements)
    for section_id, times in ids.items():
        if times > 1:
            cells = frozenset(c for p in placements if p.section_id == section_id for c in p.cells)
            out[(ProblemCode.SECTION_USED_TWICE, cells, frozenset({section_id}))] += 1
    for p in placements:
        outside = frozenset(c for c in p.cells if not (0 <= c.x < width and 0 <= c.y < height))
        if outside:
            out[(ProblemCode.OUT_OF_FRAME, outside, frozenset({p.section_id}))] += 1
    for i in range(len(placements)):
        for j in range(i + 1, len(placements)):
            shared = frozenset(placements[i].cells) & frozenset(placements[j].cells)
            if shared:
                ids_ij = frozenset({placements[i].section_id, placements[j].section_id})
                out[(ProblemCode.OVERLAP, shared, ids_ij)] += 1
    covered = {c for p in placements for c in p.cells}
    empty = {Cell(x, y) for x in range(width) for y in range(height)} - covered
    while empty:
        start = empty.pop()
        region = {start}
        frontier = [start]
        while frontier:
            x, y = frontier.pop()
            for near in (Cell(x + 1, y), Cell(x - 1, y), Cell(x, y + 1), Cell(x, y - 1)):
                if near in empty:
                    empty.remove(near)
                    region.add(near)
                    frontier.append(near)
        out[(ProblemCode.UNCOVERED, frozenset(region), frozenset())] += 1
    centre = Cell((width - 1) // 2, (height - 1) // 2)
    crosses = [p for p in placements if kind_of(p.section_id) is SectionKind.CROSS]
    if not crosses:
        out[(ProblemCode.CROSS_MISSING, frozenset({centre}), frozenset())] += 1
    for cross in crosses:
        cross_cells = set(cross.cells)
        # The star is the one square of the plus whose four neighbours are all in the plus.
        (star,) = [
            c
            for c in cross_cells
            if {Cell(c.x + 1, c.y), Cell(c.x - 1, c.y), Cell(c.x, c.y + 1)} <= cross_cells
        ]
        if star != centre:
            out[
                (ProblemCode.CROSS_NOT_AT_CENTRE, frozenset({star, centre}), frozenset({cross.section_id}))
            ] += 1
    return out


def reported(draft: BoardDraft) -> Counter[Key]:
    return Counter(
        (p.code, frozenset(p.cells), frozenset(p.section_ids))
        for p in draft.problems()
        if not p.code.value.startswith("frame_")
    )


placements = st.builds(
    Placement,
    st.sampled_from(ALL_SECTION_IDS),
    st.builds(Cell, st.integers(-2, 10), st.integers(-2, 10)),
    st.sampled_from((0, 90, 180, 270)),
    st.booleans(),
)
# An edit: place (or move) a section, or remove / rotate / flip the n-th placed one.
edits = st.one_of(
    placements.map(lambda p: ("place", p)),
    st.tuples(st.sampled_from(("remove", "rotate", "flip")), st.integers(0, 60)),
)


def apply_edit(draft: BoardDraft, edit: tuple[str, object]) -> BoardDraft:
    kind, arg = edit
    if kind == "place":
        assert isinstance(arg, Placement)
        return draft.with_placed(arg.section_id, arg.origin, arg.rotation, arg.flipped)
    if not draft.placements:
        return draft
    assert isinstance(arg, int)
    section_id = draft.placements[arg % len(draft.placements)].section_id
    if kind == "remove":
        return draft.with_removed(section_id)
    if kind == "rotate":
        return draft.rotated(section_id)
    return draft.flipped(section_id)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(((9, 9), (9, 11), (11, 11))), st.lists(edits, max_size=40))
def test_problems_match_brute_force_after_any_edits(
    size: tuple[int, int], sequence: list[tuple[str, object]]
) -> None:
    """§1.1 rules 2-6: problems() agrees with the brute force after every edit; no id is placed twice."""
    draft = BoardDraft.new(BOX, *size)
    for edit in sequence:
        draft = apply_edit(draft, edit)
        assert reported(draft) == brute_force(draft)
        ids = [p.section_id for p in draft.placements]
        assert len(ids) == len(set(ids))
        assert draft.is_finished == (not brute_force(draft))


@settings(max_examples=60, deadline=None)
@given(st.lists(placements, max_size=12))
def test_duplicated_ids_from_a_file_are_reported(listed: list[Placement]) -> None:
    """§1.1 rule 2: a draft built directly (as from a file) may repeat ids; the brute force still agrees."""
    draft = BoardDraft(BOX, Frame.for_size(9, 9), 9, 9, tuple(listed))
    assert reported(draft) == brute_force(draft)


@given(placements, st.integers(-3, 3))
def test_rotating_four_times_is_the_identity(placement: Placement, start: int) -> None:
    """ARCHITECTURE.md §7 (issue 3): rotated() four times and flipped() twice give the same draft."""
    draft = BoardDraft.new(BOX).with_placement(placement.rotated(start))
    section_id = placement.section_id
    turned = draft
    for _ in range(4):
        turned = turned.rotated(section_id)
    assert turned == draft
    assert draft.flipped(section_id).flipped(section_id) == draft
    assert placement.rotated(4) == placement and placement.turned_over().turned_over() == placement
    assert len(set(placement.rotated(1).cells)) == len(placement.cells)


frame_edits = st.tuples(
    st.booleans(), st.sampled_from(EDGES), st.integers(0, 6), st.sampled_from(tuple(FrameSegment))
)


@settings(max_examples=150, deadline=None)
@given(st.lists(frame_edits, max_size=25))
def test_frame_edits_follow_the_frame_rule(sequence: list[tuple[bool, Edge, int, FrameSegment]]) -> None:
    """§1.1 [RES-RP1]: a frame is legal iff each side has one long, opposite sides match and the box
    suffices; the layout always has a legal size and follows the frame whenever the frame is legal."""
    draft = BoardDraft.new(BOX).with_cross_at_centre()
    for add, edge, index, segment in sequence:
        side = draft.frame.side(edge)
        if add and draft.why_cannot_add_segment(edge, segment) is None:
            draft = draft.with_frame_segment(edge, min(index, len(side)), segment)
        elif not add and side:
            draft = draft.without_frame_segment(edge, index % len(side))
        frame = draft.frame
        expected_legal = (
            all(frame.side(e).count(FrameSegment.LONG) == 1 for e in EDGES)
            and frame.side_length(Edge.N) == frame.side_length(Edge.S)
            and frame.side_length(Edge.W) == frame.side_length(Edge.E)
            and frame.count(FrameSegment.SHORT) <= 8
        )
        assert frame.is_legal == expected_legal
        assert frame.count(FrameSegment.LONG) <= 4 and frame.count(FrameSegment.SHORT) <= 8
        if expected_legal:
            assert draft.size == (frame.side_length(Edge.N), frame.side_length(Edge.W))
            # The cross moves with the centre whenever the size changes.
            assert not [p for p in draft.problems() if p.code is ProblemCode.CROSS_NOT_AT_CENTRE]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(edits, max_size=20), st.text(max_size=30))
def test_draft_json_round_trips(seed: int, sequence: list[tuple[str, object]], name: str) -> None:
    """Issue 3: save/load of drafts round-trips, finished or not, for any box seed."""
    draft = BoardDraft.new(Box.generate(seed % 1000), 9, 13)
    for edit in sequence:
        draft = apply_edit(draft, edit)
    saved = SavedBoard(name.strip() or "Untitled board", draft, "2024-01-01T00:00:00+00:00", "x")
    loaded = decode_board(encode_board(saved))
    assert loaded.draft == draft
    assert loaded.draft.problems() == draft.problems()
