"""De Regenboog's board (regenboog.md §2.3): the standard layout against the spec's full adjacency table,
the large layout, openings, the dice's segments and the hex-segment builder draft."""

from __future__ import annotations

import pytest

from rainbowtable.games.regenboog.board import (
    LARGE_CENTRES,
    LARGE_DRAFT,
    STANDARD_CENTRES,
    STANDARD_DRAFT,
    CellKind,
    HexBoardNotReady,
    HexDraft,
    HexProblemCode,
    board_for,
    large_board,
    snap,
    standard_board,
)
from rainbowtable.games.regenboog.rules import SECTOR_TABLE
from rainbowtable.geometry.hexgrid import Hex, direction

ADJACENCY = """
    0.0 (0,0) 0.1 0.2 0.3 0.4 0.5 0.6
    0.1 (0,-1) 1.4 H1 0.2 0.0 0.6 H6
    0.2 (1,-1) H1 2.5 H2 0.3 0.0 0.1
    0.3 (1,0) 0.2 H2 3.6 H3 0.4 0.0
    0.4 (0,1) 0.0 0.3 H3 4.1 H4 0.5
    0.5 (-1,1) 0.6 0.0 0.4 H4 5.2 H5
    0.6 (-1,0) H6 0.1 0.0 0.5 H5 6.3
    1.0 (0,-3) 1.1 1.2 1.3 1.4 1.5 1.6
    1.1 (0,-4) - - 1.2 1.0 1.6 -
    1.2 (1,-4) - - - 1.3 1.0 1.1
    1.3 (1,-3) 1.2 - 2.6 H1 1.4 1.0
    1.4 (0,-2) 1.0 1.3 H1 0.1 H6 1.5
    1.5 (-1,-2) 1.6 1.0 1.4 H6 6.2 -
    1.6 (-1,-3) - 1.1 1.0 1.5 - -
    2.0 (3,-3) 2.1 2.2 2.3 2.4 2.5 2.6
    2.1 (3,-4) - - 2.2 2.0 2.6 -
    2.2 (4,-4) - - - 2.3 2.0 2.1
    2.3 (4,-3) 2.2 - - - 2.4 2.0
    2.4 (3,-2) 2.0 2.3 - 3.1 H2 2.5
    2.5 (2,-2) 2.6 2.0 2.4 H2 0.2 H1
    2.6 (2,-3) - 2.1 2.0 2.5 H1 1.3
    3.0 (3,0) 3.1 3.2 3.3 3.4 3.5 3.6
    3.1 (3,-1) 2.4 - 3.2 3.0 3.6 H2
    3.2 (4,-1) - - - 3.3 3.0 3.1
    3.3 (4,0) 3.2 - - - 3.4 3.0
    3.4 (3,1) 3.0 3.3 - - - 3.5
    3.5 (2,1) 3.6 3.0 3.4 - 4.2 H3
    3.6 (2,0) H2 3.1 3.0 3.5 H3 0.3
    4.0 (0,3) 4.1 4.2 4.3 4.4 4.5 4.6
    4.1 (0,2) 0.4 H3 4.2 4.0 4.6 H4
    4.2 (1,2) H3 3.5 - 4.3 4.0 4.1
    4.3 (1,3) 4.2 - - - 4.4 4.0
    4.4 (0,4) 4.0 4.3 - - - 4.5
    4.5 (-1,4) 4.6 4.0 4.4 - - -
    4.6 (-1,3) H4 4.1 4.0 4.5 - 5.3
    5.0 (-3,3) 5.1 5.2 5.3 5.4 5.5 5.6
    5.1 (-3,2) 6.4 H5 5.2 5.0 5.6 -
    5.2 (-2,2) H5 0.5 H4 5.3 5.0 5.1
    5.3 (-2,3) 5.2 H4 4.6 - 5.4 5.0
    5.4 (-3,4) 5.0 5.3 - - - 5.5
    5.5 (-4,4) 5.6 5.0 5.4 - - -
    5.6 (-4,3) - 5.1 5.0 5.5 - -
    6.0 (-3,0) 6.1 6.2 6.3 6.4 6.5 6.6
    6.1 (-3,-1) - - 6.2 6.0 6.6 -
    6.2 (-2,-1) - 1.5 H6 6.3 6.0 6.1
    6.3 (-2,0) 6.2 H6 0.6 H5 6.4 6.0
    6.4 (-3,1) 6.0 6.3 H5 5.1 - 6.5
    6.5 (-4,1) 6.6 6.0 6.4 - - -
    6.6 (-4,0) - 6.1 6.0 6.5 - -
    H1 (1,-2) 1.3 2.6 2.5 0.2 0.1 1.4
    H2 (2,-1) 2.5 2.4 3.1 3.6 0.3 0.2
    H3 (1,1) 0.3 3.6 3.5 4.2 4.1 0.4
    H4 (-1,2) 0.5 0.4 4.1 4.6 5.3 5.2
    H5 (-2,1) 6.3 0.6 0.5 5.2 5.1 6.4
    H6 (-1,-1) 1.5 1.4 0.1 0.6 6.3 6.2
"""
"""regenboog.md §2.3.3, copied: cell, axial, neighbours in directions 1..6 ("-" off board)."""


