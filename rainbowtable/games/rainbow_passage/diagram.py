"""Text pictures of Rainbow Passage boards and drafts, for tests, logs and bug reports.

North is at the top. Each square shows two characters: the section kind's letter (X cross, Q square,
A angle, L long, S short; `*` on the star) and the colour's letter in lower case (r g b y c m). An empty
square is `. `, a square under two or more sections `##`. Seams between different sections are drawn with
`|`, `-` and `+`, so the tiles can be told apart. Problems are listed under the grid. Printing only: there
is no parser, because boards are built through the draft API and saved as JSON.
"""

from __future__ import annotations

from collections.abc import Callable

from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.components import EDGES, kind_of
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame
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
