"""The replay's move log and the marks it puts on the board: a line per step in the players' names (the
current move's line marked and kept in view), each seat's latest decision up to the position shown (the
board outlines it), and the move of the line under the mouse with the position it was played in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.game import render
from rainbowtable.core.replay import Replay
from rainbowtable.ui.widgets.log_panel import LogPanel


class ReplayLog:
    def __init__(self, replay: Replay, panel: LogPanel, seen: Callable[[int], Any]) -> None:
        """`seen(position)`: the state at a position as the replay shows it."""
        self.replay = replay
        self.panel = panel
        self.seen = seen
        names = [seat.name for seat in replay.seats]
        panel.set_lines([render(replay.words(i), names) for i in range(replay.length)])
        self._last: dict[int, tuple[tuple[int, Any], ...]] = {}
        self._before: tuple[int, Any] | None = None

    def follow(self, position: int) -> None:
        """Mark the line of the move that led to `position` (none at the set-up) and keep it in view."""
        self.panel.follow(position if position > 0 else None)

    def last_actions(self, position: int) -> tuple[tuple[int, Any], ...]:
        """Each seat's latest decision up to `position`, oldest first (chance steps are nobody's)."""
        found = self._last.get(position)
        if found is None:
            latest: dict[int, tuple[int, Any]] = {}
            for index, step in enumerate(self.replay.steps[:position]):
                if step.actor is not None:
                    latest[step.actor] = (index, step.action)
            found = tuple(
                (seat, action) for seat, (_i, action) in sorted(latest.items(), key=lambda kv: kv[1][0])
            )
            self._last = {position: found}  # asked every frame: the one position shown is kept
        return found

    def hovered(self) -> int | None:
        """The move (1-based) of the line under the mouse, or None."""
        number = self.panel.hovered
        return number if number is not None and 1 <= number <= self.replay.length else None

    def marked(self) -> Any | None:
        number = self.hovered()
        return self.replay.steps[number - 1].action if number is not None else None

    def marked_before(self) -> Any | None:
        """The position the hovered line's move was played in, as the replay shows it."""
        number = self.hovered()
        if number is None:
            return None
        if self._before is None or self._before[0] != number:
            self._before = (number, self.seen(number - 1))
        return self._before[1]
