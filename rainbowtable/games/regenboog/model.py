"""De Regenboog's data model (regenboog.md §2.1, §2.2): colours, ships, options, the frozen state, actions.

Holds only records and constants; no rules (see `rules.py`), no setup (`start.py`), no randomness. Cells are
indexes into the board's cell list (`board.py`); actions name cells by their id ("2.5", "H3") so logs and
saves read well.

The grey discs (§2.2, §2.7.6, §2.10): the state keeps the pool (the discs off the board, by kind; everything
that goes back to it is known, so its make-up is public) and, for each deal, the discs of that deal still
face down on the board. A deal draws the whole pool (it holds exactly the discs the segments need, §2.10
step 4) and lays them face down; a face-down disc's kind is drawn when it is flipped, from the discs of its
own deal not yet turned up. That is the same, in distribution, as drawing each disc's kind at the deal and
keeping it hidden, and the state holds no secret: nothing is hidden from any seat.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rainbowtable.core.i18n import N_, _
from rainbowtable.core.options import option


class Colour(enum.IntEnum):
    """Cube colours by value (§2.1): value v is colour v, position v and direction v. WHITE is the
    white-fuel variant's fuel (§2.12)."""

    WHITE = 0
    RED = 1
    ORANGE = 2
    YELLOW = 3
    GREEN = 4
    BLUE = 5
    VIOLET = 6

    @property
    def label(self) -> str:
        return COLOUR_NAMES[self.value]


COLOUR_NAMES: tuple[str, ...] = (
    N_("white"),
    N_("red"),
    N_("orange"),
    N_("yellow"),
    N_("green"),
    N_("blue"),
    N_("violet"),
)
"""English colour words (also the diagram format's); shown through `colour_name`."""
RAINBOW: tuple[Colour, ...] = (
    Colour.RED,
    Colour.ORANGE,
    Colour.YELLOW,
    Colour.GREEN,
    Colour.BLUE,
    Colour.VIOLET,
)


def colour_name(value: int) -> str:
    return _(COLOUR_NAMES[value])


class ShipKind(enum.Enum):
    RED = "red"
    YELLOW = "yellow"
    WHITE = "white"


class Capacity(enum.Enum):
    """How much a ship holds (§2.2 [RES-RG6])."""

    PHYSICAL = "physical"
    UNIFORM = "uniform6"
    UNLIMITED = "unlimited"

    @property
    def label(self) -> str:
        return {
            # Short: the words stand in the new-game screen's drop-down; the option's help says the rest.
            "physical": _("As built"),
            "uniform6": _("6 compartments"),
            "unlimited": _("Unlimited"),
        }[self.value]


class Phase(enum.Enum):
    SETUP = "setup"  # placing the grey discs (chance), then flipping discs under ships
    PLAYERS = "players"  # the players' phase (§2.6)
    GAME_TURN = "game_turn"  # waiting for the black discs (chance, §2.9)
    NEW_ROUND = "new_round"  # re-dealing the grey discs (chance, §2.10)
    WON = "won"
    LOST = "lost"


class Stage(enum.Enum):
    """Where the active ship is in its turn (§2.7)."""

    NONE = "none"  # no ship is mid-turn
    MAY_TRAVEL = "may_travel"  # cleared its own cell, nothing under: may travel normally or stop
    MAY_EXIT = "may_exit"  # cleared part of its own stack: may leave for 3 fuel or stop
    LOAD = "load"  # Part 2: may load up to 6 of `load_colour`
    FLIP = "flip"  # its destination's disc is being flipped


DISC_NONE = 0
DISC_FACE_DOWN = -1
"""`discs[cell]`: 0 no disc, 1..6 a face-up coloured disc of that colour, and below 0 a face-down grey disc:
-1 - k for a disc of deal k (`deals[k]`), so -1 is a disc of the first deal (setup)."""
BLANK = 0
"""Index of the blank discs in a count of discs by kind (`pool`, `deals`); 1..6 are the coloured discs."""


def is_face_down(disc: int) -> bool:
    return disc < 0


def face_down(deal: int) -> int:
    """The `discs` value of a face-down disc of deal `deal`."""
    return -1 - deal


def deal_of(disc: int) -> int:
    """The deal a face-down disc (`discs` value below 0) came from."""
    return -1 - disc


