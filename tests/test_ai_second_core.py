"""Hard's second core (rainbowtable/ai/second_core.py, issue 10): a helper process searches the same position
and its root visits are added to the thread's own; whatever happens to the helper, the thread's own result
stands and the move is legal."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from rainbowtable.ai import second_core
from rainbowtable.ai.budget import cancelling, set_clock
from rainbowtable.ai.search import SearchResult, search_with_why
from rainbowtable.core.game import Chance, Players
from rainbowtable.core.rng import Rng
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box import ai as dice_box_ai
from rainbowtable.games.dice_box.model import DiceBoxState

RULES = rules_by_id("dice_box")


def _opening(seed: int = 3) -> DiceBoxState:
    state: DiceBoxState = RULES.new_game(RULES.default_options(), 2)
    rng = Rng.from_seed(seed)
    while isinstance(RULES.to_act(state), Chance):
        state = RULES.apply(state, RULES.sample_chance(state, rng))
    return state


@pytest.fixture
def processor_clock() -> Iterator[None]:
    """Budgets on processor time, as the benchmark counts them: the thread then waits for the helper's
    answer however long it takes, so a busy test machine cannot make the helper late."""
    previous = set_clock(time.thread_time)
    try:
        yield
    finally:
        set_clock(previous)


def _result(counts: tuple[tuple[object, int, float], ...]) -> SearchResult:
    best = max(counts, key=lambda c: c[1])
    return SearchResult(best[0], None, sum(c[1] for c in counts), best[1], best[2], 0.1, counts)


def test_merge_adds_the_helpers_visits_and_picks_the_most_visited() -> None:
    own = _result((("a", 10, 0.6), ("b", 8, 0.5)))
    merged = second_core.merge(own, (("b", 9, 0.7), ("c", 3, 0.9)), {"a", "b", "c"})
    assert merged.action == "b"
    assert merged.visits == 17
    assert merged.value == pytest.approx((8 * 0.5 + 9 * 0.7) / 17)
    assert merged.simulations == 18 + 12
    assert dict((a, n) for a, n, _ in merged.counts) == {"a": 10, "b": 17, "c": 3}


def test_merge_ignores_moves_that_are_not_legal_here() -> None:
    own = _result((("a", 10, 0.6),))
    merged = second_core.merge(own, (("x", 50, 0.9),), {"a"})
    assert merged.action == "a"
    assert merged.visits == 10


@pytest.mark.usefixtures("processor_clock")
def test_two_cores_search_more_and_return_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    if not second_core.ENABLED:
        pytest.skip("one core: the helper is off")
    second_core.warm("dice_box", wait=True)
    merged: list[tuple[SearchResult, int]] = []
    real_merge = second_core.merge

    def merge(own: SearchResult, theirs: tuple[tuple[object, int, float], ...], legal: Any) -> SearchResult:
        merged.append((own, sum(n for _, n, _ in theirs)))
        return real_merge(own, theirs, legal)

    monkeypatch.setattr(second_core, "merge", merge)
    state = _opening()
    seat = state.current
    hooks = dice_box_ai.hard_hooks(Rng.from_seed(1))
    result = second_core.search_with_why_on_two_cores(
        RULES, state, seat, Rng.from_seed(1), hooks, budget_s=0.05
    )
    assert result.action in RULES.legal_actions(state)
    assert result.why is not None
    [(own, helpers)] = merged
    assert own.simulations > 0
    assert helpers > 0
    assert result.simulations == own.simulations + helpers
    assert sum(n for _, n, _ in result.counts) == result.simulations


def test_without_the_helper_the_threads_own_search_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """One core (or RAINBOWTABLE_ONE_CORE set): no helper is asked, the thread's own search decides."""

    def no_helper() -> None:
        raise AssertionError("the helper was asked")

    monkeypatch.setattr(second_core, "ENABLED", False)
    monkeypatch.setattr(second_core, "_executor", no_helper)
    state = _opening()
    seat = state.current
    hooks = dice_box_ai.hard_hooks(Rng.from_seed(5))
    result = second_core.search_with_why_on_two_cores(
        RULES, state, seat, Rng.from_seed(5), hooks, budget_s=0.02
    )
    assert result.action in RULES.legal_actions(state)
    assert sum(n for _, n, _ in result.counts) == result.simulations


def test_a_cancelled_search_returns_at_once_without_waiting_for_the_helper() -> None:
    state = _opening()
    seat = state.current
    flag = threading.Event()
    flag.set()
    hooks = dice_box_ai.hard_hooks(Rng.from_seed(2))
    with cancelling(flag):
        result = second_core.search_with_why_on_two_cores(
            RULES, state, seat, Rng.from_seed(2), hooks, budget_s=30
        )
    assert result.action in RULES.legal_actions(state)
    assert result.simulations == 0


