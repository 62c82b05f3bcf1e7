"""Rainbow Passage board: frame arithmetic, the box, placements, problems and the finished board.

Spec: rainbow_passage.md §1.1 (components, [RES-RP1] frame arithmetic, legality rules 1-6), §1.3 (start
squares, [RES-RP6], [RES-RP7]) and §1.12 (board sizes).
"""

from __future__ import annotations

import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board import Board, default_start_indices
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import (
    ALL_SECTION_IDS,
    CROSS_ID,
    EDGES,
    Box,
    Edge,
    Face,
    FrameSegment,
    Placement,
    SectionKind,
)
from rainbowtable.games.rainbow_passage.diagram import board_text, draft_text
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import LEGAL_SIZES, Frame, why_illegal_size
from rainbowtable.games.rainbow_passage.problems import BoardNotReady, ProblemCode
from rainbowtable.geometry.square import Cell

BOX = Box.generate(2024)


def codes(draft: BoardDraft) -> list[ProblemCode]:
    return [p.code for p in draft.problems()]


# --- frame arithmetic -----------------------------------------------------------------------------------


def test_rp_1_1_res_rp1_legal_sizes_are_the_spec_table() -> None:
    """§1.1 [RES-RP1]: W = 9 + 2a, H = 9 + 2b, 2a + 2b <= 8 — the 9 sizes of the table plus transposes."""
    table = {(9, 9), (9, 11), (9, 13), (9, 15), (9, 17), (11, 11), (11, 13), (11, 15), (13, 13)}
    assert set(LEGAL_SIZES) == table | {(h, w) for w, h in table}
    assert len(LEGAL_SIZES) == 15
    for width, height in LEGAL_SIZES:
        assert why_illegal_size(width, height) is None


@pytest.mark.parametrize("size", [(13, 15), (11, 17), (15, 15), (7, 9), (10, 11), (9, 19)])
def test_rp_1_1_res_rp1_illegal_sizes_have_reasons(size: tuple[int, int]) -> None:
    """§1.1 [RES-RP1]: 13x15, 11x17 and 15x15 need more than 8 shorts; even or short sides are impossible."""
    reason = why_illegal_size(*size)
    assert reason is not None and reason.endswith(".")
    with pytest.raises(ValueError):
        Frame.for_size(*size)


@pytest.mark.parametrize("size", LEGAL_SIZES)
def test_rp_1_1_res_rp1_preset_frames(size: tuple[int, int]) -> None:
    """§1.1 [RES-RP1]: each side one long plus its shorts; opposite sides equal; size and (a, b) agree."""
    frame = Frame.for_size(*size)
    assert frame.is_legal and frame.size == size
    a, b = (size[0] - 9) // 2, (size[1] - 9) // 2
    assert frame.shorts == (a, b)
    assert frame.count(FrameSegment.LONG) == 4 and frame.count(FrameSegment.SHORT) == 2 * a + 2 * b
    for edge in EDGES:
        spans = frame.spans(edge)
        assert sum(s.length for s in spans) == frame.side_length(edge)
        assert [s.start for s in spans] == [sum(t.length for t in spans[:i]) for i in range(len(spans))]


def test_rp_1_12_frame_refuses_with_reasons() -> None:
    """§1.12: an unequal pair of sides, a side without or with two longs, and a 9th short are reported."""
    draft = BoardDraft.new(BOX)
    one_short = draft.without_frame_segment(Edge.N, 1)
    problems = one_short.frame.problems()
    assert [p.code for p in problems] == [ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER]
    assert problems[0].message.startswith("Opposite sides must have the same length")
    assert problems[0].edges == (Edge.N, Edge.S)
    assert one_short.size == (11, 11)  # the layout stays until the frame is legal again

    no_long = draft.without_frame_segment(Edge.W, 0)
    assert ProblemCode.FRAME_SIDE_WITHOUT_LONG in codes(no_long)
    assert (
        draft.why_cannot_add_segment(Edge.W, FrameSegment.LONG)
        == "The west side already has its long segment."
    )
    with pytest.raises(ValueError, match="already has its long"):
        draft.with_frame_segment(Edge.W, 0, FrameSegment.LONG)
    two_longs = BoardDraft(BOX, draft.frame.with_side(Edge.W, (FrameSegment.LONG,) * 2), 11, 11)
    assert ProblemCode.FRAME_SIDE_WITH_SEVERAL_LONGS in codes(two_longs)

    full = BoardDraft.new(BOX, 13, 13)
    assert full.why_cannot_add_segment(Edge.N, FrameSegment.SHORT) == (
        "All 8 short segments are in the frame already."
    )
    nine = BoardDraft(BOX, full.frame.with_side(Edge.N, (*full.frame.north, FrameSegment.SHORT)), 13, 13)
    assert ProblemCode.FRAME_TOO_MANY_SEGMENTS in codes(nine)


