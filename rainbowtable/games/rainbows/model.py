"""Rainbows data model (rainbows.md §1.1): colours, cards, spaces, options, the frozen state and the actions.

Holds only records, constants and `state_with` (a state with some fields changed); no rules (see
`rules.py`), no scoring (`scoring.py`), no deck handling (`cards.py`) and no randomness. The deck is
never stored in order: `undrawn` is the multiset of Luckychaun cards not yet turned up this day (sorted,
so equal positions compare equal), and the Four Leaf Clover's place is drawn at each reveal (cards.py).
Since kept cards, the discard pile and the face-up cards are public [RES-RB10], `undrawn` is public
knowledge too, and the state holds no secret at all.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NamedTuple

from rainbowtable.core.options import option


class Colour(enum.Enum):
    """The six board columns, left to right (rainbows.md §1.1 [RES-RB1])."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    VIOLET = "violet"

    @property
    def column(self) -> int:
        """1..6, red = 1."""
        return COLOURS.index(self) + 1

    @property
    def letter(self) -> str:
        return self.value[0].upper()


COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_BY_LETTER: dict[str, Colour] = {c.letter: c for c in COLOURS}
COLUMNS = 6
ROWS = 8
MARKERS_PER_PLAYER = 10
START_GOLD = 15
BANK_OPTION_START = 50
LUCKYCHAUN_COUNT = 60
DECK_SIZE = LUCKYCHAUN_COUNT + 1
"""60 Luckychauns and the Four Leaf Clover (§1.3 step 3)."""
CLOVER_EARLIEST = 41
"""The clover lies among cards 41..61 counted from the top: it is shuffled into the bottom pile of 21."""
ACTIVE_ROWS: dict[int, int] = {3: 4, 4: 6, 5: 8}
"""rainbows.md §1.2 [RES-RB1]: active rows 1..R by player count."""


class Card(NamedTuple):
    """A Luckychaun card: a colour and a number 1..10 (each combination once)."""

    colour: Colour
    number: int


class Space(NamedTuple):
    """A board space: row 1..8 from the top, column 1..6 (red..violet). Written "Y2"."""

    row: int
    col: int

    @property
    def colour(self) -> Colour:
        return COLOURS[self.col - 1]

    @property
    def name(self) -> str:
        return f"{COLOURS[self.col - 1].letter}{self.row}"


def space_index(space: Space) -> int:
    """The position of a space in the flat board tuple: (row - 1) * 6 + (col - 1)."""
    return (space.row - 1) * COLUMNS + space.col - 1


SPACES: tuple[Space, ...] = tuple(Space(r, c) for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1))
"""SPACES[i] is the space at board index i."""


@dataclass(frozen=True, slots=True)
class RainbowsOptions:
    # Words for the new-game screen live in the field metadata (core/options.py).
    bank_gold: bool = option(
        False,
        "Gold in bank accounts",
        "Every bank account starts at 50, and a player short of gold may borrow from it at double cost.",
    )
    """rainbows.md §1.9 Gold in Bank Accounts [RES-RB9]: banks start at 50; borrowing at double cost."""
    days: int = option(
        1,
        "Days",
        "How many days the game lasts (1 to 3). Longer games open the bank for deposits once.",
        minimum=1,
        maximum=3,
    )
    """rainbows.md §1.9 Longer Games and Bank Opens For Deposits [RES-RB12]: 1, 2 or 3 days."""


class Phase(enum.Enum):
    SETUP = "setup"  # chance: the first Priority Player (§1.3 step 4)
    REVEAL = "reveal"  # chance: turn up the next card of the deck (§1.4 step 1)
    TAKE = "take"  # the draft: the first seat of `draft_order` takes and uses a card (§1.4 step 2, §1.5)
    DEPOSIT = "deposit"  # the bank is open: the first seat of `deposit_order` deposits (§1.9)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PlayerState:
    gold: int
    """Gold on hand, never negative (§1.6)."""
    bank: int
    """The bank account, the score; may go below 0 only through scoring penalties [RES-RB9]."""
    kept: tuple[Card, ...]
    """Kept cards this day, sorted by number; numbers are distinct (§1.5 KEEP)."""


@dataclass(frozen=True, slots=True)
class SeatDayScore:
    """One seat's scoring at the end of a day (§1.8), kept so the table can show how it came about."""

    rainbows: tuple[tuple[Space, ...], ...]
    """The chosen board rainbows, each left to right (the best partition [RES-RB7])."""
    singles: tuple[Space, ...]
    """Markers in no rainbow, −10 each."""
    board: int
    runs: tuple[tuple[int, ...], ...]
    """Maximal money runs of 3 or more kept numbers [RES-RB8]."""
    money: int
    bank_after: int


