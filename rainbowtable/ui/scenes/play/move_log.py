"""The move log on the play screen and the marks it puts on the board: a line per step in the players'
names (a step still landing waits for its animation), each seat's latest decision (the board marks it), and
the move of the log line under the mouse with the position it was played in (the board shows where it
went)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.game import Words, render
from rainbowtable.core.match import Match, Step
from rainbowtable.ui.widgets.log_panel import LogPanel


class MoveLog:
    def __init__(self, match: Match, panel: LogPanel, seen: Callable[[Any], Any]) -> None:
        """`seen`: a state as this table may show it (hidden information kept hidden)."""
        self.match = match
        self.panel = panel
        self.seen = seen
        self._last_actions_memo: tuple[int, Step | None, tuple[tuple[int, Any], ...]] | None = None

    def named(self, line: Words | str) -> str:
        # Rules speak of seats by reference (they know no names); the table puts the names in.
        return render(line, [seat.name for seat in self.match.seats])

    def describe(self, action: Any) -> str:
        """An action of the current state in the log's words."""
        return self.named(self.match.rules.describe(self.match.state, action))

    def refresh(self, *, landing: bool) -> None:
        """Every line again (`landing`: the last step's line waits for its animation to land)."""
        lines = []
        state = self.match.initial_state
        for step in self.match.steps:
            lines.append(self.named(self.match.rules.describe(state, step.action)))
            state = step.state
        if landing and lines:
            lines.pop()  # the animating step's line waits for it to land
        self.panel.set_lines(lines)

    def add(self, line: str) -> None:
        """The last step's line: appended when the log is one behind, else the log is written again."""
        if len(self.panel.lines) == len(self.match.steps) - 1:
            self.panel.append(line)
        else:
            self.refresh(landing=False)

    def last_actions(self, *, landing: bool) -> tuple[tuple[int, Any], ...]:
        """Each seat's latest decision (chance steps are nobody's), oldest first; a step still landing is
        not shown yet."""
        steps = self.match.steps[: len(self.match.steps) - 1] if landing else self.match.steps
        # Asked every frame (the look), so worked out once per history, not by walking the log each time.
        last = steps[-1] if steps else None
        memo = self._last_actions_memo
        if memo is not None and memo[0] == len(steps) and memo[1] is last:
            return memo[2]
        latest: dict[int, tuple[int, Any]] = {}
        for index, step in enumerate(steps):
            if step.actor is not None:
                latest[step.actor] = (index, step.action)
        result = tuple(
            (seat, action) for seat, (_i, action) in sorted(latest.items(), key=lambda kv: kv[1][0])
        )
        self._last_actions_memo = (len(steps), last, result)
        return result

    def _hovered(self) -> int | None:
        """The step number of the log line under the mouse, or None."""
        number = self.panel.hovered
        if number is None or not 1 <= number <= len(self.match.steps):
            return None
        return number

    def marked(self) -> Any | None:
        """The action of the log line under the mouse."""
        number = self._hovered()
        return self.match.steps[number - 1].action if number is not None else None

    def marked_before(self) -> Any | None:
        """The state the log line under the mouse was played in (as this table may show it)."""
        number = self._hovered()
        if number is None:
            return None
        steps = self.match.steps
        return self.seen(steps[number - 2].state if number >= 2 else self.match.initial_state)
