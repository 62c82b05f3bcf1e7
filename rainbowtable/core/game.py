"""The contract every game implements (ARCHITECTURE.md §4), and the small records it speaks in.

Holds: who acts next (`Players`, `Chance`, `Finished`), the end-of-game `Outcome` (with teams and
cooperative results), log words with seat references (`Words`, `SeatRef`), the dice a game rolls (`DieKind`,
`DieRoll`), `IllegalAction`, the `GameRules` protocol and `RulesBase`, which gives the optional parts of the
contract their defaults. Does not hold any game's rules, any randomness (see `rng.py`) or any history (see
`match.py`). Rules are pure functions over frozen state: nothing here mutates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, cast

from rainbowtable.core.i18n import N_
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
class SeatRef:
    """A seat named in words from the rules; the table puts the seat's name (and colour) in its place."""

    seat: int


Words = tuple["str | SeatRef", ...]
"""A line in parts: plain text and seat references. Rules know no names; the table renders them."""


def say(*parts: str | SeatRef | int) -> Words:
    """Words from parts; a bare int is taken as a seat (`say(0, " places a die")`)."""
    return tuple(SeatRef(p) if isinstance(p, int) else p for p in parts)


def render(words: Words | str, names: Sequence[str]) -> str:
    """Plain text for `words`, seats replaced by their names (or "P<n>" where no name is known)."""
    if isinstance(words, str):
        return words
    out: list[str] = []
    for part in words:
        if isinstance(part, SeatRef):
            out.append(names[part.seat] if 0 <= part.seat < len(names) else f"P{part.seat + 1}")
        else:
            out.append(part)
    return "".join(out)


def seats_in(words: Words | str) -> tuple[int, ...]:
    """The seats a line names, in order of first mention (the table tints a log line by its first seat)."""
    if isinstance(words, str):
        return ()
    seen: list[int] = []
    for part in words:
        if isinstance(part, SeatRef) and part.seat not in seen:
            seen.append(part.seat)
    return tuple(seen)


@dataclass(frozen=True, slots=True)
class Players:
    """One or more seats must decide. Seats are 0-based indexes into the match's seat list."""

    seats: tuple[int, ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Chance:
    """The next step is a chance event; `what` says which for the log ("the seed die"), `caption` is the
    game's own word for it on the table while it happens ("Rolling", "Dealing", "Flipping a disc")."""

    what: str = ""
    caption: str = N_("Rolling")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score per seat, the winners (several when tied), and words for it.

    `teams` lists the seats that play as one side (Rainbow Passage's team play), empty when every seat
    plays for itself; winners then hold every seat of the winning team. `cooperative` marks a game the
    seats play together against the game (De Regenboog): winners are every seat when the team won and
    none when it lost. `summary` and each detail's value are words with seat references.
    """

    scores: tuple[int, ...]
    winners: frozenset[int]
    summary: Words | str
    details: tuple[tuple[str, Words | str], ...] = ()
    teams: tuple[frozenset[int], ...] = ()
    cooperative: bool = False
    columns: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Scores that led to the total, each a heading and a score per seat (Rainbows' days): a column each
    beside the seats' totals on the result card."""
    drawn: bool = False
    """The game ended in a draw (Colosseum Offcuts' stalemate limit): `winners` are the seats it is drawn
    between, and the result says "Draw", not a win."""

    def team_of(self, seat: int) -> frozenset[int]:
        """The seats on `seat`'s side (just the seat itself in a game without teams)."""
        for team in self.teams:
            if seat in team:
                return team
        return frozenset({seat})


@dataclass(frozen=True, slots=True)
class Finished:
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class DieKind:
    """A kind of die a game rolls (issue 43's fairness page): its name and its faces, each equally likely,
    in the rules' words and marked with `N_` where they are declared (the table shows `_(name)`)."""

    name: str
    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die as a chance outcome showed it: the name of its `DieKind` and the face that came up."""

    die: str
    face: str


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

    def self_play_options(self, options: OptionsT) -> OptionsT:
        """`options` for a table where every seat is a computer (a demo, the benchmark's games): where the
        rules give such tables a limit a table of people does not have (De Regenboog's cycle cap, §2.11
        [APP]), with it. `RulesBase`'s default returns `options` as they are."""
        ...

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

    def apply_legal(self, state: StateT, action: ActionT) -> StateT:
        """`apply` for an action the rules themselves gave for `state` (from `legal_actions`,
        `chance_outcomes` or `sample_chance`): the same new state, but a game may skip the legality check
        (the search applies millions of such actions). Never for an action from outside (a player, a
        save): that goes through `apply`. `RulesBase`'s default is `apply` itself."""
        ...

    def sample_chance(self, state: StateT, rng: Rng) -> ActionT: ...

    def chance_outcomes(self, state: StateT) -> Sequence[tuple[ActionT, Fraction]] | None:
        """Every chance outcome with its probability, or None where there are too many to list."""
        ...

    def describe(self, state: StateT, action: ActionT) -> Words | str:
        """One log line for `action` played in `state` (the state before it), seats as `SeatRef`s."""
        ...

    hides_information: bool
    """True when a state holds what some seat may not see (a deck order, face-down discs)."""

    def observe(self, state: StateT, seat: int | None) -> StateT:
        """What `seat` may see of `state` (None: what the whole table may see), as a state of the same type
        with hidden parts masked. Views draw this and computer seats decide from it, never the full state.
        """
        ...

    def determinise(self, observed: StateT, seat: int, rng: Rng) -> StateT:
        """A full state consistent with what `seat` observed, its hidden parts sampled from `rng` (the AI's
        stream). Searching over such samples is how a computer seat plays without peeking."""
        ...

    def seat_summary(self, state: StateT, seat: int) -> str:
        """A short line for the side panel: what this seat scores and holds."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Score so far per seat, shown during play."""
        ...

    dice_kinds: tuple[DieKind, ...]
    """Every kind of die the game rolls with fair faces; empty for a game without dice."""

    def dice_rolled(self, state: StateT, action: ActionT) -> tuple[DieRoll, ...]:
        """The dice `action` (played in `state`) showed, one `DieRoll` per die of a `dice_kinds` kind; empty
        for decisions and for chance outcomes that are not plain throws of fair dice."""
        ...


AnyRules = GameRules[Any, Any, Any]


class RulesBase(Generic[StateT, ActionT, OptionsT]):
    """Defaults for the optional parts of the contract, so a game writes only what it uses.

    A game with nothing hidden keeps `observe` and `determinise` as they are (everyone sees everything);
    a game that hides information sets `hides_information = True` and overrides both.
    """

    hides_information: bool = False
    dice_kinds: tuple[DieKind, ...] = ()

    def option_problem(self, options: OptionsT, seat_count: int) -> str | None:
        return None

    def self_play_options(self, options: OptionsT) -> OptionsT:
        return options

    def chance_outcomes(self, state: StateT) -> Sequence[tuple[ActionT, Fraction]] | None:
        return None

    def apply_legal(self, state: StateT, action: ActionT) -> StateT:
        rules = cast("GameRules[StateT, ActionT, OptionsT]", self)  # every game defines `apply`
        return rules.apply(state, action)

    def observe(self, state: StateT, seat: int | None) -> StateT:
        return state

    def determinise(self, observed: StateT, seat: int, rng: Rng) -> StateT:
        return observed

    def seat_summary(self, state: StateT, seat: int) -> str:
        return ""

    def dice_rolled(self, state: StateT, action: ActionT) -> tuple[DieRoll, ...]:
        return ()
