"""A second core for the search: the same search run in a helper process beside the thinking thread's own,
the two roots' visits added before the move is chosen (root parallelism).

Python runs one thread of Python at a time, so a search in a thread uses one core however many the machine
has; on the machines the table ships to there are at least two. `search_with_why_on_two_cores` sends the
position (what the seat observes, nothing more) to a helper process, searches it on its own thread at the
same time with the same budget, and merges the helper's root counts into its own: close to twice the
simulations in the same time. The helper searches from its own seed (drawn from the AI's stream, so a game
stays reproducible for a seed and machine speed), reloads the game's hooks itself (`hint.hooks_for`) and
keeps its own tree per game and seat between searches, as Hard's thread does (`search.SearchTree`: a tree
is used only where it holds the position searched, so a stale one costs nothing).

Whatever goes wrong on the helper's side (it is still starting, it is late, it failed, the machine has one
core) the thread's own result stands unchanged: the helper can only add. Cancelling the thread's search
returns at once and leaves the helper's answer unread. The helper process starts at the first search (`warm`
starts it early) with the "spawn" method, which works the same on every system and in the packaged
executable (main.py calls `multiprocessing.freeze_support`), and is stopped when the program exits.
A fixed simulation count is never split: tests and replays that ask for one stay exact.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from rainbowtable.ai.budget import counts_processor_time, current_cancel, set_clock
from rainbowtable.ai.search import SearchHooks, SearchResult, SearchTree, search_with_why
from rainbowtable.core.collector import set_aside_after_pauses
from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng

GRACE_S = 0.05
"""How long past the thread's own budget it waits for the helper's answer before going on without it."""
PROCESSOR_TIME_WAIT_S = 600.0
"""On processor time (the benchmark's match-ups) the thread waits for the helper's answer however long the
machine takes to give the helper its budget: a busy machine must not quietly turn Hard into a one-core
player there, because those figures are meant not to depend on the load. (A wall-clock wait of the budget
again dropped about one answer in four with eleven processes on two cores.) The bound only guards against a
helper that hangs; one that dies ends the wait at once."""
ANSWER_S = 0.01
"""Kept back from the helper's time for sending its answer."""
ENABLED = (os.cpu_count() or 1) >= 2 and os.environ.get("RAINBOWTABLE_ONE_CORE", "") == ""
"""Off on a one-core machine, and when RAINBOWTABLE_ONE_CORE is set (for measuring one core alone)."""
IN_PROCESS = False
"""The helper's search runs in this process, after the thread's own, instead of in a helper process. Only
for the benchmark's worker processes, on processor time: there it is the same search for the same
processor time (so the same player), the workers already keep every core busy, and a worker that starts
processes of its own can hang at exit (its helper never hears that the pool closed)."""

_helper_trees: dict[tuple[str, int], SearchTree] = {}
"""The helper's trees, per (game id, seat): its part of a seat's search goes on from its last one."""
_helper_trees_lock = threading.Lock()

_pool: concurrent.futures.ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> concurrent.futures.ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_helper_starts
            )
            atexit.register(shutdown)
        return _pool


def _helper_starts() -> None:
    """In the helper, as it starts: its searches' pauses freeze what they made (`core/collector.py`), as
    the table's do once it has settled. The helper holds little besides its trees; without this, the
    first collection after each of its searches walked the whole tree while the thread waited for its
    answer."""
    set_aside_after_pauses(True)