def _table() -> list[tuple[str, Hex, list[str]]]:
    out = []
    for line in ADJACENCY.strip().splitlines():
        cell, axial, *around = line.split()
        q, r = axial.strip("()").split(",")
        out.append((cell, Hex(int(q), int(r)), around))
    return out


def test_standard_board_matches_the_spec_table_rg1_rg2_rg3_rg4() -> None:
    """regenboog.md §2.3.3 [RES-RG1] [RES-RG2] [RES-RG3] [RES-RG4]: every cell, its axial coordinates and its
    neighbours by direction, exactly as the spec's full table."""
    board = standard_board()
    table = _table()
    assert len(table) == len(board.cells) == 55
    for cell_id, axial, around in table:
        i = board.index(cell_id)
        assert board.cells[i].hex == axial, cell_id
        got = [board.cells[n].id if n is not None else "-" for n in board.neighbours[i]]
        assert got == around, cell_id


def test_rg_t01_geometry() -> None:
    """RG-T01, regenboog.md §2.14: neighbours, axial coordinates and BFS distances."""
    board = standard_board()

    def around(cell: str) -> set[str]:
        return {board.cells[n].id for n in board.adjacent(True)[board.index(cell)]}

    assert around("0.1") == {"0.0", "0.2", "0.6", "1.4", "H1", "H6"}
    assert around("1.1") == {"1.0", "1.2", "1.6"}
    assert around("H3") == {"0.3", "0.4", "3.5", "3.6", "4.1", "4.2"}
    assert "2.6" in around("1.3") and "1.5" in around("6.2") and "2.1" not in around("1.3")
    assert board.cells[board.index("3.0")].hex == Hex(3, 0)
    assert board.cells[board.index("5.6")].hex == Hex(-4, 3)
    assert board.cells[board.index("H1")].hex == Hex(1, -2)
    dist = board.distances(board.index("1.0"))
    assert dist[board.index("0.0")] == 3
    assert dist[board.index("2.0")] == 3
    assert dist[board.index("4.0")] == 6
    assert dist[board.index("0.4")] == 4


def test_standard_facts() -> None:
    """§2.3.3 useful facts: centre distances and the diameter 8; openings H_k = D_k + D_(k+1)."""
    board = standard_board()
    diameter = max(max(board.distances(i)) for i in range(len(board.cells)))
    assert diameter == 8
    for k in range(1, 7):
        h = board.cells[board.index(f"H{k}")]
        assert h.kind is CellKind.OPENING
        assert h.hex == Hex(direction(k).q + direction(k + 1).q, direction(k).r + direction(k + 1).r)


def test_closed_openings_lengthen_detours_rg2() -> None:
    """§2.3.6 point 3 [RES-RG2]: with openings closed, segments connect only through bridges."""
    board = standard_board()
    open_d = board.distances(board.index("1.3"), True)
    closed = board.distances(board.index("1.3"), False)
    assert open_d[board.index("0.2")] == 2
    assert closed[board.index("0.2")] > 2
    assert closed[board.index("H1")] == -1


def test_large_board_rg20() -> None:
    """§2.3.5: 13 segments, 91 fields + 12 openings; G_k touches the cells the spec lists; the bridges."""
    board = large_board()
    assert len(board.cells) == 103
    assert sum(1 for c in board.cells if c.kind is CellKind.OPENING) == 12
    assert [board.centres[s] for s in range(13)] == list(LARGE_CENTRES)
    assert LARGE_CENTRES[7] == Hex(3, -6) and LARGE_CENTRES[12] == Hex(-3, -3)
    g1 = board.index("G1")
    assert board.cells[g1].hex == Hex(2, -4)
    assert {board.cells[n].id for n in board.adjacent(True)[g1]} == {"1.2", "1.3", "2.6", "2.1", "7.4", "7.5"}
    bridges = "1.2-7.5 2.1-7.4 2.3-8.6 3.2-8.5 3.4-9.1 4.3-9.6 4.5-10.2 5.4-10.1 5.6-11.3 6.5-11.2"
    bridges += " 6.1-12.4 1.6-12.3"
    for pair in bridges.split():
        a, b = pair.split("-")
        assert board.index(b) in board.adjacent(True)[board.index(a)], pair


