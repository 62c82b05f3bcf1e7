"""Dice Box data model (dice_box.md §2.1): colours, cells, dice, options, the frozen state and the actions.

Holds only records and constants; no rules (see `rules.py`), no setup (see `start.py`) and no randomness.
The grid is a flat tuple of 25 cells indexed `row * 5 + col`; dice keep the id they were given at
`new_game` for the whole game, so the UI can follow one die from hand to grid.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from rainbowtable.core.options import option


class Colour(enum.Enum):
    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"
    WHITE = "white"
    SEED = "seed"

    # Enum's own hash is a Python function (the hash of the name); members are singletons compared by
    # identity, so hashing by identity is the same contract at C speed. The search looks colours up in
    # dicts tens of times per simulation.
    __hash__ = object.__hash__


PLAYER_COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.WHITE)
"""The four scoring colours, in the order fixed (non-random) assignment deals them."""

SIZE = 5
CELL_COUNT = SIZE * SIZE
DICE_PER_COLOUR = 6
SEED_DIE_ID = 24
"""Ids 0..23 are the coloured dice, `colour index * 6 + k`; the seed is id 24 (dice_box.md §2.1)."""
UNROLLED = 0
"""The `value` of a die that has not been rolled yet (before `DiceRolled`); every rolled die shows 1..6."""


class Cell(NamedTuple):
    """A grid cell (r, c): row 0..4 from the top, column 0..4 from the left; the centre is (2, 2)."""

    row: int
    col: int


CENTRE = Cell(2, 2)


def index_of(cell: Cell) -> int:
    """The cell's position in the flat grid tuple."""
    return cell.row * SIZE + cell.col


CENTRE_INDEX = index_of(CENTRE)


def cell_at(index: int) -> Cell:
    return Cell(index // SIZE, index % SIZE)


@dataclass(frozen=True, slots=True)
class Die:
    id: int
    colour: Colour
    value: int


@dataclass(frozen=True, slots=True)
class DiceBoxOptions:
    # The words on the new-game screen live in field metadata (core/options.py): a bundled build ships
    # bytecode without source, so attribute docstrings cannot be read there.
    two_colours_each: bool = option(
        False, "Two colours each", "With 2 players only, each player scores two colours instead of one."
    )
    """dice_box.md §2.2: with 2 players only, each player scores two colours instead of one [RES-DB2]."""
    random_colours: bool = option(True, "Random colours", "The app assigns colours at random.")
    """dice_box.md §2.2: the app assigns colours at random; False: seats take red, yellow, blue, white in
    order (with two colours each: seat 1 red and yellow, seat 2 blue and white)."""
    random_first_player: bool = option(True, "Random first player", "The first player is drawn at random.")
    """dice_box.md §2.2 [RES-DB3]: the first player is drawn at random; False: seat 1 starts."""


class Phase(enum.Enum):
    SETUP = "setup"  # waiting for the SetupDealt chance event
    DRAFT = "draft"  # 4 players: picking the 8 pool dice (§2.2)
    ROLL = "roll"  # waiting for the DiceRolled chance event
    PLAY = "play"  # placing dice, or re-rolling when stuck (§2.4)
    OVER = "over"  # the end condition holds (§2.5 [RES-DB5])


@dataclass(frozen=True, slots=True)
class DiceBoxState:
    seat_count: int
    options: DiceBoxOptions
    phase: Phase
    grid: tuple[Die | None, ...]
    """25 cells, index row * 5 + col."""
    hands: tuple[tuple[Die, ...], ...]
    """Per seat, every unplaced die with its current value; public [RES-DB1]."""
    colours: tuple[tuple[Colour, ...], ...]
    """The colours each seat scores (empty until SetupDealt)."""
    unclaimed: Colour | None
    """3 players only: the colour nobody scores, used by the inversion rule (§2.5)."""
    pool: tuple[Die, ...]
    """The 4-player draft pool (§2.2); empty otherwise and after the draft."""
    draft_order: tuple[int, ...]
    """The picks still to make, as seats in snake order; the first one picks next."""
    draft_starter: int | None
    first_player: int
    current: int
    """Whose turn it is in PLAY (never an empty-handed seat [RES-DB4]); the next picker in DRAFT."""
    turn: int
    """How many turns (placements and re-rolls) have been completed."""


# --- actions: player decisions are imperatives, chance events past tense ------------------------------


@dataclass(frozen=True, slots=True)
class SetupDealt:
    """Chance: the colours each seat scores, the first player and (4 players) the draft starter."""

    colours: tuple[tuple[Colour, ...], ...]
    first_player: int
    draft_starter: int | None


@dataclass(frozen=True, slots=True)
class DraftDie:
    """4 players: take one die of this colour from the pool (§2.2)."""

    colour: Colour


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Chance: the seed's value (it goes on the centre) and every hand's values, in hand order."""

    seed_value: int
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class PlaceDie:
    """Place the die with this id from your hand on `cell` (§2.3)."""

    die: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class HandRerolled:
    """Chance: a stuck seat's whole hand re-rolled, values in hand order (§2.4 step 4)."""

    seat: int
    values: tuple[int, ...]


DiceBoxAction = SetupDealt | DraftDie | DiceRolled | PlaceDie | HandRerolled
ACTION_TYPES: tuple[type[object], ...] = (SetupDealt, DraftDie, DiceRolled, PlaceDie, HandRerolled)