def test_rp_1_12_growing_the_frame_keeps_the_cross_at_the_centre() -> None:
    """§1.12: adding a short to north and south makes 13x11; placements move with the centre."""
    draft = BoardDraft.new(BOX).with_cross_at_centre().with_placed("short-1", Cell(0, 0))
    half = draft.with_frame_segment(Edge.N, 0, FrameSegment.SHORT)
    assert half.size == (11, 11) and not half.frame.is_legal
    grown = half.with_frame_segment(Edge.S, 2, FrameSegment.SHORT)
    assert grown.size == (13, 11) and grown.centre == Cell(6, 5)
    assert ProblemCode.CROSS_NOT_AT_CENTRE not in codes(grown)
    assert grown.placement_of("short-1") == Placement("short-1", Cell(1, 0))
    shrunk = grown.with_frame_size(9, 9)
    assert shrunk.placement_of(CROSS_ID) is not None and shrunk.centre == Cell(4, 4)
    assert ProblemCode.CROSS_NOT_AT_CENTRE not in codes(shrunk)
    assert ProblemCode.OUT_OF_FRAME in codes(shrunk)


# --- the box ----------------------------------------------------------------------------------------------


def test_rp_1_1_box_holds_the_61_sections() -> None:
    """§1.1: 1 cross, 8 squares, 16 angles, 14 longs, 22 shorts; 171 squares; colours from the seed."""
    counts = {kind: sum(1 for s in BOX.sections if s.kind is kind) for kind in SectionKind}
    assert counts == {
        SectionKind.CROSS: 1,
        SectionKind.SQUARE: 8,
        SectionKind.ANGLE: 16,
        SectionKind.LONG: 14,
        SectionKind.SHORT: 22,
    }
    assert len(BOX.sections) == 61 == len(ALL_SECTION_IDS)
    assert sum(len(s.kind.cells) for s in BOX.sections) == 171
    assert Box.generate(2024) == BOX
    assert Box.generate(2025) != BOX
    colours_used = {c for s in BOX.sections for c in s.side_a + s.side_b}
    assert colours_used == set(PassageColour)
    with pytest.raises(ValueError):
        BOX.section("short-23")
    with pytest.raises(ValueError):
        Box(1, BOX.sections[1:])


# --- placements -------------------------------------------------------------------------------------------


def test_rp_1_1_placement_orientation_and_colours() -> None:
    """§1.1 Placement: origin is the bounding box corner; side B is side A turned over, square by square."""
    angle = Placement("angle-1", Cell(3, 3))
    assert angle.cells == (Cell(3, 3), Cell(4, 3), Cell(3, 4))
    assert angle.rotated().cells == (Cell(4, 3), Cell(4, 4), Cell(3, 3))
    assert angle.rotated(4) == angle and angle.rotated(-1) == angle.rotated(3)
    assert angle.turned_over().turned_over() == angle
    assert angle.turned_over().face is Face.B
    section = BOX.section("long-1")
    long_b = Placement("long-1", Cell(0, 0), 0, True)
    # Turned over, the first printed square lands at the far end.
    assert long_b.squares(section)[0] == (Cell(2, 0), section.side_b[0])
    assert Placement("long-1", Cell(0, 0)).squares(section)[0] == (Cell(0, 0), section.side_a[0])
    with pytest.raises(ValueError):
        Placement("long-1", Cell(0, 0), 45)
    with pytest.raises(ValueError):
        Placement("hexagon-1", Cell(0, 0))


def test_rp_1_1_star_stays_on_the_cross_middle_in_every_orientation() -> None:
    """§1.1: the star is on the cross's centre square on both sides [RES-RP2]."""
    for rotation in (0, 90, 180, 270):
        for flipped in (False, True):
            assert Placement(CROSS_ID, Cell(4, 4), rotation, flipped).star == Cell(5, 5)


# --- problems ---------------------------------------------------------------------------------------------


def test_rp_1_1_new_draft_problems() -> None:
    """§1.1 rules 5-6: an empty frame is all uncovered and lacks the cross."""
    draft = BoardDraft.new(BOX)
    problems = draft.problems()
    assert [p.code for p in problems] == [ProblemCode.UNCOVERED, ProblemCode.CROSS_MISSING]
    assert len(problems[0].cells) == 121
    assert problems[0].message == "121 squares are not covered yet."
    assert problems[1].cells == (Cell(5, 5),)
    assert not draft.is_finished
    with pytest.raises(BoardNotReady) as raised:
        draft.to_board()
    assert raised.value.problems == problems


