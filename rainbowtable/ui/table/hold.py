"""The one hold-turn-drop controller: pick a piece up (press), carry it (motion), turn or flip it while held
(R / F / wheel / right-click, where the source allows), and put it down (release). Play and the board
builders share it; a click on a piece then a click on a target works too.

What may be picked up, where it may go and why not comes from a `HoldSource`: for play, `RulesSource`
filters the rules' legal actions through the game's view; a builder supplies its draft's answers. Holds no
rules and no drawing: the scene draws what the controller holds.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from rainbowtable.core.game import AnyRules
from rainbowtable.ui.table.view import GameView

CLICK_SLOP_PX = 6  # a press and release closer than this is a click, not a drag


@dataclass(frozen=True, slots=True)
class Held:
    """The piece in hand: what it is, how it is turned (quarter or sixth turns, the source decides) and
    whether it is face down, and where on it the hand holds it (pixels from its anchor)."""

    pick: Hashable
    turns: int = 0
    flipped: bool = False
    grip: tuple[int, int] = (0, 0)


class HoldSource(Protocol):
    """The answers the controller needs about one position."""

    def pick_at(self, pos: tuple[int, int]) -> Held | None:
        """The piece that may be picked up at pos (with its present turn and grip), or None."""
        ...

    def target_at(self, pos: tuple[int, int], held: Held) -> Hashable | None: ...

    def drops(self, held: Held) -> Mapping[Hashable, Sequence[Any]]:
        """The targets that glow while `held` is in hand, with what dropping it there does. May be empty
        where listing every target costs too much (a builder shows a ghost instead)."""
        ...

    def choices(self, held: Held, target: Hashable) -> Sequence[Any]:
        """What dropping `held` on `target` does: one choice, several (offered to the player), or none."""
        ...

    def why_not(self, held: Held, target: Hashable) -> str | None:
        """Why `held` may not go to `target`, in the player's words (None: a drop there means nothing)."""
        ...

    def click(self, pos: tuple[int, int]) -> Any | None:
        """What a plain click at pos does when nothing is held (a draft pick), or None."""
        ...

    def can_turn(self, held: Held) -> bool: ...


@dataclass(frozen=True)
class Play:
    """Put down where it may go: one choice, or several for the player to choose between."""

    choices: tuple[Any, ...]
    target: Hashable | None = None

    @property
    def action(self) -> Any:
        return self.choices[0]


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


