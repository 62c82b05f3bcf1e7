"""What the pointer and keys mean at Rainbow Passage's table: a piece of the seat to move is picked up from
its square or, captured, from beside the tray; a square is the target, where a drop means a step (or, for
a captured piece, a return to a start square); End turn and Pass are buttons. The square under the pointer
is followed for the frame's corner to name it.

Legality comes from the rules (`legal_actions`, `why_illegal`) through the table's hold-turn-drop
controller; this part only says what a drop would mean, and why a piece has nowhere to go.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.model import (
    EndTurn,
    Pass,
    Phase,
    RainbowPassageState,
    ReturnPiece,
    Status,
    StepPiece,
)
from rainbowtable.games.rainbow_passage.rules import move_allowance
from rainbowtable.geometry.square import Cell
from rainbowtable.ui.games.rainbow_passage.layout import InSight, Sight, piece_of
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardInput, TableButton


class RainbowPassageInput(InSight, BoardInput):
    """Pieces are `("piece", id)`, targets the squares (`Cell`)."""

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        super().__init__()

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        if (
            not isinstance(state, RainbowPassageState)
            or state.phase is not Phase.TURN
            or state.current != seat
        ):
            return None
        cell = self.where.cell_at(pos)
        if cell is not None:
            piece = state.piece_at(cell)
            if piece is not None and piece.owner == seat:
                return ("piece", piece.id)
            return None
        for piece, rect in self.where.captured_slots(state):
            if rect.collidepoint(pos):
                return ("piece", piece.id)
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        piece = piece_of(state, pick)
        if piece is None:
            return None
        if piece.pos is not None:
            return self.where.cell_rect(piece.pos)
        for other, rect in self.where.captured_slots(state):
            if other.id == piece.id:
                return rect
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        return self.where.cell_rect(target) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        return self.where.cell_at(pos)

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        piece = piece_of(state, pick)
        if piece is None or not isinstance(target, Cell):
            return None
        if piece.status is Status.CAPTURED:
            return ReturnPiece(piece.id, target)
        return StepPiece(piece.id, target)

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, StepPiece | ReturnPiece):
            return (("piece", action.piece), action.to)
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        if isinstance(action, StepPiece | ReturnPiece):
            return frozenset({action.to})
        return frozenset()

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        if not isinstance(state, RainbowPassageState) or state.phase is not Phase.TURN:
            return ()
        moved = state.moves_made > 0
        return (
            TableButton(
                _("End turn"),
                EndTurn(),
                _("Stop moving; unused moves are lost") if moved else _("Make a step first, or pass"),
                key=pygame.K_e,
                enabled=moved,
            ),
            TableButton(
                _("Pass"),
                Pass(),
                _("Do nothing this turn") if not moved else _("You have moved: end the turn instead"),
                key=pygame.K_p,
                enabled=not moved,
                quiet=True,
            ),
        )

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        piece = piece_of(state, pick)
        if piece is None or not isinstance(state, RainbowPassageState):
            return None
        if piece.status is Status.CAPTURED:
            if state.options.no_returns:
                return _("Captured pieces never return in this game.")
            if move_allowance(state.dice) < 2:
                return _("A return needs two or more dice of one colour.")
            return _("Its start square is taken.")
        if state.moves_made >= move_allowance(state.dice):
            return _("No moves left this turn.")
        return _("No square around it matches a die left, or the star row stops it.")

    def handle_event(self, event: Any, state: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.sight.pointer = self.where.cell_at(event.pos)
        return False
