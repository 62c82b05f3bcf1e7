"""Colosseum Offcuts data model (colosseum_offcuts.md §3.1): counters, cells, stacks, options, the frozen
state and the actions.

Holds only records and constants; no rules (see `rules.py`), no setup order (see `start.py`) and no
randomness. There is no board: the table is an unbounded square grid, stored as the occupied cells only,
each with its stack listed bottom to top. Counters keep one id for the whole game (`owner * 4 + k`: k = 0, 1
the Board Pieces, 2, 3 the Fortifications) so the table can follow a counter from supply to table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from rainbowtable.core.options import option


class Kind(enum.Enum):
    """§3.1: a plain Board Piece or a Fortification printed with arena stands."""

    BOARD_PIECE = "board_piece"
    FORTIFICATION = "fortification"


class Mode(enum.Enum):
    """§3.1: the light side is Mobile mode, the dark side Attack mode."""

    MOBILE = "mobile"
    ATTACK = "attack"


class Cell(NamedTuple):
    """A cell of the unbounded grid; x grows to the right, y grows downwards (as drawn on the table)."""

    x: int
    y: int


ORIGIN = Cell(0, 0)
COUNTERS_PER_SEAT = 4
KIND_OF_INDEX: tuple[Kind, ...] = (Kind.BOARD_PIECE, Kind.BOARD_PIECE, Kind.FORTIFICATION, Kind.FORTIFICATION)
"""`KIND_OF_INDEX[k]` for counter id `owner * 4 + k`."""


@dataclass(frozen=True, slots=True)
class Counter:
    id: int
    owner: int
    kind: Kind
    mode: Mode

    @property
    def is_fortification(self) -> bool:
        return self.kind is Kind.FORTIFICATION


def counter_id(owner: int, k: int) -> int:
    """The fixed id of `owner`'s k-th counter (0, 1 Board Pieces; 2, 3 Fortifications)."""
    return owner * COUNTERS_PER_SEAT + k


def fresh_counter(ident: int) -> Counter:
    """Counter `ident` as it comes out of the box: Mobile side up (§3.2)."""
    return Counter(ident, ident // COUNTERS_PER_SEAT, KIND_OF_INDEX[ident % COUNTERS_PER_SEAT], Mode.MOBILE)


class Stack(NamedTuple):
    """One position (§3.1 [RES-CO1]): an occupied cell and its counters, bottom to top."""

    cell: Cell
    counters: tuple[Counter, ...]


@dataclass(frozen=True, slots=True)
class ColosseumOptions:
    # The words on the new-game screen live in field metadata (core/options.py).
    no_capture_turn_limit: int = option(
        100,
        "Draw after turns without a capture",
        "The game is a draw among the players still in when this many turns in a row pass without a "
        "capture (0: never).",
        minimum=0,
        maximum=1000,
    )
    """colosseum_offcuts.md §3.8 [APP]: the optional stalemate limit; 0 turns it off."""


class Phase(enum.Enum):
    START = "start"  # waiting for the StartPlayerDrawn chance event (§3.2)
    SETUP = "setup"  # the placement phase (§3.2)
    PLAY = "play"  # turns of two actions (§3.3)
    OVER = "over"  # one player still has Fortifications, or the stalemate limit was reached (§3.8)


@dataclass(frozen=True, slots=True)
class ColosseumState:
    seat_count: int
    options: ColosseumOptions
    phase: Phase
    stacks: tuple[Stack, ...]
    """Every occupied cell with its stack, sorted by cell; empty cells are absent."""
    start_player: int
    current: int
    """Whose placement (SETUP) or turn (PLAY) it is."""
    setup_step: int
    """How many counters have been placed (0 .. 4 * seats)."""
    actions_left: int
    """Actions left in the current turn (2 or 1) (§3.3)."""
    eliminated: tuple[bool, ...]
    """Per seat: lost their last Fortification (§3.8)."""
    captured: tuple[Counter, ...]
    """Fortifications removed from the game, in the order they were captured."""
    captures_by: tuple[int, ...]
    """Per seat: how many Fortifications that seat has captured (the score shown during play)."""
    turn: int
    """Turns completed in PLAY."""
    turns_without_capture: int
    """Consecutive completed turns without a capture (§3.8 [APP] stalemate limit)."""
    captured_this_turn: bool
    drawn: bool
    """The game ended by the stalemate limit (a draw among the players still in)."""
    fallback_placements: int = 0
    """How many setup placements used the [RES-CO4] fallback (shown in the log)."""


# --- actions: player decisions are imperatives, chance events past tense ------------------------------


@dataclass(frozen=True, slots=True)
class StartPlayerDrawn:
    """Chance: the start player (§3.2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlaceCounter:
    """Setup: put counter `counter` (the one due now) Mobile side up on `cell` (§3.2)."""

    counter: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class MoveMobile:
    """Mobile move (§3.5): lift `counter` (Mobile, bottom of its stack) with everything on it onto `to`."""

    counter: int
    to: Cell


@dataclass(frozen=True, slots=True)
class MoveAttack:
    """Attack move (§3.6): step `counter` (Attack, top of its stack) to an empty `to`, or climb onto it."""

    counter: int
    to: Cell


@dataclass(frozen=True, slots=True)
class FlipCounter:
    """Flip (§3.7): turn a counter that is alone in its cell to its other side."""

    counter: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Decline the remaining action, or lose the actions for which nothing is legal (§3.3 [RES-CO6])."""


ColosseumAction = StartPlayerDrawn | PlaceCounter | MoveMobile | MoveAttack | FlipCounter | EndTurn
ACTION_TYPES: tuple[type[object], ...] = (
    StartPlayerDrawn,
    PlaceCounter,
    MoveMobile,
    MoveAttack,
    FlipCounter,
    EndTurn,
)
