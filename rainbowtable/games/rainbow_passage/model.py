"""Rainbow Passage data model (rainbow_passage.md §1.1, §1.4–§1.7, §1.12): options, pieces, seats, the frozen
state and the actions.

Holds only records, enums and the per-edge geometry of §1.2 (forward and sideways vectors, row index,
depth, star row); no rules (`rules.py`), no setup (`start.py`) and no randomness. The board itself is held
in the state (and, when the players chose one, in the options), so a save carries the whole board and a
library board deleted later still loads.

Seats are 0-based; a seat's pieces have ids `seat * 5 + j` (j = 0..3, or 0..4 with the Extra Piece). A
piece's `home` is the start square where its token lies (§1.1 "home square"); `token_crossed` is the
token's crossed side, i.e. the piece is unmoved and cannot be captured [RES-RP15].
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, NamedTuple

from rainbowtable.core.i18n import _
from rainbowtable.core.options import option
from rainbowtable.core.text import excerpt
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.geometry.square import Cell

DICE_COUNT = 5
"""The box has five colour dice (§1.1)."""
PIECES_PER_SEAT = 4
PIECE_ID_STRIDE = 5
"""Piece ids are `seat * 5 + j`, room for the Extra Piece."""
STAR_POINTS: tuple[int, ...] = (4, 5, 6, 8)
"""The piece design per seat: stars with 4, 5, 6 or 8 points (§1.1 "Player pieces")."""
CLOCKWISE: tuple[Edge, ...] = (Edge.S, Edge.W, Edge.N, Edge.E)
"""Turn order [RES-RP5]: clockwise, S → W → N → E → S."""
DEFAULT_EDGES: dict[int, tuple[Edge, ...]] = {
    2: (Edge.S, Edge.N),
    3: (Edge.S, Edge.W, Edge.N),  # [RES-RP4]
    4: (Edge.S, Edge.W, Edge.N, Edge.E),
}
"""Seating (§1.2) in seat order."""
COLOURS: tuple[PassageColour, ...] = tuple(PassageColour)


class BoardSize(enum.Enum):
    """Every legal board size (§1.1 table, §1.12 `board_size`), width x height."""

    S9X9 = "9x9"
    S9X11 = "9x11"
    S11X9 = "11x9"
    S9X13 = "9x13"
    S13X9 = "13x9"
    S9X15 = "9x15"
    S15X9 = "15x9"
    S9X17 = "9x17"
    S17X9 = "17x9"
    S11X11 = "11x11"
    S11X13 = "11x13"
    S13X11 = "13x11"
    S11X15 = "11x15"
    S15X11 = "15x11"
    S13X13 = "13x13"

    @property
    def size(self) -> tuple[int, int]:
        width, height = self.value.split("x")
        return (int(width), int(height))

    @property
    def label(self) -> str:
        size = self.value.replace("x", " × ")
        return _("{size} (standard)").format(size=size) if self is BoardSize.S11X11 else size


class TeamPlay(enum.Enum):
    """§1.12 team play [RES-RP12]: 4 players only, two teams of two."""

    OFF = "off"
    OPPOSITE = "opposite"  # S+N against W+E
    ADJACENT = "adjacent"  # S+W against N+E

    @property
    def label(self) -> str:
        return {"off": "Off", "opposite": "Opposite sides", "adjacent": "Neighbouring sides"}[self.value]


@dataclass(frozen=True, slots=True)
class RainbowPassageOptions:
    board_size: BoardSize = option(
        BoardSize.S11X11, "Board size", "The size of the random board, when no board is chosen."
    )
    """§1.1, §1.12 `board_size`: the size of the board assembled at random (when `board` is None)."""
    team_play: TeamPlay = option(
        TeamPlay.OFF, "Team play", "Four players in two teams: both partners must get a piece across."
    )
    """§1.12 team play [RES-RP12], [RES-RP8]."""
    crossings_required: int = option(
        1,
        "Crossings to win",
        "How many pieces each player must get across (harder winning).",
        minimum=1,
        maximum=4,
    )
    """§1.12 harder winning: crossings everyone needs; `seat_crossings` overrides it per seat."""
    no_returns: bool = option(False, "No returns", "Captured pieces never come back.")
    """§1.12 no returns: the Return option never exists (§1.7)."""
    extra_piece: bool = option(False, "Extra piece", "Five pieces each; the fifth starts in the middle.")
    """§1.12 extra piece: 5 pieces, the fifth on the middle square (§1.3); dice stay capped at 5."""
    turn_limit: int = option(
        0, "Turn limit", "Declare a draw after this many turns (0: no limit).", minimum=0, maximum=2000
    )
    """§1.10 [APP]: an optional turn cap declares a draw (for computer-only games)."""
    board: Board | None = option(None, "Board", "The board to play on; none: a random board.")
    """§1.1, §1.4 step 1: a chosen board (from the library or the builder), held whole so a save keeps it;
    None: a random legal board of `board_size` is assembled from the game number (a chance step)."""
    seat_edges: tuple[Edge, ...] = option((), "Edges", "Which edge each seat takes.")
    """§1.2 seating: the edge per seat; empty: S, N (2); S, W, N (3) [RES-RP4]; S, W, N, E (4)."""
    seat_crossings: tuple[int, ...] = option((), "Crossings per seat", "A handicap: crossings per seat.")
    """§1.12 `crossings_required[player]`: per seat, as a handicap; empty: `crossings_required` for all."""
    custom_starts: tuple[tuple[Cell, ...], ...] = option((), "Start squares", "Custom start squares.")
    """§1.3, §1.12 `custom_starts` [APP]: per seat, the start squares, checked against rules A1–A3; empty:
    the default layout."""


class Phase(enum.Enum):
    BOARD = "board"  # waiting for the BoardBuilt chance step (random board)
    ROLL_OFF = "roll_off"  # choosing the first player (§1.4 step 5)
    ROLL = "roll"  # waiting for the current player's DiceRolled
    TURN = "turn"  # the current player moves, returns or passes (§1.5)
    OVER = "over"


class Status(enum.Enum):
    ON_BOARD = "on_board"
    CAPTURED = "captured"
    CROSSED = "crossed"  # removed after crossing (team play, harder winning)


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece (§1.1): where it stands, its status, its token's square and side."""

    id: int
    owner: int
    pos: Cell | None
    status: Status
    home: Cell
    token_crossed: bool

    @property
    def index(self) -> int:
        """Its place in the owner's set (0..4): the piece's base colour and token colour."""
        return self.id % PIECE_ID_STRIDE


