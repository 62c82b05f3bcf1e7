"""Where things are on Colosseum Offcuts' table: the open table, the supply tray along its foot during setup,
and the camera that pans and zooms over the table.

`ColosseumLayout.place` is a pure function of the board's rectangle and the UI scale. The table has no edge,
so where a cell is also depends on the `Camera` (how big a cell is, which point is in the middle): one small
mutable object the view owns and hands to each part, moved by the pointer and keys (input) and by the camera
following the group as it grows (any part seeing a new state). It also keeps what the table last showed in
hand, since what a click means depends on it. The geometry methods of the layout take the camera.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from rainbowtable.games.colosseum_offcuts.model import (
    COUNTERS_PER_SEAT,
    Cell,
    ColosseumState,
    Counter,
    FlipCounter,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
    fresh_counter,
)
from rainbowtable.games.colosseum_offcuts.rules import locate
from rainbowtable.games.colosseum_offcuts.start import due_counter
from rainbowtable.ui.table.view import BoardLayout
from rainbowtable.ui.theme import Theme

MIN_CELL_PX = 14
MAX_CELL_PX = 140
FIT_MARGIN_CELLS = 3


@dataclass
class Camera:
    """Where the table looks (a cell's size in pixels, the cell coordinates in the middle of the board) and
    whether it follows the group; and what the table last showed (the state, the counter in hand, the
    glowing cells), which frames the board and gives a click its meaning."""

    cell_px: float = 48.0
    centre: tuple[float, float] = (0.0, 0.0)
    follow: bool = True
    """True until the player pans or zooms: the camera then keeps the whole group in view."""
    state: ColosseumState | None = None
    selected: Hashable | None = None
    """The counter in hand or selected, or shown so for a hint."""
    held: Hashable | None = None
    """The counter in hand (not one only shown for a hint)."""
    highlights: frozenset[Hashable] = frozenset()
    pointer: Cell | None = None
    """The cell under the pointer, named at the board's corner: the move log names cells "(2, 1)", and the
    table draws no coordinates."""

    def see(self, where: ColosseumLayout, state: Any) -> ColosseumState:
        """Take `state` as the one shown; a following camera frames a new one."""
        assert isinstance(state, ColosseumState)
        if self.follow and state is not self.state:
            self.cell_px, self.centre = where.fit(state)
        self.state = state
        return state

    def zoom(self, where: ColosseumLayout, factor: float, around: tuple[int, int] | None = None) -> None:
        """Zoom by `factor`, keeping the point `around` (the board's middle by default) where it is."""
        around = around or where.board(self.state).center
        before = where.world(around, self)
        self.cell_px = max(MIN_CELL_PX, min(MAX_CELL_PX, self.cell_px * factor))
        after = where.world(around, self)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])
        self.follow = False

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.centre = (self.centre[0] - dx_px / self.cell_px, self.centre[1] - dy_px / self.cell_px)
        self.follow = False

    def recentre(self, where: ColosseumLayout) -> None:
        self.follow = True
        if self.state is not None:
            self.cell_px, self.centre = where.fit(self.state)


@dataclass(frozen=True)
class ColosseumLayout(BoardLayout):
    """The open table (`area`, the whole board rectangle) and the supply tray along its foot."""

    area: pygame.Rect
    tray: pygame.Rect

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> ColosseumLayout:
        tray_h = max(th.px(70), min(th.px(110), rect.h // 6))
        tray = pygame.Rect(rect.x, rect.bottom - tray_h, rect.w, tray_h)
        return cls(pygame.Rect(rect), th.scale, rect.copy(), tray)

    def board(self, state: ColosseumState | None) -> pygame.Rect:
        """Where the cells are shown: above the tray while counters are placed, else the whole table."""
        if state is not None and state.phase in (Phase.SETUP, Phase.START):
            return pygame.Rect(self.area.x, self.area.y, self.area.w, self.tray.y - self.area.y - self.px(8))
        return self.area

    def fit(self, state: ColosseumState) -> tuple[float, tuple[float, float]]:
        """The cell size and the centre that show the whole group with a margin round it."""
        board = self.board(state)
        if not state.stacks:
            return min(72.0, board.h / 6), (0.0, 0.0)
        xs = [s.cell.x for s in state.stacks]
        ys = [s.cell.y for s in state.stacks]
        w = max(xs) - min(xs) + 1 + 2 * FIT_MARGIN_CELLS
        h = max(ys) - min(ys) + 1 + 2 * FIT_MARGIN_CELLS
        cell_px = max(MIN_CELL_PX, min(96.0 * self.scale, board.w / w, board.h / h))
        return cell_px, ((max(xs) + min(xs) + 1) / 2, (max(ys) + min(ys) + 1) / 2)

    def cell_rect(self, cell: Cell, camera: Camera) -> pygame.Rect:
        board = self.board(camera.state)
        s = camera.cell_px
        x = board.centerx + (cell.x - camera.centre[0]) * s
        y = board.centery + (cell.y - camera.centre[1]) * s
        return pygame.Rect(round(x), round(y), round(x + s) - round(x), round(y + s) - round(y))

    def cell_at(self, pos: tuple[int, int], camera: Camera) -> Cell:
        x, y = self.world(pos, camera)
        return Cell(int(x // 1), int(y // 1))

    def world(self, pos: tuple[int, int], camera: Camera) -> tuple[float, float]:
        """A screen point in cell coordinates."""
        board = self.board(camera.state)
        return (
            (pos[0] - board.centerx) / camera.cell_px + camera.centre[0],
            (pos[1] - board.centery) / camera.cell_px + camera.centre[1],
        )

    def supply(self, state: ColosseumState) -> list[tuple[Counter, pygame.Rect]]:
        """The placing player's counters still in supply, in placing order, with where they are drawn."""
        seat, _due = due_counter(state)
        placed = {c.id for s in state.stacks for c in s.counters}
        ids = [seat * COUNTERS_PER_SEAT + k for k in range(COUNTERS_PER_SEAT)]
        waiting = [fresh_counter(i) for i in ids if i not in placed]
        size = min(self.tray.h - self.px(34), self.px(64))
        gap = self.px(14)
        x = self.tray.x + self.px(20)
        y = self.tray.y + self.px(28)
        out = []
        for counter in waiting:
            out.append((counter, pygame.Rect(x, y, size, size)))
            x += size + gap
        return out


def cell_of_action(state: ColosseumState, action: Any) -> Cell | None:
    """The cell an action put a counter on or turned one over on (what the last move outlines)."""
    if isinstance(action, PlaceCounter):
        return action.cell
    if isinstance(action, MoveMobile | MoveAttack):
        return action.to
    if isinstance(action, FlipCounter):
        found = locate(state, action.counter)
        return found[0] if found is not None else None
    return None
