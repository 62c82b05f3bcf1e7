"""A game looked back at (issue 43): the position at any move, rebuilt from the action log by the rules.

`Replay` folds `apply` over a log of steps (actor, action, generator state after), chance outcomes
included, so it needs no randomness and no stored pictures: the same rules that played the game rebuild
it. It keeps a snapshot every few moves (`SNAPSHOT_EVERY`, sooner where moves are slow to apply:
`SNAPSHOT_COST_S`), so a jump to any move applies at most a few moves from the snapshot before it, and the
one position it was last asked for, so stepping forward costs one move. It also holds each step's log line
(`describe`, seats as references for the table to name), what a seat may see (`view_at`: the rules'
`observe` for a game that hides information, everything once the game is over and the table reveals all)
and `play_on`: a new, independent `Match` from the position at any move, with the same seats or others.

Positions are numbered 0 (the set-up, before any step) to `length` (after the last step); step k (0-based)
leads from position k to position k + 1, and the table calls it move k + 1.

Holds no drawing, no files (a save is opened with `storage.saves.load_match` and replayed with
`Replay.from_match`; a played-on match is saved with `storage.saves.save_match`) and no search (the
review of a game is `ai/review.py`).
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.game import AnyRules, Finished, Outcome, ToAct, Words
from rainbowtable.core.i18n import _
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Seat
from rainbowtable.core.text import MAX_TITLE_LEN
from rainbowtable.core.undo_policy import UndoMode

SNAPSHOT_EVERY = 16
"""Steps between two kept positions at most: a jump applies at most this many less one."""
SNAPSHOT_COST_S = 0.002
"""A position is kept sooner once the steps since the last one took this long to apply (a slow game's
jumps stay as quick as a fast one's; where the snapshots fall does not change any position)."""

LogEntry = tuple[int | None, Any, int]
"""(actor or None for chance, action, the match generator's state after it), as a save's log holds."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of the log: who acted (None: chance), what, the generator state after it, and its log line
    (`describe` in the position before it)."""

    actor: int | None
    action: Any
    rng_state: int
    words: Words | str


class Replay:
    """A finished or unfinished game's every position, from its log. Raises `IllegalAction` when the log
    holds a step its rules refuse (a log from a `Match` or a loaded save never does: both were checked)."""

    def __init__(
        self,
        rules: AnyRules,
        options: Any,
        seats: Sequence[Seat],
        seed: int,
        log: Sequence[LogEntry],
        *,
        title: str = "",
        created: float = 0.0,
        undo_mode: UndoMode = UndoMode.CASUAL,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.rules = rules
        self.options = options
        self.seats = tuple(seats)
        self.seed = seed
        self.title = title or f"{rules.title} #{seed}"
        self.created = created
        self.undo_mode = undo_mode
        state: Any = rules.new_game(options, len(self.seats))
        self.initial_state: Any = state
        self._kept_at: list[int] = [0]
        self._kept: list[Any] = [state]
        steps: list[ReplayStep] = []
        since, cost = 0, 0.0
        for actor, action, rng_state in log:
            words = rules.describe(state, action)
            started = time.perf_counter()
            state = rules.apply(state, action)
            cost += time.perf_counter() - started
            since += 1
            steps.append(ReplayStep(actor, action, rng_state, words))
            if since >= snapshot_every or cost >= SNAPSHOT_COST_S:
                self._kept_at.append(len(steps))
                self._kept.append(state)
                since, cost = 0, 0.0
        self.steps: tuple[ReplayStep, ...] = tuple(steps)
        self.final_state: Any = state
        self._last: tuple[int, Any] = (len(steps), state)

    @classmethod
    def from_match(cls, match: Match, *, snapshot_every: int = SNAPSHOT_EVERY) -> Replay:
        """The replay of `match`'s history as it stands (undone steps left out), rebuilt from its log."""
        return cls(
            match.rules,
            match.options,
            match.seats,
            match.seed,
            [(step.actor, step.action, step.rng_state) for step in match.steps],
            title=match.title,
            created=match.created,
            undo_mode=match.undo_mode,
            snapshot_every=snapshot_every,
        )

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of steps; positions run from 0 to this."""
        return len(self.steps)

    @property
    def snapshots(self) -> int:
        """How many positions are kept (the set-up included)."""
        return len(self._kept)

    def state_at(self, position: int) -> Any:
        """The full state after `position` steps: the kept position at or before it, with the steps between
        applied again (or the last position asked for, when that is nearer)."""
        self._check(position)
        last_at, last = self._last
        index = bisect_right(self._kept_at, position) - 1
        start_at, state = self._kept_at[index], self._kept[index]
        if start_at < last_at <= position:
            start_at, state = last_at, last
        for step in self.steps[start_at:position]:
            state = self.rules.apply(state, step.action)
        self._last = (position, state)
        return state

    def states(self) -> Iterator[Any]:
        """Every position's state in order, the log folded afresh: for a pass over the whole game (a review
        on a worker thread) that leaves the replay's own place as it is."""
        state = self.initial_state
        yield state
        for step in self.steps:
            state = self.rules.apply(state, step.action)
            yield state

    def to_act_at(self, position: int) -> ToAct:
        return self.rules.to_act(self.state_at(position))

    @property
    def is_finished(self) -> bool:
        return isinstance(self.rules.to_act(self.final_state), Finished)

    @property
    def outcome(self) -> Outcome | None:
        who = self.rules.to_act(self.final_state)
        return who.outcome if isinstance(who, Finished) else None

    @property
    def can_reveal_all(self) -> bool:
        """Whether a switch to show what every seat held makes sense: the game hides something and is over."""
        return self.rules.hides_information and self.is_finished

    def view_at(self, position: int, seat: int | None, *, reveal_all: bool = False) -> Any:
        """The position as `seat` saw it (None: what the whole table saw), or everything when `reveal_all`
        is asked once the game is over. A game that hides nothing shows the full state to everyone."""
        state = self.state_at(position)
        if not self.rules.hides_information or (reveal_all and self.is_finished):
            return state
        return self.rules.observe(state, seat)

    def words(self, step: int) -> Words | str:
        """Step `step`'s log line, seats as references (`core.game.render` names them)."""
        return self.steps[step].words

    def rng_state_at(self, position: int) -> int:
        """The match generator's state after `position` steps."""
        self._check(position)
        if position == 0:
            return Rng.from_seed(self.seed).state
        return self.steps[position - 1].rng_state

    # --- playing on --------------------------------------------------------------------------------------

    def play_on(
        self,
        position: int,
        seats: Sequence[Seat] | None = None,
        *,
        title: str | None = None,
        created: float | None = None,
    ) -> Match:
        """A new match that starts from the position after `position` steps: the same game number, options
        and log up to there, the same seats or `seats` (as many, each may change between human and computer,
        its level, name or colour), a title that says where it came from and a creation time of its own, so
        it is saved under a new name and recorded as a game of its own. The replay, and the match or save it
        came from, are not touched; the chance events still to come follow the game number as they would
        have (the same dice for the same moves, others once the moves differ). Raises ValueError for the
        wrong number of seats, and at a position where the game is over (there is nothing to play on, and
        it would be recorded as a second game with the same result)."""
        self._check(position)
        chosen = self.seats if seats is None else tuple(seats)
        if len(chosen) != len(self.seats):
            raise ValueError(f"this game has {len(self.seats)} seats, not {len(chosen)}")
        if isinstance(self.to_act_at(position), Finished):
            raise ValueError(f"the game is over after move {position}")
        log = [(step.actor, step.action, step.rng_state) for step in self.steps[:position]]
        return Match.restore(
            self.rules,
            self.options,
            chosen,
            self.seed,
            log,
            undo_mode=self.undo_mode,
            title=title if title is not None else play_on_title(self.title, position),
            created=created if created is not None else time.time(),
        )

    def _check(self, position: int) -> None:
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} is not between 0 and {len(self.steps)}")


def play_on_title(title: str, position: int) -> str:
    """A played-on game's title: the original's with the move it starts after, cut to fit a title."""
    suffix = _("{title} (from move {move})").format(title="", move=position)
    room = MAX_TITLE_LEN - len(suffix)
    if len(title) > room:
        title = title[: max(0, room - 1)].rstrip() + "…"
    return _("{title} (from move {move})").format(title=title, move=position)
