"""Computer seats think here, on a worker thread, so the window keeps responding.

The worker gets an immutable state (safe to read from another thread) and its own generator stream; the
result carries the step count it was asked at, so a result that arrives after an undo is thrown away.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from rainbowtable.ai.players import choose_action
from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level


@dataclass
class Thought:
    asked_at: int  # the match's step count when asked
    seat: int
    action: Any = None
    error: BaseException | None = None
    done: bool = False


class AiWorker:
    def __init__(self) -> None:
        self.current: Thought | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self.current is not None and not self.current.done

    def ask(self, rules: AnyRules, state: Any, seat: int, level: Level, rng: Rng, asked_at: int) -> None:
        thought = Thought(asked_at, seat)
        self.current = thought

        def think() -> None:
            try:
                thought.action = choose_action(rules, state, seat, level, rng)
            except Exception as error:  # reported on the table, never lost in a thread
                thought.error = error
            thought.done = True

        self._thread = threading.Thread(target=think, name=f"ai-seat-{seat}", daemon=True)
        self._thread.start()

    def take(self) -> Thought | None:
        """The finished thought, once; None while thinking or idle."""
        thought = self.current
        if thought is None or not thought.done:
            return None
        self.current = None
        return thought

    def forget(self) -> None:
        """Drop whatever is being thought (after an undo or leaving the table); the thread ends on its own."""
        self.current = None

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
