"""The lesson's table at its own pace: the `LessonRun` plays the lesson's game ahead of what the table
shows (a step's moves played ahead, a roll after the learner's move, the computer's move), and the table's
match follows it one step at a time, each step landing (animated and sounded) before the next. The table
never decides anything itself: no computer thinks, no chance is rolled, nothing is autosaved.

`LessonPacer` stands in for the play screen's `MatchDriver` (same questions answered); it lets the mouse
act only where the lesson waits on the learner and the table shows the position the lesson is in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.lesson import LessonRun
from rainbowtable.core.match import Match, Step
from rainbowtable.ui.scenes.play.driver import MatchDriver

BRISK_PAUSE_S = 0.2
"""Between steps the table catches up on (moves played ahead, a roll): quick, but each one is seen."""


class LessonPacer(MatchDriver):
    computers_think = False  # the computer's moves are the lesson's: its status says "Ada to play"

    def __init__(
        self,
        table: Match,
        run: LessonRun,
        *,
        speed: Callable[[], float],
        chance_by: Callable[[Any], int | None],
        learner_may: Callable[[], bool],
    ) -> None:
        """`table`: the match the table shows (it follows `run.match`); `learner_may`: the lesson's card
        waits on the learner's move (not on a page turn, nor on the computer)."""
        super().__init__(table, speed=speed, chance_by=chance_by)
        self.run = run
        self.learner_may = learner_may

    def behind(self) -> int:
        """How many of the lesson's steps the table has still to show."""
        return len(self.run.match.steps) - len(self.match.steps)

    def caught_up(self) -> bool:
        return self.behind() == 0

    def human_to_act(self) -> int | None:
        if not (self.caught_up() and self.learner_may()):
            return None
        return super().human_to_act()

    def update(self, dt: float) -> Step | None:
        """The next step the lesson has played, after a short pause for the one before."""
        if self.pause_s > 0:
            self.pause_s -= dt
            return None
        if self.caught_up():
            return None
        step = self.run.match.steps[len(self.match.steps)]
        self.match.steps.append(step)
        speed = self.speed()
        self.pause_s = BRISK_PAUSE_S / speed if speed > 0 and not self.caught_up() else 0.0
        return step

    def resync(self) -> None:
        """After Back or Restart: the table shows the lesson's position at once (nothing to animate)."""
        self.match.steps[:] = list(self.run.match.steps)
        self.pause_s = 0.0

    def stepped(self, step: Step) -> None:
        """Nothing to save and nobody to wait for: the lesson's table keeps no autosave."""