def test_rp_1_1_each_rule_is_reported_with_its_cells() -> None:
    """§1.1 rules 2-6: used twice, out of frame, overlap, uncovered, cross not at the centre."""
    draft = (
        BoardDraft.new(BOX, 9, 9)
        .with_placed(CROSS_ID, Cell(0, 0))
        .with_placed("long-1", Cell(7, 0))
        .with_placed("short-1", Cell(1, 1))
    )
    by_code = {p.code: p for p in draft.problems()}
    assert by_code[ProblemCode.CROSS_NOT_AT_CENTRE].cells == (Cell(1, 1), Cell(4, 4))
    assert by_code[ProblemCode.OUT_OF_FRAME].cells == (Cell(9, 0),)
    assert by_code[ProblemCode.OUT_OF_FRAME].section_ids == ("long-1",)
    overlap = by_code[ProblemCode.OVERLAP]
    assert overlap.cells == (Cell(1, 1), Cell(2, 1)) and overlap.section_ids == (CROSS_ID, "short-1")
    assert overlap.message == "A cross and a short section overlap on 2 squares."
    twice = BoardDraft(
        BOX, draft.frame, 9, 9, (Placement("short-2", Cell(0, 8)), Placement("short-2", Cell(5, 8)))
    )
    used = [p for p in twice.problems() if p.code is ProblemCode.SECTION_USED_TWICE]
    assert len(used) == 1 and used[0].cells == (Cell(0, 8), Cell(1, 8), Cell(5, 8), Cell(6, 8))


def test_rp_1_1_uncovered_regions_are_separate_problems() -> None:
    """§1.1 rule 5: each connected group of empty squares is one problem."""
    draft = BoardDraft.new(BOX, 9, 9)
    wall = [Placement(f"long-{i + 1}", Cell(4, 3 * i), 90) for i in range(3)]
    for placement in wall:
        draft = draft.with_placement(placement)
    regions = [p for p in draft.problems() if p.code is ProblemCode.UNCOVERED]
    assert [len(p.cells) for p in regions] == [36, 36]


def test_why_cannot_place_and_take() -> None:
    """Issue 3 bad input: outside the frame, onto another section, cross off centre, none of a kind left."""
    draft = BoardDraft.new(BOX).with_cross_at_centre()
    assert draft.why_cannot_place("long-1", Cell(9, 0)) == "That would stick out of the frame."
    assert draft.why_cannot_place("long-1", Cell(4, 5)) == "That would lie on top of another section."
    assert draft.why_cannot_place("long-1", Cell(0, 0)) is None
    assert (
        draft.why_cannot_place(CROSS_ID, Cell(0, 0)) == "The cross goes with its star on the centre square."
    )
    assert draft.why_cannot_place(CROSS_ID, Cell(4, 4), 90, True) is None  # moving onto itself is fine
    assert draft.why_cannot_place("nothing-1", Cell(0, 0)) == "There is no such section in the box."
    placed = draft
    for section_id in [f"square-{i}" for i in range(1, 9)]:
        assert placed.why_cannot_take(SectionKind.SQUARE) is None
        placed = placed.with_placed(placed.next_unused(SectionKind.SQUARE) or "", Cell(0, 0))
        assert placed.is_placed(section_id)
    assert placed.remaining(SectionKind.SQUARE) == 0 and placed.next_unused(SectionKind.SQUARE) is None
    assert placed.why_cannot_take(SectionKind.SQUARE) == "No square sections left: all 8 are on the board."
    with pytest.raises(ValueError):
        draft.with_removed("long-1")


def test_draft_edits_move_rotate_flip_remove() -> None:
    """ARCHITECTURE.md §7: with_placed moves a placed section; rotated/flipped turn it where it lies."""
    draft = BoardDraft.new(BOX).with_placed("angle-3", Cell(0, 0))
    moved = draft.with_placed("angle-3", Cell(2, 2), 180)
    assert moved.placements == (Placement("angle-3", Cell(2, 2), 180),)
    assert moved.rotated("angle-3").placement_of("angle-3") == Placement("angle-3", Cell(2, 2), 270)
    assert moved.flipped("angle-3").placement_of("angle-3") == Placement("angle-3", Cell(2, 2), 180, True)
    assert moved.with_removed("angle-3").placements == ()
    assert moved.section_at(Cell(3, 3)) == "angle-3" and moved.section_at(Cell(0, 0)) is None