@dataclass(frozen=True, slots=True)
class SeatState:
    edge: Edge
    eliminated: bool = False
    crossings: int = 0


class Moved(NamedTuple):
    """This turn's record for one piece (§1.6 turn state): row at the start, steps taken, forward steps."""

    r0: int
    steps: int
    forward: int


@dataclass(frozen=True, slots=True)
class RainbowPassageState:
    options: RainbowPassageOptions
    seat_count: int
    phase: Phase
    board: Board | None
    seats: tuple[SeatState, ...]
    pieces: tuple[Piece, ...]
    """Every piece, by id order; a seat's pieces are contiguous."""
    required: tuple[int, ...]
    """Crossings each seat needs (§1.12); 1 everywhere is the standard game."""
    teams: tuple[tuple[int, ...], ...]
    """Team play: the two teams as seat tuples; empty otherwise."""
    rolling: tuple[int, ...] = ()
    """ROLL_OFF: the seats still rolling for first player, in seat order."""
    current: int = 0
    turn: int = 0
    """Turns completed (for the optional turn limit)."""
    dice: tuple[PassageColour, ...] = ()
    """TURN: this turn's roll, in colour order."""
    dice_left: tuple[PassageColour, ...] = ()
    """TURN: the dice not used yet, in colour order (§1.6)."""
    moves_made: int = 0
    moved: tuple[tuple[int, Moved], ...] = ()
    """TURN: (piece id, its record) for the current player's pieces on the board at the turn's start."""
    crossed_this_turn: bool = False
    winners: tuple[int, ...] = ()
    """OVER: the winning seats (a whole team in team play); empty for a draw at the turn limit."""

    def piece(self, piece_id: int) -> Piece:
        return self.pieces[_piece_index(self, piece_id)]

    def pieces_of(self, seat: int) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.owner == seat)

    def on_board(self, seat: int) -> int:
        return sum(1 for p in self.pieces if p.owner == seat and p.status is Status.ON_BOARD)

    def piece_at(self, cell: Cell) -> Piece | None:
        for p in self.pieces:
            if p.pos == cell:
                return p
        return None

    def team_of(self, seat: int) -> tuple[int, ...]:
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)