class HoldController:
    def __init__(self) -> None:
        self.held: Held | None = None
        self.dragging = False
        self.press_pos: tuple[int, int] | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.targets: dict[Hashable, tuple[Any, ...]] = {}
        self.hover: Hashable | None = None

    @property
    def pick(self) -> Hashable | None:
        return self.held.pick if self.held is not None else None

    def cancel(self) -> None:
        self.held = None
        self.dragging = False
        self.press_pos = None
        self.targets = {}
        self.hover = None

    def take(self, source: HoldSource, pick: Hashable) -> None:
        """Pick a piece up without the mouse (keyboard play: the focus ring names the piece)."""
        self._take(source, Held(pick))
        self.press_pos = None
        self.dragging = False

    def _take(self, source: HoldSource, held: Held) -> None:
        self.held = held
        self.targets = {target: tuple(choices) for target, choices in source.drops(held).items() if choices}

    def press(self, source: HoldSource, pos: tuple[int, int]) -> Result:
        self.pos = pos
        held = source.pick_at(pos)
        if held is not None:
            if self.held is not None and held.pick == self.held.pick and not self.dragging:
                self.cancel()  # a second click on the selected piece puts it down
                return None
            self._take(source, held)
            self.press_pos = pos
            self.dragging = False
            return None
        if self.held is not None:
            # Click-then-click: a piece is selected and this press is on a target.
            return self._drop(source, pos, clicked=True)
        action = source.click(pos)
        return Play((action,)) if action is not None else None

    def motion(self, source: HoldSource, pos: tuple[int, int]) -> None:
        self.pos = pos
        if self.held is None:
            return
        if self.press_pos is not None and not self.dragging:
            dx, dy = pos[0] - self.press_pos[0], pos[1] - self.press_pos[1]
            if dx * dx + dy * dy >= CLICK_SLOP_PX * CLICK_SLOP_PX:
                self.dragging = True
        self.hover = source.target_at(pos, self.held)

    def release(self, source: HoldSource, pos: tuple[int, int]) -> Result:
        self.pos = pos
        if self.held is None or self.press_pos is None:
            return None
        self.press_pos = None
        if not self.dragging:
            return None  # a click on a piece: it stays selected for click-then-click
        return self._drop(source, pos, clicked=False)

    def turn(self, source: HoldSource, turns: int) -> bool:
        """Turn the piece in hand; False when nothing is held or it cannot turn."""
        if self.held is None or not source.can_turn(self.held):
            return False
        self._take(source, replace(self.held, turns=self.held.turns + turns))
        self.hover = source.target_at(self.pos, self.held)
        return True

    def flip(self, source: HoldSource) -> bool:
        """Turn the piece in hand over; False when nothing is held or it cannot turn."""
        if self.held is None or not source.can_turn(self.held):
            return False
        self._take(source, replace(self.held, flipped=not self.held.flipped))
        self.hover = source.target_at(self.pos, self.held)
        return True

    def drop_on(self, source: HoldSource, target: Hashable) -> Result:
        """Put the piece in hand down on `target` (keyboard play: the focus ring names the target)."""
        held = self.held
        if held is None:
            return None
        choices = tuple(self.targets.get(target) or source.choices(held, target))
        self.cancel()
        if choices:
            return Play(choices, target)
        reason = source.why_not(held, target)
        return Refuse(reason, target, held.pick) if reason is not None else SnapBack(held.pick, self.pos)

    def _drop(self, source: HoldSource, pos: tuple[int, int], *, clicked: bool) -> Result:
        held = self.held
        assert held is not None
        target = source.target_at(pos, held)
        if target is None:
            # Off every target: the piece goes back where it came from, quietly.
            self.cancel()
            return SnapBack(held.pick, pos)
        return self.drop_on(source, target)


class RulesSource:
    """Play's hold source: what the view says is under the mouse, filtered by the rules' legal actions."""

    def __init__(self, rules: AnyRules, view: GameView, state: Any, seat: int, legal: Sequence[Any]) -> None:
        self.rules = rules
        self.view = view
        self.state = state
        self.seat = seat
        self._by_pick: dict[Hashable, dict[Hashable, list[Any]]] = {}
        for action in legal:
            pair = view.input.target_of(action)
            if pair is not None:
                self._by_pick.setdefault(pair[0], {}).setdefault(pair[1], []).append(action)

    def pick_at(self, pos: tuple[int, int]) -> Held | None:
        pick = self.view.input.pick_at(self.state, pos, self.seat)
        return Held(pick) if pick is not None else None

    def target_at(self, pos: tuple[int, int], held: Held) -> Hashable | None:
        return self.view.input.target_at(self.state, pos)

    def drops(self, held: Held) -> Mapping[Hashable, Sequence[Any]]:
        return self._by_pick.get(held.pick, {})

    def choices(self, held: Held, target: Hashable) -> Sequence[Any]:
        return self.drops(held).get(target, ())

    def why_not(self, held: Held, target: Hashable) -> str | None:
        action = self.view.input.action_for(self.state, held.pick, target)
        return self.rules.why_illegal(self.state, action) if action is not None else None

    def click(self, pos: tuple[int, int]) -> Any | None:
        return self.view.input.click_action(self.state, pos, self.seat)

    def can_turn(self, held: Held) -> bool:
        return False

    def pickable(self) -> tuple[Hashable, ...]:
        """The pieces that have somewhere to go (keyboard play cycles through these)."""
        return tuple(self._by_pick)
