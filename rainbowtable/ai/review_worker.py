"""A game's review made in the background (issue 43): a daemon thread the table starts, polls and may stop.

`ReviewWorker(replay, save=path)` first looks for the review kept beside the save (`storage/review_cache`:
a sound one is the answer at once), otherwise reviews the game (`review.review_replay`) and keeps the result
beside the save. The table reads `progress` (positions judged, positions in all) each frame, `done`,
`review` and `error`; `cancel()` stops it at once (leaving the replay, closing the window) and nothing is
kept. `on_progress` may be given too; it is called on the worker's thread, so it must only note the figures.
Holds no drawing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from rainbowtable.ai.review import REVIEW_SEED, Review, review_replay, review_simulations
from rainbowtable.core.replay import Replay
from rainbowtable.storage.review_cache import read_review, write_review


class ReviewWorker:
    """One review on its own thread; start it with `start()`."""

    def __init__(
        self,
        replay: Replay,
        *,
        save: Path | None = None,
        simulations: int | None = None,
        seed: int = REVIEW_SEED,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.replay = replay
        self.save = save
        self.simulations = simulations if simulations is not None else review_simulations(replay.rules)
        self.seed = seed
        self.on_progress = on_progress
        self.progress: tuple[int, int] = (0, replay.length + 1)
        self.review: Review | None = None
        self.from_cache = False
        self.error: BaseException | None = None
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)

    def start(self) -> ReviewWorker:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def done(self) -> bool:
        """Finished, stopped or failed: `review` holds the answer when there is one."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def _note(self, judged: int, total: int) -> None:
        self.progress = (judged, total)
        if self.on_progress is not None:
            self.on_progress(judged, total)

    def _run(self) -> None:
        try:
            if self.save is not None:
                cached = read_review(self.save, self.replay, simulations=self.simulations, seed=self.seed)
                if cached is not None:
                    self.review, self.from_cache = cached, True
                    self._note(len(cached.chances), len(cached.chances))
                    return
            review = review_replay(
                self.replay,
                simulations=self.simulations,
                seed=self.seed,
                progress=self._note,
                cancel=self._cancel,
            )
            if review is not None and not self._cancel.is_set():
                self.review = review
                if self.save is not None:
                    write_review(self.save, review, self.replay)
        except Exception as error:  # the table shows that the review failed; the game itself is untouched
            logging.getLogger("rainbowtable").error("a review failed", exc_info=True)
            self.error = error
        finally:
            self._done.set()