_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(RainbowPassageState))


def evolve(state: RainbowPassageState, **changes: Any) -> RainbowPassageState:
    """`dataclasses.replace` for the state, without its per-call field checks: the rules replace the
    state on every action, and this is the hot path of every playout."""
    new = object.__new__(RainbowPassageState)
    for name in _STATE_FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


def _piece_index(state: RainbowPassageState, piece_id: int) -> int:
    for i, p in enumerate(state.pieces):
        if p.id == piece_id:
            return i
    raise KeyError(piece_id)


# --- actions: player decisions are imperatives, chance events past tense -----------------------------


@dataclass(frozen=True, slots=True)
class BoardBuilt:
    """Chance: the random board assembled from the game number (§1.1 auto-assembly, §1.4 step 1)."""

    board: Board


@dataclass(frozen=True, slots=True)
class RollOffRolled:
    """Chance: each seat still in the roll-off rolls all five dice, in seat order (§1.4 step 5)."""

    rolls: tuple[tuple[PassageColour, ...], ...]


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Chance: the current player's colour dice, in colour order (§1.5 step 1)."""

    dice: tuple[PassageColour, ...]


@dataclass(frozen=True, slots=True)
class StepPiece:
    """Step one of your pieces to a touching square, using the die of that square's colour (§1.6)."""

    piece: int
    to: Cell


@dataclass(frozen=True, slots=True)
class ReturnPiece:
    """Bring a captured piece back onto a start square, using the whole turn (§1.7)."""

    piece: int
    to: Cell


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop moving after at least one step; unused moves are lost (§1.5)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn (§1.8)."""


RainbowPassageAction = BoardBuilt | RollOffRolled | DiceRolled | StepPiece | ReturnPiece | EndTurn | Pass
ACTION_TYPES: tuple[type[object], ...] = (
    BoardBuilt,
    RollOffRolled,
    DiceRolled,
    StepPiece,
    ReturnPiece,
    EndTurn,
    Pass,
)


# --- geometry per edge (§1.2) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Facing:
    """How a player at one edge sees the board: forward and sideways vectors, depth, star row."""

    edge: Edge
    forward: tuple[int, int]
    side: tuple[int, int]
    depth: int
    star_row: int
    width: int
    height: int

    def row(self, cell: Cell) -> int:
        """r(x, y): 0 on the home row, depth - 1 on the far row."""
        if self.edge is Edge.S:
            return cell.y
        if self.edge is Edge.N:
            return self.height - 1 - cell.y
        if self.edge is Edge.W:
            return cell.x
        return self.width - 1 - cell.x

    @property
    def far_row(self) -> int:
        return self.depth - 1

    def steps(self) -> tuple[tuple[int, int], ...]:
        """The six allowed step vectors [RES-RP3]: f, f±l, -f, -f±l (never ±l alone)."""
        return _steps(self.forward, self.side)


@lru_cache(maxsize=8)
def _steps(forward: tuple[int, int], side: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    fx, fy = forward
    lx, ly = side
    return (
        (fx, fy),
        (fx + lx, fy + ly),
        (fx - lx, fy - ly),
        (-fx, -fy),
        (-fx + lx, -fy + ly),
        (-fx - lx, -fy - ly),
    )


_VECTORS: dict[Edge, tuple[tuple[int, int], tuple[int, int]]] = {
    Edge.S: ((0, 1), (1, 0)),
    Edge.N: ((0, -1), (1, 0)),
    Edge.W: ((1, 0), (0, 1)),
    Edge.E: ((-1, 0), (0, 1)),
}


def facing(edge: Edge, width: int, height: int) -> Facing:
    forward, side = _VECTORS[edge]
    depth = height if edge in (Edge.S, Edge.N) else width
    return Facing(edge, forward, side, depth, (depth - 1) // 2, width, height)


def cell_name(cell: Cell) -> str:
    """A square as players read it: column letter from the west, row number from the south (`e4`). A
    square no board has (a crafted file's) is named by its coordinates, `(99, 0)`, never as a letter."""
    if not 0 <= cell.x < 26 or not 0 <= cell.y < 99:
        return f"({excerpt(cell.x, 12)}, {excerpt(cell.y, 12)})"
    return f"{chr(ord('a') + cell.x)}{cell.y + 1}"
