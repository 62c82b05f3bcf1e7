"""How long a search may think: a deadline, a simulation count, and a cancel flag it checks as it goes.

A `Budget` is made at the start of one decision and asked `spent()` between simulations (and every few
plies inside a rollout), so a search always returns by its deadline and at once when cancelled. The worker
thread that runs a computer seat can also hand a cancel flag down without changing any game's
`choose_action` signature: `cancelling(event)` makes it the current thread's flag, and every search started
on that thread while it is in force stops when the flag is set (undo, leaving the table, closing the window).
Holds no search and no game knowledge.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

SAFETY_S = 0.003
"""Kept back from a time budget for choosing and returning the move once the simulations stop."""

_clock: Callable[[], float] = time.perf_counter


def set_clock(clock: Callable[[], float]) -> Callable[[], float]:
    """Make budgets count with `clock` (returns the one before). The table keeps the wall clock; the
    benchmark counts the thinking thread's processor time (`time.thread_time`) while it plays its
    match-ups, so that a busy machine does not make the computer players weaker than a player's own
    machine would (the same choice as its frame times)."""
    global _clock
    previous = _clock
    _clock = clock
    return previous


def counts_processor_time() -> bool:
    """Whether budgets count the thinking thread's processor time (the benchmark) rather than the wall
    clock (a helper process of the search counts the same way; see `second_core.py`)."""
    return _clock is time.thread_time


_local = threading.local()


@contextmanager
def cancelling(event: threading.Event) -> Iterator[threading.Event]:
    """While in force, searches on this thread that were given no cancel flag of their own use `event`."""
    previous = getattr(_local, "event", None)
    _local.event = event
    try:
        yield event
    finally:
        _local.event = previous


def current_cancel() -> threading.Event | None:
    """The cancel flag `cancelling` put in force on this thread, if any."""
    event: threading.Event | None = getattr(_local, "event", None)
    return event


class Budget:
    """One decision's allowance: stop after `simulations` (when given), at `deadline_s` seconds from now
    (when given), or once `cancel` is set, whichever comes first."""

    __slots__ = ("cancel", "deadline", "simulations", "started")

    def __init__(
        self,
        *,
        seconds: float | None,
        simulations: int | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        self.started = _clock()
        self.deadline = None if seconds is None else self.started + max(0.0, seconds - SAFETY_S)
        self.simulations = simulations
        self.cancel = cancel if cancel is not None else current_cancel()

    @property
    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def out_of_time(self) -> bool:
        return self.deadline is not None and _clock() >= self.deadline

    def spent(self, done: int) -> bool:
        """True when no further simulation may start, after `done` simulations."""
        if self.simulations is not None and done >= self.simulations:
            return True
        return self.cancelled or self.out_of_time()

    def left_s(self) -> float:
        """Seconds to the deadline (0 when past it; infinite without one)."""
        return float("inf") if self.deadline is None else max(0.0, self.deadline - _clock())

    def elapsed_s(self) -> float:
        return _clock() - self.started
