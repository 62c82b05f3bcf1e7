"""The Hint button (and H): the move Hard's search would make for the human to act, worked out on the
table's worker from what that seat may see, said in a banner when found, shown until the position changes,
and counted per seat for the result card. De Regenboog's "Suggest" is the same button. Holds no drawing: the
scene puts the hinted move's piece and target in the look."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.ai.hint import HINT_BUDGET_S
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.ui.ai_worker import AiWorker
from rainbowtable.ui.i18n import _

Notify = Callable[[str, str, str], None]
"""The table's banner: (text, kind, topic)."""


class HintKeeper:
    def __init__(
        self, worker: AiWorker, match: Match, notify: Notify, describe: Callable[[Any], str]
    ) -> None:
        """`describe`: an action of the current state in the log's words."""
        self.worker = worker
        self.match = match
        self.notify = notify
        self.describe = describe
        self.asked_at: int | None = None  # the step count a hint is being worked out for
        self.shown: tuple[int, Any, str | None] | None = None  # (step count, action, why)
        self.used: dict[int, int] = {}

    def ask(self, seat: int | None) -> bool:
        """Start working out a hint for the human to act (`seat`; None: nobody who may ask); True when the
        worker took it (not while a computer is thinking)."""
        if seat is None:
            self.notify(_("A hint is for a person whose turn it is."), "info", "hint")
            return False
        if self.worker.current is not None:
            return False
        rules, state, step_count = self.match.rules, self.match.state, len(self.match.steps)
        seen = rules.observe(state, seat) if rules.hides_information else state
        # The hint's own stream: asking for a hint never changes what the dice or the computers do.
        rng = Rng.from_seed(self.match.seed).fork(f"hint-{seat}-{step_count}")
        self.worker.ask_hint(rules, seen, seat, rng, step_count, HINT_BUDGET_S)
        self.asked_at = step_count
        self.used[seat] = self.used.get(seat, 0) + 1
        self.notify(_("Thinking of a hint…"), "info", "hint")
        return True

    def poll(self) -> bool:
        """The hint, said once, when it has been worked out for the position still on the table; True
        then (the board shows it)."""
        if self.asked_at is None:
            return False
        thought = self.worker.take()
        if thought is None:
            return False
        self.asked_at = None
        step_count = len(self.match.steps)
        if thought.asked_at != step_count or thought.error is not None or thought.action is None:
            return False
        self.shown = (step_count, thought.action, thought.why)
        why = thought.why
        line = _("Hint: {move}").format(move=self.describe(thought.action)) + (f" ({why})" if why else "")
        self.notify(line, "good", "hint")
        return True

    def current(self, step_count: int) -> Any | None:
        """The hinted move while its position is on the table."""
        if self.shown is None or self.shown[0] != step_count:
            return None
        return self.shown[1]

    def forget(self) -> None:
        self.asked_at = None
        self.shown = None