@pytest.fixture
def merged(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The helper's visits at each merge, as the thread adds them to its own (empty: nothing was merged)."""
    counts: list[int] = []
    real_merge = second_core.merge

    def merge(own: SearchResult, theirs: tuple[tuple[object, int, float], ...], legal: Any) -> SearchResult:
        counts.append(sum(n for _, n, _ in theirs))
        return real_merge(own, theirs, legal)

    monkeypatch.setattr(second_core, "merge", merge)
    return counts


class _SlowHelper:
    """Stands in for the helper process: answers `delay_s` of wall time after it is asked, the way a helper
    on a busy machine does, with one visit to the first legal move."""

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s

    def submit(self, _fn: object, game_id: str, observed: Any, *_args: object) -> Any:
        import concurrent.futures

        future: concurrent.futures.Future[tuple[tuple[object, int, float], ...]] = concurrent.futures.Future()
        first = RULES.legal_actions(observed)[0]

        def answer() -> None:
            if future.set_running_or_notify_cancel():  # a thread that went on without it cancelled it
                future.set_result(((first, 1, 0.5),))

        threading.Timer(self.delay_s, answer).start()
        return future


@pytest.mark.parametrize("processor_time", [True, False])
def test_a_late_helper_counts_on_processor_time_only(
    monkeypatch: pytest.MonkeyPatch, merged: list[int], processor_time: bool
) -> None:
    """On processor time (the benchmark) the thread waits for a helper the machine keeps busy, so the
    figures do not depend on the load; on the wall clock (a person waiting) a late answer is left out."""
    monkeypatch.setattr(second_core, "ENABLED", True)
    helper = _SlowHelper(delay_s=0.3)
    monkeypatch.setattr(second_core, "_executor", lambda: helper)
    previous = set_clock(time.thread_time if processor_time else time.perf_counter)
    try:
        state = _opening()
        hooks = dice_box_ai.hard_hooks(Rng.from_seed(2))
        result = second_core.search_with_why_on_two_cores(
            RULES, state, state.current, Rng.from_seed(2), hooks, budget_s=0.02
        )
    finally:
        set_clock(previous)
    assert merged == ([1] if processor_time else [])
    assert result.action in RULES.legal_actions(state)


@pytest.mark.usefixtures("processor_clock")
def test_in_a_benchmark_worker_the_helpers_search_runs_in_process(
    monkeypatch: pytest.MonkeyPatch, merged: list[int]
) -> None:
    """`IN_PROCESS` (the benchmark's workers, on processor time): the helper's search runs here after the
    thread's own and is merged the same way; no helper process is started."""

    def no_helper() -> None:
        raise AssertionError("a helper process was started")

    monkeypatch.setattr(second_core, "ENABLED", True)
    monkeypatch.setattr(second_core, "IN_PROCESS", True)
    monkeypatch.setattr(second_core, "_executor", no_helper)
    state = _opening()
    hooks = dice_box_ai.hard_hooks(Rng.from_seed(4))
    result = second_core.search_with_why_on_two_cores(
        RULES, state, state.current, Rng.from_seed(4), hooks, budget_s=0.03
    )
    [helpers] = merged
    assert helpers > 0
    assert result.action in RULES.legal_actions(state)
    assert sum(n for _, n, _ in result.counts) == result.simulations


@pytest.mark.usefixtures("processor_clock")
def test_the_helper_keeps_its_tree_for_the_seats_next_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper's search, like the thread's, goes on from its tree after the moves played: its second
    search of a seat starts with the visits under those moves. Its searches here count simulations, not
    seconds, and the moves played are the ones its tree visited most, so a slow machine cannot leave them
    out of the tree (CI once ran too few simulations in 0.05 s to have visited Medium's reply)."""

    def counted(*args: Any, **kwargs: Any) -> SearchResult:
        return search_with_why(*args, **{**kwargs, "simulations": 300})

    monkeypatch.setattr(second_core, "search_with_why", counted)
    monkeypatch.setattr(second_core, "_helper_trees", {})
    state = _opening()
    seat = state.current
    counts = second_core._root_counts(RULES.id, state, seat, 1, 0.05, None)
    tree = second_core._helper_trees[(RULES.id, seat)]
    assert tree.root is not None
    later, node = state, tree.root
    action = max(counts, key=lambda c: c[1])[0]
    while True:
        child = node.child(action)
        assert child is not None and child.visits > 0
        later, node = RULES.apply(later, action), child
        to_act = RULES.to_act(later)
        if isinstance(to_act, Players) and to_act.seats == (seat,):
            break
        action = max(node.edges(), key=lambda edge: edge[1].visits)[0]
    second_core._root_counts(RULES.id, later, seat, 2, 0.05, None)
    assert second_core._helper_trees[(RULES.id, seat)].reused_visits > 0


def _sets_aside() -> bool:
    """Run in the helper: whether its searches' pauses freeze what they made."""
    from rainbowtable.core import collector

    return collector._setting_aside


def test_the_helpers_searches_leave_nothing_for_its_collector_to_walk() -> None:
    """The helper freezes what each search made, as the table does once settled (`core/collector.py`):
    otherwise the first collection after each of its searches walked the tree while the thread waited
    for its answer."""
    if not second_core.ENABLED:
        pytest.skip("one core: no helper")
    assert second_core._executor().submit(_sets_aside).result(timeout=120)
