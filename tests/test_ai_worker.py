"""The table's AI worker (issue 10): a thought runs on its own thread, and forgetting it (undo, leaving the
table) or closing cancels its search at once; hints come back with the move and the game's words."""

from __future__ import annotations

from rainbowtable.core.game import Chance, Players
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box.rules import RULES
from rainbowtable.ui.ai_worker import AiWorker


def _first_decision() -> tuple[object, int]:
    state = RULES.new_game(RULES.default_options(), 2)
    rng = Rng.from_seed(3)
    while isinstance(RULES.to_act(state), Chance):
        state = RULES.apply(state, RULES.sample_chance(state, rng))
    who = RULES.to_act(state)
    assert isinstance(who, Players)
    return state, who.seats[0]


def test_a_thought_comes_back_once_with_a_legal_move() -> None:
    state, seat = _first_decision()
    worker = AiWorker()
    worker.ask(RULES, state, seat, Level.HARD, Rng.from_seed(1), asked_at=4)
    worker.wait(30.0)
    thought = worker.take()
    assert thought is not None and thought.error is None and thought.asked_at == 4
    assert thought.action in RULES.legal_actions(state)
    assert worker.take() is None


def test_forgetting_cancels_a_long_search_at_once() -> None:
    """Issue 10: undo or leaving the table cancels a running search (a 60 s hint ends within a generous
    bound once forgotten)."""
    state, seat = _first_decision()
    worker = AiWorker()
    worker.ask_hint(RULES, state, seat, Rng.from_seed(1), asked_at=0, budget_s=60.0)
    thought = worker.current
    assert thought is not None and worker.busy
    worker.forget()
    assert thought.cancel.is_set() and worker.current is None
    worker.wait(10.0)
    assert thought.done and thought.error is None
    assert thought.action in RULES.legal_actions(state)


def test_close_cancels_and_waits() -> None:
    state, seat = _first_decision()
    worker = AiWorker()
    worker.ask_hint(RULES, state, seat, Rng.from_seed(2), asked_at=0, budget_s=60.0)
    thought = worker.current
    worker.close(timeout=10.0)
    assert thought is not None and thought.done


def test_a_hint_has_the_move_and_its_words() -> None:
    """Issue 10 (hint): the worker's hint is a legal move with Dice Box's one line of why."""
    state, seat = _first_decision()
    worker = AiWorker()
    worker.ask_hint(RULES, state, seat, Rng.from_seed(5), asked_at=0, budget_s=0.1)
    worker.wait(30.0)
    thought = worker.take()
    assert thought is not None and thought.error is None
    assert thought.action in RULES.legal_actions(state)
    assert isinstance(thought.why, str) and thought.why
