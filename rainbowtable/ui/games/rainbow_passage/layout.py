"""Where Rainbow Passage's table lies: the board of squares in its wooden frame (the band of start tokens and,
outside it, the band of files and ranks), the colour dice tray under it with the dice's slots and, at the
tray's right end, the captured pieces waiting to return.

`RainbowPassageLayout.place` is a pure function of the board's rectangle and the UI scale. The board's size
in squares comes with the state, not the window (a built board may be 9 by 17), so the layout is fitted
again for it (`sized`); `Sight`, owned by the view and shared by its parts, keeps the layout fitted to the
board on the table and the square under the pointer.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import Piece, RainbowPassageState, Status, cell_name
from rainbowtable.geometry.square import Cell
from rainbowtable.ui.table.view import BoardLayout
from rainbowtable.ui.theme import Theme

STANDARD_SIZE = (11, 11)
"""The board's size in squares until a state says otherwise."""


@dataclass(frozen=True)
class RainbowPassageLayout(BoardLayout):
    """The board of `size` squares, `cell_px` each, in `grid`; the frame round it `rim` wide, of which the
    outer `label_px` carry the files and ranks; the dice tray under it."""

    size: tuple[int, int]
    label_px: int
    cell_px: int
    grid: pygame.Rect
    tray: pygame.Rect

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> RainbowPassageLayout:
        return cls.fit(rect, th.scale, STANDARD_SIZE)

    @classmethod
    def fit(cls, rect: pygame.Rect, scale: float, size: tuple[int, int]) -> RainbowPassageLayout:
        """A board of `size` squares and the tray under it, as large as fits in `rect`."""
        rect = pygame.Rect(rect)
        px = BoardLayout(rect, scale).px
        width, height = size
        tray_h = max(px(70), min(px(110), rect.h // 7))
        gap = px(10)
        # The frame holds the start tokens (a little more than half a square on each side) and, outside
        # them, the files and ranks the log and hints name squares by.
        label = px(15)
        cell = int(
            min((rect.w - 2 * label) / (width + 1.4), (rect.h - tray_h - gap - 2 * label) / (height + 1.4))
        )
        cell_px = max(8, cell)
        grid = pygame.Rect(0, 0, cell_px * width, cell_px * height)
        rim = int(cell_px * 0.7) + label
        board_h = grid.h + 2 * rim
        grid.midtop = (rect.centerx, rect.y + rim + max(0, (rect.h - tray_h - gap - board_h) // 2))
        tray = pygame.Rect(0, 0, min(rect.w, max(grid.w + 2 * rim, px(520))), tray_h)
        tray.midtop = (rect.centerx, grid.bottom + rim + gap)
        return cls(rect, scale, size, label, cell_px, grid, tray)

    def sized(self, size: tuple[int, int]) -> RainbowPassageLayout:
        """This layout for a board of `size` squares (itself when it is that size already)."""
        return self if size == self.size else self.fit(self.rect, self.scale, size)

    @property
    def rim(self) -> int:
        """The frame's width on each side: the tokens' band and the labels' band."""
        return int(self.cell_px * 0.7) + self.label_px

    @property
    def outer(self) -> pygame.Rect:
        """The board with its frame."""
        return self.grid.inflate(2 * self.rim, 2 * self.rim)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        height = self.size[1]
        return pygame.Rect(
            self.grid.x + cell.x * self.cell_px,
            self.grid.y + (height - 1 - cell.y) * self.cell_px,
            self.cell_px,
            self.cell_px,
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid.collidepoint(pos):
            return None
        x = (pos[0] - self.grid.x) // self.cell_px
        y = self.size[1] - 1 - (pos[1] - self.grid.y) // self.cell_px
        return Cell(x, y)

    def token_rect(self, edge: Edge, square: Cell) -> pygame.Rect:
        """Where a start token lies: on the frame just behind its start square."""
        rect = self.cell_rect(square)
        margin = int(self.cell_px * 0.7)
        side = max(6, int(self.cell_px * 0.5))
        token = pygame.Rect(0, 0, side, side)
        if edge is Edge.S:
            token.center = (rect.centerx, rect.bottom + margin // 2)
        elif edge is Edge.N:
            token.center = (rect.centerx, rect.top - margin // 2)
        elif edge is Edge.W:
            token.center = (rect.left - margin // 2, rect.centery)
        else:
            token.center = (rect.right + margin // 2, rect.centery)
        return token

    def label_spots(self) -> tuple[list[tuple[str, tuple[int, int]]], pygame.Rect]:
        """Where the files (letters from the west) and ranks (numbers from the south) are written on the
        frame, as `model.cell_name` names squares, on all four sides; and the frame's south-west corner,
        where the square under the pointer is named."""
        width, height = self.size
        out = self.outer
        half = self.label_px // 2 + 1
        spots = []
        for x in range(width):
            centre_x = self.cell_rect(Cell(x, 0)).centerx
            name = cell_name(Cell(x, 0))[:-1]
            spots += [(name, (centre_x, out.bottom - half)), (name, (centre_x, out.top + half))]
        for y in range(height):
            centre_y = self.cell_rect(Cell(0, y)).centery
            spots += [
                (str(y + 1), (out.left + half + 1, centre_y)),
                (str(y + 1), (out.right - half - 1, centre_y)),
            ]
        corner = pygame.Rect(out.x, self.grid.bottom, self.rim, self.rim)
        return spots, corner

    def bands(self) -> dict[Hashable, pygame.Rect]:
        """The board split into bands that are redrawn on their own: the frame above and below, and one
        band per row of squares, running across the frame on both sides (whose tokens it holds)."""
        outer = self.outer
        bands: dict[Hashable, pygame.Rect] = {
            "north": pygame.Rect(outer.x, outer.y, outer.w, self.grid.y - outer.y),
            "south": pygame.Rect(outer.x, self.grid.bottom, outer.w, outer.bottom - self.grid.bottom),
        }
        for y in range(self.size[1]):
            top = self.grid.y + (self.size[1] - 1 - y) * self.cell_px
            bands[y] = pygame.Rect(outer.x, top, outer.w, self.cell_px)
        return bands

    @property
    def die_px(self) -> int:
        """A colour die's size in the tray."""
        return max(14, min(self.tray.h - self.px(34), self.px(54)))

    def tray_slots(self, count: int) -> list[tuple[int, int]]:
        """Where `count` dice lie in the tray, from its left end."""
        size = self.die_px
        step = int(size * 1.25)
        left = self.tray.x + self.px(16) + size // 2
        return [(left + i * step, self.tray.centery + self.px(8)) for i in range(count)]

    def captured_slots(self, state: RainbowPassageState) -> list[tuple[Piece, pygame.Rect]]:
        """Where the captured pieces of the seat to move wait, at the tray's right end, ready to return."""
        captured = [p for p in state.pieces if p.status is Status.CAPTURED and p.owner == state.current]
        side = max(12, min(self.cell_px, self.tray.h - self.px(34)))
        out = []
        for i, piece in enumerate(captured):
            rect = pygame.Rect(0, 0, side, side)
            rect.midright = (
                self.tray.right - self.px(12) - i * (side + 4),
                self.tray.centery + self.px(8),
            )
            out.append((piece, rect))
        return out


def piece_of(state: Any, pick: Hashable) -> Piece | None:
    """The piece a pick names (`("piece", id)`: what the hand holds, the focus ring rests on), or None."""
    if isinstance(pick, tuple) and len(pick) == 2 and pick[0] == "piece":
        for piece in state.pieces:
            if isinstance(piece, Piece) and piece.id == pick[1]:
                return piece
    return None


class Sight:
    """What the view's parts share that changes while the window keeps its size (owned by the view, handed
    to each part): the layout fitted to the board on the table, whose size in squares comes with the state
    (fitted again when a state with a board of another size is shown), and the square under the pointer,
    which the input part follows and the drawing names in the frame's corner."""

    def __init__(self) -> None:
        self.where = RainbowPassageLayout.fit(pygame.Rect(0, 0, 10, 10), 1.0, STANDARD_SIZE)
        self.pointer: Cell | None = None

    def place(self, where: BoardLayout) -> None:
        """Take the table's new layout (a window size or UI scale change), fitted to the board shown last.
        The base classes' stand-in layout before the first one is not Rainbow Passage's and is ignored."""
        if isinstance(where, RainbowPassageLayout):
            self.where = where.sized(self.where.size)

    def show(self, state: Any) -> RainbowPassageLayout:
        """The layout for the board in `state`, fitted again when its size differs from the last one's."""
        board = state.board
        if board is not None and board.size != self.where.size:
            self.where = self.where.sized(board.size)
        return self.where


class InSight:
    """The view, or a part of it, whose layout (`where`) is the one `sight` keeps fitted to the board on the
    table: given a new layout, it hands it to `sight`."""

    sight: Sight

    @property
    def where(self) -> RainbowPassageLayout:
        return self.sight.where

    @where.setter
    def where(self, where: BoardLayout) -> None:
        self.sight.place(where)
