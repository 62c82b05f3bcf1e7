"""Rainbow Passage setup (rainbow_passage.md §1.2–§1.4, §1.12): checking the options, the start squares
(rules A1–A3 [RES-RP7]), `new_game`, and placing the pieces once the board is known.

The first player is chosen by a roll-off (§1.4 step 5), which is a chance step in `rules.py`; this module
only sets up who takes part. Holds no turn rules and no randomness.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rainbowtable.core.i18n import _
from rainbowtable.games.rainbow_passage.board import Board, board_problem, default_start_indices
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import (
    DEFAULT_EDGES,
    PIECE_ID_STRIDE,
    PIECES_PER_SEAT,
    Phase,
    Piece,
    RainbowPassageOptions,
    RainbowPassageState,
    SeatState,
    Status,
    TeamPlay,
    cell_name,
)
from rainbowtable.geometry.square import Cell

MAX_CROSSINGS = 4


def pieces_per_seat(options: RainbowPassageOptions) -> int:
    """4 pieces, or 5 with the Extra Piece (§1.4 step 3, §1.12)."""
    return PIECES_PER_SEAT + (1 if options.extra_piece else 0)


def edges_for(options: RainbowPassageOptions, seat_count: int) -> tuple[Edge, ...]:
    """The edge of each seat: the chosen ones, or the spec's seating (§1.2 [RES-RP4])."""
    return options.seat_edges if options.seat_edges else DEFAULT_EDGES[seat_count]


def required_for(options: RainbowPassageOptions, seat_count: int) -> tuple[int, ...]:
    """Crossings each seat needs (§1.12 harder winning, per seat as a handicap)."""
    if options.seat_crossings:
        return options.seat_crossings
    return (options.crossings_required,) * seat_count


def teams_for(options: RainbowPassageOptions, edges: Sequence[Edge]) -> tuple[tuple[int, ...], ...]:
    """Team play [RES-RP12]: opposite (S+N against W+E) or adjacent (S+W against N+E) partners."""
    if options.team_play is TeamPlay.OFF:
        return ()
    first = {Edge.S, Edge.N} if options.team_play is TeamPlay.OPPOSITE else {Edge.S, Edge.W}
    one = tuple(s for s, e in enumerate(edges) if e in first)
    other = tuple(s for s, e in enumerate(edges) if e not in first)
    return (one, other)


def board_size_of(options: RainbowPassageOptions) -> tuple[int, int]:
    return options.board.size if options.board is not None else options.board_size.size


def home_row(edge: Edge, width: int, height: int) -> tuple[Cell, ...]:
    """The squares along an edge, from the left of the player sitting there (§1.2, §1.3)."""
    if edge is Edge.S:
        return tuple(Cell(i, 0) for i in range(width))
    if edge is Edge.N:
        return tuple(Cell(width - 1 - i, height - 1) for i in range(width))
    if edge is Edge.W:
        return tuple(Cell(0, height - 1 - i) for i in range(height))
    return tuple(Cell(width - 1, i) for i in range(height))


def start_square_problem(
    edge: Edge, cell: Cell, seated: Sequence[Edge], width: int, height: int
) -> str | None:
    """Why `cell` cannot be a start square of the player at `edge` (§1.3 rules A1–A3 [RES-RP7]), or None."""
    row = home_row(edge, width, height)
    if cell not in row:
        return _("A piece starts on its owner's home row, along the {edge} edge (rule A1).").format(
            edge=_(edge.noun)
        )
    index = row.index(cell)
    if index in (0, len(row) - 1):
        return _("No piece starts on the outermost square of its row (rule A2).")
    next_line = {
        Edge.W: cell.x == 1,
        Edge.E: cell.x == width - 2,
        Edge.S: cell.y == 1,
        Edge.N: cell.y == height - 2,
    }
    for other in seated:
        if other not in (edge, edge.opposite) and next_line[other]:
            return _(
                "That square is on the line next to the {edge} player's home row; pieces of "
                "players on neighbouring edges keep one line apart (rule A3)."
            ).format(edge=_(other.noun))
    return None


def default_starts(
    edge: Edge, seated: Sequence[Edge], width: int, height: int, pieces: int
) -> tuple[Cell, ...]:
    """The default start squares of the player at `edge` (§1.3 and its [APP] fallback) on a board of this
    size, before the board itself is known (a random board): the same squares `Board.start_squares` gives."""
    row = home_row(edge, width, height)
    blocked = frozenset(
        i
        for i, cell in enumerate(row)
        if start_square_problem(edge, cell, seated, width, height) is not None and i not in (0, len(row) - 1)
    )
    return tuple(row[i] for i in default_start_indices(len(row), pieces, blocked))


