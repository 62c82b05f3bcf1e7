"""Auto-assembly (rainbow_passage.md §1.1 "Auto-assembly algorithm [APP]"): `random_board` and `fill_rest`.

Every legal size and several seeds give a legal board; the same seed gives the same board; a partial board
keeps what the player placed. No timing assertions: times come from the benchmark.
"""

from __future__ import annotations

import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import AssemblyError, fill_rest, random_board
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.components import CROSS_ID, Box, Edge, FrameSegment, SectionKind
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import LEGAL_SIZES
from rainbowtable.geometry.square import Cell

BOX = Box.generate(5)


def assert_legal(board: Board, size: tuple[int, int]) -> None:
    """An independent check of §1.1 rules 2-6 on a finished board."""
    width, height = size
    assert board.size == size
    seen: dict[Cell, str] = {}
    ids = [p.section_id for p in board.placements]
    assert len(ids) == len(set(ids))
    for placement in board.placements:
        for cell in placement.cells:
            assert 0 <= cell.x < width and 0 <= cell.y < height
            assert cell not in seen
            seen[cell] = placement.section_id
    assert len(seen) == width * height
    cross = next(p for p in board.placements if p.section_id == CROSS_ID)
    assert cross.star == Cell((width - 1) // 2, (height - 1) // 2) == board.star


@pytest.mark.parametrize("size", LEGAL_SIZES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rp_1_1_auto_assembly_gives_a_legal_board_for_every_size(size: tuple[int, int], seed: int) -> None:
    """§1.1 auto-assembly [APP], tested for every legal size (§1.12) and several seeds."""
    board = random_board(BOX, size, Rng.from_seed(seed))
    assert_legal(board, size)


def test_rp_1_1_13x13_leaves_exactly_one_short() -> None:
    """§1.1: the tightest board, 13x13, uses every section but one short."""
    board = random_board(BOX, (13, 13), Rng.from_seed(11))
    left = BoardDraft(BOX, board.frame, 13, 13, board.placements)
    assert {kind: left.remaining(kind) for kind in SectionKind if left.remaining(kind)} == {
        SectionKind.SHORT: 1
    }


def test_rp_1_1_auto_assembly_is_deterministic_per_seed() -> None:
    """§1.1 / README: all randomness comes from the seeded generator."""
    one = random_board(BOX, (11, 11), Rng.from_seed(42))
    again = random_board(BOX, (11, 11), Rng.from_seed(42))
    other = random_board(BOX, (11, 11), Rng.from_seed(43))
    assert one == again
    assert one != other


def test_fill_rest_keeps_the_players_sections() -> None:
    """Issue 3 "Fill the rest": a partial board is completed with the sections still in the tray."""
    draft = (
        BoardDraft.new(BOX, 11, 13)
        .with_placed("long-3", Cell(0, 0))
        .with_placed("square-2", Cell(9, 11))
        .with_placed("angle-7", Cell(3, 3), 90, True)
    )
    done = fill_rest(draft, Rng.from_seed(9))
    assert done.is_finished
    for placement in draft.placements:
        assert done.placement_of(placement.section_id) == placement
    assert_legal(done.to_board(), (11, 13))
    assert fill_rest(done, Rng.from_seed(1)) == done


def test_fill_rest_refuses_with_reasons() -> None:
    """Issue 3 bad input: an unfinished frame, overlapping sections, or a hole no section fits."""
    draft = BoardDraft.new(BOX, 9, 9)
    with pytest.raises(AssemblyError, match="Finish the frame first"):
        fill_rest(draft.with_frame_segment(Edge.N, 0, FrameSegment.SHORT), Rng.from_seed(1))
    with pytest.raises(AssemblyError, match="Fix the board first"):
        fill_rest(draft.with_placed("long-1", Cell(0, 0)).with_placed("long-2", Cell(1, 0)), Rng.from_seed(1))
    # Two shorts wall off the corner square (0, 0).
    hole = draft.with_placed("short-1", Cell(1, 0)).with_placed("short-2", Cell(0, 1))
    with pytest.raises(AssemblyError, match="single uncovered square"):
        fill_rest(hole, Rng.from_seed(1))
    blocked = draft.with_placed("short-1", Cell(3, 4))
    with pytest.raises(AssemblyError, match="The cross cannot go on the centre"):
        fill_rest(blocked, Rng.from_seed(1))