# --- the finished board -----------------------------------------------------------------------------------


def test_rp_1_1_finished_board_exposes_what_the_game_needs() -> None:
    """§1.1 Board: W, H, frame (a, b), colours, the star at the centre; §1.3 start squares and tokens."""
    board = random_board(BOX, (11, 11), Rng.from_seed(7))
    assert isinstance(board, Board)
    assert board.size == (11, 11) and board.star == Cell(5, 5) and board.stars == (Cell(5, 5),)
    assert board.section_at(board.star) == CROSS_ID
    assert board.frame.shorts == (1, 1)
    assert len(board.colours) == 121 and all(isinstance(c, PassageColour) for c in board.colours)
    draft = board.to_draft(BOX)
    shown = draft.squares()
    assert all(board.colour(cell) == shown[cell][1] for cell in board.cells())
    assert board.start_squares(Edge.S, [Edge.S, Edge.N]) == tuple(Cell(x, 0) for x in (2, 4, 6, 8))
    assert board.start_squares(Edge.N, [Edge.S, Edge.N]) == tuple(Cell(x, 10) for x in (8, 6, 4, 2))
    assert board.start_tokens(Edge.W, EDGES)[0] == (Cell(0, 8), Cell(-1, 8))
    assert board.token_position(Edge.E, Cell(10, 4)) == Cell(11, 4)
    assert board.token_position(Edge.N, Cell(3, 10)) == Cell(3, 11)
    with pytest.raises(ValueError):
        board.colour(Cell(11, 0))
    with pytest.raises(ValueError):
        board.token_position(Edge.S, Cell(3, 3))


@pytest.mark.parametrize(
    ("length", "pieces", "neighbour", "expected"),
    [
        (9, 4, False, (2, 4, 6, 8)),
        (9, 4, True, (3, 4, 6, 7)),
        (9, 5, False, (2, 4, 5, 6, 8)),
        (9, 5, True, (3, 4, 5, 6, 7)),
        (11, 4, False, (3, 5, 7, 9)),
        (11, 4, True, (3, 5, 7, 9)),
        (11, 5, True, (3, 5, 6, 7, 9)),
        (13, 4, True, (4, 6, 8, 10)),
        (13, 5, True, (4, 6, 7, 8, 10)),
        (15, 4, True, (5, 7, 9, 11)),
        (17, 4, True, (6, 8, 10, 12)),
    ],
)
def test_rp_1_3_res_rp6_res_rp7_default_start_squares(
    length: int, pieces: int, neighbour: bool, expected: tuple[int, ...]
) -> None:
    """§1.3 table [RES-RP6], [RES-RP7]: default start squares (1-based) per edge length and neighbours."""
    blocked = frozenset({1, length - 2}) if neighbour else frozenset()
    assert tuple(i + 1 for i in default_start_indices(length, pieces, blocked)) == expected
    one_flank = frozenset({1}) if neighbour else frozenset()
    assert tuple(i + 1 for i in default_start_indices(length, pieces, one_flank)) == expected


def test_rp_1_3_res_rp7_four_players_on_9x9() -> None:
    """§1.12 Board sizes: 4 players on 9x9 use 3,4,6,7 on every edge, never the line next to a neighbour."""
    board = random_board(BOX, (9, 9), Rng.from_seed(3))
    south = board.start_squares(Edge.S, EDGES)
    assert south == tuple(Cell(x, 0) for x in (2, 3, 5, 6))
    east = board.start_squares(Edge.E, EDGES)
    assert east == tuple(Cell(8, y) for y in (2, 3, 5, 6))
    two_player = board.start_squares(Edge.S, [Edge.S, Edge.N])
    assert two_player == tuple(Cell(x, 0) for x in (1, 3, 5, 7))


def test_diagram_prints_draft_and_board() -> None:
    """diagram.py: a readable picture with the star, seams and the problem list."""
    draft = BoardDraft.new(BOX, 9, 9).with_cross_at_centre().with_placed("long-1", Cell(0, 0))
    text = draft_text(draft)
    lines = text.splitlines()
    assert lines[0] == "9×9 frame N: long, E: long, S: long, W: long"
    assert len(lines) == 1 + 19 + 1  # header, 9 rows with 10 seam lines, 1 problem (uncovered)
    assert "*" in text and "- uncovered: 73 squares are not covered yet." in text
    assert lines[-3].startswith("0 |L")
    board = random_board(BOX, (9, 11), Rng.from_seed(1))
    picture = board_text(board)
    assert picture.count("*") == 1 and ". " not in picture and "##" not in picture
    assert len(picture.splitlines()) == 1 + 23
