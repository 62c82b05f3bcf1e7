"""A legal assembled Rainbow Passage board (`Board`): what the game reads, and the default start squares
(rainbow_passage.md §1.1, §1.2 geometry, §1.3 starting positions [RES-RP6], [RES-RP7]).

Cells are stored row by row from the south. Build one through a `BoardDraft` (`draft.py`) or
`assembly.random_board`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Box, Edge, Placement
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.geometry.square import Cell, in_rect

if TYPE_CHECKING:
    from rainbowtable.games.rainbow_passage.draft import BoardDraft


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
        from rainbowtable.games.rainbow_passage.draft import BoardDraft

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


def board_problem(board: Board) -> str | None:
    """Why a board read from outside (a save, a chance step) is not a legal assembled board (§1.1 legality
    rules 1-6), in the player's words; None when it is. The colours are whatever was printed, so only
    their number is checked; the placements must tile the frame with the cross's star on the centre, and
    each square's section must be the one placed there."""
    from rainbowtable.games.rainbow_passage.draft import BoardDraft
    from rainbowtable.games.rainbow_passage.frame import why_illegal_size

    reason = why_illegal_size(board.width, board.height)
    if reason is not None:
        return reason
    area = board.width * board.height
    if len(board.colours) != area or len(board.section_ids) != area:
        return f"A {board.width}×{board.height} board needs {area} coloured squares."
    for cell, colour in zip(board.cells(), board.colours, strict=True):
        if not isinstance(colour, PassageColour):
            return f"The square at ({cell.x}, {cell.y}) has no colour."
    if board.frame.size != board.size:
        problems = board.frame.problems()
        return problems[0].message if problems else "The frame does not match the board's size."
    try:
        draft = BoardDraft(_CHECK_BOX, board.frame, board.width, board.height, board.placements)
    except ValueError as error:
        return str(error)
    problems = draft.problems()
    if problems:
        return problems[0].message
    for placement in board.placements:
        for cell in placement.cells:
            if board.section_at(cell) != placement.section_id:
                return f"The square at ({cell.x}, {cell.y}) names the wrong section."
    return None


_CHECK_BOX = Box.generate(0)
"""Any box will do for checking a layout: legality does not depend on the printed colours."""
