"""The contract every game implements (ARCHITECTURE.md §4), and the small records it speaks in.

Holds: who acts next (`Players`, `Chance`, `Finished`), the end-of-game `Outcome`, `IllegalAction`, and the
`GameRules` protocol. Does not hold any game's rules, any randomness (see `rng.py`) or any history (see
`match.py`). Rules are pure functions over frozen state: nothing here mutates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from rainbowtable.core.rng import Rng

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
OptionsT = TypeVar("OptionsT")


class IllegalAction(ValueError):
    """An action the rules forbid; `reason` is written for the player ("3 is next to 3")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Players:
    """One or more seats must decide. Seats are 0-based indexes into the match's seat list."""

    seats: tuple[int, ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Chance:
    """The next step is a chance event (a roll, a shuffle); `what` says which, for the log and the UI."""

    what: str = ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score per seat, the winners (several when tied), and words for it."""

    scores: tuple[int, ...]
    winners: frozenset[int]
    summary: str
    details: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Finished:
    outcome: Outcome


ToAct = Players | Chance | Finished


class GameRules(Protocol[StateT, ActionT, OptionsT]):
    """What the table, the AI, storage and the tests know about a game; nothing more.

    `apply` validates through `why_illegal`, and `legal_actions` must agree with `why_illegal` both ways
    (the conformance suite checks it). `sample_chance` is the only place randomness enters a game.
    """

    id: str
    title: str
    seat_counts: range
    rules_version: int
    options_type: type[OptionsT]
    state_type: type[StateT]
    action_types: tuple[type[Any], ...]

    def default_options(self) -> OptionsT: ...

    def option_problem(self, options: OptionsT, seat_count: int) -> str | None:
        """Why these options cannot be played with this many seats, or None."""
        ...

    def new_game(self, options: OptionsT, seat_count: int) -> StateT:
        """The position before any chance event: deterministic, so replays need only the log."""
        ...

    def to_act(self, state: StateT) -> ToAct: ...

    def legal_actions(self, state: StateT) -> Sequence[ActionT]: ...

    def why_illegal(self, state: StateT, action: ActionT) -> str | None: ...

    def apply(self, state: StateT, action: ActionT) -> StateT: ...

    def sample_chance(self, state: StateT, rng: Rng) -> ActionT: ...

    def chance_outcomes(self, state: StateT) -> Sequence[tuple[ActionT, Fraction]] | None:
        """Every chance outcome with its probability, or None where there are too many to list."""
        ...

    def describe(self, state: StateT, action: ActionT) -> str:
        """One log line in plain words for `action` played in `state` (the state before it)."""
        ...

    def seat_summary(self, state: StateT, seat: int) -> str:
        """A short line for the side panel: what this seat scores and holds."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Score so far per seat, shown during play."""
        ...


AnyRules = GameRules[Any, Any, Any]