def shutdown() -> None:
    """Stop the helper process (at exit, and in tests)."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def _ready(game_id: str) -> bool:
    """In the helper: load the game's rules and computer player (the first search's cost, paid early)."""
    from rainbowtable.games import entry_by_id

    entry = entry_by_id(game_id)
    entry.player  # noqa: B018 (importing the player registers its search hooks)
    return True


def warm(game_id: str, *, wait: bool = False) -> None:
    """Start the helper and load a game into it before the first search needs it (`wait`: until it has);
    does nothing where the second core is off."""
    if ENABLED:
        with contextlib.suppress(RuntimeError):  # shutting down
            ready = _executor().submit(_ready, game_id)
            if wait:
                ready.result()


def _root_counts(
    game_id: str, observed: Any, seat: int, seed: int, budget_s: float, until: float | None
) -> tuple[tuple[Any, int, float], ...]:
    """In the helper: search `observed` and return the root's (action, visits, mean). On the wall clock
    it stops at `until` (a `time.perf_counter` reading, the same clock in every process of the machine),
    less the time to send the answer back, so that its answer is there when the thread's search ends
    however late the helper started; on processor time (the benchmark) it thinks `budget_s` of its own."""
    from rainbowtable.ai.hint import hooks_for
    from rainbowtable.games import entry_by_id

    set_clock(time.thread_time if until is None else time.perf_counter)
    if until is not None:
        budget_s = until - time.perf_counter() - ANSWER_S
        if budget_s <= 0:
            return ()
    rules = entry_by_id(game_id).rules
    rng = Rng.from_seed(seed)
    key = (game_id, seat)
    with _helper_trees_lock:
        # Popped while in use: a second search of the same seat at once (never in practice) starts afresh.
        tree = _helper_trees.pop(key, None) or SearchTree()
    counts = search_with_why(
        rules, observed, seat, rng, hooks_for(rules, rng), budget_s=budget_s, tree=tree
    ).counts
    with _helper_trees_lock:
        _helper_trees[key] = tree
    return counts


def merge(
    own: SearchResult, theirs: Sequence[tuple[Any, int, float]], legal: Collection[Any]
) -> SearchResult:
    """`own` with the helper's root counts added: the most visited move over both searches (ties to the
    better mean), among the `legal` ones."""
    visits: dict[Any, int] = {}
    totals: dict[Any, float] = {}
    for action, n, mean in (*own.counts, *theirs):
        if action not in legal:
            continue
        visits[action] = visits.get(action, 0) + n
        totals[action] = totals.get(action, 0.0) + n * mean
    if not visits:
        return own
    best = max(visits, key=lambda a: (visits[a], totals[a] / max(1, visits[a])))
    n = visits[best]
    return replace(
        own,
        action=best,
        visits=n,
        value=totals[best] / max(1, n),
        simulations=own.simulations + sum(v for _, v, _ in theirs),
        counts=tuple((a, visits[a], totals[a] / max(1, visits[a])) for a in visits),
    )


def search_with_why_on_two_cores(
    rules: AnyRules,
    state: Any,
    seat: int,
    rng: Rng,
    hooks: SearchHooks,
    *,
    budget_s: float,
    tree: SearchTree | None = None,
    cancel: threading.Event | None = None,
    why_again: bool = True,
) -> SearchResult:
    """`search.search_with_why` for `budget_s` seconds on this thread and, where it can, the same time in
    the helper process; the move is chosen on both searches' visits. The hooks' `why` words are asked again
    when the merged choice differs from the thread's own (`why_again`)."""
    future: concurrent.futures.Future[tuple[tuple[Any, int, float], ...]] | None = None
    processor_time = counts_processor_time()
    if ENABLED and IN_PROCESS and processor_time:
        seed = rng.next_u64()
        own = search_with_why(rules, state, seat, rng, hooks, budget_s=budget_s, tree=tree, cancel=cancel)
        observed = rules.observe(state, seat)
        theirs = _root_counts(rules.id, observed, seat, seed, budget_s, None)
        return _merged(rules, state, seat, hooks, own, theirs, tree, why_again)
    if ENABLED:
        observed = rules.observe(state, seat)
        until = None if processor_time else time.perf_counter() + budget_s
        try:
            seed = rng.next_u64()
            future = _executor().submit(_root_counts, rules.id, observed, seat, seed, budget_s, until)
        except (RuntimeError, OSError):
            future = None
    own = search_with_why(rules, state, seat, rng, hooks, budget_s=budget_s, tree=tree, cancel=cancel)
    if future is None:
        return own
    cancel = cancel if cancel is not None else current_cancel()
    if cancel is not None and cancel.is_set():
        future.cancel()
        return own
    try:
        theirs = future.result(timeout=PROCESSOR_TIME_WAIT_S if processor_time else GRACE_S)
    except Exception:
        # Late (TimeoutError), still starting or failed: the thread's own search stands (the helper
        # only ever adds).
        future.cancel()
        return own
    return _merged(rules, state, seat, hooks, own, theirs, tree, why_again)


def _merged(
    rules: AnyRules,
    state: Any,
    seat: int,
    hooks: SearchHooks,
    own: SearchResult,
    theirs: Sequence[tuple[Any, int, float]],
    tree: SearchTree | None,
    why_again: bool,
) -> SearchResult:
    """The thread's result with the helper's root counts added; the tree remembers the merged choice, and
    the why words are asked again when it differs from the thread's own."""
    # With hidden information a sample may offer moves the true position does not: only the thread's own
    # root moves count then; otherwise every legal move does.
    legal = {a for a, _, _ in own.counts} if rules.hides_information else set(rules.legal_actions(state))
    merged = merge(own, theirs, legal)
    if tree is not None:
        tree.chosen = merged.action
    if merged.action != own.action and why_again and hooks.why is not None:
        sample = rules.observe(state, seat)
        merged = replace(merged, why=hooks.why(sample, merged.action))
    return merged
