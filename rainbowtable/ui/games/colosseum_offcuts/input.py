"""What the pointer and keys mean on Colosseum Offcuts' table.

- Setup: the counter due is picked from the supply tray and dropped on a cell.
- Play: a stack holding one of the mover's counters is picked; the drop says which move (the top counter's
  attack, or the whole stack's mobile move; both offered as a choice where both fit). Dropping a counter on
  its own cell, clicking a selected counter again, or pressing F over a counter flips it. E ends the turn
  once one action is taken.
- The camera: dragging empty table or the arrow keys pan, the wheel and + and - zoom, C or Home centres it
  on the group again (it then follows the group).

Hit-testing maps the pointer to counters and cells; legality comes from the rules through the table's hold
controller.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.colosseum_offcuts.model import (
    Cell,
    ColosseumState,
    EndTurn,
    FlipCounter,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
)
from rainbowtable.games.colosseum_offcuts.rules import locate
from rainbowtable.games.colosseum_offcuts.start import due_counter
from rainbowtable.ui.games.colosseum_offcuts.layout import Camera, ColosseumLayout, cell_of_action
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardInput, TableButton

ZOOM_STEP = 1.15
PAN_SLOP_PX = 4


class ColosseumInput(BoardInput):
    """Counters and cells under the pointer, the moves they mean, the End turn and Flip buttons, and the
    camera's own pointer and keys."""

    where: ColosseumLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera
        self._pan_from: tuple[int, int] | None = None
        self._pan_moved = False
        self._mouse = (0, 0)

    def _see(self, state: Any) -> ColosseumState:
        return self.camera.see(self.where, state)

    def _cell_at(self, pos: tuple[int, int]) -> Cell:
        return self.where.cell_at(pos, self.camera)

    # --- pieces and targets ---------------------------------------------------------------------------
    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        """Setup: the counter due, from the supply. Play: the cell of a stack holding one of the mover's
        counters (a drop says which move: the top counter's attack, or the whole stack's mobile move)."""
        st = self._see(state)
        if st.current != seat:
            return None
        if st.phase is Phase.SETUP:
            _seat, due = due_counter(st)
            for counter, rect in self.where.supply(st):
                if counter.id == due and rect.inflate(8, 8).collidepoint(pos):
                    return due
            return None
        if st.phase is not Phase.PLAY or not self.where.board(st).collidepoint(pos):
            return None
        cell = self._cell_at(pos)
        for stack in st.stacks:
            if stack.cell == cell and any(c.owner == seat for c in stack.counters):
                if cell == self.camera.held:
                    return None  # a second click on the selected counter drops it on itself: a flip
                return cell
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        st = self._see(state)
        if st.phase is Phase.SETUP:
            for counter, rect in self.where.supply(st):
                if counter.id == pick:
                    return rect
            return None
        return self.where.cell_rect(pick, self.camera) if isinstance(pick, Cell) else None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        self._see(state)
        return self.where.cell_rect(target, self.camera) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        st = self._see(state)
        if not self.where.board(st).collidepoint(pos):
            return None
        return self._cell_at(pos)

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        st = self._see(state)
        if not isinstance(target, Cell):
            return None
        if st.phase is Phase.SETUP:
            return PlaceCounter(pick, target) if isinstance(pick, int) else None
        if not isinstance(pick, Cell):
            return None
        counters = next((s.counters for s in st.stacks if s.cell == pick), ())
        if not counters:
            return None
        top, bottom = counters[-1], counters[0]
        if target == pick:
            return FlipCounter(top.id if top.owner == st.current else bottom.id)
        if top.owner == st.current and top.mode is Mode.ATTACK:
            return MoveAttack(top.id, target)
        if bottom.owner == st.current and bottom.mode is Mode.MOBILE:
            return MoveMobile(bottom.id, target)
        mover = top if top.owner == st.current else bottom
        return MoveAttack(mover.id, target) if mover.mode is Mode.ATTACK else MoveMobile(mover.id, target)

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, PlaceCounter):
            return action.counter, action.cell
        state = self.camera.state
        if state is None or not isinstance(action, MoveMobile | MoveAttack | FlipCounter):
            return None
        found = locate(state, action.counter)
        if found is None:
            return None
        if isinstance(action, FlipCounter):
            return found[0], found[0]
        return found[0], action.to

    def choice_label(self, state: Any, action: Any) -> str | None:
        if isinstance(action, MoveMobile):
            return _("Carry the whole stack there (mobile move)")
        if isinstance(action, MoveAttack):
            return _("Move only the top counter there (attack move)")
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        st = self._see(state)
        cell = cell_of_action(st, action)
        return frozenset({cell}) if cell is not None else frozenset()

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        st = self._see(state)
        if not isinstance(pick, Cell):
            return None
        counters = next((s.counters for s in st.stacks if s.cell == pick), ())
        own = [c for c in counters if c.owner == st.current]
        if own and all(c is not counters[-1] and c.mode is Mode.ATTACK for c in own):
            return _("That counter has a counter on top of it: it cannot move or flip.")
        return _("This counter cannot move now: moving it would split the group, or nothing is in reach.")

    # --- buttons ----------------------------------------------------------------------------------------
    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        st = self._see(state)
        if st.phase is not Phase.PLAY or st.current != seat:
            return ()
        out = []
        if st.actions_left == 1:
            out.append(
                TableButton(_("End turn"), EndTurn(), _("Decline your second action (E)"), key=pygame.K_e)
            )
        else:
            out.append(
                TableButton(
                    _("End turn"),
                    EndTurn(),
                    _("You have two actions; the first cannot be declined"),
                    key=pygame.K_e,
                    enabled=False,
                )
            )
        flip = self._flip_under_mouse(st, seat)
        if flip is not None:
            out.append(
                TableButton(
                    _("Flip (F)"), flip, _("Turn the counter under the pointer over (F)"), key=pygame.K_f
                )
            )
        return out

    def _flip_under_mouse(self, state: ColosseumState, seat: int) -> FlipCounter | None:
        selected = self.camera.selected
        cell = selected if isinstance(selected, Cell) else self._cell_at(self._mouse)
        for stack in state.stacks:
            if stack.cell == cell and len(stack.counters) == 1 and stack.counters[0].owner == seat:
                return FlipCounter(stack.counters[0].id)
        return None

    # --- the table's own events: pan and zoom ---------------------------------------------------------
    def handle_event(self, event: Any, state: Any) -> bool:
        st = self._see(state)
        board = self.where.board(st)
        if event.type == pygame.MOUSEMOTION:
            self.camera.pointer = self._cell_at(event.pos) if board.collidepoint(event.pos) else None
            return self._pointer_moved(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if board.collidepoint(pos) or not self.where.area.collidepoint(pos):
                self.camera.zoom(
                    self.where,
                    ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP,
                    pos if board.collidepoint(pos) else None,
                )
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button in (1, 2, 3)
            and board.collidepoint(event.pos)
        ):
            selected = self.camera.selected
            if event.button == 1 and (selected is not None or self._on_counter(st, event.pos)):
                return False
            if event.button == 1 and self._cell_at(event.pos) in self.camera.highlights:
                return False
            if event.button == 3 and selected is not None:
                return False
            self._pan_from = event.pos
            self._pan_moved = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._pan_from is not None:
            self._pan_from = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _pointer_moved(self, pos: tuple[int, int]) -> bool:
        """Remember where the pointer is (F flips what is under it); pan while the table is dragged."""
        self._mouse = pos
        if self._pan_from is None:
            return False
        dx = pos[0] - self._pan_from[0]
        dy = pos[1] - self._pan_from[1]
        if self._pan_moved or dx * dx + dy * dy >= PAN_SLOP_PX * PAN_SLOP_PX:
            self._pan_moved = True
            self.camera.pan(dx, dy)
            self._pan_from = pos
        return True

    def _key(self, key: int) -> bool:
        step = self.camera.cell_px * 2
        moves = {
            pygame.K_LEFT: (step, 0),
            pygame.K_RIGHT: (-step, 0),
            pygame.K_UP: (0, step),
            pygame.K_DOWN: (0, -step),
        }
        if key in moves:
            self.camera.pan(*moves[key])
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(self.where, ZOOM_STEP)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(self.where, 1 / ZOOM_STEP)
            return True
        if key in (pygame.K_c, pygame.K_HOME):
            self.camera.recentre(self.where)
            return True
        return False

    def _on_counter(self, state: ColosseumState, pos: tuple[int, int]) -> bool:
        cell = self._cell_at(pos)
        return any(stack.cell == cell for stack in state.stacks)
