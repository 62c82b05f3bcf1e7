"""Pausing Python's cyclic garbage collector around work that makes many objects at once.

A search's tree and a save's parsed file are each many thousands of small objects that hold no cycles
(reference counting frees them all) but live long enough to be promoted into the collector's oldest
generation, which then makes it walk everything the process holds: a full collection over a long game's
positions is a long frame. Headless: imports no pygame.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block, and back as it was afterwards.

    Pausing leaves alone what the table froze at start-up (`ui/loop.settle_collector`); freezing and
    unfreezing the heap instead, as the search once did, handed the table's start-up objects back to every
    full collection after its first computer move. The collector's switch is the process's: the block's
    end turns it back on only if it was on at the start, so overlapping pauses (a search on the worker
    thread, a save on the table's) always leave it as they found it once both are over."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