def test_sector_table_rg5() -> None:
    """§2.3.5 [RES-RG5]: w - s = 0 sector centre, 1 outer 6+s, 2 s+1, 3 middle, 4 s-1, 5 outer 6+(s-1); the
    source's identities 2-2 = 1-3 = 3-1 and the middle as segment k+3 of sector k."""

    def wrap(k: int) -> int:
        return (k - 1) % 6 + 1

    for s in range(1, 7):
        for w in range(1, 7):
            expected = [s, 6 + s, wrap(s + 1), 0, wrap(s - 1), 6 + wrap(s - 1)][(w - s) % 6]
            assert SECTOR_TABLE[s - 1][w - 1] == expected
    assert SECTOR_TABLE[1][1] == SECTOR_TABLE[0][2] == SECTOR_TABLE[2][0] == 2
    assert all(SECTOR_TABLE[k - 1][wrap(k + 3) - 1] == 0 for k in range(1, 7))
    counts = [sum(row.count(seg) for row in SECTOR_TABLE) for seg in range(13)]
    assert counts[0] == 6 and counts[1:7] == [3] * 6 and counts[7:] == [2] * 6


def test_presets_build_the_standard_boards() -> None:
    """§2.3.7 [APP]: the two one-click presets give the standard boards."""
    assert STANDARD_DRAFT.problems() == ()
    assert STANDARD_DRAFT.to_board() is standard_board()
    assert LARGE_DRAFT.to_board() is large_board()
    assert [c for c in STANDARD_CENTRES] == [
        Hex(0, 0),
        *(Hex(3 * d.q, 3 * d.r) for d in map(direction, range(1, 7))),
    ]


def _codes(draft: HexDraft) -> set[HexProblemCode]:
    return {p.code for p in draft.problems()}


def test_draft_problems() -> None:
    """ARCHITECTURE.md §7 and §2.3.7: every problem at once, with codes and cells."""
    assert _codes(HexDraft()) == {HexProblemCode.EMPTY}
    overlap = STANDARD_DRAFT.with_placed(Hex(3, 0))
    assert HexProblemCode.OVERLAP in _codes(overlap)
    far = STANDARD_DRAFT.with_placed(Hex(12, 0))
    assert _codes(far) == {HexProblemCode.DISCONNECTED}
    assert _codes(HexDraft.of(STANDARD_CENTRES, indicator=None)) == {HexProblemCode.NO_MIDDLE}
    moved = HexDraft.of(STANDARD_CENTRES, indicator=Hex(3, 0))
    problems = {p.code: p for p in moved.problems()}
    assert set(problems) == {HexProblemCode.DIRECTION_NOT_MIDDLE}
    assert len(problems[HexProblemCode.DIRECTION_NOT_MIDDLE].cells) == 3
    two = STANDARD_DRAFT.with_placed(Hex(6, -3), True)
    assert HexProblemCode.TWO_DIRECTION_SEGMENTS in _codes(two)
    off = STANDARD_DRAFT.with_placed(Hex(5, 0))
    assert HexProblemCode.OFF_LATTICE in _codes(off)
    with pytest.raises(HexBoardNotReady) as error:
        moved.to_board()
    assert error.value.problems


def test_draft_editing() -> None:
    """with_placed / with_removed / with_moved / rotated / flipped return new drafts; the middle stays."""
    draft = HexDraft().with_placed(Hex(0, 0), True)
    for k in range(1, 7):
        draft = draft.with_placed(snap(Hex(3 * direction(k).q + 1, 3 * direction(k).r)))
    assert draft.problems() == ()
    assert draft.rotated(1).problems() == () and draft.rotated(6) == draft
    assert draft.flipped().to_board() is standard_board()
    assert draft.with_removed(Hex(0, -3)).problems()
    assert draft.with_removed(Hex(99, 99)) == draft
    extra = draft.with_placed(Hex(6, -3))
    assert extra.problems() == () and extra.extra_segments() == ((6, -3),)
    board = extra.to_board()
    assert board is board_for(False, ((6, -3),))
    assert board.segment_count == 8 and board.cells[board.cell_at(7, 0)].hex == Hex(6, -3)
    moved = extra.with_moved(Hex(6, -3), Hex(-6, 3))
    assert moved.extra_segments() == ((-6, 3),)
    assert draft.segment_at(Hex(0, -4)) is not None and draft.segment_at(Hex(9, 9)) is None
