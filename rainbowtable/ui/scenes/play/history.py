"""Undo and Redo on the play screen (the top bar's buttons, U / Ctrl+Z and Ctrl+Y): the match's undo
policy is asked on behalf of the person to act and a refusal says why; a take-back that would take another
person's move too is asked of them first. A demo has neither. The scene starts again from the changed
history."""

from __future__ import annotations

from collections.abc import Callable

from rainbowtable.core.game import Players
from rainbowtable.core.match import Match
from rainbowtable.core.undo_policy import UndoPlan, UndoRefusal
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _

Confirm = Callable[[str, str, str, Callable[[], None]], None]
"""Ask before doing: (title, question, the button's label, what to do on yes)."""


class History:
    def __init__(
        self,
        ctx: Context,
        match: Match,
        *,
        demo: bool,
        confirm: Confirm,
        stop: Callable[[], None],
        changed: Callable[[], None],
    ) -> None:
        """`stop`: the table lets go of what it shows of the present (the piece in hand, a step landing)
        before the history changes; `changed`: it shows the history as it now is."""
        self.ctx = ctx
        self.match = match
        self.demo = demo
        self.confirm = confirm
        self.stop = stop
        self.changed = changed

    def can_undo(self) -> bool:
        return isinstance(self.match.plan_undo(), UndoPlan) and not self.demo

    def can_redo(self) -> bool:
        return self.match.can_redo and not self.demo

    def undo(self) -> None:
        if self.demo:
            return
        match = self.match
        who = match.to_act()
        asking = None
        if isinstance(who, Players) and not match.seats[who.seats[0]].is_computer:
            asking = who.seats[0]
        plan = match.plan_undo(asking)
        if isinstance(plan, UndoRefusal):
            self.ctx.notify(plan.reason, "info")
            return
        humans = sum(1 for seat in match.seats if not seat.is_computer)
        if plan.takes_other_human is not None and humans > 1:
            name = match.seats[plan.takes_other_human].name
            self.confirm(
                _("Take back a move"),
                _("This takes back {name}'s move too. Is {name} happy with that?").format(name=name),
                _("Take back"),
                lambda: self._undo_to(plan),
            )
            return
        self._undo_to(plan)

    def _undo_to(self, plan: UndoPlan) -> None:
        self.stop()
        self.match.undo_to(plan.keep)
        self.changed()

    def redo(self) -> None:
        if not self.can_redo():
            return
        self.stop()
        self.match.redo()
        self.changed()
