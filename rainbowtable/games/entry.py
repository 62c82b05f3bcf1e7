"""What a game folder exports: `GameEntry`, its listing (id, title, seat counts) and how to load its rules
and computer player.

A listing loads no rules, so menus can show every game before any game's code is imported: the rules and
the player load the first time something asks for them. Holds no game and no registry (see `games/__init__`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    # Types only: listing the games on the title's first frame imports none of the contract's modules.
    from rainbowtable.core.game import AnyRules
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import Level


DEFAULT_REVIEW_SIMULATIONS = 200
"""The review's search depth (simulations a position, issue 43) for a game that names none."""


class ChooseAction(Protocol):
    """A computer player: the action `seat` plays in `state` at `level`, thinking with the AI's `rng`."""

    def __call__(self, state: Any, seat: int, level: Level, rng: Rng) -> Any: ...


class Loaded:
    """A game's code once loaded: its rules and its computer player.

    A plain class, as the other records the title's first frame needs (`Paths`, `Theme`, `GameUI`): a
    dataclass is made at import by compiling its methods, about a millisecond of every start each."""

    __slots__ = ("player", "rules")

    def __init__(self, rules: AnyRules, player: ChooseAction) -> None:
        self.rules = rules
        self.player = player


class GameEntry:
    """One game as the table knows it. `load` imports the game's code; it runs once, on first use."""

    def __init__(
        self,
        id: str,
        title: str,
        seat_counts: range,
        load: Callable[[], Loaded],
        *,
        cooperative: bool = False,
        review_simulations: int = DEFAULT_REVIEW_SIMULATIONS,
    ) -> None:
        self.id = id
        self.title = title
        self.seat_counts = seat_counts
        self.cooperative = cooperative
        self.review_simulations = review_simulations
        """The search's simulations per position when a game is reviewed (issue 43, `ai/review.py`): about
        what Hard spends on a decision, measured so that a review of a long game takes about a minute."""
        self._load = load

    def __repr__(self) -> str:
        return f"GameEntry({self.id!r})"

    @cached_property
    def loaded(self) -> Loaded:
        loaded = self._load()
        if loaded.rules.id != self.id:
            raise ValueError(f"the entry {self.id!r} loaded the rules of {loaded.rules.id!r}")
        return loaded

    @property
    def rules(self) -> AnyRules:
        return self.loaded.rules

    @property
    def player(self) -> ChooseAction:
        return self.loaded.player