SHIP_KINDS: tuple[ShipKind, ...] = (
    ShipKind.RED,
    ShipKind.YELLOW,
    ShipKind.WHITE,
    ShipKind.WHITE,
    ShipKind.WHITE,
    ShipKind.WHITE,
)
"""§2.4: ship 1 is the red ship, ship 2 the yellow one, ships 3-6 white ships."""
PAWN_NAMES: tuple[str, ...] = (N_("red"), N_("yellow"), N_("blue"), N_("green"), N_("black"), N_("pink"))
"""Pawn colours by ship, for words and drawing; white ships are told apart by their pawns (§2.2)."""
SHIP_NAMES: tuple[str, ...] = (
    N_("the red ship"),
    N_("the yellow ship"),
    N_("the blue ship"),
    N_("the green ship"),
    N_("the black ship"),
    N_("the pink ship"),
)
"""Each ship in words, whole (a language may bend the colour word before "ship": "het rode schip")."""

RAINBOWS_TO_WIN = 12
START_FUEL = 12
BLANK_DISCS = 12
COLOURED_DISCS = 6
ALL_DISCS: tuple[int, ...] = (BLANK_DISCS, 1, 1, 1, 1, 1, 1)
"""§2.2 [RES-RG16]: the 18 grey discs by kind, 12 blank and one of each colour."""


@dataclass(frozen=True, slots=True)
class RegenboogOptions:
    ships: int = option(
        0,
        "Ships",
        "How many ships sail. Usual: 4 for one or two players, 3 for three, one each for four or more. Two "
        "players may take 6, three players 6, one player 3 to 6.",
        minimum=0,
        maximum=6,
        brief="How many ships sail (Usual: as many as suit the players).",
        zero_means="Usual",
    )
    """regenboog.md §2.4: 2 players 4 or 6 ships, 3 players 3 or 6, 4-6 players one each; solo 3-6 [APP]."""
    white_fuel: bool = option(
        False,
        "White fuel",
        "White cubes are the fuel; red becomes ordinary cargo (a variant).",
        brief="White cubes are the fuel, red is cargo.",
    )
    """§2.12 white fuel [RES-RG19]."""
    large_board: bool = option(
        False,
        "Large board",
        "Thirteen segments and three dice in the game's turn (four or more players).",
        brief="Thirteen segments, for four or more players.",
    )
    """§2.3.5 and §2.12: Regenboog 02 [RES-RG20]."""
    capacity: Capacity = option(
        Capacity.PHYSICAL,
        "Ship capacity",
        "Compartments of six cubes: as built (red and yellow ships 6, white ships 3), 6 for every ship, "
        "or unlimited.",
        brief="How many cubes each ship holds.",
    )
    """§2.2 [RES-RG6]: physical (6/6/3), uniform 6 compartments, or unlimited."""
    openings_passable: bool = option(
        True, "Openings passable", "Ships may sail through the openings between segments."
    )
    """§2.3.6 point 3 [RES-RG2]."""
    strand_limit: int = option(
        3,
        "Strand limit",
        "The team loses when no ship can act at this many players' phases in a row.",
        minimum=1,
        maximum=9,
        brief="Lose when no ship can act this many phases in a row.",
    )
    """§2.11 [RES-RG18]."""
    max_cycles: int = option(
        0,
        "Cycle limit",
        "The team loses if twelve rainbows are not delivered within this many cycles (0: no limit).",
        minimum=0,
        maximum=999,
        brief="Lose if 12 rainbows take more cycles than this (0: no limit).",
    )
    """§2.11 [APP]: off for people; AI self-play and tests use a cap."""
    extra_segments: tuple[tuple[int, int], ...] = ()
    """§2.3.7 [APP]: segment centres beyond the standard layout (plain terrain), from the board builder."""


@dataclass(frozen=True, slots=True)
class Ship:
    id: int
    """0-based; ship 1 in words is id 0."""
    owner: int
    kind: ShipKind
    cell: int
    cubes: tuple[int, ...]
    """Seven counts indexed by `Colour` value (0 white, 1 red ... 6 violet)."""
    acted: bool