@dataclass(frozen=True, slots=True)
class DayResult:
    day: int
    seats: tuple[SeatDayScore, ...]


@dataclass(frozen=True, slots=True)
class RainbowsState:
    seat_count: int
    options: RainbowsOptions
    phase: Phase
    day: int
    """1-based day number."""
    round_no: int
    """1-based round of the day (0 before the first reveal)."""
    priority: int
    """The Priority Player of this round (the one holding the other clover)."""
    players: tuple[PlayerState, ...]
    board: tuple[int | None, ...]
    """48 spaces, index (row - 1) * 6 + col - 1: the seat whose marker is there, or None."""
    undrawn: tuple[Card, ...]
    """The Luckychauns not turned up this day, sorted: a multiset, never an order (see cards.py)."""
    drawn: int
    """How many deck cards (the clover included) have been turned up this day."""
    clover_drawn: bool
    """The clover came up this day; it always ends the day at the end of its round (§1.7 b)."""
    clover_in_reveal: int | None
    """How many Luckychauns of this round's reveal lay before the clover came up (None: not this round)."""
    offer: tuple[Card, ...]
    """The face-up cards still on the table this round, in the order they were turned up."""
    discard: tuple[Card, ...]
    draft_order: tuple[int, ...]
    """The takes still to come this round; the first seat takes next (§1.4 step 2)."""
    deposit_order: tuple[int, ...]
    """Seats still to decide their deposit while the bank is open (§1.9)."""
    results: tuple[DayResult, ...]
    """The scoring of every finished day, oldest first."""


# --- actions: player decisions are imperatives, chance events past tense ------------------------------


@dataclass(frozen=True, slots=True)
class PriorityChosen:
    """Chance: the first Priority Player (§1.3 step 4 [APP])."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """Chance: the next card of the deck is this Luckychaun (§1.4 step 1)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CloverRevealed:
    """Chance: the next card of the deck is the Four Leaf Clover; the day ends after this round (§1.7)."""


@dataclass(frozen=True, slots=True)
class BuyCard:
    """Take `card`, pay its number (borrowing from the bank if the option allows) and mark `space` (§1.5)."""

    card: Card
    space: Space


@dataclass(frozen=True, slots=True)
class KeepCard:
    """Take `card`, lay it before you and receive its number in gold (§1.5)."""

    card: Card


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """Take `card` that you cannot use; it is discarded (§1.5 [RES-RB3])."""

    card: Card


@dataclass(frozen=True, slots=True)
class Deposit:
    """Move `amount` gold from hand to the bank account while the bank is open (§1.9)."""

    amount: int


RainbowsAction = PriorityChosen | CardRevealed | CloverRevealed | BuyCard | KeepCard | DiscardCard | Deposit
ACTION_TYPES: tuple[type[object], ...] = (
    PriorityChosen,
    CardRevealed,
    CloverRevealed,
    BuyCard,
    KeepCard,
    DiscardCard,
    Deposit,
)
TakeAction = BuyCard | KeepCard | DiscardCard


_SAME: Any = object()
"""`state_with`'s mark for a field left as it is."""


def state_with(
    state: RainbowsState,
    *,
    phase: Phase = _SAME,
    round_no: int = _SAME,
    priority: int = _SAME,
    players: tuple[PlayerState, ...] = _SAME,
    board: tuple[int | None, ...] = _SAME,
    undrawn: tuple[Card, ...] = _SAME,
    drawn: int = _SAME,
    clover_drawn: bool = _SAME,
    clover_in_reveal: int | None = _SAME,
    offer: tuple[Card, ...] = _SAME,
    discard: tuple[Card, ...] = _SAME,
    draft_order: tuple[int, ...] = _SAME,
) -> RainbowsState:
    """`dataclasses.replace` for the fields a take or a reveal changes, written out: the generic `replace`
    (which looks up every field by name) was a fifth of Hard's search time, and every simulation applies
    dozens of takes and reveals. Fields not named here (the table's size, options, day, deposits, results)
    change only at the start or end of a day, where `replace` serves."""
    return RainbowsState(
        state.seat_count,
        state.options,
        state.phase if phase is _SAME else phase,
        state.day,
        state.round_no if round_no is _SAME else round_no,
        state.priority if priority is _SAME else priority,
        state.players if players is _SAME else players,
        state.board if board is _SAME else board,
        state.undrawn if undrawn is _SAME else undrawn,
        state.drawn if drawn is _SAME else drawn,
        state.clover_drawn if clover_drawn is _SAME else clover_drawn,
        state.clover_in_reveal if clover_in_reveal is _SAME else clover_in_reveal,
        state.offer if offer is _SAME else offer,
        state.discard if discard is _SAME else discard,
        state.draft_order if draft_order is _SAME else draft_order,
        state.deposit_order,
        state.results,
    )