def fit_starts(
    placed: Mapping[Edge, Sequence[Cell]], edges: Sequence[Edge], width: int, height: int, pieces: int
) -> tuple[tuple[Cell, ...], ...]:
    """A custom layout for these seats, size and piece count, from the squares placed per edge (§1.3,
    §1.12 `custom_starts`): every placed square that still passes rules A1–A3 is kept (at most `pieces`
    per player, no square twice), and the rest come from the default layout, so a layout made for other
    edges, another size or without the Extra Piece stays legal."""
    out: list[tuple[Cell, ...]] = []
    for edge in edges:
        kept: list[Cell] = []
        for cell in placed.get(edge, ()):
            legal = start_square_problem(edge, cell, edges, width, height) is None
            if legal and len(kept) < pieces and cell not in kept:
                kept.append(cell)
        spare = [
            c
            for c in (*default_starts(edge, edges, width, height, pieces), *home_row(edge, width, height))
            if c not in kept and start_square_problem(edge, c, edges, width, height) is None
        ]
        for cell in spare:
            if len(kept) >= pieces:
                break
            if cell not in kept:
                kept.append(cell)
        out.append(tuple(kept))
    return tuple(out)


def starts_problem(
    starts: Sequence[Sequence[Cell]], edges: Sequence[Edge], width: int, height: int, pieces: int
) -> str | None:
    """Why a whole custom layout is refused (count, repeats, A1–A3), or None."""
    if len(starts) != len(edges):
        return _("Custom start squares are needed for every player.")
    for seat, (edge, cells) in enumerate(zip(edges, starts, strict=True)):
        if len(cells) != pieces:
            return _("Player {n} needs {pieces} start squares, not {count}.").format(
                n=seat + 1, pieces=pieces, count=len(cells)
            )
        if len(set(cells)) != len(cells):
            return _("Player {n} has two pieces on one start square.").format(n=seat + 1)
        for cell in cells:
            if not (0 <= cell.x < width and 0 <= cell.y < height):
                return _("Player {n}'s start square {cell} is not on the {w} × {h} board.").format(
                    n=seat + 1, cell=cell_name(cell), w=width, h=height
                )
            reason = start_square_problem(edge, cell, edges, width, height)
            if reason is not None:
                return f"{cell_name(cell)}: {reason}"
    return None


def option_problem(options: RainbowPassageOptions, seat_count: int) -> str | None:
    """Why these options cannot be played with this many seats (§1.2, §1.3, §1.12), or None."""
    if seat_count not in DEFAULT_EDGES:
        return _("Rainbow Passage is for 2 to 4 players.")
    if options.board is not None:
        reason = board_problem(options.board)
        if reason is not None:
            return _("This board is not a legal board: {reason}").format(reason=reason)
    edges = edges_for(options, seat_count)
    if len(edges) != seat_count:
        return _("Every player needs an edge of the board.")
    if len(set(edges)) != len(edges):
        return _("Two players cannot sit at the same edge.")
    if seat_count == 2 and edges[0].opposite is not edges[1]:
        return _("Two players sit at opposite edges.")
    if options.team_play is not TeamPlay.OFF and seat_count != 4:
        return _("Team play needs 4 players.")
    pieces = pieces_per_seat(options)
    required = required_for(options, seat_count)
    if len(required) != seat_count:
        return _("The crossings to win are needed for every player.")
    if any(not 1 <= r <= min(MAX_CROSSINGS, pieces) for r in required):
        return _("A player needs between 1 and {n} crossings to win.").format(n=min(MAX_CROSSINGS, pieces))
    if options.turn_limit < 0:
        return _("The turn limit cannot be negative.")
    if options.custom_starts:
        width, height = board_size_of(options)
        return starts_problem(options.custom_starts, edges, width, height, pieces)
    return None


def start_squares(
    options: RainbowPassageOptions, board: Board, seat_count: int
) -> tuple[tuple[Cell, ...], ...]:
    """Each seat's start squares: the custom ones, or the default layout (§1.3 and its [APP] fallback)."""
    if options.custom_starts:
        return tuple(tuple(cells) for cells in options.custom_starts)
    edges = edges_for(options, seat_count)
    pieces = pieces_per_seat(options)
    return tuple(board.start_squares(edge, edges, pieces) for edge in edges)


def placed_pieces(options: RainbowPassageOptions, board: Board, seat_count: int) -> tuple[Piece, ...]:
    """Every piece on its start square with its token crossed side up (§1.4 step 4)."""
    pieces = []
    for seat, cells in enumerate(start_squares(options, board, seat_count)):
        for j, cell in enumerate(cells):
            pieces.append(Piece(seat * PIECE_ID_STRIDE + j, seat, cell, Status.ON_BOARD, cell, True))
    return tuple(pieces)


def new_game(options: RainbowPassageOptions, seat_count: int) -> RainbowPassageState:
    """The position before any chance step: the board (or the wait for a random one), seats and pieces."""
    problem = option_problem(options, seat_count)
    if problem is not None:
        raise ValueError(problem)
    edges = edges_for(options, seat_count)
    board = options.board
    return RainbowPassageState(
        options=options,
        seat_count=seat_count,
        phase=Phase.BOARD if board is None else Phase.ROLL_OFF,
        board=board,
        seats=tuple(SeatState(edge) for edge in edges),
        pieces=() if board is None else placed_pieces(options, board, seat_count),
        required=required_for(options, seat_count),
        teams=teams_for(options, edges),
        rolling=tuple(range(seat_count)),
    )
