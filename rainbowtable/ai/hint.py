"""The Hint button's answer (and De Regenboog's "Suggest"): the move Hard's search would make, with one line
of why where the game can say it.

Games hand their search hooks over with `register_hooks(game_id, hooks)` when their `ai.py` is imported
(`hooks` may also be a function of the search's generator returning hooks, for an `evaluate` that plays
out with it); `hint` loads the game's computer player first (so its hooks are registered) and searches from
what the seat may see. Safe to call from a worker thread; give it a `cancel` flag to stop it when the position
changes. It thinks on two cores where the machine has them, as Hard does (`second_core.py`). Holds no drawing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from rainbowtable.ai import second_core
from rainbowtable.ai.search import SearchHooks
from rainbowtable.core.game import AnyRules
from rainbowtable.core.rng import Rng

HooksMaker = Callable[[Rng], SearchHooks]
_HOOKS: dict[str, SearchHooks | HooksMaker] = {}
_lock = threading.Lock()

HINT_BUDGET_S = 0.25


def register_hooks(game_id: str, hooks: SearchHooks | HooksMaker) -> None:
    """Make `hooks` the search hooks of the game with this id (called once from the game's `ai.py`): the
    hooks themselves, or a function that makes them for one search from its generator."""
    with _lock:
        _HOOKS[game_id] = hooks


def hooks_for(rules: AnyRules, rng: Rng) -> SearchHooks:
    """The game's registered hooks for a search with `rng` (loading its computer player first, which
    registers them), or none at all."""
    with _lock:
        known = _HOOKS.get(rules.id)
    if known is None:
        from rainbowtable.games import entry_by_id

        with suppress(KeyError):
            entry_by_id(rules.id).player  # noqa: B018 (importing the player registers its hooks)
        with _lock:
            known = _HOOKS.get(rules.id)
    if known is None:
        return SearchHooks()
    return known if isinstance(known, SearchHooks) else known(rng)


def hint(
    rules: AnyRules,
    state: Any,
    seat: int,
    rng: Rng,
    budget_s: float = HINT_BUDGET_S,
    *,
    cancel: threading.Event | None = None,
) -> tuple[Any, str | None]:
    """(the move to suggest, one line of why or None) for `seat`, which must be the seat to decide. Uses only
    `rules.observe(state, seat)`; `rng` should be the hint's own stream, never the match's."""
    hooks = hooks_for(rules, rng)
    result = second_core.search_with_why_on_two_cores(
        rules, state, seat, rng, hooks, budget_s=budget_s, cancel=cancel
    )
    return result.action, result.why
