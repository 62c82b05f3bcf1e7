"""The one interaction controller every game shares: it turns presses, drags and clicks into actions by
filtering the rules' legal actions, and turns refused drops into the rules' own reason.

Flow: press on a piece the acting seat may move -> the piece follows the mouse and every target where it is
legal glows; release on a glowing target plays that action; release anywhere else snaps the piece back and,
when the release was over a target, shows `why_illegal` for it. Click a piece then a target works too. Holds
no game rules (legality comes from the rules) and no drawing (the view draws what `look()` says).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.game import AnyRules
from rainbowtable.ui.games import GameView

CLICK_SLOP_PX = 6  # a press and release closer than this is a click, not a drag


@dataclass(frozen=True)
class Play:
    action: Any


@dataclass(frozen=True)
class Refuse:
    reason: str
    target: Hashable | None
    pick: Hashable


@dataclass(frozen=True)
class SnapBack:
    pick: Hashable
    from_pos: tuple[int, int]


Result = Play | Refuse | SnapBack | None


class DragController:
    def __init__(self, rules: AnyRules, view: GameView) -> None:
        self.rules = rules
        self.view = view
        self.pick: Hashable | None = None  # the piece in hand (dragged or selected)
        self.dragging = False
        self.press_pos: tuple[int, int] | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.targets: dict[Hashable, Any] = {}
        self.hover: Hashable | None = None

    def cancel(self) -> None:
        self.pick = None
        self.dragging = False
        self.press_pos = None
        self.targets = {}
        self.hover = None

    def _take(self, pick: Hashable, legal: Sequence[Any]) -> None:
        self.pick = pick
        self.targets = {}
        for action in legal:
            pair = self.view.target_of(action)
            if pair is not None and pair[0] == pick:
                self.targets[pair[1]] = action

    def press(self, state: Any, pos: tuple[int, int], seat: int, legal: Sequence[Any]) -> Result:
        self.pos = pos
        pick = self.view.pick_at(state, pos, seat)
        if pick is not None:
            if pick == self.pick and not self.dragging:
                self.cancel()  # a second click on the selected piece puts it down
                return None
            self._take(pick, legal)
            self.press_pos = pos
            self.dragging = False
            return None
        if self.pick is not None:
            # Click-then-click: a piece is selected and this press is on a target.
            return self._drop(state, pos, clicked=True)
        action = self.view.click_action(state, pos, seat)
        if action is None:
            return None
        reason = self.rules.why_illegal(state, action)
        if reason is None:
            return Play(action)
        return Refuse(reason, None, action)

    def motion(self, state: Any, pos: tuple[int, int]) -> None:
        self.pos = pos
        if self.pick is None or self.press_pos is None:
            self.hover = self.view.target_at(state, pos) if self.pick is not None else None
            return
        if not self.dragging:
            dx, dy = pos[0] - self.press_pos[0], pos[1] - self.press_pos[1]
            if dx * dx + dy * dy >= CLICK_SLOP_PX * CLICK_SLOP_PX:
                self.dragging = True
        self.hover = self.view.target_at(state, pos)

    def release(self, state: Any, pos: tuple[int, int]) -> Result:
        self.pos = pos
        if self.pick is None or self.press_pos is None:
            return None
        self.press_pos = None
        if not self.dragging:
            return None  # a click on a piece: it stays selected for click-then-click
        return self._drop(state, pos, clicked=False)

    def _drop(self, state: Any, pos: tuple[int, int], *, clicked: bool) -> Result:
        pick = self.pick
        assert pick is not None
        target = self.view.target_at(state, pos)
        if target is not None and target in self.targets:
            action = self.targets[target]
            self.cancel()
            return Play(action)
        reason: str | None = None
        if target is not None:
            action = self.view.action_for(state, pick, target)
            if action is not None:
                reason = self.rules.why_illegal(state, action)
        if clicked and target is None:
            # A click on empty table with a piece selected: put it down quietly.
            self.cancel()
            return SnapBack(pick, pos)
        self.cancel()
        if reason is not None:
            return Refuse(reason, target, pick)
        return SnapBack(pick, pos)
