"""The match driver: runs a match at the table's pace with no window. Chance events are resolved one at a
time, computer seats think on the worker (from what their seat may see), a computer move waits a moment so
people can follow it, and every step is autosaved.

Headless on purpose: tests step it with a fixed `dt` and no display. Animation is the scene's business; the
driver only waits while the scene says it is busy showing the last step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.game import Chance, Finished, IllegalAction, Players
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import Rng
from rainbowtable.ui.ai_worker import AiWorker
from rainbowtable.ui.i18n import _

COMPUTER_PAUSE_S = 0.45  # a computer move waits this long (at speed 1, quick pace) so people can follow it
DEMO_PAUSE_S = 0.2  # a demo has no human to wait for; it only needs to stay watchable
PACE_PAUSE_S = {"instant": 0.0, "quick": COMPUTER_PAUSE_S, "relaxed": 1.4}
"""Seconds a computer move waits (at animation speed 1) per pace setting, so a round can be watched."""


class MatchDriver:
    computers_think = True
    """Whether a computer seat's move is thought of here (the status says "Ada is thinking"); a lesson's
    driver only shows moves already scripted."""

    def __init__(
        self,
        match: Match,
        *,
        demo: bool = False,
        speed: Callable[[], float] = lambda: 1.0,
        autosave: Callable[[Match], None] | None = None,
        report: Callable[[str], None] = lambda message: None,
        pace: Callable[[], str] = lambda: "quick",
        chance_by: Callable[[Any], int | None] = lambda state: None,
    ) -> None:
        self.match = match
        self.rules = match.rules
        self.demo = demo
        self.speed = speed
        self.autosave = autosave
        self.report = report
        self.pace = pace
        self.chance_by = chance_by
        self.worker = AiWorker()
        self.pause_s = 0.0
        self.thinking_s = 0.0

    # --- who acts ---------------------------------------------------------------------------------------
    def computer_to_act(self) -> bool:
        who = self.match.to_act()
        return isinstance(who, Players) and self.match.seats[who.seats[0]].is_computer

    def held_chance(self) -> int | None:
        """The human seat whose own act sets off the pending chance event (a stuck player's re-roll, the
        view says whose), or None: the driver waits for that player instead of rolling for them."""
        if self.demo or not isinstance(self.match.to_act(), Chance):
            return None
        seat = self.chance_by(self.match.state)
        if seat is None or not 0 <= seat < len(self.match.seats) or self.match.seats[seat].is_computer:
            return None
        return seat

    def human_to_act(self) -> int | None:
        """The human seat whose decision is awaited, or None (chance, a computer, the end, a demo)."""
        if self.demo:
            return None
        who = self.match.to_act()
        if isinstance(who, Chance):
            return self.held_chance()
        if not isinstance(who, Players):
            return None
        seat = who.seats[0]
        return None if self.match.seats[seat].is_computer else seat

    @property
    def thinking(self) -> bool:
        return self.worker.current is not None

    # --- stepping ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> Step | None:
        """Advance the match by what is due after `dt` seconds; the step played, if any."""
        if self.pause_s > 0:
            self.pause_s -= dt
            return None
        who = self.match.to_act()
        if isinstance(who, Chance):
            if self.held_chance() is not None:
                return None  # the player rolls (a button), the app does not roll for them
            step = self.match.resolve_chance()
            if step is not None:
                self.stepped(step)
            return step
        if isinstance(who, Finished):
            return None
        seat = who.seats[0]
        if self.match.seats[seat].is_computer:
            return self._drive_computer(seat, dt)
        return None

    def _drive_computer(self, seat: int, dt: float) -> Step | None:
        self.thinking_s += dt
        rules, match = self.rules, self.match
        if self.worker.current is None:
            self.thinking_s = 0.0
            # A computer seat decides from what its seat may see, never from the full state.
            seen = rules.observe(match.state, seat) if rules.hides_information else match.state
            self.worker.ask(
                rules,
                seen,
                seat,
                match.seats[seat].level,
                # The AI's own stream, derived from the game number and the position: a computer move is
                # reproducible, and a thought abandoned after an undo shares no generator with the next one.
                Rng.from_seed(match.seed).fork(f"ai-{seat}-{len(match.steps)}"),
                len(match.steps),
            )
            return None
        thought = self.worker.take()
        if thought is None or thought.asked_at != len(match.steps):
            return None  # still thinking, or asked before an undo: the position has changed
        if thought.error is not None:
            self.report(_("The computer player could not move: {why}").format(why=thought.error))
            return self._play_first_legal(seat)
        try:
            step = match.play(thought.action, seat)
        except IllegalAction as error:
            self.report(_("The computer player chose an illegal move: {why}").format(why=error.reason))
            return self._play_first_legal(seat)
        self.stepped(step)
        return step

    def _play_first_legal(self, seat: int) -> Step | None:
        """Never stall the table: when the AI fails (already reported), play its first legal action."""
        legal = self.rules.legal_actions(self.match.state)
        if not legal:
            return None
        step = self.match.play(legal[0], seat)
        self.stepped(step)
        return step

    def play(self, action: Any, seat: int | None) -> Step:
        """A human decision; raises IllegalAction with the rules' reason."""
        step = self.match.play(action, seat)
        self.stepped(step)
        return step

    def take_chance(self, seat: int | None) -> Step:
        """The waiting player sets off the held chance event (presses Re-roll); raises IllegalAction when no
        chance event waits for them."""
        held = self.held_chance()
        if held is None or (seat is not None and seat != held):
            raise IllegalAction(_("There is nothing to roll right now."))
        step = self.match.resolve_chance()
        if step is None:
            raise IllegalAction(_("There is nothing to roll right now."))
        self.stepped(step)
        return step

    def pause_for(self) -> float:
        """How long a computer's move waits: the pace setting, quicker at a faster animation speed (none
        with animation off); a quick demo, with nobody to wait for, a shorter one."""
        speed = self.speed()
        if speed <= 0:
            return 0.0
        pace = self.pace()
        pause = PACE_PAUSE_S.get(pace, COMPUTER_PAUSE_S)
        if self.demo and pace == "quick":
            pause = DEMO_PAUSE_S
        return pause / speed

    def stepped(self, step: Step) -> None:
        """After any step: pause before a computer's move, and autosave."""
        self.pause_s = self.pause_for() if self.computer_to_act() else 0.0
        self.saved()

    def saved(self) -> None:
        if self.autosave is not None:
            self.autosave(self.match)

    def history_changed(self) -> None:
        """After undo or redo: forget any thought and pause, then autosave."""
        self.worker.forget()
        self.pause_s = 0.0
        self.saved()

    def forget(self) -> None:
        self.worker.forget()

    def before_last(self) -> Any:
        """The state the last step was played in."""
        steps = self.match.steps
        return steps[-2].state if len(steps) >= 2 else self.match.initial_state