@dataclass(frozen=True, slots=True)
class RegenboogState:
    options: RegenboogOptions
    seat_count: int
    ships: tuple[Ship, ...]
    black: tuple[int, ...]
    """Black discs stacked per cell."""
    discs: tuple[int, ...]
    """Grey discs per cell (see DISC_NONE, DISC_FACE_DOWN; 1..6 face-up coloured)."""
    phase: Phase
    cycle_no: int
    round_no: int
    rainbows: int
    strand_count: int
    active: int
    """The ship mid-turn (-1: none)."""
    stage: Stage
    load_colour: int
    """The colour the active ship may load in Stage.LOAD."""
    place_queue: tuple[int, ...]
    """Segments still to receive grey discs in this setup or new round."""
    flip_queue: tuple[int, ...]
    """Cells whose face-down disc under ships is still to be flipped (setup, new round §2.10 step 6)."""
    flip_cell: int
    """The cell whose disc is being flipped (-1: none)."""
    white_cell: int
    """A blank disc just flipped here waits for the white die (-1: none)."""
    flip_ship: int
    """The ship whose Part 2 the flip is (-1: a new-round or setup flip)."""
    stranded: bool
    """The last players' phase start found the team stranded (§2.11)."""
    last_drops: tuple[int, ...]
    """Cells that received black discs in the last game's turn (for the table)."""
    conceded: bool
    pool: tuple[int, ...] = ALL_DISCS
    """§2.2: the grey discs off the board, face down, by kind (`BLANK`, then colours 1..6)."""
    deals: tuple[tuple[int, ...], ...] = ()
    """For each deal so far (setup, then each new round), its discs still face down on the board, by kind:
    a flip of a disc of deal k draws from `deals[k]` (§2.7.6, §2.10)."""
    choosing: int = -1
    """§2.10 step 6 [RES-RG15]: the cell whose just-flipped disc the team is sharing out (-1: none)."""
    loaded: tuple[int, ...] = ()
    """The ships on `choosing` that have taken their share of its coloured disc (in this choice)."""


# --- actions: decisions are imperatives, chance events past tense -----------------------------------


@dataclass(frozen=True, slots=True)
class DiscsPlaced:
    """Chance: grey discs laid face down on these positions of a segment (§2.5 step 3, §2.10)."""

    segment: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiscFlipped:
    """Chance: the disc on `cell` turned up blank (colour 0) or coloured (1..6)."""

    cell: str
    colour: int


@dataclass(frozen=True, slots=True)
class WhiteRolled:
    """Chance: the white die for a blank disc (§2.1)."""

    value: int


@dataclass(frozen=True, slots=True)
class BlockadesRolled:
    """Chance: the game's turn (§2.9). Two throws: (grey, black) on the standard board, (black, white, grey)
    on the large one."""

    throws: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Travel:
    """Sail `ship` to `to` (§2.7.1), with `riders` from its cell (§2.7.4), clearing `clear` black discs at
    the destination (§2.7.3)."""

    ship: int
    to: str
    riders: tuple[int, ...] = ()
    clear: int = 0


@dataclass(frozen=True, slots=True)
class ClearHere:
    """Before travelling, remove `count` black discs from the ship's own cell (§2.7.5)."""

    ship: int
    count: int


@dataclass(frozen=True, slots=True)
class Load:
    """Part 2: load `count` cubes from the disc or the centre (§2.7.6)."""

    ship: int
    count: int


@dataclass(frozen=True, slots=True)
class Pass:
    """End this ship's turn (or pass it without doing anything)."""

    ship: int


@dataclass(frozen=True, slots=True)
class Share:
    """§2.10 step 6 [RES-RG15], also at setup (§2.5 step 4): the team's share-out of a disc just flipped
    under ships. A coloured disc: `ship` loads `count` (0 to 6) of its colour. A blank: `ship` is the one
    that gets the white die's cube (`count` 1)."""

    ship: int
    count: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Free: move cubes between two ships on one cell (§2.8)."""

    giver: int
    receiver: int
    colour: Colour
    count: int


@dataclass(frozen=True, slots=True)
class Deliver:
    """Free: hand in `count` rainbows from the ships on the centre (§2.8 [RES-RG22])."""

    count: int


@dataclass(frozen=True, slots=True)
class Jettison:
    """Free: return cubes from a ship to the supply (§2.8 [APP])."""

    ship: int
    colour: Colour
    count: int


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Every ship has acted: end the players' phase and let the game take its turn (§2.6)."""


@dataclass(frozen=True, slots=True)
class Concede:
    """Give up (§2.11 [APP])."""


RegenboogAction = (
    DiscsPlaced
    | DiscFlipped
    | WhiteRolled
    | BlockadesRolled
    | Travel
    | ClearHere
    | Load
    | Pass
    | Share
    | Exchange
    | Deliver
    | Jettison
    | EndPhase
    | Concede
)
ACTION_TYPES: tuple[type[object], ...] = (
    DiscsPlaced,
    DiscFlipped,
    WhiteRolled,
    BlockadesRolled,
    Travel,
    ClearHere,
    Load,
    Pass,
    Exchange,
    Deliver,
    Jettison,
    EndPhase,
    Concede,
    Share,
)
