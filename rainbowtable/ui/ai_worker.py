"""Computer seats (and hints) think here, on a worker thread, so the window keeps responding.

The worker gets an immutable state (safe to read from another thread) and its own generator stream; the
result carries the step count it was asked at, so a result that arrives after an undo is thrown away. Every
thought has its own cancel flag: `forget` (undo, redo, leaving the table) and `close` (closing the window)
set it, and the search checks it between simulations, so an abandoned thought stops at once instead of
using the processor in the background (`ai/budget.py`: the flag reaches the game's search through
`cancelling`, without changing any game's `choose_action`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rainbowtable.ai.budget import cancelling
from rainbowtable.ai.hint import HINT_BUDGET_S, hint
from rainbowtable.ai.players import choose_action
from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level


@dataclass
class Thought:
    asked_at: int  # the match's step count when asked
    seat: int
    action: Any = None
    why: str | None = None  # for a hint: the game's words for the move, where it has some
    error: BaseException | None = None
    done: bool = False
    cancel: threading.Event = field(default_factory=threading.Event)


class AiWorker:
    def __init__(self) -> None:
        self.current: Thought | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self.current is not None and not self.current.done

    def ask(self, rules: AnyRules, state: Any, seat: int, level: Level, rng: Rng, asked_at: int) -> None:
        """Start choosing `seat`'s move at `level` (any thought still running is cancelled first)."""

        def decide() -> tuple[Any, str | None]:
            return choose_action(rules, state, seat, level, rng), None

        self._start(Thought(asked_at, seat), decide, f"ai-seat-{seat}")

    def ask_hint(
        self, rules: AnyRules, state: Any, seat: int, rng: Rng, asked_at: int, budget_s: float = HINT_BUDGET_S
    ) -> None:
        """Start working out a hint for the human at `seat`: the thought's `action` is the move Hard's search
        would make and `why` one line about it (or None). `rng` must be the hint's own stream."""

        def suggest() -> tuple[Any, str | None]:
            return hint(rules, state, seat, rng, budget_s)

        self._start(Thought(asked_at, seat), suggest, f"hint-seat-{seat}")

    def _start(self, thought: Thought, work: Callable[[], tuple[Any, str | None]], name: str) -> None:
        self.forget()
        self.current = thought

        def think() -> None:
            try:
                with cancelling(thought.cancel):
                    thought.action, thought.why = work()
            except Exception as error:  # reported on the table, never lost in a thread
                thought.error = error
            thought.done = True

        self._thread = threading.Thread(target=think, name=name, daemon=True)
        self._thread.start()

    def take(self) -> Thought | None:
        """The finished thought, once; None while thinking or idle."""
        thought = self.current
        if thought is None or not thought.done:
            return None
        self.current = None
        return thought

    def forget(self) -> None:
        """Drop whatever is being thought (after an undo or leaving the table): its search is cancelled and
        ends at once; its result, if any, is never taken."""
        thought = self.current
        if thought is not None:
            thought.cancel.set()
        self.current = None

    def close(self, timeout: float = 1.0) -> None:
        """Cancel any thought and wait (briefly) for its thread to end: for closing the window."""
        self.forget()
        self.wait(timeout)

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
