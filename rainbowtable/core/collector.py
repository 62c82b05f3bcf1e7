"""Pausing Python's cyclic garbage collector around work that makes many objects at once, and keeping it
from walking them afterwards.

A search's tree and a save's parsed file are each many thousands of small objects that hold no cycles
(reference counting frees them all) but live long enough to be promoted into the collector's oldest
generation, which then makes it walk everything the process holds: a full collection over a long game's
positions is a long frame. Pausing alone only moves the walk: the first collection after a pause walks all
that the pause made. After a Hard search of Dice Box, 11,000 to 50,000 objects (its tree: positions,
moves, nodes), a walk of 5 to 45 ms, and the searches' kept trees made later collections 50 ms and more;
the collector holds the interpreter while it walks, so each was a frame of that length on the table while
the computer played (a Hard-against-Hard game: frames up to 72 ms).

So once the table has settled (`ui/loop.settle_collector`), a pause ends by freezing what the process
holds (`gc.freeze`: the collector never walks it; reference counting still frees it), the way start-up's
objects are frozen. What is frozen and later becomes garbage in a cycle would never be collected: a
screen's widgets, say, once it closes. So whenever the table changes screens after a pause has set
things aside (`sweep`), everything is unfrozen, collected once and frozen again: one full collection
where a screen is being built anyway, never in the middle of a game. Headless: imports no pygame.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

_setting_aside = False
"""Whether a pause ends by freezing what it made (the table after it settled; not tests or the benchmark,
which leave the collector as Python has it)."""
_set_aside = False
"""Whether a pause has frozen things since the last `sweep`."""


def set_aside_after_pauses(on: bool) -> None:
    """From now on, a pause that found the collector on ends by freezing what the process holds (the
    table, once it has frozen its start-up: `ui/loop.settle_collector`)."""
    global _setting_aside
    _setting_aside = on


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block, and back as it was afterwards; what the block made
    is frozen first where the table asked for it (`set_aside_after_pauses`).

    Pausing leaves alone what the table froze at start-up (`ui/loop.settle_collector`); freezing and
    unfreezing the heap around every search, as the search once did, handed the table's start-up objects
    back to every full collection after its first computer move. The collector's switch is the process's:
    the block's end turns it back on only if it was on at the start, so overlapping pauses (a search on the
    worker thread, a save on the table's) always leave it as they found it once both are over."""
    global _set_aside
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            if _setting_aside:
                gc.freeze()
                _set_aside = True
            gc.enable()


def sweep() -> None:
    """Where the table changes screens: when pauses have frozen things since the last sweep, unfreeze
    everything, collect the garbage among it (cycles a closed screen left) and freeze what is left."""
    global _set_aside
    if not _set_aside or not gc.isenabled():
        return
    _set_aside = False
    gc.unfreeze()
    gc.collect()
    gc.freeze()
