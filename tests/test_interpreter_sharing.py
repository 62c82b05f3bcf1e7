"""Sharing the interpreter with the work that makes many objects and the threads that think: the
collector's pauses (`core/collector.py`: once the table asks, a pause ends by freezing what it made, and a
screen change collects what that freezing kept from the collector) and the table's switch interval."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from rainbowtable.core import collector


@pytest.fixture
def table_collector() -> Iterator[None]:
    """The collector as the table runs it once it has settled; put back as Python has it afterwards."""
    assert gc.isenabled()
    collector.set_aside_after_pauses(True)
    try:
        yield
    finally:
        collector.set_aside_after_pauses(False)
        collector._set_aside = False
        gc.unfreeze()
        gc.enable()


class Cell:
    """An object that can sit in a cycle."""

    def __init__(self) -> None:
        self.other: Any = None


def test_a_pause_leaves_nothing_for_the_next_collection_to_walk(table_collector: None) -> None:
    """What a search made under a pause is frozen when it ends: the next collection has nothing of it to
    walk (after a Hard search of Dice Box, that walk took 5 to 45 ms in the middle of a game)."""
    frozen = gc.get_freeze_count()
    with collector.collector_paused():
        assert not gc.isenabled()
        tree = [[i, [i]] for i in range(20_000)]  # thousands of containers, like a search's nodes
    assert gc.isenabled()
    assert gc.get_count()[0] < 100  # the young generation is empty: all of it was set aside
    assert gc.get_freeze_count() >= frozen + 40_000
    del tree


def test_without_the_table_a_pause_only_pauses() -> None:
    """Tests and the benchmark's match-ups leave the collector as Python has it: nothing is frozen."""
    frozen = gc.get_freeze_count()
    with collector.collector_paused():
        made = [[i] for i in range(1_000)]
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    collector.sweep()  # nothing was set aside: it does nothing
    assert gc.get_freeze_count() == frozen
    del made


def test_a_screen_change_collects_the_cycles_the_freezing_kept(table_collector: None) -> None:
    """A cycle that was alive when a pause froze it and dies later (a closed screen's widgets) is not
    collected while frozen; the sweep at the next screen change collects it, and freezes what is alive."""
    first, second = Cell(), Cell()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    with collector.collector_paused():
        pass
    del first, second
    gc.collect()
    assert gone() is not None  # frozen: the collector does not see it
    collector.sweep()
    assert gone() is None
    assert gc.get_freeze_count() > 0 and gc.isenabled()


def test_the_table_sweeps_when_it_replaces_its_screens(monkeypatch: pytest.MonkeyPatch) -> None:
    from rainbowtable.ui.scene import SceneStack

    swept: list[bool] = []
    monkeypatch.setattr(collector, "sweep", lambda: swept.append(True))

    class Quiet:
        is_overlay = False

        def enter(self) -> None: ...

        def exit(self) -> None: ...

        def clear(self) -> None: ...

    stack = SceneStack()
    stack.replace(Quiet())  # type: ignore[arg-type]
    stack.replace(Quiet())  # type: ignore[arg-type]
    assert swept == [True, True]


def test_a_thinking_thread_hands_the_interpreter_back_within_a_millisecond(table: Any) -> None:
    """The table's thread asks for the interpreter back at every frame; a search on another thread keeps
    it at most `SWITCH_INTERVAL_S` (Python's default 5 ms made frames drawn while the computer thought
    wait that long, more than once)."""
    import sys

    from rainbowtable.ui.loop import SWITCH_INTERVAL_S

    assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_S) and SWITCH_INTERVAL_S <= 0.001
