"""A match in progress: rules, options, seats, seed, the match generator, and the history of steps.

Each step records who acted, the action, the generator state after it, and the state after it (a snapshot:
states are immutable, so keeping them costs only what changed). Undo truncates the history under
`undo_policy`; redo re-applies undone steps exactly, chance outcomes included. Replay folds `apply` over the
logged actions and needs no randomness. Holds no drawing, no threads and no files.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction, Players, ToAct
from rainbowtable.core.i18n import _, current_language
from rainbowtable.core.options import option_value_problem
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Seat
from rainbowtable.core.undo_policy import StepInfo, UndoMode, UndoPlan, UndoRefusal, plan_undo


@dataclass(frozen=True, slots=True)
class Step:
    actor: int | None  # seat index, or None for a chance event
    action: Any
    rng_state: int  # the match generator's state after this step
    state: Any  # the game state after this step


class Match:
    """The live match. Mutable: it is the one object the table changes, always through these methods."""

    def __init__(
        self,
        rules: AnyRules,
        options: Any,
        seats: Sequence[Seat],
        seed: int,
        *,
        undo_mode: UndoMode = UndoMode.CASUAL,
        title: str = "",
        created: float | None = None,
    ) -> None:
        problem = option_value_problem(options) or rules.option_problem(options, len(seats))
        if problem is not None:
            raise ValueError(problem)
        if len(seats) not in rules.seat_counts:
            raise ValueError(f"{rules.title} is for {_counts(rules.seat_counts)} players, not {len(seats)}")
        self.rules = rules
        self.options = options
        self.seats = tuple(seats)
        self.seed = seed
        self.undo_mode = undo_mode
        self.title = title or f"{rules.title} #{seed}"
        self.created = created if created is not None else time.time()
        self.initial_state: Any = rules.new_game(options, len(seats))
        self.initial_rng_state = Rng.from_seed(seed).state
        self.steps: list[Step] = []
        self._to_act: tuple[Any, str, ToAct] | None = None
        """The last position `to_act` answered for, in which language, and its answer."""
        self.redo_stack: list[Step] = []

    @classmethod
    def restore(
        cls,
        rules: AnyRules,
        options: Any,
        seats: Sequence[Seat],
        seed: int,
        log: Sequence[tuple[int | None, Any, int]],
        **kwargs: Any,
    ) -> Match:
        """Rebuild a match from its log of (actor, action, rng state after). Raises IllegalAction when an
        action in the log is not legal where it stands (a tampered or corrupt log)."""
        match = cls(rules, options, seats, seed, **kwargs)
        state = match.initial_state
        for actor, action, rng_state in log:
            state = rules.apply(state, action)
            match.steps.append(Step(actor, action, rng_state, state))
        return match

    # --- reading -------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial_state

    @property
    def rng_state(self) -> int:
        return self.steps[-1].rng_state if self.steps else self.initial_rng_state

    def to_act(self) -> ToAct:
        """Who acts now. Worked out once per position (states are immutable) and language (the answer
        carries the prompt's words): the table asks several times a frame, seven in De Regenboog."""
        state, language = self.state, current_language()
        known = self._to_act
        if known is not None and known[0] is state and known[1] == language:
            return known[2]
        who = self.rules.to_act(state)
        self._to_act = (state, language, who)
        return who

    @property
    def is_finished(self) -> bool:
        return isinstance(self.to_act(), Finished)

    def seats_to_act(self) -> tuple[int, ...]:
        who = self.to_act()
        return who.seats if isinstance(who, Players) else ()

    def actions(self) -> list[Any]:
        return [step.action for step in self.steps]

    # --- changing ------------------------------------------------------------------------------------
    def play(self, action: Any, seat: int | None = None) -> Step:
        """Apply a player's decision. Raises IllegalAction (state untouched) when it is not legal."""
        who = self.to_act()
        if not isinstance(who, Players):
            raise IllegalAction(_("It is nobody's turn to decide right now."))
        actor = who.seats[0] if seat is None else seat
        if actor not in who.seats:
            raise IllegalAction(_("It is not {name}'s turn.").format(name=self.seats[actor].name))
        new_state = self.rules.apply(self.state, action)
        return self._push(Step(actor, action, self.rng_state, new_state))

    def resolve_chance(self) -> Step | None:
        """Sample and apply the pending chance event, if the game is waiting on one."""
        if not isinstance(self.to_act(), Chance):
            return None
        rng = Rng(self.rng_state)
        action = self.rules.sample_chance(self.state, rng)
        new_state = self.rules.apply(self.state, action)
        return self._push(Step(None, action, rng.state, new_state))

    def advance(self) -> list[Step]:
        """Resolve chance events until a player must decide or the game is over."""
        done = []
        while (step := self.resolve_chance()) is not None:
            done.append(step)
        return done

    def _push(self, step: Step) -> Step:
        self.steps.append(step)
        self.redo_stack.clear()
        return step

    # --- undo and redo -------------------------------------------------------------------------------
    def plan_undo(self, asking_seat: int | None = None) -> UndoPlan | UndoRefusal:
        infos = [StepInfo(s.actor, self._is_human_step(s)) for s in self.steps]
        return plan_undo(infos, asking_seat, self.undo_mode)

    def undo(self, asking_seat: int | None = None) -> UndoPlan | UndoRefusal:
        plan = self.plan_undo(asking_seat)
        if isinstance(plan, UndoPlan):
            self.undo_to(plan.keep)
        return plan

    def undo_to(self, keep: int) -> None:
        undone = self.steps[keep:]
        del self.steps[keep:]
        # The redo stack holds steps newest-first-popped: the next redo re-applies the earliest undone.
        self.redo_stack.extend(reversed(undone))

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Step]:
        """Re-apply the undone steps up to and including the next human decision."""
        redone: list[Step] = []
        while self.redo_stack:
            step = self.redo_stack.pop()
            self.steps.append(step)
            redone.append(step)
            if self._is_human_step(step):
                # Stop after the human decision, but carry on through what followed it automatically.
                while self.redo_stack and not self._is_human_step(self.redo_stack[-1]):
                    follow = self.redo_stack.pop()
                    self.steps.append(follow)
                    redone.append(follow)
                break
        return redone

    def _is_human_step(self, step: Step) -> bool:
        return step.actor is not None and not self.seats[step.actor].is_computer

    # --- replay --------------------------------------------------------------------------------------
    def replay_state(self) -> Any:
        """The state reached by folding `apply` over the log from the start: no randomness involved."""
        return replay(self.rules, self.options, len(self.seats), self.actions())


def replay(rules: AnyRules, options: Any, seat_count: int, actions: Sequence[Any]) -> Any:
    state = rules.new_game(options, seat_count)
    for action in actions:
        state = rules.apply(state, action)
    return state


def _counts(counts: range) -> str:
    return f"{counts.start}–{counts.stop - 1}" if len(counts) > 1 else str(counts.start)
