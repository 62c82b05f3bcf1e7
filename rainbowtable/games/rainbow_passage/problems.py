"""What can keep a board draft from being a legal board (rainbow_passage.md §1.1 legality rules 1-6):
`ProblemCode`, `BoardProblem` (code, words and what to highlight) and `BoardNotReady`.

Holds no checks: the frame (`frame.py`) and the draft (`draft.py`) find the problems.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.geometry.square import Cell


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
