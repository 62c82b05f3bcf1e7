"""The Hint button (and H): the move Hard's search would make for the human to act, worked out on the
table's worker from what that seat may see, shown until the position changes, and counted per seat for the
result card. De Regenboog's "Suggest" is the same button. Holds no drawing: the scene puts the hinted move's
piece and target in the look."""

from __future__ import annotations

from typing import Any

from rainbowtable.ai.hint import HINT_BUDGET_S
from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng
from rainbowtable.ui.ai_worker import AiWorker


class HintKeeper:
    def __init__(self, worker: AiWorker) -> None:
        self.worker = worker
        self.asked_at: int | None = None  # the step count a hint is being worked out for
        self.shown: tuple[int, Any, str | None] | None = None  # (step count, action, why)
        self.used: dict[int, int] = {}

    def ask(self, rules: AnyRules, seen: Any, seat: int, seed: int, step_count: int) -> bool:
        """Start working out a hint; False when the worker is busy (a computer is thinking)."""
        if self.worker.current is not None:
            return False
        # The hint's own stream: asking for a hint never changes what the dice or the computers do.
        rng = Rng.from_seed(seed).fork(f"hint-{seat}-{step_count}")
        self.worker.ask_hint(rules, seen, seat, rng, step_count, HINT_BUDGET_S)
        self.asked_at = step_count
        self.used[seat] = self.used.get(seat, 0) + 1
        return True

    def poll(self, step_count: int) -> tuple[Any, str | None] | None:
        """The hint, once, when it has been worked out for the position still on the table."""
        if self.asked_at is None:
            return None
        thought = self.worker.take()
        if thought is None:
            return None
        self.asked_at = None
        if thought.asked_at != step_count or thought.error is not None or thought.action is None:
            return None
        self.shown = (step_count, thought.action, thought.why)
        return thought.action, thought.why

    def current(self, step_count: int) -> Any | None:
        """The hinted move while its position is on the table."""
        if self.shown is None or self.shown[0] != step_count:
            return None
        return self.shown[1]

    def forget(self) -> None:
        self.asked_at = None
        self.shown = None
