"""Who sits at the table: a name, human or computer (with a level), and a display colour per seat.

Display colours are table colours for names and tokens, not game colours (which the games own).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rainbowtable.core.i18n import N_, _


class SeatKind(enum.Enum):
    HUMAN = "human"
    COMPUTER = "computer"


class Level(enum.Enum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


LEVEL_WORDS = (N_("easy"), N_("medium"), N_("hard"))
"""The levels' words (the enum's values) for the catalogue; the table shows `_(level.value)`."""


# Keys into the theme's seat palette; each has a distinct hue and glyph so colour is never the only cue.
SEAT_COLOURS: tuple[str, ...] = ("coral", "teal", "amber", "violet", "lime", "slate")


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: Level = Level.MEDIUM
    colour: str = "coral"

    @property
    def is_computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER

    def label(self) -> str:
        if self.is_computer:
            return f"{self.name} (computer, {self.level.value})"
        return self.name


def default_seats(count: int, computers: int = 0) -> tuple[Seat, ...]:
    """Seats for a quick start: humans first, then computer seats at Medium."""
    seats = []
    for i in range(count):
        computer = i >= count - computers
        name = (_("Computer {n}") if computer else _("Player {n}")).format(n=i + 1)
        kind = SeatKind.COMPUTER if computer else SeatKind.HUMAN
        seats.append(Seat(name, kind, Level.MEDIUM, SEAT_COLOURS[i % len(SEAT_COLOURS)]))
    return tuple(seats)
