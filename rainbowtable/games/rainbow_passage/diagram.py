"""Text pictures of Rainbow Passage boards and drafts, for tests, logs and bug reports.

North is at the top. Each square shows two characters: the section kind's letter (X cross, Q square,
A angle, L long, S short; `*` on the star) and the colour's letter in lower case (r g b y c m). An empty
square is `. `, a square under two or more sections `##`. Seams between different sections are drawn with
`|`, `-` and `+`, so the tiles can be told apart. Problems are listed under the grid. Printing only: there
is no parser, because boards are built through the draft API and saved as JSON.

For the game: `painted_board` (a legal layout painted in the colours a test names), `position` (a turn's
start with given pieces and dice, for the spec's cases) and `state_text` (a position as a picture).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage import start
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import EDGES, Box, kind_of
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.games.rainbow_passage.model import (
    COLOURS,
    PIECE_ID_STRIDE,
    Moved,
    Phase,
    Piece,
    RainbowPassageOptions,
    RainbowPassageState,
    Status,
)
from rainbowtable.games.rainbow_passage.problems import BoardProblem
from rainbowtable.geometry.square import Cell

_EMPTY = ". "
_OVERLAP = "##"


def frame_text(frame: Frame) -> str:
    """One line: each side's segments from its west or south end, e.g. `N: long+short`."""
    parts = []
    for edge in EDGES:
        segments = "+".join(s.value for s in frame.side(edge)) or "(empty)"
        parts.append(f"{edge.value}: {segments}")
    return "frame " + ", ".join(parts)


def draft_text(draft: BoardDraft) -> str:
    """The draft as a picture, with its problems listed underneath."""
    cover = draft.cover()
    shown = draft.squares()
    crosses = {p.star for p in draft.placements if p.star is not None}

    def label(cell: Cell) -> tuple[str, str]:
        ids = cover.get(cell, ())
        if not ids:
            return (_EMPTY, "")
        if len(ids) > 1:
            return (_OVERLAP, "#")
        section_id, colour = shown[cell]
        letter = "*" if cell in crosses else kind_of(section_id).letter
        return (letter + colour.letter.lower(), section_id)

    lines = [f"{draft.size_text} " + frame_text(draft.frame)]
    lines += _grid(draft.width, draft.height, label)
    problems = draft.problems()
    lines += [problem_text(p) for p in problems] if problems else ["no problems"]
    return "\n".join(lines)


def board_text(board: Board) -> str:
    """A finished board as a picture."""

    def label(cell: Cell) -> tuple[str, str]:
        section_id = board.section_at(cell)
        letter = "*" if cell == board.star else kind_of(section_id).letter
        return (letter + board.colour(cell).letter.lower(), section_id)

    lines = [f"{board.width}x{board.height} " + frame_text(board.frame)]
    lines += _grid(board.width, board.height, label)
    return "\n".join(lines)


def problem_text(problem: BoardProblem) -> str:
    cells = " ".join(f"({c.x},{c.y})" for c in problem.cells[:8])
    more = " ..." if len(problem.cells) > 8 else ""
    where = f" Cells: {cells}{more}" if cells else ""
    return f"- {problem.code.value}: {problem.message}{where}"


def _grid(width: int, height: int, label: Callable[[Cell], tuple[str, str]]) -> list[str]:
    labels = {Cell(x, y): label(Cell(x, y)) for y in range(height) for x in range(width)}

    def owner(x: int, y: int) -> str | None:
        # Outside the grid counts as its own owner, so the outline is always drawn.
        return labels[Cell(x, y)][1] if 0 <= x < width and 0 <= y < height else None

    def same(a: str | None, b: str | None) -> bool:
        return a is not None and a == b and a not in ("", "#")

    def row_line(y: int) -> str:
        out = "|"
        for x in range(width):
            out += labels[Cell(x, y)][0]
            out += " " if same(owner(x, y), owner(x + 1, y)) else "|"
        return out

    def seam_line(y: int) -> str:
        # The seam between row y and row y - 1 (or the outline above/below the grid).
        out = ""
        for x in range(-1, width):
            corner = {owner(x, y), owner(x + 1, y), owner(x, y - 1), owner(x + 1, y - 1)}
            out += " " if len(corner) == 1 and same(owner(x, y), owner(x + 1, y - 1)) else "+"
            if x + 1 < width:
                out += "  " if same(owner(x + 1, y), owner(x + 1, y - 1)) else "--"
        return out

    lines = [seam_line(height)]
    for y in range(height - 1, -1, -1):
        lines.append(row_line(y))
        lines.append(seam_line(y))
    width_label = len(str(height - 1))
    numbered = []
    for i, line in enumerate(lines):
        y = height - 1 - (i - 1) // 2
        prefix = str(y).rjust(width_label) if i % 2 == 1 else " " * width_label
        numbered.append(f"{prefix} {line}")
    return numbered


# --- game positions ---------------------------------------------------------------------------------------


