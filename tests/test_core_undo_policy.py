"""core/undo_policy.py (ARCHITECTURE.md §6): what an Undo press takes back."""

from __future__ import annotations

from rainbowtable.core.undo_policy import StepInfo, UndoMode, UndoPlan, UndoRefusal, plan_undo

CHANCE = StepInfo(None, False)


def human(seat: int) -> StepInfo:
    return StepInfo(seat, True)


def computer(seat: int) -> StepInfo:
    return StepInfo(seat, False)


def test_undo_own_last_decision_takes_computer_replies_with_it() -> None:
    steps = [CHANCE, human(0), computer(1), computer(2)]
    assert plan_undo(steps, 0, UndoMode.STRICT) == UndoPlan(
        keep=1, takes_other_human=None, crosses_chance=False
    )


def test_strict_table_refuses_to_cross_a_roll() -> None:
    steps = [CHANCE, human(0), CHANCE, computer(1)]
    assert isinstance(plan_undo(steps, 0, UndoMode.STRICT), UndoRefusal)
    assert plan_undo(steps, 0, UndoMode.CASUAL) == UndoPlan(
        keep=1, takes_other_human=None, crosses_chance=True
    )


def test_undoing_another_humans_move_needs_confirmation() -> None:
    steps = [CHANCE, human(0), human(1)]
    assert plan_undo(steps, 0, UndoMode.CASUAL) == UndoPlan(keep=2, takes_other_human=1, crosses_chance=False)
    assert plan_undo(steps, None, UndoMode.CASUAL) == UndoPlan(
        keep=2, takes_other_human=None, crosses_chance=False
    )


def test_nothing_to_undo() -> None:
    assert isinstance(plan_undo([CHANCE, computer(1)], 0, UndoMode.CASUAL), UndoRefusal)
    assert isinstance(plan_undo([], None, UndoMode.CASUAL), UndoRefusal)
