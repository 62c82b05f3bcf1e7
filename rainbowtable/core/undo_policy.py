"""What an Undo press takes back (ARCHITECTURE.md §6). One module, so the rule is stated once.

- Undo always takes back the asking human's own last decision, and with it every computer reply and chance
  event after it (so the human is back at their decision).
- Crossing a chance event (a roll whose outcome is already in the log) is allowed only at a casual table:
  in strict mode it would let a player see the future and choose again.
- Taking back another human's decision is allowed, but the table must ask first (`needs_confirmation`).
Holds no history of its own; `Match` calls `plan_undo` with its steps.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from rainbowtable.core.i18n import _


class UndoMode(enum.Enum):
    CASUAL = "casual"
    STRICT = "strict"


@dataclass(frozen=True, slots=True)
class StepInfo:
    """What the policy needs to know of a logged step."""

    actor: int | None  # a seat, or None for a chance event
    actor_is_human: bool


@dataclass(frozen=True, slots=True)
class UndoPlan:
    keep: int  # how many steps remain after the undo
    takes_other_human: int | None  # seat whose decision would be undone, when not the asker's
    crosses_chance: bool


@dataclass(frozen=True, slots=True)
class UndoRefusal:
    reason: str


def plan_undo(steps: Sequence[StepInfo], asking_seat: int | None, mode: UndoMode) -> UndoPlan | UndoRefusal:
    """Where an undo asked by `asking_seat` (None: whoever is at the table) would go back to."""
    crosses_chance = False
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        if step.actor is None:
            crosses_chance = True
            continue
        if not step.actor_is_human:
            continue
        if crosses_chance and mode is UndoMode.STRICT:
            return UndoRefusal(_("Strict table: a roll has happened since, so that move stands."))
        other = step.actor if asking_seat is not None and step.actor != asking_seat else None
        return UndoPlan(keep=index, takes_other_human=other, crosses_chance=crosses_chance)
    return UndoRefusal(_("There is no move of a human player to take back."))