def painted_board(
    width: int = 11,
    height: int = 11,
    fill: PassageColour = PassageColour.MAGENTA,
    colours: Mapping[Cell, PassageColour] | None = None,
) -> Board:
    """A legal board layout with its squares painted `fill`, except those listed in `colours`: the spec's
    test positions ("any square whose colour is not listed is MAGENTA", rainbow_passage.md §1.14)."""
    layout = _layout(width, height)
    painted = colours or {}
    return replace(
        layout,
        colours=tuple(painted.get(cell, fill) for cell in layout.cells()),
    )


@cache
def _layout(width: int, height: int) -> Board:
    return random_board(Box.generate(1), (width, height), Rng.from_seed(1))


def position(
    board: Board,
    pieces: Sequence[tuple[int, Cell, bool]],
    dice: Sequence[PassageColour],
    *,
    seat_count: int = 2,
    current: int = 0,
    options: RainbowPassageOptions | None = None,
    homes: Mapping[int, Sequence[Cell]] | None = None,
    captured: Mapping[int, int] | None = None,
) -> RainbowPassageState:
    """A position at the start of `current`'s turn with `dice` rolled: `pieces` as (seat, square, moved).

    Each seat's start squares (token places) are its default start squares unless `homes` gives them;
    a piece standing on a start square keeps that token, the others take the remaining tokens in order.
    `captured` adds that many captured pieces per seat (tokens on the start squares left over).
    """
    base = options or RainbowPassageOptions()
    options = replace(base, board=board)
    state = start.new_game(options, seat_count)
    edges = start.edges_for(options, seat_count)
    built: list[Piece] = []
    for seat in range(seat_count):
        squares = list(homes[seat] if homes and seat in homes else board.start_squares(edges[seat], edges, 5))
        mine = [(cell, moved) for s, cell, moved in pieces if s == seat]
        free = [sq for sq in squares if sq not in {cell for cell, _ in mine}]
        j = 0
        for cell, moved in mine:
            home = cell if cell in squares else free.pop(0)
            built.append(Piece(seat * PIECE_ID_STRIDE + j, seat, cell, Status.ON_BOARD, home, not moved))
            j += 1
        for _ in range((captured or {}).get(seat, 0)):
            built.append(Piece(seat * PIECE_ID_STRIDE + j, seat, None, Status.CAPTURED, free.pop(0), False))
            j += 1
    seats = tuple(
        replace(s, eliminated=not any(p.owner == i and p.pos is not None for p in built))
        for i, s in enumerate(state.seats)
    )
    state = replace(state, phase=Phase.ROLL, pieces=tuple(built), seats=seats, current=current, rolling=())
    return state if not dice else _rolled(state, dice)


def _rolled(state: RainbowPassageState, dice: Sequence[PassageColour]) -> RainbowPassageState:
    # The spec's cases fix the dice (some with more dice than the piece count would roll), so the roll is
    # put in place directly rather than through `apply`, which insists on k = min(5, n + 1).
    from rainbowtable.games.rainbow_passage.rules import facing_of

    ordered = tuple(sorted(dice, key=COLOURS.index))
    face = facing_of(state, state.current)
    moved = tuple(
        (p.id, Moved(face.row(p.pos), 0, 0))
        for p in state.pieces
        if p.owner == state.current and p.pos is not None
    )
    return replace(state, phase=Phase.TURN, dice=ordered, dice_left=ordered, moved=moved)


def state_text(state: RainbowPassageState) -> str:
    """The position as a picture, north at the top: each square shows its colour letter (lower case), or a
    piece as its seat number with `'` for an unmoved piece; `*` marks the star. Then the seats and dice."""
    board = state.board
    if board is None:
        return "(the board is not built yet)"
    at = {p.pos: p for p in state.pieces if p.pos is not None}
    lines = []
    for y in range(board.height - 1, -1, -1):
        row = []
        for x in range(board.width):
            cell = Cell(x, y)
            piece = at.get(cell)
            if piece is not None:
                row.append(f"{piece.owner + 1}{chr(39) if piece.token_crossed else ' '}")
            else:
                mark = "*" if cell == board.star else " "
                row.append(board.colour(cell).letter.lower() + mark)
        lines.append(f"{y + 1:>2} " + "".join(row).rstrip())
    lines.append("   " + "".join(f"{chr(ord('a') + x)} " for x in range(board.width)).rstrip())
    for seat, s in enumerate(state.seats):
        captured = sum(1 for p in state.pieces if p.owner == seat and p.status is Status.CAPTURED)
        flags = " out" if s.eliminated else ""
        lines.append(
            f"P{seat + 1} {s.edge.value}: {state.on_board(seat)} on board, {captured} captured, "
            f"{s.crossings} crossed{flags}"
        )
    if state.dice:
        left = " ".join(c.letter for c in state.dice_left)
        lines.append(f"P{state.current + 1} to play, dice left: {left or '-'} ({state.moves_made} moved)")
    if state.phase is Phase.OVER:
        lines.append("winners: " + (", ".join(f"P{s + 1}" for s in state.winners) or "none (draw)"))
    return "\n".join(lines)
