"""What the pointer and keys mean in Dice Box: a die of the acting hand in the tray is a piece, a cell of the
box a target, and dropping one on the other places it; while drafting, a plain click on a pool die takes
its colour; a stuck hand re-rolls with the Re-roll button (R). Which drops are legal comes from the rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.dice_box.model import Cell, DiceBoxState, DraftDie, Phase, PlaceDie
from rainbowtable.ui.games.dice_box.drawing import find_die, stuck_seat, stuck_words
from rainbowtable.ui.games.dice_box.layout import DiceBoxLayout
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import TAKE_CHANCE, BoardInput, TableButton


class DiceBoxInput(BoardInput):
    """Dice in the tray, cells in the box, the draft pool's dice and the Re-roll button."""

    where: DiceBoxLayout

    # --- placing a die --------------------------------------------------------------------------------
    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.PLAY or seat != state.current:
            return None
        hand = state.hands[seat]
        slot = self.where.tray_slot_at(len(hand), pos)
        return hand[slot].id if slot is not None else None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, DiceBoxState)
        hand = state.hands[state.current]
        for die, rect in zip(hand, self.where.tray_rects(len(hand)), strict=True):
            if die.id == pick:
                return rect
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        return self.where.cell_rect(target) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        return self.where.cell_under(pos)

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        if isinstance(pick, int) and isinstance(target, Cell):
            return PlaceDie(pick, target)
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, PlaceDie):
            return action.die, action.cell
        return None

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        die = find_die(state, pick)
        if die is None:
            return None
        return _("This {colour} {value} fits no open cell now: every open cell needs another value.").format(
            colour=_(die.colour.value), value=die.value
        )

    # --- drafting -------------------------------------------------------------------------------------
    def click_action(self, state: Any, pos: tuple[int, int], seat: int) -> Any | None:
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.DRAFT or seat != state.current:
            return None
        slot = self.where.tray_slot_at(len(state.pool), pos)
        return DraftDie(state.pool[slot].colour) if slot is not None else None

    def click_rects(self, state: Any, seat: int) -> Sequence[pygame.Rect]:
        """The draft pool's dice, for the keyboard (§2.2 draft)."""
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.DRAFT or seat != state.current:
            return ()
        return self.where.tray_rects(len(state.pool))

    # --- a stuck hand ---------------------------------------------------------------------------------
    def chance_by(self, state: Any) -> int | None:
        """A stuck player's re-roll (dice_box.md §2.4 step 4) is their own act: a human presses Re-roll."""
        return stuck_seat(state)

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        if self.chance_by(state) != seat:
            return ()
        assert isinstance(state, DiceBoxState)
        return (TableButton(_("Re-roll"), TAKE_CHANCE, stuck_words(state, seat, short=True), key=pygame.K_r),)
